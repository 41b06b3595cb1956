"""A time to decide at an SSH table: off unless the table's host chooses one.

With a clock, each decision of a person's seat has that many seconds; when they run
out, the `value` bot plays that one decision from the seat's view, everyone at the
table is told, and the person's next decision is theirs again with a fresh clock. A
refused action does not wind the clock back. The state that asks the seat to act
carries the seconds left, and the lobby screen counts them down over the game screen.
The option is listed with the table, kept by a rematch and by a restarted server (a
save from before it: no clock).

The host chooses 1, 2 or 5 minutes; the tests give the table a few seconds instead
(`HostedTable.clock`, set before the game starts). Table seeds are named (SEED).
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select, Static

from ai.seat import BotSeat
from engine.table import protocol
from engine.table.unix_socket import Endpoint, ProtocolError, TokenBook, lobby_request
from tests.ssh.served import create_dialog, served_app, tab_to
from tests.ssh.test_hardening_takeover import SEED, ask, deciding, first_plain, recv, redeem
from tests.ssh.test_hints_table import ALONE, answer
from tests.ssh.waits import until
from tui.screens.game import GameScreen
from tui.screens.lobby import (
    URGENT,
    AwayBanner,
    ClockBanner,
    LobbyScreen,
    table_detail,
)
from tui.ssh.lobby_host import HostedTable, Lobby, Slot

TWO = ["person", "person", "bot:random"]
RAN_OUT = "Time ran out for {}: a bot played for them."
REFUSED = "lobby.create: clock is 0, 60, 120 or 300 (seconds to decide, 0 for no clock), not "


async def _table(lobby: Lobby, seats: list[str], seconds: int, **fields: Any) -> HostedTable:
    """alice's table, created with a valid clock and then given `seconds` (not started)."""
    await ask(
        lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=seats, **fields
    )
    hosted = lobby.tables[max(lobby.tables)]
    hosted.clock = seconds
    return hosted


async def _alice_at_table(
    app: Any, lobby: Lobby, seconds: int, **fields: Any
) -> tuple[HostedTable, GameScreen]:
    """alice's table of TWO started, bob joined but never there: her game screen at her first
    decision, with the lobby's banners over it."""
    hosted = await _table(lobby, TWO, seconds, **fields)
    await ask(lobby, "bob", "join", table=1, seat=1)  # bob never comes to the table
    await ask(lobby, "alice", "start", table=1)  # the lobby screen takes her to her seat
    await until(lambda: isinstance(app.screen, GameScreen), "alice's game screen", 20)
    screen = app.screen
    assert isinstance(screen, GameScreen)
    await until(lambda: screen.is_mounted and bool(screen.legal), "alice's first decision", 20)
    await until(lambda: bool(screen.query(AwayBanner)), "the lobby's banners mounted")
    return hosted, screen


def _slot(hosted: HostedTable, seat: int) -> Slot:
    slot = hosted.seats[seat].slot
    assert slot is not None
    return slot


def _played(hosted: HostedTable, rev: int) -> dict[str, Any]:
    """The action the table applied at revision `rev`."""
    assert hosted.table is not None and hosted.table.rev > rev
    played: dict[str, Any] = hosted.table.game.log[rev].to_json()
    return played


async def _acted(hosted: HostedTable, endpoint: Endpoint, state: dict[str, Any]) -> dict[str, Any]:
    """Sends a legal action for `state`; returns it once the table has applied it."""
    action = first_plain(state["legal"])
    await endpoint.send(protocol.act(state["rev"], action))
    table = hosted.table
    assert table is not None
    await until(lambda: table.rev > state["rev"], f"the action at rev {state['rev']} applied")
    return action


# -- the create request's field --------------------------------------------------------


