"""Positions and invariant checks for Catan Fleet tests.

Games are built with the position API (`engine.position.Position`): pieces,
hands, fleets and the stage of the turn are described, the engine checks
them, and the behaviour under test goes through `apply`/`legal_actions`.
Places on the map are named by their hexes (rules/catan-fleet.md §5).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.actions import Action
from engine.position import Position, SeatPieces, game_from_position
from engine.rulesets.base.board import RESOURCES
from engine.rulesets.base.game import DEV_COUNTS, DEV_NAMES, MAIN
from engine.rulesets.fleet.fleet import MAX_SHIPS, is_simple_path, unflatten
from engine.rulesets.fleet.game import KEEP_FLEET, FleetGame
from engine.rulesets.fleet.islets import chip_holder, islet_points

Hex = tuple[int, int]
S: Hex = (0, 1)  # a sea hex south of the centre islet I3, all six neighbours on the board
I3: Hex = (0, 0)
NORTH_SEA: Hex = (-1, -2)  # between the W forest (-2,-2) 5 and the I1 mountains (0,-2) 6

EVERYTHING = {r: 4 for r in RESOURCES}


def vid(game: FleetGame, *hexes: Hex) -> int:
    return game.board.grid.vertex_id(hexes)


def hid(game: FleetGame, h: Hex) -> int:
    return game.board.grid.hex_id(h)


def corners(game: FleetGame, h: Hex) -> tuple[int, ...]:
    """The six vertices of hex `h`, counter-clockwise from its E/NE corner (hexgrid.corners)."""
    return game.board.grid.hex_vertices[hid(game, h)]


def edge(game: FleetGame, a: int, b: int) -> int:
    grid = game.board.grid
    for e in grid.vertex_edges[a]:
        if b in grid.edge_vertices[e]:
            return e
    raise AssertionError(f"vertices {a} and {b} are not adjacent")


def hex_edges(game: FleetGame, h: Hex) -> tuple[int, ...]:
    return game.board.grid.hex_edges[hid(game, h)]


def fleet_game(
    seats: int = 4,
    *,
    current: int = 0,
    stage: int = 2,
    settlements: dict[int, list[int]] | None = None,
    cities: dict[int, list[int]] | None = None,
    roads: dict[int, list[int]] | None = None,
    fleets: dict[int, tuple[int, ...]] | None = None,
    hands: dict[int, dict[str, int]] | None = None,
    dev: dict[int, dict[str, int]] | None = None,
    pending: list[list[Any]] | None = None,
    extra: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 1,
    dice: list[int] | None = None,
    **parts: Any,
) -> FleetGame:
    """A Fleet game after setup, in seat `current`'s main phase (after the roll) by default."""
    settlements, cities, roads = settlements or {}, cities or {}, roads or {}
    fleets, hands, dev = fleets or {}, hands or {}, dev or {}
    pos = Position(
        ruleset="fleet",
        seats=seats,
        seed=seed,
        options=options or {},
        current=current,
        turn=9,
        pending=pending if pending is not None else [[MAIN, current, None]],
        dice=dice if dice is not None or pending is not None else [3, 4],
        pieces=[
            SeatPieces(
                settlements=list(settlements.get(p, [])),
                cities=list(cities.get(p, [])),
                roads=list(roads.get(p, [])),
            )
            for p in range(seats)
        ],
        hands=[dict(hands.get(p, {})) for p in range(seats)],
        extra={
            "fleet": [list(fleets.get(p, ())) for p in range(seats)],
            "stage": stage,
            **(extra or {}),
        },
        **parts,
    )
    if dev:
        from engine.position import SeatDevelopment

        pos.development = [SeatDevelopment(playable=dict(dev.get(p, {}))) for p in range(seats)]
    game = game_from_position(pos)
    assert isinstance(game, FleetGame)
    check_invariants(game)
    return game


