"""Building ships: one fleet per player, grown at its ends while it touches home (rules §8.2)."""

from __future__ import annotations

from engine.rulesets.base.actions import BuildRoad, PlayRoadBuilding
from engine.rulesets.base.game import ROAD_BUILDING
from engine.rulesets.fleet.actions import BuildShip, MoveFleet, MovePirate, StartFleetPhase
from engine.rulesets.fleet.phases import FLEET

from .fleetfix import NORTH_SEA, S, check_invariants, corners, edge, fleet_game, hid, legal, refused

SHIP = {"lumber": 2, "wool": 2}


MAP = fleet_game()
C = corners(MAP, NORTH_SEA)  # the six corners of the sea hex north of W
HOME = C[3]  # the W vertex of (-2,-2) forest, (-2,-1) pasture and the north sea (-1,-2)
INLAND = next(v for v in MAP.board.grid.vertex_adjacent[HOME] if v not in C)  # W, one edge away
FOUR_SHIPS = (C[2], C[3], C[4], C[5], C[0])  # round the north sea, through HOME


def test_second_unconnected_ship_is_refused() -> None:
    """Edge case 4: a second ship at another own settlement would start a second fleet."""
    game = fleet_game(settlements={0: [HOME, C[0]]}, fleets={0: (HOME, C[4])}, hands={0: SHIP})
    other = edge(game, C[0], C[1])
    refused(game, BuildShip(other), "each player has only one")
    legal(game, BuildShip(edge(game, C[4], C[5])))


def test_a_sixth_ship_is_refused() -> None:
    """Edge case 5: a fleet has at most 5 ships."""
    c = C
    game = fleet_game(
        settlements={0: [HOME]}, fleets={0: (c[1], c[2], c[3], c[4], c[5], c[0])}, hands={0: SHIP}
    )
    grid = game.board.grid
    out = next(
        e for e in grid.vertex_edges[c[0]] if game.sea.navigable[e] and game.ship_owner[e] < 0
    )
    refused(game, BuildShip(out), "at most 5 ships")


def test_adding_a_ship_when_no_fleet_vertex_holds_an_own_building_is_refused() -> None:
    """Edge case 6: the fleet has left home; even next to its end no ship may be added."""
    game = fleet_game(settlements={0: [HOME]}, fleets={0: (C[4], C[5], C[0])}, hands={0: SHIP})
    refused(game, BuildShip(edge(game, C[0], C[1])), "only while the fleet touches")


def test_adding_a_ship_at_an_interior_vertex_is_refused() -> None:
    """Edge case 7: a branch from the middle of the path (round the sea hex S, home on I3)."""
    game = fleet_game()
    s = corners(game, S)  # s[2] is on I3; s[1] has three ship edges
    game = fleet_game(settlements={0: [s[2]]}, fleets={0: (s[2], s[1], s[0])}, hands={0: SHIP})
    grid = game.board.grid
    branch = next(
        e
        for e in grid.vertex_edges[s[1]]
        if game.sea.navigable[e] and game.ship_owner[e] < 0 and game.edge_owner[e] < 0
    )
    refused(game, BuildShip(branch), "grows only at its ends")
    legal(game, BuildShip(edge(game, s[0], s[5])))


def test_fleet_passing_a_rivals_settlement_builds_and_moves() -> None:
    """Edge case 8: seat 1's settlement on the fleet's path (at C[5], on I1) blocks nothing."""
    game = fleet_game(
        settlements={0: [HOME], 1: [C[5]]}, fleets={0: (HOME, C[4], C[5])}, hands={0: SHIP}
    )
    game.apply(BuildShip(edge(game, C[5], C[0])))
    assert game.fleet[0] == (HOME, C[4], C[5], C[0])
    game.apply(StartFleetPhase())
    moves = [a for a in game.legal_actions() if isinstance(a, MoveFleet)]
    through = [a for a in moves if a.route[0] == HOME]  # the front at home: back past C[5]
    assert through and any(a.route[0] == C[0] for a in moves)
    game.apply(next(a for a in moves if a.route[0] == C[0] and len(a.route) == 2))
    assert C[5] in game.fleet[0]
    check_invariants(game)


