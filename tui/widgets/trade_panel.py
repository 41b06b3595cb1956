"""Trade: the offer on the table with its answers, and the bank's best rates for the seat."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui.faces import face_or_default
from tui.narrate import and_list, bundle
from tui.widgets.fit import refresh_fitting, text_rows
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

    def _who(self, seat: int, me: Any, verb: str) -> Text:
        """A seat and its verb: "bob counters", "You counter"."""
        if seat == me:
            return Text.assemble(("You", "bold"), f" {verb}")
        name = self.names[seat] if 0 <= seat < len(self.names) else "?"
        return Text.assemble((name, seat_style(seat)), f" {verb}s")

    def _offer(self, trade: dict[str, Any], me: Any, width: int) -> Text:
        """The offer, then each answer: an accept, or a counter with its terms and who made it
        (a counter read like a restatement of the offer: "bob: gives 1 coin for 2 wool")."""
        offerer = int(trade.get("offerer", 0))
        give, get = trade.get("give") or {}, trade.get("get") or {}
        head = self._who(offerer, me, "give")
        text = _wrapped(head, [bundle(give), f"for {bundle(get)}"], 2, width)
        for seat, answer in (trade.get("answers") or {}).items():
            s = int(seat)
            # the offerer's side of the answer: what it gives and gets under these terms
            theirs, mine = answer.get("give") or {}, answer.get("get") or {}
            if (theirs, mine) == (give, get):
                text.append_text(_wrapped(Text("  ") + self._who(s, me, "accept"), [], 4, width))
                continue
            head = Text("  ") + self._who(s, me, "counter") + Text(":")
            gives = "give" if s == me else "gives"
            terms = [f"{gives} {bundle(mine)}", f"for {bundle(theirs)}"]
            text.append_text(_wrapped(head, terms, 4, width))
        waiting = trade.get("waiting") or []
        if waiting:
            who = ["you" if s == me else self.names[s] for s in waiting if 0 <= s < len(self.names)]
            # "you and bob" (seen: "waiting for you, bob" read as spoken to bob)
            text.append("  waiting for " + and_list(who) + "\n", style="dim")
        return text

    def render(self) -> Text:
        return self._text(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the panel takes at `width` (the layout asks before it has it)."""
        return text_rows(self, self._text(width), width)

    def _text(self, width: int) -> Text:
        view = self.view or {}
        text = Text()
        shown = face_or_default(view.get("ruleset"))
        rates = best_rates(view)
        packed = None
        if rates:
            head = Text(f"{shown.rates_word}:", style="bold")
            packed = rate_lines(head, rates, width)
        trade = view.get("trade")
        if trade:
            text.append_text(self._offer(trade, view.get("seat"), width))
            if packed is not None:
                text.append_text(packed)
        else:
            # the rates first: at 80x24 with four players the panel shows a line or two
            # before it scrolls, and `m` refused sends the player to the rates
            if packed is not None:
                text.append_text(packed)
            limit = view.get("trade_limit")
            made = view.get("offers_this_turn")
            if limit is not None:
                line = f"No offer. Offers this turn: {made}/{limit}"
                if len(line) > width:  # 80x24: it wrapped after "turn:"
                    line = f"No offer ({made}/{limit} made this turn)"
                text.append(("\n" if packed is not None else "") + line, style="dim")
        supply = view.get("supply")
        if isinstance(supply, dict) and shown.shows_supply:
            chips = [Text("Supply:", style="bold")]
            for name, count in supply.items():
                chip = Text(f"{count} ", style="bold red" if count < 3 else "")
                chip.append(name, style=resource_style(name))
                chips.append(chip)
            chips.append(Text(f"reserve {view.get('reserve_size', '?')}", style="dim"))
            text.append("\n")
            text.append_text(_packed(chips, width))
        return text


def rate_lines(head: Text, rates: dict[str, int], width: int) -> Text:
    """`head`, then the rates a group per rate, its resources after it, two spaces apart:
    "Rates: 3:1 ore fuel carbon food  2:1 goods" (it read "3:1 ore  3:1 fuel  3:1 carbon"
    on two lines at 120x40, and the side column ran a row short).

    A group that does not fit the rest of the line starts the next, whole; it is split,
    its rate said again before the rest, only where that saves a line: after the head
    alone ("Rates:" stood alone at 80x24) or where the group is wider than `width`."""
    groups: dict[int, list[str]] = {}
    for name, rate in rates.items():
        groups.setdefault(rate, []).append(name)
    out = head.copy()
    used, alone = head.cell_len, head.cell_len > 0  # `alone`: the line holds the head only
    for rate, names in groups.items():
        left = list(names)
        while left:
            room = width - used - (2 if used else 0)
            take, whole = len(left), _rate_chip(rate, left).cell_len
            if width > 0 and whole > room:
                take = _fitting(rate, left, room)
                wide = whole > width
                if not take or not (alone or wide):
                    if used:  # the group (or its rest) starts a line of its own
                        out.append("\n")
                        used, alone = 0, False
                        continue
                    take = 1  # one name wider than the panel: it wraps, it is not lost
            chip = _rate_chip(rate, left[:take])
            if used:
                out.append("  ")
                used += 2
            out.append_text(chip)
            used += chip.cell_len
            alone, left = False, left[take:]
    return out


def _fitting(rate: int, names: list[str], room: int) -> int:
    """How many of `names` a chip of `rate` can hold in `room` cells (0: not even one)."""
    fit = 0
    while fit < len(names) and _rate_chip(rate, names[: fit + 1]).cell_len <= room:
        fit += 1
    return fit


def _rate_chip(rate: int, names: list[str]) -> Text:
    chip = Text(f"{rate}:1", style="bold" if rate < 4 else "")
    for name in names:
        chip.append(" ")
        chip.append(name, style=resource_style(name))
    return chip


def _wrapped(head: Text, parts: list[str], indent: int, width: int) -> Text:
    """`head` then each part a space apart, a part that would pass `width` on a new line
    indented by `indent`; one line ending."""
    out = head.copy()
    used = head.cell_len
    for part in parts:
        if width and used + 1 + len(part) > width:
            out.append("\n" + " " * indent + part)
            used = indent + len(part)
        else:
            out.append(" " + part)
            used += 1 + len(part)
    out.append("\n")
    return out


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
