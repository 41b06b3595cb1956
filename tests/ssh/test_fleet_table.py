"""A Catan Fleet table over SSH: created from the lobby, started, played to the end by bots;
and a person at a Fleet table over a real SSH connection, playing to the game's end.

Seeds are named (SEED); every wait is on a condition with a timeout.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from engine.table.unix_socket import TokenBook
from tests.ssh.conftest import Tap, connect, open_lines
from tests.ssh.test_game_e2e import check_only_own_secrets, is_msg, play_seat, random_chooser
from tests.ssh.waits import until
from tui.ssh.lobby_host import Lobby
from tui.ssh.server import Service

SEED = 3  # the seed's default Fleet game


async def one(lobby: Lobby, user: str, msg: dict[str, Any]) -> dict[str, Any]:
    (reply,) = await lobby.handle(user, msg)
    return reply


async def test_a_fleet_table_is_created_from_the_lobby_and_played_to_the_end(
    tmp_path: Path,
) -> None:
    lobby = Lobby(TokenBook(), tmp_path, bot_pace=0.0, seeded=True)
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

    def game_over() -> bool:
        return hosted.table is not None and hosted.table.game.is_over

    await until(game_over, "the game's end", 120)
    await lobby.close()


async def test_a_person_and_two_bots_play_a_fleet_table_to_the_end_over_ssh(
    service: Service, keys: Any, tap: Tap
) -> None:
    """alice (test mode: her answers typed as JSON lines over the pty) creates a Fleet table of
    5 VP with two random bots, starts it and plays her seat to the game's end."""
    conn = await connect(service, "alice", keys["alice"])
    alice = await open_lines(conn)
    await alice.next(is_msg("lobby", "lobby"))
    await alice.lobby(
        "create",
        ruleset="fleet",
        options={"vp_to_win": 5},
        seed=SEED,
        seats=["person", "bot:random", "bot:random"],
    )
    await alice.next(lambda i: "created" in i["msg"])
    await alice.lobby("start", table=1)
    grant = await alice.next(is_msg("lobby", "seat"))
    await alice.send({"open": grant["msg"]["token"]})
    over = await asyncio.wait_for(play_seat(alice, random_chooser(SEED)), 300)
    assert over["winner"] is not None and max(over["scores"]) >= 5
    table = service.lobby.tables[1]
    await until(lambda: table.status == "over", "the lobby to mark the table over", 10)
    assert table.table is not None and table.table.game.winner == over["winner"]
    assert table.table.game.view(0)["ruleset"] == "fleet"
    assert check_only_own_secrets(tap, "t1:seat0:alice", 0) > 50
    # Fleet's own secret: the bots' number chips, face down until each one's first swap;
    # alice always sees her own.
    checked = 0
    for line in bytes(tap.sent["t1:seat0:alice"]).splitlines():
        msg = json.loads(line)
        if msg["t"] == "state" and "held_chips" in msg["view"]:
            view = msg["view"]
            assert view["held_chips"][0] is not None
            for p in (1, 2):
                assert view["chips_known"][p] or view["held_chips"][p] is None, view["held_chips"]
            checked += 1
    assert checked > 50
    conn.close()
