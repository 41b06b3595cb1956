"""Where a ship can get to this flight, as whole routes of legal steps.

A flight is played one lane at a time (`FlyStep`, then `EndMove` or
`FoundColony`), which is what the table validates; a person thinks in
destinations. `reachable` bridges the two with one source of legality: it
walks the game's own `legal_actions()` on copies, breadth first, so a
destination is offered exactly when a sequence of legal steps gets there,
and its route is the shortest such sequence.

A step that turns over a face-down sector or explores a planetary system
shows something nobody knows yet; the search stops there (that point is a
destination whose route ends without a finishing action, and the player
decides again once the map is known). `game_from_view` rebuilds a game from
a seat's view for the terminal, which holds no game of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.rng import Rng
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers import flight
from engine.rulesets.starfarers.actions import EndMove, FlyStep, FoundColony
from engine.rulesets.starfarers.constants import COLONY_SHIP, FLIGHT, MOVED, STUCK, TRADE_SHIP
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import (
    CIV_NAMES,
    ICE_STRENGTH,
    OUTPOST,
    PIRATE_STRENGTH,
    TILES,
)

REVEALING = frozenset({"discover", "explore"})


@dataclass(frozen=True, slots=True)
class Route:
    """How a ship gets to `to`: its steps, then `finish` (None: decide after a reveal)."""

    to: int
    steps: tuple[FlyStep, ...]
    finish: Action | None
    found: bool = False  # a colony ship may found a colony there (FoundColony is legal)
    reveals: bool = False  # the last step turns over a tile or explores a system

    @property
    def actions(self) -> tuple[Action, ...]:
        return (*self.steps, self.finish) if self.finish is not None else self.steps


def game_from_view(view: dict[str, Any]) -> StarfarersGame:
    """A game a seat cannot tell from the real one (other hands and the RNG made up).

    Flight legality reads only the board, the pieces and the ship being moved, all
    public, so routes found on it are the real game's routes.
    """
    from engine.rulesets.starfarers.view import sample_consistent

    return sample_consistent(view, Rng(1))


def movable_ships(game: StarfarersGame) -> list[int]:
    """The points of the current player's ships that may fly now (the moving one alone)."""
    if game.phase != FLIGHT:
        return []
    if game.moving >= 0:
        return [game.moving]
    ships = {a.ship for a in game.legal_actions() if isinstance(a, FlyStep)}
    return sorted(ships)


def reachable(game: StarfarersGame, ship: int) -> dict[int, Route]:
    """Every point the ship on `ship` (or the ship moving there) may end on, with its route.

    Breadth first over the game's legal step actions, each node a copy of the
    game after the route's steps; the first route found to a point is a
    shortest one, and with the most speed left. The ship's own point is not a
    destination (staying is not flying).
    """
    if game.phase != FLIGHT or (game.moving >= 0 and game.moving != ship):
        return {}
    out: dict[int, Route] = {}
    seen = {ship}
    frontier: list[tuple[StarfarersGame, int, tuple[FlyStep, ...]]] = [(game, ship, ())]
    while frontier:
        nxt: list[tuple[StarfarersGame, int, tuple[FlyStep, ...]]] = []
        for g, pos, path in frontier:
            for a in g.legal_actions():
                if not isinstance(a, FlyStep) or a.ship != pos or a.to in seen:
                    continue
                seen.add(a.to)
                child = g.copy()
                events = child.apply(a)
                steps = (*path, a)
                if any(e.kind in REVEALING for e in events):
                    out[a.to] = Route(a.to, steps, None, reveals=True)
                    continue
                route = _route(child, a.to, steps)
                if route is not None:
                    out[a.to] = route
                nxt.append((child, a.to, steps))
        frontier = nxt
    return out


def _route(g: StarfarersGame, v: int, steps: tuple[FlyStep, ...]) -> Route | None:
    legal = g.legal_actions()
    if FoundColony(v) in legal:  # a colony ship flies to a site to found there
        return Route(v, steps, FoundColony(v), found=True)
    if EndMove() in legal:
        return Route(v, steps, EndMove())
    return None


