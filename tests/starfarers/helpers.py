"""Shared helpers for the Starfarers tests: game creation, invariants, random play."""

from __future__ import annotations

import random
from typing import Any

from engine.config import GameConfig
from engine.registry import new_game
from engine.rng import Rng
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.constants import (
    COLONY,
    COLONY_SHIP,
    FLIGHT,
    MAIN,
    NEUTRAL,
    SPACEPORT,
    TRADE_SHIP,
    UPGRADE_MAX,
    UPGRADE_STOCK,
)
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import RESOURCE_INDEX
from engine.shared.actions import Roll

VARIANTS = ("first_game", "strategic", "discoverer", "wild_space")


def make(seats: int = 4, seed: int = 1, **options: Any) -> StarfarersGame:
    g = new_game(GameConfig("starfarers", seats, seed, options))
    assert isinstance(g, StarfarersGame)
    return g


def recount_vp(g: StarfarersGame, p: int) -> int:
    vp = 0
    for v in B.ALL_SITES:
        if g.occ_owner[v] == p:
            if g.occ_kind[v] == COLONY:
                vp += 1
            elif g.occ_kind[v] == SPACEPORT:
                vp += 2
    vp += 2 * sum(1 for h in g.marker if h == p)
    return vp + g.medals[p] + g.half_medals[p] // 2


def check_invariants(g: StarfarersGame) -> None:
    n = g.config.seats
    for r in range(5):
        assert g.supply[r] + g.reserve[r] + sum(h[r] for h in g.hands) == 20
        assert g.supply[r] >= 0 and g.reserve[r] >= 0
        assert all(h[r] >= 0 for h in g.hands)
    assert sum(g.supply) + sum(g.reserve) + sum(map(sum, g.hands)) == 100
    for k in range(3):
        assert g.upgrade_stock[k] + sum(u[k] for u in g.upgrades) == UPGRADE_STOCK[k]
        assert all(0 <= u[k] <= UPGRADE_MAX[k] for u in g.upgrades)
    assert g.hm_stock + sum(g.half_medals) == 40
    assert g.hm_stock >= 0 and min(g.half_medals) >= 0
    assert sum(g.enc_draw) + sum(g.enc_discard) + (1 if g.enc_card >= 0 else 0) == 32
    assert sum(g.fstack) + sum(map(sum, g.fheld)) == 20
    assert g.tokens_left + sum(g.trade_tokens) == 6
    seen: set[int] = set()
    for p in range(n):
        ships = g.ships[p]
        assert len(ships) <= 3
        parked = list(ships)
        if p == g.current and g.moving >= 0:
            parked.remove(g.moving)  # the moving ship may pass through another's point
        assert len(set(parked)) == len(parked)
        for v in parked:
            assert v not in seen
            seen.add(v)
        kinds = []
        for v in parked:
            assert g.occ_owner[v] == p
            kinds.append(g.occ_kind[v])
        if p == g.current and g.moving >= 0:
            kinds.append(g.moving_kind)
        for kind in kinds:
            assert kind in (COLONY_SHIP, TRADE_SHIP)
        col_ships = kinds.count(COLONY_SHIP)
        trade_ships = kinds.count(TRADE_SHIP)
        on_board = sum(
            1 for v in B.ALL_SITES if g.occ_owner[v] == p and g.occ_kind[v] in (COLONY, SPACEPORT)
        )
        ports = sum(1 for v in B.ALL_SITES if g.occ_owner[v] == p and g.occ_kind[v] == SPACEPORT)
        stations = sum(g.stations[c][p] for c in range(4))
        assert g.colonies_left[p] + on_board + col_ships == 9
        assert g.stations_left[p] + stations + trade_ships == 7
        assert g.transports_left[p] + len(ships) == 3
        assert g.rings_left[p] + ports == 3
        assert g.vp[p] == recount_vp(g, p)
        assert g.vp[p] == g.vp_of(p)
    for v in range(B.NUM_VERTICES):
        if g.occ_kind[v]:
            assert g.is_point[v]
            owner = g.occ_owner[v]
            assert owner == NEUTRAL or 0 <= owner < n
            if g.occ_kind[v] in (COLONY_SHIP, TRADE_SHIP):
                assert v in g.ships[owner]
    for c in range(4):
        holder = g.marker[c]
        total = sum(g.stations[c])
        assert total <= 5
        if total == 0:
            assert holder == -1
        else:
            assert holder >= 0
            assert g.stations[c][holder] == max(g.stations[c])


