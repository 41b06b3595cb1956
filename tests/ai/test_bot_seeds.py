"""A bot's seed never gives away the game's (found by a bot author, 29 November).

`catan play` seeded each bot with the game's seed times ten plus its seat, SSH
tables with the seed plus the seat, `simulate` with sixteen times it plus the
seat: a drop-in bot took `seed // 10`, rebuilt the game with `new_game` and
foresaw every roll (and, replaying the actions, every hidden hand). A bot's
seed is now a one-way hash (ai/seeds.py), and a game started without a seed
draws one of 63 bits, too many to try.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ai import registry
from ai.seeds import bot_seed
from engine.config import GameConfig
from engine.registry import normalise_config
from engine.table.unix_socket import TokenBook
from tui.ssh.lobby_host import SEED_REFUSAL, Lobby

GAME_SEED = 12345


def _inversions(seed: int, seat: int) -> set[int]:
    """The game seeds the old derivations gave back from a bot's seed."""
    return {seed // 10, seed // 16, seed - seat, (seed - seat) // 10, (seed - seat) // 16}


def _recording(monkeypatch: pytest.MonkeyPatch, owner: Any) -> list[int]:
    seeds: list[int] = []
    real = registry.create_bot

    def create_bot(spec: str, seed: int = 0, folder: Path | None = None) -> Any:
        seeds.append(seed)
        return real(spec, seed)

    monkeypatch.setattr(owner, "create_bot", create_bot)
    return seeds


async def test_a_local_games_bots_cannot_read_its_seed_off_their_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tui.local import new_local

    seeds = _recording(monkeypatch, registry)
    config = GameConfig("base", 3, GAME_SEED, {})
    local = new_local(config, ["human", "random", "greedy"], None)
    assert seeds == [bot_seed(GAME_SEED, 1), bot_seed(GAME_SEED, 2)]
    assert len(set(seeds)) == 2, "two seats, one seed: they would play alike"
    for seat, seed in enumerate(seeds, start=1):
        assert GAME_SEED not in _inversions(seed, seat), seed
    await local.stop()


def test_simulate_seeds_its_bots_one_way(monkeypatch: pytest.MonkeyPatch) -> None:
    from tui.cli import main

    seeds = _recording(monkeypatch, registry)
    assert main(["simulate", "--bots", "random,random,random", "--players", "3",
                 "--games", "1", "--seed", str(GAME_SEED), "--json"]) == 0  # fmt: skip
    assert seeds == [bot_seed(GAME_SEED, seat) for seat in range(3)]
    assert all(GAME_SEED not in _inversions(s, seat) for seat, s in enumerate(seeds))


def test_a_game_without_a_seed_draws_one_too_large_to_try() -> None:
    """Sixteen draws all below 2**31 (the old range) would happen once in 2**512 runs."""
    drawn = [normalise_config(GameConfig("base", 3, None, {})).seed for _ in range(16)]
    assert all(s is not None and 0 <= s < 2**63 for s in drawn), drawn
    assert any(s is not None and s >= 2**31 for s in drawn), drawn


async def test_an_ssh_player_may_not_choose_a_tables_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The table's creator chose its seed in the lobby request; knowing it, they would know
    every roll. The server now draws it, and the bots' seeds are one way from it."""
    import tui.ssh.lobby_host as lobby_host

    seeds = _recording(monkeypatch, lobby_host)
    lobby = Lobby(TokenBook(), tmp_path / "saves", bot_pace=0.0)
    request = {"t": "lobby.create", "v": 1, "ruleset": "base", "options": {},
               "seats": ["person", "bot:random", "bot:random"]}  # fmt: skip
    (refused,) = await lobby.handle("alice", {**request, "seed": GAME_SEED})
    assert refused == {"t": "error", "v": 1, "message": SEED_REFUSAL}
    assert lobby.tables == {}
    (made,) = await lobby.handle("alice", request)
    assert made["t"] == "lobby", made
    table = lobby.tables[made["created"]]
    (started,) = await lobby.handle("alice", {"t": "lobby.start", "v": 1, "table": table.id})
    assert started["t"] == "seat", started  # alice is taken to her seat
    assert seeds == [bot_seed(table.seed, seat) for seat in (1, 2)]
    assert all(table.seed not in _inversions(s, seat) for seat, s in enumerate(seeds, 1))
    await lobby.close()
