"""A seat looking at a hand keeps seeing it in a sampled game; saves in the middle of a
displacement keep the knight waiting off the board."""

from __future__ import annotations

import json

from engine.rng import Rng
from engine.rulesets.ck.actions import ChooseSeat, MoveKnight, PlayProgress
from engine.rulesets.ck.game import CKGame

from .ckfix import NV, act, check_invariants, knights, path, position, seat, spur


def test_a_game_sampled_during_master_merchant_shows_the_same_hand() -> None:
    game = position(
        pieces=[
            seat(settlements=(46,), roads=[spur(46)]),
            seat(settlements=(38,), roads=[spur(38)]),
            seat(cities=(12,), roads=[spur(12)]),
        ],
        hands=[{"wool": 1}, {"brick": 2, "paper": 1}, {"ore": 1, "cloth": 2}],
        progress=[{"master_merchant": 1}, {"spy": 1}, {"bishop": 1}],
    )
    act(game, PlayProgress("master_merchant"))
    act(game, ChooseSeat(2))
    view = game.view(0)
    for salt in range(5):
        other = CKGame.sample_consistent(dict(view), Rng(salt))
        assert other.view(0) == view
        assert other.legal_actions() == game.legal_actions()
        check_invariants(other)


def test_a_save_while_a_displaced_knight_waits_restores_the_supply() -> None:
    game = position(
        pieces=[
            seat(settlements=(12,), roads=path(12, 17, 23)),
            seat(settlements=(35,), roads=path(35, 29, 23)),
            seat(),
        ],
        **knights(NV, {17: (0, 2, 1), 23: (1, 1, 1)}),
    )
    act(game, MoveKnight(17, 23))
    assert game.phase == "displaced"
    back = CKGame.restore(game.config, json.loads(json.dumps(game.snapshot())))
    assert back.knights_left == game.knights_left
    check_invariants(back)
    built = CKGame.from_position(game.position())
    assert built.knights_left == game.knights_left and built.legal_actions() == game.legal_actions()


def test_positions_the_rules_cannot_reach_are_refused_with_the_reason() -> None:
    import pytest

    from engine.position import PositionError

    homes = [seat(cities=(12,), roads=[spur(12)]), seat(), seat()]
    walls = [0] * NV
    walls[20] = 1
    cases = [
        ({"barbarian": 7}, "the barbarians are at 7"),
        ({"metropolis": [12, -1, -1]}, "holds the trade metropolis below level 4"),
        ({"metropolis": [20, -1, -1]}, "the trade metropolis on vertex 20 has no city"),
        ({"walls": walls}, "the wall on vertex 20 stands under no city"),
        ({"merchant_hex": 3}, "the merchant needs both a hex and a controlling seat"),
    ]
    for extra, message in cases:
        with pytest.raises(PositionError, match=message):
            position(pieces=homes, **extra)
