"""Game over: the winner, victory points over time, the dice and the length of the game."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Label, Static

from tui.placings import placings, sources_text
from tui.screens.dialogs.scroll_body import ScrollBodyDialog, show_keys
from tui.widgets.style import seat_style

BARS = " ▁▂▃▄▅▆▇█"


def vp_chart(history: list[list[int]], names: list[str], width: int = 40) -> Text:
    """One line per seat: a sparkline of its VP after each turn, sampled to `width`."""
    text = Text()
    if not history:
        return text
    top = max(max(row) for row in history) or 1
    n = len(history)
    k = min(width, n)
    # first to last, the last always (it was left out: a game's final points never showed)
    picks = [history[round(i * (n - 1) / (k - 1))] if k > 1 else history[-1] for i in range(k)]
    column = max([6, *(len(name) for name in names)]) + 1  # the lines start together
    for seat, name in enumerate(names):
        text.append(f"{name:<{column}}", style=seat_style(seat))
        line = "".join(BARS[round(row[seat] / top * (len(BARS) - 1))] for row in picks)
        text.append(line, style=seat_style(seat))
        text.append(f" {history[-1][seat]}\n")
    return text


def dice_histogram(dice: dict[str, int]) -> Text:
    text = Text()
    top = max(dice.values(), default=0) or 1
    for total in range(2, 13):
        count = dice.get(str(total), 0)
        bar = "█" * round(count / top * 20)
        text.append(f"{total:>2} ", style="bold" if total in (6, 8) else "")
        text.append(bar, style="red" if total == 7 else "")
        text.append(f" {count}\n", style="dim")
    return text


def placings_text(
    view: dict[str, Any], scores: list[int], winner: int | None, names: list[str], me: int | None
) -> Text:
    """ "1st  Orange  10 VP", then its sources: "3 settlements (3), 2 cities (4), ..." """
    text = Text()
    width = max((len(n) for n in names), default=5) + 6
    for p in placings(view, scores, winner):
        name = names[p.seat] + (" (you)" if p.seat == me else "")
        text.append(f"{p.ordinal:<4} ")
        text.append(f"{name:<{width}}", style=seat_style(p.seat))
        text.append(f"{p.vp:>2} VP\n", style="bold")
        text.append(f"     {sources_text(p)}\n", style="dim")
    return text


def same_board_every_game(view: Mapping[str, Any]) -> bool:
    """Whether the view's game deals the same board whatever its seed (Starfarers' first
    game, a beginner's board): a rematch's next seed then changes the dice, not the map.
    Two games of its ruleset and options with other seeds are compared, so no list of
    such variants is kept here."""
    config = view.get("config")
    if not isinstance(config, Mapping):
        return False
    try:
        from engine.config import GameConfig
        from engine.registry import new_game

        seats, options = int(config["seats"]), dict(config.get("options") or {})
        a, b = (new_game(GameConfig(str(config["ruleset"]), seats, s, options)) for s in (1, 2))
    except Exception:  # a view this app cannot rebuild a game from: say the usual
        return False
    keys = ("board", "planets", "sectors")
    return all(a.view(0).get(k) == b.view(0).get(k) for k in keys)


class GameOverDialog(ScrollBodyDialog[str | None]):
    DEFAULT_CSS = """
    GameOverDialog { align: center middle; }
    GameOverDialog > Vertical {
        width: 72; max-width: 98%; height: auto; max-height: 98%;
        border: thick $success; background: $surface; padding: 0 1;
    }
    GameOverDialog VerticalScroll { height: auto; max-height: 80vh; }
    GameOverDialog #winner { text-style: bold; }
    GameOverDialog .hint { width: 100%; height: auto; text-wrap: wrap; }
    GameOverDialog #record { width: 100%; height: auto; text-wrap: wrap; }
    """
    BINDINGS = [
        Binding("enter", "close", "Main menu"),
        Binding("escape", "close", "Main menu", show=False),
        Binding("r", "rematch", "Rematch"),
        Binding("v", "replay", "Replay"),
    ]

    def __init__(
        self,
        over: dict[str, Any],
        names: list[str],
        me: int | None,
        view: dict[str, Any] | None = None,
        rematch: bool = False,
        replay: bool = False,
    ) -> None:
        super().__init__()
        self.over = over
        self.names = names
        self.me = me
        self.view = view or {}
        self.rematch = rematch
        self.replay = replay

    def compose(self) -> ComposeResult:
        over = self.over
        winner = over.get("winner")
        if winner is None:
            head = "The game is over."
        elif winner == self.me:
            head = f"You win! ({self.names[winner]})"
        else:
            head = f"{self.names[winner]} wins."
        scores = [int(s) for s in over.get("scores") or []]
        mine = next((p for p in placings(self.view, scores, winner) if p.seat == self.me), None)
        if mine is not None and winner != self.me:
            head += f" You finished {mine.ordinal} with {mine.vp} VP."
        with Vertical():
            yield Label(head, id="winner")
            # The story scrolls (at 80x24 it is taller than the screen); the keys stay below it.
            with VerticalScroll():
                yield from self._story(over, scores, winner)
            yield Label(self.key_line(False), classes="hint")

    @cached_property
    def same_board(self) -> bool:
        return self.rematch and same_board_every_game(self.view)

    def key_names(self) -> list[str]:
        board = "same board" if self.same_board else "a new board"
        again = [f"r: rematch ({board})"] if self.rematch else []
        review = ["v: replay"] if self.replay else []
        return ["Enter: main menu", *again, *review]

    def on_mount(self) -> None:  # then ScrollBodyDialog's: the story takes the focus
        # A toast still up from the last turn ("Choose 1 more card.") would cover the story.
        self.app.clear_notifications()
        said = getattr(self.app, "record_said", None)
        if isinstance(said, str):
            self.show_record(said)

    def show_record(self, line: str) -> None:
        """What the game added to your record, under the headline: as a toast, at 80x24 it
        covered the winner's line."""
        if self.query("#record"):
            self.query_one("#record", Label).update(f"Your record: {line}")
        else:
            record = Label(f"Your record: {line}", id="record")
            self.query_one(Vertical).mount(record, after="#winner")
        self.call_after_refresh(show_keys, self, self.key_line)  # the story makes room for it

    def _story(self, over: dict[str, Any], scores: list[int], winner: int | None) -> ComposeResult:
        """The placings, the VP chart, the dice and the game's length."""
        stats = over.get("stats") or {}
        placed = placings_text(self.view, scores, winner, self.names, self.me)
        placed.rstrip()  # each block's last newline: the headings' margins space them
        yield Static(placed, id="placings")
        yield Label("Victory points over time", classes="heading")
        chart = vp_chart(stats.get("vp_history") or [], self.names)
        chart.rstrip()
        yield Static(chart, id="chart")
        yield Label("Dice rolled", classes="heading")
        dice = dice_histogram(stats.get("dice") or {})
        dice.rstrip()
        yield Static(dice, id="dice")
        seconds = stats.get("seconds")
        length = f"{stats.get('turns', '?')} turns, {stats.get('actions', '?')} actions"
        if isinstance(seconds, int | float) and seconds >= 1:
            # this sitting's time: a game resumed from a save counted since (seen in play)
            length += f", {int(seconds) // 60} min {int(seconds) % 60} s in this sitting"
        yield Static(f"Length: {length}", id="length", classes="heading")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rematch(self) -> None:
        if self.rematch:
            self.dismiss("rematch")

    def action_replay(self) -> None:
        if self.replay:
            self.dismiss("replay")
