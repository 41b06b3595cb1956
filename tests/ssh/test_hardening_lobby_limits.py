"""The lobby is bounded: open tables per user and in all; finished tables leave it.

Table seeds are named (SEED); every wait is on a condition with a timeout.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from engine.table.unix_socket import Endpoint, TokenBook
from tests.ssh.waits import until
from tui.ssh.lobby_host import Lobby

SEED = 3
PER_USER_REFUSAL = (
    "You already have 2 open tables, the most one player may have: finish one, "
    "or leave (l) one you host that has not started, before creating another."
)
TOTAL_REFUSAL = "The server has 3 open tables, as many as it allows: try again when a game ends."


def create(seed: int = SEED, **options: Any) -> dict[str, Any]:
    return {
        "t": "lobby.create",
        "v": 1,
        "ruleset": "base",
        "options": options,
        "seed": seed,
        "seats": ["person", "bot:greedy", "bot:greedy"],
    }


async def one(lobby: Lobby, user: str, msg: dict[str, Any]) -> dict[str, Any]:
    (reply,) = await lobby.handle(user, msg)
    return reply


async def test_one_user_may_hold_only_so_many_open_tables(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path, max_tables_per_user=2, max_tables=10, seeded=True)
    for n in (1, 2):
        assert (await one(lobby, "alice", create()))["created"] == n
    refused = await one(lobby, "alice", create())
    assert refused == {"t": "error", "v": 1, "message": PER_USER_REFUSAL}
    assert sorted(lobby.tables) == [1, 2]
    assert (await one(lobby, "bob", create()))["created"] == 3  # others are not affected
    # The host leaving a table that has not started closes it, which frees a place.
    left = await one(lobby, "alice", {"t": "lobby.leave", "v": 1, "table": 1})
    assert left["t"] == "lobby" and [t["id"] for t in left["tables"]] == [2, 3]
    assert (await one(lobby, "alice", create()))["created"] == 4


async def test_the_server_holds_only_so_many_open_tables(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path, max_tables_per_user=2, max_tables=3, seeded=True)
    for user in ("alice", "alice", "bob"):
        assert (await one(lobby, user, create()))["t"] == "lobby"
    refused = await one(lobby, "carol", create())
    assert refused == {"t": "error", "v": 1, "message": TOTAL_REFUSAL}
    assert len(lobby.tables) == 3


async def finish(lobby: Lobby, user: str) -> int:
    """`user` creates a short game, starts it and hands their own seat to a bot."""
    created = (await one(lobby, user, create(vp_to_win=5)))["created"]
    grant = await one(lobby, user, {"t": "lobby.start", "v": 1, "table": created})
    assert grant["t"] == "seat"
    handed = await one(lobby, user, {"t": "lobby.handover", "v": 1, "table": created, "seat": 0})
    assert handed["t"] == "lobby", handed
    return int(created)


async def _over(spectator: Endpoint) -> dict[str, Any]:
    while (msg := await spectator.recv())["t"] != "over":
        pass
    return msg


def listed(lobby: Lobby) -> list[int]:
    return [t["id"] for t in lobby.snapshot("alice")["tables"]]


async def test_a_finished_table_nobody_watches_leaves_the_lobby(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path, bot_pace=0.0, max_tables_per_user=1, seeded=True)
    lobby_endpoint = await lobby.open("bob")
    table_id = await finish(lobby, "alice")
    hosted = lobby.tables[table_id]
    seen: list[dict[str, Any]] = []

    async def watch_lobby() -> None:
        while True:
            seen.append(await lobby_endpoint.recv())

    watcher = asyncio.ensure_future(watch_lobby())
    await until(lambda: table_id not in listed(lobby), "the finished table to leave the lobby")
    assert hosted.table is not None and hosted.table.game.is_over
    await until(lambda: bool(seen) and seen[-1]["tables"] == [], "bob's lobby to show no table")
    overs = [t for m in seen for t in m["tables"] if t["status"] == "over"]
    assert overs and overs[0]["winner"] is not None, "the lobby showed the result first"
    # Its place is free again.
    assert (await one(lobby, "alice", create()))["t"] == "lobby"
    watcher.cancel()
    await lobby.close()


async def test_a_finished_table_stays_while_watched_until_the_grace_period(
    tmp_path: Path,
) -> None:
    lobby = Lobby(TokenBook(), tmp_path, bot_pace=0.0, finished_grace=3600.0, seeded=True)
    table_id = await finish(lobby, "alice")
    hosted = lobby.tables[table_id]
    grant = await one(lobby, "bob", {"t": "lobby.spectate", "v": 1, "table": table_id})
    redeemed = lobby.tokens.redeem(grant["token"])
    assert redeemed is not None
    spectator: Endpoint = await redeemed.factory()
    await until(lambda: hosted.status == "over", "the game to end")
    over = await asyncio.wait_for(_over(spectator), 10)
    assert over["winner"] is not None
    assert table_id in listed(lobby), "bob is still looking at the game-over screen"
    spectator.close()
    await until(lambda: table_id not in listed(lobby), "the table to leave once bob left")

    # Someone who never leaves does not keep it listed beyond the grace period.
    short = Lobby(TokenBook(), tmp_path / "short", bot_pace=0.0, finished_grace=0.5, seeded=True)
    table_id = await finish(short, "alice")
    grant = await one(short, "bob", {"t": "lobby.spectate", "v": 1, "table": table_id})
    redeemed = short.tokens.redeem(grant["token"])
    assert redeemed is not None
    stays: Endpoint = await redeemed.factory()
    await until(lambda: table_id not in listed(short), "the grace period to end")
    assert short.tables == {}
    stays.close()
    await lobby.close()
    await short.close()


async def test_restored_tables_count_towards_the_limits(tmp_path: Path) -> None:
    first = Lobby(TokenBook(), tmp_path, bot_pace=0.0, seeded=True)
    created = (await one(first, "alice", create()))["created"]
    await one(first, "alice", {"t": "lobby.start", "v": 1, "table": created})
    hosted = first.tables[created]
    assert hosted.table is not None
    hosted.table.autosave_soon()  # alice has not sat down: the game waits at her first decision
    await until(lambda: any(tmp_path.glob("ssh-table-*.json")), "the table's first save")
    await first.close()

    second = Lobby(TokenBook(), tmp_path, bot_pace=0.0, max_tables_per_user=1, seeded=True)
    assert second.restore() == 1
    refused = await one(second, "alice", create())
    assert refused["message"] == (
        "You already have 1 open table, the most one player may have: finish one, "
        "or leave (l) one you host that has not started, before creating another."
    )
    await second.close()
