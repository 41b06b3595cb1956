"""A Cities & Knights knight's move as one decision on the map: which knight, where, Enter.

Pure (no Textual). The legal `move_knight` actions are grouped by the knight
that moves (`ships`, the corners of the seat's knights that may move, in id
order) and by where it goes (`routes`). The cursor moves between the chosen
knight's destinations; Tab and Shift+Tab take the next or previous knight.
The status lines name the knight and the corner in words and say when the
move drives off a rival knight (rules/cities-and-knights.md §10.3). A corner
is named as everywhere (`tui.places.HexPlaces.vertex`): two corners of one
coast hex read "the north corner of pasture 3", "the south-east corner of
pasture 3", never both "pasture 3".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tui.corners_ck import seat_name
from tui.narrate_ck import STRENGTH_WORDS
from tui.places import hex_places
from tui.plans import aim_route, chips

Action = dict[str, Any]


@dataclass
class KnightPlan:
    kind: ClassVar[str] = "vertex"
    view: Mapping[str, Any]
    by_knight: dict[int, dict[int, Action]]  # knight's corner -> destination -> its action
    ships: list[int]  # the knights that may move, by corner
    index: int = 0
    cursor: int | None = None

    @classmethod
    def from_legal(cls, view: Mapping[str, Any], legal: list[Action]) -> KnightPlan | None:
        by_knight: dict[int, dict[int, Action]] = {}
        for a in legal:
            if a.get("type") == "move_knight":
                by_knight.setdefault(int(a["vertex"]), {})[int(a["to"])] = a
        return cls(view, by_knight, sorted(by_knight)) if by_knight else None

    def __post_init__(self) -> None:
        self.select(self.index)

    @property
    def ship(self) -> int:
        """The corner of the knight that moves."""
        return self.ships[self.index]

    @property
    def routes(self) -> dict[int, Action]:
        """Where that knight may go, each with its action."""
        return self.by_knight[self.ship]

    @property
    def route(self) -> Action | None:
        """The move under the cursor, if the cursor is on one of the knight's destinations."""
        return self.routes.get(self.cursor) if self.cursor is not None else None

    def select(self, index: int) -> None:
        """Knight `index` moves; the cursor opens on a rival it may drive off, else the first."""
        self.index = index % len(self.ships)
        owners = self.view.get("knight_owner") or []
        rivals = [v for v in self.routes if v < len(owners) and owners[v] >= 0]
        self.cursor = min(rivals) if rivals else min(self.routes)

    def next_ship(self, step: int = 1) -> None:
        """Tab: the next knight; Shift+Tab: the previous one."""
        self.select(self.index + (1 if step >= 0 else -1))

    def path(self) -> tuple[int, ...]:
        return ()

    def labels(self) -> dict[int, str]:
        return {}

    def _corner(self, v: int) -> str:
        places = hex_places(self.view)  # cached per board
        return places.vertex(v) if places is not None else f"corner {v}"

    def _knight(self, v: int) -> str:
        """The knight at `v` by its strength: "strong knight"."""
        levels = self.view.get("knight_level") or []
        level = int(levels[v]) if v < len(levels) else 1
        return f"{STRENGTH_WORDS.get(level, 'basic')} knight"

    def lines(self) -> list[str]:
        # Two lines: the chips under them say what Enter, Tab and Esc do (80x24).
        count = f" ({self.index + 1} of {len(self.ships)})" if len(self.ships) > 1 else ""
        head = f"Move your {self._knight(self.ship)}{count} at {self._corner(self.ship)}"
        if self.cursor is None or self.route is None:
            return [head, "No destination: Esc."]
        owners = self.view.get("knight_owner") or []
        owner = owners[self.cursor] if self.cursor < len(owners) else -1
        to = f"to {self._corner(self.cursor)}"
        if owner >= 0:
            to += f": drives off {seat_name(owner)}'s {self._knight(self.cursor)}"
        return [head, f"{to} · ←↑↓→"]

    def keys(self) -> tuple[tuple[str, str], ...]:
        return chips("Move there", "Other knight" if len(self.ships) > 1 else None)

    def advance(self) -> bool:
        return False  # one choice: Enter sends

    def aim(self, hinted: list[dict[str, Any]]) -> bool:
        return aim_route(self, hinted)

    def actions(self) -> list[Action]:
        route = self.route
        return [] if route is None else [route]
