"""The table: one game, its seats and spectators, and the loop that runs it.

`Table.run()` asks the seat in `game.to_act` for a decision with that seat's
view and the legal actions, validates the answer with `game.check`, applies
it, tells every seat and spectator what happened (each event redacted for
its audience with `Event.for_seat`), and autosaves atomically after every
action. It is the only caller of `apply` during play.

A seat that answers with an illegal action is told why and asked again if it
can be told (it has an ``async reject(message)`` method, like
`engine.table.client.HumanSeat`); a seat that cannot (a bot) gets the first
legal action instead. Optional hooks a seat or spectator may implement:

- ``attach(table, seat)``: called once when it joins the table;
- ``async reject(message)``: its last action was refused;
- ``async finished(message)``: the game is over (`engine.table.protocol.over`);
- ``said(message)``: a line of the table's chat (`engine.table.protocol.said`);
- ``told(message)``: a line the table tells everyone (`tell`; a ``notice``).

People at the table chat through `say` (a `HumanSeat` calls it for its
client); the table keeps the last `CHAT_KEPT` lines for those who connect later.
What the table itself has to tell everyone there (a bot took a seat, someone
left, a clock ran out) goes through `tell`, and the last `TOLD_KEPT` such lines
are kept likewise.

`pace` (seconds, changeable while running) is the least time a seat without
``reject`` (a bot) appears to think, so people can follow the game.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter, deque
from pathlib import Path
from typing import Any

from engine import saves
from engine.actions import Action
from engine.game import Game
from engine.table import protocol
from engine.table.seat import Seat
from engine.views import reads_view, release, view_for


class Spectator:
    """Minimal spectator interface (duck-typed): hears every public event."""

    async def notify(self, events: list[dict[str, Any]]) -> None:  # pragma: no cover
        raise NotImplementedError


CHAT_KEPT = 50
TOLD_KEPT = 20


class Table:
    def __init__(
        self,
        game: Game,
        seats: list[Seat],
        *,
        autosave_path: Path | None = None,
        meta: dict[str, Any] | None = None,
        pace: float = 0.0,
    ) -> None:
        if len(seats) != game.num_seats:
            raise ValueError(f"the game has {game.num_seats} seats, {len(seats)} were given")
        self.game = game
        self.seats = list(seats)
        self.spectators: list[Any] = []
        self.autosave_path = autosave_path
        self.meta = dict(meta or {})
        self.pace = pace
        self.thinking: int | None = None
        self.rejections = 0
        self.fallbacks = 0
        self.started = time.monotonic()
        self._first_rev = game.num_actions  # the actions played before this table
        self.finished = False
        self._over: dict[str, Any] | None = None
        self._save_lock = asyncio.Lock()
        self._saves_asked = 0
        self._saves_written = 0
        self._save = saves.GrowingSave()  # each action encoded once, not at every autosave
        self.save_error: str | None = None
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.told: deque[dict[str, Any]] = deque(maxlen=TOLD_KEPT)
        self._lines = 0
        for i, seat in enumerate(self.seats):
            hook = getattr(seat, "attach", None)
            if hook is not None:
                hook(self, i)

    # -- information --------------------------------------------------------
    @property
    def rev(self) -> int:
        """The revision: actions applied so far (survives save and resume)."""
        return self.game.num_actions

    @property
    def played_here(self) -> bool:
        """Some action was played at this table (a game loaded already over had none)."""
        return self.rev > self._first_rev

    @property
    def over_message(self) -> dict[str, Any] | None:
        return self._over

    def history(self, seat: int | None) -> list[dict[str, Any]]:
        """Every event of the game so far as `seat` heard it (None: as a spectator), from
        the events of its making (the start player, hands dealt) on; a game set up from a
        position begins at its first action (its making is not the game's start).

        Replayed from the game's log, so a resumed game's log starts at its
        beginning; a replay that fails gives what it reached (the log is a nicety).
        """
        from engine.position import game_from_position
        from engine.registry import new_game

        game = self.game
        out: list[dict[str, Any]] = []
        try:
            origin = getattr(game, "origin", None)
            if origin is not None:
                from engine.position import Position

                replay = game_from_position(Position.from_json(origin))
            else:  # what the game told as it was made: who starts, the hands dealt
                replay = new_game(game.config)
                out.extend(e.for_seat(seat) for e in replay.initial_events)
            for action in game.log:
                out.extend(e.for_seat(seat) for e in replay.apply(action))
        except Exception:
            pass
        return out

    def say(self, seat: int | None, name: str, text: str) -> None:
        """A chat line (already cleaned by `protocol.parse_say`) to everyone at the table."""
        msg = self._dated(protocol.said(seat, name, text))
        self.chat.append(msg)
        for member in [*self.seats, *self.spectators]:
            hook = getattr(member, "said", None)
            if hook is not None:
                hook(dict(msg))

    def tell(self, message: str, *, seat: int | None = None, yours: str | None = None) -> None:
        """A line for everyone at the table, seats and spectators (a ``notice``), kept for
        those who connect later: the table's own news, such as a bot taking a seat. News of
        one seat may carry that seat's player's own words (`yours`, said to "you")."""
        msg = self._dated(protocol.notice(message, seat=seat, yours=yours))
        self.told.append(msg)
        for member in [*self.seats, *self.spectators]:
            hook = getattr(member, "told", None)
            if hook is not None:
                hook(dict(msg))

    def _dated(self, msg: dict[str, Any]) -> dict[str, Any]:
        """`msg` with the game's turn (``turn``), so a line replayed later can say when it was
        said (seen: a reconnect showed turn 2's chat after turn 26's moves, undated)."""
        self._lines += 1  # chat and notices counted together: replayed in the order said
        turn = getattr(self.game, "turn", None)
        dated = {**msg, "n": self._lines}
        return {**dated, "turn": turn} if type(turn) is int else dated

    def recent(self) -> list[dict[str, Any]]:
        """The chat lines and notices kept, in the order they were said."""
        return sorted([*self.told, *self.chat], key=lambda m: int(m.get("n", 0)))

    def add_spectator(self, spectator: Any) -> None:
        """Someone who hears public events (``notify``) and may implement the optional hooks."""
        self.spectators.append(spectator)
        hook = getattr(spectator, "attach", None)
        if hook is not None:
            hook(self, None)

    def remove_spectator(self, spectator: Any) -> None:
        if spectator in self.spectators:
            self.spectators.remove(spectator)

    # -- the loop -----------------------------------------------------------
    async def run(self) -> int | None:
        """Play until the game ends; returns the winner."""
        while not self.game.is_over:
            await self.step()
        await self._finish()
        return self.game.winner

    async def step(self) -> None:
        """One decision: ask, validate (asking again or falling back), apply, broadcast, save."""
        game = self.game
        seat_no = game.to_act
        if seat_no is None:
            return
        seat = self.seats[seat_no]
        legal = game.legal_actions()
        reject = getattr(seat, "reject", None)
        self.thinking = seat_no
        try:
            while True:
                began = time.monotonic()
                # A seat that declares it never reads views gets one built only if read.
                view = view_for(game, seat_no, reads_view(seat))
                try:
                    action = await seat.decide(view, list(legal))
                finally:
                    release(view)
                problem = self._problem(action)
                if problem is None:
                    break
                self.rejections += 1
                if reject is None:
                    self.fallbacks += 1
                    action = legal[0]
                    break
                await reject(problem)
            if reject is None and self.pace > 0:
                left = self.pace - (time.monotonic() - began)
                if left > 0:
                    await asyncio.sleep(left)
        finally:
            self.thinking = None
        await self.apply(action)

    def _problem(self, action: Any) -> str | None:
        if not isinstance(action, Action):
            return f"not an action: {action!r}"
        try:
            return self.game.check(action)
        except Exception as exc:  # a malformed action must not kill the table
            return f"the action could not be checked: {exc}"

    async def apply(self, action: Action) -> None:
        events = self.game.apply(action)
        await self.autosave()
        for i, seat in enumerate(self.seats):
            await seat.notify([e.for_seat(i) for e in events])
        if self.spectators:
            public = [e.for_seat(None) for e in events]
            for spectator in list(self.spectators):
                await spectator.notify(list(public))

    async def autosave(self) -> None:
        if self.autosave_path is not None:
            await self._write(*self._save_text())

    def autosave_soon(self) -> asyncio.Task[None] | None:
        """Save the position as it is now, without waiting for the disk.

        A new game is resumable before its first action, yet its first screen
        need not wait for an fsync.
        """
        if self.autosave_path is None:
            return None
        return asyncio.get_running_loop().create_task(self._write(*self._save_text()))

    def _save_text(self) -> tuple[int, str]:
        self._saves_asked += 1
        return self._saves_asked, self._save.dumps(self.game, self.meta)

    async def _write(self, number: int, text: str) -> None:
        """Write save `number` unless a later one is already on disk (saves may race)."""
        assert self.autosave_path is not None
        async with self._save_lock:
            if number < self._saves_written:
                return
            try:
                await asyncio.to_thread(saves.write_atomic, self.autosave_path, text)
            except OSError as exc:  # a full disk must not end the game; the players are told
                await self._save_problem(f"autosave failed: {exc.strerror or exc}")
                return
            self._saves_written = number
            if self.save_error is not None:
                await self._save_problem(None)

    async def _save_problem(self, problem: str | None) -> None:
        """Tell every seat and spectator when autosaving starts or stops failing."""
        if problem == self.save_error:
            return
        self.save_error = problem
        message = problem or "autosave works again"
        for member in [*self.seats, *self.spectators]:
            hook = getattr(member, "notice", None)
            if hook is not None:
                await hook(message)

    async def _finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        seconds = round(time.monotonic() - self.started, 1)
        stats = game_stats(self.game)
        if self.played_here:  # a game loaded over was not played at this table
            stats["seconds"] = seconds
        self._over = protocol.over(self.rev, self.game.winner, self.game.scores(), stats)
        for member in [*self.seats, *self.spectators]:
            hook = getattr(member, "finished", None)
            if hook is not None:
                await hook(dict(self._over))


def game_stats(game: Game) -> dict[str, Any]:
    """Length, VP after each turn and the dice histogram, by replaying the game's log."""
    from engine.registry import new_game

    dice: Counter[int] = Counter()
    history: list[list[int]] = []
    turns = 0
    try:
        replay = new_game(game.config)
        history.append(replay.scores())
        for action in game.log:
            for event in replay.apply(action):
                if event.kind in ("dice", "roll"):  # base: dice; Starfarers: roll
                    total = event.data.get("total")
                    if isinstance(total, int):
                        dice[total] += 1
                elif event.kind == "turn":
                    turns += 1
                    history.append(replay.scores())
        history.append(replay.scores())
    except Exception:  # stats are a nicety; never let them break the end of a game
        pass
    return {
        "turns": turns,
        "actions": game.num_actions,
        "vp_history": history,
        "dice": {str(k): dice[k] for k in range(2, 13)},
    }
