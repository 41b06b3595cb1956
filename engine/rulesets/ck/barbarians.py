"""The barbarians' attack (rules/cities-and-knights.md §11), as a pure outcome.

Strength of the barbarians: the cities on the board, a city with a
metropolis counted once. Strength of Catan: the active knights' strengths.
A tie goes to Catan. Catan winning rewards the uniquely strongest defender
(a Defender of Catan card) or, on a tie, each tied seat draws a progress card;
a contribution of 0 is never rewarded. The barbarians winning pillage a city
of every seat tied for the weakest among the seats owning a city without a
metropolis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


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
