"""Cities & Knights (rules/cities-and-knights.md; seed 004 where they differ): the base game plus.

Only what differs is written here, through the base game's hooks:

- three dice (`roll_dice`): red, yellow and the event die; the roll's
  resolution is queued as STEP entries on the pending stack in the seed's
  order (ship and the barbarians' attack, then a gate's progress cards, then
  production or the 7), each run once the decisions above it are answered;
- commodities are hand cards (`HAND_CARDS`), produced by cities on forest,
  pasture and mountains (`engine.rulesets.ck.production`);
- the 7 (`on_seven`) leaves the robber on the desert until the first attack;
  the hand limit (`discard_limit`) grows by 2 per city wall;
- knights block roads and cut Longest Road (`road_blockers`);
- victory points (`total_vp`, `public_vp_of`) are all public;
- improvements, metropolises, walls, knights and the merchant are new state
  and new actions; progress cards are data (`cards.PROGRESS_TABLE`) played by
  one interpreter (`engine.rulesets.ck.progress`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from engine.actions import Action, ActionCodec
from engine.events import Event, EventKind, EventKinds
from engine.rng import Rng
from engine.rulesets.base.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
)
from engine.rulesets.base.board import GENERIC, RESOURCES
from engine.rulesets.base.decisions import (
    MAIN,
    MOVE_ROBBER,
    PRE_ROLL,
    SETUP_SETTLEMENT,
    Decision,
    decision,
)
from engine.rulesets.base.game import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST, BaseGame
from engine.rulesets.ck import barbarians, progress
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import (
    CODEC,
    ActivateKnight,
    BuildKnight,
    BuildWall,
    ChaseRobber,
    ChooseSeat,
    DiscardProgress,
    DrawProgress,
    GiveCard,
    HarborExchange,
    ImproveCity,
    LoseCity,
    MoveKnight,
    NameCard,
    Pass,
    PickResource,
    PlaceKnight,
    PlaceMerchant,
    PlaceMetropolis,
    PlayProgress,
    PromoteKnight,
    RelocateKnight,
    RemoveKnight,
    RemoveRoad,
    SetDice,
    SwapNumbers,
    TakeCard,
    TakeProgress,
    TargetKnight,
)
from engine.rulesets.ck.cards import (
    ABILITY_LEVEL,
    ALCHEMIST,
    BARBARIAN_TRACK,
    DECK_OF,
    GATE_TRACK,
    HAND,
    KNIGHTS_PER_STRENGTH,
    MAX_LEVEL,
    METROPOLIS_LEVEL,
    POLITICS,
    PROGRESS,
    PROGRESS_LIMIT,
    SCIENCE,
    SHIP_FACES,
    TRACK_COMMODITY,
    TRACK_NAMES,
    TRACKS,
    TRADE,
    VP_CARDS,
    WALLS,
)
from engine.rulesets.ck.decisions import BISHOP_ROBBER
from engine.rulesets.ck.knight_paths import reachable, vertex_links
from engine.rulesets.ck.production import claims_of, pay
from engine.shared.actions import EndTurn, MoveRobber
from engine.shared.cardset import CardSet, price_checker
from engine.shared.dispatch import applies, checks, lists
from engine.shared.state import ROW, SCALAR, SEAT, SEAT_ROW, VERTEX, Field, StateSpec

if TYPE_CHECKING:
    from engine.beliefs import Beliefs
    from engine.position import Position
    from engine.rulesets.ck.view_types import CKView

KNIGHT_SET = CardSet(("basic", "strong", "mighty"), (KNIGHTS_PER_STRENGTH,) * 3)

WALL_COST = HAND.vector(brick=2)
KNIGHT_COST = HAND.vector(wool=1, ore=1)
ACTIVATE_COST = HAND.vector(grain=1)

BUILT, ACTED, PROMOTED = 1, 2, 4
"""A knight's flags for the turn: built this turn, acted this turn, promoted this turn."""


_CK_PURCHASES = ("wall", "knight", "activate")
_CARD_ACTIONS = (
    PlayProgress,
    HarborExchange,
    SetDice,
    NameCard,
    ChooseSeat,
    TakeCard,
    TakeProgress,
    GiveCard,
    PlaceMerchant,
    RemoveKnight,
    PlaceKnight,
    RemoveRoad,
    TargetKnight,
    SwapNumbers,
    Pass,
)
_CARD_DECISIONS = (
    ck.ALCHEMIST,
    ck.NAME_CARD,
    ck.CHOOSE_SEAT,
    ck.MERCHANT_TAKE,
    ck.SPY_TAKE,
    ck.HARBOR_ANSWER,
    ck.GIFT,
    ck.MERCHANT_PLACE,
    ck.DESERTER_REMOVE,
    ck.DESERTER_PLACE,
    ck.DIPLOMAT_REMOVE,
    ck.DIPLOMAT_ROAD,
    ck.INTRIGUE,
    ck.ENGINEER,
    ck.INVENTOR,
    ck.MEDICINE,
    ck.SMITH,
)


def _encode_decks(game: Any, decks: tuple[tuple[int, ...], ...] | None) -> Any:
    if decks is None:
        return None
    names = PROGRESS.names
    return [[names[c] for c in deck] for deck in decks]


def _decode_decks(game: Any, raw: Any) -> tuple[tuple[int, ...], ...] | None:
    if raw is None:
        return None
    index = PROGRESS.index
    return tuple(tuple(index[name] for name in deck) for deck in raw)


