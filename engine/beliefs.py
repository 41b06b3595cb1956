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

from engine.rng import Rng


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


def deal_hands(
    pool: list[int],
    counts: list[int],
    seat: int,
    floors: dict[int, list[int]],
    beliefs: Beliefs,
    rng: Rng,
) -> dict[int, list[int]]:
    """A hand for every seat but `seat`, of `counts[p]` cards drawn from `pool` (used up).

    Each hand holds at least its floor (cards shown in the open trade, and a
    belief's known cards); its other cards are drawn from the pool among the
    kinds its belief allows (`HandBelief.possible`, at most `upper` of each),
    or from any kind when it has no belief or the belief cannot be met.
    """
    kinds = len(pool)
    hands: dict[int, list[int]] = {}
    others = [p for p in range(len(counts)) if p != seat]
    for p in others:
        floor = list(floors.get(p, [0] * kinds))
        belief = beliefs.get(p)
        if belief is not None:
            floor = [max(a, b) for a, b in zip(floor, belief.known, strict=True)]
        floor = [min(f, pool[k]) for k, f in enumerate(floor)]
        while sum(floor) > counts[p]:  # a floor larger than the hand: trust the count
            floor[max(range(kinds), key=floor.__getitem__)] -= 1
        for k in range(kinds):
            pool[k] -= floor[k]
        hands[p] = floor
    # The most constrained hands first, so their few kinds are still in the pool.
    order = sorted(others, key=lambda p: len(beliefs[p].possible) if p in beliefs else kinds + 1)
    for p in order:
        hand = hands[p]
        belief = beliefs.get(p)
        for _ in range(counts[p] - sum(hand)):
            weights = pool
            if belief is not None:
                weights = [
                    pool[k] if k in belief.possible and hand[k] < belief.upper(k) else 0
                    for k in range(kinds)
                ]
                if not any(weights):
                    weights = pool
            if not any(weights):
                break
            k = rng.weighted_index(weights)
            pool[k] -= 1
            hand[k] += 1
    return hands
