"""The game's random number generator.

All chance in a game comes from one of these. Its whole state is a single
64-bit integer, so it is part of the game snapshot, copies in constant time and
serialises to JSON without ceremony. The generator is SplitMix64, which is
small, fast in pure Python and statistically sound for a board game's needs.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng:
    """Seeded SplitMix64; `state` is the entire state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        return Rng(self.state)

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The modulo bias is below 2**-50 for n < 2**14."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def die(self) -> int:
        return self.next64() % 6 + 1

    def two_dice(self) -> tuple[int, int]:
        """`(die(), die())` in one call (every turn rolls two): the same numbers, in order."""
        z = (self.state + _GOLDEN) & _MASK
        x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        self.state = z = (z + _GOLDEN) & _MASK
        y = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        y = ((y ^ (y >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((x ^ (x >> 31)) % 6 + 1, (y ^ (y >> 31)) % 6 + 1)

    def three_dice(self) -> tuple[int, int, int]:
        """`(die(), die(), die())` in one call (a C&K roll): the same numbers, in order."""
        z = (self.state + _GOLDEN) & _MASK
        x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
        z = (z + _GOLDEN) & _MASK
        y = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        y = ((y ^ (y >> 27)) * 0x94D049BB133111EB) & _MASK
        self.state = z = (z + _GOLDEN) & _MASK
        w = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        w = ((w ^ (w >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((x ^ (x >> 31)) % 6 + 1, (y ^ (y >> 31)) % 6 + 1, (w ^ (w >> 31)) % 6 + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted_index(self, counts: Sequence[int]) -> int:
        """Index i with probability counts[i] / sum(counts): a card drawn from piles."""
        total = sum(counts)
        if total <= 0:
            raise ValueError("weighted_index() needs a positive total")
        pick = self.below(total)
        for i, c in enumerate(counts):
            if pick < c:
                return i
            pick -= c
        raise AssertionError("unreachable")

    def derive(self, salt: int) -> int:
        """A seed for an independent stream (bots, samplers) without advancing this one."""
        z = (self.state ^ ((salt * _GOLDEN) & _MASK)) & _MASK
        return Rng(z).next64()
