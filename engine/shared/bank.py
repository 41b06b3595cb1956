"""Paying out production from a finite bank.

The shortage rule (rules/catan.md §8) is judged per resource: if the bank can
pay everyone, everyone is paid; if only one player is owed, that player takes
what is left; otherwise nobody gets that resource this roll.
"""

from __future__ import annotations

from collections.abc import Sequence


def pay_production(owed: Sequence[Sequence[int]], bank: list[int]) -> list[list[int]]:
    """Take owed cards out of `bank` under the shortage rule; returns what each seat receives.

    The caller credits the hands, so rulesets keep whatever hand layout suits them.
    """
    kinds = len(bank)
    paid = [[0] * kinds for _ in owed]
    for r in range(kinds):
        total = 0
        claimants = 0
        last = -1
        for seat, row in enumerate(owed):
            if row[r]:
                total += row[r]
                claimants += 1
                last = seat
        if total == 0:
            continue
        if total <= bank[r]:
            for seat, row in enumerate(owed):
                paid[seat][r] = row[r]
            bank[r] -= total
        elif claimants == 1:
            paid[last][r] = bank[r]
            bank[r] = 0
    return paid


def discard_count(hand_size: int, limit: int = 7) -> int:
    """Cards to discard on a 7: half (rounded down) of a hand larger than `limit`."""
    return hand_size // 2 if hand_size > limit else 0
