"""A Catan Fleet table over SSH: created from the lobby, started, played to the end by bots.

Seeds are named (SEED); every wait is on a condition with a timeout.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.table.unix_socket import TokenBook
from tui.ssh.lobby_host import Lobby

SEED = 3  # the seed's default Fleet game


async def one(lobby: Lobby, user: str, msg: dict[str, Any]) -> dict[str, Any]:
    (reply,) = await lobby.handle(user, msg)
    return reply


async def until(cond: Callable[[], bool], what: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def test_a_fleet_table_is_created_from_the_lobby_and_played_to_the_end(
    tmp_path: Path,
) -> None:
    lobby = Lobby(TokenBook(), tmp_path, bot_pace=0.0)
    assert "fleet" in lobby.snapshot("alice")["rulesets"]
    create = {
        "t": "lobby.create",
        "v": 1,
        "ruleset": "fleet",
        "options": {"vp_to_win": 5},
        "seed": SEED,
        "seats": ["person", "bot:random", "bot:random"],
    }
    created = await one(lobby, "alice", create)
    assert created["t"] == "lobby", created
    table_id = int(created["created"])
    listed = next(t for t in created["tables"] if t["id"] == table_id)
    assert listed["ruleset"] == "fleet"
    grant = await one(lobby, "alice", {"t": "lobby.start", "v": 1, "table": table_id})
    assert grant["t"] == "seat"
    hosted = lobby.tables[table_id]
    assert hosted.table is not None and hosted.table.game.view(0)["ruleset"] == "fleet"
    handover = {"t": "lobby.handover", "v": 1, "table": table_id, "seat": 0}
    assert (await one(lobby, "alice", handover))["t"] == "lobby"
    await until(lambda: hosted.table is not None and hosted.table.game.is_over, "the game's end")
    await lobby.close()
