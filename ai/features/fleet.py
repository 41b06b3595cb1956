"""Catan Fleet knowledge: the base game's evaluation and policy, plus the fleet and the chips.

Derived from ``ai.features.base`` (the hex family is one family): the base
evaluation already reads the board's number chips (a swapped chip is a new
board, so production follows every swap), victory points (islet chips
included, 12 to win, read from the game), expansion sites and hand
progress. This module wraps it and adds

- the fleet: ships on the water, and how near the fleet (or, with no fleet,
  one's buildings) lies to an islet vertex one could settle from it;
- the settlement price in hand while the fleet can reach a settleable islet
  vertex this turn (phase 4 builds from what building in phase 3 left; without
  this the bots spent those cards on roads and never settled an islet);
- the number chip in hand: a high-probability chip is a swap waiting to
  happen onto one's own hex;
- the islet chips' majorities (points on an islet where one is not ahead).

The policy follows the four phases: the base game's rules for trading and
building, a ship toward the nearest islet when nothing else is built, then
the fleet phase, where settlements from the fleet come first and fleet moves
and chip swaps are chosen one ply ahead by the evaluation (a swap only when
it beats ending the turn). On a 7 the robber or the pirate, whichever hurts
the rivals more.
"""

from __future__ import annotations

from collections import deque

from ai.features import base
from ai.features.base import (
    CHANCE,
    PIPS,
    RESOURCES,
    apply_trade,
    hand_of,
    is_winning,
    phase_of,
    relative_value,
    trade_terms,
)
from ai.features.lookahead import one_ply
from engine.actions import Action
from engine.rng import Rng
from engine.rulesets.base.actions import BuildRoad, BuildSettlement
from engine.rulesets.base.decisions import MAIN, MOVE_ROBBER, ROAD_BUILDING, SETUP_ROAD
from engine.rulesets.fleet.actions import (
    BuildShip,
    KeepFleet,
    MovePirate,
    StartFleetPhase,
)
from engine.rulesets.fleet.game import KEEP_FLEET, FleetGame
from engine.rulesets.fleet.phases import FLEET
from engine.shared.actions import EndTurn, MoveRobber

__all__ = [
    "CHANCE",
    "FORCED",
    "POLICY_PHASES",
    "RESOURCES",
    "apply_trade",
    "evaluate",
    "hand_of",
    "is_winning",
    "phase_of",
    "policy",
    "trade_terms",
]

FORCED = base.FORCED | {KEEP_FLEET}
POLICY_PHASES = base.POLICY_PHASES
REACH = 6
"""Ship steps searched for an islet vertex (a fleet has at most 5 ships)."""


# -- the fleet's reach ----------------------------------------------------------------------


def _settleable(game: FleetGame, seat: int, v: int) -> bool:
    islet = game.sea.islet_of_vertex[v]
    if islet < 0 or game.vertex_owner[v] >= 0 or not game._distance_ok(v):
        return False
    owner = game.vertex_owner
    return not any(owner[w] == seat for w in game.sea.islet_vertices[islet])


def islet_distance(game: FleetGame, seat: int) -> int:
    """Ship steps from the fleet (or one's coast, with no fleet) to a settleable islet vertex.

    REACH + 1 when none lies within REACH steps.
    """
    starts = game.fleet[seat] or tuple(game.buildings[seat])
    blocked = game.blockade(seat)
    roads, ships = game.edge_owner, game.ship_owner
    seen = set(starts)
    queue = deque((v, 0) for v in starts)
    while queue:
        v, d = queue.popleft()
        if d and _settleable(game, seat, v):
            return d
        if v in game.fleet[seat] and _settleable(game, seat, v):
            return 0
        if d >= REACH:
            continue
        for w, e in game.sea.ship_adjacent[v]:
            if w in seen or e in blocked or roads[e] >= 0 or ships[e] not in (-1, seat):
                continue
            seen.add(w)
            queue.append((w, d + 1))
    return REACH + 1


def ships_of(game: FleetGame, seat: int) -> int:
    path = game.fleet[seat]
    return len(path) - 1 if path else 0


# -- evaluation ---------------------------------------------------------------------------


def _islet_majority(game: FleetGame, seat: int) -> float:
    """Points on islets whose chip this seat does not hold yet (a step toward it)."""
    value = 0.0
    owner, level = game.vertex_owner, game.vertex_level
    for i, vertices in enumerate(game.sea.islet_vertices):
        if game.islet_holders[i] == seat:
            continue
        mine = sum(level[v] for v in vertices if owner[v] == seat)
        value += 1.5 * mine * game.sea.islet_vp[i]
    return value


ISLET_PROGRESS = 6.0
"""Points for holding a settlement's price while the fleet can settle an islet this turn."""


def _islet_progress(game: FleetGame, seat: int, d: int) -> float:
    """Cards saved toward a settlement from the fleet, worth most when the fleet is there.

    A settlement from the fleet is built in phase 4, after building closes, so
    its price must be held when the turn reaches the fleet: the base game's hand
    progress (which counts only sites on one's roads) never sees it.
    """
    hand = game.hand(seat)
    missing = base._missing_at_rates(hand, game.PRICES["settlement"], game.row(game.rates, seat))
    return float(ISLET_PROGRESS * 0.8**d * 0.5**missing)


