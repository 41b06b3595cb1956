"""The bot protocol.

A bot sees exactly what its seat may know: the view (a fresh JSON-ready dict
built by the engine for that seat) and the list of legal actions. It returns
one of those actions. It never receives the game object, so it can neither
see hidden information nor change the state.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from engine.actions import Action


@runtime_checkable
class Bot(Protocol):
    name: ClassVar[str]
    rulesets: ClassVar[frozenset[str]]

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class BaseBot:
    """Convenience base: declares the optional hooks as no-ops."""

    name: ClassVar[str] = "bot"
    rulesets: ClassVar[frozenset[str]] = frozenset({"base", "starfarers", "ck", "fleet"})

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def on_game_start(self, seat: int, view: dict[str, Any]) -> None:
        """Called once before the first decision."""

    def on_events(self, events: list[dict[str, Any]]) -> None:
        """Redacted events, as the seat may see them."""

    def on_game_end(self, view: dict[str, Any]) -> None:
        """The final view (scores included)."""

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError
