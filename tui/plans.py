"""A move chosen on the map as one decision: where from, where to, the way there previewed.

The game screen drives any plan a ruleset's face makes (`RulesetFace.plan`):
Starfarers' flights (tui/flight.py), Catan Fleet's fleet moves
(tui/fleet_plan.py), and C&K's knight moves and Inventor swaps
(tui/knight_plan.py, tui/inventor_plan.py). Arrow keys move `cursor`
between the destinations (`routes`, ids of the map's `kind` of target), Tab
and Shift+Tab call `next_ship(1)` and `next_ship(-1)` (the next ship; a
fleet's other end or another way there), Enter sends `actions()` unless
`advance()` takes it as the first of two choices (C&K's Inventor: one chip,
then its partner). Pure: no Textual.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


def chips(enter: str, tab: str | None = None) -> tuple[tuple[str, str], ...]:
    """A plan's key chips: what Enter does, what Tab does (when there is a choice), Esc."""
    return (("⏎", enter), *((("tab", tab),) if tab else ()), ("esc", "Back"))


class RoutePlan(Protocol):
    @property
    def kind(self) -> str: ...  # the map's kind of target of the destinations ("point")

    ships: list[int]  # where a move may start (a ship's point; a fleet's ends)
    cursor: int | None

    @property
    def ship(self) -> int: ...

    @property
    def routes(self) -> Mapping[int, Any]: ...

    def select(self, index: int) -> None: ...
    def next_ship(self, step: int = 1) -> None: ...
    def path(self) -> tuple[int, ...]: ...
    def labels(self) -> dict[int, str]: ...
    def lines(self) -> list[str]: ...
    def keys(self) -> tuple[tuple[str, str], ...]: ...
    def actions(self) -> list[dict[str, Any]]: ...
    def advance(self) -> bool: ...  # Enter as a first choice (then True), not a send
