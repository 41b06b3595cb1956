"""One ply of lookahead: the legal action whose result a ruleset's evaluation likes best.

The rule-based policies use it for rare decisions where writing a rule per
case buys nothing (C&K's progress-card answers, Fleet's fleet moves and chip
swaps): each candidate is played on a copy of the (determinized) game and
the result evaluated from the deciding seat's side.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.actions import Action


def one_ply(
    game: Any,
    seat: int,
    legal: Sequence[Action],
    evaluate: Callable[[Any, int], float],
) -> tuple[Action, float]:
    """(best action, its evaluation); ties go to the earlier action in ``legal``."""
    best, best_score = legal[0], float("-inf")
    for a in legal:
        g = game.copy()
        g.apply(a)
        score = evaluate(g, seat)
        if score > best_score:
            best, best_score = a, score
    return best, best_score
