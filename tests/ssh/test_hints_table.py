"""Hints at an SSH table: off unless the table's host turns them on when creating it.

With hints on, every person's seat answers `?` with the value bot's suggestion from
that seat's own view (as a solo game's does); bots and spectators get none. The
setting is listed with the table, kept by a rematch and by a restarted server (a
save from before the setting reads as off), and the game screen of a seat there
offers `?` exactly when its table gives hints. Table seeds are named (SEED).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Button, Select, Static

from ai.hints import ValueAdviser
from engine.table import protocol
from engine.table.unix_socket import Endpoint, ProtocolError, TokenBook, lobby_request
from tests.ssh.served import create_dialog, served_app, tab_to
from tests.ssh.test_hardening_takeover import SEED, ask, deciding, first_plain, recv, redeem
from tests.ssh.waits import until
from tui.palette_provider import ActionsProvider
from tui.screens.game import GameScreen
from tui.screens.lobby import CreateTableDialog, LobbyScreen, table_detail
from tui.ssh.lobby_host import HostedTable, Lobby
from tui.widgets.action_bar import ActionBar
from tui.widgets.key_footer import KeyFooter

NO_HINTS = "this table gives no hints"
ALONE = ["person", "bot:random", "bot:random"]


async def answer(endpoint: Endpoint, kind: str) -> dict[str, Any]:
    """The next message of `kind`, skipping the states and events pushed meanwhile."""
    while (msg := await recv(endpoint, f"a {kind!r} message", timeout=20))["t"] != kind:
        pass
    return msg


def expected_hint(hosted: HostedTable, seat: int) -> dict[str, Any]:
    """What the value adviser says for `seat`, asked here from that seat's own view."""
    table = hosted.table
    assert table is not None and table.game.to_act == seat
    game = table.game
    return (
        ValueAdviser().suggest(seat, game.view(seat), game.legal_actions(), table.rev)[0].to_json()
    )


