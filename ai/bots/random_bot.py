"""The bottom of the ladder: uniform over legal actions, never offering trades."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ai.protocol import BaseBot
from engine.actions import Action

# Open-ended actions a random bot leaves alone: offers would only slow games down.
_SKIPPED = frozenset({"offer_trade", "counter_trade"})


class RandomBot(BaseBot):
    name: ClassVar[str] = "random"
    strength: ClassVar[str] = "rung 1: uniform over the legal actions; a floor to measure against"
    reads_view: ClassVar[bool] = False  # uniform over `legal`: the view is never looked at
    quick: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        choices = [a for a in legal if a.type not in _SKIPPED] or legal
        return self.rng.choice(choices)
