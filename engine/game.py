"""The surface every ruleset's game offers.

Kept small and python-chess-like so that the table host, bots, the terminal
app and saves can treat every ruleset the same way. A ruleset subclasses
`Game` and implements the abstract methods; validation, logging and the JSON
plumbing live here once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
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
    # The action log as a persistent chain (previous, action): appending is O(1)
    # and copies share their common history instead of copying it.
    _history: tuple[Any, Action] | None = None
    _history_len: int = 0
    origin: dict[str, Any] | None = None
    """The JSON of the Position the game was built from (None: it began from its config)."""

    @property
    def log(self) -> list[Action]:
        """Every action applied so far, oldest first."""
        out: list[Action] = []
        node = self._history
        while node is not None:
            out.append(node[1])
            node = node[0]
        out.reverse()
        return out

    @log.setter
    def log(self, actions: list[Action]) -> None:
        node: tuple[Any, Action] | None = None
        for action in actions:
            node = (node, action)
        self._history = node
        self._history_len = len(actions)

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
        self._history = (self._history, action)
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
