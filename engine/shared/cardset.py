"""Card kinds as data: the names of a family of cards, their index and the row stride.

Hands, the bank, decks, trades and discards are flat lists of counts, one row
of `stride` entries per seat (index ``seat * stride + kind``), so copying a
game stays one slice per table. A ruleset declares its card sets once; the
rules, the view and the bots read names, indices and stride from them instead
of assuming five kinds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Cost = tuple[tuple[int, int], ...]
"""A price as (kind index, count) pairs for the kinds it needs, in index order."""


@dataclass(frozen=True)
class CardSet:
    """An ordered family of card kinds, with the starting count of each (bank or deck)."""

    names: tuple[str, ...]
    counts: tuple[int, ...]
    index: Mapping[str, int] = field(init=False, compare=False)
    stride: int = field(init=False)

    def __post_init__(self) -> None:
        if len(self.counts) != len(self.names):
            raise ValueError("a card set needs one starting count per kind")
        if len(set(self.names)) != len(self.names):
            raise ValueError("card kind names must be distinct")
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.names)})
        object.__setattr__(self, "stride", len(self.names))

    def extend(self, names: Sequence[str], counts: Sequence[int]) -> CardSet:
        """This set with more kinds after the existing ones (their indices do not move)."""
        return CardSet((*self.names, *names), (*self.counts, *counts))

    def vector(self, **named: int) -> tuple[int, ...]:
        """Counts in index order from keyword counts, e.g. ``vector(brick=1, lumber=1)``."""
        unknown = set(named) - set(self.index)
        if unknown:
            raise ValueError(
                f"unknown card kinds {sorted(unknown)}; valid: {', '.join(self.names)}"
            )
        return tuple(named.get(name, 0) for name in self.names)

    def cost(self, **named: int) -> Cost:
        """A price in the sparse form the rules check quickly."""
        return sparse(self.vector(**named))

    def to_dict(self, row: Sequence[int]) -> dict[str, int]:
        """Every kind with its count (zeros included), as views show rows."""
        return {name: row[i] for i, name in enumerate(self.names)}

    def from_dict(self, counts: Mapping[str, int]) -> list[int]:
        """The inverse of `to_dict`; kinds missing from `counts` are zero."""
        return [counts.get(name, 0) for name in self.names]


def sparse(vector: Sequence[int]) -> Cost:
    return tuple((i, n) for i, n in enumerate(vector) if n)


def price_checker(costs: Sequence[Cost]) -> Callable[[Sequence[int]], tuple[bool, ...]]:
    """A function of a hand row telling, per price of `costs`, whether the hand pays it.

    Generated as straight-line comparisons (``h[0] >= 1 and h[1] >= 1``): the
    main phase asks this for every price on every decision, and a loop over
    each price's pairs costs several times more than the comparisons.
    """
    terms = [" and ".join(f"h[{i}] >= {n}" for i, n in cost) or "True" for cost in costs]
    body = ", ".join(f"({t})" for t in terms)
    source = f"def pays(h):\n    return ({body}{',' if len(terms) == 1 else ''})\n"
    env: dict[str, Any] = {}
    exec(source, env)
    fn: Callable[[Sequence[int]], tuple[bool, ...]] = env["pays"]
    return fn