@pytest.mark.parametrize("fields", [{}, {"clock": 0}], ids=["not said", "off"])
async def test_a_table_has_no_clock_unless_its_host_chooses_one(
    tmp_path: Path, fields: dict[str, Any]
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    await ask(
        lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=ALONE, **fields
    )
    hosted = lobby.tables[1]
    assert hosted.clock == 0 and lobby.snapshot("alice")["tables"][0]["clock"] == 0
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    state = await deciding(alice, "alice's first decision")
    assert protocol.CLOCK not in state and protocol.clock_of(state) is None
    assert _slot(hosted, 0).clock == 0
    alice.close()
    await lobby.close()


@pytest.mark.parametrize("seconds", [60, 120, 300])
async def test_the_host_chooses_a_time_to_decide_kept_with_the_table(
    tmp_path: Path, seconds: int
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    await ask(
        lobby, "alice", "create", ruleset="base", options={}, seed=SEED, seats=TWO, clock=seconds
    )
    hosted = lobby.tables[1]
    assert hosted.clock == seconds
    assert hosted.describe()["clock"] == seconds
    assert lobby.snapshot("bob")["tables"][0]["clock"] == seconds
    await ask(lobby, "bob", "join", table=1, seat=1)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    # Every person's seat is on the clock; the bot's is a bot's.
    assert [_slot(hosted, 0).clock, _slot(hosted, 1).clock, hosted.seats[2].slot] == [
        seconds,
        seconds,
        None,
    ]
    state = await deciding(alice, "alice's first decision")
    left = protocol.clock_of(state)
    assert left is not None and seconds - 5 < left <= seconds
    alice.close()
    await lobby.close()


@pytest.mark.parametrize(
    ("value", "shown"),
    [("60", "'60'"), (-60, "-60"), (42, "42"), (True, "True"), (60.0, "60.0"), (None, "None")],
)
async def test_a_clock_other_than_the_choices_is_refused_by_name(
    tmp_path: Path, value: Any, shown: str
) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", seeded=True)
    request = {"t": "lobby.create", "v": 1, "ruleset": "base", "options": {}, "seats": ALONE}
    (reply,) = await lobby.handle("alice", {**request, "clock": value})
    assert reply["t"] == "error"
    assert reply["message"] == REFUSED + shown
    assert lobby.tables == {}
    # The client's own check agrees: the app cannot build such a request.
    with pytest.raises(ProtocolError, match="clock is 0, 60, 120 or 300"):
        lobby_request("create", ruleset="base", options={}, seats=ALONE, clock=value)


# -- the clock at the table ----------------------------------------------------------------


async def heard(endpoint: Endpoint, kind: str, seen: list[dict[str, Any]]) -> dict[str, Any]:
    """The next message of `kind`; it and every message before it are added to `seen`."""
    while True:
        msg = await recv(endpoint, f"a {kind!r} message", timeout=20)
        seen.append(msg)
        if msg["t"] == kind:
            return msg


async def test_time_running_out_has_a_bot_decide_once_and_everyone_told(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    hosted = await _table(lobby, TWO, 1, clock=60)
    await ask(lobby, "bob", "join", table=1, seat=1)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))
    carol = await redeem(lobby, await ask(lobby, "carol", "spectate", table=1))
    slot = _slot(hosted, 0)
    seen: dict[str, list[dict[str, Any]]] = {"alice": [], "bob": [], "carol": []}

    state = await deciding(alice, "alice's first decision")
    left = protocol.clock_of(state)
    assert left is not None and 0 < left <= 1
    # The others see whose clock runs: the table's summary (in their states) has her seconds.
    seats = hosted.summary()["seats"]
    assert type(seats[0]["deciding"]) is float and 0 <= seats[0]["deciding"] <= 1, seats
    assert seats[1]["deciding"] is None
    # alice does nothing: the bot plays for her, and alice, bob and carol are all told.
    told = RAN_OUT.format("alice")
    for name, endpoint in (("alice", alice), ("bob", bob), ("carol", carol)):
        assert (await heard(endpoint, protocol.NOTICE, seen[name]))["message"] == told
    await until(lambda: hosted.table is not None and hosted.table.rev > state["rev"], "the move")
    assert _played(hosted, state["rev"]) in state["legal"]
    assert slot.timeouts == 1 and slot.bot is None  # a decision taken, not the seat
    assert hosted.summary()["seats"][0]["bot"] is None
    # At once her client heard that the decision was no longer hers (a state without legal).
    assert [m for m in seen["alice"] if m["t"] == protocol.STATE][-1].get("legal") is None

    # Her next decision (the road of her first settlement) is hers, with a fresh clock.
    again = await deciding(alice, "alice's next decision")
    assert again["rev"] == state["rev"] + 1
    fresh = protocol.clock_of(again)
    assert fresh is not None and 0.5 < fresh <= 1
    # What she sends for the decision that ran out counts for nothing.
    await alice.send(protocol.act(state["rev"], first_plain(state["legal"])))
    refused = await answer(alice, protocol.ERROR)
    assert refused["message"].startswith(f"that answered an old position (rev {state['rev']})")
    # The bot made for her seat hears the game from now on (it counts cards from events).
    stand_in = slot._stand_in
    assert stand_in is not None
    told_the_bot: list[dict[str, Any]] = []
    notify = stand_in.notify

    async def hearing(events: list[dict[str, Any]]) -> None:
        told_the_bot.extend(events)
        await notify(events)

    stand_in.notify = hearing  # type: ignore[method-assign]
    mine = await _acted(hosted, alice, again)
    assert _played(hosted, again["rev"]) == mine
    assert slot.timeouts == 1
    road = {"kind": "build", "seat": 0, "piece": "road", "edge": mine["edge"]}
    assert any(road.items() <= e.items() for e in told_the_bot), told_the_bot

    # Only the seat asked to act hears a clock: bob's and carol's states carried none.
    for name in ("bob", "carol"):
        states = [m for m in seen[name] if m["t"] == protocol.STATE]
        assert states and not any(protocol.CLOCK in m for m in states), name
    for endpoint in (alice, bob, carol):
        endpoint.close()
    await lobby.close()


async def deciding_heard(
    endpoint: Endpoint, what: str, seen: list[dict[str, Any]]
) -> dict[str, Any]:
    """The next state that asks this seat to act; every message until then is added to `seen`."""
    while True:
        msg = await recv(endpoint, what, timeout=20)
        seen.append(msg)
        if msg["t"] == protocol.STATE and msg.get("legal"):
            return msg


async def test_a_person_who_acts_in_time_is_never_overruled(tmp_path: Path) -> None:
    """alice acts with little time left, twice: her first decision's time runs out while
    her second is pending, and touches nothing; no bot ever plays for her."""
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    hosted = await _table(lobby, ALONE, 2, clock=60)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    slot = _slot(hosted, 0)
    seen: list[dict[str, Any]] = []
    began = time.monotonic()  # no earlier than her first decision's clock started
    for number in (1, 2):  # her first settlement, then its road
        state = await deciding_heard(alice, f"alice's decision {number}", seen)
        rev = state["rev"]
        await until(
            lambda: (slot.clock_left(rev) or 2.0) < 0.6,  # noqa: B023 - read before the loop moves
            f"decision {number} close to its end",
        )
        mine = await _acted(hosted, alice, state)
        assert _played(hosted, rev) == mine
        assert slot.clock_left(rev) is None  # that decision's clock stopped with her action
    assert time.monotonic() - began > 2  # the first decision's time ended meanwhile
    assert slot.timeouts == 0
    assert not any(m["t"] == protocol.NOTICE for m in seen)
    alice.close()
    await lobby.close()


async def test_a_refused_action_does_not_wind_the_clock_back(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    hosted = await _table(lobby, ALONE, 4, clock=60)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    slot = _slot(hosted, 0)
    state = await deciding(alice, "alice's first decision")
    rev = state["rev"]
    left = protocol.clock_of(state)
    assert left is not None
    deadline = time.monotonic() + left
    await until(lambda: (slot.clock_left(rev) or 4.0) < 2.0, "half of her time gone")
    # An edge is no settlement spot: the table refuses it and asks her again, ...
    await alice.send(protocol.act(rev, {"type": "build_road", "edge": 0}))
    assert (await answer(alice, protocol.ERROR))["message"]
    asked_again = await deciding(alice, "the decision asked again")
    assert asked_again["rev"] == rev and hosted.table is not None and hosted.table.rev == rev
    # ... with the time that was left, not a new clock.
    again = protocol.clock_of(asked_again)
    assert again is not None and again <= 2.0  # a new clock would say about 4
    # A stale answer and a malformed one are refused too, and wind nothing back either.
    await alice.send(protocol.act(rev - 1, first_plain(state["legal"])))
    await answer(alice, protocol.ERROR)
    await alice.send({"t": "act", "v": 1, "rev": rev, "action": {"type": "fly"}})
    await answer(alice, protocol.ERROR)
    later = protocol.clock_of(await deciding(alice, "the decision asked once more"))
    assert later is not None and later <= again
    # Her time runs out when it would have without the refusals (a reset: 2 s later).
    assert (await answer(alice, protocol.NOTICE))["message"] == RAN_OUT.format("alice")
    assert time.monotonic() < deadline + 1.5
    assert slot.timeouts == 1
    assert _played(hosted, rev) in state["legal"]
    alice.close()
    await lobby.close()


async def test_a_seat_handed_to_a_bot_is_not_timed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """alice never sits down; the bot her seat is handed to thinks past her clock, and
    nothing overrules it: no stand-in, no notice."""
    gate = asyncio.Event()
    decide = BotSeat.decide

    async def slow(self: BotSeat, view: Any, legal: list[Any]) -> Any:
        await gate.wait()  # thinking until the test says
        return await decide(self, view, legal)

    monkeypatch.setattr(BotSeat, "decide", slow)
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    hosted = await _table(lobby, ALONE, 1, clock=60)
    await ask(lobby, "alice", "start", table=1)
    carol = await redeem(lobby, await ask(lobby, "carol", "spectate", table=1))
    slot = _slot(hosted, 0)
    table = hosted.table
    assert table is not None and table.game.to_act == 0
    rev = table.rev
    await until(lambda: slot.clock_left(rev) is not None, "alice's clock running")
    await ask(lobby, "alice", "handover", table=1, seat=0, bot="random")
    assert slot.bot is not None and slot.clock_left(rev) is None
    ran_out = time.monotonic() + 1.5  # alice's clock (1 s) would have run out by then
    await until(lambda: time.monotonic() > ran_out, "longer than the clock gives")
    assert table.rev == rev and slot.timeouts == 0  # the bot is still thinking, untimed
    gate.set()
    await until(lambda: table.rev > rev, "the bot's move for her seat")
    assert slot.timeouts == 0 and slot._stand_in is None
    seen: list[dict[str, Any]] = []
    while (msg := await recv(carol, "the game going on", timeout=20))["t"] != protocol.STATE:
        seen.append(msg)
    assert not any(m["t"] == protocol.NOTICE for m in seen)
    carol.close()
    await lobby.close()


# -- the person's decision, abandoned -------------------------------------------------------


async def test_a_decision_that_ran_out_leaves_nothing_behind(tmp_path: Path) -> None:
    """The HumanSeat's pending decision is cancelled cleanly: nothing of it is left, and an
    action sent for it, before or after, is refused, never applied."""
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    hosted = await _table(lobby, TWO, 1, clock=60)
    await ask(lobby, "bob", "join", table=1, seat=1)
    alice = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    table = hosted.table
    assert table is not None
    human = _slot(hosted, 0).human
    # alice lets her settlement's time run out, and then her road's: bob's turn follows.
    first = await deciding(alice, "alice's first decision")
    road = await deciding(alice, "alice's road, after the bot placed her settlement")
    await until(lambda: table.rev > road["rev"], "the bot placing her road")
    assert _slot(hosted, 0).timeouts == 2
    assert table.game.to_act == 1  # bob, who does not act either
    assert (human._deciding, human._asked, human._legal_json) == (False, None, None)
    assert human._inbox.empty()
    rev = table.rev
    for old in (first, road):
        await alice.send(protocol.act(old["rev"], first_plain(old["legal"])))
        refused = await answer(alice, protocol.ERROR)
        assert refused["message"] == "it is not your turn to act"
    assert table.rev == rev and human._inbox.empty()
    alice.close()
    await lobby.close()


# -- kept by a rematch and a restart -------------------------------------------------------


async def test_a_rematch_keeps_the_clock(tmp_path: Path) -> None:
    """alice's table plays itself (her seat handed to a bot); its rematch times her too."""
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    await ask(
        lobby,
        "alice",
        "create",
        ruleset="base",
        options={"vp_to_win": 5},
        seed=SEED,
        seats=ALONE,
        clock=120,
    )
    await ask(lobby, "alice", "start", table=1)  # alice never sits down
    carol = await redeem(lobby, await ask(lobby, "carol", "spectate", table=1))
    await ask(lobby, "alice", "handover", table=1, seat=0, bot="random")
    await until(lambda: lobby.tables[1].status == "over", "the first game over", 120)

    await ask(lobby, "alice", "rematch", table=1)
    new = lobby.tables[2]
    assert (new.clock, new.status) == (120, "playing")
    assert _slot(new, 0).clock == 120
    assert lobby.snapshot("alice")["tables"][-1]["clock"] == 120
    alice = await redeem(lobby, await ask(lobby, "alice", "join", table=2, seat=0))
    left = protocol.clock_of(await deciding(alice, "alice's first decision in the rematch"))
    assert left is not None and 100 < left <= 120
    alice.close()
    carol.close()
    await lobby.close()


async def _restored(saves: Path) -> tuple[Lobby, dict[str, Any]]:
    """A new server's lobby on `saves`, and alice's decision at her restored seat."""
    lobby = Lobby(TokenBook(), saves, bot_pace=0.0, seeded=True)
    assert lobby.restore() == 1
    alice = await redeem(lobby, await ask(lobby, "alice", "join", table=1, seat=0))
    state = await deciding(alice, "alice's decision after the restart")
    alice.close()
    await lobby.close()
    return lobby, state


async def test_a_restarted_server_keeps_the_clock_and_an_older_save_has_none(
    tmp_path: Path,
) -> None:
    saves = tmp_path / "saves"
    first = Lobby(TokenBook(), saves, bot_pace=0.0, seeded=True)
    await ask(
        first, "alice", "create", ruleset="base", options={}, seed=SEED, seats=ALONE, clock=300
    )
    alice = await redeem(first, await ask(first, "alice", "start", table=1))
    state = await deciding(alice, "alice's first decision")
    await alice.send(protocol.act(state["rev"], first_plain(state["legal"])))
    await deciding(alice, "alice's next decision")  # her action is saved by now
    alice.close()
    await first.close()
    (path,) = saves.glob("ssh-table-*.json")
    assert json.loads(path.read_text())["meta"]["table"]["clock"] == 300

    lobby, state = await _restored(saves)
    assert lobby.tables[1].clock == 300 and _slot(lobby.tables[1], 0).clock == 300
    left = protocol.clock_of(state)
    assert left is not None and 280 < left <= 300  # a fresh clock for the resumed decision

    # A save written before the option existed: its table description has no "clock".
    data = json.loads(path.read_text())
    del data["meta"]["table"]["clock"]
    path.write_text(json.dumps(data))
    lobby, state = await _restored(saves)
    assert lobby.tables[1].clock == 0 and _slot(lobby.tables[1], 0).clock == 0
    assert lobby.snapshot("alice")["tables"][0]["clock"] == 0
    assert protocol.CLOCK not in state

    # A damaged one (not a number of seconds) is read as no clock too.
    data["meta"]["table"]["clock"] = "300"
    path.write_text(json.dumps(data))
    lobby, state = await _restored(saves)
    assert lobby.tables[1].clock == 0 and protocol.CLOCK not in state


# -- what the lobby and the game screen show ------------------------------------------------


def test_the_lobby_lists_a_table_with_its_time_to_decide() -> None:
    seat = {"kind": "person", "user": "alice", "bot": None, "connected": False, "away": None}
    table: dict[str, Any] = {
        "id": 1,
        "ruleset": "base",
        "options": {},
        "clock": 120,
        "status": "waiting",
        "spectators": 0,
        "winner": None,
        "seats": [seat],
    }
    head = "Table 1: Catan (base game)"
    assert table_detail(table).splitlines()[0] == f"{head} (2 min to decide)"
    table |= {"options": {"vp_to_win": 8}, "hints": True, "clock": 300}
    assert table_detail(table).splitlines()[0] == f"{head} (VP to win 8, Hints on, 5 min to decide)"
    table["clock"] = 45  # not offered by the form, but said plainly all the same
    assert table_detail(table).splitlines()[0] == f"{head} (VP to win 8, Hints on, 45 s to decide)"
    table |= {"clock": 0, "hints": False}
    assert table_detail(table).splitlines()[0] == f"{head} (VP to win 8)"
    del table["clock"]  # a server from before the option says nothing of it
    assert table_detail(table).splitlines()[0] == f"{head} (VP to win 8)"


async def test_the_host_chooses_a_time_to_decide_in_the_new_table_form_by_keys(
    tmp_path: Path,
) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        dialog = await create_dialog(app, pilot)
        clock: Select[object] = dialog.query_one("#clock", Select)
        assert clock.value == 0  # off unless the host chooses a time
        assert [(str(label), value) for label, value in clock._options] == [
            ("Off", 0),
            ("1 min", 60),
            ("2 min", 120),
            ("5 min", 300),
        ]
        await tab_to(app, pilot, dialog, clock, "Time to decide")
        await pilot.press("enter", "down", "down", "enter")
        await until(lambda: clock.value == 120, "Time to decide set to 2 min")
        await pilot.press("f5")
        await until(lambda: 1 in lobby.tables, "the table created")
        assert lobby.tables[1].clock == 120 and lobby.tables[1].hints is False

        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        detail = screen.query_one("#lobby-detail", Static)
        await until(
            lambda: "Table 1: Catan (base game) (2 min to decide)" in str(detail.render()),
            f"the table listed with its clock, not {str(detail.render())!r}",
        )


async def _act_for_alice(hosted: HostedTable) -> None:
    """alice's seat takes a legal action, as her client would send it; applied on return."""
    table = hosted.table
    assert table is not None and table.game.to_act == 0
    human = _slot(hosted, 0).human
    # an act that arrives before the seat is asked is dropped (a stale answer): wait
    await until(lambda: human._deciding, "alice's seat asked to decide")
    rev = table.rev
    legal = [a.to_json() for a in table.game.legal_actions()]
    human.deliver(protocol.act(rev, first_plain(legal)))
    await until(lambda: table.rev > rev, f"alice's action at rev {rev} applied")


COUNTDOWN = re.compile(r"^(\d+):(\d\d) to decide$")


def _countdown(banner: ClockBanner) -> int | None:
    """The seconds the banner shows, if it shows a countdown."""
    found = COUNTDOWN.match(str(banner.render()))
    return int(found[1]) * 60 + int(found[2]) if found else None


async def test_the_seat_deciding_sees_its_clock_count_down_at_80x24(tmp_path: Path) -> None:
    """alice's clock over her game screen: counting down, in warning colours at the end,
    fresh for her next decision, gone once it is bob's turn (his absence said instead)."""
    seconds = URGENT + 5
    async with served_app(tmp_path, "alice", (80, 24)) as (app, _pilot, lobby):
        hosted, screen = await _alice_at_table(app, lobby, seconds, clock=60)
        banner = screen.query_one(ClockBanner)
        away = screen.query_one(AwayBanner)
        await until(lambda: banner.display and _countdown(banner) is not None, "the countdown")
        shown = _countdown(banner)
        assert shown is not None and URGENT < shown <= seconds, str(banner.render())
        assert not banner.has_class("-urgent")
        calm = banner.styles.background
        # One line at the top of the 80x24 screen, its words whole; bob's absence waits.
        await until(lambda: banner.region.height == 1, "the countdown laid out")
        assert banner.region.y == 0
        assert banner.region.width <= 80 and len(str(banner.render())) < 78
        assert hosted.seats[1].away_since is not None and not away.display
        await until(lambda: (_countdown(banner) or seconds) < shown, "the clock counting down")

        await until(lambda: banner.has_class("-urgent"), f"the last {URGENT} seconds", 15)
        assert (_countdown(banner) or 99) <= URGENT
        assert banner.styles.background != calm  # warning colours

        # alice places her settlement (as her client would): a fresh clock for the road.
        table = hosted.table
        assert table is not None
        await _act_for_alice(hosted)
        await until(
            lambda: not banner.has_class("-urgent") and (_countdown(banner) or 0) > URGENT,
            "a fresh clock for her road",
        )
        # Her road: then bob must act, and the line says the table waits for him instead.
        await _act_for_alice(hosted)
        assert table.game.to_act == 1, "bob's turn"
        await until(lambda: not banner.display, "the countdown gone")
        await until(
            lambda: away.display and "Waiting for bob" in str(away.render()),
            "bob's absence said",
        )
        # ...with his clock, which runs while he is away: "bob: away 0:03, 0:09 to decide".
        said = str(away.render())
        assert re.search(r"Waiting for bob: away \d:\d\d, \d:\d\d to decide\.", said), said
        assert len(said) <= 78, said  # one line at 80 columns
        # The countdown's words: minutes and seconds, up to the whole second.
        banner.show_left(101.2)
        assert str(banner.render()) == "1:42 to decide" and not banner.has_class("-urgent")
        banner.show_left(URGENT)
        assert banner.has_class("-urgent")


async def test_the_away_line_waits_for_an_away_seat_only_when_it_must_act(
    tmp_path: Path,
) -> None:
    """bob never comes to the table. While alice places her first pieces the line over her
    game says bob is away, not that the table waits for him (it waited for her); once it is
    his turn, it says the table waits for him."""
    async with served_app(tmp_path, "alice", (80, 24)) as (app, _pilot, lobby):
        hosted, screen = await _alice_at_table(app, lobby, 0)
        away = screen.query_one(AwayBanner)
        await until(
            lambda: away.display and "is away from the table" in str(away.render()),
            "bob's absence said while alice decides",
        )
        said = str(away.render())
        assert re.match(r"bob \(\d:\d\d\) is away from the table\.", said), said
        assert "Waiting for" not in said, said
        table = hosted.table
        assert table is not None
        await _act_for_alice(hosted)  # her settlement
        await until(lambda: bool(screen.legal) and screen.rev == table.rev, "her road asked")
        await _act_for_alice(hosted)  # and its road: then bob must act
        assert table.game.to_act == 1
        await until(
            lambda: str(away.render()).startswith("Waiting for bob ("),
            "the table said to wait for bob",
        )
        said = str(away.render())
        assert re.match(r"Waiting for bob \(\d:\d\d\): away from the table\.", said), said
        assert len(said) <= 78, said  # one line at 80 columns


async def test_a_bot_handed_a_seat_is_seated_like_any_bot(tmp_path: Path) -> None:
    """The host's ctrl+b handover: the bot is attached to the table (its seat, the rules that
    check its open-ended offers), as the table seats a bot from the start; before, it was
    not, and an offer it made went unchecked until the table refused it."""
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    hosted = await _table(lobby, ALONE, 0)
    await ask(lobby, "alice", "start", table=1)
    table = hosted.table
    assert table is not None
    await ask(lobby, "alice", "handover", table=1, seat=0, bot="random")
    bot = _slot(hosted, 0).bot
    assert bot is not None
    assert bot.seat_no == 0 and bot.sandbox.seat == 0
    assert bot.sandbox.checker == table.game.check
    await lobby.close()


async def test_the_others_see_whose_clock_runs_at_80x24(tmp_path: Path) -> None:
    """bob is at the table and deciding on the clock: alice's screen says so over her game
    ("bob has 0:12 to decide."), counting down; her own countdown is not shown."""
    seconds = 30
    async with served_app(tmp_path, "alice", (80, 24)) as (app, _pilot, lobby):
        hosted = await _table(lobby, TWO, seconds, clock=60)
        await ask(lobby, "bob", "join", table=1, seat=1)
        await ask(lobby, "alice", "start", table=1)
        bob = await redeem(lobby, await ask(lobby, "bob", "join", table=1, seat=1))

        async def bob_reads() -> None:  # his client reads what the table tells him
            while True:
                await bob.recv()

        reading = asyncio.ensure_future(bob_reads())
        await until(lambda: isinstance(app.screen, GameScreen), "alice's game screen", 20)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(lambda: screen.is_mounted and bool(screen.legal), "alice's first decision", 20)
        await until(lambda: bool(screen.query(AwayBanner)), "the lobby's banners mounted")
        line, own = screen.query_one(AwayBanner), screen.query_one(ClockBanner)
        table = hosted.table
        assert table is not None
        await _act_for_alice(hosted)  # her settlement
        # Her road asked: her screen has its state (the clock alone starts a moment earlier,
        # before her seat listens for an answer).
        await until(lambda: bool(screen.legal) and screen.rev == table.rev, "her road asked")
        await _act_for_alice(hosted)  # and its road: then bob decides
        assert table.game.to_act == 1
        said = re.compile(r"^bob has (\d):(\d\d) to decide\.$")

        def shown() -> int | None:
            found = said.match(str(line.render())) if line.display else None
            return int(found[1]) * 60 + int(found[2]) if found else None

        await until(lambda: shown() is not None, "bob's clock said to alice")
        first = shown()
        assert first is not None and 0 < first <= seconds, str(line.render())
        assert not own.display  # hers is not running
        assert hosted.seats[1].away_since is None  # bob is at the table: no absence said
        await until(lambda: (shown() or seconds) < first, "bob's clock counting down")
        reading.cancel()
        bob.close()


async def test_a_person_away_is_not_called_thinking_while_the_table_waits_for_them(
    tmp_path: Path,
) -> None:
    """Seen over SSH: "Waiting for bob (0:20): away from the table" above, and "bob is
    thinking…" in the Actions box and "bob …" in the scores below. The Actions box and the
    scores say away; while alice decides, bob's row says away too, without the thinking mark."""
    from tui.widgets.action_bar import ActionBar
    from tui.widgets.scoreboard import Scoreboard

    async with served_app(tmp_path, "alice", (80, 24)) as (app, _pilot, lobby):
        hosted, screen = await _alice_at_table(app, lobby, 0)
        board = screen.query_one(Scoreboard)

        def row(name: str) -> str:
            lines = [
                "".join(s.text for s in board.render_line(y)) for y in range(board.size.height)
            ]
            return next((line for line in lines if f" {name} " in line), "")

        await until(lambda: screen.away == frozenset({1}), "bob told away to the game screen")
        await until(lambda: " bob away " in row("bob"), "bob's row marked away")
        await _act_for_alice(hosted)  # her settlement, then her road: then bob must act
        await _act_for_alice(hosted)
        bar = screen.query_one(ActionBar)
        await until(
            lambda: bar.status == "Waiting for bob: away from the table.", "the Actions line"
        )
        assert "…" not in row("bob"), row("bob")


async def test_ctrl_b_hands_an_away_seat_to_a_bot_over_a_pop_up_too(tmp_path: Path) -> None:
    """The banner offers ctrl+b while a pop-up (an offer to answer, here q's question) holds
    the keys: a pop-up is modal, and the app's key did nothing until it was answered."""
    from tui.screens.dialogs.choice import ChoiceDialog

    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        hosted, screen = await _alice_at_table(app, lobby, 0)
        await until(lambda: screen.away == frozenset({1}), "bob told away")
        await pilot.press("q")
        await until(lambda: isinstance(app.screen, ChoiceDialog), "the question")
        dialog = app.screen
        await pilot.press("ctrl+b")
        await until(lambda: _slot(hosted, 1).bot is not None, "a bot in bob's seat")
        assert app.screen is dialog, "the pop-up stays open"
        # the scores say a bot plays bob's seat (nothing did: "bob" as before)
        from tui.widgets.scoreboard import Scoreboard

        board = screen.query_one(Scoreboard)

        def bobs_row() -> str:
            rows = ["".join(s.text for s in board.render_line(y)) for y in range(board.size.height)]
            return next((row for row in rows if " bob " in row), "")

        await until(lambda: " bob bot " in bobs_row(), "bob's row marked as played by a bot")


async def test_a_refused_hand_over_at_the_table_is_titled_by_the_table(tmp_path: Path) -> None:
    """Seen over SSH: ctrl+b refused at the game said "Lobby" over the game. alice is seated
    but not the host here, and bob has been away less than the grace: the server refuses
    her, and the refusal is the table's."""
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        hosted, screen = await _alice_at_table(app, lobby, 0)
        await until(lambda: screen.away == frozenset({1}), "bob told away")
        hosted.host = "carol"  # alice is one of the players, no longer the host
        await pilot.press("ctrl+b")

        def refusal() -> tuple[str, str] | None:
            said = [(n.title, n.message) for n in app._notifications if n.severity == "error"]
            return said[-1] if said else None

        await until(lambda: refusal() is not None, "the server's refusal")
        title, message = refusal() or ("", "")
        assert title == "Table", (title, message)
        assert message.startswith("bob has been away"), message
        assert _slot(hosted, 1).bot is None
