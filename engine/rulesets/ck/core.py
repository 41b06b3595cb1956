"""Cities & Knights' state on top of the base game: its cards, prices, events and fields,
and the small queries every C&K rule shares (levels, cities, walls left, road blockers,
victory points, all public).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from engine.events import Event, EventKind, EventKinds
from engine.rng import Rng
from engine.rulesets.base.board import RESOURCES
from engine.rulesets.base.game import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST, BaseGame
from engine.rulesets.ck.cards import (
    DECK_OF,
    HAND,
    KNIGHTS_PER_STRENGTH,
    PROGRESS,
    TRACKS,
    VP_CARDS,
    WALLS,
)
from engine.shared.cardset import CardSet, price_checker
from engine.shared.state import ROW, SCALAR, SEAT, SEAT_ROW, VERTEX, Field, StateSpec

KNIGHT_SET = CardSet(("basic", "strong", "mighty"), (KNIGHTS_PER_STRENGTH,) * 3)

WALL_COST = HAND.vector(brick=2)
KNIGHT_COST = HAND.vector(wool=1, ore=1)
ACTIVATE_COST = HAND.vector(grain=1)


_CK_PURCHASES = ("wall", "knight", "activate")


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


class CKCore(BaseGame):
    """The C&K state and shared queries; each rule is a mixin over it (see `CKGame`)."""

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
        EventKind("knight_displaced", ("seat", "vertex"), optional=("to", "strength", "fate")),
        EventKind(
            "deserter_lost",
            ("seat", "why"),
            doc="Deserter: the seat had no knight to put in its place (why: no_knight), or no"
            " corner for it (no_corner)",
        ),
        EventKind("pick_resource", ("seat", "resource"), doc="Aqueduct's resource of choice"),
        EventKind("card_given", ("seat", "to"), secret=("card",), doc="a card handed over"),
        EventKind("progress_taken", ("seat", "victim"), secret=("card",), doc="Spy"),
        EventKind("merchant", ("seat", "hex"), optional=("previous",)),
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

    def has_road_edge(self, seat: int) -> bool:
        """Whether `_road_edges(seat)` is not empty, answered at the first edge found."""
        grid = self.board.grid
        blockers = self.road_blockers()
        edge_owner = self.edge_owner
        vertex_edges = grid.vertex_edges
        ends = [*self.buildings[seat]]
        for e in self.roads[seat]:
            for v in grid.edge_vertices[e]:
                if blockers[v] < 0 or blockers[v] == seat:
                    ends.append(v)
        return any(edge_owner[f] < 0 for v in ends for f in vertex_edges[v])

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

    def _recount_settlements(self, seat: int) -> None:
        """Settlements in supply: never below 0 (a pillaged city stays a settlement, §11)."""
        on_board = sum(1 for v in self.buildings[seat] if self.vertex_level[v] == 1)
        self.settlements_left[seat] = max(0, self.PIECES["settlements"] - on_board)

    def robber_problem(self) -> str | None:
        """Why the robber cannot be moved now (before the first attack), if it cannot."""
        if not self.robber_active:
            return "the robber stays on the desert until the barbarians' first attack"
        return None

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
