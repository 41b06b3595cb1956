"""`engine.headless.replay_steps`: a finished game's actions, each with the game before it."""

from __future__ import annotations

import random
from collections import Counter

from engine.config import GameConfig
from engine.headless import replay_steps
from engine.registry import new_game


def test_each_step_shows_the_game_as_it_stood_before_the_action() -> None:
    """Seed 7, a random C&K game: the replay before each action is the game after the actions
    before it (the snapshot taken while playing), and every logged action is yielded once."""
    game = new_game(GameConfig("ck", 3, 7, {}))
    before: list[object] = []
    rng = random.Random(7)
    while game.to_act is not None and len(before) < 300:
        before.append(game.snapshot())
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        game.apply(rng.choice(legal))
    steps = 0
    for i, (replay, action) in enumerate(replay_steps(game)):
        assert replay.snapshot() == before[i], i
        assert action == game.log[i]
        steps += 1
    assert steps == len(game.log) == len(before)


def test_who_acted_is_read_from_the_replay() -> None:
    """Seed 3, a random base game to its end: each seat's actions, counted from the replay,
    are those counted while the game was played."""
    game = new_game(GameConfig("base", 4, 3, {}))
    rng = random.Random(3)
    played: Counter[tuple[int | None, str]] = Counter()
    while game.to_act is not None:
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        action = rng.choice(legal)
        played[(game.to_act, action.type)] += 1
        game.apply(action)
    replayed = Counter((before.to_act, action.type) for before, action in replay_steps(game))
    assert replayed == played
    assert {seat for seat, _ in played} == {0, 1, 2, 3}