def random_game(
    seats: int, seed: int, variant: str, turn_cap: int = 400, check: bool = True, **options: Any
) -> tuple[StarfarersGame, int]:
    """Uniform random legal actions (no free-form offers); the game and the action count."""
    g = make(seats, seed, variant=variant, **options)
    rnd = random.Random(seed)
    count = 0
    while g.to_act is not None and g.turn < turn_cap:
        legal = [a for a in g.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        assert legal, f"no legal action in phase {g.phase_name}"
        a = rnd.choice(legal)
        g.apply(a)
        count += 1
        if check:
            check_invariants(g)
    return g, count


class ScriptedRng(Rng):
    """An Rng whose dice and small draws follow a script, then fall back to the seed."""

    def __init__(self, seed: int, dice: list[int] | None = None, below: list[int] | None = None):
        super().__init__(seed)
        self.dice = list(dice or [])
        self.belows = list(below or [])

    def die(self) -> int:
        if self.dice:
            return self.dice.pop(0)
        return super().die()

    def below(self, n: int) -> int:
        if self.belows:
            return self.belows.pop(0)
        return super().below(n)


def script(
    g: StarfarersGame, dice: list[int] | None = None, below: list[int] | None = None
) -> None:
    g.rng = ScriptedRng(g.rng.state, dice, below)


def v(x: int, y: int) -> int:
    return B.vid(x, y)


def roll(g: StarfarersGame, d1: int, d2: int) -> list[Any]:
    script(g, [d1, d2])
    return g.apply(Roll())


def to_main(g: StarfarersGame) -> None:
    """Roll a 2 (scripted) and settle into trade & build."""
    roll(g, 1, 1)
    while g.phase != MAIN:
        g.apply(g.legal_actions()[0])


def clear_hands(g: StarfarersGame) -> None:
    for p in range(g.config.seats):
        for r in range(5):
            g.supply[r] += g.hands[p][r]
            g.hands[p][r] = 0


def give(g: StarfarersGame, p: int, **cards: int) -> None:
    """Move cards from the supply to `p`'s hand (conserving the 100 cards)."""
    for name, c in cards.items():
        r = RESOURCE_INDEX[name]
        take = min(c, g.supply[r])
        g.supply[r] -= take
        g.reserve[r] -= c - take
        g.hands[p][r] += c


def enter_flight(g: StarfarersGame, base: int = 3) -> None:
    g.phase = FLIGHT
    g.base_speed = base
    g.balls = (0, 3)


def put_ship(g: StarfarersGame, p: int, kind: int, at: int) -> None:
    g.place_ship(p, kind, at)


def clear_ships(g: StarfarersGame, p: int) -> None:
    for at in list(g.ships[p]):
        g.ships[p].remove(at)
        kind = g.occ_kind[at]
        g.occ_kind[at] = 0
        g.occ_owner[at] = -1
        g.ship_flags[at] = 0
        g.transports_left[p] += 1
        if kind == COLONY_SHIP:
            g.colonies_left[p] += 1
        else:
            g.stations_left[p] += 1


def solo_ship(
    g: StarfarersGame, p: int, kind: int, at: int, base: int = 3, boosters: int = 0
) -> None:
    """Seat `p` is active in its flight phase with one ship at `at` and exactly `base + boosters`
    speed.
    """
    g.current = p
    clear_ships(g, p)
    put_ship(g, p, kind, at)
    while g.upgrades[p][0] > boosters:
        g.lose_upgrade(p, 0)
    while g.upgrades[p][0] < boosters:
        g.gain_upgrade(p, 0)
    enter_flight(g, base)