def test_road_building_with_a_four_ship_fleet_builds_one_ship_then_a_road() -> None:
    """Edge case 31: Road Building for 2 ships with 4 in the fleet: the second piece is a road."""
    c = C
    game = fleet_game(
        settlements={0: [HOME]},
        roads={0: [edge(MAP, HOME, INLAND)]},
        fleets={0: FOUR_SHIPS},
        dev={0: {"road_building": 1}},
    )
    game.apply(PlayRoadBuilding())
    assert game.phase == ROAD_BUILDING
    grid = game.board.grid
    end = next(
        e
        for e in grid.vertex_edges[c[0]]
        if game.sea.navigable[e] and game.ship_owner[e] < 0 and game.edge_owner[e] < 0
    )
    game.apply(BuildShip(end))
    assert len(game.fleet[0]) == 6 and game.phase == ROAD_BUILDING
    other_end = next(
        e
        for e in grid.vertex_edges[game.fleet[0][0]]
        if game.sea.navigable[e] and game.ship_owner[e] < 0 and game.edge_owner[e] < 0
    )
    refused(game, BuildShip(other_end), "at most 5 ships")
    roads = [a for a in game.legal_actions() if isinstance(a, BuildRoad)]
    assert roads
    game.apply(roads[0])
    assert game.phase != ROAD_BUILDING
    check_invariants(game)


def test_a_destroyed_fleet_is_rebuilt_at_an_own_building() -> None:
    """Edge case 32: the pirate sinks a whole 1-ship fleet; the next ship must touch an own
    settlement or city and starts a new fleet."""
    game = fleet_game()
    sea_corners = corners(game, S)
    c = C
    game = fleet_game(
        current=0,
        settlements={1: [HOME]},
        fleets={1: (sea_corners[1], sea_corners[2])},
        pending=[["main", 0, None], ["move_robber", 0, None]],
        hands={1: SHIP},
    )
    game.apply(MovePirate(hid(game, S)))
    assert game.fleet[1] == ()
    game = fleet_game(current=1, settlements={1: [HOME]}, hands={1: SHIP})
    away = edge(game, sea_corners[2], sea_corners[3])
    refused(game, BuildShip(away), "must touch one of your settlements or cities")
    at_home = edge(game, c[3], c[4])
    game.apply(BuildShip(at_home))
    assert game.fleet[1] == (HOME, c[4])
    check_invariants(game)


def test_building_is_refused_in_the_fleet_phase() -> None:
    game = fleet_game(
        settlements={0: [HOME]}, fleets={0: (HOME, C[4])}, hands={0: SHIP}, stage=FLEET
    )
    refused(game, BuildShip(edge(game, C[4], C[5])), "the fleet phase has begun: no more building")


def test_road_building_without_roads_left_places_ships_only() -> None:
    """Road Building with an empty road supply: both free pieces may be ships, no road."""
    grid = fleet_game().board.grid
    # Fifteen roads (the whole supply) on E, away from the fleet at home on W.
    east = [e for e in grid.land_edges if all(grid.hexes[h][0] >= 2 for h in grid.edge_land[e])]
    game = fleet_game()
    roads: list[int] = []
    start = next(
        v
        for v in range(grid.num_vertices)
        if game.sea.home_vertex[v] and grid.hexes[grid.vertex_land[v][0]][0] >= 3
    )
    seen = {start}
    frontier = [start]
    while len(roads) < 15:
        v = frontier.pop(0)
        for e in grid.vertex_edges[v]:
            if e in east and e not in roads and len(roads) < 15:
                roads.append(e)
                w = sum(grid.edge_vertices[e]) - v
                if w not in seen:
                    seen.add(w)
                    frontier.append(w)
    game = fleet_game(
        settlements={0: [HOME, start]},
        roads={0: roads},
        fleets={0: (HOME, C[4])},
        dev={0: {"road_building": 1}},
    )
    assert game.roads_left[0] == 0
    game.apply(PlayRoadBuilding())
    assert game.phase == ROAD_BUILDING and game.pending[-1].data == 2
    assert not any(isinstance(a, BuildRoad) for a in game.legal_actions())
    road_spot = next(
        e
        for e in grid.vertex_edges[HOME]
        if game.sea.road_edge[e] and game.edge_owner[e] < 0 and game.ship_owner[e] < 0
    )
    refused(game, BuildRoad(road_spot), "no roads left in your supply")
    game.apply(BuildShip(edge(game, C[4], C[5])))
    game.apply(BuildShip(edge(game, C[5], C[0])))
    assert game.phase != ROAD_BUILDING and len(game.fleet[0]) == 4
    check_invariants(game)
