"""Pop-ups that can show a hint (?): the choices, the discard and C&K's Alchemist dice.

The game screen sets `offers_hint` (the game gives hints and the pop-up chooses
actions, `chooses_actions`) and `hinted` (a hint known when the pop-up opens) before
pushing one, and calls `show_hint` when a hint arrives while it is open.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class HintTaker:
    offers_hint: bool = False
    """The game under it gives hints: ? is named on the key line and asks for one."""
    hinted: Sequence[Any] = ()
    """A hint known when the pop-up opens (its actions), shown on mount."""

    def chooses_actions(self) -> bool:
        """Whether its options are actions a hint can name (not a notice's OK)."""
        return True

    def show_hint(self, plan: Sequence[Any]) -> bool:
        """Show the hint (`plan`: its actions, the first one sure); False if it cannot."""
        raise NotImplementedError
