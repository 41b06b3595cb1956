"""Starfarers knowledge: a hand-tuned evaluation and a fast rule-based policy.

Reads a *determinized* StarfarersGame (from sample_consistent): face-down
tiles and other hands there are guesses, so looking is fair. Units match the
base module: about 10 points per victory point.

What the evaluation rewards, beyond victory points: production of colonies
and spaceports (pips of the planets they touch), ships on the map and how
close each is to a place where it can do its job (a free colony site for a
colony ship, an outpost with room for a trade ship, a face-down system to
explore), mothership upgrades with diminishing returns (boosters first), and
progress of the hand toward the next ship, spaceport or booster.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from ai.features.base import relative_value
from ai.features.swaps import Terms, swap_terms
from engine.actions import Action
from engine.rng import Rng
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers import flight
from engine.rulesets.starfarers.actions import (
    BuildShip,
    BuildSpaceport,
    BuildUpgrade,
    BuyFame,
    ChooseStartUpgrade,
    EndMove,
    FlyStep,
    FoundColony,
    Jump,
    PlaceColony,
    Shake,
    TakeResource,
)
from engine.rulesets.starfarers.constants import (
    COLONY,
    COLONY_SHIP,
    COLONY_SHIP_COST,
    EMPTY_POINT,
    SPACEPORT,
    SPACEPORT_COST,
    TRADE_SHIP,
    TRADE_SHIP_COST,
    UPGRADE_COST,
)
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import DISC_ROLLS, PLANETARY, RESOURCES
from engine.shared.actions import (
    CancelTrade,
    ConfirmTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    Roll,
    Steal,
)

__all__ = [
    "CHANCE",
    "FORCED",
    "POLICY_PHASES",
    "RESOURCES",
    "apply_trade",
    "evaluate",
    "hand_of",
    "phase_of",
    "policy",
    "trade_terms",
]

CHANCE = frozenset({"roll", "shake", "steal", "encounter_answer"})
POLICY_PHASES = frozenset({"flight"})
"""Phases where the search bots trust the rule-based policy (step-by-step flight)."""
FORCED = frozenset({"setup_spaceport", "setup_ship", "setup_upgrade", "discard", "steal", "relief"})
PIPS = (0, 0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1)
DISC_PIPS = tuple(sum(PIPS[r] for r in range(2, 13) if mask & (1 << r)) for mask in DISC_ROLLS)
BOOSTER, CANNON, POD = range(3)
FAR = 30  # distance when nothing is reachable


def phase_of(game: StarfarersGame) -> str:
    return game.phase_name


def hand_of(game: StarfarersGame, seat: int) -> list[int]:
    return list(game.hands[seat])


def apply_trade(
    game: StarfarersGame, offerer: int, partner: int, give: tuple[int, ...], get: tuple[int, ...]
) -> None:
    """Swap cards in place: ``offerer`` gives ``give`` to ``partner`` and gets ``get``."""
    mine, theirs = game.hands[offerer], game.hands[partner]
    for r in range(5):
        mine[r] += get[r] - give[r]
        theirs[r] += give[r] - get[r]


# -- production -----------------------------------------------------------------------------


def _site_pips(game: StarfarersGame, v: int) -> float:
    """Expected production (per 36 rolls) of a colony on site ``v``; unseen planets guessed."""
    total = 0.0
    for pi in B.SITE_PLANETS[v]:
        if game.planet_hidden[pi]:
            total += 2.0
        else:
            total += DISC_PIPS[game.planet_disc[pi]]
    return total


def production(game: StarfarersGame, seat: int) -> list[float]:
    prod = [0.0] * 5
    kind, owner = game.occ_kind, game.occ_owner
    for v in B.ALL_SITES:
        if owner[v] == seat and kind[v] in (COLONY, SPACEPORT):
            for pi in B.SITE_PLANETS[v]:
                r = game.planet_res[pi]
                if r >= 0 and not game.planet_hidden[pi]:
                    prod[r] += DISC_PIPS[game.planet_disc[pi]]
    return prod


def _production_score(prod: list[float]) -> float:
    return sum(min(x, 10.0) + 0.4 * max(0.0, x - 10.0) + (1.5 if x else 0.0) for x in prod)


# -- distances ----------------------------------------------------------------------------------

_DIST_CACHE: dict[tuple[int, ...], list[int]] = {}


def _distances(targets: tuple[int, ...], is_point: tuple[int, ...]) -> list[int]:
    """Lanes from every vertex to the nearest target (breadth-first, cached)."""
    key = (*targets, -1, *is_point)
    found = _DIST_CACHE.get(key)
    if found is not None:
        return found
    dist = [FAR] * B.NUM_VERTICES
    queue = deque(targets)
    for t in targets:
        dist[t] = 0
    while queue:
        u = queue.popleft()
        d = dist[u] + 1
        for w in B.NEIGHBOURS[u]:
            if is_point[w] and dist[w] > d:
                dist[w] = d
                queue.append(w)
    if len(_DIST_CACHE) > 512:
        _DIST_CACHE.clear()
    _DIST_CACHE[key] = dist
    return dist


def _unexplored_ring(game: StarfarersGame) -> list[int]:
    """Ring points of systems still face down or with hidden planets: worth a visit."""
    out: list[int] = []
    for s in B.SLOTS:
        kind = game.slot_kind[s.index]
        if kind < 0 or (kind == PLANETARY and game.planet_hidden[3 * s.index]):
            out.extend(v for v in s.ring if game.is_point[v])
    return out


def _colony_targets(game: StarfarersGame, seat: int) -> tuple[int, ...]:
    out = [
        v
        for v in B.ALL_SITES
        if game.occ_kind[v] in (EMPTY_POINT, COLONY_SHIP) and flight.can_found(game, seat, v)
    ]
    out.extend(_unexplored_ring(game))
    return tuple(sorted(set(out)))


def _trade_targets(game: StarfarersGame, seat: int) -> tuple[int, ...]:
    out = []
    for s in B.SLOTS:
        c = s.centre
        if (
            game.is_point[c]
            and not game.occ_kind[c]
            and flight.is_docking(game, c)
            and flight.station_ok(game, seat, c)
        ):
            out.append(c)
        elif game.slot_kind[s.index] < 0:
            out.extend(v for v in s.ring if game.is_point[v])
    return tuple(sorted(set(out)))


def _ship_value(game: StarfarersGame, seat: int) -> float:
    ships = game.ships[seat]
    if not ships:
        return 0.0
    is_point = tuple(game.is_point)
    value = 0.0
    col_dist: list[int] | None = None
    trade_dist: list[int] | None = None
    for v in ships:
        kind = game.occ_kind[v]
        if kind == COLONY_SHIP:
            if col_dist is None:
                col_dist = _distances(_colony_targets(game, seat), is_point)
            d = col_dist[v]
            if flight.can_found(game, seat, v):
                d = 0
            value += 12.0 - 0.45 * min(d, 16)
        elif kind == TRADE_SHIP:
            if trade_dist is None:
                trade_dist = _distances(_trade_targets(game, seat), is_point)
            value += 10.0 - 0.45 * min(trade_dist[v], 16)
    if game.moving >= 0 and game.current == seat:
        kind = game.moving_kind
        dist = (
            _distances(_colony_targets(game, seat), is_point)
            if kind == COLONY_SHIP
            else _distances(_trade_targets(game, seat), is_point)
        )
        value += (12.0 if kind == COLONY_SHIP else 10.0) - 0.45 * min(dist[game.moving], 16)
    return value


# -- evaluation -----------------------------------------------------------------------------------


def _missing(hand: list[int], cost: tuple[int, ...]) -> int:
    return sum(c - h for h, c in zip(hand, cost, strict=True) if c > h)


def _seat_value(game: StarfarersGame, seat: int, detail: bool) -> float:
    vp = game.vp_of(seat)
    if vp >= 15:
        return 1000.0
    value = 10.0 * vp + 0.8 * _production_score(production(game, seat))
    hand = game.hands[seat]
    if not detail:
        return value + 0.4 * sum(hand) + 3.0 * len(game.ships[seat])
    value += _ship_value(game, seat)
    ups = game.upgrades[seat]
    value += 2.0 * min(ups[BOOSTER], 3) + 0.3 * max(0, ups[BOOSTER] - 3)
    value += 1.2 * min(ups[CANNON], 2) + 0.3 * max(0, ups[CANNON] - 2)
    value += 1.2 * min(ups[POD], 2) + 0.3 * max(0, ups[POD] - 2)
    value += 4.0 * sum(row[seat] for row in game.stations)
    cards = sum(hand)
    value += 0.3 * min(cards, 8)
    progress = 0.0
    if game.transports_left[seat] and game.free_port_sites(seat):
        if game.colonies_left[seat]:
            progress = max(progress, 5.0 * 0.5 ** _missing(hand, COLONY_SHIP_COST))
        if game.stations_left[seat]:
            progress = max(progress, 4.0 * 0.5 ** _missing(hand, TRADE_SHIP_COST))
    if game.rings_left[seat] and any(
        game.occ_owner[v] == seat and game.occ_kind[v] == COLONY for v in B.ALL_SITES
    ):
        progress = max(progress, 5.0 * 0.5 ** _missing(hand, SPACEPORT_COST))
    if ups[BOOSTER] < 4:
        progress = max(progress, 3.0 * 0.5 ** _missing(hand, UPGRADE_COST[BOOSTER]))
    value += progress
    if cards > 8:
        value -= 0.6 * (cards - 8)
    return value


def evaluate(game: StarfarersGame, seat: int) -> float:
    """The seat's position less a share of the strongest opponent's."""
    return relative_value(game, seat, _seat_value)


# -- the rule-based policy ---------------------------------------------------------------------


def _target_cost(game: StarfarersGame, seat: int) -> tuple[int, ...]:
    hand = game.hands[seat]
    options: list[tuple[int, int, tuple[int, ...]]] = []
    if game.rings_left[seat] and any(
        game.occ_owner[v] == seat and game.occ_kind[v] == COLONY for v in B.ALL_SITES
    ):
        options.append((_missing(hand, SPACEPORT_COST), 0, SPACEPORT_COST))
    if game.transports_left[seat] and game.free_port_sites(seat):
        if game.colonies_left[seat]:
            options.append((_missing(hand, COLONY_SHIP_COST), 1, COLONY_SHIP_COST))
        if game.stations_left[seat]:
            options.append((_missing(hand, TRADE_SHIP_COST) + 1, 2, TRADE_SHIP_COST))
    if game.upgrades[seat][BOOSTER] < 4:
        options.append((_missing(hand, UPGRADE_COST[BOOSTER]) + 1, 3, UPGRADE_COST[BOOSTER]))
    if not options:
        return UPGRADE_COST[CANNON]
    return min(options)[2]


def _one_ply(game: StarfarersGame, seat: int, legal: list[Action]) -> Action:
    """The best action by evaluation after playing it (no chance sampling)."""
    best, best_score = legal[0], -1e18
    for a in legal:
        g = game.copy()
        g.apply(a)
        score = evaluate(g, seat)
        if score > best_score:
            best, best_score = a, score
    return best


def _flight(game: StarfarersGame, seat: int, legal: list[Action]) -> Action:
    for a in legal:
        if isinstance(a, FoundColony):
            return a
    is_point = tuple(game.is_point)
    col = _distances(_colony_targets(game, seat), is_point)
    trade = _distances(_trade_targets(game, seat), is_point)

    def dist_for(kind: int, v: int) -> int:
        return col[v] if kind == COLONY_SHIP else trade[v]

    if game.moving >= 0:
        kind, here = game.moving_kind, game.moving
        steps = [a for a in legal if isinstance(a, FlyStep)]
        if steps:
            best = min(steps, key=lambda a: (dist_for(kind, a.to), a.to))
            if dist_for(kind, best.to) < dist_for(kind, here):
                return best
        for a in legal:
            if isinstance(a, EndMove):
                return a
        return steps[0] if steps else legal[0]
    jumps = [a for a in legal if isinstance(a, Jump)]
    if jumps:
        return min(jumps, key=lambda a: (dist_for(game.occ_kind[a.ship], a.to), a.to))
    starts = [a for a in legal if isinstance(a, FlyStep)]
    good = [
        a
        for a in starts
        if dist_for(game.occ_kind[a.ship], a.to) < dist_for(game.occ_kind[a.ship], a.ship)
    ]
    if good:
        return min(good, key=lambda a: (dist_for(game.occ_kind[a.ship], a.to), a.ship, a.to))
    for a in legal:
        if isinstance(a, EndTurn):
            return a
    return legal[0]


def _main(game: StarfarersGame, seat: int, legal: list[Action]) -> Action:
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    if BuildSpaceport in by_type:
        return max(by_type[BuildSpaceport], key=lambda a: (_site_pips(game, a.site), -a.site))  # type: ignore[attr-defined]
    ships = by_type.get(BuildShip, [])
    colony_ships = [a for a in ships if a.kind == "colony"]  # type: ignore[attr-defined]
    trade_ships = [a for a in ships if a.kind == "trade"]  # type: ignore[attr-defined]
    n_ships = len(game.ships[seat])
    if colony_ships and n_ships < 3:
        return colony_ships[0]
    ups = game.upgrades[seat]
    upgrades = {a.kind: a for a in by_type.get(BuildUpgrade, [])}  # type: ignore[attr-defined]
    if "booster" in upgrades and ups[BOOSTER] < 3:
        return upgrades["booster"]
    if trade_ships and n_ships < 3:
        return trade_ships[0]
    if "cannon" in upgrades and ups[CANNON] < 2:
        return upgrades["cannon"]
    if "pod" in upgrades and ups[POD] < 2:
        return upgrades["pod"]
    if BuyFame in by_type:
        return BuyFame()
    hand = game.hands[seat]
    target = _target_cost(game, seat)
    if MaritimeTrade in by_type and _missing(hand, target) > 0:
        best = None
        for a in by_type[MaritimeTrade]:
            assert isinstance(a, MaritimeTrade)
            give, get = RESOURCES.index(a.give), RESOURCES.index(a.get)
            surplus = hand[give] - game.rate(seat, give) - target[give]
            if target[get] > hand[get] and surplus >= 0:
                key = (surplus, -get)
                if best is None or key > best[0]:
                    best = (key, a)
        if best is not None:
            return best[1]
    if Shake in by_type:
        return Shake()
    return EndTurn()


def policy(game: StarfarersGame, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A fast, deterministic rule-based choice."""
    if len(legal) == 1:
        return legal[0]
    phase = game.phase_name
    if phase == "setup_colony":
        return max(legal, key=lambda a: (_site_pips(game, a.site), -a.site))  # type: ignore[attr-defined]
    if phase == "setup_ship":
        return next((a for a in legal if getattr(a, "kind", "") == "colony"), legal[0])
    if phase == "setup_upgrade":
        return next((a for a in legal if a == ChooseStartUpgrade("boosters")), legal[0])
    if phase == "pre_roll":
        return Roll() if Roll() in legal else legal[0]
    if phase == "discard" or (legal and all(isinstance(a, Discard) for a in legal)):
        hand = game.hands[seat]
        target = _target_cost(game, seat)
        discards = (a for a in legal if isinstance(a, Discard))
        return max(
            discards,
            key=lambda a: hand[RESOURCES.index(a.resource)] - target[RESOURCES.index(a.resource)],
        )
    if phase == "steal":
        steals = (a for a in legal if isinstance(a, Steal))
        return max(steals, key=lambda a: (game.vp_of(a.victim), sum(game.hands[a.victim])))
    if phase == "relief":
        hand = game.hands[seat]
        target = _target_cost(game, seat)
        takes = (a for a in legal if isinstance(a, TakeResource))
        return max(
            takes,
            key=lambda a: target[RESOURCES.index(a.resource)] - hand[RESOURCES.index(a.resource)],
        )
    if phase == "trade_response":
        return next((a for a in legal if isinstance(a, DeclineTrade)), legal[-1])
    if phase == "trade_confirm":
        confirms = [a for a in legal if isinstance(a, ConfirmTrade)]
        return confirms[0] if confirms else CancelTrade()
    if phase == "main":
        return _main(game, seat, legal)
    if phase == "flight":
        return _flight(game, seat, legal)
    if phase in ("encounter", "encounter_choice", "friendship") or any(
        isinstance(a, Steal) for a in legal
    ):
        return _one_ply(game, seat, legal)
    if any(isinstance(a, PlaceColony) for a in legal):
        return max(legal, key=lambda a: _site_pips(game, getattr(a, "site", 0)))
    return legal[0]


# -- trading --------------------------------------------------------------------------------------


def trade_terms(game: StarfarersGame, seat: int) -> list[Terms]:
    """1 for 1 and 2 for 1 of a card missing for the next build."""
    return swap_terms(game.hands[seat], _target_cost(game, seat))


def describe(game: StarfarersGame, seat: int) -> dict[str, Any]:
    """Feature values, for tuning and debugging."""
    return {
        "vp": game.vp_of(seat),
        "production": production(game, seat),
        "ships": _ship_value(game, seat),
        "value": _seat_value(game, seat, True),
    }
