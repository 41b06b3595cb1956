"""Make or counter a trade offer: for each resource, how many to give or to get."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Label, Static

from tui.screens.dialogs.answer_once import AnswerOnce
from tui.screens.dialogs.hint_taker import HintTaker
from tui.widgets.style import resource_style


class TradeDialog(HintTaker, AnswerOnce[dict[str, Any] | None]):
    """↑↓ pick a resource, ← give one more (or get one less), → get one more; Enter offers.

    Returns {"give": {...}, "get": {...}} from the seat's side, or None.
    """

    FROM_HINT = "filled in from the hint"
    """The note's words while the amounts are a hint's (opened so, or ? pressed in the form)."""

    DEFAULT_CSS = """
    TradeDialog { align: center middle; }
    TradeDialog > Vertical {
        width: 60; max-width: 95%; height: auto; border: thick $accent;
        background: $surface; padding: 0 1;
    }
    TradeDialog #title { text-style: bold; }
    TradeDialog #hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("left", "change(-1)", "Give more"),
        Binding("right", "change(1)", "Get more"),
        Binding("enter", "submit", "Offer"),
        Binding("escape", "cancel", "Back"),
        # the game's hint, said over the form (the footer showed ? Hint, and it did nothing)
        Binding("question_mark", "app.hint_over_dialog", "Hint", show=False),
    ]

    row: reactive[int] = reactive(0)

    def __init__(
        self,
        title: str,
        hand: dict[str, int],
        *,
        give: dict[str, int] | None = None,
        get: dict[str, int] | None = None,
        note: str = "",
        most_get: tuple[int, str] | None = None,
    ) -> None:
        """`most_get`: the most cards the other side holds, and who that is ("Blue holds"),
        so the ask stops there (asking for more than anyone holds cannot be accepted)."""
        super().__init__()
        self.most_get = most_get
        self.title_text = title
        self.hand = hand
        self.resources = list(hand)
        self.amounts = self._amounts_of(give or {}, get or {})
        self.note = note

    def _amounts_of(self, give: dict[str, int], get: dict[str, int]) -> dict[str, int]:
        """The form's amounts for terms: a give negative, cut to what is held (a counter
        starts from the ask), a get positive; cards the form does not list are left out."""
        amounts = dict.fromkeys(self.resources, 0)
        for r, n in give.items():
            if r in amounts:
                amounts[r] = -min(int(n), self.hand.get(r, 0))
        for r, n in get.items():
            if r in amounts:
                amounts[r] = int(n)
        return amounts

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text, id="title")
            yield Static(id="table")
            yield Label(self.note, id="note")
            yield Label("↑↓ resource · ← give · → get · Enter offer · Esc back", id="hint")

    def on_mount(self) -> None:
        self._refresh()

    def _refresh(self) -> None:
        if not self.drawn:  # a key before the pop-up is composed: on_mount draws its choice
            return
        text = Text()
        for i, r in enumerate(self.resources):
            n = self.amounts[r]
            cursor = "▶ " if i == self.row else "  "
            text.append(cursor)
            text.append(f"{r:<8}", style=resource_style(r))
            text.append(f" (have {self.hand[r]})  ", style="dim")
            if n < 0:
                text.append(f"give {-n}", style="bold red")
            elif n > 0:
                text.append(f"get {n}", style="bold green")
            else:
                text.append("—", style="dim")
            text.append("\n")
        self.query_one("#table", Static).update(text)

    def watch_row(self) -> None:
        self._refresh()

    def action_move(self, delta: int) -> None:
        self.row = (self.row + delta) % len(self.resources)

    def action_change(self, delta: int) -> None:
        r = self.resources[self.row]
        n = self.amounts[r] + delta
        if n < -self.hand[r]:
            return
        if delta > 0 and n > 0 and self.most_get is not None:
            most, holder = self.most_get
            asked = sum(v for v in self.amounts.values() if v > 0)
            if asked + 1 > most:
                cards = f"{most} card{'s' if most != 1 else ''}"
                self.notify(f"{holder} {cards}: ask for {most} at most.", severity="warning")
                return
        self.amounts[r] = max(-19, min(19, n))
        self._refresh()

    def show_hint(self, plan: Sequence[Any]) -> bool:
        """A hinted offer fills the form in (as one known when it opens does); any other hint
        is for the game to say (False)."""
        action = plan[0] if plan else None
        if not isinstance(action, dict) or action.get("type") not in (
            "offer_trade",
            "counter_trade",
        ):
            return False
        self.amounts = self._amounts_of(action.get("give") or {}, action.get("get") or {})
        if self.FROM_HINT not in self.note:
            self.note = f"{self.note} · {self.FROM_HINT}" if self.note else self.FROM_HINT
        if self.drawn:
            self.query_one("#note", Label).update(self.note)
            self._refresh()
        return True

    def result(self) -> dict[str, Any]:
        give = {r: -n for r, n in self.amounts.items() if n < 0}
        get = {r: n for r, n in self.amounts.items() if n > 0}
        return {"give": give, "get": get}

    def action_submit(self) -> None:
        res = self.result()
        if not res["give"] or not res["get"]:
            self.notify("Give something and ask for something.", severity="warning")
            return
        held = self.hand
        short = [f"{held.get(r, 0)} {r}" for r, n in res["give"].items() if n > held.get(r, 0)]
        if short:  # the form stays open with its amounts, to be corrected
            self.notify(f"You hold only {', '.join(short)}.", severity="warning")
            return
        self.dismiss(res)

    def action_cancel(self) -> None:
        self.dismiss(None)