def refused(game: FleetGame, action: Action, fragment: str) -> None:
    """`action` is not legal now, and the refusal says why (contains `fragment`)."""
    problem = game.check(action)
    assert problem is not None and fragment in problem, (action, problem)
    assert action not in game.legal_actions()


def legal(game: FleetGame, action: Action) -> None:
    assert game.check(action) is None, (action, game.check(action))
    assert action in game.legal_actions(), action


def total_chips(game: FleetGame) -> Counter[int]:
    n = game.config.seats
    chips = Counter(c for c in game.board.number if c)
    chips.update(game.held_chip)
    if n < len(game.sea.dealt):
        chips[game.set_aside] += 1
    return chips


def check_invariants(game: FleetGame) -> None:
    """Fleets, pieces, cards, chips, islet chips and points as the rules keep them."""
    grid = game.board.grid
    n = game.config.seats
    sea = game.sea
    # Fleets: simple paths of 0-5 ships on navigable edges; ship owners match; one piece per edge.
    ships = [-1] * grid.num_edges
    pieces: dict[int, list[tuple[int, ...]]] = {p: [] for p in range(n)}
    for d in game.pending:
        if d.kind == KEEP_FLEET:
            pieces[d.seat] = unflatten(d.data)
    for p in range(n):
        paths = [game.fleet[p]] if game.fleet[p] else []
        paths += pieces[p]
        assert not (game.fleet[p] and pieces[p]), "a split fleet is held only as its pieces"
        assert sum(len(x) - 1 for x in paths) <= MAX_SHIPS
        for path in paths:
            assert is_simple_path(path, sea.ship_adjacent), (p, path)
            for i in range(1, len(path)):
                e = edge(game, path[i - 1], path[i])
                assert sea.navigable[e] and ships[e] < 0 and game.edge_owner[e] < 0
                ships[e] = p
    assert ships == game.ship_owner
    for e, o in enumerate(game.edge_owner):
        assert o < 0 or sea.road_edge[e]
    # Cards conserved.
    k = game.HAND_STRIDE
    for r in range(len(RESOURCES)):
        assert game.bank[r] + sum(game.hands[p * k + r] for p in range(n)) == 19
        assert game.bank[r] >= 0
    dk = game.DEV_STRIDE
    for c in range(len(DEV_NAMES)):
        held = sum(game.dev_hands[p * dk + c] + game.dev_new[p * dk + c] for p in range(n))
        played = sum(game.dev_played[p * dk + c] for p in range(n))
        assert game.dev_deck[c] + held + played == DEV_COUNTS[c]
    # Pieces conserved.
    for p in range(n):
        mine = [v for v in range(grid.num_vertices) if game.vertex_owner[v] == p]
        settle = sum(1 for v in mine if game.vertex_level[v] == 1)
        city = sum(1 for v in mine if game.vertex_level[v] == 2)
        assert game.settlements_left[p] == 5 - settle >= 0
        assert game.cities_left[p] == 4 - city >= 0
        assert game.roads_left[p] == 15 - game.edge_owner.count(p) >= 0
    # The 27 number chips: on the board, held, set aside.
    expected = Counter({c: k for c, k in sea.chips})
    assert total_chips(game) == expected
    assert sum(expected.values()) == 27
    # Islet chips with their strict-majority holder; points recomputed equal the cached ones.
    for i, vs in enumerate(sea.islet_vertices):
        points = islet_points(vs, game.vertex_owner, game.vertex_level, n)
        assert game.islet_holders[i] == chip_holder(points)
    for p in range(n):
        assert game.vp_public[p] == game.public_vp_of(p)
        own = sum(
            game.vertex_level[v] for v in range(grid.num_vertices) if game.vertex_owner[v] == p
        )
        chips = sum(1 for h in game.islet_holders if h == p)
        special = 2 * (game.longest_holder == p) + 2 * (game.army_holder == p)
        assert game.vp_public[p] == own + chips + special
