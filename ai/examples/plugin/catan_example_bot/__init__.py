"""An example plugin bot: builds whenever it can, never trades, otherwise plays at random.

The entry point in pyproject.toml (group ``catan.bots``) is all catan-tui
needs to find it; the class follows ai.protocol.Bot.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ai.protocol import BaseBot
from engine.actions import Action

_PREFERENCE = ("build_city", "build_settlement", "buy_development", "build_road")


class ExampleBot(BaseBot):
    name: ClassVar[str] = "example"
    rulesets: ClassVar[frozenset[str]] = frozenset({"base"})

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(seed)

    def respond_to_trade(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        return next((a for a in legal if a.type == "decline_trade"), None)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        for kind in _PREFERENCE:
            for action in legal:
                if action.type == kind:
                    return action
        quiet = [a for a in legal if a.type not in ("offer_trade", "counter_trade")]
        return self.rng.choice(quiet or legal)
