"""The base game's state and rules (rules/catan.md), as the defaults of the hex family.

Cities & Knights and Catan Fleet are the base game plus changes, so the base
game is written to be subclassed:

- rules dispatch through the object's own class (`engine.shared.dispatch`):
  each action type's check and apply, and each decision kind's legal actions,
  are methods found on `type(self)`, so a subclass's override is what runs;
- the variable parts are hooks with the base rules as defaults (the roll,
  production of a total, the 7, the discard limit, robber targets, what blocks
  a road, victory points, the main phase's actions, the prices);
- card kinds are data (`HAND_CARDS`, `DEV_CARDS`): hands, bank, decks,
  trades and discards are flat lists with one row of `stride` per seat;
- decisions are a stack (`engine.rulesets.base.decisions`): `to_act` and the
  phase are its top;
- the state is declared once (`STATE`), and copy, snapshot, restore and the
  view's public part are made from the declaration, which a subclass extends.

The state is flat lists of ints indexed by seat, vertex, edge and hex, so that
`copy()` is a handful of list copies and legal-move generation touches no
objects it can avoid. `check` explains refusals; `_apply` trusts it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from engine.actions import Action, ActionCodec
from engine.config import GameConfig
from engine.errors import IllegalAction
from engine.events import Event, EventKind, EventKinds
from engine.game import Game
from engine.rng import Rng
from engine.rulesets.base import decisions
from engine.rulesets.base.actions import (
    CODEC,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    PickGold,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    TakeResource,
)
from engine.rulesets.base.board import GENERIC, GOLD, RESOURCES, Board, make_board
from engine.rulesets.base.board_json import board_from_json
from engine.rulesets.base.decisions import (
    DISCARD,
    GAME_OVER,
    GOLD_PICK,
    MAIN,
    MOVE_ROBBER,
    PHASE_NAMES,
    PRE_ROLL,
    ROAD_BUILDING,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    STEAL,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    YEAR_OF_PLENTY,
    Decision,
    decision,
)
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    Roll,
    Steal,
)
from engine.shared.bank import discard_count
from engine.shared.cards import draw, take_random_card
from engine.shared.cardset import CardSet, Cost, price_checker, sparse
from engine.shared.dispatch import RuleDispatch, applies, checks, lists, overrides
from engine.shared.event_kinds import HEX_EVENTS
from engine.shared.longest_road import (
    award_largest,
    award_longest,
    longest_trail,
    longest_trail_from,
)
from engine.shared.state import (
    EDGE,
    ROW,
    SCALAR,
    SEAT,
    SEAT_ROW,
    STACK,
    STARTING_COUNTS,
    VERTEX,
    Field,
    StateSpec,
)
from engine.shared.trading import DomesticTrading, PendingTrade, counts_to_dict, holds

if TYPE_CHECKING:
    from engine.beliefs import Beliefs
    from engine.position import Position
    from engine.rulesets.base.view_types import BaseView

__all__ = [
    "BANK_START",
    "CITY_COST",
    "DEV_COST",
    "DEV_COUNTS",
    "DEV_NAMES",
    "DISCARD",
    "GAME_OVER",
    "GOLD_PICK",
    "KNIGHT",
    "MAIN",
    "MONOPOLY",
    "MOVE_ROBBER",
    "PHASE_NAMES",
    "PIECES",
    "PRE_ROLL",
    "ROAD_BUILDING",
    "ROAD_BUILDING_CARD",
    "ROAD_COST",
    "SETTLEMENT_COST",
    "SETUP_ROAD",
    "SETUP_SETTLEMENT",
    "STEAL",
    "TRADE_CONFIRM",
    "TRADE_RESPONSE",
    "VICTORY_POINT",
    "YEAR_OF_PLENTY",
    "YEAR_OF_PLENTY_CARD",
    "BaseGame",
    "Decision",
]

KNIGHT, VICTORY_POINT, ROAD_BUILDING_CARD, YEAR_OF_PLENTY_CARD, MONOPOLY = range(5)
DEV_NAMES = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
DEV_COUNTS = (14, 5, 2, 2, 2)
BANK_START = 19
PIECES = {"settlements": 5, "cities": 4, "roads": 15}

RESOURCE_CARDS = CardSet(RESOURCES, (BANK_START,) * len(RESOURCES))
DEVELOPMENT_CARDS = CardSet(DEV_NAMES, DEV_COUNTS)

ROAD_COST = RESOURCE_CARDS.vector(brick=1, lumber=1)
SETTLEMENT_COST = RESOURCE_CARDS.vector(brick=1, lumber=1, wool=1, grain=1)
CITY_COST = RESOURCE_CARDS.vector(grain=2, ore=3)
DEV_COST = RESOURCE_CARDS.vector(wool=1, grain=1, ore=1)

_MAIN_PURCHASES = ("road", "settlement", "city", "development")
"""The PRICES the main phase lists actions for, in `main_actions`' order."""

_PLAY_CARD = {
    PlayKnight: KNIGHT,
    PlayRoadBuilding: ROAD_BUILDING_CARD,
    PlayYearOfPlenty: YEAR_OF_PLENTY_CARD,
    PlayMonopoly: MONOPOLY,
}

# Actions are immutable, so the hot path hands out shared instances instead of
# constructing (slow, frozen) dataclasses on every call to legal_actions().
_ROAD = tuple(BuildRoad(e) for e in range(256))
_SETTLEMENT = tuple(BuildSettlement(v) for v in range(256))
_CITY = tuple(BuildCity(v) for v in range(256))
_ROBBER = tuple(MoveRobber(h) for h in range(64))
_ROLL, _END, _BUY = Roll(), EndTurn(), BuyDevelopment()
_KNIGHT, _ROAD_BUILDING, _YEAR_OF_PLENTY = PlayKnight(), PlayRoadBuilding(), PlayYearOfPlenty()
_ACCEPT, _DECLINE, _CANCEL = AcceptTrade(), DeclineTrade(), CancelTrade()


_new_tuple = tuple.__new__  # a Decision without the named tuple's Python-level __new__


def _copy_trade(trade: PendingTrade | None) -> PendingTrade | None:
    return trade.copy() if trade is not None else None


def _encode_trade(game: Any, trade: PendingTrade | None) -> Any:
    return trade.to_json(game.HAND_CARDS.names) if trade is not None else None


def _decode_trade(game: Any, data: Any) -> PendingTrade | None:
    return PendingTrade.from_json(data, game.HAND_CARDS.names) if data is not None else None


def _encode_dice(game: Any, dice: tuple[int, ...] | None) -> Any:
    return list(dice) if dice else None


def _decode_dice(game: Any, data: Any) -> tuple[int, ...] | None:
    return tuple(data) if data else None


def _encode_pending(game: Any, pending: list[Decision]) -> Any:
    return [decisions.to_json(d) for d in pending]


def _decode_pending(game: Any, data: Any) -> list[Decision]:
    return [decisions.from_json(d) for d in data]


