"""Property tests over random games: every variant, 3 and 4 players, invariants after every
action.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from .helpers import VARIANTS, check_invariants, make, random_game

TURN_CAP = 120


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_games_keep_invariants(variant: str, seats: int, seed: int) -> None:
    """No exception and every invariant of rules §9 after every action (hypothesis-derived
    seeds).
    """
    g, count = random_game(seats, seed, variant, turn_cap=TURN_CAP)
    assert count > 0
    event("ended" if g.to_act is None else f"turn cap {TURN_CAP} reached")
    if g.to_act is None:
        assert g.winner is not None and g.scores()[g.winner] >= 15


@pytest.mark.parametrize(
    ("variant", "seats", "seed"),
    [(v, n, 100 + i) for i, v in enumerate(VARIANTS) for n in (3, 4)],
)
def test_random_games_end(variant: str, seats: int, seed: int) -> None:
    """Random games reach a winner well before a generous cap of 1500 turns (seed in the id)."""
    g, _ = random_game(seats, seed, variant, turn_cap=1500, check=False)
    check_invariants(g)
    assert g.to_act is None, f"turn cap reached at turn {g.turn}"
    assert g.winner is not None and g.scores()[g.winner] >= 15


@pytest.mark.parametrize("variant", VARIANTS)
def test_copy_is_independent_and_legal_moves_are_accepted(variant: str) -> None:
    """copy() shares no mutable state; every listed legal action passes check (seed 7)."""
    g = make(4, seed=7, variant=variant)
    rnd = random.Random(7)
    for _ in range(300):
        if g.to_act is None:
            break
        legal = g.legal_actions()
        for a in legal:
            assert g.check(a) is None, (a, g.check(a))
        h = g.copy()
        snap = g.snapshot()
        b = rnd.choice(
            [a for a in h.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        )
        h.apply(b)
        assert g.snapshot() == snap
        g.apply(b)
        assert g.snapshot() == h.snapshot()
