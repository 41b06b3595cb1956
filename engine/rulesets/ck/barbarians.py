"""The barbarians' attack (rules/cities-and-knights.md §11), as a pure outcome.

Strength of the barbarians: the cities on the board, a city with a
metropolis counted once. Strength of Catan: the active knights' strengths.
A tie goes to Catan. Catan winning rewards the uniquely strongest defender
(a Defender of Catan card) or, on a tie, each tied seat draws a progress card;
a contribution of 0 is never rewarded. The barbarians winning pillage a city
of every seat tied for the weakest among the seats owning a city without a
metropolis.

`resolve` is the outcome; `CKBarbarians` applies it to the game (the strengths, the
attack's events, the rewards, and pillage: a city becomes a settlement, its wall lost).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.decisions import Decision
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import LoseCity
from engine.rulesets.ck.core import CKCore
from engine.shared.dispatch import applies, checks, lists


@dataclass(frozen=True)
class Attack:
    barbarians: int
    defenders: int
    contributions: tuple[int, ...]
    catan_wins: bool
    defender: int  # the seat getting a Defender of Catan card, or -1
    tied: tuple[int, ...]  # seats drawing a progress card instead (turn order from the roller)
    pillaged: tuple[int, ...]  # seats losing a city (turn order from the roller)


def resolve(
    cities: int,
    contributions: Sequence[int],
    exposed: Sequence[bool],
    current: int,
) -> Attack:
    """The outcome of an attack; `exposed[p]`: seat p owns a city without a metropolis."""
    n = len(contributions)
    order = [(current + k) % n for k in range(n)]
    total = sum(contributions)
    if total >= cities:
        best = max(contributions)
        top = [p for p in order if contributions[p] == best] if best > 0 else []
        defender = top[0] if len(top) == 1 else -1
        tied = tuple(top) if len(top) > 1 else ()
        return Attack(cities, total, tuple(contributions), True, defender, tied, ())
    eligible = [p for p in order if exposed[p]]
    pillaged: tuple[int, ...] = ()
    if eligible:
        low = min(contributions[p] for p in eligible)
        pillaged = tuple(p for p in eligible if contributions[p] == low)
    return Attack(cities, total, tuple(contributions), False, -1, (), pillaged)


class CKBarbarians(CKCore):
    def contributions(self) -> list[int]:
        out = [0] * self.config.seats
        level, active = self.knight_level, self.knight_active
        for v, p in enumerate(self.knight_owner):
            if p >= 0 and active[v]:
                out[p] += level[v]
        return out

    def barbarian_strength(self) -> int:
        return sum(1 for lvl in self.vertex_level if lvl == 2)

    def _attack(self) -> list[Event]:
        n = self.config.seats
        outcome = resolve(
            self.barbarian_strength(),
            self.contributions(),
            [bool(self.plain_cities(p)) for p in range(n)],
            self.current,
        )
        data: dict[str, Any] = {
            "barbarians": outcome.barbarians,
            "defenders": outcome.defenders,
            "contributions": list(outcome.contributions),
            "catan_wins": outcome.catan_wins,
        }
        events = [Event("attack", data)]
        if outcome.defender >= 0:
            data["defender"] = outcome.defender
            self.defenders[outcome.defender] += 1
            self.vp_public[outcome.defender] += 1
            events.append(Event("defender", {"seat": outcome.defender}))
        if outcome.tied:
            data["tied"] = list(outcome.tied)
        if outcome.pillaged:
            data["pillaged"] = list(outcome.pillaged)
        # Every knight goes inactive, the ship goes home and the robber wakes up.
        self.knight_active = [0] * len(self.knight_active)
        self.barbarian = 0
        self.robber_active = True
        for p in reversed(outcome.tied):
            if any(self.progress_decks or ()):
                self._push(ck.DEFENDER_DRAW, p)
        for p in reversed(outcome.pillaged):
            cities = self.plain_cities(p)
            if len(cities) == 1:
                events.extend(self._pillage(p, cities[0]))
            else:
                self._push(ck.PILLAGE, p, tuple(cities))
        return events

    def _pillage(self, seat: int, v: int) -> list[Event]:
        self.vertex_level[v] = 1
        self.walls[v] = 0
        self.cities_left[seat] += 1
        self._recount_settlements(seat)
        self.vp_public[seat] -= 1
        return [Event("city_lost", {"seat": seat, "vertex": v})]

    @lists(ck.PILLAGE)
    def _list_pillage(self, d: Decision) -> list[Action]:
        return [LoseCity(v) for v in d.data]

    @checks(LoseCity)
    def _check_lose_city(self, a: Action) -> str | None:
        assert isinstance(a, LoseCity)
        if (problem := self._phase_is(ck.PILLAGE)) is not None:
            return problem
        if a.vertex not in self.pending[-1].data:
            return f"vertex {a.vertex} is not one of your cities without a metropolis"
        return None

    @applies(LoseCity)
    def _do_lose_city(self, a: Action) -> list[Event]:
        assert isinstance(a, LoseCity)
        seat = self._pop().seat
        return self._pillage(seat, a.vertex)
