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

from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

if TYPE_CHECKING:
    from engine.config import GameConfig

CardCounts = dict[str, int]
"""Counts per card name (a hand, a bank, a price)."""


class ConfigView(TypedDict):
    """The game's config as a view shows it: the seed is hidden (None)."""

    ruleset: str
    seats: int
    seed: int | None
    options: dict[str, Any]


class TradeAnswerView(TypedDict):
    """What an answering seat agreed to: the cards it gives and gets."""

    give: CardCounts
    get: CardCounts


class TradeView(TypedDict):
    """The open domestic trade (engine.shared.trading.PendingTrade.to_json)."""

    offerer: int
    give: CardCounts
    get: CardCounts
    to: list[int]
    waiting: list[int]
    answers: dict[str, TradeAnswerView]


class PlayerView(TypedDict):
    """What every seat may know of one seat (the ruleset's player view adds to it)."""

    seat: int
    resource_count: int
    discard_owed: int


class MeView(TypedDict):
    """The viewing seat's own hidden parts (absent for a spectator)."""

    hand: CardCounts
    vp: int


class GameView(TypedDict):
    """The keys every ruleset's view has.

    A ruleset's view adds `players` (a list of its `PlayerView` subclass) and,
    for a seat (not a spectator), `me` (its `MeView` subclass).
    """

    protocol: int
    ruleset: str
    config: ConfigView
    seat: int | None
    num_seats: int
    vp_to_win: int
    phase: str
    to_act: int | None
    current: int
    turn: int
    start: int
    dice: list[int] | None
    trade: TradeView | None
    offers_this_turn: int
    trade_limit: int
    winner: int | None
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
