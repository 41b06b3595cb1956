"""Rules §16 edge cases 1-14: the event die, the barbarians' attack and the delayed robber."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import IllegalAction
from engine.rulesets.base.actions import BuildSettlement
from engine.rulesets.ck.actions import (
    ChaseRobber,
    DrawProgress,
    ImproveCity,
    LoseCity,
    PlayProgress,
)
from engine.shared.actions import Discard, MoveRobber, Roll

from .ckfix import NV, act, edge, knights, levels, position, seat, spur

DESERT = 9
DELAYED = "the robber stays on the desert until the barbarians' first attack"


def rolling(**kw: Any) -> Any:
    """A game before seat `current`'s roll, the dice forced."""
    current = kw.pop("current", 0)
    return position(pending=[["pre_roll", current, None]], current=current, dice=None, **kw)


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]


def test_edge_01_ship_and_seven_before_the_first_attack_only_discards() -> None:
    game = rolling(hands=[{}, {"brick": 9}, {}], forced_dice=[[3, 4, 1]])
    events = act(game, Roll())
    assert kinds(events)[:2] == ["dice", "barbarians"] and game.barbarian == 1
    assert [d.kind for d in game.pending] == ["main", "discard"]
    for _ in range(4):
        act(game, Discard("brick"))
    assert [d.kind for d in game.pending] == ["main"]
    assert game.robber == DESERT and not game.robber_active


def test_edge_02_an_attack_on_a_seven_wakes_the_robber_before_discards_and_the_move() -> None:
    game = rolling(
        pieces=[seat(cities=(12,), roads=[edge_of(12, 17)]), seat(), seat()],
        hands=[{}, {"brick": 9}, {}],
        forced_dice=[[3, 4, 2]],
        barbarian=6,
        **knights(NV, {17: (0, 1, 1)}),
    )
    events = act(game, Roll())
    assert kinds(events) == ["dice", "barbarians", "attack", "defender", "must_discard"]
    assert game.robber_active and game.barbarian == 0
    assert [d.kind for d in game.pending] == ["main", "move_robber", "discard"]
    for _ in range(4):
        act(game, Discard("brick"))
    assert game.phase == "move_robber" and game.to_act == 0
    act(game, MoveRobber(0))
    assert game.robber == 0


def edge_of(u: int, w: int) -> int:
    from .ckfix import _GRID_GAME

    return edge(_GRID_GAME, u, w)


def test_edge_03_chasing_the_robber_or_bishop_before_the_first_attack_is_refused() -> None:
    game = position(progress=[{"bishop": 1}, {}, {}], **knights(NV, {24: (0, 1, 1)}))
    assert game.check(ChaseRobber(24)) == DELAYED
    assert game.check(PlayProgress("bishop")) == DELAYED
    legal = game.legal_actions()
    assert ChaseRobber(24) not in legal and PlayProgress("bishop") not in legal


def test_edge_04_a_metropolis_city_counts_once_for_the_barbarians() -> None:
    game = position(
        pieces=[
            seat(cities=(12, 22), roads=[spur(12), spur(22)]),
            seat(cities=(38,), roads=[spur(38)]),
            seat(cities=(46,), roads=[spur(46)]),
        ],
        metropolis=[46, -1, -1],
        levels=levels(3, seat_2=(4, 0, 0)),
    )
    assert game.barbarian_strength() == 4
    assert game.vp_public[2] == 4


def four_cities(**kw: Any) -> Any:
    return rolling(
        pieces=[
            seat(cities=(12, 22), roads=[edge_of(12, 17), spur(22)]),
            seat(cities=(38,), roads=[edge_of(33, 38)]),
            seat(cities=(46,), roads=[edge_of(41, 46)]),
        ],
        forced_dice=[[1, 2, 3]],
        barbarian=6,
        **kw,
    )


