"""A game played again one action at a time, forwards and back, like a chess game viewer.

`Replay(game)` replays a game's log from its start (its config, or the position it
was set up from) once, keeping every action's events, who played it, the turn it
was played in, and a copy of the game every `CHECKPOINT` actions; `game_at(k)` is
the game after its first `k` actions (a copy from the nearest checkpoint, at most
`CHECKPOINT - 1` actions replayed). Nothing here hides anything: a viewer asks
`game_at(k).view(seat)` and `Event.for_seat(seat)` for what one seat knew, and
decides itself whose knowledge it may show (tui/screens/replay.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import Action
from engine.events import Event
from engine.game import Game

CHECKPOINT = 32
"""Actions between two kept copies: memory against the time of a jump."""


@dataclass(frozen=True)
class Step:
    """One action of the game: who played it (None: nobody's, e.g. a forced step), in which
    turn (the `turn` its game showed before it; 0 in the setup), and what it told."""

    action: Action
    seat: int | None
    turn: int
    events: tuple[Event, ...]


class Replay:
    def __init__(self, game: Game) -> None:
        self.config = game.config
        self.origin = game.origin
        start = self._start()
        self.initial_events: tuple[Event, ...] = tuple(start.initial_events)
        self.steps: list[Step] = []
        self._checkpoints: list[Game] = [start.copy()]
        replay = start
        for action in game.log:
            seat, turn = replay.to_act, int(getattr(replay, "turn", 0))
            events = tuple(replay.apply(action))
            self.steps.append(Step(action, seat, turn, events))
            if len(self.steps) % CHECKPOINT == 0:
                self._checkpoints.append(replay.copy())
        self.final = replay

    def _start(self) -> Game:
        """The game before its first action: made from its config, or its position."""
        from engine.position import Position, game_from_position
        from engine.registry import new_game

        if self.origin is not None:
            return game_from_position(Position.from_json(self.origin))
        return new_game(self.config)

    @property
    def length(self) -> int:
        """How many actions the game has."""
        return len(self.steps)

    def game_at(self, k: int) -> Game:
        """The game after its first `k` actions (0: as it was made), a copy the caller owns."""
        if not 0 <= k <= self.length:
            raise IndexError(f"the game has {self.length} actions; {k} is not a step of it")
        base = k // CHECKPOINT
        game = self._checkpoints[base].copy()
        for step in self.steps[base * CHECKPOINT : k]:
            game.apply(step.action)
        return game

    def events_until(self, k: int) -> list[Event]:
        """Everything told up to the `k`th action: the game's making, then each action's."""
        out = list(self.initial_events)
        for step in self.steps[:k]:
            out.extend(step.events)
        return out

    def turn_starts(self) -> Sequence[int]:
        """The steps at which a turn of play begins (a change of `turn`), in order."""
        out: list[int] = []
        last = -1
        for k, step in enumerate(self.steps):
            if step.turn != last:
                out.append(k)
                last = step.turn
        return out