class BaseGame(RuleDispatch, DomesticTrading, Game):
    codec: ClassVar[ActionCodec] = CODEC
    ruleset_name: ClassVar[str] = "base"

    HAND_CARDS: ClassVar[CardSet] = RESOURCE_CARDS
    """The cards a seat holds in its hand (traded, produced, discarded, stolen)."""
    DEV_CARDS: ClassVar[CardSet] = DEVELOPMENT_CARDS
    PRICES: ClassVar[Mapping[str, tuple[int, ...]]] = {
        "road": ROAD_COST,
        "settlement": SETTLEMENT_COST,
        "city": CITY_COST,
        "development": DEV_COST,
    }
    """What each purchase costs, as counts in HAND_CARDS order."""
    SELLS_DEVELOPMENT: ClassVar[bool] = True
    """Development cards are bought (not in Cities & Knights, whose progress cards replace
    them): what a player may expect to do (`refusals`)."""
    EXPECTED_MORE: ClassVar[tuple[str, ...]] = ()
    """A ruleset's own moves a player may expect in the main phase, beyond the base game's
    (`refusals`: why one is missing), each with its `representatives`."""
    PIECES: ClassVar[Mapping[str, int]] = PIECES
    EVENTS: ClassVar[EventKinds] = HEX_EVENTS.widen(
        "production", optional=("gold", "blocked")
    ).extend(
        EventKind("robber", ("seat", "hex"), doc="the robber moved"),
        EventKind("buy_development", ("seat",), secret=("card",)),
        EventKind("play_development", ("seat", "card")),
        EventKind("take_resource", ("seat", "resource"), doc="a free card (Year of Plenty)"),
        EventKind("monopoly", ("seat", "resource", "taken")),
        EventKind("largest_army", ("holder", "previous", "knights")),
        EventKind("longest_road", ("holder", "previous", "length")),
    )
    """The hex family's shared events and the base game's own (a subclass extends it)."""

    STATE: ClassVar[StateSpec] = StateSpec(
        (
            Field(
                "rng",
                SCALAR,
                copy=Rng.copy,
                encode=lambda g, r: r.state,
                decode=lambda g, s: Rng(s),
            ),
            Field(
                "board",
                SCALAR,
                encode=lambda g, b: b.to_json(),
                decode=lambda g, d: board_from_json(d),
            ),
            Field("pending", STACK, encode=_encode_pending, decode=_decode_pending),
            Field("current", SCALAR, view="current"),
            Field("turn", SCALAR, view="turn"),
            Field("start", SCALAR, view="start"),
            Field("setup_pos", SCALAR, view="setup_pos"),
            Field("setup_vertex", SCALAR, -1, view="setup_vertex"),
            Field("vertex_owner", VERTEX, -1),
            Field("vertex_level", VERTEX, 0),  # 1 settlement, 2 city
            Field("edge_owner", EDGE, -1, view="edges"),
            # Derived from the board (rebuilt on restore), kept for speed.
            Field("roads", SEAT, (), key=None),
            Field("buildings", SEAT, (), key=None),
            Field("rates", SEAT_ROW, 4, cards="HAND_CARDS", key=None, view="rates"),
            Field(
                "settlements_left", SEAT, PIECES["settlements"], key=None, view="settlements_left"
            ),
            Field("cities_left", SEAT, PIECES["cities"], key=None, view="cities_left"),
            Field("roads_left", SEAT, PIECES["roads"], key=None, view="roads_left"),
            # Cards.
            Field("hands", SEAT_ROW, cards="HAND_CARDS"),
            Field("bank", ROW, STARTING_COUNTS, cards="HAND_CARDS", view="bank"),
            Field("dev_hands", SEAT_ROW, cards="DEV_CARDS"),  # playable (bought before this turn)
            Field("dev_new", SEAT_ROW, cards="DEV_CARDS"),  # bought this turn
            Field("dev_deck", ROW, STARTING_COUNTS, cards="DEV_CARDS"),
            Field("dev_played", SEAT_ROW, cards="DEV_CARDS", view="played"),
            # Scores and the turn.
            Field("robber", SCALAR, view="robber"),
            Field("longest_holder", SCALAR, -1),
            Field("army_holder", SCALAR, -1),
            Field("road_length", SEAT, 0, view="road_length"),
            Field("vp_public", SEAT, 0, view="public_vp"),
            Field("dice", SCALAR, None, encode=_encode_dice, decode=_decode_dice, view="dice"),
            Field("dev_played_this_turn", SCALAR, False, view="dev_played_this_turn"),
            Field(
                "trade",
                SCALAR,
                None,
                copy=_copy_trade,
                encode=_encode_trade,
                decode=_decode_trade,
                view="trade",
            ),
            Field("offers_this_turn", SCALAR, 0, view="offers_this_turn"),
            Field("winner_seat", SCALAR, -1, key="winner"),
            # Dice to roll before the RNG's (a position may force them), oldest first.
            Field(
                "forced_dice",
                SCALAR,
                (),
                encode=lambda g, v: [list(d) for d in v],
                decode=lambda g, raw: tuple(tuple(d) for d in raw),
                optional=True,
            ),
        )
    )

    # Filled per class by _prepare_class from the card sets and prices.
    HAND_STRIDE: ClassVar[int]
    DEV_STRIDE: ClassVar[int]
    COST: ClassVar[Mapping[str, Cost]]
    TRADE_NAMES: ClassVar[tuple[str, ...]]
    TRADE_INDEX: ClassVar[Mapping[str, int]]
    _PLAIN_DICE: ClassVar[bool]
    AUTO_STEPS: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds nobody answers: on top after an action, `run_steps` runs them."""
    _INLINE_APPLY: ClassVar[bool]
    """Neither `roll_dice` nor `production_total` is overridden: the roll inlines them."""
    _TARGETS_HOOKED: ClassVar[bool]
    """`robber_targets` is overridden, so a robber move is checked against it."""
    _TRAIL_HOOKED: ClassVar[bool]
    """`_trail` is overridden, so a new road is measured with it (`_trail_after_road`)."""
    _PAYS_MAIN: ClassVar[staticmethod[[list[int]], tuple[bool, ...]]]
    """Whether a hand row pays each of `_MAIN_PURCHASES` (generated from PRICES)."""
    _copy_state: ClassVar[Callable[[Any], Any]]
    """Copies every declared field; a class that writes its own `copy` starts from it."""
    _DISCARD: ClassVar[tuple[Discard, ...]]
    _TAKE: ClassVar[tuple[TakeResource, ...]]
    _PICK_GOLD: ClassVar[tuple[PickGold, ...]]
    _MONOPOLY: ClassVar[tuple[PlayMonopoly, ...]]
    _MARITIME: ClassVar[tuple[tuple[MaritimeTrade, ...], ...]]
    _OFFER: ClassVar[tuple[tuple[OfferTrade, ...], ...]]
    _OFFER_ROW: ClassVar[tuple[tuple[OfferTrade, ...], ...]]
    _MARITIME_ROW: ClassVar[tuple[tuple[MaritimeTrade, ...], ...]]

    rng: Rng
    board: Board
    pending: list[Decision]
    current: int
    turn: int
    start: int
    setup_pos: int
    setup_vertex: int
    vertex_owner: list[int]
    vertex_level: list[int]
    edge_owner: list[int]
    roads: list[tuple[int, ...]]
    buildings: list[tuple[int, ...]]
    rates: list[int]
    settlements_left: list[int]
    cities_left: list[int]
    roads_left: list[int]
    hands: list[int]
    bank: list[int]
    dev_hands: list[int]
    dev_new: list[int]
    dev_deck: list[int]
    dev_played: list[int]
    robber: int
    longest_holder: int
    army_holder: int
    road_length: list[int]
    vp_public: list[int]
    dice: tuple[int, ...] | None
    dev_played_this_turn: bool
    trade: PendingTrade | None
    offers_this_turn: int
    winner_seat: int
    forced_dice: tuple[tuple[int, ...], ...]

    @classmethod
    def _prepare_class(cls) -> None:
        """Tables that follow from the class's card sets, prices and state declaration."""
        names = cls.HAND_CARDS.names
        cls.HAND_STRIDE = cls.HAND_CARDS.stride
        cls.DEV_STRIDE = cls.DEV_CARDS.stride
        cls.COST = {piece: sparse(price) for piece, price in cls.PRICES.items()}
        cls._PLAIN_DICE = not overrides(cls, "roll_dice") and not overrides(cls, "production_total")
        # `apply` inlines `check` and `_apply` unless a subclass replaces either.
        owner = {
            name: next(k for k in cls.__mro__ if name in vars(k))
            for name in ("apply", "check", "_apply")
        }
        cls._INLINE_APPLY = owner["check"] is owner["apply"] is owner["_apply"]
        cls._TARGETS_HOOKED = overrides(cls, "robber_targets")
        cls._TRAIL_HOOKED = overrides(cls, "_trail")
        cls._PAYS_MAIN = staticmethod(price_checker([cls.COST[p] for p in _MAIN_PURCHASES]))
        cls.TRADE_NAMES = names
        cls.TRADE_INDEX = cls.HAND_CARDS.index
        cls._copy_state = cls.STATE.copier(cls)
        if "copy" not in vars(cls):
            cls.copy = cls._copy_state  # type: ignore[method-assign,assignment]
        cls._DISCARD = tuple(Discard(n) for n in names)
        cls._TAKE = tuple(TakeResource(n) for n in RESOURCES)
        cls._PICK_GOLD = tuple(PickGold(n) for n in RESOURCES)
        cls._MONOPOLY = tuple(PlayMonopoly(n) for n in RESOURCES)
        cls._MARITIME = tuple(tuple(MaritimeTrade(g, t) for t in names) for g in names)
        cls._OFFER = tuple(tuple(OfferTrade(((g, 1),), ((t, 1),)) for t in names) for g in names)
        # Per card given, every other card: the rows `main_actions` lists whole.
        cls._OFFER_ROW = tuple(
            tuple(row[t] for t in range(len(names)) if t != g) for g, row in enumerate(cls._OFFER)
        )
        cls._MARITIME_ROW = tuple(
            tuple(row[t] for t in range(len(names)) if t != g)
            for g, row in enumerate(cls._MARITIME)
        )

    # -- creation -------------------------------------------------------------
    def __init__(self, config: GameConfig) -> None:
        assert config.seed is not None, "normalise the config first (engine.new_game)"
        n = config.seats
        opts = config.options
        self.config = config
        self.log = []
        self.vp_to_win = int(opts["vp_to_win"])
        self.trade_limit = int(opts["trade_offers_per_turn"])
        rng = Rng(config.seed)
        # A game sampled from a view is given the view's board (`sample_consistent`).
        board = self.__dict__.pop("_given_board", None) or self.make_board(rng)
        grid = board.grid
        self.STATE.allocate(
            self, {SEAT: n, VERTEX: grid.num_vertices, EDGE: grid.num_edges, "hex": len(grid.land)}
        )
        self.rng = rng
        self.board = board
        self.robber = board.desert
        self.initial_events = self._roll_for_start()
        self.setup_order = [(self.start + k) % n for k in range(n)]
        self.setup_order += self.setup_order[::-1]
        self.current = self.start
        self.set_pending([decision(SETUP_SETTLEMENT, self.start)])

    @classmethod
    def board_for_view(cls, view: Mapping[str, Any]) -> Board:
        """Hook: the board a view shows (the very board, when the view's is shared JSON)."""
        return board_from_json(view["board"])

    def make_board(self, rng: Rng) -> Board:
        """The board for this game's options, drawn with the game's RNG."""
        opts = self.config.options
        return make_board(str(opts["board"]), rng, bool(opts["shuffle_harbours"]))

    def _roll_for_start(self) -> list[Event]:
        contenders = list(range(self.config.seats))
        rounds = []
        while True:
            rolls = {p: self.rng.die() + self.rng.die() for p in contenders}
            rounds.append({str(p): t for p, t in rolls.items()})
            top = max(rolls.values())
            contenders = [p for p in contenders if rolls[p] == top]
            if len(contenders) == 1:
                break
        self.start = contenders[0]
        return [Event("start_player", {"seat": self.start, "rolls": rounds})]

    # -- the decision ---------------------------------------------------------
    # The top of the stack, mirrored in two plain attributes because every
    # action reads them (several times): `to_act` (None once the game is over)
    # and `phase` (its kind, GAME_OVER when the stack is empty). Everything that
    # changes the stack goes through `_push`, `_pop`, `_set_turn_phase`,
    # `_count_down` or `set_pending`, which keep them in step.
    to_act: int | None = None
    phase: str = GAME_OVER
    _given_board: Board | None = None

    def set_pending(self, stack: list[Decision]) -> None:
        """Replace the whole decision stack (restoring, sampling, tests setting up a position)."""
        self.pending = stack
        self._sync_top()

    def _sync_top(self) -> None:
        pending = self.pending
        if pending:
            top = pending[-1]
            self.phase = top[0]
            self.to_act = top[1]
        else:
            self.phase = GAME_OVER
            self.to_act = None

    @property
    def phase_name(self) -> str:
        return self.phase

    @property
    def winner(self) -> int | None:
        return self.winner_seat if self.winner_seat >= 0 else None

    @property
    def discard_owed(self) -> list[int]:
        """Cards each seat still has to discard after a 7."""
        owed = [0] * self.config.seats
        for d in self.pending:
            if d.kind == DISCARD:
                owed[d.seat] += d.data
        return owed

    @property
    def steal_candidates(self) -> list[int]:
        top = self.pending[-1] if self.pending else None
        return list(top.data) if top is not None and top.kind == STEAL else []

    @property
    def free_roads(self) -> int:
        top = self.pending[-1] if self.pending else None
        return int(top.data) if top is not None and top.kind == ROAD_BUILDING else 0

    @property
    def yop_left(self) -> int:
        top = self.pending[-1] if self.pending else None
        return int(top.data) if top is not None and top.kind == YEAR_OF_PLENTY else 0

    def _set_turn_phase(self, kind: str, seat: int) -> None:
        """Replace the decision on top (the turn's phase) with `kind` for `seat`."""
        self.pending[-1] = _new_tuple(Decision, (kind, seat, None))
        self.phase = kind
        self.to_act = seat

    def _push(self, kind: str, seat: int, data: Any = None) -> None:
        self.pending.append(_new_tuple(Decision, (kind, seat, data)))
        self.phase = kind
        self.to_act = seat

    def _pop(self) -> Decision:
        pending = self.pending
        done = pending.pop()
        if pending:
            top = pending[-1]
            self.phase = top[0]
            self.to_act = top[1]
        else:
            self.phase = GAME_OVER
            self.to_act = None
        return done

    def _count_down(self) -> None:
        """The decision on top was answered once more: pop it when its count reaches zero."""
        pending = self.pending
        kind, seat, left = pending[-1]
        if left > 1:
            pending[-1] = _new_tuple(Decision, (kind, seat, left - 1))
        else:
            self._pop()

    # -- scores and hands ---------------------------------------------------------
    def scores(self) -> list[int]:
        return [self.total_vp(p) for p in range(self.config.seats)]

    def total_vp(self, seat: int) -> int:
        """Hook: every victory point of `seat`, the public ones and the hidden ones.

        Public points are counted as they are won (`vp_public`); the base game's
        hidden ones are victory point cards. Checked after every action.
        """
        i = seat * self.DEV_STRIDE + VICTORY_POINT
        return self.vp_public[seat] + self.dev_hands[i] + self.dev_new[i]

    def hand(self, seat: int) -> list[int]:
        """A copy of `seat`'s hand counts, in HAND_CARDS order."""
        k = self.HAND_STRIDE
        return self.hands[seat * k : seat * k + k]

    def seat_hand(self, seat: int) -> list[int]:
        return self.hand(seat)

    def row(self, table: list[int], seat: int) -> list[int]:
        """A copy of `seat`'s row of a flat per-seat table of hand or development cards."""
        k = len(table) // self.config.seats
        return table[seat * k : seat * k + k]

    def move_cards(
        self, offerer: int, partner: int, give: tuple[int, ...], get: tuple[int, ...]
    ) -> None:
        hands = self.hands
        k = self.HAND_STRIDE
        mine, theirs = offerer * k, partner * k
        for r in range(k):
            hands[mine + r] += get[r] - give[r]
            hands[theirs + r] += give[r] - get[r]

    def can_pay(self, seat: int, cost: Cost) -> bool:
        hands = self.hands
        base = seat * self.HAND_STRIDE
        # A plain loop: all() over a generator costs an allocation per call on the hot path.
        for i, n in cost:  # noqa: SIM110
            if hands[base + i] < n:
                return False
        return True

    def _pay(self, seat: int, cost: Cost) -> None:
        hands = self.hands
        bank = self.bank
        base = seat * self.HAND_STRIDE
        for i, n in cost:
            hands[base + i] -= n
            bank[i] += n

    # -- geometry helpers -----------------------------------------------------
    def _distance_ok(self, v: int) -> bool:
        owner = self.vertex_owner
        if owner[v] >= 0:
            return False
        return all(owner[a] < 0 for a in self.board.grid.vertex_adjacent[v])

    def road_blockers(self) -> list[int]:
        """Per vertex, the seat whose piece there blocks other seats' roads (-1: none).

        Hook: in the base game a settlement or city blocks; a road may not be
        built through it and a trail may not pass it.
        """
        return self.vertex_owner

    def _road_edges(self, seat: int) -> list[int]:
        """Empty edges where `seat` may build a road now (outside setup)."""
        grid = self.board.grid
        owner = self.road_blockers()
        edge_owner = self.edge_owner
        seen: set[int] = set()
        out: list[int] = []
        ends: set[int] = set(self.buildings[seat])
        for e in self.roads[seat]:
            for v in grid.edge_vertices[e]:
                if owner[v] < 0 or owner[v] == seat:
                    ends.add(v)
        for v in ends:
            for e in grid.vertex_edges[v]:
                if edge_owner[e] < 0 and e not in seen:
                    seen.add(e)
                    out.append(e)
        out.sort()
        return out

    def can_build_free_road(self, seat: int) -> bool:
        """Hook: whether `seat` can place a free piece of Road Building now (a road here)."""
        return bool(self.roads_left[seat]) and bool(self._road_edges(seat))

    def _settlement_spots(self, seat: int) -> list[int]:
        grid = self.board.grid
        spots: set[int] = set()
        for e in self.roads[seat]:
            for v in grid.edge_vertices[e]:
                if self._distance_ok(v):
                    spots.add(v)
        return sorted(spots)

    def _setup_road_edges(self) -> list[int]:
        return [
            e for e in self.board.grid.vertex_edges[self.setup_vertex] if self.edge_owner[e] < 0
        ]

    def robber_targets(self) -> list[int]:
        """Hook: the hexes the robber may move to (any land hex but its own)."""
        return [h for h in range(len(self.board.grid.land)) if h != self.robber]

    def _victims(self, hex_id: int, thief: int) -> list[int]:
        found: set[int] = set()
        for v in self.board.grid.hex_vertices[hex_id]:
            p = self.vertex_owner[v]
            if p >= 0 and p != thief and sum(self.hand(p)) > 0:
                found.add(p)
        return sorted(found)

    # -- legal actions ----------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        pending = self.pending
        if not pending:
            return []
        top = pending[-1]
        return self.LISTS[top[0]](self, top)

    @lists(SETUP_SETTLEMENT)
    def _list_setup_settlement(self, d: Decision) -> list[Action]:
        return [_SETTLEMENT[v] for v in range(self.board.grid.num_vertices) if self._distance_ok(v)]

    @lists(SETUP_ROAD)
    def _list_setup_road(self, d: Decision) -> list[Action]:
        return [_ROAD[e] for e in self._setup_road_edges()]

    @lists(PRE_ROLL)
    def _list_pre_roll(self, d: Decision) -> list[Action]:
        return [_ROLL, *self._dev_plays(d.seat)]

    @lists(DISCARD)
    def _list_discard(self, d: Decision) -> list[Action]:
        hand = self.hand(d.seat)
        table = self._DISCARD
        return [table[r] for r in range(len(hand)) if hand[r]]

    @lists(MOVE_ROBBER)
    def _list_robber(self, d: Decision) -> list[Action]:
        return [_ROBBER[h] for h in self.robber_targets()]

    @lists(STEAL)
    def _list_steal(self, d: Decision) -> list[Action]:
        return [Steal(p) for p in d.data]

    @lists(ROAD_BUILDING)
    def _list_road_building(self, d: Decision) -> list[Action]:
        return [_ROAD[e] for e in self._road_edges(d.seat)]

    @lists(YEAR_OF_PLENTY)
    def _list_year_of_plenty(self, d: Decision) -> list[Action]:
        return [self._TAKE[r] for r in range(len(RESOURCES)) if self.bank[r]]

    @lists(GOLD_PICK)
    def _list_gold_pick(self, d: Decision) -> list[Action]:
        bank = self.bank
        return [self._PICK_GOLD[r] for r in range(len(RESOURCES)) if bank[r]]

    @lists(TRADE_RESPONSE)
    def _list_trade_response(self, d: Decision) -> list[Action]:
        assert self.trade is not None
        out: list[Action] = []
        if holds(self.hand(d.seat), self.trade.get):
            out.append(_ACCEPT)
        out.append(_DECLINE)
        return out

    @lists(TRADE_CONFIRM)
    def _list_trade_confirm(self, d: Decision) -> list[Action]:
        assert self.trade is not None
        confirm: list[Action] = [
            ConfirmTrade(s) for s in sorted(self.trade.answers) if self._trade_feasible(s)
        ]
        return [*confirm, _CANCEL]

    def _dev_plays(self, seat: int) -> list[Action]:
        if self.dev_played_this_turn:
            return []
        k = self.DEV_STRIDE
        cards = self.dev_hands[seat * k : seat * k + k]
        out: list[Action] = []
        if cards[KNIGHT]:
            out.append(_KNIGHT)
        if cards[ROAD_BUILDING_CARD] and self.can_build_free_road(seat):
            out.append(_ROAD_BUILDING)
        if cards[YEAR_OF_PLENTY_CARD] and sum(self.bank):
            out.append(_YEAR_OF_PLENTY)
        if cards[MONOPOLY]:
            out.extend(self._MONOPOLY)
        return out

    @lists(MAIN)
    def main_actions(self, d: Decision) -> list[Action]:
        """Hook: the legal actions of the main phase for `d.seat`, in a stable order."""
        # The hot path: one generated call answers the four price checks.
        seat = d[1]
        k = self.HAND_STRIDE
        base = seat * k
        hand = self.hands[base : base + k]
        road, settlement, city, development = self._PAYS_MAIN(hand)
        out: list[Action] = []
        if road and self.roads_left[seat]:
            out.extend([_ROAD[e] for e in self._road_edges(seat)])
        if settlement and self.settlements_left[seat]:
            out.extend([_SETTLEMENT[v] for v in self._settlement_spots(seat)])
        if city and self.cities_left[seat]:
            level = self.vertex_level
            out.extend([_CITY[v] for v in sorted(self.buildings[seat]) if level[v] == 1])
        if development and any(self.dev_deck):
            out.append(_BUY)
        if not self.dev_played_this_turn:
            out.extend(self._dev_plays(seat))
        rates = self.rates
        bank = self.bank
        bank_full = all(bank)  # the usual case: every trade row is whole, made once per class
        maritime = self._MARITIME
        for give in range(k):
            if hand[give] >= rates[base + give]:
                if bank_full:
                    out.extend(self._MARITIME_ROW[give])
                else:
                    trades = maritime[give]
                    out.extend([trades[get] for get in range(k) if get != give and bank[get]])
        if self.offers_this_turn < self.trade_limit:
            offers = self._OFFER_ROW
            for give in range(k):
                if hand[give]:
                    out.extend(offers[give])
        out.append(_END)
        return out

    @property
    def dev_deck_size(self) -> int:
        return sum(self.dev_deck)

    # -- checks ---------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        checker = self.CHECKS.get(type(action))
        if checker is None:
            return f"{action.type} is not an action of {self.ruleset_title()}"
        return checker(self, action)

    def representative_build(self, what: str, seat: int) -> Action | None:
        """Hook: one action of the build `what` (of `EXPECTED_MORE`) by `seat` that gets past
        the checks of place, whose refusal says why the build is missing; None where there is
        no such place (the base game expects no more than its own)."""
        return None

    def representatives(self, what: str, seat: int) -> list[tuple[str, Action]]:
        """Hook: (id, action) for each action of `what` (of `EXPECTED_MORE`) whose refusal
        says why it is missing: the one `representative_build` by default, under `what`'s own
        id; a move of several kinds names each (C&K's progress cards held, each its own)."""
        action = self.representative_build(what, seat)
        return [(what, action)] if action is not None else []

    @classmethod
    def ruleset_title(cls) -> str:
        return "the base game" if cls.ruleset_name == "base" else f"the {cls.ruleset_name} game"

    def _phase_is(self, *phases: str) -> str | None:
        pending = self.pending
        if pending and pending[-1][0] in phases:
            return None
        return f"not now: the game is waiting for {self._waiting_for()}"

    def _waiting_for(self) -> str:
        seat = self.to_act
        what = self.phase.replace("_", " ")
        return f"seat {seat} ({what})" if seat is not None else "nobody (game over)"

    def _card(self, name: str) -> int | str:
        """The HAND_CARDS index of `name`, or a message naming the valid kinds."""
        r = self.HAND_CARDS.index.get(name)
        if r is None:
            return f"unknown resource {name!r}; valid: {', '.join(self.HAND_CARDS.names)}"
        return r

    def _resource(self, name: str) -> int | str:
        """Like `_card`, for the five resources only (Year of Plenty, Monopoly)."""
        r = self._card(name)
        if isinstance(r, int) and r >= len(RESOURCES):
            return f"unknown resource {name!r}; valid: {', '.join(RESOURCES)}"
        return r

    @checks(BuildSettlement)
    def _check_settlement(self, a: Action) -> str | None:
        assert isinstance(a, BuildSettlement)
        v = a.vertex
        if not 0 <= v < self.board.grid.num_vertices:
            return f"there is no vertex {v}"
        if self.phase == SETUP_SETTLEMENT:
            if not self._distance_ok(v):
                return self._distance_problem(v)
            return None
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        seat = self.current
        if not self.settlements_left[seat]:
            return "no settlements left in your supply (upgrade one to a city first)"
        if not self.can_pay(seat, self.COST["settlement"]):
            return f"a settlement costs {self.price_text('settlement')}"
        if not self._distance_ok(v):
            return self._distance_problem(v)
        grid = self.board.grid
        if not any(self.edge_owner[e] == seat for e in grid.vertex_edges[v]):
            return f"vertex {v} is not connected to one of your roads"
        return None

    def price_text(self, piece: str) -> str:
        """A price in words: "1 brick, 1 lumber, 1 wool and 1 grain"."""
        names = self.HAND_CARDS.names
        parts = [f"{n} {names[i]}" for i, n in self.COST[piece]]
        return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"

    def _distance_problem(self, v: int) -> str:
        if self.vertex_owner[v] >= 0:
            return f"vertex {v} is already occupied"
        return f"distance rule: vertex {v} is next to another settlement or city"

    @checks(BuildRoad)
    def _check_road(self, a: Action) -> str | None:
        assert isinstance(a, BuildRoad)
        e = a.edge
        if not 0 <= e < self.board.grid.num_edges:
            return f"there is no edge {e}"
        if self.edge_owner[e] >= 0:
            return f"edge {e} already has a road"
        if self.phase == SETUP_ROAD:
            if self.setup_vertex not in self.board.grid.edge_vertices[e]:
                return "in setup, the road must touch the settlement just placed"
            return None
        if self.phase == ROAD_BUILDING:
            if e not in self._road_edges(self.current):
                return f"edge {e} is not connected to your roads or buildings"
            return None
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        seat = self.current
        if not self.roads_left[seat]:
            return "no roads left in your supply"
        if not self.can_pay(seat, self.COST["road"]):
            return f"a road costs {self.price_text('road')}"
        if e not in self._road_edges(seat):
            return (
                f"edge {e} is not connected to your roads or buildings "
                "(an opponent's building cuts the connection)"
            )
        return None

    @checks(BuildCity)
    def _check_city(self, a: Action) -> str | None:
        assert isinstance(a, BuildCity)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        seat = self.current
        v = a.vertex
        if not 0 <= v < self.board.grid.num_vertices:
            return f"there is no vertex {v}"
        if self.vertex_owner[v] != seat or self.vertex_level[v] != 1:
            return f"a city must replace one of your settlements; vertex {v} has none"
        if not self.cities_left[seat]:
            return "no cities left in your supply"
        if not self.can_pay(seat, self.COST["city"]):
            return f"a city costs {self.price_text('city')}"
        return None

    @checks(BuyDevelopment)
    def _check_buy(self, a: Action) -> str | None:
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if not self.dev_deck_size:
            return "the development deck is empty"
        if not self.can_pay(self.current, self.COST["development"]):
            return f"a development card costs {self.price_text('development')}"
        return None

    @checks(PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
    def _check_play(self, a: Action) -> str | None:
        if (problem := self._phase_is(PRE_ROLL, MAIN)) is not None:
            return problem
        seat = self.current
        card = _PLAY_CARD[type(a)]
        name = self.DEV_CARDS.names[card].replace("_", " ")
        if self.dev_played_this_turn:
            return "only one development card may be played per turn"
        i = seat * self.DEV_STRIDE + card
        if not self.dev_hands[i]:
            if self.dev_new[i]:
                return f"a {name} card cannot be played in the turn it was bought"
            return f"you have no {name} card"
        if card == ROAD_BUILDING_CARD and not self.can_build_free_road(seat):
            return "Road Building needs a road in your supply and a place to build it"
        if card == YEAR_OF_PLENTY_CARD and not sum(self.bank):
            return "the bank is empty"
        if isinstance(a, PlayMonopoly) and isinstance(self._resource(a.resource), str):
            return str(self._resource(a.resource))
        return None

    @checks(TakeResource)
    def _check_take(self, a: Action) -> str | None:
        assert isinstance(a, TakeResource)
        return self._phase_is(YEAR_OF_PLENTY) or self._bank_card_problem(a.resource)

    @checks(PickGold)
    def _check_pick_gold(self, a: Action) -> str | None:
        assert isinstance(a, PickGold)
        return self._phase_is(GOLD_PICK) or self._bank_card_problem(a.resource)

    def _bank_card_problem(self, name: str) -> str | None:
        """Why one card of resource `name` cannot be taken from the bank, if it cannot."""
        r = self._resource(name)
        if isinstance(r, str):
            return r
        if not self.bank[r]:
            return f"the bank has no {name} left"
        return None

    @checks(Roll)
    def _check_roll(self, a: Action) -> str | None:
        pending = self.pending
        if pending and pending[-1][0] == PRE_ROLL:  # `_phase_is`, inlined: every turn rolls
            return None
        return self._phase_is(PRE_ROLL)

    @checks(EndTurn)
    def _check_end(self, a: Action) -> str | None:
        pending = self.pending
        if pending and pending[-1][0] == MAIN:  # `_phase_is`, inlined: every turn ends
            return None
        if self.phase == PRE_ROLL:
            return "roll the dice before ending the turn"
        return self._phase_is(MAIN)

    @checks(Discard)
    def _check_discard(self, a: Action) -> str | None:
        assert isinstance(a, Discard)
        if (problem := self._phase_is(DISCARD)) is not None:
            return problem
        r = self._card(a.resource)
        if isinstance(r, str):
            return r
        seat = self.to_act
        assert seat is not None
        if not self.hands[seat * self.HAND_STRIDE + r]:
            return f"you hold no {a.resource}"
        return None

    @checks(MoveRobber)
    def _check_robber(self, a: Action) -> str | None:
        assert isinstance(a, MoveRobber)
        if (problem := self._phase_is(MOVE_ROBBER)) is not None:
            return problem
        if not 0 <= a.hex < len(self.board.grid.land):
            return f"there is no land hex {a.hex}"
        if a.hex == self.robber:
            return "the robber must move to a different hex"
        if self._TARGETS_HOOKED and a.hex not in self.robber_targets():
            return f"the robber may not move to hex {a.hex}"
        return None

    @checks(Steal)
    def _check_steal(self, a: Action) -> str | None:
        assert isinstance(a, Steal)
        if (problem := self._phase_is(STEAL)) is not None:
            return problem
        if a.victim not in self.steal_candidates:
            return f"seat {a.victim} has no building with cards next to the robber"
        return None

    @checks(MaritimeTrade)
    def _check_maritime(self, a: Action) -> str | None:
        assert isinstance(a, MaritimeTrade)
        if self.phase == PRE_ROLL:
            return "trading comes after the roll"
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        give, get = self._card(a.give), self._card(a.get)
        if isinstance(give, str):
            return give
        if isinstance(get, str):
            return get
        if give == get:
            return "a maritime trade must get a different resource"
        base = self.current * self.HAND_STRIDE
        rate = self.rates[base + give]
        if (held := self.hands[base + give]) < rate:  # "4 brick", not "4 identical cards"
            return f"trading {a.give} with the bank takes {rate} {a.give} (you have {held})"
        if not self.bank[get]:
            return f"the bank has no {a.get} left"
        return None

    @checks(OfferTrade)
    def _check_offer(self, a: Action) -> str | None:
        assert isinstance(a, OfferTrade)
        if self.phase == PRE_ROLL:
            return "trading comes after the roll"
        if self.phase in (TRADE_RESPONSE, TRADE_CONFIRM):
            return "only the active player may offer trades, one offer at a time"
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        return self.offer_terms_problem(a)

    @checks(AcceptTrade, DeclineTrade, CounterTrade)
    def _check_answer(self, a: Action) -> str | None:
        if self.phase != TRADE_RESPONSE:
            if self.phase in (PRE_ROLL, MAIN):
                return "only the active player's offers may be answered, when they are made"
            return self._phase_is(TRADE_RESPONSE)
        return self.answer_terms_problem(a)

    @checks(ConfirmTrade, CancelTrade)
    def _check_confirm(self, a: Action) -> str | None:
        if (problem := self._phase_is(TRADE_CONFIRM)) is not None:
            return problem
        return self.confirm_terms_problem(a)

    # -- domestic trade on the stack ------------------------------------------------
    def _trade_opened(self) -> None:
        assert self.trade is not None
        self._push(TRADE_CONFIRM, self.current)
        for seat in reversed(self.trade.waiting):
            self._push(TRADE_RESPONSE, seat)

    def _trade_answered(self, seat: int) -> None:
        self._pop()

    def _trade_all_answered(self) -> None:
        pass  # the offerer's confirm entry is on top now

    def _trade_closed(self) -> None:
        while self.pending[-1].kind in (TRADE_RESPONSE, TRADE_CONFIRM):
            self._pop()

    # -- applying ---------------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """As `Game.apply`, with `check` inlined when the class keeps both `check` and
        `_apply` (every action passes here: a call fewer is a percent or two of actions/s)."""
        if not self._INLINE_APPLY:
            return super().apply(action)
        if self.to_act is None:
            raise IllegalAction("the game is over")
        kind = type(action)
        checker = self.CHECKS.get(kind)
        problem = (
            f"{action.type} is not an action of {self.ruleset_title()}"
            if checker is None
            else checker(self, action)
        )
        if problem is not None:
            raise IllegalAction(problem)
        history = self._history
        if len(history) != self._history_len:
            history = self._history = history[: self._history_len]
        history.append(action)
        self._history_len += 1
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = self.APPLIES[type(action)](self, action)
        pending = self.pending
        if pending:
            current = self.current
            if self.total_vp(current) >= self.vp_to_win:
                events.append(self._declare_winner(current))
            elif pending[-1][0] in self.AUTO_STEPS:
                events.extend(self.run_steps())
        return events

    def run_steps(self) -> list[Event]:
        """Hook: run the `AUTO_STEPS` entries on top of the stack (none in the base game)."""
        return []

    def _declare_winner(self, seat: int) -> Event:
        self.winner_seat = seat
        self.set_pending([])
        self.trade = None
        i = seat * self.DEV_STRIDE + VICTORY_POINT
        revealed = self.dev_hands[i] + self.dev_new[i]
        return Event(
            "game_over",
            {"winner": seat, "scores": self.scores(), "victory_point_cards": revealed},
        )

    def _place_settlement(self, seat: int, v: int) -> None:
        self.vertex_owner[v] = seat
        self.vertex_level[v] = 1
        self.buildings[seat] += (v,)
        self.settlements_left[seat] -= 1
        self.vp_public[seat] += 1
        self._harbour_rates(seat, v)

    def _harbour_rates(self, seat: int, v: int) -> None:
        """A building on a harbour improves its owner's maritime rates."""
        kind = self.board.vertex_harbour[v]
        k = self.HAND_STRIDE
        if kind == GENERIC:
            for r in range(seat * k, seat * k + k):
                self.rates[r] = min(self.rates[r], 3)
        elif kind >= 0:
            self.rates[seat * k + kind] = 2

    @applies(BuildSettlement)
    def _do_settlement(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildSettlement)
        seat = self.current
        v = a.vertex
        events = [Event("build", {"seat": seat, "piece": "settlement", "vertex": v})]
        if self.phase == SETUP_SETTLEMENT:
            self._place_settlement(seat, v)
            second = self.setup_pos >= self.config.seats
            if second:
                events.append(self._starting_resources(seat, v))
            self.setup_vertex = v
            self._set_turn_phase(SETUP_ROAD, seat)
            if second:  # a gold field gives a resource of choice, picked before the road
                board = self.board
                gold = sum(1 for h in board.grid.vertex_land[v] if board.resource[h] == GOLD)
                self.push_gold_picks({seat: gold} if gold else {})
            return events
        self._pay(seat, self.COST["settlement"])
        self._place_settlement(seat, v)
        events.extend(self._after_settlement(seat, v))
        return events

    def _starting_resources(self, seat: int, v: int) -> Event:
        gained = [0] * self.HAND_STRIDE
        base = seat * self.HAND_STRIDE
        for h in self.board.grid.vertex_land[v]:
            r = self.board.resource[h]
            if r >= 0 and self.bank[r]:
                gained[r] += 1
                self.bank[r] -= 1
                self.hands[base + r] += 1
        resources = counts_to_dict(gained, self.HAND_CARDS.names)
        return Event("starting_hand", {"seat": seat, "count": sum(gained), "cards": resources})

    def _after_settlement(self, seat: int, v: int) -> list[Event]:
        """A new building may cut an opponent's road: recount the roads that pass through it."""
        cut = {
            self.edge_owner[e]
            for e in self.board.grid.vertex_edges[v]
            if self.edge_owner[e] >= 0 and self.edge_owner[e] != seat
        }
        for p in cut:
            self.road_length[p] = self._trail(p)
        return self._update_longest()

    def _trail(self, seat: int) -> int:
        grid = self.board.grid
        owner = self.road_blockers()
        return longest_trail(
            set(self.roads[seat]),
            grid.edge_vertices,
            grid.vertex_edges,
            lambda v: owner[v] >= 0 and owner[v] != seat,
        )

    def _trail_after_road(self, seat: int, e: int) -> int:
        """`seat`'s longest trail once its new road `e` is on the board.

        Trails without `e` were there before: `road_length[seat]` (kept exact
        after every action) is the longest of them. When `e` ends a network
        (nothing else of the seat's at one end), a trail through `e` stops at
        that end and goes on from the other: one search from there instead of
        the whole network. A road that joins two roads, or a class that
        replaces `_trail`, is measured whole.
        """
        if self._TRAIL_HOOKED:
            return self._trail(seat)
        grid = self.board.grid
        edge_owner = self.edge_owner
        vertex_edges = grid.vertex_edges
        a, b = grid.edge_vertices[e]
        joined_a = any(edge_owner[f] == seat for f in vertex_edges[a] if f != e)
        joined_b = any(edge_owner[f] == seat for f in vertex_edges[b] if f != e)
        if joined_a and joined_b:
            return self._trail(seat)
        old = self.road_length[seat]
        if not joined_a and not joined_b:
            return max(old, 1)
        inner = a if joined_a else b  # the end where the network goes on
        owner = self.road_blockers()
        if owner[inner] >= 0 and owner[inner] != seat:
            return max(old, 1)  # a trail may not pass a rival's piece
        through = 1 + longest_trail_from(
            inner,
            set(self.roads[seat]),
            grid.edge_vertices,
            vertex_edges,
            lambda v: owner[v] >= 0 and owner[v] != seat,
            without=e,
        )
        return max(old, through)

    def _update_longest(self) -> list[Event]:
        old = self.longest_holder
        new = award_longest(self.road_length, old)
        if new == old:
            return []
        self.longest_holder = new
        if old >= 0:
            self.vp_public[old] -= 2
        if new >= 0:
            self.vp_public[new] += 2
        length = self.road_length[new] if new >= 0 else 0
        return [Event("longest_road", {"holder": new, "previous": old, "length": length})]

    @applies(BuildRoad)
    def _do_road(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildRoad)
        seat = self.current
        e = a.edge
        phase = self.phase
        events = [Event.public("build", {"seat": seat, "piece": "road", "edge": e})]
        if phase == MAIN:
            self._pay(seat, self.COST["road"])
        self.edge_owner[e] = seat
        self.roads[seat] += (e,)
        self.roads_left[seat] -= 1
        self.road_length[seat] = self._trail_after_road(seat, e)
        events.extend(self._update_longest())
        if phase == SETUP_ROAD:
            events.extend(self._next_setup_placement())
        elif phase == ROAD_BUILDING:
            if not self.can_build_free_road(seat):
                self._pop()
            else:
                self._count_down()
        return events

    def _next_setup_placement(self) -> list[Event]:
        """A setup settlement has its road (or what a ruleset places instead): the next one."""
        self.setup_pos += 1
        n = self.config.seats
        if self.setup_pos == 2 * n:
            self.current = self.start
            self.turn = 1
            self._set_turn_phase(PRE_ROLL, self.current)
            return [Event("turn", {"seat": self.current, "turn": self.turn})]
        self.current = self.setup_order[self.setup_pos]
        self._set_turn_phase(SETUP_SETTLEMENT, self.current)
        return []

    @applies(BuildCity)
    def _do_city(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildCity)
        seat = self.current
        self._pay(seat, self.COST["city"])
        self.vertex_level[a.vertex] = 2
        self.cities_left[seat] -= 1
        self.settlements_left[seat] += 1
        self.vp_public[seat] += 1
        return [Event("build", {"seat": seat, "piece": "city", "vertex": a.vertex})]

    @applies(BuyDevelopment)
    def _do_buy(self, a: Action) -> list[Event]:
        seat = self.current
        self._pay(seat, self.COST["development"])
        card = draw(self.dev_deck, self.rng)
        self.dev_new[seat * self.DEV_STRIDE + card] += 1
        return [
            Event(
                "buy_development",
                {"seat": seat},
                secret={"card": self.DEV_CARDS.names[card]},
                audience=frozenset((seat,)),
            )
        ]

    def _use_card(self, card: int) -> Event:
        seat = self.current
        i = seat * self.DEV_STRIDE + card
        self.dev_hands[i] -= 1
        self.dev_played[i] += 1
        self.dev_played_this_turn = True
        return Event("play_development", {"seat": seat, "card": self.DEV_CARDS.names[card]})

    @applies(PlayKnight)
    def _do_knight(self, a: Action) -> list[Event]:
        events = [self._use_card(KNIGHT)]
        self._push(MOVE_ROBBER, self.current)
        old = self.army_holder
        knights = self.dev_played[KNIGHT :: self.DEV_STRIDE]
        new = award_largest(knights, old)
        if new != old:
            self.army_holder = new
            if old >= 0:
                self.vp_public[old] -= 2
            self.vp_public[new] += 2
            events.append(
                Event("largest_army", {"holder": new, "previous": old, "knights": knights[new]})
            )
        return events

    @applies(PlayRoadBuilding)
    def _do_road_building(self, a: Action) -> list[Event]:
        events = [self._use_card(ROAD_BUILDING_CARD)]
        self._push(ROAD_BUILDING, self.current, min(2, self.roads_left[self.current]))
        return events

    @applies(PlayYearOfPlenty)
    def _do_year_of_plenty(self, a: Action) -> list[Event]:
        events = [self._use_card(YEAR_OF_PLENTY_CARD)]
        self._push(YEAR_OF_PLENTY, self.current, min(2, sum(self.bank)))
        return events

    @applies(TakeResource)
    def _do_take(self, a: Action) -> list[Event]:
        assert isinstance(a, TakeResource)
        r = self.HAND_CARDS.index[a.resource]
        seat = self.current
        self.bank[r] -= 1
        self.hands[seat * self.HAND_STRIDE + r] += 1
        if not sum(self.bank):
            self._pop()
        else:
            self._count_down()
        return [Event("take_resource", {"seat": seat, "resource": a.resource})]

    @applies(PickGold)
    def _do_pick_gold(self, a: Action) -> list[Event]:
        assert isinstance(a, PickGold)
        r = self.HAND_CARDS.index[a.resource]
        seat = self.pending[-1].seat
        self.bank[r] -= 1
        self.hands[seat * self.HAND_STRIDE + r] += 1
        self._count_down()
        if not any(self.bank[: len(RESOURCES)]):
            # Nothing left to pick: every gold pick still pending lapses.
            while self.pending and self.pending[-1].kind == GOLD_PICK:
                self._pop()
        return [Event("pick_gold", {"seat": seat, "resource": a.resource})]

    def push_gold_picks(self, owed: Mapping[int, int]) -> dict[str, int]:
        """Hook: a gold field paid `owed` (seat -> resources): each seat picks that many.

        One GOLD_PICK decision per seat, resolved from the seat whose turn it
        is on, clockwise (the first on top); only resources the bank holds may
        be picked, so with an empty bank nobody picks. Returns what is owed
        per seat (as the production event tells it).
        """
        if not owed or not any(self.bank[: len(RESOURCES)]):
            return {}
        n = self.config.seats
        order = [(self.current + k) % n for k in range(n)]
        for p in reversed(order):
            if owed.get(p):
                self._push(GOLD_PICK, p, owed[p])
        return {str(p): owed[p] for p in order if owed.get(p)}

    @applies(PlayMonopoly)
    def _do_monopoly(self, a: Action) -> list[Event]:
        assert isinstance(a, PlayMonopoly)
        events = [self._use_card(MONOPOLY)]
        r = self.HAND_CARDS.index[a.resource]
        k = self.HAND_STRIDE
        seat = self.current
        hands = self.hands
        taken: dict[str, int] = {}
        for p in range(self.config.seats):
            if p != seat and hands[p * k + r]:
                taken[str(p)] = hands[p * k + r]
                hands[seat * k + r] += hands[p * k + r]
                hands[p * k + r] = 0
        events.append(Event("monopoly", {"seat": seat, "resource": a.resource, "taken": taken}))
        return events

    # -- the roll -----------------------------------------------------------------
    def roll_dice(self) -> tuple[int, ...]:
        """Hook: the dice of a roll (C&K adds the event die)."""
        return (self.rng.die(), self.rng.die())

    def production_total(self, dice: tuple[int, ...]) -> int:
        return dice[0] + dice[1]

    @applies(Roll)
    def _do_roll(self, a: Action) -> list[Event]:
        dice: tuple[int, ...]
        if self.forced_dice:  # a position's forced dice come before the RNG's
            dice = self.forced_dice[0]
            self.forced_dice = self.forced_dice[1:]
            total = self.production_total(dice)
        elif self._PLAIN_DICE:  # neither dice hook overridden: skip the two calls
            dice = self.rng.two_dice()
            total = dice[0] + dice[1]
        else:
            dice = self.roll_dice()
            total = self.production_total(dice)
        self.dice = dice
        seat = self.current
        events = [Event.public("dice", {"seat": seat, "dice": list(dice), "total": total})]
        # The turn's phase becomes MAIN (`_set_turn_phase`, inlined: every turn rolls).
        self.pending[-1] = _new_tuple(Decision, (MAIN, seat, None))
        self.phase = MAIN
        self.to_act = seat
        if total == 7:
            events.extend(self.on_seven())
        else:
            events.extend(self.produce(total))
        return events

    def discard_limit(self, seat: int) -> int:
        """Hook: the hand size above which `seat` discards half on a 7."""
        return 7

    def on_seven(self) -> list[Event]:
        """Hook: what a 7 does: discards in seat order from the roller, then the robber."""
        n = self.config.seats
        seat = self.current
        owed = [discard_count(sum(self.hand(p)), self.discard_limit(p)) for p in range(n)]
        self._push(MOVE_ROBBER, seat)
        if not any(owed):
            return []
        for k in reversed(range(n)):
            p = (seat + k) % n
            if owed[p]:
                self._push(DISCARD, p, owed[p])
        return [Event("must_discard", {"owed": {str(p): c for p, c in enumerate(owed) if c}})]

    def produce(self, total: int) -> list[Event]:
        """Hook: production of a roll of `total` under the bank's shortage rule (rules §8).

        Per resource: if the bank can pay every claim, all are paid; if one
        seat alone is owed, it takes what is left; otherwise nobody gets it.
        A gold field pays no card: each building on it owes its owner as many
        picks as it would take cards (`push_gold_picks`), after the rest is paid.
        Written for the hot path: only the resources and seats that produce
        are visited (a roll touches one or two hexes).
        """
        board = self.board
        owner = self.vertex_owner
        level = self.vertex_level
        hex_vertices = board.grid.hex_vertices
        resource = board.resource
        robber = self.robber
        claims: dict[int, dict[int, int]] = {}  # resource -> seat -> cards owed
        blocked: dict[str, dict[str, int]] = {}  # seat -> resource -> cards the robber kept
        for h in board.hexes_by_number[total]:
            if h == robber:
                blocked = self.robbed(h)
                continue
            by_seat = None
            for v in hex_vertices[h]:
                p = owner[v]
                if p >= 0:
                    if by_seat is None:
                        by_seat = claims.setdefault(resource[h], {})
                    by_seat[p] = by_seat.get(p, 0) + level[v]
        if not claims:  # nobody built on the hexes rolled (or only on the robber's)
            if blocked:
                kept = {"hex": robber, "seats": blocked}
                return [Event.public("production", {"gains": {}, "blocked": kept})]
            return [Event.public("production", {"gains": {}})]
        gains: dict[int, dict[str, int]] = {}
        gold = claims.pop(GOLD, None)
        if claims:
            k = self.HAND_STRIDE
            names = self.HAND_CARDS.names
            bank = self.bank
            hands = self.hands
            for r in sorted(claims) if len(claims) > 1 else claims:
                by_seat = claims[r]
                if sum(by_seat.values()) > bank[r]:
                    if len(by_seat) > 1:
                        continue  # a shortage shared by several seats: nobody is paid
                    by_seat = {p: bank[r] for p in by_seat}
                name = names[r]
                for p, cards in by_seat.items():
                    if cards:
                        bank[r] -= cards
                        hands[p * k + r] += cards
                        gains.setdefault(p, {})[name] = cards
        paid = (
            {str(p): gains[p] for p in sorted(gains)}
            if len(gains) > 1
            else {str(p): g for p, g in gains.items()}
        )
        data: dict[str, Any] = {"gains": paid}
        if blocked:
            data["blocked"] = {"hex": robber, "seats": blocked}
        if gold is not None:
            data["gold"] = self.push_gold_picks(gold)
        return [Event.public("production", data)]

    def robbed(self, h: int) -> dict[str, dict[str, int]]:
        """What the buildings on hex `h` would have produced: seat -> resource -> cards."""
        owner = self.vertex_owner
        level = self.vertex_level
        resource = self.board.resource[h]
        name = "gold" if resource == GOLD else self.HAND_CARDS.names[resource]
        out: dict[str, dict[str, int]] = {}
        for v in self.board.grid.hex_vertices[h]:
            p = owner[v]
            if p >= 0:
                got = out.setdefault(str(p), {})
                got[name] = got.get(name, 0) + level[v]
        return out

    @applies(Discard)
    def _do_discard(self, a: Action) -> list[Event]:
        assert isinstance(a, Discard)
        seat = self.pending[-1].seat
        r = self.HAND_CARDS.index[a.resource]
        self.hands[seat * self.HAND_STRIDE + r] -= 1
        self.bank[r] += 1
        self._count_down()
        return [Event.public("discard", {"seat": seat, "resource": a.resource})]

    @applies(MoveRobber)
    def _do_robber(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveRobber)
        seat = self.current
        self.robber = a.hex
        events = [Event("robber", {"seat": seat, "hex": a.hex})]
        victims = self._victims(a.hex, seat)
        self._pop()
        if len(victims) > 1:
            self._push(STEAL, seat, tuple(victims))
        elif victims:
            events.append(self._steal_from(victims[0]))
        return events

    def _steal_from(self, victim: int) -> Event:
        seat = self.current
        k = self.HAND_STRIDE
        card = take_random_card(self.hand(victim), self.rng)
        self.hands[victim * k + card] -= 1
        self.hands[seat * k + card] += 1
        return Event(
            "steal",
            {"seat": seat, "victim": victim},
            secret={"resource": self.HAND_CARDS.names[card]},
            audience=frozenset((seat, victim)),
        )

    @applies(Steal)
    def _do_steal(self, a: Action) -> list[Event]:
        assert isinstance(a, Steal)
        self._pop()
        return [self._steal_from(a.victim)]

    @applies(MaritimeTrade)
    def _do_maritime(self, a: Action) -> list[Event]:
        assert isinstance(a, MaritimeTrade)
        seat = self.current
        index = self.HAND_CARDS.index
        give, get = index[a.give], index[a.get]
        base = seat * self.HAND_STRIDE
        rate = self.rates[base + give]
        self.hands[base + give] -= rate
        self.bank[give] += rate
        self.bank[get] -= 1
        self.hands[base + get] += 1
        return [
            Event.public(
                "maritime_trade", {"seat": seat, "give": a.give, "count": rate, "get": a.get}
            )
        ]

    @applies(EndTurn)
    def _do_end(self, a: Action) -> list[Event]:
        seat = self.current
        k = self.DEV_STRIDE
        lo = seat * k
        new = self.dev_new
        if any(new[lo : lo + k]):
            hands = self.dev_hands
            for i in range(lo, lo + k):
                hands[i] += new[i]
                new[i] = 0
        self.dev_played_this_turn = False
        self.offers_this_turn = 0
        self.dice = None
        self.current = nxt = (seat + 1) % self.config.seats
        self.turn = turn = self.turn + 1
        # `_set_turn_phase(PRE_ROLL, nxt)`, inlined: every turn ends.
        self.pending[-1] = _new_tuple(Decision, (PRE_ROLL, nxt, None))
        self.phase = PRE_ROLL
        self.to_act = nxt
        return [Event.public("turn", {"seat": nxt, "turn": turn})]

    # -- copying, snapshots and restoring --------------------------------------------
    if TYPE_CHECKING:

        def copy(self) -> Self:
            """An independent game of the same class (generated from STATE per class)."""

    def snapshot(self) -> dict[str, Any]:
        out = self.STATE.to_json(self)
        out.update(decisions.legacy_fields(self.pending, self.config.seats))
        return out

    @classmethod
    def upgrade_snapshot(cls, snapshot: dict[str, Any]) -> dict[str, Any]:
        """A snapshot saved before the pending stack, in today's form (for loading saves)."""
        if "pending" in snapshot or "phase" not in snapshot:
            return snapshot
        return decisions.normalise_legacy(snapshot)

    @classmethod
    def restore(cls, config: GameConfig, snapshot: dict[str, Any]) -> Self:
        """The game a snapshot describes (the config must be the one it was saved with)."""
        game = cls(config)
        cls.STATE.from_json(game, cls.upgrade_snapshot(snapshot))
        game.rebuild_derived()
        return game

    def rebuild_derived(self) -> None:
        """Recompute the fields that snapshots and views leave out from the board and stack."""
        self._sync_top()
        n = self.config.seats
        owner, level = self.vertex_owner, self.vertex_level
        self.roads = [tuple(e for e, o in enumerate(self.edge_owner) if o == p) for p in range(n)]
        self.buildings = [tuple(v for v, o in enumerate(owner) if o == p) for p in range(n)]
        self.rates = [4] * (n * self.HAND_STRIDE)
        for p in range(n):
            for v in self.buildings[p]:
                self._harbour_rates(p, v)
            self.settlements_left[p] = self.PIECES["settlements"] - sum(
                1 for v in self.buildings[p] if level[v] == 1
            )
            self.cities_left[p] = self.PIECES["cities"] - sum(
                1 for v in self.buildings[p] if level[v] == 2
            )
            self.roads_left[p] = self.PIECES["roads"] - len(self.roads[p])

    # -- positions ----------------------------------------------------------------
    @classmethod
    def from_position(cls, pos: Position) -> Self:
        """The game `pos` describes; PositionError naming the first inconsistency.

        Declared state the base parts do not cover (a subclass's fields) is
        read from `pos.extra`; a subclass with rules about it extends
        `check_position`.
        """
        from engine.rulesets.base.position import build

        return build(cls, pos)

    def position(self) -> Position:
        from engine.rulesets.base.position import describe

        return describe(self)

    def check_position(self) -> None:
        """Hook: raise PositionError if a built position breaks a subclass's own rules."""

    def setup_links(self, seat: int) -> tuple[int, ...]:
        """Hook: the edges of `seat`'s pieces placed with its setup settlements (its roads)."""
        return self.roads[seat]

    def check_buildings_reached(self, bare: int) -> None:
        """Hook: raise PositionError for a building its owner could not have built there.

        In the base game each building touches one of its owner's roads, but
        `bare` (the setup settlement whose road is still owed; -1 for none).
        """
        from engine.rulesets.base.position import check_buildings_reached

        check_buildings_reached(self, bare)

    def public_vp_of(self, seat: int) -> int:
        """Hook: `seat`'s public points recounted from the board and the special cards."""
        level = self.vertex_level
        points = sum(level[v] for v in self.buildings[seat])
        return points + 2 * (self.longest_holder == seat) + 2 * (self.army_holder == seat)

    # -- views ------------------------------------------------------------------
    def view(self, seat: int | None) -> BaseView:
        from engine.rulesets.base.view import build_view

        if seat is not None and not 0 <= seat < self.config.seats:
            raise ValueError(f"there is no seat {seat}; seats are 0 to {self.config.seats - 1}")
        return build_view(self, seat)

    @classmethod
    def sample_consistent(
        cls, view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None
    ) -> Self:
        """A game of this class that `view`'s seat cannot tell from the real one.

        `beliefs` (optional) narrow the other seats' hands (engine/beliefs.py).
        """
        from engine.rulesets.base.view import sample_into

        seat = view["seat"]
        if seat is None:
            raise ValueError("a spectator's view has no seat to sample for")
        cfg = view["config"]
        config = GameConfig(cfg["ruleset"], cfg["seats"], rng.next64() >> 1, cfg["options"])
        # Made on the view's board, not a fresh one: a search samples a world per
        # iteration, and the view's board is the same object every time (shared JSON).
        game = cls.__new__(cls)
        game._given_board = cls.board_for_view(view)
        game.__init__(config)  # type: ignore[misc]
        sample_into(game, view, rng, beliefs)
        return game