def test_edge_05_a_tie_between_barbarians_and_knights_goes_to_catan() -> None:
    game = four_cities(**knights(NV, {17: (0, 2, 1), 33: (1, 1, 1), 41: (2, 1, 1)}))
    events = act(game, Roll())
    attack = next(e for e in events if e["kind"] == "attack")
    assert attack["barbarians"] == 4 and attack["defenders"] == 4 and attack["catan_wins"]
    assert attack["defender"] == 0 and game.defenders == [1, 0, 0]
    assert "pillaged" not in attack


@pytest.mark.parametrize(("current", "order"), [(0, [0, 1]), (1, [1, 0]), (2, [0, 1])])
def test_edge_06_tied_defenders_draw_a_card_of_their_choice_in_turn_order(
    current: int, order: list[int]
) -> None:
    game = rolling(
        current=current,
        pieces=[
            seat(cities=(12,), roads=[edge_of(12, 17)]),
            seat(cities=(38,), roads=[edge_of(33, 38)]),
            seat(cities=(46,), roads=[edge_of(41, 46)]),
        ],
        forced_dice=[[1, 2, 3]],
        barbarian=6,
        **knights(NV, {17: (0, 3, 1), 33: (1, 3, 1), 41: (2, 1, 1)}),
    )
    events = act(game, Roll())
    attack = next(e for e in events if e["kind"] == "attack")
    assert attack["tied"] == order and "defender" not in attack and game.defenders == [0, 0, 0]
    first, second = order
    assert game.phase == "defender_draw" and game.to_act == first
    assert game.legal_actions() == [DrawProgress(d) for d in ("trade", "politics", "science")]
    act(game, DrawProgress("science"))
    assert game.progress_count(first) == 1 or game.vp_public[first] == 3
    assert game.phase == "defender_draw" and game.to_act == second
    act(game, DrawProgress("trade"))
    assert game.phase == "main"


def test_edge_07_catan_wins_with_nothing_on_either_side_and_nobody_is_rewarded() -> None:
    game = rolling(forced_dice=[[1, 2, 3]], barbarian=6)
    events = act(game, Roll())
    attack = next(e for e in events if e["kind"] == "attack")
    assert attack["catan_wins"] and "defender" not in attack and "tied" not in attack
    assert game.defenders == [0, 0, 0] and [d.kind for d in game.pending] == ["main"]


def test_edge_08_a_seat_with_only_a_metropolis_city_is_skipped_by_the_pillage() -> None:
    game = four_cities(
        metropolis=[38, -1, -1],
        levels=levels(3, seat_1=(4, 0, 0)),
        **knights(NV, {41: (2, 1, 1)}),
    )
    events = act(game, Roll())
    attack = next(e for e in events if e["kind"] == "attack")
    assert not attack["catan_wins"] and attack["pillaged"] == [0]
    assert game.phase == "pillage" and game.to_act == 0
    assert game.legal_actions() == [LoseCity(12), LoseCity(22)]
    act(game, LoseCity(22))
    assert game.vertex_level[22] == 1 and game.vertex_level[38] == 2
    assert game.vp_public == [3, 4, 2]


def test_edge_09_seats_tied_for_the_weakest_both_lose_a_city() -> None:
    game = rolling(
        pieces=[
            seat(cities=(12,), roads=[spur(12)]),
            seat(cities=(38,), roads=[edge_of(33, 38)]),
            seat(cities=(46,), roads=[spur(46)]),
        ],
        forced_dice=[[1, 2, 3]],
        barbarian=6,
        **knights(NV, {33: (1, 1, 1)}),
    )
    events = act(game, Roll())
    assert next(e for e in events if e["kind"] == "attack")["pillaged"] == [0, 2]
    assert [game.vertex_level[v] for v in (12, 38, 46)] == [1, 2, 1]