class CKGame(BaseGame):
    codec: ClassVar[ActionCodec] = CODEC
    ruleset_name: ClassVar[str] = "ck"

    HAND_CARDS: ClassVar[CardSet] = HAND
    DEV_CARDS: ClassVar[CardSet] = PROGRESS
    TRACKS: ClassVar[CardSet] = TRACKS
    KNIGHTS: ClassVar[CardSet] = KNIGHT_SET
    PRICES: ClassVar[Mapping[str, tuple[int, ...]]] = {
        "road": HAND.vector(**dict(zip(RESOURCES, ROAD_COST, strict=True))),
        "settlement": HAND.vector(**dict(zip(RESOURCES, SETTLEMENT_COST, strict=True))),
        "city": HAND.vector(**dict(zip(RESOURCES, CITY_COST, strict=True))),
        # No development cards: the price stays for the base main phase's table,
        # but the development deck is always empty, so nothing is ever bought.
        "development": HAND.vector(**dict(zip(RESOURCES, DEV_COST, strict=True))),
        "wall": WALL_COST,
        "knight": KNIGHT_COST,
        "promote": KNIGHT_COST,
        "activate": ACTIVATE_COST,
        "medicine": HAND.vector(grain=1, ore=2),
    }
    EVENTS: ClassVar[EventKinds] = BaseGame.EVENTS.extend(
        EventKind("barbarians", ("position",), doc="the barbarian ship moved a step"),
        EventKind(
            "attack",
            ("barbarians", "defenders", "contributions", "catan_wins"),
            optional=("defender", "tied", "pillaged"),
            doc="the barbarians landed",
        ),
        EventKind("city_lost", ("seat", "vertex"), doc="a city pillaged to a settlement"),
        EventKind("defender", ("seat",), doc="a Defender of Catan card (1 VP)"),
        EventKind("progress_drawn", ("seat", "deck"), secret=("card",)),
        EventKind("progress_revealed", ("seat", "card"), doc="a VP progress card, shown at once"),
        EventKind("progress_discarded", ("seat", "deck"), secret=("card",)),
        EventKind("progress_played", ("seat", "card")),
        EventKind("improve", ("seat", "track", "level")),
        EventKind("metropolis", ("seat", "track", "vertex"), optional=("previous",)),
        EventKind("knight", ("seat", "vertex", "what"), optional=("to", "strength")),
        EventKind("knight_displaced", ("seat", "vertex"), optional=("to",)),
        EventKind("pick_resource", ("seat", "resource"), doc="Aqueduct's resource of choice"),
        EventKind("card_given", ("seat", "to"), secret=("card",), doc="a card handed over"),
        EventKind("progress_taken", ("seat", "victim"), secret=("card",), doc="Spy"),
        EventKind("merchant", ("seat", "hex")),
        EventKind("numbers_swapped", ("hex", "other")),
        EventKind("road_removed", ("seat", "edge")),
        EventKind("taken", ("seat", "card", "taken"), doc="a monopoly's take, seat -> count"),
        EventKind("harbor_cancelled", ("seat", "with")),
        EventKind("free_cards", ("seat", "cards")),
    )

    STATE: ClassVar[StateSpec] = BaseGame.STATE.extend(
        Field("barbarian", SCALAR, 0, view="barbarian"),
        Field("robber_active", SCALAR, False, view="robber_active"),
        Field("levels", SEAT_ROW, 0, cards="TRACKS", view="improvements"),
        Field("metropolis", ROW, -1, cards="TRACKS", view="metropolis"),
        Field("walls", VERTEX, 0, view="walls"),
        Field("knight_owner", VERTEX, -1, view="knight_owner"),
        Field("knight_level", VERTEX, 0, view="knight_level"),
        Field("knight_active", VERTEX, 0, view="knight_active"),
        Field("knight_flags", VERTEX, 0, view="knight_flags"),
        Field(
            "knights_left",
            SEAT_ROW,
            KNIGHTS_PER_STRENGTH,
            cards="KNIGHTS",
            key=None,
            view="knights_left",
        ),
        Field("blockers", VERTEX, -1, key=None),
        Field("defenders", SEAT, 0, view="defenders"),
        Field("merchant_hex", SCALAR, -1, view="merchant_hex"),
        Field("merchant_owner", SCALAR, -1, view="merchant_owner"),
        Field("fleet", SCALAR, -1, view="fleet"),
        Field("crane", SCALAR, False, view="crane"),
        Field("harbor_open", SCALAR, False, view="harbor_open"),
        Field(
            "harbor_used",
            SCALAR,
            (),
            encode=lambda g, v: list(v),
            decode=lambda g, raw: tuple(raw),
            view="harbor_used",
        ),
        Field(
            "alchemy",
            SCALAR,
            None,
            encode=lambda g, v: list(v) if v else None,
            decode=lambda g, raw: tuple(raw) if raw else None,
        ),
        Field(
            "progress_decks",
            SCALAR,
            None,
            encode=_encode_decks,
            decode=_decode_decks,
        ),
    )

    barbarian: int
    robber_active: bool
    levels: list[int]
    metropolis: list[int]
    walls: list[int]
    knight_owner: list[int]
    knight_level: list[int]
    knight_active: list[int]
    knight_flags: list[int]
    knights_left: list[int]
    blockers: list[int]
    defenders: list[int]
    merchant_hex: int
    merchant_owner: int
    fleet: int
    crane: bool
    harbor_open: bool
    harbor_used: tuple[int, ...]
    alchemy: tuple[int, int] | None
    progress_decks: tuple[tuple[int, ...], ...] | None

    _PAYS_CK: ClassVar[Any]
    _MEDICINE_REFUND: ClassVar[tuple[int, ...]]

    @classmethod
    def _prepare_class(cls) -> None:
        super()._prepare_class()
        cls._PAYS_CK = staticmethod(price_checker([cls.COST[p] for p in _CK_PURCHASES]))
        city, medicine = cls.PRICES["city"], cls.PRICES["medicine"]
        cls._MEDICINE_REFUND = tuple(c - m for c, m in zip(city, medicine, strict=True))

    def __init__(self, config: Any) -> None:
        super().__init__(config)
        self.dev_deck = [0] * self.DEV_STRIDE  # progress cards live in ordered decks
        self.progress_decks = self._shuffled_decks(list(PROGRESS.counts), self.rng)

    @staticmethod
    def _shuffled_decks(counts: list[int], rng: Rng) -> tuple[tuple[int, ...], ...]:
        decks: list[list[int]] = [[], [], []]
        for card, count in enumerate(counts):
            decks[DECK_OF[card]].extend([card] * count)
        for deck in decks:
            rng.shuffle(deck)
        return tuple(tuple(d) for d in decks)

    # -- small helpers ---------------------------------------------------------
    def level(self, seat: int, track: int) -> int:
        return self.levels[seat * 3 + track]

    def cities_of(self, seat: int) -> list[int]:
        level = self.vertex_level
        return sorted(v for v in self.buildings[seat] if level[v] == 2)

    def plain_cities(self, seat: int) -> list[int]:
        """`seat`'s cities without a metropolis."""
        metro = self.metropolis
        return [v for v in self.cities_of(seat) if v not in metro]

    def walls_left(self, seat: int) -> int:
        return WALLS - sum(self.walls[v] for v in self.buildings[seat])

    def progress_count(self, seat: int) -> int:
        k = self.DEV_STRIDE
        return sum(self.dev_hands[seat * k : seat * k + k])

    @property
    def dev_deck_size(self) -> int:
        decks = self.progress_decks
        return sum(len(d) for d in decks) if decks is not None else 0

    def deck_sizes(self) -> list[int]:
        decks = self.progress_decks
        return [len(d) for d in decks] if decks is not None else [0, 0, 0]

    def _block(self, v: int) -> None:
        o = self.vertex_owner[v]
        self.blockers[v] = o if o >= 0 else self.knight_owner[v]

    def road_blockers(self) -> list[int]:
        return self.blockers

    def _recount_roads(self, seat: int) -> list[Event]:
        """`seat`'s longest trail again (one of its roads was removed), and the award."""
        self.road_length[seat] = self._trail(seat)
        return self._update_longest()

    def _recount_roads_at(self, v: int, knight_owner: int) -> list[Event]:
        """A knight of `knight_owner` came to or left `v`: the rival trails through `v` again."""
        edge_owner = self.edge_owner
        owners = [edge_owner[e] for e in self.board.grid.vertex_edges[v]]
        # A trail passes through `v` only on two roads of one seat; a road ending there
        # is counted whether or not the vertex blocks (the trail stops there anyway).
        seats = {p for p in owners if p >= 0 and p != knight_owner and owners.count(p) >= 2}
        if not seats:
            return []
        for p in seats:
            self.road_length[p] = self._trail(p)
        return self._update_longest()

    # -- victory points ----------------------------------------------------------
    def total_vp(self, seat: int) -> int:
        return self.vp_public[seat]

    def public_vp_of(self, seat: int) -> int:
        points = super().public_vp_of(seat)
        points += 2 * sum(1 for v in self.metropolis if v >= 0 and self.vertex_owner[v] == seat)
        points += self.defenders[seat] + (self.merchant_owner == seat)
        k = self.DEV_STRIDE
        points += sum(self.dev_played[seat * k + c] for c in VP_CARDS)
        return points

    def _declare_winner(self, seat: int) -> Event:
        event = super()._declare_winner(seat)
        data = dict(event.data)
        data.pop("victory_point_cards", None)  # every point is public in C&K
        return Event(event.kind, data)

    # -- setup -----------------------------------------------------------------------
    @applies(BuildSettlement)
    def _do_settlement(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildSettlement)
        second = self.phase == SETUP_SETTLEMENT and self.setup_pos >= self.config.seats
        seat = self.current
        events = super()._do_settlement(a)
        if second:  # the second setup building is a city (§3)
            self.vertex_level[a.vertex] = 2
            self.cities_left[seat] -= 1
            self.settlements_left[seat] += 1
            self.vp_public[seat] += 1
            events.append(Event("build", {"seat": seat, "piece": "city", "vertex": a.vertex}))
        return events

    def _place_settlement(self, seat: int, v: int) -> None:
        super()._place_settlement(seat, v)
        self.blockers[v] = seat

    def _distance_ok(self, v: int) -> bool:
        return self.knight_owner[v] < 0 and super()._distance_ok(v)

    @checks(BuildSettlement)
    def _check_settlement(self, a: Action) -> str | None:
        assert isinstance(a, BuildSettlement)
        v = a.vertex
        if 0 <= v < len(self.knight_owner) and self.knight_owner[v] >= 0:
            return f"vertex {v} holds a knight; a settlement needs it moved away first"
        if self.phase == MAIN and self.settlements_left[self.current] <= 0:
            return "no settlements left in your supply (upgrade one to a city first)"
        return super()._check_settlement(a)

    # -- the rolls --------------------------------------------------------------------
    def roll_dice(self) -> tuple[int, ...]:
        """Red, yellow and the event die (1-3 a ship, 4-6 a gate); Alchemist sets red and yellow."""
        rng = self.rng
        if self.alchemy is not None:
            red, yellow = self.alchemy
            self.alchemy = None
            return (red, yellow, rng.die())
        return (rng.die(), rng.die(), rng.die())

    def production_total(self, dice: tuple[int, ...]) -> int:
        return dice[0] + dice[1]

    def produce(self, total: int) -> list[Event]:
        """The roll's resolution is queued: the event die first, then production (§4)."""
        return self._queue_roll(("produce", total))

    def on_seven(self) -> list[Event]:
        return self._queue_roll(("seven",))

    def _queue_roll(self, last: tuple[Any, ...]) -> list[Event]:
        """The event die's step now; production or the 7 (`last`) after whatever it asks.

        When the event die asks nothing (the usual case), `last` runs at once;
        otherwise it waits as a STEP entry under the decisions (or draws) pushed.
        """
        dice = self.dice
        assert dice is not None
        pending = self.pending
        below = len(pending)
        event = dice[2] if len(dice) > 2 else 1
        events = self._step_ship() if event <= SHIP_FACES else self._step_gate(GATE_TRACK[event])
        if len(pending) > below:
            pending.insert(below, decision(ck.STEP, self.current, last))
            return events
        events.extend(self._step_produce(last[1]) if last[0] == "produce" else self._step_seven())
        return events

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        pending = self.pending
        if pending and pending[-1][0] in _AUTO:
            events.extend(self._resume())
            current = self.current
            if self.pending and self.total_vp(current) >= self.vp_to_win:
                events.append(self._declare_winner(current))
        return events

    def _resume(self) -> list[Event]:
        """Run the queued steps on top of the stack until a seat has to decide."""
        events: list[Event] = []
        pending = self.pending
        while pending:
            kind, seat, data = pending[-1]
            if kind == ck.STEP:
                self._pop()
                events.extend(getattr(self, f"_step_{data[0]}")(*data[1:]))
            elif kind == ck.PROGRESS_LIMIT and self.progress_count(seat) <= PROGRESS_LIMIT:
                self._pop()
            else:
                break
        return events

    def _step_ship(self) -> list[Event]:
        self.barbarian += 1
        events = [Event("barbarians", {"position": self.barbarian})]
        if self.barbarian >= BARBARIAN_TRACK:
            events.extend(self._attack())
        return events

    def _step_gate(self, track: int) -> list[Event]:
        assert self.dice is not None
        red = self.dice[0]
        if red > max(self.levels[track::3]) + 1:
            return []
        n = self.config.seats
        order = [(self.current + k) % n for k in range(n)]
        for p in reversed(order):
            lvl = self.level(p, track)
            if lvl and red <= lvl + 1:
                self._push(ck.STEP, self.current, ("draw", p, track))
        return []

    def _step_draw(self, seat: int, deck: int) -> list[Event]:
        return self._draw_progress(seat, deck)

    def _step_seven(self) -> list[Event]:
        events = BaseGame.on_seven(self)
        if not self.robber_active:  # the delayed robber: discards only (§6)
            pending = self.pending
            for i in range(len(pending) - 1, -1, -1):
                if pending[i][0] == MOVE_ROBBER:
                    del pending[i]
                    break
            self._sync_top()
        return events

    def _step_produce(self, total: int) -> list[Event]:
        claims = claims_of(self.board, total, self.robber, self.vertex_owner, self.vertex_level)
        gains = pay(claims, self.bank, self.hands, self.HAND_STRIDE)
        names = self.HAND_CARDS.names
        paid = {str(p): {names[r]: c for r, c in gains[p].items()} for p in sorted(gains)}
        n = self.config.seats
        if max(self.levels[SCIENCE::3]) >= ABILITY_LEVEL and any(self.bank[: len(RESOURCES)]):
            order = [(self.current + k) % n for k in range(n)]
            for p in reversed(order):
                if p not in gains and self.level(p, SCIENCE) >= ABILITY_LEVEL:
                    self._push(ck.AQUEDUCT, p)
        return [Event("production", {"gains": paid})]

    def discard_limit(self, seat: int) -> int:
        return 7 + 2 * (WALLS - self.walls_left(seat))

    # -- the barbarians -------------------------------------------------------------
    def contributions(self) -> list[int]:
        out = [0] * self.config.seats
        level, active = self.knight_level, self.knight_active
        for v, p in enumerate(self.knight_owner):
            if p >= 0 and active[v]:
                out[p] += level[v]
        return out

    def barbarian_strength(self) -> int:
        return sum(1 for lvl in self.vertex_level if lvl == 2)

    def _attack(self) -> list[Event]:
        n = self.config.seats
        outcome = barbarians.resolve(
            self.barbarian_strength(),
            self.contributions(),
            [bool(self.plain_cities(p)) for p in range(n)],
            self.current,
        )
        data: dict[str, Any] = {
            "barbarians": outcome.barbarians,
            "defenders": outcome.defenders,
            "contributions": list(outcome.contributions),
            "catan_wins": outcome.catan_wins,
        }
        events = [Event("attack", data)]
        if outcome.defender >= 0:
            data["defender"] = outcome.defender
            self.defenders[outcome.defender] += 1
            self.vp_public[outcome.defender] += 1
            events.append(Event("defender", {"seat": outcome.defender}))
        if outcome.tied:
            data["tied"] = list(outcome.tied)
        if outcome.pillaged:
            data["pillaged"] = list(outcome.pillaged)
        # Every knight goes inactive, the ship goes home and the robber wakes up.
        self.knight_active = [0] * len(self.knight_active)
        self.barbarian = 0
        self.robber_active = True
        for p in reversed(outcome.tied):
            if any(self.progress_decks or ()):
                self._push(ck.DEFENDER_DRAW, p)
        for p in reversed(outcome.pillaged):
            cities = self.plain_cities(p)
            if len(cities) == 1:
                events.extend(self._pillage(p, cities[0]))
            else:
                self._push(ck.PILLAGE, p, tuple(cities))
        return events

    def _pillage(self, seat: int, v: int) -> list[Event]:
        self.vertex_level[v] = 1
        self.walls[v] = 0
        self.cities_left[seat] += 1
        self._recount_settlements(seat)
        self.vp_public[seat] -= 1
        return [Event("city_lost", {"seat": seat, "vertex": v})]

    def _recount_settlements(self, seat: int) -> None:
        """Settlements in supply: never below 0 (a pillaged city stays a settlement, §11)."""
        on_board = sum(1 for v in self.buildings[seat] if self.vertex_level[v] == 1)
        self.settlements_left[seat] = max(0, self.PIECES["settlements"] - on_board)

    @lists(ck.PILLAGE)
    def _list_pillage(self, d: Decision) -> list[Action]:
        return [LoseCity(v) for v in d.data]

    @checks(LoseCity)
    def _check_lose_city(self, a: Action) -> str | None:
        assert isinstance(a, LoseCity)
        if (problem := self._phase_is(ck.PILLAGE)) is not None:
            return problem
        if a.vertex not in self.pending[-1].data:
            return f"vertex {a.vertex} is not one of your cities without a metropolis"
        return None

    @applies(LoseCity)
    def _do_lose_city(self, a: Action) -> list[Event]:
        assert isinstance(a, LoseCity)
        seat = self._pop().seat
        return self._pillage(seat, a.vertex)

    # -- progress cards: drawing and the limit ----------------------------------------
    def _draw_progress(self, seat: int, deck: int) -> list[Event]:
        decks = self.progress_decks
        assert decks is not None
        if not decks[deck]:
            return []
        card, rest = decks[deck][0], decks[deck][1:]
        self.progress_decks = tuple(rest if i == deck else d for i, d in enumerate(decks))
        i = seat * self.DEV_STRIDE + card
        name = PROGRESS.names[card]
        deck_name = TRACK_NAMES[deck]
        if card in VP_CARDS:
            self.dev_played[i] += 1
            self.vp_public[seat] += 1
            return [Event("progress_revealed", {"seat": seat, "card": name})]
        self.dev_hands[i] += 1
        events = [
            Event(
                "progress_drawn",
                {"seat": seat, "deck": deck_name},
                secret={"card": name},
                audience=frozenset((seat,)),
            )
        ]
        if self.progress_count(seat) > PROGRESS_LIMIT:
            self._push(ck.PROGRESS_LIMIT, seat)
        return events

    def return_progress(self, seat: int, card: int) -> None:
        """A card leaves `seat`'s hand for the bottom of its deck (played or discarded)."""
        self.dev_hands[seat * self.DEV_STRIDE + card] -= 1
        decks = self.progress_decks
        assert decks is not None
        deck = DECK_OF[card]
        self.progress_decks = tuple((*d, card) if i == deck else d for i, d in enumerate(decks))

    @lists(ck.PROGRESS_LIMIT)
    def _list_progress_limit(self, d: Decision) -> list[Action]:
        k = self.DEV_STRIDE
        held = self.dev_hands[d.seat * k : d.seat * k + k]
        out: list[Action] = [DiscardProgress(PROGRESS.names[c]) for c in range(k) if held[c]]
        if d.seat == self.current and self.dice is not None:
            out.extend(progress.plays(self, d.seat))
        return out

    @checks(DiscardProgress)
    def _check_discard_progress(self, a: Action) -> str | None:
        assert isinstance(a, DiscardProgress)
        if (problem := self._phase_is(ck.PROGRESS_LIMIT)) is not None:
            return problem
        card = PROGRESS.index.get(a.card)
        if card is None:
            return f"unknown progress card {a.card!r}"
        seat = self.pending[-1].seat
        if not self.dev_hands[seat * self.DEV_STRIDE + card]:
            return f"you hold no {a.card} card"
        return None

    @applies(DiscardProgress)
    def _do_discard_progress(self, a: Action) -> list[Event]:
        assert isinstance(a, DiscardProgress)
        seat = self._pop().seat
        card = PROGRESS.index[a.card]
        self.return_progress(seat, card)
        return [
            Event(
                "progress_discarded",
                {"seat": seat, "deck": TRACK_NAMES[DECK_OF[card]]},
                secret={"card": a.card},
                audience=frozenset((seat,)),
            )
        ]

    @lists(ck.DEFENDER_DRAW)
    def _list_defender_draw(self, d: Decision) -> list[Action]:
        return [DrawProgress(TRACK_NAMES[i]) for i in range(3) if self.deck_sizes()[i]]

    @checks(DrawProgress)
    def _check_draw(self, a: Action) -> str | None:
        assert isinstance(a, DrawProgress)
        if (problem := self._phase_is(ck.DEFENDER_DRAW)) is not None:
            return problem
        if a.deck not in TRACK_NAMES:
            return f"unknown deck {a.deck!r}; valid: {', '.join(TRACK_NAMES)}"
        if not self.deck_sizes()[TRACK_NAMES.index(a.deck)]:
            return f"the {a.deck} deck is empty"
        return None

    @applies(DrawProgress)
    def _do_draw(self, a: Action) -> list[Event]:
        assert isinstance(a, DrawProgress)
        seat = self._pop().seat
        return self._draw_progress(seat, TRACK_NAMES.index(a.deck))

    # -- Aqueduct ------------------------------------------------------------------------
    @lists(ck.AQUEDUCT)
    def _list_aqueduct(self, d: Decision) -> list[Action]:
        return [PickResource(r) for i, r in enumerate(RESOURCES) if self.bank[i]]

    @checks(PickResource)
    def _check_pick(self, a: Action) -> str | None:
        assert isinstance(a, PickResource)
        return self._phase_is(ck.AQUEDUCT) or self._bank_card_problem(a.resource)

    @applies(PickResource)
    def _do_pick(self, a: Action) -> list[Event]:
        assert isinstance(a, PickResource)
        seat = self._pop().seat
        r = RESOURCES.index(a.resource)
        self.bank[r] -= 1
        self.hands[seat * self.HAND_STRIDE + r] += 1
        return [Event("pick_resource", {"seat": seat, "resource": a.resource})]

    # -- the robber ---------------------------------------------------------------------
    def robber_problem(self) -> str | None:
        """Why the robber cannot be moved now (before the first attack), if it cannot."""
        if not self.robber_active:
            return "the robber stays on the desert until the barbarians' first attack"
        return None

    @applies(MoveRobber)
    def _do_robber(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveRobber)
        if self.pending[-1].data != BISHOP_ROBBER:
            return super()._do_robber(a)
        seat = self.current
        self.robber = a.hex
        self._pop()
        events = [Event("robber", {"seat": seat, "hex": a.hex})]
        # Bishop: one card from each opponent with a building on the hex.
        events.extend(self._steal_from(p) for p in self._victims(a.hex, seat))
        return events

    # -- trading: the rates -------------------------------------------------------------
    def _refresh_rates(self, seat: int) -> None:
        """`seat`'s bank rates from its harbours, Trading House, the merchant and Merchant Fleet."""
        k = self.HAND_STRIDE
        base = seat * k
        rates = self.rates
        for r in range(base, base + k):
            rates[r] = 4
        vertex_harbour = self.board.vertex_harbour
        for v in self.buildings[seat]:
            kind = vertex_harbour[v]
            if kind == GENERIC:
                for r in range(base, base + k):
                    rates[r] = min(rates[r], 3)
            elif kind >= 0:
                rates[base + kind] = 2
        if self.level(seat, TRADE) >= ABILITY_LEVEL:
            for r in range(len(RESOURCES), k):
                rates[base + r] = 2
        if self.merchant_owner == seat and self.merchant_hex >= 0:
            r = self.board.resource[self.merchant_hex]
            if r >= 0:
                rates[base + r] = 2
        if self.fleet >= 0 and seat == self.current:
            rates[base + self.fleet] = 2

    def _harbour_rates(self, seat: int, v: int) -> None:
        self._refresh_rates(seat)

    def rebuild_derived(self) -> None:
        super().rebuild_derived()
        self._rebuild_ck()

    def _rebuild_ck(self) -> None:
        n = self.config.seats
        for v in range(len(self.blockers)):
            self._block(v)
        left = [KNIGHTS_PER_STRENGTH] * (3 * n)
        for v, p in enumerate(self.knight_owner):
            if p >= 0:
                left[p * 3 + self.knight_level[v] - 1] -= 1
        for kind, p, data in self.pending:
            if kind == ck.DISPLACED:  # a displaced knight waits off the board
                left[p * 3 + data[0] - 1] -= 1
        self.knights_left = left
        for p in range(n):
            self._recount_settlements(p)
            self._refresh_rates(p)

    # -- the turn's end -------------------------------------------------------------------
    @applies(EndTurn)
    def _do_end(self, a: Action) -> list[Event]:
        seat = self.current
        events = super()._do_end(a)
        if any(self.knight_flags):
            self.knight_flags = [0] * len(self.knight_flags)
        self.crane = False
        self.harbor_open = False
        self.harbor_used = ()
        if self.fleet >= 0:
            self.fleet = -1
            self._refresh_rates(seat)
        return events

    # -- development cards do not exist ---------------------------------------------------
    def _dev_plays(self, seat: int) -> list[Action]:
        return []

    @checks(BuyDevelopment, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
    def _check_no_development(self, a: Action) -> str | None:
        return "Cities & Knights has no development cards (progress cards replace them)"

    @applies(BuyDevelopment, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
    def _do_no_development(self, a: Action) -> list[Event]:
        raise AssertionError("refused by its check")

    # -- the main phase ------------------------------------------------------------------
    @lists(PRE_ROLL)
    def _list_pre_roll(self, d: Decision) -> list[Action]:
        out = super()._list_pre_roll(d)
        if self.dev_hands[d.seat * self.DEV_STRIDE + ALCHEMIST]:
            out.extend(progress.plays(self, d.seat))
        return out

    @lists(MAIN)
    def main_actions(self, d: Decision) -> list[Action]:
        out = super().main_actions(d)
        end = out.pop()
        seat = d[1]
        k = self.HAND_STRIDE
        hand = self.hands[seat * k : seat * k + k]
        wall, knight, activate = self._PAYS_CK(hand)
        if wall and self.walls_left(seat) > 0:
            walls = self.walls
            out.extend(_WALL[v] for v in self.cities_of(seat) if not walls[v])
        if knight and self.knights_left[seat * 3] > 0:
            out.extend(_BUILD_KNIGHT[v] for v in self.knight_spots(seat))
        left = self.knights_left
        out_count = 6 - left[seat * 3] - left[seat * 3 + 1] - left[seat * 3 + 2]
        if out_count > 0:
            out.extend(self._knight_actions(seat, out_count, knight, activate))
        out.extend(self._improvements(seat, hand))
        k_dev = self.DEV_STRIDE
        if any(self.dev_hands[seat * k_dev : seat * k_dev + k_dev]):
            out.extend(progress.plays(self, seat))
        if self.harbor_open:
            out.extend(progress.harbor_exchanges(self, seat))
        out.append(end)
        return out

    def knight_spots(self, seat: int) -> list[int]:
        """Empty vertices (no building, no knight) touching one of `seat`'s roads."""
        grid = self.board.grid
        blockers = self.blockers
        spots = {v for e in self.roads[seat] for v in grid.edge_vertices[e] if blockers[v] < 0}
        return sorted(spots)

    def promotable(self, seat: int, v: int) -> str | None:
        """Why `seat`'s knight at `v` cannot be promoted (the price aside), if it cannot."""
        if self.knight_owner[v] != seat:
            return f"vertex {v} holds none of your knights"
        flags = self.knight_flags[v]
        if flags & BUILT:
            return "a knight cannot be promoted in the turn it was built"
        if flags & PROMOTED:
            return "a knight may be promoted once per turn"
        lvl = self.knight_level[v]
        if lvl >= 3:
            return "a mighty knight cannot be promoted further"
        if lvl == 2 and self.level(seat, POLITICS) < ABILITY_LEVEL:
            return "promoting to a mighty knight needs the Fortress (politics level 3)"
        if not self.knights_left[seat * 3 + lvl]:
            return f"both your {KNIGHT_SET.names[lvl]} knights are already on the board"
        return None

    def knight_moves(self, v: int) -> list[int]:
        seat = self.knight_owner[v]
        grid = self.board.grid
        return reachable(
            v,
            seat,
            self.knight_level[v],
            self.edge_owner,
            vertex_links(grid.vertex_edges, grid.edge_vertices),
            self.vertex_owner,
            self.knight_owner,
            self.knight_level,
        )

    def _knight_actions(self, seat: int, count: int, promote: bool, activate: bool) -> list[Action]:
        """The actions of `seat`'s `count` knights (at most: one may wait displaced)."""
        out: list[Action] = []
        active, flags, owner = self.knight_active, self.knight_flags, self.knight_owner
        robber_corners = self.board.grid.hex_vertices[self.robber] if self.robber_active else ()
        v = -1
        for _ in range(count):
            if seat not in owner[v + 1 :]:
                break
            v = owner.index(seat, v + 1)
            if not active[v]:
                if activate:
                    out.append(_ACTIVATE[v])
            elif not flags[v] & (BUILT | ACTED):
                out.extend(_move(v, w) for w in self.knight_moves(v))
                if v in robber_corners:
                    out.append(_CHASE[v])
            if promote and self.promotable(seat, v) is None:
                out.append(_PROMOTE[v])
        return out

    # -- city walls ------------------------------------------------------------------------
    def wall_problem(self, seat: int, v: int) -> str | None:
        if (
            not 0 <= v < len(self.walls)
            or self.vertex_owner[v] != seat
            or self.vertex_level[v] != 2
        ):
            return f"a city wall goes under one of your cities; vertex {v} has none"
        if self.walls[v]:
            return f"the city on vertex {v} already has a wall"
        if self.walls_left(seat) <= 0:
            return "all 3 of your city walls are on the board"
        return None

    @checks(BuildWall)
    def _check_wall(self, a: Action) -> str | None:
        assert isinstance(a, BuildWall)
        if self.phase == ck.ENGINEER:
            return self.wall_problem(self.current, a.vertex)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self.wall_problem(self.current, a.vertex)) is not None:
            return problem
        if not self.can_pay(self.current, self.COST["wall"]):
            return f"a city wall costs {self.price_text('wall')}"
        return None

    @applies(BuildWall)
    def _do_wall(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildWall)
        seat = self.current
        if self.phase == ck.ENGINEER:
            self._pop()
        else:
            self._pay(seat, self.COST["wall"])
        self.walls[a.vertex] = 1
        return [Event("build", {"seat": seat, "piece": "wall", "vertex": a.vertex})]

    # -- knights ---------------------------------------------------------------------------
    @checks(BuildKnight)
    def _check_build_knight(self, a: Action) -> str | None:
        assert isinstance(a, BuildKnight)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        seat = self.current
        if not self.knights_left[seat * 3]:
            return "both your basic knights are on the board (only basic knights are built)"
        if not self.can_pay(seat, self.COST["knight"]):
            return f"a knight costs {self.price_text('knight')}"
        if a.vertex not in self.knight_spots(seat):
            return f"a knight goes on an empty vertex touching your roads; vertex {a.vertex} is not"
        return None

    @applies(BuildKnight)
    def _do_build_knight(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildKnight)
        seat = self.current
        self._pay(seat, self.COST["knight"])
        return self._put_knight(seat, a.vertex, 1, 0, BUILT, "built")

    def _put_knight(
        self, seat: int, v: int, strength: int, active: int, flags: int, what: str
    ) -> list[Event]:
        self.knight_owner[v] = seat
        self.knight_level[v] = strength
        self.knight_active[v] = active
        self.knight_flags[v] = flags
        self.knights_left[seat * 3 + strength - 1] -= 1
        self._block(v)
        events = [Event("knight", {"seat": seat, "vertex": v, "what": what, "strength": strength})]
        events.extend(self._recount_roads_at(v, seat))
        return events

    def take_knight(self, v: int, events: list[Event]) -> tuple[int, int, int, int]:
        """Lift the knight at `v` off the board: (owner, strength, active, flags); supply +1.

        The rival trails it cut are counted again (a change of Longest Road goes to `events`).
        """
        seat, strength = self.knight_owner[v], self.knight_level[v]
        out = (seat, strength, self.knight_active[v], self.knight_flags[v])
        self.knight_owner[v] = -1
        self.knight_level[v] = 0
        self.knight_active[v] = 0
        self.knight_flags[v] = 0
        self.knights_left[seat * 3 + strength - 1] += 1
        self._block(v)
        events.extend(self._recount_roads_at(v, seat))
        return out

    def _own_knight(self, v: int) -> str | None:
        if not 0 <= v < len(self.knight_owner) or self.knight_owner[v] != self.current:
            return f"vertex {v} holds none of your knights"
        return None

    @checks(ActivateKnight)
    def _check_activate(self, a: Action) -> str | None:
        assert isinstance(a, ActivateKnight)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self._own_knight(a.vertex)) is not None:
            return problem
        if self.knight_active[a.vertex]:
            return f"the knight on vertex {a.vertex} is already active"
        if not self.can_pay(self.current, self.COST["activate"]):
            return f"activating a knight costs {self.price_text('activate')}"
        return None

    @applies(ActivateKnight)
    def _do_activate(self, a: Action) -> list[Event]:
        assert isinstance(a, ActivateKnight)
        seat = self.current
        self._pay(seat, self.COST["activate"])
        self.knight_active[a.vertex] = 1
        return [Event("knight", {"seat": seat, "vertex": a.vertex, "what": "activated"})]

    @checks(PromoteKnight)
    def _check_promote(self, a: Action) -> str | None:
        assert isinstance(a, PromoteKnight)
        v = a.vertex
        if self.phase == ck.SMITH:
            if (problem := self._own_knight(v)) is not None:
                return problem
            return self.promotable(self.current, v)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self._own_knight(v)) is not None:
            return problem
        if (problem := self.promotable(self.current, v)) is not None:
            return problem
        if not self.can_pay(self.current, self.COST["promote"]):
            return f"promoting a knight costs {self.price_text('promote')}"
        return None

    @applies(PromoteKnight)
    def _do_promote(self, a: Action) -> list[Event]:
        assert isinstance(a, PromoteKnight)
        seat = self.current
        v = a.vertex
        smith = self.phase == ck.SMITH
        if smith:
            left = self._pop().data - 1
        else:
            self._pay(seat, self.COST["promote"])
        lvl = self.knight_level[v]
        self.knights_left[seat * 3 + lvl - 1] += 1
        self.knights_left[seat * 3 + lvl] -= 1
        self.knight_level[v] = lvl + 1
        self.knight_flags[v] |= PROMOTED
        if smith and left > 0 and self.smith_targets(seat):
            self._push(ck.SMITH, seat, left)
        return [
            Event("knight", {"seat": seat, "vertex": v, "what": "promoted", "strength": lvl + 1})
        ]

    def smith_targets(self, seat: int) -> list[int]:
        """`seat`'s knights that may be promoted now, the price aside."""
        return [
            v
            for v, p in enumerate(self.knight_owner)
            if p == seat and self.promotable(seat, v) is None
        ]

    def _acting_knight(self, v: int) -> str | None:
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self._own_knight(v)) is not None:
            return problem
        if not self.knight_active[v]:
            return f"the knight on vertex {v} is inactive; only an active knight acts"
        if self.knight_flags[v] & BUILT:
            return "a knight cannot act in the turn it was built"
        if self.knight_flags[v] & ACTED:
            return "a knight acts at most once per turn"
        return None

    @checks(MoveKnight)
    def _check_move_knight(self, a: Action) -> str | None:
        assert isinstance(a, MoveKnight)
        if (problem := self._acting_knight(a.vertex)) is not None:
            return problem
        if a.to not in self.knight_moves(a.vertex):
            if 0 <= a.to < len(self.knight_owner) and self.knight_owner[a.to] >= 0:
                if self.knight_owner[a.to] == self.current:
                    return "you cannot displace your own knight"
                return "a knight displaces only a weaker rival knight it reaches along your roads"
            return f"vertex {a.to} is not an empty vertex your knight reaches along your roads"
        return None

    @applies(MoveKnight)
    def _do_move_knight(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveKnight)
        lifted: list[Event] = []
        seat, strength, _, flags = self.take_knight(a.vertex, lifted)
        to = a.to
        displaced = self.take_knight(to, lifted) if self.knight_owner[to] >= 0 else None
        events = [Event("knight", {"seat": seat, "vertex": a.vertex, "what": "moved", "to": to})]
        events.extend(lifted)
        events.extend(self._put_knight(seat, to, strength, 0, flags | ACTED, "moved")[1:])
        if displaced is not None:
            events.extend(self.displace(to, displaced))
        return events

    def displace(self, v: int, knight: tuple[int, int, int, int]) -> list[Event]:
        """A knight lifted from `v` retreats along its owner's roads, or back to the supply."""
        owner, strength, active, flags = knight
        grid = self.board.grid
        dests = reachable(
            v,
            owner,
            0,
            self.edge_owner,
            vertex_links(grid.vertex_edges, grid.edge_vertices),
            self.vertex_owner,
            self.knight_owner,
            self.knight_level,
        )
        if not dests:
            return [Event("knight_displaced", {"seat": owner, "vertex": v})]
        self.knights_left[owner * 3 + strength - 1] -= 1  # held aside until it is placed
        self._push(ck.DISPLACED, owner, (strength, active, flags, *dests))
        return []

    @lists(ck.DISPLACED)
    def _list_displaced(self, d: Decision) -> list[Action]:
        return [RelocateKnight(v) for v in d.data[3:]]

    @checks(RelocateKnight)
    def _check_relocate(self, a: Action) -> str | None:
        assert isinstance(a, RelocateKnight)
        if (problem := self._phase_is(ck.DISPLACED)) is not None:
            return problem
        if a.vertex not in self.pending[-1].data[3:]:
            return f"your displaced knight cannot reach vertex {a.vertex} along your roads"
        return None

    @applies(RelocateKnight)
    def _do_relocate(self, a: Action) -> list[Event]:
        assert isinstance(a, RelocateKnight)
        _, seat, data = self._pop()
        strength, active, flags = data[0], data[1], data[2]
        self.knights_left[seat * 3 + strength - 1] += 1
        events = self._put_knight(seat, a.vertex, strength, active, flags, "relocated")
        return events

    @checks(ChaseRobber)
    def _check_chase(self, a: Action) -> str | None:
        assert isinstance(a, ChaseRobber)
        if (problem := self._acting_knight(a.vertex)) is not None:
            return problem
        if (problem := self.robber_problem()) is not None:
            return problem
        if a.vertex not in self.board.grid.hex_vertices[self.robber]:
            return f"the knight on vertex {a.vertex} is not next to the robber"
        return None

    @applies(ChaseRobber)
    def _do_chase(self, a: Action) -> list[Event]:
        assert isinstance(a, ChaseRobber)
        seat = self.current
        self.knight_active[a.vertex] = 0
        self.knight_flags[a.vertex] |= ACTED
        self._push(MOVE_ROBBER, seat)
        return [Event("knight", {"seat": seat, "vertex": a.vertex, "what": "chased the robber"})]

    # -- city improvements and metropolises ----------------------------------------------
    def improvement_problem(self, seat: int, track: int) -> str | None:
        """Why `seat` cannot buy the next level of `track` (the price aside), if it cannot."""
        lvl = self.level(seat, track)
        if lvl >= MAX_LEVEL:
            return f"your {TRACK_NAMES[track]} track is complete"
        cities = self.PIECES["cities"] - self.cities_left[seat]
        if not cities:
            return "a city improvement needs a city on the board"
        if lvl + 1 >= METROPOLIS_LEVEL:
            owner = self.vertex_owner
            metros = [owner[v] for v in self.metropolis if v >= 0]
            holder_v = self.metropolis[track]
            holds = holder_v >= 0 and owner[holder_v] == seat
            if not holds and metros.count(seat) >= cities:
                return f"level {lvl + 1} needs a city without a metropolis"
        return None

    def improvement_cost(self, seat: int, track: int) -> int:
        return max(0, self.level(seat, track) + 1 - (1 if self.crane else 0))

    def _improvements(self, seat: int, hand: list[int]) -> list[Action]:
        levels = self.levels
        b = seat * 3
        d = 1 if self.crane else 0
        # Cheap first: a track not complete whose commodity pays the next level.
        affordable = [
            t
            for t, c in _TRACK_COMMODITY_PAIRS
            if levels[b + t] < MAX_LEVEL and hand[c] > levels[b + t] - d
        ]
        return [_IMPROVE[t] for t in affordable if self.improvement_problem(seat, t) is None]

    @checks(ImproveCity)
    def _check_improve(self, a: Action) -> str | None:
        assert isinstance(a, ImproveCity)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if a.track not in TRACK_NAMES:
            return f"unknown track {a.track!r}; valid: {', '.join(TRACK_NAMES)}"
        t = TRACK_NAMES.index(a.track)
        seat = self.current
        if (problem := self.improvement_problem(seat, t)) is not None:
            return problem
        cost = self.improvement_cost(seat, t)
        commodity = HAND.names[TRACK_COMMODITY[t]]
        if self.hands[seat * self.HAND_STRIDE + TRACK_COMMODITY[t]] < cost:
            return f"{a.track} level {self.level(seat, t) + 1} costs {cost} {commodity}"
        return None

    @applies(ImproveCity)
    def _do_improve(self, a: Action) -> list[Event]:
        assert isinstance(a, ImproveCity)
        seat = self.current
        t = TRACK_NAMES.index(a.track)
        cost = self.improvement_cost(seat, t)
        c = TRACK_COMMODITY[t]
        self.hands[seat * self.HAND_STRIDE + c] -= cost
        self.bank[c] += cost
        self.crane = False
        lvl = self.level(seat, t) + 1
        self.levels[seat * 3 + t] = lvl
        events = [Event("improve", {"seat": seat, "track": a.track, "level": lvl})]
        if t == TRADE and lvl == ABILITY_LEVEL:
            self._refresh_rates(seat)
        v = self.metropolis[t]
        holder = self.vertex_owner[v] if v >= 0 else -1
        takes = (lvl >= METROPOLIS_LEVEL and v < 0) or (
            lvl == MAX_LEVEL and holder >= 0 and holder != seat and self.level(holder, t) < lvl
        )
        if takes:
            if holder >= 0:
                self.vp_public[holder] -= 2
                self.metropolis[t] = -1
            spots = self.plain_cities(seat)
            if len(spots) == 1:
                events.extend(self._place_metropolis(seat, t, spots[0], holder))
            else:
                self._push(ck.METROPOLIS, seat, (t, holder))
        return events

    def _place_metropolis(self, seat: int, track: int, v: int, previous: int) -> list[Event]:
        self.metropolis[track] = v
        self.vp_public[seat] += 2
        data = {"seat": seat, "track": TRACK_NAMES[track], "vertex": v}
        if previous >= 0:
            data["previous"] = previous
        return [Event("metropolis", data)]

    @lists(ck.METROPOLIS)
    def _list_metropolis(self, d: Decision) -> list[Action]:
        return [PlaceMetropolis(v) for v in self.plain_cities(d.seat)]

    @checks(PlaceMetropolis)
    def _check_metropolis(self, a: Action) -> str | None:
        assert isinstance(a, PlaceMetropolis)
        if (problem := self._phase_is(ck.METROPOLIS)) is not None:
            return problem
        if a.vertex not in self.plain_cities(self.pending[-1].seat):
            return f"a metropolis goes on one of your cities without one; vertex {a.vertex} is not"
        return None

    @applies(PlaceMetropolis)
    def _do_metropolis(self, a: Action) -> list[Event]:
        assert isinstance(a, PlaceMetropolis)
        _, seat, (track, previous) = self._pop()
        return self._place_metropolis(seat, track, a.vertex, previous)

    # -- roads and cities placed by progress cards ----------------------------------------
    @checks(BuildRoad)
    def _check_road(self, a: Action) -> str | None:
        assert isinstance(a, BuildRoad)
        if self.phase == ck.DIPLOMAT_ROAD:
            if a.edge == self.pending[-1].data:
                return "placing the road back where it was has no effect"
            if a.edge not in self._road_edges(self.current):
                return f"edge {a.edge} is not connected to your roads or buildings"
            return None
        return super()._check_road(a)

    @applies(BuildRoad)
    def _do_road(self, a: Action) -> list[Event]:
        diplomat = self.phase == ck.DIPLOMAT_ROAD
        events = super()._do_road(a)
        if diplomat:
            self._pop()
        return events

    @checks(BuildCity)
    def _check_city(self, a: Action) -> str | None:
        assert isinstance(a, BuildCity)
        if self.phase != ck.MEDICINE:
            return super()._check_city(a)
        v = a.vertex
        if not 0 <= v < len(self.vertex_owner) or (
            self.vertex_owner[v] != self.current or self.vertex_level[v] != 1
        ):
            return f"a city must replace one of your settlements; vertex {v} has none"
        return None

    @applies(BuildCity)
    def _do_city(self, a: Action) -> list[Event]:
        seat = self.current
        medicine = self.phase == ck.MEDICINE
        events = super()._do_city(a)
        if medicine:
            # Medicine's price is the city's less this refund (2 ore + 1 grain in all).
            base = seat * self.HAND_STRIDE
            for r, n in enumerate(self._MEDICINE_REFUND):
                self.hands[base + r] += n
                self.bank[r] -= n
            self._pop()
        self._recount_settlements(seat)
        return events

    # -- progress cards: the interpreter's actions and decisions ---------------------------
    @checks(*_CARD_ACTIONS)
    def _check_card(self, a: Action) -> str | None:
        return progress.check(self, a)

    @applies(*_CARD_ACTIONS)
    def _do_card(self, a: Action) -> list[Event]:
        return progress.apply(self, a)

    @lists(*_CARD_DECISIONS)
    def _list_card(self, d: Decision) -> list[Action]:
        return progress.options(self, d.kind, d.seat, d.data)

    @lists(ck.STEP)
    def _list_step(self, d: Decision) -> list[Action]:
        return []  # run by `_resume` before anyone is asked

    # -- copies, positions, views ----------------------------------------------------------
    def check_position(self) -> None:
        from engine.position import PositionError

        counts = list(self.dev_deck)
        if self.progress_decks is None:
            self.progress_decks = self._shuffled_decks(counts, self.rng)
        else:
            held = [0] * self.DEV_STRIDE
            for deck_id, deck in enumerate(self.progress_decks):
                for c in deck:
                    held[c] += 1
                    if DECK_OF[c] != deck_id:
                        raise PositionError(
                            f"{PROGRESS.names[c]} is not a {TRACK_NAMES[deck_id]} card"
                        )
            if held != counts:
                raise PositionError(
                    "the progress decks do not hold the cards left outside the hands"
                )
        n = self.config.seats
        k = self.DEV_STRIDE
        for p in range(n):
            for c in VP_CARDS:
                if self.dev_hands[p * k + c]:
                    raise PositionError(
                        f"seat {p} holds {PROGRESS.names[c]} hidden; it is revealed at once"
                    )
        self.dev_deck = [0] * k
        self._check_ck_pieces()
        for v, p in enumerate(self.knight_owner):
            if p >= 0 and (self.vertex_owner[v] >= 0 or not 1 <= self.knight_level[v] <= 3):
                raise PositionError(
                    f"the knight on vertex {v} shares it with a building or has no strength"
                )
        self._rebuild_ck()
        if min(self.knights_left) < 0:
            raise PositionError("a seat has more knights of one strength than its 2")
        self.road_length = [self._trail(p) for p in range(n)]
        self.longest_holder = -1
        self._update_longest()
        self.vp_public = [self.public_vp_of(p) for p in range(n)]

    def _check_ck_pieces(self) -> None:
        """Levels, metropolises, walls, the barbarians and the stack as the rules can leave them."""
        from engine.position import PositionError

        if self.pending and self.pending[-1].kind == ck.STEP:
            raise PositionError("a ck_step entry waits under decisions; it is never on top")
        if not 0 <= self.barbarian < BARBARIAN_TRACK:
            raise PositionError(f"the barbarians are at {self.barbarian}; the track is 0 to 6")
        if not all(0 <= lvl <= MAX_LEVEL for lvl in self.levels):
            raise PositionError("an improvement level is outside 0 to 5")
        for t, v in enumerate(self.metropolis):
            if v < 0:
                continue
            owner = self.vertex_owner[v] if 0 <= v < len(self.vertex_owner) else -1
            if owner < 0 or self.vertex_level[v] != 2:
                raise PositionError(f"the {TRACK_NAMES[t]} metropolis on vertex {v} has no city")
            if self.level(owner, t) < METROPOLIS_LEVEL:
                raise PositionError(
                    f"seat {owner} holds the {TRACK_NAMES[t]} metropolis below level 4"
                )
        if len({v for v in self.metropolis if v >= 0}) < sum(1 for v in self.metropolis if v >= 0):
            raise PositionError("two metropolises share one city")
        for v, wall in enumerate(self.walls):
            if wall and self.vertex_level[v] != 2:
                raise PositionError(f"the wall on vertex {v} stands under no city")
        for p in range(self.config.seats):
            if self.walls_left(p) < 0:
                raise PositionError(f"seat {p} has more than 3 city walls")
        if (self.merchant_hex < 0) != (self.merchant_owner < 0):
            raise PositionError("the merchant needs both a hex and a controlling seat")

    def position(self) -> Position:
        pos = super().position()
        counts = [0] * self.DEV_STRIDE
        for deck in self.progress_decks or ():
            for c in deck:
                counts[c] += 1
        pos.deck = PROGRESS.to_dict(counts)
        return pos

    def view(self, seat: int | None) -> CKView:  # type: ignore[override]
        from engine.rulesets.ck.view import build_ck_view

        return build_ck_view(self, seat, super().view(seat))

    @classmethod
    def sample_consistent(
        cls, view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None
    ) -> Self:
        from engine.rulesets.ck.view import resample_progress

        game = super().sample_consistent(view, rng, beliefs)
        resample_progress(game, view, rng)
        return game


_AUTO = frozenset((ck.STEP, ck.PROGRESS_LIMIT))
_WALL = tuple(BuildWall(v) for v in range(256))
_BUILD_KNIGHT = tuple(BuildKnight(v) for v in range(256))
_IMPROVE = tuple(ImproveCity(t) for t in TRACK_NAMES)
_TRACK_COMMODITY_PAIRS = tuple(enumerate(TRACK_COMMODITY))
_ACTIVATE = tuple(ActivateKnight(v) for v in range(256))
_PROMOTE = tuple(PromoteKnight(v) for v in range(256))
_CHASE = tuple(ChaseRobber(v) for v in range(256))
_MOVES: dict[tuple[int, int], MoveKnight] = {}


def _move(v: int, w: int) -> MoveKnight:
    """A shared MoveKnight (actions are immutable; the main phase lists them often)."""
    found = _MOVES.get((v, w))
    if found is None:
        found = _MOVES[(v, w)] = MoveKnight(v, w)
    return found
