"""Cities & Knights' Inventor on the map: the first number chip, then the one to swap it with.

Pure (no Textual). The legal `swap_numbers` actions pair two hexes; the plan
asks for one hex (Enter takes it: `advance`), then for its partner among the
hexes it may swap with (Enter swaps). Tab goes back to the first choice. The
status lines name both hexes ("swap the chips of pasture 4 (east) / and
fields 9"). A hinted swap aims the plan (`aim`): the cursor on its first hex,
then, once Enter takes either of its hexes, on the other, so Enter, Enter plays it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tui.places import hex_places
from tui.plans import chips

Action = dict[str, Any]


@dataclass
class InventorPlan:
    kind: ClassVar[str] = "hex"
    view: Mapping[str, Any]
    pairs: dict[int, dict[int, Action]]  # a hex -> each hex it may swap with -> the action
    first: int | None = None
    cursor: int | None = None
    ships: list[int] = field(default_factory=list)  # the first hex, once chosen
    hinted: Action | None = None  # the swap a hint names (`aim`)

    @classmethod
    def from_legal(cls, view: Mapping[str, Any], legal: list[Action]) -> InventorPlan | None:
        pairs: dict[int, dict[int, Action]] = {}
        for a in legal:
            if a.get("type") == "swap_numbers":
                h, o = int(a["hex"]), int(a["other"])
                pairs.setdefault(h, {})[o] = a
                pairs.setdefault(o, {})[h] = a
        if not pairs:
            return None
        return cls(view, pairs, cursor=min(pairs))

    @property
    def ship(self) -> int:
        return self.first if self.first is not None else -1

    @property
    def routes(self) -> Mapping[int, Any]:
        return self.pairs[self.first] if self.first is not None else self.pairs

    @property
    def route(self) -> Action | None:
        """The swap under the cursor, once the first chip is chosen."""
        if self.first is None or self.cursor is None:
            return None
        return self.pairs[self.first].get(self.cursor)

    def advance(self) -> bool:
        """Enter on the first chip: take it and choose its partner next."""
        if self.first is not None or self.cursor not in self.pairs:
            return False
        self.first = self.cursor
        self.ships = [self.first]
        partner = self._hinted_partner(self.first)
        self.cursor = partner if partner is not None else min(self.pairs[self.first])
        return True

    def aim(self, hinted: list[Action]) -> bool:
        """Point the plan at the swap a hint names (`hinted`'s first action): the cursor on
        its first hex, or on its other hex once one of the two is taken. False (the plan as
        it was) if the hint is no swap offered here."""
        action = hinted[0] if hinted else None
        if action is None or action.get("type") != "swap_numbers":
            return False
        h, o = int(action["hex"]), int(action["other"])
        if self.pairs.get(h, {}).get(o) != action:
            return False
        self.hinted = action
        partner = self._hinted_partner(self.first) if self.first is not None else None
        if partner is not None:  # one of its hexes taken already: its partner next
            self.cursor = partner
        else:
            self.first, self.ships, self.cursor = None, [], h
        return True

    def _hinted_partner(self, first: int) -> int | None:
        """The other hex of the hinted swap, when `first` is one of its two."""
        hinted = self.hinted
        if hinted is None:
            return None
        ends = (int(hinted["hex"]), int(hinted["other"]))
        return ends[1] if first == ends[0] else ends[0] if first == ends[1] else None

    def select(self, index: int) -> None:
        """The first chip clicked again: choose the first chip anew, from it."""
        self.next_ship()

    def next_ship(self, step: int = 1) -> None:
        """Tab: back to choosing the first chip (the cursor stays on the one taken)."""
        if self.first is not None:
            self.cursor, self.first, self.ships = self.first, None, []

    def path(self) -> tuple[int, ...]:
        return ()

    def labels(self) -> dict[int, str]:
        return {}

    def _hex(self, h: int) -> str:
        places = hex_places(self.view)
        return places.hex(h) if places is not None else f"hex {h}"

    def lines(self) -> list[str]:
        if self.cursor is None:
            return ["Inventor: no chip may be swapped.", "Esc back."]
        # Two lines: the chips under them say what Enter, Tab and Esc do (80x24).
        if self.first is None:
            # the game marks a hinted swap once it is under the cursor (`plans.first_step`);
            # before, its first hex is marked here
            hint = "Hint: " if self._hinted_partner(self.cursor) is not None else ""
            return [
                f"{hint}Inventor: the first chip to swap",
                f"This hex: {self._hex(self.cursor)} · ←↑↓→",
            ]
        return [
            f"Inventor: swap the chips of {self._hex(self.first)}",
            f"and {self._hex(self.cursor)} · ←↑↓→",
        ]

    def keys(self) -> tuple[tuple[str, str], ...]:
        return chips("This chip") if self.first is None else chips("Swap", "First chip")

    def actions(self) -> list[Action]:
        route = self.route
        return [] if route is None else [route]
