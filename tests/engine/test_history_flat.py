"""The action log is a flat list shared by copies: long games pickle, and copies stay apart."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game

SEED_GAME = 1
SEED_PLAY = 1


def _long_game(ruleset: str, actions: int) -> Game:
    """A game with `actions` actions applied (trade offers allowed: they keep a game going)."""
    game = new_game(GameConfig(ruleset, 4, SEED_GAME, {}))
    rng = random.Random(SEED_PLAY)
    while game.num_actions < actions:
        assert game.to_act is not None, "the game ended before the actions wanted"
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("roundtrip", [copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))])
def test_a_5000_action_game_round_trips(roundtrip: object) -> None:
    game = _long_game("base", 5000)
    again: Game = roundtrip(game)  # type: ignore[operator]
    assert again.log == game.log
    assert again.num_actions == 5000
    assert again.snapshot() == game.snapshot()
    assert again.legal_actions() == game.legal_actions()


def test_copies_share_history_until_they_differ() -> None:
    game = _long_game("base", 300)
    fork = game.copy()
    rng = random.Random(SEED_PLAY + 1)
    for _ in range(20):
        fork.apply(rng.choice(fork.legal_actions()))
    before = game.log
    for _ in range(10):
        game.apply(rng.choice(game.legal_actions()))
    assert fork.log[:300] == before == game.log[:300]
    assert len(fork.log) == 320 and len(game.log) == 310
    assert fork.log[300:] != game.log[300:]


def test_a_pickled_copy_carries_only_its_own_history() -> None:
    game = _long_game("base", 200)
    fork = game.copy()
    for _ in range(50):
        game.apply(game.legal_actions()[0])
    assert pickle.loads(pickle.dumps(fork)).log == game.log[:200]
    assert len(pickle.loads(pickle.dumps(fork))._history) == 200


def test_starfarers_long_game_pickles() -> None:
    game = _long_game("starfarers", 2000)
    assert pickle.loads(pickle.dumps(game)).log == game.log
