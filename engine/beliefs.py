"""What a seat believes about another seat's hidden hand: a floor per kind and wildcards.

A card-counting bot (`ai.tracking.CardTracker`) knows most of every hand from
public events; only hidden moves (a steal between two other seats, a card
drawn face down) blur it. `HandBelief` is that knowledge in the form a
determinizer can deal from: at least `known[k]` cards of each kind, plus
`unknown` more cards each of which is one of the kinds in `possible`.
The engine only reads beliefs (in `sample_consistent`); it never builds them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class HandBelief:
    """A hand of `sum(known) + unknown` cards: `known` for sure, `unknown` among `possible`."""

    known: tuple[int, ...]
    unknown: int = 0
    possible: frozenset[int] = frozenset()

    @property
    def count(self) -> int:
        return sum(self.known) + self.unknown

    @property
    def exact(self) -> bool:
        """True when the whole hand is known."""
        return self.unknown == 0

    def upper(self, kind: int) -> int:
        """The most cards of `kind` the hand can hold."""
        return self.known[kind] + (self.unknown if kind in self.possible else 0)

    def allows(self, hand: Sequence[int]) -> bool:
        """Whether `hand` (counts per kind) is one this belief admits."""
        if len(hand) != len(self.known) or sum(hand) != self.count:
            return False
        return all(self.known[k] <= h <= self.upper(k) for k, h in enumerate(hand))


Beliefs = Mapping[int, HandBelief]
"""A belief per seat (other seats only; a seat knows its own hand)."""
