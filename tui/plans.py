"""A move chosen on the map as one decision: where from, where to, the way there previewed.

The game screen drives any plan a ruleset's face makes (`RulesetFace.plan`):
Starfarers' flights (tui/flight.py), Catan Fleet's fleet moves
(tui/fleet_plan.py), and C&K's knight moves and Inventor swaps
(tui/knight_plan.py, tui/inventor_plan.py). Arrow keys move `cursor`
between the destinations (`routes`, ids of the map's `kind` of target), Tab
and Shift+Tab call `next_ship(1)` and `next_ship(-1)` (the next ship; a
fleet's other end or another way there), Enter sends `actions()` unless
`advance()` takes it as the first of two choices (C&K's Inventor: one chip,
then its partner). A hint points a plan at the hinted move with `aim(hinted)`:
most plans aim by their ship and destination (`aim_route`), the Inventor's two
chips by its own rule. Pure: no Textual.
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
    def aim(self, hinted: list[dict[str, Any]]) -> bool: ...  # point at a hint (`aim_route`)


def first_step(plan: RoutePlan) -> dict[str, Any] | None:
    """The action a plan would send first for its ship and destination now."""
    actions = plan.actions() if plan.cursor is not None else []
    return actions[0] if actions else None


def aim_route(plan: RoutePlan, hinted: list[dict[str, Any]]) -> bool:
    """Point `plan` at the move a hint begins (`hinted`: its actions, the first one sure,
    the rest as planned): its ship, then the destination whose way agrees with the hint
    longest. False (the plan as it was) if no move begins with the hint's first action."""
    cursor = plan.cursor
    for _ in range(max(1, len(plan.ships))):  # every ship once, back to the first
        agree = {d: _agreeing(plan, d, hinted) for d in plan.routes}
        best = max(agree, key=lambda d: agree[d], default=None)
        if best is not None and agree[best] > 0:
            plan.cursor = best
            return True
        plan.next_ship(1)
    plan.cursor = cursor
    return False


def hinted_here(plan: RoutePlan, hinted: list[dict[str, Any]]) -> bool:
    """Whether the plan's cursor is where `aim_route` puts it for the hint, with its ship (seen
    in play: "Hint:" stayed on as the cursor moved to every destination whose way began
    with the hinted step)."""
    cursor = plan.cursor
    if cursor is None:
        return False
    agree = {d: _agreeing(plan, d, hinted) for d in plan.routes}
    plan.cursor = cursor
    best = max(agree, key=lambda d: agree[d], default=None)
    return best == cursor and agree[best] > 0


def _agreeing(plan: RoutePlan, destination: int, hinted: list[dict[str, Any]]) -> int:
    """How many actions the way to `destination` shares with the hint, from the first."""
    plan.cursor = destination
    n = 0
    for mine, theirs in zip(plan.actions(), hinted, strict=False):
        if mine != theirs:
            break
        n += 1
    return n
