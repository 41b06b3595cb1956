"""The surface every ruleset's game offers.

Kept small and python-chess-like so that the table host, bots, the terminal
app and saves can treat every ruleset the same way. A ruleset subclasses
`Game` and implements the abstract methods; validation, logging and the JSON
plumbing live here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action, ActionCodec
from engine.config import GameConfig
from engine.errors import IllegalAction
from engine.events import Event, EventKinds

if TYPE_CHECKING:
    from engine.position import Position
    from engine.views import GameView


class Game(ABC):
    """One game of one ruleset. Deterministic given its config and actions."""

    codec: ClassVar[ActionCodec]
    ruleset_name: ClassVar[str]
    EVENTS: ClassVar[EventKinds] = EventKinds(())
    """Every event kind the game may emit, with its fields (engine.events.EventKinds)."""

    config: GameConfig
    # The action log as a flat list that copies share. Lists are only ever
    # appended to, so the first `_history_len` entries are this game's history
    # whoever else appended after them; a game whose list has grown past its
    # own length (a copy, or the game it was copied from, moved on) takes its
    # own prefix before appending (`_record`). Copying is O(1), appending
    # amortised O(1), and pickle and deepcopy see a flat list, never a chain
    # as deep as the game is long.
    _history: list[Action]  # set by the `log` setter when a game is made
    _history_len: int = 0
    origin: dict[str, Any] | None = None
    """The JSON of the Position the game was built from (None: it began from its config)."""
    initial_events: Sequence[Event] = ()
    """What the game told as it was made, before any action (the rolls for the start player,
    hands or number chips dealt); a client's story begins with them (`Table.history`)."""

    @property
    def log(self) -> list[Action]:
        """Every action applied so far, oldest first."""
        return self._history[: self._history_len]

    @log.setter
    def log(self, actions: list[Action]) -> None:
        self._history = list(actions)
        self._history_len = len(actions)

    def _record(self, action: Action) -> None:
        """Append `action` to this game's history (copies share the list until they differ)."""
        history = self._history
        if len(history) != self._history_len:
            history = self._history = history[: self._history_len]
        history.append(action)
        self._history_len += 1

    def __getstate__(self) -> dict[str, Any]:
        """Pickle and deepcopy: this game's own history only, not what sharers appended."""
        state = self.__dict__.copy()
        if "_history" in state:
            state["_history"] = self._history[: self._history_len]
        return state

    @property
    def num_actions(self) -> int:
        return self._history_len

    # -- the decision ---------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision is pending; None once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The pending seat's legal actions in a stable order.

        Free-form trade offers are the one open-ended action: the list holds a
        few suggestions, and `check` accepts any offer the rules allow.
        """

    @abstractmethod
    def check(self, action: Action) -> str | None:
        """None if `action` is legal now, else a message naming the rule broken."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Mutate the state for an action that `check` accepted."""

    def apply(self, action: Action) -> list[Event]:
        """Validate and perform `action` for the pending seat; returns the events."""
        if self.to_act is None:
            raise IllegalAction("the game is over")
        problem = self.check(action)
        if problem is not None:
            raise IllegalAction(problem)
        history = self._history  # `_record`, inlined: every action passes here
        if len(history) != self._history_len:
            history = self._history = history[: self._history_len]
        history.append(action)
        self._history_len += 1
        return self._apply(action)

    def apply_json(self, data: Any) -> list[Event]:
        return self.apply(self.codec.decode(data))

    def is_legal(self, action: Action) -> bool:
        return self.to_act is not None and self.check(action) is None

    # -- information ---------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> GameView:
        """What `seat` may know, as a fresh JSON-ready dict (None: a spectator).

        Each ruleset returns its own `GameView` subclass (engine.views).
        """

    @property
    @abstractmethod
    def winner(self) -> int | None: ...

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @abstractmethod
    def scores(self) -> list[int]:
        """Victory points per seat, hidden points included (for results, not for views)."""

    @abstractmethod
    def copy(self) -> Game:
        """An independent game; cheap, since search bots copy thousands of times."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The complete state as JSON, hidden parts and RNG included (saves check it)."""

    def position(self) -> Position:
        """The game as a `Position` (engine.position), for rulesets that support positions."""
        raise NotImplementedError(f"{type(self).__name__} cannot write its position yet")

    @classmethod
    def upgrade_snapshot(cls, snapshot: dict[str, Any]) -> dict[str, Any]:
        """A snapshot written by an earlier engine, in the form `snapshot()` writes today.

        Loading a save compares the replayed game's snapshot with the stored
        one after this; a ruleset whose snapshot gained a field derives it here.
        """
        return snapshot

    @property
    def num_seats(self) -> int:
        return self.config.seats
