"""The fast answers the hot paths use agree with the full queries they shorten.

Seeded random games (seeds named below) are walked; at each main phase every
seat's short answer is compared with the full list it stands for.
"""

from __future__ import annotations

import random

import pytest

from engine.rulesets.ck import progress
from engine.rulesets.ck.cards import PROGRESS
from tests.ck.ckfix import new

SEEDS = (11, 12, 13)


def _main_phases(seed: int, turns: int = 250):  # type: ignore[no-untyped-def]
    game = new(4, seed)
    rng = random.Random(seed)
    while game.to_act is not None and game.turn < turns:
        if game.phase == "main":
            yield game
        legal = game.legal_actions()
        game.apply(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("seed", SEEDS)
def test_has_road_edge_is_whether_road_edges_lists_any(seed: int) -> None:
    for game in _main_phases(seed):
        for p in range(4):
            assert game.has_road_edge(p) == bool(game._road_edges(p))
    # Every empty edge taken by a rival: both answers say no road can be built.
    full = game.copy()
    full.edge_owner = [o if o >= 0 else 3 for o in full.edge_owner]
    assert not full._road_edges(0)
    assert not full.has_road_edge(0)


@pytest.mark.parametrize("seed", SEEDS)
def test_play_eligibility_agrees_with_the_full_lists(seed: int) -> None:
    why_not = {name: progress.RULES[name][0] for name in PROGRESS.names}
    for game in _main_phases(seed):
        for p in range(4):
            assert (why_not["irrigation"](game, p) is None) == bool(
                progress.adjacent_of(game, p, progress._FARM)
            )
            assert (why_not["mining"](game, p) is None) == bool(
                progress.adjacent_of(game, p, progress._MINE)
            )
            assert (why_not["diplomat"](game, p) is None) == bool(progress.open_roads(game))
            assert (why_not["smith"](game, p) is None) == bool(game.smith_targets(p))
            assert (why_not["engineer"](game, p) is None) == bool(progress.wall_spots(game, p))
            assert (why_not["inventor"](game, p) is None) == (
                len(progress.inventor_hexes(game)) >= 2
            )
            rivals = [q for q in progress.opponents(game, p) if progress.knights_of(game, q)]
            assert (why_not["deserter"](game, p) is None) == bool(rivals)


def test_cities_and_knights_takes_the_inlined_apply() -> None:
    """The roll's queued steps run through `run_steps`, so no `_apply` override is needed."""
    from engine.rulesets.ck.game import CKGame

    assert CKGame._INLINE_APPLY
    assert CKGame.AUTO_STEPS
