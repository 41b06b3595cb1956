"""A game played again, one action at a time: the game screen, read-only, with a move slider.

`ReplayScreen` is the game screen (map, panels, log) fed from an `engine.replay.Replay`
instead of a table: → and ← step one action, ] and [ one turn, Home and End go to the
start and the end. The log tells the story up to the action shown, exactly as the seat
whose eyes the replay looks through heard it.

Whose eyes: a finished game may be seen as any seat (Tab: the next seat, then
everyone's public view), since nothing of it is hidden any more; a game still in
progress only as the person who plays it, so a replay never shows what that person
could not know in the game they are playing (another seat's hand, the deck).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.binding import Binding

from engine import saves
from engine.errors import SaveError
from engine.replay import Replay
from engine.table import protocol
from tui.local import HUMAN
from tui.logbook import LogBook
from tui.narrate import seat_names
from tui.screens.game import GameScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice import DicePanel
from tui.widgets.event_log import EventLog
from tui.widgets.hand import HandPanel
from tui.widgets.scoreboard import Scoreboard

PERSON = -1
"""Whose eyes a replay opens with unless told: the person's seat, else the first allowed."""


class _NoTable:
    """The client of a screen that no table feeds: nothing comes, nothing is sent."""

    def __init__(self) -> None:
        self._closed = asyncio.Event()

    async def recv(self) -> dict[str, Any]:
        await self._closed.wait()
        raise ConnectionError("a replay has no table")

    async def send(self, msg: dict[str, Any]) -> None:
        raise ConnectionError("a replay has no table")

    def close(self) -> None:
        self._closed.set()


@dataclass(frozen=True)
class ReplaySource:
    """A saved game ready to be replayed, with who may be looked through."""

    replay: Replay
    names: list[str]
    kinds: list[str]
    eyes: list[int | None]
    """The seats whose view may be shown, in Tab's order (None: the public view)."""
    over: bool

    @classmethod
    def of_save(cls, path: Path) -> ReplaySource:
        """The save at `path`; SaveError (one line) if it cannot be read or replayed."""
        data = saves.read_save(path)
        game = saves.load(data)
        meta = saves.meta_of(data)
        seats = game.num_seats
        kinds = meta.get("seats")
        if not (isinstance(kinds, list) and len(kinds) == seats):
            kinds = ["?"] * seats
        kinds = [str(k) for k in kinds]
        return cls.of_game(Replay(game), kinds, game.is_over)

    @classmethod
    def of_game(cls, replay: Replay, kinds: list[str], over: bool) -> ReplaySource:
        seats = replay.final.num_seats
        person = kinds.index(HUMAN) if HUMAN in kinds else None
        if over:
            first = [person] if person is not None else []
            eyes: list[int | None] = [*first, *(s for s in range(seats) if s != person), None]
        else:  # in progress: the person's own eyes, or only what everyone saw
            eyes = [person] if person is not None else [None]
        return cls(replay, seat_names(seats), kinds, eyes, over)