# -- in words ------------------------------------------------------------------------------
def _pods(n: int) -> str:
    return f"{n} freight pod{'s' if n != 1 else ''}"


def ship_kind(game: StarfarersGame, ship: int) -> int:
    return game.moving_kind if game.moving == ship else game.occ_kind[ship]


def speed_left(game: StarfarersGame, ship: int) -> int:
    """Lanes the ship may still fly this flight."""
    if game.moving == ship:
        return game.steps_left
    if game.ship_flags[ship] & (MOVED | STUCK):
        return 0
    return flight.speed(game, game.current)


def what_is_there(game: StarfarersGame, ship: int, v: int, route: Route | None) -> list[str]:
    """What ending on `v` does or would need, with the requirement and what the player has."""
    p = game.current
    kind = ship_kind(game, ship)
    out: list[str] = []
    if route is not None and route.reveals:
        out.append("explore: what is there is turned over when the ship arrives")
    centre = B.CENTRE_SLOT[v]
    if centre >= 0 and game.slot_tile[centre] >= 0 and TILES[game.slot_tile[centre]].civ >= 0:
        civ = TILES[game.slot_tile[centre]].civ
        name = CIV_NAMES[civ].replace("_", " ").title()
        there = sum(game.stations[civ])
        pods = game.upgrades[p][2]
        if kind != TRADE_SHIP:
            out.append(f"the {name}' docking point: only a trade ship docks here")
        elif there >= 5:
            out.append(f"the {name}' outpost is full (5 trade stations)")
        elif pods > there:
            out.append(f"trade station at the {name}: needs {_pods(there + 1)}, you have {pods}")
        else:
            out.append(f"no trade station at the {name}: needs {_pods(there + 1)}, you have {pods}")
    if kind == COLONY_SHIP and B.INNER_SLOT[v] >= 0:
        if route is not None and route.found:
            out.append("found a colony here")
        elif flight.is_colony_site(game, v):
            problem = flight._found_problem(game, p, v)
            if problem:
                out.append(f"no colony: {problem}")
    cannons = flight.combat(game, p)
    pods = game.upgrades[p][2]
    for pi in B.VERTEX_PLANETS[v]:
        if game.planet_hidden[pi]:
            continue
        d = game.planet_disc[pi]
        if PIRATE_STRENGTH[d]:
            need = PIRATE_STRENGTH[d]
            win = "you win a medal" if cannons >= need else "you cannot fight it"
            out.append(f"pirate base: needs {need} cannons, you have {cannons}: {win}")
        elif ICE_STRENGTH[d]:
            need = ICE_STRENGTH[d]
            win = "you win a medal" if pods >= need else "you cannot terraform it"
            out.append(f"ice planet: needs {need} freight pods, you have {pods}: {win}")
    return out


def out_of_reach(game: StarfarersGame, ship: int, routes: dict[int, Route]) -> list[str]:
    """Goals the player may expect but cannot reach now, with the engine's reason."""
    p = game.current
    kind = ship_kind(game, ship)
    out: list[str] = []
    if kind != TRADE_SHIP:
        return out
    for s in range(B.NUM_SLOTS):
        t = game.slot_tile[s]
        if t < 0 or game.slot_kind[s] != OUTPOST or TILES[t].civ < 0:
            continue
        v = B.SLOTS[s].centre
        if v in routes:
            continue
        civ = TILES[t].civ
        name = CIV_NAMES[civ].replace("_", " ").title()
        there = sum(game.stations[civ])
        pods = game.upgrades[p][2]
        if there >= 5:
            out.append(f"{name}: the outpost is full")
        elif pods <= there:
            out.append(f"{name}: a trade station needs {_pods(there + 1)}, you have {pods}")
        else:
            out.append(f"{name}: too far this flight")
    return out
