"""The dice: the last roll drawn as two dice, and how often each total has come.

At 80x24 (the screen's compact class) the panel keeps to the roll; F4 opens
`RollsDialog` with every total's count against what two dice make on average.

One line for the roll ("Blue rolled  [⚂] [⚄]  8") and one for the rolls so
far, a bar per total from 2 to 12 under its number, so a player can see at a
glance that eights are running hot. `--ascii` draws the dice as [3] [5] and
the bars with ASCII.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from tui.logbook import TOTALS, DiceStats
from tui.render.palette import seat_style
from tui.widgets.fit import text_rows

FACES = "⚀⚁⚂⚃⚄⚅"
BARS = " ▁▂▃▄▅▆▇█"
ASCII_BARS = " .:-=+*#%"


ExtraDie = Callable[[int], str]
"""A variant's die beyond the two number dice in words (C&K's event die: "ship")."""


def dice_text(
    stats: DiceStats,
    names: Sequence[str],
    ascii: bool = False,
    extra_die: ExtraDie | None = None,
    width: int | None = None,
    me: int | None = None,
) -> Text:
    """ "Blue rolled [⚂] [⚄] 8" (the roll in words too: colour and glyphs are not the only cue).

    With `extra_die`, dice after the first two are named by it and left out of the total.
    With `width`, the first of ever shorter forms that fits in one line: without "rolled",
    then the dice as digits with "rolled" ("You rolled 4+5 = 9 · green gate") and without
    it ("Blue 4+5 = 9 · green gate"): C&K's red die is still read first.
    The seat `me` (the person reading) is "You".
    """
    if stats.last is None:
        return Text("No roll yet.", style="dim")
    forms = ((True, True), (False, True), (True, False), (False, False))
    text = Text()
    for verb, glyphs in forms if width is not None else forms[:1]:
        text = _roll_text(stats, names, ascii, extra_die, verb, glyphs, me)
        if width is None or text.cell_len <= width:
            break
    return text


def _roll_text(
    stats: DiceStats,
    names: Sequence[str],
    ascii: bool,
    extra_die: ExtraDie | None,
    verb: bool,
    glyphs: bool,
    me: int | None = None,
) -> Text:
    """One form of the last roll: `verb` says "rolled"; `glyphs` shows each die as "[⚃ 4]"
    ("[4]" in ASCII), else the digits are joined by + ("4+5")."""
    assert stats.last is not None
    text = Text()
    if stats.roller is not None and stats.roller < len(names):
        who = "You" if stats.roller == me else names[stats.roller]
        text.append(who, seat_style(stats.roller))
        text.append(" rolled " if verb else " ")
    else:
        text.append("Rolled ")
    numbers = stats.last[:2] if extra_die is not None else stats.last
    for i, d in enumerate(numbers):
        # with a third die (C&K) the first is the red one, which decides the progress cards
        # a gate draws: drawn red, as on the table (seen at 80x24: nothing marked it)
        style = Style(bold=True, color="red" if extra_die is not None and i == 0 else None)
        if not glyphs:
            text.append(("+" if i else "") + str(d), style)
            continue
        face = str(d) if ascii or not 1 <= d <= 6 else f"{FACES[d - 1]} {d}"
        text.append(f"[{face}]", style)
        text.append(" ")
    if not glyphs:
        text.append(" ")
    total = stats.total if stats.total is not None else sum(numbers)
    text.append(f"= {total}", Style(bold=True, reverse=total == 7))
    if extra_die is not None:
        for d in stats.last[2:]:
            text.append(f" · {extra_die(d)}")
    return text


def histogram_text(stats: DiceStats, ascii: bool = False, cell: int = 3) -> Text:
    """One bar per total, 2 to 12, scaled to the most frequent; `cell` columns each."""
    bars = ASCII_BARS if ascii else BARS
    top = max(stats.counts.values()) or 1
    text = Text()
    for total in TOTALS:
        n = stats.counts[total]
        level = 0 if n == 0 else max(1, round(n / top * (len(bars) - 1)))
        bar = bars[level] * (cell - 1) + " "
        text.append(bar.rjust(cell), Style(color="red" if total == 7 else None))
    return text


def totals_text(cell: int = 3) -> Text:
    """The totals under the bars; at 2 columns a total, the even ones only (10 needs two)."""
    if cell >= 3:
        return Text("".join(f"{t:>{cell - 1}} " for t in TOTALS), style="dim")
    return Text("".join(f"{t:<2}" if t % 2 == 0 else "  " for t in TOTALS), style="dim")


class DicePanel(Widget):
    """The last roll and the rolls so far (fed by the game screen from its LogBook)."""

    DEFAULT_CSS = """
    DicePanel { height: auto; border: round $primary; padding: 0 1; }
    """

    def __init__(self, names: Sequence[str], ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = list(names)
        self.ascii = ascii
        self.stats = DiceStats()
        self.extra_die: ExtraDie | None = None
        self.me: int | None = None
        self.border_title = "Dice"

    def show(
        self, stats: DiceStats, extra_die: ExtraDie | None = None, me: int | None = None
    ) -> None:
        """The rolls so far; the seat `me` (the person at this screen) is called "You"."""
        self.stats = stats
        self.extra_die = extra_die
        self.me = me
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        return self._text(self.content_size.width or None)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the text takes at `width` (its roll line shortened to fit it)."""
        return text_rows(self, self._text(width or None), width)

    def _text(self, room: int | None) -> Text:
        """The last roll in one line of `room` columns where it can be, and the histogram."""
        lines = [dice_text(self.stats, self.names, self.ascii, self.extra_die, room, self.me)]
        if self.stats.rolls and self.screen.has_class("compact"):
            return lines[0]  # one line where rows are few: F4 shows every roll
        if self.stats.rolls:
            width = room or 0
            cell = 3 if width >= 40 else 2
            totals = totals_text(cell)
            count = f" {self.stats.rolls} roll{'s' * (self.stats.rolls != 1)}"
            if len(totals.plain) + len(count) <= width:
                totals.append(count, style="dim")
            lines += [histogram_text(self.stats, self.ascii, cell), totals]
        return Text("\n").join(lines)


def rolls_text(stats: DiceStats, ascii: bool = False) -> Text:
    """Each total: a bar of its count, the count, and how many two fair dice would give."""
    text = Text()
    top = max(stats.counts.values()) or 1
    for total in TOTALS:
        n = stats.counts[total]
        ways = 6 - abs(7 - total)
        expected = stats.rolls * ways / 36
        text.append(f"{total:>2} ", style="bold" if total in (6, 8) else "")
        bar = ("#" if ascii else "█") * round(n / top * 20)
        text.append(bar, style="red" if total == 7 else "")
        text.append(f" {n}", style="bold")
        text.append(f"  (about {expected:.1f} expected)\n", style="dim")
    text.append(f"{stats.rolls} roll{'s' * (stats.rolls != 1)} so far", style="dim")
    return text
