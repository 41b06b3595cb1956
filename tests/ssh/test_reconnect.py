"""A dropped connection gets its seat back at the same decision; the host may hand it to a bot."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from ai.registry import DEFAULT_BOT
from tests.ssh.conftest import connect, open_lines
from tests.ssh.test_game_e2e import is_msg, seat_game
from tests.ssh.waits import until
from tui.ssh.server import Service


def deciding(item: dict[str, Any]) -> bool:
    return (
        item["from"] == "table"
        and item["msg"].get("t") == "state"
        and bool(item["msg"].get("legal"))
    )


async def test_reconnect_resumes_the_same_decision(service: Service, keys: Any) -> None:
    conn = await connect(service, "alice", keys["alice"])
    alice = await open_lines(conn)
    await alice.next(is_msg("lobby", "lobby"))
    await alice.lobby(
        "create", ruleset="base", options={}, seed=5, seats=["person", "bot:random", "bot:random"]
    )
    await alice.next(lambda i: "created" in i["msg"])
    await alice.lobby("start", table=1)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    before = (await alice.next(deciding))["msg"]
    conn.close()
    await conn.wait_closed()

    seat = service.lobby.tables[1].seats[0]
    await until(lambda: seat.away_since is not None, "the server to show the seat as away")
    assert seat.connections == 0 and seat.away_since is not None
    away_since = seat.away_since
    await until(lambda: time.monotonic() - away_since >= 0.3, "alice to be away 0.3 s")
    assert service.lobby.tables[1].table.rev == before["rev"], "the table waited for alice"

    conn = await connect(service, "alice", keys["alice"])
    alice = await open_lines(conn)
    lobby = await alice.next(is_msg("lobby", "lobby"))
    listed = lobby["msg"]["tables"][0]["seats"][0]
    assert listed["user"] == "alice" and listed["away"] is not None and listed["away"] >= 0.3
    await alice.lobby("join", table=1, seat=0)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    after = (await alice.next(deciding))["msg"]
    assert after["rev"] == before["rev"] and after["legal"] == before["legal"]
    assert after["view"] == before["view"]
    assert after["table"]["seats"][0]["connected"] is True
    conn.close()


async def test_host_hands_an_absent_seat_to_a_bot_and_it_is_taken_back(
    service: Service, keys: Any
) -> None:
    alice, bob, conns = await seat_game(service, keys)
    conns[1].close()  # bob drops
    seat = service.lobby.tables[1].seats[2]
    await until(lambda: seat.connections == 0, "bob's drop to reach his seat")
    await alice.lobby("handover", table=1, seat=1)  # a bot's seat: refused
    refused = await alice.next(is_msg("lobby", "error"))
    assert "person" in refused["msg"]["message"]
    await alice.lobby("handover", table=1, seat=2)
    await alice.next(
        lambda i: (
            i["from"] == "lobby"
            and i["msg"].get("t") == "lobby"
            and i["msg"]["tables"][0]["seats"][2]["bot"] == DEFAULT_BOT
        )
    )
    table = service.lobby.tables[1].table
    assert table is not None
    # alice keeps playing; with bob's seat botted the game moves past bob's turns
    from tests.ssh.test_game_e2e import play_seat, random_chooser

    task = asyncio.ensure_future(play_seat(alice, random_chooser(3)))
    await until(lambda: table.rev > 20, "the game to move on past bob's botted seat")
    assert seat.slot is not None and seat.slot.bot is not None

    bob_conn = await connect(service, "bob", keys["bob"])
    bob = await open_lines(bob_conn)
    await bob.next(is_msg("lobby", "lobby"))
    await bob.lobby("join", table=1, seat=2)
    grant = await bob.next(is_msg("lobby", "seat"))
    assert seat.slot.bot is None, "bob took his seat back"
    await bob.send({"open": grant["msg"]["token"]})
    state = await bob.next(lambda i: i["from"] == "table" and i["msg"].get("t") == "state")
    assert state["msg"]["seat"] == 2
    task.cancel()
    for conn in [conns[0], bob_conn]:
        conn.close()


async def test_a_restarted_server_resumes_its_games(make_service: Any, keys: Any) -> None:
    first: Service = await make_service()
    conn = await connect(first, "alice", keys["alice"])
    alice = await open_lines(conn)
    await alice.next(is_msg("lobby", "lobby"))
    await alice.lobby(
        "create", ruleset="base", options={}, seed=9, seats=["person", "bot:random", "bot:random"]
    )
    await alice.next(lambda i: "created" in i["msg"])
    await alice.lobby("start", table=1)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    state = (await alice.next(deciding))["msg"]
    legal = [a for a in state["legal"] if a["type"] not in ("offer_trade", "counter_trade")]
    await alice.send(
        {"to": "table", "msg": {"t": "act", "v": 1, "rev": state["rev"], "action": legal[0]}}
    )
    before = (await alice.next(lambda i: deciding(i) and i["msg"]["rev"] > state["rev"]))["msg"]
    conn.close()
    await asyncio.wait_for(first.close(), 15)

    second: Service = await make_service()
    assert second.lobby.tables[1].status == "playing"
    conn = await connect(second, "alice", keys["alice"])
    alice = await open_lines(conn)
    lobby = await alice.next(is_msg("lobby", "lobby"))
    assert lobby["msg"]["tables"][0]["seats"][0]["user"] == "alice"
    await alice.lobby("join", table=1, seat=0)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    after = (await alice.next(deciding))["msg"]
    assert (after["rev"], after["legal"], after["view"]) == (
        before["rev"],
        before["legal"],
        before["view"],
    )
    conn.close()


async def test_a_client_that_stops_reading_pauses_its_session(service: Service, keys: Any) -> None:
    """Backpressure: a spectator who reads nothing stops the server reading their pty."""
    conn = await connect(service, "alice", keys["alice"])
    alice = await open_lines(conn)
    await alice.next(is_msg("lobby", "lobby"))
    await alice.lobby(
        "create",
        ruleset="base",
        options={},
        seed=4,  # a long game (1362 decisions of random bots): time to flood
        seats=["person", "bot:random", "bot:random", "bot:random"],
    )
    await alice.next(lambda i: "created" in i["msg"])
    await alice.lobby("start", table=1)
    await alice.next(is_msg("lobby", "seat"))  # alice never sits down: a bot will play for her

    carol_conn = await connect(
        service, "carol", None, password="open sesame", preferred_auth="password"
    )
    carol = await open_lines(carol_conn)
    await carol.next(is_msg("lobby", "lobby"))
    (session,) = [s for s in service.sessions if s.user == "carol"]
    await carol.lobby("spectate", table=1)
    grant = await carol.next(is_msg("lobby", "seat"))
    await carol.send({"open": grant["msg"]["token"]})  # carol watches, and stops reading
    await alice.lobby("handover", table=1, seat=0, bot="random")  # the fastest, to flood
    table = service.lobby.tables[1]
    await until(
        lambda: bool(session.pauses) or table.status == "over",
        "the session to pause its output (or the game to end)",
        timeout=30,
    )
    assert session.pauses > 0, "the session never paused"
    over = await carol.next(lambda i: i["from"] == "table" and i["msg"]["t"] == "over", 120)
    assert over["msg"]["winner"] is not None  # reading again resumed it, nothing was lost
    conn.close()
    carol_conn.close()


def test_a_person_seat_hears_the_tables_notices_even_while_a_bot_plays_it() -> None:
    """An autosave failure at a served table reaches the person behind the seat."""
    from ai.registry import create_bot
    from ai.seat import BotSeat
    from engine.table.client import HumanSeat, InMemoryClient
    from tui.ssh.lobby_host import Slot

    async def run() -> list[dict[str, object]]:
        human = HumanSeat()
        slot = Slot(human)
        client = InMemoryClient(human)
        slot.set_bot(BotSeat(create_bot("random", 1)))
        await slot.notice("autosave failed: No space left on device")
        got = []
        while (msg := client.recv_nowait()) is not None:
            got.append(msg)
        return got

    got = asyncio.run(run())
    assert got == [{"t": "notice", "v": 1, "message": "autosave failed: No space left on device"}]
