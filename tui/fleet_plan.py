"""A Catan Fleet move as one decision: the front end, the destination, Enter.

Pure (no Textual). The legal `move_fleet` actions are the routes
(``(front, w1, ..., wk)``, engine/rulesets/fleet/fleet.py); a plan groups them
by front and by destination (the vertex the front reaches). The cursor moves
between the destinations of the chosen front, each labelled with its steps;
the map previews the route and where the ships will lie. Tab takes the other
end as the front; Shift+Tab another way to the same destination, when the
fleet can reach it by more than one route. Enter sends the one action.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tui.places import hex_places
from tui.plans import aim_route, chips

Route = tuple[int, ...]


@dataclass
class FleetPlan:
    kind: ClassVar[str] = "vertex"
    fleet: tuple[int, ...]
    by_front: dict[int, dict[int, list[Route]]]
    ships: list[int]  # the ends that can lead a move
    index: int = 0
    way: int = 0
    cursor: int | None = None
    names: dict[int, str] = field(default_factory=dict)
    corner: Callable[[int], str] | None = None
    """A corner in words ("at sea by forest 3"); None: the board is not known."""

    @classmethod
    def from_legal(cls, view: dict[str, Any], legal: list[dict[str, Any]]) -> FleetPlan | None:
        seat = view.get("seat")
        fleets = view.get("fleets") or []
        if not isinstance(seat, int) or seat >= len(fleets) or len(fleets[seat]) < 2:
            return None
        by_front: dict[int, dict[int, list[Route]]] = {}
        for a in legal:
            if a.get("type") == "move_fleet":
                route = tuple(int(v) for v in a["route"])
                by_front.setdefault(route[0], {}).setdefault(route[-1], []).append(route)
        if not by_front:
            return None
        for dests in by_front.values():
            for ways in dests.values():
                ways.sort(key=lambda r: (len(r), r))
        fleet = tuple(fleets[seat])
        ends = [v for v in (fleet[-1], fleet[0]) if v in by_front]
        places = hex_places(view)
        plan = cls(fleet, by_front, ends, corner=places.vertex if places is not None else None)
        plan.select(0)
        return plan

    @property
    def ship(self) -> int:
        return self.ships[self.index]

    @property
    def routes(self) -> dict[int, list[Route]]:
        return self.by_front[self.ship]

    def select(self, index: int) -> None:
        self.index = index % len(self.ships)
        self.way = 0
        # The farthest destination first (a whole move), ties by id.
        self.cursor = max(self.routes, key=lambda v: (len(self.routes[v][0]), -v))

    def next_ship(self, step: int = 1) -> None:
        """Tab: the other end leads; Shift+Tab: another way to the destination, if any."""
        ways = self.routes.get(self.cursor, []) if self.cursor is not None else []
        if step < 0 and len(ways) > 1:
            self.way = (self.way + 1) % len(ways)
        elif len(self.ships) > 1:
            self.select(self.index + 1)

    @property
    def route(self) -> Route | None:
        if self.cursor is None or self.cursor not in self.routes:
            return None
        ways = self.routes[self.cursor]
        return ways[self.way % len(ways)]

    def path(self) -> tuple[int, ...]:
        """The route to the cursor, front first (the map draws the ships' new places from it)."""
        return self.route or ()

    def labels(self) -> dict[int, str]:
        return {v: str(len(ways[0]) - 1) for v, ways in self.routes.items()}

    def lines(self) -> list[str]:
        ships = len(self.fleet) - 1
        plural = "s" if ships != 1 else ""
        head = f"Move the fleet ({ships} ship{plural}, up to {ships} step{plural})"
        route = self.route
        if route is None:
            return [head, "No destination: Esc."]
        steps = len(route) - 1
        ways = len(self.routes[route[-1]])
        other = " · Tab: lead with the other end" if len(self.ships) > 1 else ""
        more = f" · ⇧Tab: another way ({self.way + 1} of {ways})" if ways > 1 else ""
        # the corner by name, not only its colour (seen: "to the yellow corner", every time);
        # the chips under the lines say what Enter and Esc do
        to = self.corner(route[-1]) if self.corner is not None else "the yellow corner"
        to = f"the corner {to}" if to.startswith(("at sea", "out at sea")) else to
        return [
            f"{head}: ←↑↓→ (numbers: steps){other}{more}",
            f"{steps} step{'s' if steps != 1 else ''} to {to}",
        ]

    def keys(self) -> tuple[tuple[str, str], ...]:
        return chips("Sail there", "Other end" if len(self.ships) > 1 else None)

    def advance(self) -> bool:
        return False  # one choice: Enter sends

    def aim(self, hinted: list[dict[str, Any]]) -> bool:
        return aim_route(self, hinted)

    def actions(self) -> list[dict[str, Any]]:
        route = self.route
        return [] if route is None else [{"type": "move_fleet", "route": list(route)}]
