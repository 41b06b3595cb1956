"""Card counting (ai/tracking.py) checked against the true game over seeded random games."""

from __future__ import annotations

import pytest

from ai.tracking import CardTracker
from engine.config import GameConfig
from engine.errors import ConfigError
from engine.game import Game
from engine.registry import new_game
from engine.rng import Rng

SEEDS = range(12)
MAX_ACTIONS = 1500


def _play(seed: int, seats: int = 4) -> tuple[Game, list[CardTracker], list[dict[str, int]]]:
    """A random game with a tracker per seat; checks every tracker after every action.

    Returns the game, the trackers and, per seat, how many times a hand was exact
    and how many times it was blurred (to show the test covered both cases).
    """
    game = new_game(GameConfig("base", seats, seed))
    trackers = [CardTracker.for_view(game.view(p)) for p in range(seats)]
    stats = [{"exact": 0, "blurred": 0} for _ in range(seats)]
    rng = Rng(seed ^ 0xBEEF)
    for _ in range(MAX_ACTIONS):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        events = game.apply(legal[rng.below(len(legal))])
        for p, tracker in enumerate(trackers):
            tracker.feed([e.for_seat(p) for e in events])
            for q in range(seats):
                true = game.hand(q)  # type: ignore[attr-defined]
                belief = tracker.belief(q)
                assert belief.allows(true), (seed, p, q, belief, true)
                if not tracker.hidden[q]:
                    assert belief.exact and list(belief.known) == true, (seed, p, q, belief, true)
                    stats[p]["exact"] += 1
                else:
                    stats[p]["blurred"] += 1
    return game, trackers, stats


@pytest.mark.parametrize("seed", SEEDS)
def test_tracker_is_exact_until_a_hidden_steal_and_never_excludes_the_truth(seed: int) -> None:
    _game, trackers, stats = _play(seed)
    assert all(s["exact"] for s in stats)
    # a seat's own hand and every hand it saw a steal of stay exact
    for p, tracker in enumerate(trackers):
        assert not tracker.hidden[p]


def test_hidden_steals_happen_in_these_games_so_beliefs_are_exercised() -> None:
    blurred = sum(s["blurred"] for seed in SEEDS[:4] for s in _play(seed)[2])
    assert blurred > 0


def test_a_view_that_disagrees_turns_the_difference_into_wildcards() -> None:
    game = new_game(GameConfig("base", 3, 5))
    tracker = CardTracker.for_view(game.view(0))
    view = dict(game.view(0))
    view["players"] = [dict(p) for p in view["players"]]
    view["players"][1]["resource_count"] = 3
    tracker.observe(view)
    belief = tracker.belief(1)
    assert belief.unknown == 3 and belief.possible == frozenset(range(5))
    assert tracker.hidden[1]


def test_starfarers_is_refused_with_the_reason() -> None:
    game = new_game(GameConfig("starfarers", 4, 3))
    with pytest.raises(ConfigError, match="card counting does not support the ruleset"):
        CardTracker.for_view(game.view(0))
