"""The production phase: dice, planets, the 7, the reserve pile (rules/starfarers.md §5.1).

The phase is a short chain of steps, some of which wait for a decision
(discards, the steal, Diplomat relief, the helping hand); each step ends by
calling the next, so an action that answers a decision resumes the chain
exactly where it stopped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.events import Event
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.constants import COLONY, DISCARD, MAIN, RELIEF, SPACEPORT, STEAL
from engine.rulesets.starfarers.friendship import (
    DP_HELPING,
    DP_RELIEF,
    GF_BASE,
    discard_limit,
)
from engine.rulesets.starfarers.layouts import DISC_ROLLS, RESOURCE_INDEX, RESOURCES
from engine.shared.actions import Discard, Steal
from engine.shared.bank import discard_count, pay_production
from engine.shared.cards import draw, take_random_card

if TYPE_CHECKING:
    from engine.rulesets.starfarers.actions import TakeResource
    from engine.rulesets.starfarers.game import StarfarersGame

RESERVE_PER_TYPE = 8


def private_cards(seat: int, kind: str, got: list[int]) -> Event:
    return Event(
        kind,
        {"seat": seat, "count": sum(got)},
        {"cards": {RESOURCES[r]: c for r, c in enumerate(got) if c}},
        frozenset({seat}),
    )


def refill_reserve(g: StarfarersGame) -> None:
    for r in range(5):
        take = min(RESERVE_PER_TYPE, g.supply[r])
        g.supply[r] -= take
        g.reserve[r] += take


def draw_reserve(g: StarfarersGame, seat: int) -> int:
    """One card from the reserve pile to `seat` (rebuilt from the supply when empty); -1 if none."""
    if not any(g.reserve):
        refill_reserve(g)
        if not any(g.reserve):
            return -1
    r = draw(g.reserve, g.rng)
    g.hands[seat][r] += 1
    if not any(g.reserve):
        refill_reserve(g)
    return r


def reserve_draw_count(vp: int) -> int:
    return 2 if vp <= 7 else 1 if vp <= 9 else 0


def do_roll(g: StarfarersGame) -> list[Event]:

    d1, d2 = g.rng.die(), g.rng.die()
    g.dice = (d1, d2)
    roll = d1 + d2
    events = [Event("dice", {"seat": g.current, "dice": [d1, d2], "total": roll})]
    n = g.config.seats
    if roll == 7:
        owed = [0] * n
        for p in range(n):
            owed[p] = discard_count(sum(g.hands[p]), discard_limit(g.fheld[p]))
        g.discard_owed = owed
        if any(owed):
            g.phase = DISCARD
            events.append(
                Event("must_discard", {"owed": {str(p): c for p, c in enumerate(owed) if c}})
            )
            return events
        events.extend(seven_steal(g))
        return events
    events.extend(produce(g, roll))
    return events


def produce(g: StarfarersGame, roll: int) -> list[Event]:

    n = g.config.seats
    owed = [[0] * 5 for _ in range(n)]
    bit = 1 << roll
    for pi in range(B.NUM_PLANETS):
        d = g.planet_disc[pi]
        if not d or g.planet_hidden[pi] or not DISC_ROLLS[d] & bit:
            continue
        r = g.planet_res[pi]
        for site in _PLANET_SITES[pi]:
            owner = g.occ_owner[site]
            if owner >= 0 and g.occ_kind[site] in (COLONY, SPACEPORT):
                owed[owner][r] += 1
    for p in range(n):
        held = g.fheld[p]
        for r in range(5):
            if owed[p][r] and held[GF_BASE + r]:
                owed[p][r] += 1
    supply = g.supply[:]
    paid = pay_production(owed, g.supply)
    for p in range(n):
        hand = g.hands[p]
        for r in range(5):
            hand[r] += paid[p][r]
    # what the supply could not cover: whoever was owed it got none (or only some)
    short = [
        {"resource": RESOURCES[r], "supply": supply[r], "owed": total}
        for r in range(5)
        if (total := sum(row[r] for row in owed)) > sum(row[r] for row in paid)
    ]
    events = [
        Event(
            "production",
            {
                "roll": roll,
                "gains": {
                    str(p): {RESOURCES[r]: c for r, c in enumerate(row) if c}
                    for p, row in enumerate(paid)
                    if any(row)
                },
                "short": short,
            },
        )
    ]
    g.relief_queue = [
        (g.current + k) % n
        for k in range(n)
        if g.fheld[(g.current + k) % n][DP_RELIEF] and not sum(paid[(g.current + k) % n])
    ]
    events.extend(next_relief(g))
    return events


def next_relief(g: StarfarersGame) -> list[Event]:

    while g.relief_queue and not any(g.supply):
        g.relief_queue.pop(0)
    if g.relief_queue:
        g.phase = RELIEF
        return []
    return active_draw(g)


def do_relief(g: StarfarersGame, a: TakeResource) -> list[Event]:
    seat = g.relief_queue.pop(0)
    r = RESOURCE_INDEX[a.resource]
    g.supply[r] -= 1
    g.hands[seat][r] += 1
    return [Event("relief", {"seat": seat, "resource": a.resource}), *next_relief(g)]


def do_discard(g: StarfarersGame, a: Discard) -> list[Event]:
    seat = g.to_act
    assert seat is not None
    r = RESOURCE_INDEX[a.resource]
    g.hands[seat][r] -= 1
    g.supply[r] += 1
    g.discard_owed[seat] -= 1
    events = [Event("discard", {"seat": seat, "resource": a.resource})]
    if not any(g.discard_owed):
        events.extend(seven_steal(g))
    return events


def seven_steal(g: StarfarersGame) -> list[Event]:

    n = g.config.seats
    cands = [p for p in range(n) if p != g.current and sum(g.hands[p]) > 0]
    if cands:
        g.steal_candidates = cands
        g.steal_kind = 0
        g.phase = STEAL
        return []
    return seven_draws(g)


def steal_event(g: StarfarersGame, victim: int) -> Event:
    r = take_random_card(g.hands[victim], g.rng)
    g.hands[g.current][r] += 1
    return Event(
        "steal",
        {"seat": g.current, "victim": victim},
        {"resource": RESOURCES[r]},
        frozenset({g.current, victim}),
    )


def do_steal(g: StarfarersGame, a: Steal) -> list[Event]:
    events = [steal_event(g, a.victim)]
    g.steal_candidates = []
    if g.steal_kind == 0:
        events.extend(seven_draws(g))
    else:
        events.extend(start_main(g))
    return events


def seven_draws(g: StarfarersGame) -> list[Event]:
    n = g.config.seats
    events = []
    for k in range(1, n):
        p = (g.current + k) % n
        r = draw_reserve(g, p)
        got = [0] * 5
        if r >= 0:
            got[r] = 1
        events.append(private_cards(p, "reserve_draw", got))
    events.extend(active_draw(g))
    return events


def active_draw(g: StarfarersGame) -> list[Event]:

    seat = g.current
    got = [0] * 5
    for _ in range(reserve_draw_count(g.vp_of(seat))):
        r = draw_reserve(g, seat)
        if r >= 0:
            got[r] += 1
    events = [private_cards(seat, "reserve_draw", got)]
    if g.fheld[seat][DP_HELPING]:
        mine = g.vp_of(seat)
        cands = [
            p
            for p in range(g.config.seats)
            if p != seat and g.vp_of(p) > mine and sum(g.hands[p]) > 0
        ]
        if cands:
            g.steal_candidates = cands
            g.steal_kind = 1
            g.phase = STEAL
            return events
    events.extend(start_main(g))
    return events


def start_main(g: StarfarersGame) -> list[Event]:
    from engine.rulesets.starfarers import encounters

    g.phase = MAIN
    return encounters.place_owed_trade_ships(g)


_PLANET_SITES: tuple[tuple[int, ...], ...] = tuple(
    tuple(v for v in B.SLOTS[pi // 3].inner if pi in B.SITE_PLANETS[v])
    for pi in range(B.NUM_PLANETS)
)
