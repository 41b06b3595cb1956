"""The shape of a seat's view, as types: what every ruleset's `view()` returns.

A view is plain JSON (it crosses the table protocol and reaches bot
processes), so its types are `TypedDict`s: the app, the narration and the
bots read declared keys instead of guessing. `GameView` is the part every
ruleset shares; each ruleset declares its own view as a subclass
(`engine.rulesets.base.view_types.BaseView`,
`engine.rulesets.starfarers.view_types.StarfarersView`) with its nested parts.
Card counts are keyed by card name; per-seat maps by the seat number as a
string (JSON object keys).

No `from __future__ import annotations` here: `NotRequired` must be seen when
the classes are made, so that `__required_keys__` is right at run time.
"""

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict, cast

if TYPE_CHECKING:
    from engine.config import GameConfig

CardCounts = dict[str, int]
"""Counts per card name (a hand, a bank, a price)."""


class ConfigView(TypedDict):
    """The game's config as a view shows it: the seed is hidden (None)."""

    ruleset: str
    """The ruleset's name."""
    seats: int
    """How many seats play."""
    seed: int | None
    """Always None in a view: the seed would reveal every future roll."""
    options: dict[str, Any]
    """The ruleset's options by name, every one set (defaults filled in)."""


class TradeAnswerView(TypedDict):
    """The terms an answering seat accepted or countered with, from the offerer's side."""

    give: CardCounts
    """What the offerer would give under this answer: card name -> count."""
    get: CardCounts
    """What the offerer would get under this answer: card name -> count."""


class TradeView(TypedDict):
    """The open domestic trade (engine.shared.trading.PendingTrade.to_json)."""

    offerer: int
    """The seat that made the offer (the seat whose turn it is)."""
    give: CardCounts
    """What the offerer gives: card name -> count."""
    get: CardCounts
    """What the offerer asks for: card name -> count."""
    to: list[int]
    """The seats addressed, ascending (every other seat when the offer named none)."""
    waiting: list[int]
    """Addressed seats yet to answer, in answer order (table order after the offerer)."""
    answers: dict[str, TradeAnswerView]
    """Per seat (as a string) that accepted or countered: the terms of its answer."""


class PlayerView(TypedDict):
    """What every seat may know of one seat (the ruleset's player view adds to it)."""

    seat: int
    """The seat this entry is about (its index in `players`)."""
    resource_count: int
    """How many cards it holds (C&K: commodities included); which ones is hidden."""
    discard_owed: int
    """Cards it still has to discard after a 7 (0: none)."""


class MeView(TypedDict):
    """The viewing seat's own hidden parts (absent for a spectator)."""

    hand: CardCounts
    """Your hand: card name -> count, every kind listed (zeros too)."""
    vp: int
    """Your points, hidden victory point cards included."""


class GameView(TypedDict):
    """The keys every ruleset's view has.

    A ruleset's view adds `players` (a list of its `PlayerView` subclass) and,
    for a seat (not a spectator), `me` (its `MeView` subclass).
    """

    protocol: int
    """The view format's version number."""
    ruleset: str
    """The ruleset's name as `engine.registry` knows it: base, ck, fleet or starfarers."""
    config: ConfigView
    """The game's config: ruleset, seat count and options; the seed is hidden."""
    seat: int | None
    """The seat this view is for (seats are 0 to num_seats - 1); None for a spectator."""
    num_seats: int
    """How many seats play."""
    vp_to_win: int
    """Victory points needed to win."""
    phase: str
    """The kind of decision the game waits for (see the decision kinds); game_over at the end."""
    to_act: int | None
    """The seat that must decide now; None once the game is over."""
    current: int
    """The seat whose turn it is."""
    turn: int
    """The turn number: 0 during the setup, 1 for the first turn after it, then +1 a turn."""
    start: int
    """The seat that won the roll for the start: it places first in the setup and plays turn 1."""
    dice: list[int] | None
    """This turn's roll, one number per die (C&K: red, yellow, event die); None before it."""
    trade: TradeView | None
    """The open domestic trade offer; None when no offer is open."""
    offers_this_turn: int
    """Trade offers the seat whose turn it is has made this turn."""
    trade_limit: int
    """The most trade offers a seat may make in one turn (option trade_offers_per_turn)."""
    winner: int | None
    """The seat that won; None until the game is over."""
    scores: NotRequired[list[int]]
    """Every seat's points, hidden ones included: only once the game is over."""


def config_view(config: "GameConfig") -> ConfigView:
    """The config as views show it, its seed hidden (a seed would reveal every future roll)."""
    return {
        "ruleset": config.ruleset,
        "seats": config.seats,
        "seed": None,
        "options": dict(config.options),
    }


class LazyView(Mapping[str, Any]):
    """A seat's view that is built the first time anything reads it.

    The headless loop and tournaments hand one to deciders that declare they
    do not read views (`reads_view = False`, as the random bot does): most
    decisions then cost no view at all, and a decider that reads it after all
    gets exactly `game.view(seat)` as of its decision. It is a read-only
    `Mapping`, not a `dict` (a dict subclass would look empty to C code such
    as `json.dumps`): `dict(view)`, `copy`, `deepcopy` and `pickle` give the
    plain view. Once the decision is over (`release`), an unread view can no
    longer be built: the game has moved on, so reading it raises.
    """

    __slots__ = ("_data", "_game", "_seat")

    def __init__(self, game: Any, seat: int | None) -> None:
        self._game = game
        self._seat = seat
        self._data: dict[str, Any] | None = None

    def _view(self) -> dict[str, Any]:
        data = self._data
        if data is None:
            if self._game is None:
                raise RuntimeError(
                    "this view was not read during its decision and the game has moved on; "
                    "a bot that keeps views must not declare reads_view = False"
                )
            data = self._data = dict(self._game.view(self._seat))
        return data

    def release(self) -> None:
        """The decision is over: let go of the game (a view read by now stays readable)."""
        self._game = None

    @property
    def built(self) -> bool:
        return self._data is not None

    def __getitem__(self, key: str) -> Any:
        return self._view()[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self._view().get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._view()

    def __iter__(self) -> Iterator[str]:
        return iter(self._view())

    def __len__(self) -> int:
        return len(self._view())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyView):
            other = other._view()
        return self._view() == other

    __hash__ = None  # type: ignore[assignment]  # a view is mutable data, as a dict

    def __repr__(self) -> str:
        return f"LazyView({self._view()!r})"

    def copy(self) -> dict[str, Any]:
        return dict(self._view())

    def __copy__(self) -> dict[str, Any]:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy

        return copy.deepcopy(self._view(), memo)

    def __reduce__(self) -> tuple[Any, ...]:
        return (dict, (self._view(),))

    def __or__(self, other: Mapping[str, Any]) -> dict[str, Any]:
        return {**self._view(), **other}

    def __ror__(self, other: Mapping[str, Any]) -> dict[str, Any]:
        return {**other, **self._view()}


def reads_view(decider: object) -> bool:
    """Whether a decider, bot or seat reads the views it is given (undeclared: it does)."""
    return bool(getattr(decider, "reads_view", True))


def view_for(game: Any, seat: int, reads: bool) -> GameView:
    """The view to hand a seat that decides now: built now, or only if read (`LazyView`).

    Whoever hands out a lazy view calls `release` on it once the decision is over.
    """
    if reads:
        view: GameView = game.view(seat)
        return view
    return cast(GameView, LazyView(game, seat))


def release(view: Any) -> None:
    """End the decision a view was handed for: a lazy view not read by now never will be."""
    if type(view) is LazyView:
        view.release()
