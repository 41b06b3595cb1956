"""Routes of a flight: every offered destination is reached by legal steps, and only those."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import EndMove, FlyStep, FoundColony
from engine.rulesets.starfarers.constants import FLIGHT, TRADE_SHIP
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.routes import (
    REVEALING,
    game_from_view,
    movable_ships,
    reachable,
    what_is_there,
)
from tests.starfarers.helpers import make

SEEDS = (3, 11)


def flight_positions(seed: int, count: int) -> Iterator[StarfarersGame]:
    """Seeded random play; each flight decision of any seat, first step or mid-move."""
    g = make(seed=seed)
    rng = random.Random(seed)
    found = 0
    for _ in range(20000):
        if g.to_act is None or found >= count:
            return
        if g.phase == FLIGHT:
            found += 1
            yield g.copy()
        legal = [a for a in g.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        g.apply(rng.choice(legal))


def ends_by_brute_force(g: StarfarersGame, ship: int) -> set[int]:
    """Every point where some sequence of legal steps lets the ship end (or found) its move."""
    out: set[int] = set()
    done: set[tuple[int, int, tuple[int, ...]]] = set()

    def walk(game: StarfarersGame, pos: int, depth: int) -> None:
        # every path, but a position already walked (same point, speed left, discs) only once
        key = (pos, game.steps_left, tuple(game.planet_disc))
        if key in done:
            return
        done.add(key)
        for a in game.legal_actions():
            if not isinstance(a, FlyStep) or a.ship != pos:
                continue
            child = game.copy()
            events = child.apply(a)
            if any(e.kind in REVEALING for e in events):
                out.add(a.to)
                continue
            legal = child.legal_actions()
            if a.to != ship and (EndMove() in legal or FoundColony(a.to) in legal):
                out.add(a.to)
            walk(child, a.to, depth + 1)

    walk(g, ship, 0)
    return out


def test_every_route_is_legal_step_by_step() -> None:
    checked = 0
    for seed in SEEDS:
        for g in flight_positions(seed, 60):
            for ship in movable_ships(g):
                for v, route in reachable(g, ship).items():
                    game = g.copy()
                    for a in route.actions:
                        assert game.check(a) is None, (seed, v, a, game.check(a))
                        assert a in game.legal_actions()
                        game.apply(a)
                    if route.finish is not None:
                        assert game.moving < 0  # the ship stopped where the route said
                        if isinstance(route.finish, EndMove) and B.CENTRE_SLOT[v] < 0:
                            assert game.occ_owner[v] == g.current
                    else:
                        assert route.reveals and game.moving == v
                    checked += 1
    assert checked > 200


def test_a_destination_is_offered_exactly_when_legal_steps_get_there() -> None:
    compared = 0
    for seed in SEEDS:
        for g in flight_positions(seed, 25):
            for ship in movable_ships(g):
                routes = reachable(g, ship)
                assert set(routes) == ends_by_brute_force(g, ship), seed
                for route in routes.values():
                    assert len(route.steps) <= 20
                compared += 1
    assert compared > 10


def test_routes_from_the_view_are_the_real_game_routes() -> None:
    for g in flight_positions(3, 40):
        view_game = game_from_view(g.view(g.current))
        for ship in movable_ships(g):
            real = reachable(g, ship)
            seen = reachable(view_game, ship)
            assert set(real) == set(seen)
            for v, route in real.items():
                if not route.reveals:
                    assert route.actions == seen[v].actions


def test_a_docking_point_needing_more_pods_is_not_offered() -> None:
    """A trade ship next to an outpost with as many stations as it has pods may not dock."""
    hits = 0
    for seed in SEEDS:
        for g in flight_positions(seed, 200):
            p = g.current
            for ship in movable_ships(g):
                kind = g.moving_kind if g.moving == ship else g.occ_kind[ship]
                if kind != TRADE_SHIP:
                    continue
                g2 = g.copy()
                g2.upgrades[p][2] = 0  # no freight pods: no station anywhere
                g2._legal = None
                routes = reachable(g2, ship)
                docks = [v for v in range(B.NUM_VERTICES) if B.CENTRE_SLOT[v] >= 0]
                assert not set(routes) & set(docks)
                for v in docks:
                    if g2.is_point[v]:
                        words = " ".join(what_is_there(g2, ship, v, None))
                        assert "needs" in words and "you have 0" in words
                        hits += 1
    assert hits > 0
