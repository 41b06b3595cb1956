"""The number chips players hold and swap (rules §6.3, §12).

The four chips 2, 2, 12, 12 are shuffled face down and dealt one per seat;
with three seats the fourth is set aside unseen. The chips on the board are
the board's numbers: a swap makes a new board (boards are immutable and
shared by the copies of a game) with the held chip on the hex.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.rng import Rng
from engine.rulesets.base.board import Board


def deal(chips: Sequence[int], seats: int, rng: Rng) -> tuple[list[int], int]:
    """(chip per seat, the chip set aside or 0), shuffled with the game's RNG."""
    pool = list(chips)
    rng.shuffle(pool)
    return pool[:seats], pool[seats] if seats < len(pool) else 0


def fixed_deal(chips: Sequence[int], seats: int) -> tuple[list[int], int]:
    """The deal a position gets when it leaves the chips out: low, high, low, high by seat."""
    low, high = sorted(chips), sorted(chips, reverse=True)
    order = [low[0], high[0], low[1], high[1]]
    return order[:seats], order[seats] if seats < len(order) else 0


def with_number(board: Board, h: int, value: int) -> Board:
    """`board` with chip `value` on hex `h`."""
    number = list(board.number)
    number[h] = value
    by_number: list[list[int]] = [[] for _ in range(13)]
    for i, n in enumerate(number):
        if n:
            by_number[n].append(i)
    return replace(board, number=tuple(number), hexes_by_number=tuple(tuple(x) for x in by_number))
