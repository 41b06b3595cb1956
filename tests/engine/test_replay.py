"""`engine.replay.Replay`: a game played again, any number of its actions in, forwards and back."""

from __future__ import annotations

import random

import pytest

from engine.config import GameConfig
from engine.game import Game
from engine.position import Position, game_from_position
from engine.registry import new_game
from engine.replay import CHECKPOINT, Replay


def _played(ruleset: str, seed: int, most: int) -> tuple[Game, list[object], list[list[object]]]:
    """A seeded random game (no trade offers), the snapshot before each action, and each
    action's events as the game told them."""
    game = new_game(GameConfig(ruleset, 4, seed, {}))
    rng = random.Random(seed)
    snaps: list[object] = []
    told: list[list[object]] = []
    while game.to_act is not None and len(snaps) < most:
        snaps.append(game.snapshot())
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        told.append(list(game.apply(rng.choice(legal))))
    snaps.append(game.snapshot())
    return game, snaps, told


@pytest.mark.parametrize(("ruleset", "seed"), [("base", 3), ("ck", 5), ("starfarers", 8)])
def test_the_game_after_k_actions_is_the_game_that_was_played(ruleset: str, seed: int) -> None:
    """Seeds 3, 5, 8: any step, in any order (a jump back, a step across a checkpoint), is the
    position the game had then; each step's events, seat and turn are the ones of its play."""
    game, snaps, told = _played(ruleset, seed, 3 * CHECKPOINT + 7)
    replay = Replay(game)
    assert replay.length == len(game.log) == len(snaps) - 1
    order = [replay.length, 0, CHECKPOINT, CHECKPOINT - 1, CHECKPOINT + 1, 2 * CHECKPOINT, 5, 1]
    order += random.Random(seed).sample(range(replay.length + 1), 12)
    for k in order:
        assert replay.game_at(k).snapshot() == snaps[k], f"step {k}"
    assert [list(s.events) for s in replay.steps] == told
    again = new_game(game.config)
    for step in replay.steps:
        assert step.seat == again.to_act
        assert step.turn == int(getattr(again, "turn", 0))
        again.apply(step.action)


def test_a_game_at_a_step_is_the_callers_own_copy() -> None:
    game, snaps, _ = _played("base", 4, 40)
    replay = Replay(game)
    mine = replay.game_at(CHECKPOINT)
    mine.apply(mine.legal_actions()[0])  # changes the copy, never the replay's checkpoints
    assert replay.game_at(CHECKPOINT).snapshot() == snaps[CHECKPOINT]


def test_the_story_until_a_step_begins_with_the_games_making() -> None:
    game, _, told = _played("base", 6, 30)
    replay = Replay(game)
    made = list(new_game(game.config).initial_events)
    assert made, "the base game tells the rolls for the start player"
    assert replay.events_until(0) == made
    assert replay.events_until(3) == made + told[0] + told[1] + told[2]


def test_turn_starts_are_where_the_turn_changes() -> None:
    game, _, _ = _played("base", 2, 400)
    replay = Replay(game)
    starts = list(replay.turn_starts())
    assert starts[0] == 0
    for k in starts[1:]:
        assert replay.steps[k].turn != replay.steps[k - 1].turn
    changes = sum(
        1 for k in range(1, replay.length) if replay.steps[k].turn != replay.steps[k - 1].turn
    )
    assert len(starts) == changes + 1


def test_a_step_outside_the_game_is_refused_by_its_bounds() -> None:
    game, _, _ = _played("base", 2, 10)
    replay = Replay(game)
    with pytest.raises(IndexError, match="the game has 10 actions; 11 is not a step of it"):
        replay.game_at(11)
    with pytest.raises(IndexError, match="-1 is not a step of it"):
        replay.game_at(-1)


def test_a_game_set_up_from_a_position_replays_from_that_position() -> None:
    """Seed 9: a game made from a position (python-chess's FEN) replays from it, not from its
    config's fresh board."""
    played, _, _ = _played("base", 9, 60)
    start = game_from_position(Position.from_json(played.position().to_json()))
    rng = random.Random(9)
    for _ in range(20):
        legal = [a for a in start.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        start.apply(rng.choice(legal))
    replay = Replay(start)
    assert replay.length == 20
    assert replay.game_at(0).snapshot() == played.snapshot()
    assert replay.game_at(20).snapshot() == start.snapshot()
