"""Catan Fleet (rules/catan-fleet.md): the base game plus fleets, the pirate, islets and chips.

Only what differs from the base game is written here; everything else is
`BaseGame`'s. The rules themselves live in modules named after them
(`fleet` for the fleet's shape and moves, `pirate` for a raid, `islets`
for the special VP chips, `chips` for the number chips, `phases` for the
turn's four phases, `sea_map` for the map's facts); this class holds the
state and wires them into the base game's checks, applies and lists.

The turn's phases 2-4 are the `stage` of the base game's main phase. The
number chips are the board's: a swap replaces the game's board, so
production, the robber and saves read the chips where they lie now. Each
seat holds one chip, private until its first swap (`chip_known`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, ActionCodec
from engine.config import GameConfig
from engine.events import Event, EventKind, EventKinds
from engine.position import PositionError
from engine.rng import Rng
from engine.rulesets.base.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    PlayRoadBuilding,
)
from engine.rulesets.base.board import Board, make_board
from engine.rulesets.base.decisions import Decision, decision
from engine.rulesets.base.game import (
    MAIN,
    MOVE_ROBBER,
    RESOURCE_CARDS,
    ROAD_BUILDING,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    STEAL,
    BaseGame,
)
from engine.rulesets.fleet import chips
from engine.rulesets.fleet import fleet as fleets
from engine.rulesets.fleet.actions import (
    CODEC,
    BuildShip,
    KeepFleet,
    MoveFleet,
    MovePirate,
    StartFleetPhase,
    SwapChip,
)
from engine.rulesets.fleet.islets import chip_holder, islet_points
from engine.rulesets.fleet.phases import BUILD, FLEET, STAGED, TRADE, TRADES, stage_problem
from engine.rulesets.fleet.pirate import raid
from engine.rulesets.fleet.sea_map import SeaMap, sea_map
from engine.shared.actions import EndTurn
from engine.shared.cardset import Cost
from engine.shared.dispatch import applies, checks, lists
from engine.shared.state import EDGE, SCALAR, SEAT, Field, StateSpec

if TYPE_CHECKING:
    from engine.beliefs import Beliefs
    from engine.rulesets.fleet.view_types import FleetView

LAYOUT = "fleet"
KEEP_FLEET = "keep_fleet"
"""The pirate split a fleet: choose the piece kept as the fleet; data: the pieces left."""
SHIP_COST = RESOURCE_CARDS.vector(lumber=1, wool=1)

_SHIP = tuple(BuildShip(e) for e in range(256))
_SWAP = tuple(SwapChip(h) for h in range(64))
_PIRATE = tuple(MovePirate(h) for h in range(64))
_FLEET_PHASE, _END = StartFleetPhase(), EndTurn()
_SETTLEMENT = tuple(BuildSettlement(v) for v in range(256))
_NOTHING: frozenset[int] = frozenset()
_MOVES: dict[tuple[int, ...], MoveFleet] = {}
"""Fleet moves handed out so far, shared (actions are immutable; the map bounds the routes)."""


def _move(route: tuple[int, ...]) -> MoveFleet:
    found = _MOVES.get(route)
    if found is None:
        found = _MOVES[route] = MoveFleet(route)
    return found


def _encode_paths(game: Any, paths: list[tuple[int, ...]]) -> Any:
    return [list(p) for p in paths]


def _decode_paths(game: Any, raw: Any) -> list[tuple[int, ...]]:
    return [tuple(int(v) for v in p) for p in raw]


Checker = Callable[[Any, Action], str | None]


def _staged(kind: type[Action], checker: Checker) -> Checker:
    """`checker` after the main phase's stage rule (`stage_problem`) for `kind`."""

    def check(game: Any, action: Action) -> str | None:
        if game.phase == MAIN:
            problem = stage_problem(kind, game.stage, game.combined)
            if problem is not None:
                return problem
        return checker(game, action)

    return check


