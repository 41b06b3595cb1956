"""Setup on the home islands, the one setup ship, and the dealt number chips (rules §6)."""

from __future__ import annotations

import random

from engine import GameConfig, new_game
from engine.rulesets.base.actions import BuildRoad, BuildSettlement
from engine.rulesets.base.game import SETUP_ROAD, SETUP_SETTLEMENT
from engine.rulesets.fleet.actions import BuildShip, SwapChip
from engine.rulesets.fleet.game import FleetGame

from .fleetfix import check_invariants, refused, total_chips

SEED_SETUP = 11


def _new(seats: int = 4, seed: int = SEED_SETUP) -> FleetGame:
    game = new_game(GameConfig("fleet", seats, seed))
    assert isinstance(game, FleetGame)
    return game


def _facing_vertices(game: FleetGame) -> list[int]:
    return [v for v in range(game.board.grid.num_vertices) if game.sea.setup_ship_edges[v]]


def test_setup_both_settlements_on_coasts_second_ship_refused() -> None:
    """Edge case 1: the first seat takes a ship with its first settlement; with its second
    settlement, also on a coast facing the centre, a ship is refused (roads remain)."""
    game = _new()
    first = game.to_act
    rnd = random.Random(SEED_SETUP)
    ships = 0
    while game.phase in (SETUP_SETTLEMENT, SETUP_ROAD):
        seat = game.to_act
        legal = game.legal_actions()
        if seat == first and game.phase == SETUP_SETTLEMENT:
            coast = [a for a in legal if a.vertex in _facing_vertices(game)]  # type: ignore[attr-defined]
            game.apply(coast[0])
        elif seat == first and game.phase == SETUP_ROAD:
            ship_moves = [a for a in legal if isinstance(a, BuildShip)]
            if ships == 0:
                assert ship_moves
                game.apply(ship_moves[0])
                ships += 1
            else:
                assert not ship_moves
                facing = game.sea.setup_ship_edges[game.setup_vertex]
                assert facing
                refused(game, BuildShip(facing[0]), "only one of your two setup placements")
                game.apply(next(a for a in legal if isinstance(a, BuildRoad)))
                ships += 1
        else:
            game.apply(rnd.choice([a for a in legal if not isinstance(a, BuildShip)]))
    assert ships == 2
    assert len(game.fleet[first]) == 2  # one ship: the first of the fleet
    check_invariants(game)


def test_setup_settlement_on_rim_and_land_edges_takes_a_road() -> None:
    """Edge case 2: a W vertex with a rim edge and land edges only offers roads; a ship on
    its rim edge is refused."""
    game = _new()
    grid = game.board.grid
    v = next(
        v
        for v in grid.land_vertices
        if game.sea.home_vertex[v]
        and not game.sea.setup_ship_edges[v]
        and any(grid.edge_rim[e] for e in grid.vertex_edges[v])
    )
    game.apply(BuildSettlement(v))
    legal = game.legal_actions()
    assert legal and all(isinstance(a, BuildRoad) for a in legal)
    rim = next(e for e in grid.vertex_edges[v] if grid.edge_rim[e])
    refused(game, BuildShip(rim), "faces the centre")


def test_setup_settlement_on_an_islet_is_illegal() -> None:
    """Edge case 3: an islet vertex is not a setup spot."""
    game = _new()
    islet_vertex = game.sea.islet_vertices[2][0]  # on I3
    refused(game, BuildSettlement(islet_vertex), "setup settlements go on the home islands")
    spots = {a.vertex for a in game.legal_actions()}  # type: ignore[attr-defined]
    assert spots and all(game.sea.home_vertex[v] for v in spots)


def test_three_players_the_fourth_chip_never_enters_play() -> None:
    """Edge case 33: with 3 seats one of 2, 2, 12, 12 is set aside: no view shows it, it is
    never swapped, and the 27 chips stay board + held + set aside through a random game."""
    game = _new(3, seed=5)
    aside = game.set_aside
    assert aside in (2, 12)
    assert sorted([*game.held_chip, aside]) == [2, 2, 12, 12]
    rnd = random.Random(5)
    swaps = 0
    start = total_chips(game)
    while game.to_act is not None and game.turn < 250:
        legal = game.legal_actions()
        chip_moves = [a for a in legal if isinstance(a, SwapChip)]
        action = chip_moves[0] if chip_moves and rnd.random() < 0.5 else rnd.choice(legal)
        for event in game.apply(action):
            swaps += event.kind == "chip_swap"
        assert game.set_aside == aside
        assert total_chips(game) == start
    assert swaps > 0
    for seat in range(3):
        view = game.view(seat)
        assert "set_aside" not in view
        assert len(view["held_chips"]) == 3
