"""A remote user chooses a table's bots by name only, never by a spec that runs or loads code.

Locally `--seats exec:CMD`, `path.py:Class`, `inproc:` and `name:key=value`
are the player's own business; at an SSH table they would let anyone with a
login run a program, load a file or set a bot's budget on the server.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.table.unix_socket import TokenBook
from tui.ssh.lobby_host import Lobby

SEED = 5


def create(bot: str) -> dict[str, Any]:
    return {
        "t": "lobby.create",
        "v": 1,
        "ruleset": "base",
        "options": {},
        "seed": SEED,
        "seats": ["person", f"bot:{bot}", "bot:random"],
    }


@pytest.mark.parametrize(
    "bot",
    [
        "exec:touch {marker}",
        "{marker}.py",
        "inproc:random",
        "mcts:iterations=100000000",
        "random:budget=99",
        "x" * 500,
    ],
)
async def test_a_seat_is_refused_any_bot_spec_but_a_name(tmp_path: Path, bot: str) -> None:
    marker = tmp_path / "ran"
    lobby = Lobby(TokenBook(), tmp_path / "saves", seeded=True)
    (reply,) = await lobby.handle("alice", create(bot.format(marker=marker)))
    assert reply["t"] == "error"
    assert "this server offers greedy, mcts, random, value (by name only)" in reply["message"]
    assert len(reply["message"]) < 200  # a hostile name is cut, not echoed whole
    assert lobby.tables == {}
    assert not marker.exists()


async def test_a_named_bot_is_seated(tmp_path: Path) -> None:
    lobby = Lobby(TokenBook(), tmp_path / "saves", seeded=True)
    (reply,) = await lobby.handle("alice", create("greedy"))
    assert reply["created"] == 1
    assert [s.bot for s in lobby.tables[1].seats] == [None, "greedy", "random"]


async def test_a_seat_is_handed_only_to_a_named_bot(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0, seeded=True)
    (created,) = await lobby.handle("alice", create("random"))
    (grant,) = await lobby.handle("alice", {"t": "lobby.start", "v": 1, "table": 1})
    assert created["created"] == 1 and grant["t"] == "seat"
    handover = {"t": "lobby.handover", "v": 1, "table": 1, "seat": 0}
    (refused,) = await lobby.handle("alice", {**handover, "bot": f"exec:touch {marker}"})
    assert refused["t"] == "error"
    assert "(by name only)" in refused["message"]
    assert lobby.tables[1].seats[0].stand_in is None
    (handed,) = await lobby.handle("alice", {**handover, "bot": "greedy"})
    assert handed["t"] == "lobby"
    assert lobby.tables[1].seats[0].stand_in == "greedy"
    await lobby.close()
    assert not marker.exists()
