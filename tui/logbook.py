"""The game's story as the log shows it, and the dice as the table saw them.

A `LogBook` takes the events a seat heard, in order, and keeps:

* the log's entries: one sentence per event (tui.narrate) with the seats'
  names in their colours and turn lines in bold; the cards one seat gives or
  takes card by card become one entry (the discards for one seven: "Blue
  discarded 2 ore, 1 wool."; an encounter's toll: "You gave up 2 fuel to the supply.";
  Year of Plenty: "You took 1 ore, 1 grain."), so an entry may replace the
  one before it (`Update.replaced`);
* the dice: the last roll and who rolled it, and how often each total came.

It is fed the whole history when a game resumes, so both survive save and load.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.style import Style
from rich.text import Text

from tui.narrate import and_list, narrate
from tui.render.palette import seat_style

TOTALS = tuple(range(2, 13))
CARD_BY_CARD = ("discard", "encounter_card_out", "encounter_take", "take_resource", "card_given")
"""Event kinds one card at a time that the log tells as one line per run (`cards_of`)."""


@dataclass
class Update:
    """What the log widget must change: drop `replaced` last entries, then add `added`."""

    replaced: int = 0
    added: list[Text] = field(default_factory=list)


@dataclass
class DiceStats:
    last: tuple[int, ...] | None = None
    roller: int | None = None
    total: int | None = None  # the roll's total as the engine counts it (number dice only)
    counts: dict[int, int] = field(default_factory=lambda: dict.fromkeys(TOTALS, 0))

    @property
    def rolls(self) -> int:
        return sum(self.counts.values())

    def add(self, event: dict[str, Any]) -> None:
        dice = event.get("dice")
        total = event.get("total")
        if isinstance(dice, list) and all(isinstance(d, int) for d in dice):
            self.last = tuple(dice)
        self.total = total if isinstance(total, int) else None
        roller = event.get("seat")
        self.roller = roller if isinstance(roller, int) else None
        if isinstance(total, int) and total in self.counts:
            self.counts[total] += 1


class LogBook:
    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.entries: list[Text] = []
        self.dice = DiceStats()
        # The card-by-card run being told as one line: (kind, seat, to), cards so far.
        self._run: tuple[tuple[Any, ...], dict[str, int]] | None = None
        # Hands dealt face down, told as one line so far: their size, the seats.
        self._dealt: tuple[int, list[int]] | None = None
        words = "|".join(re.escape(n) for n in sorted(self.names, key=len, reverse=True) if n)
        self._name_re = re.compile(rf"\b(You|you|{words})\b(?! Folk)") if words else None

    def feed(
        self,
        events: Sequence[dict[str, Any]],
        me: int | None,
        where: Callable[[Any], str] | None = None,
        tell: Mapping[str, Callable[..., str | None]] | None = None,
        wheres: Sequence[Callable[[Any], str] | None] | None = None,
    ) -> Update:
        """The log's change for `events`, told with the ruleset's phrasing `tell` (its face's);
        `wheres`, if given, names each event's places (`RulesetFace.namers`), else `where`."""
        update = Update()
        for i, event in enumerate(events):
            if wheres is not None:
                where = wheres[i]
            kind = event.get("kind")
            if kind == "dice":
                self.dice.add(event)
            if kind in CARD_BY_CARD and isinstance(event.get("seat"), int):
                self._dealt = None
                line, more = self._grouped(event, me, where, tell)
                if line is not None:
                    self._add(update, line, me, replace=more)
                continue
            self._run = None
            if kind == "starting_hand" and event.get("cards") is None:
                line, more = self._dealt_line(event, me)
                if line is not None:
                    self._add(update, line, me, replace=more)
                    continue  # else the run's first hand, told alone below
            else:
                self._dealt = None
            line = narrate(event, self.names, me, where, tell)
            if line:
                self._add(update, line, me)
        return update

    def _grouped(
        self,
        event: dict[str, Any],
        me: int | None,
        where: Callable[[Any], str] | None,
        tell: Mapping[str, Callable[..., str | None]] | None,
    ) -> tuple[str | None, bool]:
        """Consecutive card-by-card events of one seat (and one receiver) told as one line,
        the line growing card by card: the event is told with the run's `cards` so far.

        Returns the line and whether it replaces the line before (the same run, grown).
        """
        key = (event.get("kind"), event.get("seat"), event.get("to"))
        more = self._run is not None and self._run[0] == key
        if self._run is None or not more:
            self._run = (key, {})
        cards = self._run[1]
        resource = str(event.get("resource") or event.get("card") or "card")  # card: C&K's gifts
        cards[resource] = cards.get(resource, 0) + 1
        return narrate({**event, "cards": dict(cards)}, self.names, me, where, tell), more

    def _dealt_line(self, event: dict[str, Any], me: int | None) -> tuple[str | None, bool]:
        """Hands dealt face down, one event a seat, told as one line while their sizes agree:
        "Blue, White, Orange and you start with 15 cards each." (a line, not four, before
        the first roll). Returns the line and whether it replaces the line before."""
        seat, count = event.get("seat"), event.get("count")
        if (
            not isinstance(seat, int)
            or not 0 <= seat < len(self.names)
            or not isinstance(count, int)
        ):
            self._dealt = None
            return None, False
        more = self._dealt is not None and self._dealt[0] == count
        if self._dealt is None or not more:
            self._dealt = (count, [])
        seats = self._dealt[1]
        seats.append(seat)
        if len(seats) == 1:
            return None, False  # told as one seat's hand (tui.narrate)
        names = [self.names[p] for p in seats if p != me] + (["you"] if me in seats else [])
        cards = f"{count} card{'s' * (count != 1)}"
        return f"{and_list(names)} start with {cards} each.", True

    def _add(self, update: Update, line: str, me: int | None, replace: bool = False) -> None:
        text = self.styled(line, me)
        if replace and self.entries:
            self.entries.pop()
            if update.added:
                update.added.pop()
            else:
                update.replaced += 1
        self.entries.append(text)
        update.added.append(text)

    def _end_runs(self) -> None:
        """A line of another kind comes: the next card, or hand dealt, starts a line anew."""
        self._run = None
        self._dealt = None

    def told(self, line: str, me: int | None) -> Text:
        """A line of the app's own ("— Game resumed at turn 12 —") kept with the story, so
        the whole log (F6) has it too. It ends any run of lines told as one."""
        self._end_runs()
        text = self.styled(line, me)
        self.entries.append(text)
        return text

    def said(self, seat: Any, name: str, text: str) -> Update:
        """A chat line: the speaker's name in their colour (a watcher's plain), then the words.

        It ends a card-by-card run, so the run's next card starts a line of its own."""
        self._end_runs()
        line = Text()
        bold = Style(bold=True)
        line.append(name, seat_style(seat) + bold if isinstance(seat, int) else bold)
        line.append(": ")
        line.append(text, Style(italic=True))
        self.entries.append(line)
        return Update(0, [line])

    def styled(self, line: str, me: int | None) -> Text:
        text = Text(line)
        if line.startswith("—"):
            text.stylize("bold")
        if self._name_re is None:
            return text
        for match in self._name_re.finditer(line):
            word = match.group(1)
            seat = me if word in ("You", "you") else self.names.index(word)
            if isinstance(seat, int):
                text.stylize(seat_style(seat) + Style(bold=True), match.start(1), match.end(1))
        return text
