"""Setup with a city in the second round, 13 VP on one's own turn, 3 and 4 seats, the codec."""

from __future__ import annotations

import pytest

from engine import GameConfig, new_game
from engine.errors import ConfigError, IllegalAction
from engine.rulesets.base.actions import BuildRoad, BuildSettlement, BuyDevelopment
from engine.rulesets.ck.actions import CODEC, ImproveCity
from engine.shared.actions import Roll

from .ckfix import act, levels, new, position, seat, spur


def test_the_second_setup_building_is_a_city_with_its_starting_resources() -> None:
    game = new(3, 5)
    while game.phase in ("setup_settlement", "setup_road"):
        second = game.setup_pos >= 3
        seat_ = game.to_act
        assert seat_ is not None
        if game.phase == "setup_settlement":
            v = next(a for a in game.legal_actions() if isinstance(a, BuildSettlement)).vertex
            events = act(game, BuildSettlement(v))
            assert game.vertex_level[v] == (2 if second else 1)
            builds = [(e["piece"], e["vertex"]) for e in events if e["kind"] == "build"]
            assert builds == [("city" if second else "settlement", v)]  # one building, told once
            if second:
                hand = next(e for e in events if e["kind"] == "starting_hand")
                assert hand["count"] == sum(game.hand(seat_))
                assert not any(game.hand(seat_)[5:])  # no commodities at the start
        else:
            act(game, next(a for a in game.legal_actions() if isinstance(a, BuildRoad)))
    assert game.phase == "pre_roll" and game.vp_public == [3, 3, 3]
    assert game.robber == game.board.desert and game.barbarian == 0


@pytest.mark.parametrize("seats", [3, 4])
def test_three_and_four_seats_play_two_do_not(seats: int) -> None:
    game = new_game(GameConfig("ck", seats, 1))
    assert game.num_seats == seats and game.config.options["vp_to_win"] == 13
    with pytest.raises(ConfigError, match="played by 3 or 4 players, not 2"):
        new_game(GameConfig("ck", 2, 1))


def test_thirteen_points_win_on_ones_own_turn() -> None:
    # Seat 0: 2 cities + 4 settlements = 8, a metropolis +2, two defender cards +2 = 12.
    homes = (0, 6, 20, 50)
    game = position(
        pieces=[
            seat(settlements=homes, cities=(12, 38), roads=[spur(v) for v in (*homes, 12, 38)]),
            seat(),
            seat(),
        ],
        hands=[{"paper": 1}, {}, {}],
        levels=levels(3, seat_0=(4, 0, 0)),
        metropolis=[12, -1, -1],
        defenders=[2, 0, 0],
    )
    assert game.vp_public[0] == 12 and game.winner is None
    events = act(game, ImproveCity("science"))
    assert game.winner is None
    over = position(
        pieces=[
            seat(settlements=homes, cities=(12, 38), roads=[spur(v) for v in (*homes, 12, 38)]),
            seat(),
            seat(),
        ],
        levels=levels(3, seat_0=(4, 0, 0)),
        metropolis=[12, -1, -1],
        defenders=[2, 0, 0],
        merchant_hex=0,
        merchant_owner=1,
        pending=[["pre_roll", 1, None]],
        current=1,
        dice=None,
        forced_dice=[[1, 2, 1]],
    )
    del events
    act(over, Roll())
    assert over.winner is None  # 12 points on another's turn do not win
    with_merchant = position(
        pieces=[
            seat(settlements=homes, cities=(12, 38), roads=[spur(v) for v in (*homes, 12, 38)]),
            seat(),
            seat(),
        ],
        hands=[{"brick": 1, "lumber": 1}, {}, {}],
        levels=levels(3, seat_0=(4, 0, 0)),
        metropolis=[12, -1, -1],
        defenders=[1, 0, 0],
        merchant_hex=0,
        merchant_owner=0,
    )
    assert with_merchant.vp_public[0] == 12
    ending = act(with_merchant, with_merchant.legal_actions()[-1])  # end the turn at 12
    assert with_merchant.winner is None and ending[-1]["kind"] == "turn"


def test_a_thirteenth_point_wins_at_once() -> None:
    homes = (0, 6, 20, 50)
    game = position(
        pieces=[
            seat(settlements=homes, cities=(12, 38), roads=[spur(v) for v in (*homes, 12, 38)]),
            seat(),
            seat(),
        ],
        hands=[{"ore": 3, "grain": 2}, {}, {}],
        levels=levels(3, seat_0=(4, 0, 0)),
        metropolis=[12, -1, -1],
        defenders=[2, 0, 0],
    )
    from engine.rulesets.base.actions import BuildCity

    events = act(game, BuildCity(0))
    assert game.winner == 0 and events[-1]["kind"] == "game_over"
    assert "victory_point_cards" not in events[-1]


def test_development_cards_do_not_exist() -> None:
    game = position(pieces=[seat(cities=(12,), roads=[spur(12)]), seat(), seat()])
    assert game.check(BuyDevelopment()) == (
        "Cities & Knights has no development cards (progress cards replace them)"
    )
    with pytest.raises(IllegalAction, match="unknown action type 'buy_development'"):
        CODEC.decode({"type": "buy_development"})
