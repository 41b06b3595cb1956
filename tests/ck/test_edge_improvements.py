"""Rules §16 edge cases 32-35: metropolises won, taken, locked and required; and pillage
immunity."""

from __future__ import annotations

from engine.rulesets.ck.actions import ImproveCity, PlaceMetropolis
from engine.shared.actions import Roll

from .ckfix import act, levels, position, seat, spur

TWO_CITIES = [
    seat(cities=(12,), roads=[spur(12)]),
    seat(cities=(38, 22), roads=[spur(38), spur(22)]),
    seat(),
]


def test_edge_32_first_to_four_takes_the_metropolis_a_five_takes_it_from_a_four() -> None:
    game = position(
        pieces=TWO_CITIES,
        hands=[{"cloth": 4}, {}, {}],
        levels=levels(3, seat_0=(3, 0, 0), seat_1=(3, 0, 0)),
    )
    events = act(game, ImproveCity("trade"))
    assert game.metropolis[0] == 12 and game.vp_public[0] == 4
    assert {"kind": "metropolis", "seat": 0, "track": "trade", "vertex": 12} in events
    second = position(
        current=1,
        pieces=TWO_CITIES,
        hands=[{}, {"cloth": 9}, {}],
        levels=levels(3, seat_0=(4, 0, 0), seat_1=(3, 0, 0)),
        metropolis=[12, -1, -1],
    )
    act(second, ImproveCity("trade"))
    assert second.metropolis[0] == 12 and second.vp_public[1] == 4
    act(second, ImproveCity("trade"))
    assert second.phase == "metropolis" and second.to_act == 1
    assert second.legal_actions() == [PlaceMetropolis(22), PlaceMetropolis(38)]
    act(second, PlaceMetropolis(22))
    assert second.metropolis[0] == 22
    assert second.vp_public[0] == 2 and second.vp_public[1] == 6


def test_edge_33_a_metropolis_at_five_is_locked() -> None:
    game = position(
        current=1,
        pieces=TWO_CITIES,
        hands=[{}, {"cloth": 5}, {}],
        levels=levels(3, seat_0=(5, 0, 0), seat_1=(4, 0, 0)),
        metropolis=[12, -1, -1],
    )
    act(game, ImproveCity("trade"))
    assert game.level(1, 0) == 5 and game.metropolis[0] == 12
    assert game.vp_public[0] == 4 and game.vp_public[1] == 4


def test_edge_34_level_four_needs_a_city_without_a_metropolis() -> None:
    game = position(
        pieces=[seat(cities=(12,), roads=[spur(12)]), seat(), seat()],
        hands=[{"cloth": 4}, {}, {}],
        levels=levels(3, seat_0=(3, 4, 0)),
        metropolis=[-1, 12, -1],
    )
    assert game.check(ImproveCity("trade")) == "level 4 needs a city without a metropolis"
    assert ImproveCity("trade") not in game.legal_actions()


def test_edge_35_a_metropolis_city_is_never_pillaged() -> None:
    game = position(
        pending=[["pre_roll", 0, None]],
        dice=None,
        forced_dice=[[1, 2, 3]],
        pieces=[
            seat(settlements=(0,), cities=(12,), roads=[spur(0), spur(12)]),
            seat(cities=(38,), roads=[spur(38)]),
            seat(),
        ],
        levels=levels(3, seat_0=(0, 4, 0)),
        metropolis=[-1, 12, -1],
        barbarian=6,
    )
    events = act(game, Roll())
    attack = next(e for e in events if e["kind"] == "attack")
    assert attack["pillaged"] == [1]
    assert game.vertex_level[12] == 2 and game.vertex_level[38] == 1
