"""What a new-game form has chosen: the game, its options, how many play and who sits where.

The local new-game screen and the SSH lobby's new-table dialog ask the same
questions; each Select reports here by its id ("ruleset", "players",
"opt-<option>", "seat-<n>") and the form rebuilds its rows when told to.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.registry import get_ruleset
from tui.option_words import seat_count


@dataclass
class GameChoices:
    ruleset: str
    players: int
    kinds: list[str]
    """Who sits in each seat, for as many seats as any ruleset has (the form shows `players`)."""
    options: dict[str, Any] = field(default_factory=dict)
    """Only the options that differ from the ruleset's defaults."""

    def __post_init__(self) -> None:
        self.players = seat_count(self.ruleset, self.players)

    def change(self, select_id: str, value: Any) -> bool:
        """One Select's new value; True when the form's rows must be rebuilt (the game or
        the number of players changed: other options, other seats)."""
        if select_id == "ruleset":
            if value == self.ruleset:
                return False
            self.ruleset = str(value)
            self.options = {}
            self.players = seat_count(self.ruleset, self.players)
            return True
        if select_id == "players":
            if not isinstance(value, int) or value == self.players:
                return False
            self.players = value
            return True
        if select_id.startswith("opt-"):
            name = select_id[4:]
            spec = next((o for o in get_ruleset(self.ruleset).options if o.name == name), None)
            if spec is None or value == spec.default:
                self.options.pop(name, None)
            else:
                self.options[name] = value
        elif select_id.startswith("seat-"):
            self.kinds[int(select_id[5:])] = str(value)
        return False