class ReplayScreen(GameScreen):
    """The game screen over a replay: stepping keys instead of commands."""

    BINDINGS = [
        Binding("right", "step(1)", "Next", key_display="→", priority=True),
        Binding("left", "step(-1)", "Back", key_display="←", priority=True),
        Binding("right_square_bracket", "turn(1)", "Next turn", key_display="]"),
        Binding("left_square_bracket", "turn(-1)", "Turn back", key_display="["),
        Binding("home", "jump(0)", "Start", show=False, priority=True),
        Binding("end", "jump(-1)", "End", show=False, priority=True),
        Binding("tab", "eyes", "Whose view", id="eyes", priority=True),
    ]

    def __init__(
        self,
        source: ReplaySource,
        *,
        ascii: bool = False,
        on_leave: Callable[[], Any] | None = None,
        at: int = 0,
        eyes: int | None = PERSON,
    ) -> None:
        self.source = source
        self.replay = source.replay
        super().__init__(
            _NoTable(),
            names=source.names,
            kinds=source.kinds,
            ascii=ascii,
            on_leave=on_leave,
            ruleset=self.replay.config.ruleset,
        )
        self.at = max(0, min(at, self.replay.length))
        self.wanted = self.at  # where the keys pressed so far lead (`go_to`)
        self._going = False
        self.eyes: int | None = eyes if eyes in source.eyes else source.eyes[0]

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(Scoreboard).pondering = False  # nobody is deciding in a replay
        self.show_step(self.at, again=True)

    # -- what is shown ----------------------------------------------------------------
    def show_step(self, k: int, *, again: bool = False) -> None:
        """The game after its first `k` actions, as `self.eyes` saw it; one step forward only
        adds that action's lines to the log, any other move tells the story again."""
        k = max(0, min(k, self.replay.length))
        self.wanted = k
        seat = self.eyes
        game = self.replay.game_at(k)
        view = game.view(seat)
        others = seat is not None and self.source.kinds[seat] != HUMAN
        self.query_one(HandPanel).whose = self.names[seat] if seat is not None and others else None
        if not again and k == self.at + 1:
            told = self.replay.steps[k - 1].events
            self.at = k
            self.apply_state(protocol.state(k, seat, view, []), [e.for_seat(seat) for e in told])
            return
        self.at = k
        self.book = LogBook(self.names)
        story = [e.for_seat(seat) for e in self.replay.events_until(k)]
        # each event by the places as they stood then (a later chip swap renames a hex)
        wheres = self.face.namers(view, story)
        update = self.book.feed(story, seat, self.face.namer(view), self.face.tell(), wheres)
        self.query_one(EventLog).replace(update.added)
        self.query_one(DicePanel).show(self.book.dice, self.face.extra_die, seat)
        self.rev = -1  # as a first state: nothing pops up
        self.apply_state(protocol.state(0, seat, view, []), [])

    def _collect_infos(self, events: list[dict[str, Any]], me: Any, where: Any) -> None:
        """No pop-ups in a replay: the log tells what happened."""

    def _show_actions(self) -> None:
        bar = self.query_one(ActionBar)
        bar.greyed = ()
        bar.status = self.where_line()
        items: list[tuple[str, str]] = [("←", "Back"), ("→", "Next"), ("[ ]", "Turn")]
        items.append(("Home End", "Start, end"))
        if len(self.source.eyes) > 1:
            items.append(("Tab", "Whose view"))
        bar.items = tuple(items)

    def where_line(self) -> str:
        """Two short lines (the actions box is 40 columns at 80x24): where, and whose eyes.

        "Replay 22/213 · turn 2, Blue to move" / "Seen as you (Red)": the turn the board
        stands in, as the log's last line says it (after a turn's last action, the next).
        """
        n = self.replay.length
        k = self.at
        where = f"Replay {k}/{n}"
        if k == n and self.source.over:
            where += " (the end)"
        if k == 0:
            where += " · before the first move"
        else:
            step = self.replay.steps[k] if k < n else self.replay.steps[k - 1]
            turn = f"turn {step.turn}" if step.turn else "setup"
            who = self.names[step.seat] if step.seat is not None else "nobody"
            where += f" · {turn}, {who}{' to move' if k < n else ''}"
        return f"{where}\nSeen as {self._eyes_name(self.eyes)}"

    def _eyes_name(self, seat: int | None) -> str:
        if seat is None:
            return "all (what everyone saw)"
        mine = self.source.kinds[seat] == HUMAN
        return f"you ({self.names[seat]})" if mine else self.names[seat]

    # -- keys ------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.composed:  # as the game screen: nothing acts before it is composed
            return False
        if action in ("step", "turn", "jump"):
            return True
        if action == "eyes":
            return len(self.source.eyes) > 1
        if action in ("command", "cursor", "confirm", "back", "hint", "save_as", "speed", "chat"):
            return False
        return super().check_action(action, parameters)

    def go_to(self, k: int) -> None:
        """Show step `k` once the keys already pressed are read: a held ← draws the step it
        reaches, not every step on the way (a jump back tells the whole story again)."""
        self.wanted = max(0, min(k, self.replay.length))
        if not self._going:
            self._going = True
            self.call_after_refresh(self._arrive)

    def _arrive(self) -> None:
        self._going = False
        if self.wanted != self.at:
            self.show_step(self.wanted)

    def action_step(self, by: int) -> None:
        self.go_to(self.wanted + by)

    def action_turn(self, by: int) -> None:
        starts = list(self.replay.turn_starts())
        if by > 0:
            later = [s for s in starts if s > self.wanted]
            self.go_to(later[0] if later else self.replay.length)
        else:
            earlier = [s for s in starts if s < self.wanted]
            self.go_to(earlier[-1] if earlier else 0)

    def action_jump(self, to: int) -> None:
        self.go_to(self.replay.length if to < 0 else to)

    def action_eyes(self) -> None:
        eyes = self.source.eyes
        self.eyes = eyes[(eyes.index(self.eyes) + 1) % len(eyes)]
        self.show_step(self.at, again=True)
        self.notify(f"Seen as {self._eyes_name(self.eyes)}", timeout=3)

    def action_leave(self) -> None:
        """q: a replay changes nothing, so it closes without asking."""
        self._leave_now()


def open_replay(path: Path) -> ReplaySource:
    """The replay of the save at `path` (SaveError, one line, if it cannot be had)."""
    try:
        return ReplaySource.of_save(path)
    except SaveError:
        raise
    except OSError as exc:
        raise SaveError(f"cannot read {path.name}: {exc.strerror or exc}") from None