def test_edge_10_every_exposed_seat_at_the_same_strength_loses_a_city() -> None:
    game = rolling(
        pieces=[
            seat(cities=(12,), roads=[spur(12)]),
            seat(cities=(38,), roads=[spur(38)]),
            seat(cities=(46,), roads=[spur(46)]),
        ],
        forced_dice=[[1, 2, 3]],
        barbarian=6,
    )
    events = act(game, Roll())
    assert next(e for e in events if e["kind"] == "attack")["pillaged"] == [0, 1, 2]
    assert [game.vertex_level[v] for v in (12, 38, 46)] == [1, 1, 1]


def test_edge_11_a_pillaged_wall_lowers_the_hand_limit_for_the_same_rolls_seven() -> None:
    walls = [0] * NV
    walls[38] = 1
    game = rolling(
        pieces=[
            seat(cities=(12,), roads=[edge_of(12, 17)]),
            seat(cities=(38,), roads=[spur(38)]),
            seat(),
        ],
        hands=[{}, {"grain": 8}, {}],
        forced_dice=[[3, 4, 1]],
        barbarian=6,
        walls=walls,
        **knights(NV, {17: (0, 1, 1)}),
    )
    assert game.discard_limit(1) == 9
    act(game, Roll())
    assert game.walls[38] == 0 and game.vertex_level[38] == 1
    assert game.discard_owed == [0, 4, 0]


def test_edge_12_a_pillaged_city_becomes_a_settlement_even_with_none_in_supply() -> None:
    homes = (0, 6, 20, 43, 50)
    game = rolling(
        pieces=[
            seat(settlements=homes, cities=(12,), roads=[spur(v) for v in (*homes, 12)]),
            seat(),
            seat(),
        ],
        forced_dice=[[1, 2, 3]],
        barbarian=6,
    )
    act(game, Roll())
    assert game.vertex_level[12] == 1 and game.settlements_left[0] == 0
    assert game.cities_left[0] == 4 and game.vp_public[0] == 6
    assert game.check(BuildSettlement(30)) == (
        "no settlements left in your supply (upgrade one to a city first)"
    )


def test_edge_13_without_a_city_levels_stay_cards_still_come_improvements_wait() -> None:
    game = rolling(
        pieces=[seat(cities=(12,), roads=[spur(12)]), seat(), seat()],
        hands=[{"coin": 5}, {}, {}],
        forced_dice=[[1, 2, 3]],
        barbarian=6,
        levels=levels(3, seat_0=(0, 1, 0)),
    )
    act(game, Roll())
    assert game.vertex_level[12] == 1 and game.level(0, 1) == 1
    assert game.check(ImproveCity("politics")) == "a city improvement needs a city on the board"
    drawing = rolling(
        pieces=[seat(settlements=(12,), roads=[spur(12)]), seat(), seat()],
        forced_dice=[[1, 2, 5]],
        levels=levels(3, seat_0=(0, 1, 0)),
    )
    events = act(drawing, Roll())
    assert any(e["kind"] in ("progress_drawn", "progress_revealed") for e in events)


def test_edge_14_after_an_attack_every_knight_is_inactive_and_the_ship_is_home() -> None:
    game = four_cities(**knights(NV, {17: (0, 2, 1), 33: (1, 1, 1), 41: (2, 1, 0)}))
    act(game, Roll())
    assert game.barbarian == 0 and not any(game.knight_active)
    assert sorted(v for v, p in enumerate(game.knight_owner) if p >= 0) == [17, 33, 41]


def test_a_settlement_is_refused_while_the_supply_is_empty_after_a_pillage() -> None:
    homes = (0, 6, 20, 43, 50)
    game = position(
        pieces=[
            seat(settlements=(*homes, 12), roads=[spur(v) for v in (*homes, 12)]),
            seat(),
            seat(),
        ],
        hands=[{"brick": 1, "lumber": 1, "wool": 1, "grain": 1}, {}, {}],
    )
    assert game.settlements_left[0] == 0
    with pytest.raises(IllegalAction, match="no settlements left"):
        game.apply(BuildSettlement(30))