def _seat_value(game: FleetGame, seat: int, detail: bool) -> float:
    value = base._seat_value(game, seat, detail)
    if value >= 1000.0:
        return value
    value += _islet_majority(game, seat)
    if not detail:
        return value
    ships = ships_of(game, seat)
    value += 0.8 * ships
    if game.settlements_left[seat]:
        d = islet_distance(game, seat)
        if d <= REACH:
            value += 7.0 * 0.6**d
        if d <= ships:
            value += _islet_progress(game, seat, d)
    value += 0.3 * PIPS[game.held_chip[seat]]
    return value


def evaluate(game: FleetGame, seat: int) -> float:
    """The seat's position less a share of the strongest opponent's (as in base)."""
    return relative_value(game, seat, _seat_value)


# -- the rule-based policy ----------------------------------------------------------------


def _pirate_score(game: FleetGame, seat: int, h: int) -> float:
    edges = game.sea.hex_edge_sets[h]
    score = 0.0
    for e in edges:
        p = game.ship_owner[e]
        if p == seat:
            score -= 50.0
        elif p >= 0:
            score += 2.5 * (1.0 + game.vp_public[p] / 4.0)
    return score


def _robber_or_pirate(game: FleetGame, seat: int, legal: list[Action]) -> Action:
    robbers: list[Action] = [a for a in legal if isinstance(a, MoveRobber)]
    pirates = [a for a in legal if isinstance(a, MovePirate)]
    best: Action | None = None
    score = float("-inf")
    if robbers:
        best = base._robber_hex(game, seat, robbers)
        assert isinstance(best, MoveRobber)
        score = sum(
            PIPS[game.board.number[best.hex]]
            * game.vertex_level[v]
            * (1.0 + game.vp_public[p] / 4.0)
            for v in game.board.grid.hex_vertices[best.hex]
            if (p := game.vertex_owner[v]) >= 0 and p != seat
        )
    for a in pirates:
        s = _pirate_score(game, seat, a.hex)
        if s > score:
            best, score = a, s
    return best if best is not None else legal[0]


def _pieces(game: FleetGame, seat: int, legal: list[Action]) -> Action:
    """A setup or Road Building piece: a road toward a site, or a ship toward an islet."""
    roads = [a for a in legal if isinstance(a, BuildRoad)]
    ships = [a for a in legal if isinstance(a, BuildShip)]
    if ships and (not roads or (not game.fleet[seat] and game.roads[seat])):
        return one_ply(game, seat, ships, evaluate)[0]
    if roads:
        return BuildRoad(base._road_target(game, seat, [a.edge for a in roads]))
    return legal[0]


def _fleet_phase(game: FleetGame, seat: int, legal: list[Action]) -> Action:
    settle = [a for a in legal if isinstance(a, BuildSettlement)]
    if settle:
        prod = base.production(game, seat)
        return max(settle, key=lambda a: base._spot_score(game, seat, a.vertex, prod))
    if len(legal) == 1:
        return legal[0]
    end = next((a for a in legal if isinstance(a, EndTurn)), None)
    others = [a for a in legal if not isinstance(a, EndTurn) and a.type != "play_knight"]
    if not others:
        return end if end is not None else legal[0]
    here = evaluate(game, seat)
    action, score = one_ply(game, seat, others, evaluate)
    if score > here + 0.5 or end is None:
        return action
    return end


def _build_phase(game: FleetGame, seat: int, legal: list[Action]) -> Action:
    plain = [a for a in legal if not isinstance(a, (BuildShip, StartFleetPhase))]
    action = base._main(game, seat, plain)
    if not isinstance(action, EndTurn):
        return action
    ships = [a for a in legal if isinstance(a, BuildShip)]
    if ships and islet_distance(game, seat) > 0 and game.settlements_left[seat]:
        choice, score = one_ply(game, seat, ships, evaluate)
        if score > evaluate(game, seat):
            return choice
    if game.fleet[seat] and any(isinstance(a, StartFleetPhase) for a in legal):
        return StartFleetPhase()
    return action


def policy(game: FleetGame, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Base's rules for the base game's decisions; the fleet, the pirate and the phases added."""
    if len(legal) == 1:
        return legal[0]
    phase = game.phase
    if phase == MAIN:
        if game.stage == FLEET:
            return _fleet_phase(game, seat, legal)
        return _build_phase(game, seat, legal)
    if phase in (SETUP_ROAD, ROAD_BUILDING):
        return _pieces(game, seat, legal)
    if phase == MOVE_ROBBER:
        return _robber_or_pirate(game, seat, legal)
    if phase == KEEP_FLEET:
        keeps = [a for a in legal if isinstance(a, KeepFleet)]
        return one_ply(game, seat, keeps, evaluate)[0]
    return base.policy(game, seat, legal, rng)
