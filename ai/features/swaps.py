"""The trades a bot considers offering, from its hand and the cost of its next build.

Both rulesets have five resources and the same question ("which card do we
lack, which can we spare?"), so the candidates are made here once.
"""

from __future__ import annotations

from collections.abc import Sequence

Terms = tuple[tuple[int, ...], tuple[int, ...]]


def swap_terms(hand: Sequence[int], target: Sequence[int]) -> list[Terms]:
    """(give, get) count vectors: 1 for 1, and 2 for 1 where two cards can be spared."""
    kinds = range(len(hand))
    wants = [r for r in kinds if target[r] > hand[r]]
    spare = [r for r in kinds if hand[r] > target[r]]
    out: list[Terms] = []
    for get in wants:
        taken = tuple(1 if r == get else 0 for r in kinds)
        for give in spare:
            out.append((tuple(1 if r == give else 0 for r in kinds), taken))
            if hand[give] - target[give] >= 2:
                out.append((tuple(2 if r == give else 0 for r in kinds), taken))
    return out
