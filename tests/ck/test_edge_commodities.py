"""Rules §16 edge cases 15-19, 36, 37: commodities produced, blocked, short, the Aqueduct,
the hand limit with walls, and commodity trading with the bank."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.rulesets.ck.actions import PickResource
from engine.shared.actions import MaritimeTrade, Roll

from .ckfix import NV, act, levels, position, seat, spur


def rolling(dice: list[int], current: int = 0, **kw: Any) -> Any:
    return position(
        pending=[["pre_roll", current, None]], current=current, dice=None, forced_dice=[dice], **kw
    )


def hand(game: Any, p: int) -> dict[str, int]:
    return {k: n for k, n in zip(game.HAND_CARDS.names, game.hand(p), strict=True) if n}


EIGHT = [4, 4, 4]  # red 4 + yellow 4; the yellow gate with no levels draws nothing


def test_edge_15_a_forest_city_takes_a_lumber_and_a_paper_never_two_lumber() -> None:
    game = rolling(EIGHT, pieces=[seat(cities=(38,), roads=[spur(38)]), seat(), seat()])
    events = act(game, Roll())
    assert hand(game, 0) == {"lumber": 1, "paper": 1}
    production = next(e for e in events if e["kind"] == "production")
    assert production["gains"] == {"0": {"lumber": 1, "paper": 1}}


def test_edge_16_the_robber_on_mountains_blocks_ore_and_coin() -> None:
    game = rolling(
        EIGHT,
        pieces=[seat(cities=(26,), roads=[spur(26)]), seat(), seat()],
        robber=11,
        robber_active=True,
    )
    act(game, Roll())
    assert hand(game, 0) == {}
    open_game = rolling(EIGHT, pieces=[seat(cities=(26,), roads=[spur(26)]), seat(), seat()])
    act(open_game, Roll())
    assert hand(open_game, 0) == {"ore": 1, "coin": 1}


def test_edge_17_a_paper_shortage_pays_no_paper_but_still_the_lumber() -> None:
    game = rolling(
        EIGHT,
        pieces=[seat(cities=(38,), roads=[spur(38)]), seat(cities=(28,), roads=[spur(28)]), seat()],
        hands=[{}, {}, {"paper": 11}],
    )
    assert game.bank[game.HAND_CARDS.index["paper"]] == 1
    act(game, Roll())
    assert hand(game, 0) == {"lumber": 1} and hand(game, 1) == {"lumber": 1}


@pytest.mark.parametrize("blocked", [False, True])
def test_edge_18_the_aqueduct_pays_a_resource_of_choice_after_a_roll_that_paid_nothing(
    blocked: bool,
) -> None:
    pieces = [
        seat(cities=(38,), roads=[spur(38)]),
        seat(settlements=(26,) if blocked else (22,), roads=[spur(26) if blocked else spur(22)]),
        seat(),
    ]
    extra: dict[str, Any] = {"robber": 11, "robber_active": True} if blocked else {}
    game = rolling(EIGHT, pieces=pieces, levels=levels(3, seat_1=(0, 0, 3)), **extra)
    act(game, Roll())
    assert game.phase == "aqueduct" and game.to_act == 1
    assert PickResource("ore") in game.legal_actions()
    assert PickResource("paper") not in game.legal_actions()
    act(game, PickResource("ore"))
    assert hand(game, 1) == {"ore": 1} and game.phase == "main"


def test_edge_18_no_aqueduct_on_a_seven() -> None:
    game = rolling(
        [3, 4, 4],
        pieces=[seat(), seat(settlements=(22,), roads=[spur(22)]), seat()],
        levels=levels(3, seat_1=(0, 0, 3)),
    )
    act(game, Roll())
    assert [d.kind for d in game.pending] == ["main"]


@pytest.mark.parametrize(("cards", "owed"), [(11, 0), (12, 6)])
def test_edge_19_two_walls_raise_the_hand_limit_to_eleven(cards: int, owed: int) -> None:
    walls = [0] * NV
    walls[38] = walls[12] = 1
    game = rolling(
        [3, 4, 4],
        pieces=[seat(), seat(cities=(38, 12), roads=[spur(38), spur(12)]), seat()],
        hands=[{}, {"grain": cards}, {}],
        walls=walls,
    )
    # Every seat sees each seat's limit (public: walls are on the board).
    assert [p["hand_limit"] for p in game.view(0)["players"]] == [7, 11, 7]
    act(game, Roll())
    assert game.discard_owed == [0, owed, 0]


def test_edge_36_the_trading_house_trades_commodities_at_two_not_resources() -> None:
    game = position(
        pieces=[seat(cities=(12,), roads=[spur(12)]), seat(), seat()],
        hands=[{"cloth": 2, "brick": 2}, {}, {}],
        levels=levels(3, seat_0=(3, 0, 0)),
    )
    assert MaritimeTrade("cloth", "ore") in game.legal_actions()
    assert game.check(MaritimeTrade("brick", "ore")) == (
        "trading brick with the bank takes 4 brick (you have 2)"
    )
    act(game, MaritimeTrade("cloth", "ore"))
    assert hand(game, 0) == {"ore": 1, "brick": 2}


def test_edge_37_a_generic_harbour_takes_commodities_a_wool_harbour_does_not() -> None:
    game = position(
        pieces=[
            seat(settlements=(0,), roads=[spur(0)]),
            seat(settlements=(46,), roads=[spur(46)]),
            seat(),
        ],
        hands=[{"coin": 3}, {"cloth": 2, "wool": 2}, {}],
    )
    act(game, MaritimeTrade("coin", "wool"))
    assert hand(game, 0) == {"wool": 1}
    other = position(
        current=1,
        pieces=[
            seat(settlements=(0,), roads=[spur(0)]),
            seat(settlements=(46,), roads=[spur(46)]),
            seat(),
        ],
        hands=[{}, {"cloth": 2, "wool": 2}, {}],
    )
    with pytest.raises(IllegalAction, match=r"cloth with the bank takes 4 cloth \(you have 2\)"):
        other.apply(MaritimeTrade("cloth", "ore"))
    act(other, MaritimeTrade("wool", "paper"))
    assert hand(other, 1) == {"cloth": 2, "paper": 1}
