"""Moving the fleet as a caterpillar, one move a turn (rules §8.3).

Round the sea hex S = (0, 1), whose six corners s0..s5 are linked by ship
edges: s1 and s2 lie on the centre islet I3, s4 and s5 on the islet I5.
"""

from __future__ import annotations

from engine.rulesets.fleet.actions import MoveFleet
from engine.rulesets.fleet.phases import FLEET

from .fleetfix import S, check_invariants, corners, edge, fleet_game, legal, refused


def _s() -> tuple[int, ...]:
    return corners(fleet_game(), S)


s = _s()
OUT = 97  # beyond s5, on the ship edge leaving S towards (1, 1)/(1, 2)


def test_caterpillar_three_ships_three_steps_and_one_step() -> None:
    """Edge case 9: [a,b,c,d] with front d: k=3 gives [d,e,f,g]; k=1 gives [b,c,d,e]."""
    a, b, c, d, e, f = s[0], s[1], s[2], s[3], s[4], s[5]
    g = OUT
    assert g in fleet_game().board.grid.vertex_adjacent[f]
    game = fleet_game(fleets={0: (a, b, c, d)}, stage=FLEET)
    game.apply(MoveFleet((d, e, f, g)))
    assert game.fleet[0] == (d, e, f, g)
    assert game.ship_owner[edge(game, a, b)] == -1 and game.ship_owner[edge(game, f, g)] == 0
    check_invariants(game)
    game = fleet_game(fleets={0: (a, b, c, d)}, stage=FLEET)
    game.apply(MoveFleet((d, e)))
    assert game.fleet[0] == (b, c, d, e)
    check_invariants(game)


def test_five_ship_ring_and_a_one_ship_non_move() -> None:
    """Edge case 10: a 5-ship fleet round S may put its front on the vertex its rear just left;
    a 1-ship fleet stepping back onto its own edge is refused as a non-move."""
    ring = (s[0], s[1], s[2], s[3], s[4], s[5])
    game = fleet_game(fleets={0: ring}, stage=FLEET)
    legal(game, MoveFleet((s[5], s[0])))
    game.apply(MoveFleet((s[5], s[0])))
    assert game.fleet[0] == (s[1], s[2], s[3], s[4], s[5], s[0])
    check_invariants(game)
    game = fleet_game(fleets={0: (s[0], s[1])}, stage=FLEET)
    refused(game, MoveFleet((s[1], s[0])), "not a move")
    legal(game, MoveFleet((s[1], s[2])))
    legal(game, MoveFleet((s[0], s[5])))


def test_more_steps_than_ships_and_a_second_move_are_refused() -> None:
    """Edge case 11: k > ships is refused; after one move, another (the other way) is refused."""
    game = fleet_game(fleets={0: (s[0], s[1], s[2])}, stage=FLEET)
    refused(game, MoveFleet((s[2], s[3], s[4], s[5])), "moves at most 2 steps")
    game.apply(MoveFleet((s[2], s[3])))
    refused(game, MoveFleet((s[1], s[0])), "the fleet has moved this turn")
    assert not any(isinstance(a, MoveFleet) for a in game.legal_actions())


def test_moving_onto_a_road_a_ship_or_the_rim_is_refused() -> None:
    """Edge case 12: onto an edge with a road, with another ship, or along the rim."""
    game = fleet_game()
    grid = game.board.grid
    i3_side = next(
        v for v in grid.vertex_adjacent[s[2]] if v not in s and game.sea.islet_of_vertex[v] == 2
    )
    road = edge(game, s[2], i3_side)
    game = fleet_game(
        settlements={1: [i3_side]},
        roads={1: [road]},
        fleets={0: (s[3], s[2]), 2: (s[0], s[1], s[2])},
        stage=FLEET,
    )
    refused(game, MoveFleet((s[2], i3_side)), "holds a road or another ship")
    refused(game, MoveFleet((s[2], s[1])), "holds a road or another ship")
    # The rim: a ship at the board's edge cannot follow it.
    a, b = next(
        (x, y)
        for e in range(grid.num_edges)
        if grid.edge_rim[e] and grid.edge_sea[e]
        for x, y in (grid.edge_vertices[e], grid.edge_vertices[e][::-1])
        if game.sea.ship_adjacent[x]
    )
    start = game.sea.ship_adjacent[a][0][0]
    game = fleet_game(fleets={0: (start, a)}, stage=FLEET)
    refused(game, MoveFleet((a, b)), f"no ship can sail from vertex {a} to vertex {b}")


def test_moves_before_the_fleet_phase_are_refused() -> None:
    game = fleet_game(fleets={0: (s[0], s[1])})
    refused(game, MoveFleet((s[1], s[2])), "belong to the fleet phase")