async def test_with_hints_on_every_person_seat_gets_the_value_bots_action(
    tmp_path: Path,
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    seats = ["person", "person", "bot:random"]
    created = await ask(
        lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=seats, hints=True
    )
    assert created["created"] == 1 and lobby.tables[1].hints is True
    await ask(lobby, "bob", "join", table=1, seat=1)
    alice_grant = await ask(lobby, "alice", "start", table=1)
    bob_grant = await ask(lobby, "bob", "join", table=1, seat=1)
    assert (alice_grant["hints"], bob_grant["hints"]) == (True, True)
    hosted = lobby.tables[1]
    # Both people are advised alike; the bot's seat is a bot's, with no adviser anywhere.
    advisers = [s.slot.human.adviser if s.slot is not None else None for s in hosted.seats]
    assert [type(a) for a in advisers] == [ValueAdviser, ValueAdviser, type(None)]

    alice = await redeem(lobby, alice_grant)
    bob = await redeem(lobby, bob_grant)
    state = await deciding(alice, "alice's first decision")
    expected = expected_hint(hosted, 0)
    await alice.send(protocol.hint_request(state["rev"]))
    hint = protocol.check_server_message(await answer(alice, protocol.HINT))
    assert (hint["rev"], hint["by"], hint["action"]) == (state["rev"], "value", expected)
    assert hint["action"] in state["legal"]
    # bob is not deciding: his seat has an adviser but no decision of his to advise on.
    await bob.send(protocol.hint_request(state["rev"]))
    refused = await answer(bob, protocol.ERROR)
    assert refused["message"] == "a hint is for your own decision: there is none now"

    # A spectator is never advised, even at a table with hints.
    watch = await ask(lobby, "carol", "spectate", table=1)
    assert watch["seat"] is None and watch["hints"] is False
    carol = await redeem(lobby, watch)
    await carol.send(protocol.hint_request(state["rev"]))
    assert (await answer(carol, protocol.ERROR))["message"] == NO_HINTS
    for endpoint in (alice, bob, carol):
        endpoint.close()
    await lobby.close()


@pytest.mark.parametrize("fields", [{}, {"hints": False}], ids=["not said", "off"])
async def test_without_hints_a_seat_asking_is_told_the_table_gives_none(
    tmp_path: Path, fields: dict[str, Any]
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    await ask(
        lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=ALONE, **fields
    )
    assert lobby.tables[1].hints is False
    assert lobby.snapshot("alice")["tables"][0]["hints"] is False
    grant = await ask(lobby, "alice", "start", table=1)
    assert grant["hints"] is False
    alice = await redeem(lobby, grant)
    state = await deciding(alice, "alice's first decision")
    await alice.send(protocol.hint_request(state["rev"]))
    assert (await answer(alice, protocol.ERROR))["message"] == NO_HINTS
    alice.close()
    await lobby.close()


@pytest.mark.parametrize(
    ("value", "shown"),
    [("yes", "'yes'"), (1, "1"), (None, "None"), ([True], "[True]"), ("x" * 99, "'" + "x" * 39)],
)
async def test_a_hints_value_other_than_true_or_false_is_refused_by_name(
    tmp_path: Path, value: Any, shown: str
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", seeded=True)
    request = {"t": "lobby.create", "v": 1, "ruleset": "base", "options": {}, "seats": ALONE}
    (reply,) = await lobby.handle("alice", {**request, "hints": value})
    assert reply["t"] == "error"
    assert reply["message"].startswith(f"lobby.create: hints is true or false, not {shown}")
    assert len(reply["message"]) < 100  # a long value is cut, not echoed whole
    assert lobby.tables == {}
    # The client's own check agrees: the app cannot build such a request.
    with pytest.raises(ProtocolError, match="hints is true or false"):
        lobby_request("create", ruleset="base", options={}, seats=ALONE, hints=value)


async def test_a_rematch_keeps_hints_on(tmp_path: Path) -> None:
    """alice's table plays itself (her seat handed to a bot); its rematch advises her too."""
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    options = {"vp_to_win": 5}
    await ask(
        lobby,
        "alice",
        "create",
        ruleset="base",
        options=options,
        seed=SEED,
        seats=ALONE,
        hints=True,
    )
    await ask(lobby, "alice", "start", table=1)  # alice never sits down
    # carol watches: a finished table stays listed while someone is still at it
    carol = await redeem(lobby, await ask(lobby, "carol", "spectate", table=1))
    await ask(lobby, "alice", "handover", table=1, seat=0, bot="random")
    await until(lambda: lobby.tables[1].status == "over", "the first game over", 120)

    await ask(lobby, "alice", "rematch", table=1)
    new = lobby.tables[2]
    assert (new.hints, new.options, new.status) == (True, options, "playing")
    assert new.seats[0].slot is not None
    assert isinstance(new.seats[0].slot.human.adviser, ValueAdviser)
    assert lobby.snapshot("alice")["tables"][-1]["hints"] is True
    grant = await ask(lobby, "alice", "join", table=2, seat=0)
    assert grant["hints"] is True
    alice = await redeem(lobby, grant)
    state = await deciding(alice, "alice's first decision in the rematch")
    expected = expected_hint(new, 0)
    await alice.send(protocol.hint_request(state["rev"]))
    assert (await answer(alice, protocol.HINT))["action"] == expected
    alice.close()
    carol.close()
    await lobby.close()


async def _restored_and_asked(saves: Path) -> tuple[Lobby, dict[str, Any], dict[str, Any]]:
    """A new server's lobby on `saves`: alice's grant to her restored seat, and its answer
    to a hint request."""
    lobby = Lobby(TokenBook(), saves, bot_pace=0.0, seeded=True)
    assert lobby.restore() == 1
    grant = await ask(lobby, "alice", "join", table=1, seat=0)
    alice = await redeem(lobby, grant)
    state = await deciding(alice, "alice's decision after the restart")
    await alice.send(protocol.hint_request(state["rev"]))
    reply = await answer(alice, protocol.HINT if grant["hints"] else protocol.ERROR)
    alice.close()
    await lobby.close()
    return lobby, grant, reply


async def test_a_restarted_server_keeps_hints_and_an_older_save_has_none(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    first = Lobby(TokenBook(), saves, bot_pace=0.0, seeded=True)
    await ask(
        first, "alice", "create", ruleset="base", options={}, seed=SEED, seats=ALONE, hints=True
    )
    alice = await redeem(first, await ask(first, "alice", "start", table=1))
    state = await deciding(alice, "alice's first decision")
    await alice.send(protocol.act(state["rev"], first_plain(state["legal"])))
    await deciding(alice, "alice's next decision")  # her action is saved by now
    alice.close()
    await first.close()
    (path,) = saves.glob("ssh-table-*.json")
    assert json.loads(path.read_text())["meta"]["table"]["hints"] is True

    lobby, grant, reply = await _restored_and_asked(saves)
    assert lobby.tables[1].hints is True and grant["hints"] is True
    assert reply["t"] == protocol.HINT and reply["by"] == "value"

    # A save written before the setting existed: its table description has no "hints".
    data = json.loads(path.read_text())
    del data["meta"]["table"]["hints"]
    path.write_text(json.dumps(data))
    lobby, grant, reply = await _restored_and_asked(saves)
    assert lobby.tables[1].hints is False and grant["hints"] is False
    assert lobby.snapshot("alice")["tables"][0]["hints"] is False
    assert reply["message"] == NO_HINTS


def test_the_lobby_lists_a_table_with_hints_as_such() -> None:
    seat = {"kind": "person", "user": "alice", "bot": None, "connected": False, "away": None}
    table: dict[str, Any] = {
        "id": 1,
        "ruleset": "base",
        "options": {},
        "hints": True,
        "status": "waiting",
        "spectators": 0,
        "winner": None,
        "seats": [seat],
    }
    assert table_detail(table).splitlines()[0] == "Table 1: Catan (base game) (Hints on)"
    table["options"] = {"vp_to_win": 8}
    assert table_detail(table).splitlines()[0] == (
        "Table 1: Catan (base game) (VP to win 8, Hints on)"
    )
    table["hints"] = False
    assert table_detail(table).splitlines()[0] == "Table 1: Catan (base game) (VP to win 8)"
    del table["hints"]  # a server from before the setting says nothing of it
    assert table_detail(table).splitlines()[0] == "Table 1: Catan (base game) (VP to win 8)"


def _shown(dialog: CreateTableDialog, widget: Any) -> bool:
    """`widget` is drawn whole inside the form's scrolling area (not scrolled out of it)."""
    area = dialog.query_one(VerticalScroll).content_region
    return bool(widget.region) and area.contains_region(widget.region)


async def test_the_host_turns_hints_on_in_the_new_table_form_by_keys(tmp_path: Path) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        dialog = await create_dialog(app, pilot)
        hints: Select[object] = dialog.query_one("#hints", Select)
        assert hints.value is False  # off unless the host turns them on
        assert [(str(label), value) for label, value in hints._options] == [
            ("Off", False),
            ("On", True),
        ]
        await tab_to(app, pilot, dialog, hints, "Hints")
        await until(lambda: _shown(dialog, hints), "the Hints row in view at 80x24")
        await pilot.press("enter", "down", "enter")
        await until(lambda: hints.value is True, "Hints set to On")
        await pilot.press("tab", "tab")  # past Time to decide (left off) to Create
        create = dialog.query_one("#create", Button)
        assert app.focused is create
        await until(lambda: _shown(dialog, create), "the Create button in view at 80x24")
        await pilot.press("enter")
        await until(lambda: 1 in lobby.tables, "the table created")
        assert lobby.tables[1].hints is True and lobby.tables[1].options == {}

        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        detail = screen.query_one("#lobby-detail", Static)
        await until(
            lambda: "Table 1: Catan (base game) (Hints on)" in str(detail.render()),
            f"the table listed with hints on, not {str(detail.render())!r}",
        )


def _offers_hint(screen: GameScreen) -> tuple[bool, bool, bool | None]:
    """(? in the footer, "Hint (?)" in the command palette, the key's check)."""
    footer = any(i.description == "Hint" for i in screen.query_one(KeyFooter).items)
    palette = "Hint (?)" in [title for title, _, _ in ActionsProvider(screen)._commands()]
    return footer, palette, screen.check_action("hint", ())


async def _alice_deciding(app: Any, lobby: Lobby, hints: bool) -> GameScreen:
    """alice's table (two random bots) started; her game screen once she must act."""
    await ask(
        lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=ALONE, hints=hints
    )
    await ask(lobby, "alice", "start", table=1)  # the lobby screen takes her to her seat
    await until(lambda: isinstance(app.screen, GameScreen), "alice's game screen", 20)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await until(lambda: screen.is_mounted and bool(screen.legal), "alice's first decision", 20)
    return screen


async def test_at_a_table_with_hints_the_game_screen_offers_the_key(tmp_path: Path) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        screen = await _alice_deciding(app, lobby, hints=True)
        assert screen.hints is True
        await until(lambda: _offers_hint(screen) == (True, True, True), "? offered")
        hosted = lobby.tables[1]
        expected = expected_hint(hosted, 0)
        bar = screen.query_one(ActionBar)
        await pilot.press("question_mark")
        await until(lambda: bar.status.startswith("Hint: "), "the hint shown", 20)
        assert screen.hint is not None and screen.hint.action == expected


async def test_at_a_table_without_hints_the_game_screen_offers_no_key(tmp_path: Path) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        screen = await _alice_deciding(app, lobby, hints=False)
        assert screen.hints is False
        assert _offers_hint(screen) == (False, False, False)
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen.hint_asked == -1  # nothing was asked of the table


async def test_a_spectator_of_a_table_with_hints_is_offered_no_key(tmp_path: Path) -> None:
    async with served_app(tmp_path, "bob", (80, 24)) as (app, pilot, lobby):
        await ask(
            lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=ALONE, hints=True
        )
        await ask(lobby, "alice", "start", table=1)
        lobby_screen = app.screen
        assert isinstance(lobby_screen, LobbyScreen)
        await until(
            lambda: [t["status"] for t in lobby_screen.snapshot["tables"]] == ["playing"],
            "the running table listed",
        )
        await pilot.press("w")
        await until(lambda: isinstance(app.screen, GameScreen), "bob watching", 20)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(lambda: screen.is_mounted and screen.view is not None, "the first state", 20)
        assert screen.hints is False
        assert _offers_hint(screen) == (False, False, False)
