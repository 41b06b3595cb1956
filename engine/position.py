"""Positions: a game described as data, built into a `Game` and written back out.

Like FEN in python-chess: a `Position` is a typed, JSON-able description of
everything a game's future depends on (board, pieces, cards, decks, the
robber, whose decision it is and what it owes, the dice and the RNG), without
the history that led there. `game_from_position` builds the game, checking
that the description is one the rules can reach (and rejecting it with a
`PositionError` naming the problem otherwise); `game.position()` writes any
game back out. Building a game from `game.position()` gives a game with the
same legal actions, views and future.

    pos = Position(ruleset="base", seats=3, seed=7, options={"board": "beginner"},
                   pieces=[...], hands=[{"brick": 2}, {}, {}], current=1, turn=9,
                   pending=[["main", 1, None]], dice=[3, 4])
    game = game_from_position(pos)
    assert game_from_position(game.position()).legal_actions() == game.legal_actions()

Parts a ruleset derives (the bank, the development deck, who holds Longest
Road or Largest Army) may be left out (None / "derive") and are then
computed; when given they are checked. A ruleset's own state goes in `extra`
under its snapshot keys (its `STATE` declaration says how to read it).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Literal

from engine.errors import CatanError
from engine.game import Game

DERIVE: Literal["derive"] = "derive"
Holder = int | None | Literal["derive"]
"""A special card's holder: a seat, None for nobody, or "derive" to compute it."""


class PositionError(CatanError):
    """A position the rules cannot reach (more cards than exist, a road in the air...)."""


@dataclass
class SeatPieces:
    """One seat's pieces on the board: vertex ids of buildings, edge ids of roads."""

    settlements: list[int] = field(default_factory=list)
    cities: list[int] = field(default_factory=list)
    roads: list[int] = field(default_factory=list)


@dataclass
class SeatDevelopment:
    """One seat's development cards by name: playable, bought this turn, and played."""

    playable: dict[str, int] = field(default_factory=dict)
    new: dict[str, int] = field(default_factory=dict)
    played: dict[str, int] = field(default_factory=dict)


@dataclass
class Position:
    """A game's position. Seat-indexed lists have one entry per seat (empty: none yet).

    - `seed` and `options` draw the board as a new game would, unless `board`
      gives it explicitly (the JSON of `Board.to_json`);
    - `rng` is the RNG state to continue with (None: the seed's, after the
      board and the roll for the start player);
    - `forced_dice` are rolled, in order, before any dice from the RNG;
    - `pending` is the decision stack, bottom first, as ``[kind, seat, data]``:
      the turn's phase ("setup_settlement", "setup_road", "pre_roll",
      "main") and whatever interrupts it ("discard" with the cards owed,
      "move_robber", "steal" with the candidate seats, "road_building" and
      "year_of_plenty" with the free roads or cards left, "trade_confirm"
      and "trade_response" with `trade`). Empty once the game is over.
    """

    ruleset: str
    seats: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    board: dict[str, Any] | None = None
    rng: int | None = None
    forced_dice: list[list[int]] = field(default_factory=list)
    start: int = 0
    current: int = 0
    turn: int = 1
    pending: list[list[Any]] = field(default_factory=list)
    dice: list[int] | None = None
    robber: int | None = None
    pieces: list[SeatPieces] = field(default_factory=list)
    hands: list[dict[str, int]] = field(default_factory=list)
    development: list[SeatDevelopment] = field(default_factory=list)
    deck: dict[str, int] | None = None
    bank: dict[str, int] | None = None
    longest_road: Holder = DERIVE
    largest_army: Holder = DERIVE
    dev_played_this_turn: bool = False
    offers_this_turn: int = 0
    trade: dict[str, Any] | None = None
    setup_vertex: int | None = None
    winner: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """A position from its JSON form; PositionError for unknown or missing parts."""
        if not isinstance(data, dict):
            raise PositionError("a position must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise PositionError(f"unknown position parts: {', '.join(unknown)}")
        for need in ("ruleset", "seats"):
            if need not in data:
                raise PositionError(f"a position needs {need!r}")
        args = dict(data)
        args["pieces"] = [SeatPieces(**p) for p in data.get("pieces", [])]
        args["development"] = [SeatDevelopment(**d) for d in data.get("development", [])]
        return cls(**args)

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))

    @classmethod
    def loads(cls, text: str) -> Position:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as exc:
            raise PositionError(f"not a position: invalid JSON ({exc.msg})") from None


def game_from_position(pos: Position) -> Game:
    """The game `pos` describes, built by its ruleset's class; PositionError if inconsistent."""
    from engine.registry import get_ruleset

    ruleset = get_ruleset(pos.ruleset)
    if ruleset.from_position is None:
        raise PositionError(f"{ruleset.title} cannot be built from a position yet")
    return ruleset.from_position(pos)
