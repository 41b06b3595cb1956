"""Rules §16 edge cases 38-46 and the other progress cards' choices, each on the stack."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.rulesets.base.actions import BuildCity, BuildRoad
from engine.rulesets.ck.actions import (
    ChooseSeat,
    GiveCard,
    HarborExchange,
    ImproveCity,
    NameCard,
    Pass,
    PlaceMerchant,
    PlayProgress,
    PromoteKnight,
    RemoveRoad,
    SwapNumbers,
    TakeCard,
    TargetKnight,
)
from engine.shared.actions import Discard, MaritimeTrade, MoveRobber, Steal

from .ckfix import NV, act, knights, path, position, seat, spur


def hand(game: Any, p: int) -> dict[str, int]:
    return {k: n for k, n in zip(game.HAND_CARDS.names, game.hand(p), strict=True) if n}


HOMES = [
    seat(cities=(12,), roads=[spur(12)]),
    seat(settlements=(38,), roads=[spur(38)]),
    seat(settlements=(46,), roads=[spur(46)]),
]


def test_edge_38_crane_makes_a_first_level_free_and_two_do_not_combine() -> None:
    game = position(pieces=HOMES, progress=[{"crane": 2}, {}, {}])
    assert game.check(ImproveCity("science")) == "science level 1 costs 1 paper"
    act(game, PlayProgress("crane"))
    assert game.check(PlayProgress("crane")) == (
        "a Crane's discount of this turn is still unused (two do not combine)"
    )
    act(game, ImproveCity("science"))
    assert game.level(0, 2) == 1 and not game.crane


def test_edge_39_medicine_upgrades_a_settlement_for_two_ore_and_a_grain() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=[spur(12)]), seat(), seat()],
        hands=[{"ore": 2, "grain": 1}, {}, {}],
        progress=[{"medicine": 1}, {}, {}],
    )
    act(game, PlayProgress("medicine"))
    assert game.legal_actions() == [BuildCity(12)]
    act(game, BuildCity(12))
    assert game.vertex_level[12] == 2 and hand(game, 0) == {} and game.phase == "main"
    assert game.vp_public[0] == 2
    none = position(
        pieces=[seat(cities=(12,), roads=[spur(12)]), seat(), seat()],
        hands=[{"ore": 2, "grain": 1}, {}, {}],
        progress=[{"medicine": 1}, {}, {}],
    )
    assert none.check(PlayProgress("medicine")) == "Medicine needs a settlement to upgrade"


def test_edge_40_inventor_cannot_move_a_six_or_a_two() -> None:
    game = position(pieces=HOMES, progress=[{"inventor": 1}, {}, {}])
    act(game, PlayProgress("inventor"))
    refusal = "swap two different tokens, none of them a 2, 12, 6 or 8"
    assert game.check(SwapNumbers(0, 4)) == refusal  # hex 4 holds the 6
    assert game.check(SwapNumbers(0, 1)) == refusal  # hex 1 holds the 2
    act(game, SwapNumbers(0, 2))
    assert (game.board.number[0], game.board.number[2]) == (9, 10)
    assert 0 in game.board.hexes_by_number[9] and 2 in game.board.hexes_by_number[10]


def test_edge_41_resource_monopoly_takes_two_from_each_or_what_they_have() -> None:
    game = position(
        seats=4,
        pieces=[*HOMES, seat()],
        hands=[{}, {}, {"ore": 1}, {"ore": 3}],
        progress=[{"resource_monopoly": 1}, {}, {}, {}],
    )
    act(game, PlayProgress("resource_monopoly"))
    assert NameCard("paper") not in game.legal_actions()
    events = act(game, NameCard("ore"))
    assert hand(game, 0) == {"ore": 3} and hand(game, 3) == {"ore": 1}
    assert events[-1]["taken"] == {"2": 1, "3": 2}


def test_edge_42_commercial_harbor_with_no_commodity_is_cancelled() -> None:
    game = position(
        pieces=HOMES,
        hands=[{"brick": 2}, {"ore": 3}, {"coin": 1}],
        progress=[{"commercial_harbor": 1}, {}, {}],
    )
    act(game, PlayProgress("commercial_harbor"))
    events = act(game, HarborExchange(1, "brick"))
    assert events == [{"kind": "harbor_cancelled", "seat": 0, "with": 1}]
    assert hand(game, 0) == {"brick": 2}
    assert game.check(HarborExchange(1, "brick")) == (
        "seat 1 already had a Commercial Harbor exchange this turn"
    )
    act(game, HarborExchange(2, "brick"))
    assert game.to_act == 2 and game.legal_actions() == [GiveCard("coin")]
    act(game, GiveCard("coin"))
    assert hand(game, 0) == {"brick": 1, "coin": 1} and hand(game, 2) == {"brick": 1}


def test_edge_43_master_merchant_and_wedding_need_more_vp_saboteur_hits_equal() -> None:
    equal = [
        seat(settlements=(12,), roads=[spur(12)]),
        seat(settlements=(38,), roads=[spur(38)]),
        seat(settlements=(46,), roads=[spur(46)]),
    ]
    game = position(
        pieces=equal,
        hands=[{}, {"ore": 4}, {"wool": 3}],
        progress=[{"master_merchant": 1, "wedding": 1, "saboteur": 1}, {}, {}],
    )
    assert game.check(PlayProgress("master_merchant")) == (
        "Master Merchant needs an opponent with more VP"
    )
    assert (
        game.check(PlayProgress("wedding"))
        == "Wedding needs an opponent with more VP holding cards"
    )
    act(game, PlayProgress("saboteur"))
    assert game.discard_owed == [0, 2, 1]
    act(game, Discard("ore"))
    act(game, Discard("ore"))
    act(game, Discard("wool"))
    assert game.phase == "main" and hand(game, 1) == {"ore": 2} and hand(game, 2) == {"wool": 2}


def test_master_merchant_looks_at_a_richer_hand_and_takes_two() -> None:
    game = position(
        pieces=[
            seat(settlements=(46,), roads=[spur(46)]),
            seat(settlements=(38,), roads=[spur(38)]),
            seat(cities=(12,), roads=[spur(12)]),
        ],
        hands=[{}, {}, {"ore": 1, "cloth": 2}],
        progress=[{"master_merchant": 1, "wedding": 1}, {}, {}],
    )
    act(game, PlayProgress("master_merchant"))
    assert game.legal_actions() == [ChooseSeat(2)]
    act(game, ChooseSeat(2))
    assert game.view(0)["me"]["looking_at"]["cloth"] == 2  # type: ignore[typeddict-item]
    assert "looking_at" not in game.view(1).get("me", {})
    act(game, TakeCard("cloth"))
    act(game, TakeCard("ore"))
    assert hand(game, 0) == {"cloth": 1, "ore": 1} and game.phase == "main"
    act(game, PlayProgress("wedding"))
    assert game.to_act == 2 and game.legal_actions() == [GiveCard("cloth")]
    act(game, GiveCard("cloth"))
    assert hand(game, 0) == {"cloth": 2, "ore": 1} and game.phase == "main"


def test_edge_44_a_second_merchant_takes_the_merchants_point() -> None:
    game = position(
        current=1,
        pieces=HOMES,
        hands=[{}, {"lumber": 2}, {}],
        progress=[{}, {"merchant": 1}, {}],
        merchant_hex=0,
        merchant_owner=0,
    )
    assert game.vp_public[0] == 3
    act(game, PlayProgress("merchant"))
    assert game.legal_actions() == [PlaceMerchant(12)]  # the forest next to vertex 38
    act(game, PlaceMerchant(12))
    assert game.merchant_owner == 1 and game.vp_public[0] == 2 and game.vp_public[1] == 2
    assert game.rates[1 * 8 + 1] == 2
    act(game, MaritimeTrade("lumber", "wool"))
    assert hand(game, 1) == {"wool": 1}


def test_edge_45_diplomat_cannot_put_your_road_back_where_it_was() -> None:
    roads = path(12, 17, 23)
    game = position(
        pieces=[seat(settlements=(12,), roads=roads), seat(), seat()],
        progress=[{"diplomat": 1}, {}, {}],
    )
    act(game, PlayProgress("diplomat"))
    assert RemoveRoad(roads[1]) in game.legal_actions()
    assert (
        RemoveRoad(roads[0]) not in game.legal_actions()
    )  # its ends hold the settlement and a road
    act(game, RemoveRoad(roads[1]))
    assert game.phase == "diplomat_road" and Pass() in game.legal_actions()
    assert game.check(BuildRoad(roads[1])) == "placing the road back where it was has no effect"
    other = next(a for a in game.legal_actions() if isinstance(a, BuildRoad))
    act(game, other)
    assert game.edge_owner[other.edge] == 0 and game.roads_left[0] == 13


def test_edge_46_bishop_takes_one_card_per_player_however_many_buildings() -> None:
    game = position(
        pieces=[
            seat(cities=(12,), roads=[spur(12)]),
            seat(settlements=(35, 44), roads=[spur(35), spur(44)]),
            seat(settlements=(34,), roads=[spur(34)]),
        ],
        hands=[{}, {"ore": 5}, {"wool": 2}],
        progress=[{"bishop": 1}, {}, {}],
        robber_active=True,
    )
    act(game, PlayProgress("bishop"))
    assert game.phase == "move_robber"
    events = act(game, MoveRobber(13))  # mountains 3: vertices 35, 29, 34, 39, 44, 40
    steals = [e for e in events if e["kind"] == "steal"]
    assert [e["victim"] for e in steals] == [1, 2]
    assert sum(game.hand(1)) == 4 and sum(game.hand(2)) == 1 and sum(game.hand(0)) == 2
    assert Steal(1) not in game.legal_actions()


def test_merchant_fleet_trades_the_named_card_at_two_for_the_turn() -> None:
    game = position(
        pieces=HOMES, hands=[{"coin": 2}, {}, {}], progress=[{"merchant_fleet": 1}, {}, {}]
    )
    act(game, PlayProgress("merchant_fleet"))
    assert len(game.legal_actions()) == 8
    act(game, NameCard("coin"))
    act(game, MaritimeTrade("coin", "brick"))
    assert hand(game, 0) == {"brick": 1}
    act(game, game.legal_actions()[-1])  # end the turn: the rate goes
    assert game.rates[7] == 4


def test_smith_promotes_two_knights_free_and_intrigue_displaces_one() -> None:
    game = position(
        pieces=[seat(settlements=(12,), roads=path(12, 17, 23)), seat(), seat()],
        progress=[{"smith": 1, "intrigue": 1, "warlord": 1}, {}, {}],
        **knights(NV, {17: (0, 1, 0), 23: (1, 1, 1)}),
    )
    act(game, PlayProgress("smith"))
    assert game.legal_actions() == [PromoteKnight(17), Pass()]
    act(game, PromoteKnight(17))
    assert game.knight_level[17] == 2 and game.phase == "main"
    act(game, PlayProgress("intrigue"))
    assert game.legal_actions() == [TargetKnight(23)]
    act(game, TargetKnight(23))
    assert game.knight_owner[23] == -1 and game.knights_left[3] == 2
    act(game, PlayProgress("warlord"))
    assert game.knight_active[17] == 1


@pytest.mark.parametrize(
    ("card", "resource", "gained"), [("irrigation", "grain", 2), ("mining", "ore", 2)]
)
def test_irrigation_and_mining_pay_two_per_adjacent_hex(
    card: str, resource: str, gained: int
) -> None:
    game = position(pieces=HOMES, progress=[{card: 1}, {}, {}])
    act(game, PlayProgress(card))
    assert hand(game, 0) == {resource: gained}


def test_a_card_refused_for_the_wrong_moment_names_why() -> None:
    game = position(
        pieces=HOMES,
        hands=[{}, {"ore": 4}, {}],
        progress=[{}, {"warlord": 1}, {}],
        pending=[["main", 0, None], ["discard", 1, 2]],
    )
    with pytest.raises(IllegalAction, match="played only on your own turn"):
        game.apply(PlayProgress("warlord"))
    mine = position(pieces=HOMES, progress=[{"warlord": 1}, {}, {}])
    with pytest.raises(IllegalAction, match="revealed when drawn"):
        mine.apply(PlayProgress("printer"))


def test_road_building_engineer_and_trade_monopoly() -> None:
    game = position(
        pieces=[seat(cities=(12,), roads=path(12, 17)), HOMES[1], HOMES[2]],
        hands=[{}, {"coin": 2, "ore": 1}, {"paper": 1}],
        progress=[{"road_building": 1, "engineer": 1, "trade_monopoly": 1}, {}, {}],
    )
    act(game, PlayProgress("road_building"))
    assert game.phase == "road_building"
    act(game, next(a for a in game.legal_actions() if isinstance(a, BuildRoad)))
    act(game, next(a for a in game.legal_actions() if isinstance(a, BuildRoad)))
    assert game.roads_left[0] == 12 and game.phase == "main"
    act(game, PlayProgress("engineer"))
    assert [a.to_json() for a in game.legal_actions()] == [{"type": "build_wall", "vertex": 12}]
    act(game, game.legal_actions()[0])
    assert game.walls[12] == 1 and game.discard_limit(0) == 9
    act(game, PlayProgress("trade_monopoly"))
    assert [a.card for a in game.legal_actions() if isinstance(a, NameCard)] == [
        "paper",
        "cloth",
        "coin",
    ]
    act(game, NameCard("coin"))
    assert hand(game, 0) == {"coin": 1} and hand(game, 1) == {"coin": 1, "ore": 1}


def _deserter_game(placed: dict[int, tuple[int, int, int]]) -> Any:
    """Seat 0 holds Deserter, with roads past vertices 17 and 29; seat 1's road reaches 33;
    `placed`: vertex -> (owner, strength, active) of the knights on the board."""
    return position(
        pieces=[
            seat(settlements=(12,), roads=path(12, 17, 23, 29)),
            seat(settlements=(38,), roads=path(38, 33)),
            seat(),
        ],
        progress=[{"deserter": 1}, {}, {}],
        **knights(NV, placed),
    )


def test_a_deserter_of_a_strength_you_lack_brings_your_strongest_weaker_knight() -> None:
    game = _deserter_game({17: (0, 3, 0), 29: (0, 3, 0), 33: (1, 3, 1)})
    act(game, PlayProgress("deserter"))
    act(game, ChooseSeat(1))
    act(game, game.legal_actions()[0])
    act(game, next(a for a in game.legal_actions() if a.type == "place_knight"))
    placed = [v for v, p in enumerate(game.knight_owner) if p == 0 and v not in (17, 29)]
    assert len(placed) == 1 and game.knight_level[placed[0]] == 2
    assert game.knight_active[placed[0]] == 1  # the deserter keeps its status


def test_diplomat_removes_a_rivals_open_road_and_the_merchant_on_the_desert_scores_only() -> None:
    game = position(
        pieces=[
            seat(settlements=(24,), roads=[spur(24)]),
            seat(settlements=(38,), roads=path(38, 33, 27)),
            seat(),
        ],
        progress=[{"diplomat": 1, "merchant": 1}, {}, {}],
    )
    rival = path(38, 33, 27)
    act(game, PlayProgress("diplomat"))
    assert RemoveRoad(rival[1]) in game.legal_actions()
    act(game, RemoveRoad(rival[1]))
    assert game.edge_owner[rival[1]] == -1 and game.roads_left[1] == 14 and game.phase == "main"
    act(game, PlayProgress("merchant"))
    act(game, PlaceMerchant(9))  # the desert next to vertex 24
    assert game.vp_public[0] == 2 and game.rates[0:5] == [4, 4, 4, 4, 4]


def test_a_deserter_with_no_knight_to_take_its_place_is_said_and_lost() -> None:
    """Both of the player's basic knights are out, so a basic deserter has none to become: it
    leaves the board, and an event says why (it once vanished without a word)."""
    from tui.faces import face
    from tui.narrate import narrate

    game = _deserter_game({17: (0, 1, 0), 29: (0, 1, 0), 33: (1, 1, 1)})
    act(game, PlayProgress("deserter"))
    act(game, ChooseSeat(1))
    events = game.apply(game.legal_actions()[0])
    lost = [e for e in events if e.kind == "deserter_lost"]
    assert [dict(e.data) for e in lost] == [{"seat": 0, "why": "no_knight"}]
    assert game.knight_owner[33] == -1 and game.knights_left[1 * 3] == 2
    assert sum(p == 0 for p in game.knight_owner) == 2 and game.phase == "main"
    said = narrate(lost[0].for_seat(0), ["Red", "Blue", "White"], 0, None, face("ck").tell())
    assert said == "The deserter does not join you: no knight of yours left."