class FleetGame(BaseGame):
    codec: ClassVar[ActionCodec] = CODEC
    ruleset_name: ClassVar[str] = "fleet"
    PRICES: ClassVar[Mapping[str, tuple[int, ...]]] = {**BaseGame.PRICES, "ship": SHIP_COST}
    PIECES: ClassVar[Mapping[str, int]] = {**BaseGame.PIECES, "ships": fleets.MAX_SHIPS}
    EVENTS: ClassVar[EventKinds] = BaseGame.EVENTS.extend(
        EventKind(
            "number_chip", ("seat",), secret=("chip",), doc="the chip a seat holds, face down"
        ),
        EventKind("fleet_phase", ("seat",), doc="phase 4: no more trading or building this turn"),
        EventKind("fleet_move", ("seat", "route", "fleet"), doc="the fleet's move of the turn"),
        EventKind(
            "pirate",
            ("seat", "hex", "sunk", "spared"),
            doc="the pirate moved; sunk: seat -> edges of ships lost; spared: 2-ship fleets",
        ),
        EventKind("keep_fleet", ("seat", "fleet", "lost"), doc="a split fleet: the piece kept"),
        EventKind(
            "chip_swap",
            ("seat", "hex", "took", "placed"),
            doc="a number chip taken from a hex and the held one put there (public)",
        ),
        EventKind(
            "islet_chip", ("islet", "holder", "previous"), doc="an islet's VP chip changed hands"
        ),
    )
    STATE: ClassVar[StateSpec] = BaseGame.STATE.extend(
        Field("fleet", SEAT, (), encode=_encode_paths, decode=_decode_paths),
        Field("ship_owner", EDGE, -1, key=None, view="ships"),  # derived from the fleets
        Field("pirate", SCALAR, -1, view="pirate"),  # a sea hex id, -1 off the board
        Field("stage", SCALAR, TRADE, view="stage"),
        Field("fleet_moved", SCALAR, False, view="fleet_moved"),
        Field("knight_played", SCALAR, False, view="knight_played"),
        Field("held_chip", SEAT, 0),  # private until the seat's first swap
        Field("chip_known", SEAT, False),
        Field("chip_from", SEAT, -1),  # the hex the held chip was taken from
        Field("set_aside", SCALAR, 0),  # with 3 seats, the fourth dealt chip (unseen)
        Field(
            "islet_holders",
            SCALAR,
            (),
            key=None,
            encode=lambda g, v: list(v),
            decode=lambda g, raw: tuple(raw),
            view="islet_holders",
        ),
    )

    fleet: list[tuple[int, ...]]
    ship_owner: list[int]
    pirate: int
    stage: int
    fleet_moved: bool
    knight_played: bool
    held_chip: list[int]
    chip_known: list[bool]
    chip_from: list[int]
    set_aside: int
    islet_holders: tuple[int, ...]
    _SHIP_COST: ClassVar[Cost]
    sea: SeaMap
    combined: bool
    """The option combined_trade_build: trading stays open after building."""

    @classmethod
    def _prepare_class(cls) -> None:
        super()._prepare_class()
        cls._SHIP_COST = cls.COST["ship"]
        # The turn's stage may refuse a trade or a build before its own check; put in the
        # checker table (not an overridden `check`), `apply` keeps the inlined check.
        cls.CHECKS = {
            kind: _staged(kind, checker) if kind in STAGED else checker
            for kind, checker in cls.CHECKS.items()
        }

    def __init__(self, config: GameConfig) -> None:
        self.sea = sea_map(LAYOUT)
        self.combined = bool(config.options.get("combined_trade_build", False))
        super().__init__(config)
        self.islet_holders = (-1,) * len(self.sea.islet_names)
        self.initial_events = [*self.initial_events, *self._deal_chips()]

    def make_board(self, rng: Rng) -> Board:
        return make_board(LAYOUT, rng)

    def _deal_chips(self) -> list[Event]:
        """The 2, 2, 12, 12 shuffled face down, one per seat; with 3 seats one set aside."""
        self.held_chip, self.set_aside = chips.deal(self.sea.dealt, self.config.seats, self.rng)
        return [
            Event("number_chip", {"seat": p}, secret={"chip": c}, audience=frozenset((p,)))
            for p, c in enumerate(self.held_chip)
        ]

    # -- geometry -----------------------------------------------------------------
    def edge_between(self, a: int, b: int) -> int:
        for w, e in self.sea.ship_adjacent[a]:
            if w == b:
                return e
        raise ValueError(f"no ship edge between vertices {a} and {b}")

    def _free_for(self, seat: int) -> Any:
        """An edge a ship of `seat` may take: no road, and no ship but `seat`'s own."""
        roads, ships = self.edge_owner, self.ship_owner

        def free(e: int) -> bool:
            return roads[e] < 0 and (ships[e] < 0 or ships[e] == seat)

        return free

    def blockade(self, seat: int) -> frozenset[int]:
        """The edges the pirate closes to `seat`'s ships (none after its Knight this turn)."""
        if self.pirate < 0 or (self.knight_played and seat == self.current):
            return _NOTHING
        return self.sea.hex_edge_sets[self.pirate]

    def fleet_touches_home(self, seat: int) -> bool:
        owner = self.vertex_owner
        # A plain loop: any() over a generator costs an allocation per call on the hot path.
        for v in self.fleet[seat]:  # noqa: SIM110
            if owner[v] == seat:
                return True
        return False

    def ship_spots(self, seat: int) -> list[int]:
        """Edges where `seat` may build a ship now (ignoring the price)."""
        path = self.fleet[seat]
        if path and (len(path) > fleets.MAX_SHIPS or not self.fleet_touches_home(seat)):
            return []
        blocked = self.blockade(seat)
        roads, ships = self.edge_owner, self.ship_owner
        if not path:
            spots: set[int] = set()
            for v in self.buildings[seat]:
                for _, e in self.sea.ship_adjacent[v]:
                    if roads[e] < 0 and ships[e] < 0 and e not in blocked:
                        spots.add(e)
            return sorted(spots)
        found = fleets.extension_edges(path, self.sea.ship_adjacent, self._free_for(-1), blocked)
        return sorted({e for e, _, _ in found})

    def ship_problem(self, seat: int, e: int) -> str | None:
        """Why `seat` may not build a ship on edge `e` now (None if it may; price not checked)."""
        if not 0 <= e < self.board.grid.num_edges or not self.sea.navigable[e]:
            return (
                f"edge {e} is not navigable (a ship lies between two board hexes, one of them sea)"
            )
        if self.edge_owner[e] >= 0 or self.ship_owner[e] >= 0:
            return f"edge {e} already holds a road or a ship"
        if e in self.blockade(seat):
            return f"edge {e} lies next to the pirate: no ship may be built there"
        path = self.fleet[seat]
        a, b = self.board.grid.edge_vertices[e]
        if not path:
            if self.vertex_owner[a] != seat and self.vertex_owner[b] != seat:
                return "the first ship of a fleet must touch one of your settlements or cities"
            return None
        if len(path) - 1 >= fleets.MAX_SHIPS:
            return f"a fleet has at most {fleets.MAX_SHIPS} ships"
        if not self.fleet_touches_home(seat):
            return "ships are added only while the fleet touches one of your settlements or cities"
        ends = (path[0], path[-1])
        if not ((a in ends and b not in path) or (b in ends and a not in path)):
            if a in path and b in path:
                return f"edge {e} would close the fleet into a ring"
            if a in path or b in path:
                return "a fleet grows only at its ends (one fleet, never branching)"
            return (
                "you have a fleet already: each player has only one, and ships extend it at an end"
            )
        return None

    def _place_ship(self, seat: int, e: int) -> None:
        a, b = self.board.grid.edge_vertices[e]
        path = self.fleet[seat]
        if not path:
            first = a if self.vertex_owner[a] == seat else b
            path = (first, a + b - first)
        elif b in (path[0], path[-1]) and a not in path:
            path = fleets.extended(path, a, b == path[-1])
        else:
            path = fleets.extended(path, b, a == path[-1])
        self.fleet[seat] = path
        self.ship_owner[e] = seat

    # -- roads: on land edges free of ships ----------------------------------------
    def _road_edges(self, seat: int) -> list[int]:
        ok, ships = self.sea.road_edge, self.ship_owner
        return [e for e in super()._road_edges(seat) if ok[e] and ships[e] < 0]

    def _setup_road_edges(self) -> list[int]:
        ok, ships = self.sea.road_edge, self.ship_owner
        return [e for e in super()._setup_road_edges() if ok[e] and ships[e] < 0]

    def can_build_free_road(self, seat: int) -> bool:
        return super().can_build_free_road(seat) or bool(self.ship_spots(seat))

    def robber_targets(self) -> list[int]:
        """Land hexes carrying a number chip (never a desert), but the robber's own."""
        number = self.board.number
        return [h for h in range(len(self.board.grid.land)) if number[h] and h != self.robber]

    # -- legal actions ----------------------------------------------------------------
    @lists(SETUP_SETTLEMENT)
    def _list_setup_settlement(self, d: Decision) -> list[Action]:
        home = self.sea.home_vertex
        return [a for a in super()._list_setup_settlement(d) if home[a.vertex]]  # type: ignore[attr-defined]

    @lists(SETUP_ROAD)
    def _list_setup_road(self, d: Decision) -> list[Action]:
        out = super()._list_setup_road(d)
        if not self.fleet[d.seat]:
            ships = self.ship_owner
            out += [
                _SHIP[e]
                for e in self.sea.setup_ship_edges[self.setup_vertex]
                if self.edge_owner[e] < 0 and ships[e] < 0
            ]
        return out

    @lists(MOVE_ROBBER)
    def _list_robber(self, d: Decision) -> list[Action]:
        grid = self.board.grid
        sea = range(grid.num_land, grid.num_hexes)
        return [*super()._list_robber(d), *(_PIRATE[h] for h in sea if h != self.pirate)]

    @lists(ROAD_BUILDING)
    def _list_road_building(self, d: Decision) -> list[Action]:
        out = super()._list_road_building(d) if self.roads_left[d.seat] else []
        return out + [_SHIP[e] for e in self.ship_spots(d.seat)]

    @lists(KEEP_FLEET)
    def _list_keep(self, d: Decision) -> list[Action]:
        return [KeepFleet(self.edge_between(p[0], p[1])) for p in fleets.unflatten(d.data)]

    @lists(MAIN)
    def main_actions(self, d: Decision) -> list[Action]:
        if self.stage == FLEET:
            return self._fleet_phase_actions(d.seat)
        out = super().main_actions(d)
        if self.stage == BUILD and not self.combined:
            out = [a for a in out if type(a) not in TRADES]
        seat = d[1]
        end = [_FLEET_PHASE, _END]  # EndTurn stays last
        if self.can_pay(seat, self._SHIP_COST):
            spots = self.ship_spots(seat)
            if spots:
                end = [*(_SHIP[e] for e in spots), *end]
        out[-1:] = end
        return out

    def _fleet_phase_actions(self, seat: int) -> list[Action]:
        out: list[Action] = [
            a for a in self._dev_plays(seat) if not isinstance(a, PlayRoadBuilding)
        ]
        path = self.fleet[seat]
        if path:
            if not self.fleet_moved:
                out.extend(
                    _move(r)
                    for r in fleets.routes(
                        path,
                        self.sea.ship_adjacent,
                        self._free_for(seat),
                        self.blockade(seat),
                        self.edge_between,
                    )
                )
            out.extend(_SWAP[h] for h in self._swap_hexes(seat))
            if self.settlements_left[seat] and self.can_pay(seat, self.COST["settlement"]):
                out.extend(
                    _SETTLEMENT[v]
                    for v in sorted(set(path))
                    if self._islet_problem(seat, v) is None
                )
        out.append(_END)
        return out

    def _swap_hexes(self, seat: int) -> list[int]:
        grid = self.board.grid
        number = self.board.number
        found: set[int] = set()
        path = self.fleet[seat]
        for i in range(1, len(path)):
            for h in grid.edge_land[self.edge_between(path[i - 1], path[i])]:
                if number[h] and h != self.chip_from[seat]:
                    found.add(h)
        return sorted(found)

    # -- checks -----------------------------------------------------------------------
    @checks(BuildSettlement)
    def _check_settlement(self, a: Action) -> str | None:
        assert isinstance(a, BuildSettlement)
        v = a.vertex
        if not 0 <= v < self.board.grid.num_vertices:
            return f"there is no vertex {v}"
        if self.phase == SETUP_SETTLEMENT and not self.sea.home_vertex[v]:
            return "setup settlements go on the home islands (the west or east island)"
        if self.phase == MAIN and self.stage == FLEET:
            seat = self.current
            if not self.settlements_left[seat]:
                return "no settlements left in your supply (upgrade one to a city first)"
            if not self.can_pay(seat, self.COST["settlement"]):
                return f"a settlement costs {self.price_text('settlement')}"
            return self._islet_problem(seat, v)
        return super()._check_settlement(a)

    def _islet_problem(self, seat: int, v: int) -> str | None:
        """Why `seat` may not settle vertex `v` from its fleet (phase 4), if it may not."""
        islet = self.sea.islet_of_vertex[v]
        if islet < 0:
            if self.sea.home_vertex[v]:
                return "settlements from the fleet are never built on the home islands"
            return f"vertex {v} is not on land"
        if v not in self.fleet[seat]:
            return f"vertex {v} is not at the end of one of your ships"
        name = self.sea.islet_names[islet]
        owner = self.vertex_owner
        if any(owner[w] == seat for w in self.sea.islet_vertices[islet]):
            return f"you have a settlement on {name} already: further ones there are built by road"
        if not self._distance_ok(v):
            return self._distance_problem(v)
        return None

    @checks(BuildRoad)
    def _check_road(self, a: Action) -> str | None:
        assert isinstance(a, BuildRoad)
        e = a.edge
        if 0 <= e < self.board.grid.num_edges:
            if not self.sea.road_edge[e]:
                return f"edge {e} is open sea: a road needs land on one side"
            if self.ship_owner[e] >= 0:
                return f"edge {e} holds a ship"
        if self.phase == ROAD_BUILDING and not self.roads_left[self.current]:
            return "no roads left in your supply (Road Building may place ships instead)"
        return super()._check_road(a)

    @checks(BuildShip)
    def _check_ship(self, a: Action) -> str | None:
        assert isinstance(a, BuildShip)
        e = a.edge
        seat = self.current
        if self.phase == SETUP_ROAD:
            if self.fleet[seat]:
                return "only one of your two setup placements may be a ship"
            if e not in self.sea.setup_ship_edges[self.setup_vertex]:
                return (
                    "in setup, a ship must lie on a coast of the settlement just placed "
                    "that faces the centre of the board"
                )
            if self.edge_owner[e] >= 0 or self.ship_owner[e] >= 0:
                return f"edge {e} already holds a road or a ship"
            return None
        if self.phase == ROAD_BUILDING:
            return self.ship_problem(seat, e)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if not self.can_pay(seat, self.COST["ship"]):
            return f"a ship costs {self.price_text('ship')}"
        return self.ship_problem(seat, e)

    @checks(StartFleetPhase)
    def _check_fleet_phase(self, a: Action) -> str | None:
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if self.stage == FLEET:
            return "the fleet phase has already begun"
        return None

    def _fleet_phase_problem(self, what: str) -> str | None:
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if self.stage != FLEET:
            return (
                f"{what} belong to the fleet phase: declare it first (no trading or building after)"
            )
        return None

    @checks(MoveFleet)
    def _check_move(self, a: Action) -> str | None:
        assert isinstance(a, MoveFleet)
        if (problem := self._fleet_phase_problem("fleet moves")) is not None:
            return problem
        seat = self.current
        path = self.fleet[seat]
        if not path:
            return "you have no fleet"
        if self.fleet_moved:
            return "the fleet has moved this turn: one move a turn, in one direction"
        if any(not 0 <= v < self.board.grid.num_vertices for v in a.route):
            return "the route names a vertex that does not exist"
        return fleets.route_problem(
            path,
            a.route,
            self.sea.ship_adjacent,
            self._free_for(seat),
            self.blockade(seat),
            self.edge_between,
        )

    @checks(SwapChip)
    def _check_swap(self, a: Action) -> str | None:
        assert isinstance(a, SwapChip)
        if (problem := self._fleet_phase_problem("number-chip swaps")) is not None:
            return problem
        grid = self.board.grid
        h = a.hex
        if not 0 <= h < grid.num_land:
            return f"there is no land hex {h}"
        if not self.board.number[h]:
            return f"hex {h} carries no number chip"
        seat = self.current
        if not any(self.ship_owner[e] == seat for e in grid.hex_edges[h]):
            return f"none of your ships lies on an edge of hex {h}"
        if h == self.chip_from[seat]:
            return f"your chip came from hex {h}: it goes to another hex"
        return None

    @checks(MovePirate)
    def _check_pirate(self, a: Action) -> str | None:
        assert isinstance(a, MovePirate)
        if (problem := self._phase_is(MOVE_ROBBER)) is not None:
            return problem
        grid = self.board.grid
        if not grid.num_land <= a.hex < grid.num_hexes:
            return f"hex {a.hex} is not a sea hex: the pirate sails only at sea"
        if a.hex == self.pirate:
            return "the pirate must move to a different sea hex"
        return None

    @checks(KeepFleet)
    def _check_keep(self, a: Action) -> str | None:
        assert isinstance(a, KeepFleet)
        if (problem := self._phase_is(KEEP_FLEET)) is not None:
            return problem
        if self._kept_piece(a.edge) is None:
            return f"edge {a.edge} holds none of the pieces of your fleet"
        return None

    def _kept_piece(self, edge: int) -> tuple[int, ...] | None:
        for p in fleets.unflatten(self.pending[-1].data):
            if any(self.edge_between(p[i - 1], p[i]) == edge for i in range(1, len(p))):
                return p
        return None

    # -- applying ---------------------------------------------------------------------
    def _built(self) -> None:
        """A phase-3 build of the turn: trading is over (unless combined_trade_build)."""
        if self.stage == TRADE:
            self.stage = BUILD

    @applies(BuildSettlement)
    def _do_settlement(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildSettlement)
        if self.phase == MAIN:
            self._built()
        events = super()._do_settlement(a)
        events.extend(self._update_islet(a.vertex))
        return events

    @applies(BuildCity)
    def _do_city(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildCity)
        self._built()
        events = super()._do_city(a)
        events.extend(self._update_islet(a.vertex))
        return events

    @applies(BuildRoad)
    def _do_road(self, a: Action) -> list[Event]:
        if self.phase == MAIN:
            self._built()
        return super()._do_road(a)

    @applies(BuyDevelopment)
    def _do_buy(self, a: Action) -> list[Event]:
        self._built()
        return super()._do_buy(a)

    @applies(PlayRoadBuilding)
    def _do_road_building(self, a: Action) -> list[Event]:
        self._built()
        events = super()._do_road_building(a)
        seat = self.current
        supply = self.roads_left[seat] + fleets.MAX_SHIPS - fleets.ships(self.fleet[seat])
        self.pending[-1] = decision(ROAD_BUILDING, seat, min(2, supply))
        return events

    @applies(BuildShip)
    def _do_ship(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildShip)
        seat = self.current
        phase = self.phase
        events = [Event("build", {"seat": seat, "piece": "ship", "edge": a.edge})]
        if phase == MAIN:
            self._built()
            self._pay(seat, self.COST["ship"])
        self._place_ship(seat, a.edge)
        if phase == SETUP_ROAD:
            events.extend(self._next_setup_placement())
        elif phase == ROAD_BUILDING:
            if not self.can_build_free_road(seat):
                self._pop()
            else:
                self._count_down()
        return events

    @applies(StartFleetPhase)
    def _do_fleet_phase(self, a: Action) -> list[Event]:
        self.stage = FLEET
        return [Event("fleet_phase", {"seat": self.current})]

    @applies(MoveFleet)
    def _do_move(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveFleet)
        seat = self.current
        old = self.fleet[seat]
        new = fleets.moved(old, a.route)
        ships = self.ship_owner
        for i in range(1, len(old)):
            ships[self.edge_between(old[i - 1], old[i])] = -1
        for i in range(1, len(new)):
            ships[self.edge_between(new[i - 1], new[i])] = seat
        self.fleet[seat] = new
        self.fleet_moved = True
        return [Event("fleet_move", {"seat": seat, "route": list(a.route), "fleet": list(new)})]

    @applies(SwapChip)
    def _do_swap(self, a: Action) -> list[Event]:
        assert isinstance(a, SwapChip)
        seat = self.current
        h = a.hex
        took = self.board.number[h]
        placed = self.held_chip[seat]
        self.board = chips.with_number(self.board, h, placed)
        self.held_chip[seat] = took
        self.chip_known[seat] = True
        self.chip_from[seat] = h
        return [Event("chip_swap", {"seat": seat, "hex": h, "took": took, "placed": placed})]

    @applies(MovePirate)
    def _do_pirate(self, a: Action) -> list[Event]:
        assert isinstance(a, MovePirate)
        seat = self.current
        self.pirate = a.hex
        self._pop()
        hit = raid(self.fleet, self.sea.hex_edge_sets[a.hex], self.edge_between)
        ships = self.ship_owner
        for edges in hit.sunk.values():
            for e in edges:
                ships[e] = -1
        splits: list[int] = []
        for p, pieces in hit.pieces.items():
            if len(pieces) > 1:
                self.fleet[p] = ()
                splits.append(p)
            else:
                self.fleet[p] = pieces[0] if pieces else ()
        events = [
            Event(
                "pirate",
                {
                    "seat": seat,
                    "hex": a.hex,
                    "sunk": {str(p): e for p, e in sorted(hit.sunk.items())},
                    "spared": hit.spared,
                },
            )
        ]
        victims = [p for p in sorted(hit.sunk) if p != seat and sum(self.hand(p)) > 0]
        if splits:
            if victims:
                self._push(STEAL, seat, tuple(victims))
            n = self.config.seats
            for k in reversed(range(n)):
                p = (seat + k) % n
                if p in splits:
                    self._push(KEEP_FLEET, p, fleets.flatten(hit.pieces[p]))
        elif len(victims) > 1:
            self._push(STEAL, seat, tuple(victims))
        elif victims:
            events.append(self._steal_from(victims[0]))
        return events

    @applies(KeepFleet)
    def _do_keep(self, a: Action) -> list[Event]:
        assert isinstance(a, KeepFleet)
        seat = self.pending[-1].seat
        kept = self._kept_piece(a.edge)
        assert kept is not None
        lost: list[int] = []
        for p in fleets.unflatten(self.pending[-1].data):
            if p != kept:
                for i in range(1, len(p)):
                    e = self.edge_between(p[i - 1], p[i])
                    self.ship_owner[e] = -1
                    lost.append(e)
        self.fleet[seat] = kept
        self._pop()
        events = [Event("keep_fleet", {"seat": seat, "fleet": list(kept), "lost": sorted(lost)})]
        top = self.pending[-1]
        if top.kind == STEAL and len(top.data) == 1:
            self._pop()
            events.append(self._steal_from(top.data[0]))
        return events

    def _do_knight(self, a: Action) -> list[Event]:
        self.knight_played = True
        return super()._do_knight(a)

    def _do_end(self, a: Action) -> list[Event]:
        self.stage = TRADE
        self.fleet_moved = False
        self.knight_played = False
        return super()._do_end(a)

    # -- islets and points -------------------------------------------------------------
    def _update_islet(self, v: int) -> list[Event]:
        islet = self.sea.islet_of_vertex[v]
        if islet < 0:
            return []
        points = islet_points(
            self.sea.islet_vertices[islet], self.vertex_owner, self.vertex_level, self.config.seats
        )
        new = chip_holder(points)
        old = self.islet_holders[islet]
        if new == old:
            return []
        worth = self.sea.islet_vp[islet]
        if old >= 0:
            self.vp_public[old] -= worth
        if new >= 0:
            self.vp_public[new] += worth
        holders = list(self.islet_holders)
        holders[islet] = new
        self.islet_holders = tuple(holders)
        name = self.sea.islet_names[islet]
        return [Event("islet_chip", {"islet": name, "holder": new, "previous": old})]

    def _islet_holders_now(self) -> tuple[int, ...]:
        n = self.config.seats
        owner, level = self.vertex_owner, self.vertex_level
        return tuple(
            chip_holder(islet_points(vs, owner, level, n)) for vs in self.sea.islet_vertices
        )

    def public_vp_of(self, seat: int) -> int:
        held = sum(
            w for h, w in zip(self.islet_holders, self.sea.islet_vp, strict=True) if h == seat
        )
        return super().public_vp_of(seat) + held

    # -- derived state, positions --------------------------------------------------------
    def rebuild_derived(self) -> None:
        super().rebuild_derived()
        self.islet_holders = self._islet_holders_now()
        ships = [-1] * self.board.grid.num_edges
        for p, path in enumerate(self.fleet):
            for i in range(1, len(path)):
                ships[self.edge_between(path[i - 1], path[i])] = p
        for d in self.pending:
            if d.kind == KEEP_FLEET:
                for piece in fleets.unflatten(d.data):
                    for i in range(1, len(piece)):
                        ships[self.edge_between(piece[i - 1], piece[i])] = d.seat
        self.ship_owner = ships

    def setup_links(self, seat: int) -> tuple[int, ...]:
        """Its roads and its ships: a setup settlement may take a ship instead of a road."""
        path = self.fleet[seat]
        if path and not fleets.is_simple_path(path, self.sea.ship_adjacent):
            raise PositionError(
                f"seat {seat}'s fleet {list(path)} is not a path of 1 to {fleets.MAX_SHIPS} "
                "ships along navigable edges"
            )
        ships = tuple(self.edge_between(path[i - 1], path[i]) for i in range(1, len(path)))
        return self.roads[seat] + ships

    def check_buildings_reached(self, bare: int) -> None:
        """Buildings without an own road next to them: one on the home islands (its setup road
        was a ship), one per islet (settled from the fleet), and the setup settlement `bare`."""
        grid = self.board.grid
        for p, homes in enumerate(self.buildings):
            seen: dict[int, int] = {}
            links = (
                set(self.setup_links(p))
                if self.phase in (SETUP_SETTLEMENT, SETUP_ROAD)
                else set(self.roads[p])
            )
            for v in sorted(homes):
                if v == bare or any(e in links for e in grid.vertex_edges[v]):
                    continue
                islet = self.sea.islet_of_vertex[v]
                if islet < 0 and not self.sea.home_vertex[v]:
                    raise PositionError(f"seat {p}'s building on vertex {v} is not on land")
                seen[islet] = seen.get(islet, 0) + 1
                if seen[islet] > 1:
                    where = "the home islands" if islet < 0 else self.sea.islet_names[islet]
                    raise PositionError(
                        f"seat {p} has more than one building on {where} without a road next to it"
                    )

    def check_position(self) -> None:
        """The fleets, the pirate, the chips and the stage of a built position."""
        n = self.config.seats
        grid = self.board.grid
        if len(self.fleet) != n:
            raise PositionError(f"fleet has {len(self.fleet)} entries for {n} seats")
        for p, path in enumerate(self.fleet):
            if path and not fleets.is_simple_path(path, self.sea.ship_adjacent):
                raise PositionError(
                    f"seat {p}'s fleet {list(path)} is not a path of 1 to {fleets.MAX_SHIPS} ships "
                    "along navigable edges"
                )
        for d in self.pending:
            if d.kind == KEEP_FLEET:
                pieces = fleets.unflatten(d.data) if isinstance(d.data, tuple) else []
                if len(pieces) < 2 or not all(
                    fleets.is_simple_path(x, self.sea.ship_adjacent) for x in pieces
                ):
                    raise PositionError(
                        "a keep_fleet decision needs the pieces of the split fleet as its data "
                        "(vertex paths separated by -1)"
                    )
                if self.fleet[d.seat]:
                    raise PositionError(
                        f"seat {d.seat} has a fleet and a split fleet to choose from"
                    )
        self.rebuild_derived()
        used: dict[int, int] = {}
        for p, path in enumerate(self.fleet):
            for i in range(1, len(path)):
                e = self.edge_between(path[i - 1], path[i])
                if e in used:
                    raise PositionError(f"edge {e} holds ships of seats {used[e]} and {p}")
                if self.edge_owner[e] >= 0:
                    raise PositionError(f"edge {e} holds both a road and a ship")
                used[e] = p
        for e, o in enumerate(self.edge_owner):
            if o >= 0 and not self.sea.road_edge[e]:
                raise PositionError(f"seat {o}'s road on edge {e} lies at sea")
        if self.pirate != -1 and not grid.num_land <= self.pirate < grid.num_hexes:
            raise PositionError(f"the pirate is on hex {self.pirate}, not a sea hex")
        if self.stage not in (TRADE, BUILD, FLEET):
            raise PositionError(f"the stage {self.stage} is not 2 (trade), 3 (build) or 4 (fleet)")
        if not any(self.held_chip):
            self.held_chip, self.set_aside = chips.fixed_deal(self.sea.dealt, n)
        held = [*self.held_chip, *([self.set_aside] if n < len(self.sea.dealt) else [])]
        board = sorted(c for c in self.board.number if c)
        if sorted(board + held) != sorted(c for c, k in self.sea.chips for _ in range(k)):
            raise PositionError(
                f"the number chips on the board and held ({sorted(held)}) are not the game's 27"
            )
        self.vp_public = [self.public_vp_of(p) for p in range(n)]

    # -- views ----------------------------------------------------------------------------
    def view(self, seat: int | None) -> FleetView:
        from engine.rulesets.fleet.view import fleet_view

        return fleet_view(self, super().view(seat), seat)

    @classmethod
    def sample_consistent(
        cls, view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None
    ) -> FleetGame:
        from engine.rulesets.fleet.view import sample_fleet

        game = super().sample_consistent(view, rng, beliefs)
        sample_fleet(game, view, rng)
        return game
