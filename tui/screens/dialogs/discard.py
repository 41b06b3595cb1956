"""Cards owed (a discard on a 7, an encounter's payment): pick them all, then confirm once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Label, Static

from tui.hint_words import cards_of
from tui.narrate import bundle
from tui.screens.dialogs.answer_once import AnswerOnce
from tui.screens.dialogs.hint_taker import HintTaker
from tui.widgets.style import resource_style


class DiscardDialog(HintTaker, AnswerOnce[list[str]]):
    """↑↓ a resource, → or + one more of it, ← or - one fewer; Enter when the count is right.

    Returns the resources discarded, one entry per card. It cannot be backed
    out of: the rules require the discard.
    """

    DEFAULT_CSS = """
    DiscardDialog { align: center middle; }
    DiscardDialog > Vertical {
        width: 56; max-width: 95%; height: auto; border: thick $warning;
        background: $surface; padding: 0 1;
    }
    DiscardDialog #title { text-style: bold; }
    DiscardDialog #hint { color: $text-muted; width: 100%; }  /* wraps, never cut */
    """

    BINDINGS = [
        Binding("question_mark", "app.hint_over_dialog", "Hint", show=False),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("right,plus,space", "change(1)", "One more"),
        Binding("left,minus", "change(-1)", "One fewer"),
        Binding("enter", "confirm", "Discard"),
    ]

    row: reactive[int] = reactive(0)

    def __init__(
        self,
        owed: int,
        hand: dict[str, int],
        allowed: list[str],
        *,
        verb: str = "Discard",
        heading: str = "",
        prompt: str = "",
    ) -> None:
        super().__init__()
        self.owed = owed
        self.verb = verb
        self.heading = heading
        self.prompt = prompt
        self.hand = hand
        self.resources = [r for r in allowed if hand.get(r, 0) > 0] or list(allowed)
        self.chosen = {r: 0 for r in self.resources}
        self._hinted_choice: dict[str, int] | None = None  # the hint's cards, once shown

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title(), id="title")
            if self.prompt:
                yield Static(Text(self.prompt, style="italic"), id="prompt")
            yield Static(id="table")
            yield Label(self._key_line(hints=False), id="hint")

    def _key_line(self, hints: bool) -> str:
        verb = self.verb.lower()
        more = " · ? hint" if hints else ""
        return f"↑↓ resource · → one more · ← one fewer · Enter {verb}{more}"

    def on_mount(self) -> None:
        self._refresh()  # with what keys read before it was composed chose
        if self.offers_hint:
            self.query_one("#hint", Label).update(self._key_line(hints=True))
        if self.hinted:
            self.show_hint(self.hinted)

    def show_hint(self, plan: Sequence[Any]) -> bool:
        """Choose the hinted discard (`plan`: one action per card) and say so (False: the
        plan is not one this pop-up can take)."""
        cards = cards_of(plan)
        if sum(cards.values()) != self.owed or any(
            r not in self.chosen or n > self.hand.get(r, 0) for r, n in cards.items()
        ):
            return False
        self.chosen = {r: cards.get(r, 0) for r in self.resources}
        self._hinted_choice = dict(self.chosen)
        if not self.drawn:  # on_mount shows it
            self.hinted = plan
            return True
        self._refresh()
        return True

    def _left(self) -> int:
        return self.owed - sum(self.chosen.values())

    def _title(self) -> str:
        left = self._left()
        head = f"{self.heading}: " if self.heading else ""
        if left == 0:
            return f"{head}{self.verb} {self.owed}: ready, press Enter"
        plural = "s" if self.owed != 1 else ""
        return f"{head}{self.verb} {self.owed} card{plural}: {left} more to choose"

    def _refresh(self) -> None:
        if not self.drawn:  # a key before the pop-up is composed: on_mount draws its choice
            return
        text = Text()
        for i, r in enumerate(self.resources):
            text.append("▶ " if i == self.row else "  ")
            text.append(f"{r:<8}", style=resource_style(r))
            n = self.chosen[r]
            text.append(f" have {self.hand.get(r, 0):>2}  ", style="dim")
            text.append(f"{self.verb.lower()} {n}" if n else "—", style="bold red" if n else "dim")
            text.append("\n")
        self.query_one("#table", Static).update(text)
        self.query_one("#title", Label).update(self._title())
        # The hint's line while its cards are chosen; changed by hand, Enter takes the new
        # choice, and the key line says so (seen in play: "Enter takes it" stayed).
        hinted = self._hinted_choice
        line = (
            f"Hint: {bundle({r: n for r, n in hinted.items() if n})} · Enter takes it"
            if hinted is not None and hinted == self.chosen
            else self._key_line(hints=self.offers_hint)
        )
        self.query_one("#hint", Label).update(line)

    def watch_row(self) -> None:
        self._refresh()

    def action_move(self, delta: int) -> None:
        self.row = (self.row + delta) % len(self.resources)

    def action_change(self, delta: int) -> None:
        r = self.resources[self.row]
        n = self.chosen[r] + delta
        if n < 0 or n > self.hand.get(r, 0) or (delta > 0 and self._left() <= 0):
            return
        self.chosen[r] = n
        self._refresh()

    def action_confirm(self) -> None:
        left = self._left()
        if left:
            self.notify(f"Choose {left} more card{'s' if left != 1 else ''}.", severity="warning")
            return
        self.dismiss([r for r in self.resources for _ in range(self.chosen[r])])
