"""The value bot's harbour-aware progress and discard-risk terms (ai/features/base.py)."""

from __future__ import annotations

from ai.features import base as feats
from engine.config import GameConfig
from engine.registry import new_game
from engine.rulesets.base.game import BaseGame


def _game(seats: int = 4) -> BaseGame:
    game = new_game(GameConfig("base", seats, 3))
    assert isinstance(game, BaseGame)
    return game


def test_discard_risk_starts_above_the_limit_and_grows_with_the_hand() -> None:
    game = _game()
    assert feats.discard_risk(game, 0, 7) == 0.0
    eight, nine, ten = (feats.discard_risk(game, 0, n) for n in (8, 9, 10))
    assert 0.0 < eight == nine < ten  # a 7 takes half, rounded down


def test_discard_risk_is_higher_with_more_seats_rolling_before_my_turn() -> None:
    assert feats.discard_risk(_game(4), 0, 8) > feats.discard_risk(_game(2), 0, 8)


def test_a_harbour_makes_the_surplus_of_its_kind_count_toward_a_build() -> None:
    city = BaseGame.PRICES["city"]  # grain 2, ore 3
    hand = [0, 0, 2, 1, 3]  # one grain short, two wool to spare
    plain = [4, 4, 4, 4, 4]
    wool_harbour = [4, 4, 2, 4, 4]
    assert feats._missing_at_rates(hand, city, plain) == 1
    assert feats._missing_at_rates(hand, city, wool_harbour) < 1


def test_the_evaluation_prefers_spending_down_to_seven_over_holding_eight() -> None:
    """Same position, one card fewer above the limit scores higher (seed 3)."""
    game = _game()
    seat = 0
    hand = [2, 2, 2, 1, 1]  # 8 cards
    game.hands[0:5] = hand
    holding = feats.evaluate(game, seat)
    game.hands[0:5] = [2, 2, 1, 1, 1]  # 7 cards
    spent = feats.evaluate(game, seat)
    assert spent > holding
