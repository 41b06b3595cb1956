"""Settling the islets from the fleet, and their VP chips (rules §9, §11)."""

from __future__ import annotations

from engine.rulesets.base.actions import BuildCity, BuildRoad, BuildSettlement
from engine.rulesets.fleet.phases import FLEET

from .fleetfix import I3, S, check_invariants, corners, edge, fleet_game, legal, refused

SETTLE = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
CITY = {"grain": 2, "ore": 3}


def _geometry() -> dict[str, int]:
    game = fleet_game()
    s = corners(game, S)
    i3 = corners(game, I3)
    # s[2] and s[1] are on I3; x is the I3 vertex beyond s[1] (two edges from s[2]).
    x = next(v for v in game.board.grid.vertex_adjacent[s[1]] if v in i3 and v != s[2])
    y = next(v for v in game.board.grid.vertex_adjacent[s[2]] if v in i3 and v != s[1])
    z = next(v for v in game.board.grid.vertex_adjacent[y] if v in i3 and v != s[2])
    # w: the sea vertex a ship reaches x from, away from I3.
    w = next(v for v, _ in game.sea.ship_adjacent[x] if v not in i3)
    return {"s2": s[2], "s1": s[1], "s3": s[3], "x": x, "y": y, "z": z, "w": w}


G = _geometry()


def test_islet_settlement_from_the_fleet_then_by_roads() -> None:
    """Edge case 13: the first settlement on I3 from the fleet; a second one from the fleet is
    refused; a second one two roads away from the first is legal."""
    game = fleet_game(
        fleets={0: (G["s3"], G["s2"], G["s1"], G["x"])},
        hands={0: {**SETTLE, "grain": 2, "wool": 2, "brick": 2, "lumber": 2}},
        stage=FLEET,
    )
    legal(game, BuildSettlement(G["s2"]))
    game.apply(BuildSettlement(G["s2"]))
    assert game.islet_holders[2] == 0
    refused(game, BuildSettlement(G["x"]), "further ones there are built by road")
    check_invariants(game)
    roads = [edge(game, G["s2"], G["y"]), edge(game, G["y"], G["z"])]
    game = fleet_game(settlements={0: [G["s2"]]}, roads={0: roads}, hands={0: SETTLE})
    legal(game, BuildSettlement(G["z"]))
    game.apply(BuildSettlement(G["z"]))
    check_invariants(game)


def test_islet_settlement_on_a_home_island_is_refused() -> None:
    """Edge case 14: a fleet at a W vertex cannot settle it."""
    game = fleet_game()
    sea = game.sea
    home = next(
        v
        for v in range(game.board.grid.num_vertices)
        if sea.home_vertex[v] and sea.ship_adjacent[v]
    )
    other = sea.ship_adjacent[home][0][0]
    game = fleet_game(fleets={0: (other, home)}, hands={0: SETTLE}, stage=FLEET)
    refused(game, BuildSettlement(home), "never built on the home islands")


def test_islet_settlement_across_the_channel_from_a_home_settlement_is_refused() -> None:
    """Edge case 15: the distance rule holds across a 1-edge channel (W to I1)."""
    game = fleet_game()
    sea = game.sea
    home, islet = next(
        (v, w)
        for v in range(game.board.grid.num_vertices)
        if sea.home_vertex[v]
        for w, _ in sea.ship_adjacent[v]
        if sea.islet_of_vertex[w] >= 0
    )
    beyond = next(w for w, _ in sea.ship_adjacent[islet] if w != home)
    game = fleet_game(
        settlements={1: [home]}, fleets={0: (beyond, islet)}, hands={0: SETTLE}, stage=FLEET
    )
    refused(game, BuildSettlement(islet), "distance rule")


def test_islet_chip_first_tie_and_city() -> None:
    """Edge case 16: A settles I3 first and holds its chip; B settles there too: a tie returns
    it; A's city (2 points to 1) takes it back."""
    game = fleet_game(fleets={0: (G["s3"], G["s2"])}, hands={0: SETTLE}, stage=FLEET)
    events = game.apply(BuildSettlement(G["s2"]))
    assert [e.data for e in events if e.kind == "islet_chip"] == [
        {"islet": "I3", "holder": 0, "previous": -1}
    ]
    assert game.vp_public[0] == 2
    game = fleet_game(
        current=1,
        settlements={0: [G["s2"]]},
        fleets={1: (G["w"], G["x"])},
        hands={1: SETTLE},
        stage=FLEET,
    )
    assert game.islet_holders[2] == 0
    events = game.apply(BuildSettlement(G["x"]))
    assert [e.data for e in events if e.kind == "islet_chip"] == [
        {"islet": "I3", "holder": -1, "previous": 0}
    ]
    assert game.islet_holders[2] == -1 and game.vp_public[0] == 1 and game.vp_public[1] == 1
    game = fleet_game(current=0, settlements={0: [G["s2"]], 1: [G["x"]]}, hands={0: CITY})
    assert game.islet_holders[2] == -1
    events = game.apply(BuildCity(G["s2"]))
    assert [e.data for e in events if e.kind == "islet_chip"] == [
        {"islet": "I3", "holder": 0, "previous": -1}
    ]
    assert game.vp_public[0] == 3
    check_invariants(game)


def test_reaching_twelve_by_an_islet_chip_wins_at_once() -> None:
    """Edge case 17: 10 points, then a settlement from the fleet and its islet chip: 12, won."""
    game = fleet_game()
    grid = game.board.grid
    w = [37, 66, 84]  # three W vertices, pairwise apart
    roads = {0: [next(e for e in grid.vertex_edges[v] if game.sea.road_edge[e]) for v in w[1:]]}
    game = fleet_game(
        settlements={0: [w[0]]},
        cities={0: w[1:]},
        roads=roads,
        dev={0: {"victory_point": 5}},
        fleets={0: (G["s3"], G["s2"])},
        hands={0: SETTLE},
        stage=FLEET,
    )
    assert game.total_vp(0) == 10
    events = game.apply(BuildSettlement(G["s2"]))
    assert game.winner == 0 and events[-1].kind == "game_over"
    assert game.total_vp(0) == 12


def test_losing_an_islet_chip_on_a_rivals_turn_drops_points_at_once() -> None:
    """Edge case 18: B ties A on I3 on B's turn: A's total and public points drop then."""
    game = fleet_game(
        current=1,
        settlements={0: [G["s2"]]},
        fleets={1: (G["w"], G["x"])},
        hands={1: SETTLE},
        stage=FLEET,
    )
    before = game.total_vp(0)
    assert game.view(1)["players"][0]["public_vp"] == before == 2
    game.apply(BuildSettlement(G["x"]))
    assert game.total_vp(0) == before - 1
    assert game.view(2)["players"][0]["public_vp"] == before - 1


def test_a_road_on_open_sea_is_refused() -> None:
    game = fleet_game(settlements={0: [G["s2"]]}, hands={0: {"brick": 1, "lumber": 1}})
    sea_edge = edge(game, G["s2"], G["s3"])
    refused(game, BuildRoad(sea_edge), "open sea")
