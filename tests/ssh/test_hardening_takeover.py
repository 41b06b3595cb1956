"""One seat, one live session: a second session of the same user takes the seat over.

The first session is told why and its table connection ends; whatever it sends
afterwards is refused. When the second later leaves, the seat is away exactly
as after any single leave: the lobby shows it, and the host may hand it to a
bot, which then plays it. Table seeds are named in each test (SEED).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from ai.registry import DEFAULT_BOT
from engine.table import protocol
from engine.table.client import TAKEN_OVER
from engine.table.unix_socket import Endpoint, TokenBook
from tests.ssh.conftest import LineSession, connect, open_lines
from tests.ssh.test_game_e2e import is_msg
from tests.ssh.waits import until
from tui.ssh.lobby_host import Lobby
from tui.ssh.server import Service

SEED = 5
MESSAGE = "This seat was taken over by another session of yours."


async def recv(endpoint: Endpoint, what: str, timeout: float = 5.0) -> dict[str, Any]:
    try:
        return await asyncio.wait_for(endpoint.recv(), timeout)
    except TimeoutError:
        raise AssertionError(f"nothing received within {timeout} s: expected {what}") from None


async def deciding(endpoint: Endpoint, what: str) -> dict[str, Any]:
    """The next state that asks this seat to act."""
    while True:
        msg = await recv(endpoint, what)
        if msg["t"] == "state" and msg.get("legal"):
            return msg


async def ask(lobby: Lobby, user: str, kind: str, **fields: Any) -> dict[str, Any]:
    (reply,) = await lobby.handle(user, {"t": f"lobby.{kind}", "v": 1, **fields})
    assert reply["t"] != "error", reply
    return reply


async def redeem(lobby: Lobby, grant: dict[str, Any]) -> Endpoint:
    found = lobby.tokens.redeem(grant["token"])
    assert found is not None
    return await found.factory()


def first_plain(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return next(a for a in legal if a["type"] not in ("offer_trade", "counter_trade"))


async def alice_at_her_table(lobby: Lobby) -> tuple[Endpoint, dict[str, Any]]:
    """alice hosts a base table (seat 0; two random bots), starts it and sits down."""
    await ask(
        lobby,
        "alice",
        "create",
        ruleset="base",
        options={},
        seed=SEED,
        seats=["person", "bot:random", "bot:random"],
    )
    first = await redeem(lobby, await ask(lobby, "alice", "start", table=1))
    return first, await deciding(first, "alice's first decision")


async def test_a_second_session_takes_the_seat_over(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path, bot_pace=0.0, seeded=True)
    first, state = await alice_at_her_table(lobby)
    hosted = lobby.tables[1]
    assert hosted.table is not None
    rev = hosted.table.rev

    second = await redeem(lobby, await ask(lobby, "alice", "join", table=1, seat=0))
    # The first session is told, then its connection ends.
    told = await recv(first, "the takeover notice on the first session")
    assert told == {"t": "notice", "v": 1, "message": MESSAGE, "closing": True}
    assert TAKEN_OVER == MESSAGE
    with pytest.raises(ConnectionError):
        await recv(first, "the end of the first session")
    # Its late action is refused and changes nothing.
    with pytest.raises(ConnectionError):
        await first.send(protocol.act(state["rev"], first_plain(state["legal"])))

    # The new session has the seat at the same decision, and its action applies.
    now = await deciding(second, "the decision on the second session")
    assert (now["rev"], now["legal"]) == (state["rev"], state["legal"])
    assert hosted.table.rev == rev, "the refused action was not applied"
    assert now["table"]["seats"][0]["connected"] is True
    await second.send(protocol.act(now["rev"], first_plain(now["legal"])))
    await until(lambda: hosted.table is not None and hosted.table.rev > rev, "alice's action")

    first.close()  # what the socket server does once the first connection has ended
    seat = hosted.seats[0]
    assert seat.connections == 1 and seat.away_since is None, "the seat is still held"
    lobby_view = lobby.snapshot("alice")["tables"][0]["seats"][0]
    assert lobby_view["connected"] is True and lobby_view["away"] is None
    await lobby.close()


async def test_leaving_after_a_takeover_is_an_ordinary_leave(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path, bot_pace=0.0, seeded=True)
    first, _ = await alice_at_her_table(lobby)
    hosted = lobby.tables[1]
    table = hosted.table
    assert table is not None
    second = await redeem(lobby, await ask(lobby, "alice", "join", table=1, seat=0))
    await recv(first, "the takeover notice")
    first.close()
    await deciding(second, "the decision on the second session")
    second.close()  # the session that holds the seat leaves

    seat = hosted.seats[0]
    await until(lambda: seat.away_since is not None, "the seat to show as away")
    listed = lobby.snapshot("alice")["tables"][0]["seats"][0]
    assert listed["connected"] is False and listed["away"] is not None
    rev = table.rev
    assert table.game.to_act == 0, "the table waits for alice"
    # As after any leave, the host may hand the seat to a bot, and the bot plays it.
    await ask(lobby, "alice", "handover", table=1, seat=0)
    assert seat.stand_in == DEFAULT_BOT  # the bot a seat gets unless one is named
    await until(lambda: table.rev > rev, "the stand-in bot to play alice's seat")
    await lobby.close()


async def test_a_takeover_over_ssh(service: Service, keys: Any) -> None:
    """Two SSH sessions of alice at one seat: the first is told and closed, the second plays."""

    async def session() -> tuple[Any, LineSession]:
        conn = await connect(service, "alice", keys["alice"])
        lines = await open_lines(conn)
        await lines.next(is_msg("lobby", "lobby"))
        return conn, lines

    def asks(item: dict[str, Any]) -> bool:
        return is_msg("table", "state")(item) and bool(item["msg"].get("legal"))

    conn1, one = await session()
    await one.lobby(
        "create",
        ruleset="base",
        options={},
        seed=SEED,
        seats=["person", "bot:random", "bot:random"],
    )
    await one.next(lambda i: "created" in i["msg"])
    await one.lobby("start", table=1)
    await one.send({"open": (await one.next(is_msg("lobby", "seat")))["msg"]["token"]})
    before = (await one.next(asks))["msg"]

    conn2, two = await session()
    await two.lobby("join", table=1, seat=0)
    await two.send({"open": (await two.next(is_msg("lobby", "seat")))["msg"]["token"]})
    told = await one.next(is_msg("table", "notice"))
    assert told["msg"]["message"] == MESSAGE and told["msg"]["closing"] is True
    await one.next(is_msg("table", "closed"))  # the first session's table connection ended

    now = (await two.next(asks))["msg"]
    assert (now["rev"], now["legal"]) == (before["rev"], before["legal"])
    await two.send(
        {
            "to": "table",
            "msg": {"t": "act", "v": 1, "rev": now["rev"], "action": first_plain(now["legal"])},
        }
    )
    await two.next(lambda i: is_msg("table", "state")(i) and i["msg"]["rev"] > now["rev"])
    hosted = service.lobby.tables[1]
    assert hosted.seats[0].connections == 1 and hosted.seats[0].away_since is None

    conn2.close()  # the second session drops: an ordinary leave
    await until(lambda: hosted.seats[0].away_since is not None, "the seat to show as away")
    await one.lobby("handover", table=1, seat=0)  # the host's first session is still in the lobby
    table = hosted.table
    assert table is not None
    rev = table.rev
    await until(lambda: table.rev > rev, "the stand-in bot to play alice's seat", 20)
    conn1.close()


async def test_the_app_of_a_taken_over_session_returns_to_the_lobby_saying_why(
    tmp_path: Path,
) -> None:
    """The real app on a real Unix socket, in this process: the lobby comes back with the notice."""
    from tests.ssh.served import served_app
    from tui.screens.game import GameScreen
    from tui.screens.lobby import LobbyScreen

    async with served_app(tmp_path, "alice", (120, 40)) as (app, pilot, lobby):
        await ask(
            lobby,
            "alice",
            "create",
            ruleset="base",
            options={},
            seed=SEED,
            seats=["person", "bot:random", "bot:random"],
        )
        await ask(lobby, "alice", "start", table=1)  # the app follows alice to her seat
        seat = lobby.tables[1].seats[0]
        await until(lambda: isinstance(app.screen, GameScreen), "the game screen", 20)
        await until(lambda: seat.connections == 1, "the app's table connection")

        other = await redeem(lobby, await ask(lobby, "alice", "join", table=1, seat=0))
        await until(lambda: isinstance(app.screen, LobbyScreen), "the app back in the lobby", 20)
        await pilot.pause()
        assert [n.message for n in app._notifications] == [MESSAGE]
        assert seat.endpoint is other, "the other session still holds the seat"
        await deciding(other, "the decision on the other session")
        other.close()
