"""Domestic trade between the active seat and the others, as a small state machine.

The active seat offers; each addressed seat answers in turn (accept, decline
or counter with its own terms); the offerer then confirms one answer or
cancels. Every step is an action, so bots, people and saves see the same
thing. Resource bundles here are tuples of counts indexed like the bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from engine.actions import Bag


@dataclass(slots=True)
class PendingTrade:
    offerer: int
    give: tuple[int, ...]  # what the offerer gives
    get: tuple[int, ...]  # what the offerer gets
    to: tuple[int, ...]  # the seats addressed
    waiting: list[int]  # addressed seats that have not answered yet, in answer order
    # seat -> (offerer gives, offerer gets) under that seat's answer (accept or counter)
    answers: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)

    def copy(self) -> PendingTrade:
        return PendingTrade(
            self.offerer, self.give, self.get, self.to, list(self.waiting), dict(self.answers)
        )

    def to_json(self, names: Sequence[str]) -> dict[str, object]:
        return {
            "offerer": self.offerer,
            "give": counts_to_dict(self.give, names),
            "get": counts_to_dict(self.get, names),
            "to": list(self.to),
            "waiting": list(self.waiting),
            "answers": {
                str(seat): {"give": counts_to_dict(g, names), "get": counts_to_dict(t, names)}
                for seat, (g, t) in sorted(self.answers.items())
            },
        }


def counts_to_dict(counts: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}


def bag_to_counts(bag: Bag, index: Mapping[str, int]) -> tuple[int, ...] | str:
    """Counts per resource index, or a message naming an unknown resource."""
    counts = [0] * len(index)
    for name, n in bag:
        i = index.get(name)
        if i is None:
            return f"unknown resource {name!r}; valid: {', '.join(index)}"
        counts[i] += n
    return tuple(counts)


def offer_problem(give: Sequence[int], get: Sequence[int]) -> str | None:
    """The rule an offer's terms break, if any: no gifts, no like-for-like."""
    if not any(give) or not any(get):
        return "a trade needs at least one card on each side (no gifts)"
    if any(g and t for g, t in zip(give, get, strict=True)):
        return "a trade cannot have the same resource on both sides"
    return None


def holds(hand: Sequence[int], counts: Sequence[int]) -> bool:
    return all(h >= c for h, c in zip(hand, counts, strict=True))


def answer_order(offerer: int, addressed: Sequence[int], seats: int) -> list[int]:
    """Addressed seats in table order starting after the offerer."""
    order = [(offerer + k) % seats for k in range(1, seats)]
    chosen = set(addressed)
    return [s for s in order if s in chosen]
