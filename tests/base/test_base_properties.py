"""Property tests: random games from many seeds keep every invariant after every action.

Each example is one game driven by `random.Random(seed)`; hypothesis picks the
seed, the seat count, the board and how greedily the players build, so both
long trading games and games that reach a winner are covered.
"""

from __future__ import annotations

import random

from basefix import check_invariants, fresh, random_action
from hypothesis import given, settings
from hypothesis import strategies as st

MAX_ACTIONS = 1500


@settings(max_examples=20, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**31 - 1),
    seats=st.sampled_from([2, 3, 4]),
    board=st.sampled_from(["random", "beginner"]),
    greedy=st.sampled_from([0.0, 0.5, 0.8]),
)
def test_random_games_keep_invariants(seed: int, seats: int, board: str, greedy: float) -> None:
    game = fresh(seats, seed, board=board)
    rnd = random.Random(seed)
    check_invariants(game)
    for _ in range(MAX_ACTIONS):
        if game.to_act is None:
            break
        action = random_action(game, rnd, greedy)
        assert game.check(action) is None
        game.apply(action)
        check_invariants(game)
    if game.to_act is None:
        assert game.legal_actions() == []


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), seats=st.sampled_from([2, 3, 4]))
def test_legal_actions_are_exactly_accepted(seed: int, seats: int) -> None:
    """Every listed action passes `check`; listed actions are distinct; the right seat acts."""
    game = fresh(seats, seed, board="random")
    rnd = random.Random(seed)
    for _ in range(600):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        assert len(set(legal)) == len(legal)
        for action in legal:
            assert game.check(action) is None, (action, game.check(action))
        game.apply(random_action(game, rnd, 0.6))


def test_greedy_games_reach_a_winner() -> None:
    """Seeds 0-5, 4 seats: builders finish the game; the winner is the current seat at 10+."""
    for seed in range(6):
        game = fresh(4, seed, board="random")
        rnd = random.Random(seed)
        for _ in range(6000):
            if game.to_act is None:
                break
            game.apply(random_action(game, rnd, 0.8))
        assert game.winner is not None, seed
        assert game.current == game.winner
        assert game.scores()[game.winner] >= 10
