"""Trade: the offer on the table with its answers, and the bank's best rates for the seat."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from tui.faces import face_or_default
from tui.narrate import bundle
from tui.widgets.fit import refresh_fitting
from tui.widgets.style import resource_style, seat_style


def best_rates(view: dict[str, Any]) -> dict[str, int]:
    """The seat's maritime rate per resource (4:1, 3:1 or 2:1)."""
    seat = view.get("seat")
    players = view.get("players") or []
    if not isinstance(seat, int) or seat >= len(players):
        return {}
    rates = players[seat].get("rates") or {}
    return {k: int(v) for k, v in rates.items() if isinstance(v, int)}


class TradePanel(Widget):
    DEFAULT_CSS = """
    TradePanel { height: auto; border: round $secondary; padding: 0 1; }
    """

    view: reactive[dict[str, Any] | None] = reactive(None, always_update=True, repaint=False)

    def watch_view(self) -> None:
        refresh_fitting(self)

    def __init__(self, names: list[str], **kw: Any) -> None:
        super().__init__(**kw)
        self.names = names
        self.border_title = "Trade"

    def render(self) -> Text:
        view = self.view or {}
        text = Text()
        trade = view.get("trade")
        if trade:
            offerer = trade.get("offerer", 0)
            text.append(
                self.names[offerer] if offerer < len(self.names) else "?", style=seat_style(offerer)
            )
            text.append(f" gives {bundle(trade.get('give'))}\n  for {bundle(trade.get('get'))}\n")
            for seat, answer in (trade.get("answers") or {}).items():
                s = int(seat)
                text.append(f"  {self.names[s]}", style=seat_style(s))
                text.append(
                    f": gives {bundle(answer.get('get'))} for {bundle(answer.get('give'))}\n"
                )
            waiting = trade.get("waiting") or []
            if waiting:
                text.append(
                    "  waiting for " + ", ".join(self.names[s] for s in waiting) + "\n", style="dim"
                )
        else:
            limit = view.get("trade_limit")
            made = view.get("offers_this_turn")
            if limit is not None:
                text.append(f"No offer. Offers this turn: {made}/{limit}\n", style="dim")
        shown = face_or_default(view.get("ruleset"))
        rates = best_rates(view)
        if rates:
            chips = [Text(f"{shown.rates_word}:", style="bold")]
            for name, rate in rates.items():
                chip = Text(f"{rate}:1 ", style="bold" if rate < 4 else "")
                chip.append(name, style=resource_style(name))
                chips.append(chip)
            text.append_text(_packed(chips, self.content_size.width))
        supply = view.get("supply")
        if isinstance(supply, dict) and shown.shows_supply:
            chips = [Text("Supply:", style="bold")]
            for name, count in supply.items():
                chip = Text(f"{count} ", style="bold red" if count < 3 else "")
                chip.append(name, style=resource_style(name))
                chips.append(chip)
            chips.append(Text(f"reserve {view.get('reserve_size', '?')}", style="dim"))
            text.append("\n")
            text.append_text(_packed(chips, self.content_size.width))
        return text


def _packed(chips: list[Text], width: int) -> Text:
    """Chips two spaces apart, a new line where the next would not fit (never split)."""
    out = Text()
    used = 0
    for chip in chips:
        if used and width and used + 2 + chip.cell_len > width:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(chip)
        used += chip.cell_len
    return out
