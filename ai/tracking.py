"""Card counting: what every other seat must hold, from the events one seat saw.

Production, builds, maritime and domestic trades, discards, Year of Plenty
and Monopoly are public in the hex family, so a seat that watches the events
knows every other hand exactly, until a hidden move blurs one: a steal
between two other seats (the card is told to the thief and the victim only).
From then on that hand is a *belief* (`engine.beliefs.HandBelief`): a floor
per kind plus wildcards that may be any of a few kinds, narrowed again as the
seat spends or loses cards in public.

The tracker reads the card kinds and prices from the ruleset's game class
(``HAND_CARDS``, ``PRICES``), so a hex ruleset with more kinds (Cities &
Knights' commodities) is counted without changes. A ruleset's own event kinds
are rules of a subclass (`StarfarersTracker`: reserve draws, encounters),
chosen by `CardTracker.for_view` from the game class (a subclass names the
game class it counts in ``GAME``; the nearest one in the game class's MRO
wins, so a ruleset built on another inherits its tracker). An event kind no
rule covers (and that is not in ``QUIET``) blurs the hands of the seats it
names (every card a wildcard), and `observe` reconciles every hand's size
with the view at each decision, turning any unexplained change into
wildcards: the belief stays sound where the tracker lacks a rule, only less
sharp.

Use: ``tracker = CardTracker.for_view(view)`` at game start,
``tracker.feed(events)`` from ``on_events``, ``tracker.observe(view)`` at a
decision, then ``sample_consistent(view, rng, tracker.beliefs())``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from engine.beliefs import HandBelief
from engine.errors import ConfigError
from engine.registry import sample_consistent
from engine.rng import Rng

ROAD_BUILDING = "road_building"
"""The development card whose roads are free (the base game's name)."""


QUIET = frozenset(
    {
        "start_player",
        "turn",
        "must_discard",
        "robber",
        "largest_army",
        "longest_road",
        "trade_offer",
        "trade_answer",
        "game_over",
    }
)
"""Event kinds that move no hand cards; any other kind without a rule blurs the seats it names."""
SEAT_FIELDS = ("seat", "victim", "to", "from", "target", "with", "offerer", "partner")


def _named_seats(event: Mapping[str, Any], seats: int) -> set[int]:
    """The seats an event names in its seat fields or as keys of a per-seat map."""
    named: set[int] = set()
    for key, value in event.items():
        if key in SEAT_FIELDS and isinstance(value, int) and 0 <= value < seats:
            named.add(value)
        elif isinstance(value, dict):
            named.update(int(k) for k in value if isinstance(k, str) and k.isdigit())
    return {p for p in named if p < seats}


_TRACKERS: dict[str, type[CardTracker]] = {}
"""Tracker classes by the dotted name of the game class they count in."""


def _dotted(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


class CardTracker:
    """Every seat's hand as `seat` can know it: exact, or a floor plus wildcards.

    ``names`` are the hand-card kinds in index order, ``prices`` what each
    purchase (a ``build`` event's piece, ``development``) costs in that order.
    A subclass adds a ruleset's event rules as ``_on_<kind>`` methods, its
    card-neutral kinds to ``QUIET``, and names its game class in ``GAME``.
    """

    GAME: ClassVar[str] = "engine.rulesets.base.game.BaseGame"
    """The game class (dotted name) this tracker counts in, and in its subclasses."""
    QUIET: ClassVar[frozenset[str]] = QUIET
    FREE_PIECES: ClassVar[tuple[str, ...]] = ("road",)
    """The pieces Road Building's free builds may be."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _TRACKERS[cls.GAME] = cls

    def __init__(
        self, names: Sequence[str], prices: Mapping[str, Sequence[int]], seats: int, seat: int
    ) -> None:
        self.names = tuple(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.prices = {piece: tuple(cost) for piece, cost in prices.items()}
        self.seats = seats
        self.seat = seat
        kinds = len(self.names)
        self.known: list[list[int]] = [[0] * kinds for _ in range(seats)]
        self.unknown = [0] * seats
        self.possible: list[set[int]] = [set() for _ in range(seats)]
        self.hidden = [False] * seats
        """Whether a hidden event (or an unexplained change) has touched the seat's hand."""
        self.setup = True  # builds are free until the first roll
        self.free_roads = [0] * seats

    @classmethod
    def for_view(cls, view: Mapping[str, Any]) -> CardTracker:
        """A tracker for the view's seat, its card kinds and prices read from the ruleset.

        Called on `CardTracker`, the tracker class is the one registered for the
        nearest class in the game class's MRO (plain `CardTracker` if none is).
        """
        game_cls = type(sample_consistent(dict(view), Rng(0)))
        cards = getattr(game_cls, "HAND_CARDS", None)
        prices = getattr(game_cls, "PRICES", None)
        if cards is None or prices is None:
            raise ConfigError(f"card counting does not support the ruleset {view['ruleset']!r}")
        tracker_cls = cls
        if cls is CardTracker:
            found = (_TRACKERS.get(_dotted(c)) for c in game_cls.__mro__)
            tracker_cls = next((t for t in found if t is not None), cls)
        tracker = tracker_cls(cards.names, prices, int(view["num_seats"]), int(view["seat"]))
        tracker.configure(view)
        tracker.observe(view)
        return tracker

    def configure(self, view: Mapping[str, Any]) -> None:
        """Hook: read what the rules make public from the first view (phase, options)."""
        self.setup = view["phase"].startswith("setup")

    # -- what others read ------------------------------------------------------------
    def belief(self, seat: int) -> HandBelief:
        possible = frozenset(self.possible[seat]) if self.unknown[seat] else frozenset()
        return HandBelief(tuple(self.known[seat]), self.unknown[seat], possible)

    def beliefs(self) -> dict[int, HandBelief]:
        """The belief about every other seat's hand (for `sample_consistent`)."""
        return {p: self.belief(p) for p in range(self.seats) if p != self.seat}

    # -- reconciling with a view -----------------------------------------------------
    def observe(self, view: Mapping[str, Any]) -> None:
        """Match every hand's size to the view (and this seat's own hand exactly)."""
        me = view.get("me")
        if me is not None:
            self.known[self.seat] = [int(me["hand"].get(n, 0)) for n in self.names]
            self.unknown[self.seat] = 0
            self.possible[self.seat] = set()
        for p, info in enumerate(view["players"]):
            if p == self.seat:
                continue
            diff = int(info["resource_count"]) - sum(self.known[p]) - self.unknown[p]
            if diff > 0:
                self._gain_unknown(p, diff, set(range(len(self.names))))
            elif diff < 0:
                self._lose_random(p, -diff)

    # -- events ----------------------------------------------------------------------
    def has_rule(self, kind: str) -> bool:
        """Whether events of `kind` are followed (a rule, or known to move no hand card)."""
        return kind in self.QUIET or hasattr(self, "_on_" + kind)

    def feed(self, events: Iterable[Mapping[str, Any]]) -> None:
        for event in events:
            kind = str(event["kind"])
            handler = getattr(self, "_on_" + kind, None)
            if handler is not None:
                handler(event)
            elif kind not in self.QUIET:
                # A kind without a rule here may move cards without changing a
                # hand's size (a swap): forget the hands of the seats it names.
                for seat in _named_seats(event, self.seats):
                    if seat != self.seat:
                        self._blur(seat)

    def _on_starting_hand(self, e: Mapping[str, Any]) -> None:
        cards = e.get("cards")
        if cards is None:
            self._gain_unknown(int(e["seat"]), int(e["count"]), set(range(len(self.names))))
        else:
            self._gain(int(e["seat"]), cards)

    def _on_dice(self, e: Mapping[str, Any]) -> None:
        self.setup = False

    def _on_turn(self, e: Mapping[str, Any]) -> None:
        self.free_roads = [0] * self.seats

    def _on_production(self, e: Mapping[str, Any]) -> None:
        for p, cards in e["gains"].items():
            self._gain(int(p), cards)

    def _on_take_resource(self, e: Mapping[str, Any]) -> None:
        self._gain(int(e["seat"]), {e["resource"]: 1})

    _on_pick_gold = _on_take_resource

    def _on_discard(self, e: Mapping[str, Any]) -> None:
        self._pay(int(e["seat"]), self.index[e["resource"]], 1)

    def _on_maritime_trade(self, e: Mapping[str, Any]) -> None:
        seat = int(e["seat"])
        self._pay(seat, self.index[e["give"]], int(e["count"]))
        self._gain(seat, {e["get"]: 1})

    def _on_trade_closed(self, e: Mapping[str, Any]) -> None:
        partner = e.get("with")
        if partner is None:
            return
        offerer, partner = int(e["seat"]), int(partner)
        give, get = e["give"], e["get"]  # the offerer's side
        for name, n in give.items():
            self._pay(offerer, self.index[name], int(n))
        for name, n in get.items():
            self._pay(partner, self.index[name], int(n))
        self._gain(offerer, get)
        self._gain(partner, give)

    def _on_build(self, e: Mapping[str, Any]) -> None:
        seat, piece = int(e["seat"]), str(e["piece"])
        if self.setup:
            return
        if piece in self.FREE_PIECES and self.free_roads[seat]:
            self.free_roads[seat] -= 1
            return
        self._buy(seat, piece)

    def _on_buy_development(self, e: Mapping[str, Any]) -> None:
        self._buy(int(e["seat"]), "development")

    def _on_play_development(self, e: Mapping[str, Any]) -> None:
        if e["card"] == ROAD_BUILDING:
            self.free_roads[int(e["seat"])] = 2

    def _on_monopoly(self, e: Mapping[str, Any]) -> None:
        seat, r = int(e["seat"]), self.index[e["resource"]]
        taken = {int(p): int(n) for p, n in e["taken"].items()}
        for p in range(self.seats):
            if p == seat:
                continue
            self._pay(p, r, taken.get(p, 0))
            self._none_of(p, r)  # every other seat now holds none of that kind
        self.known[seat][r] += sum(taken.values())

    def _on_steal(self, e: Mapping[str, Any]) -> None:
        thief, victim = int(e["seat"]), int(e["victim"])
        card = e.get("resource")
        if card is not None:
            self._pay(victim, self.index[card], 1)
            self._gain(thief, {card: 1})
            return
        kinds = self._candidates(victim)
        self._lose_random(victim, 1)
        self._gain_unknown(thief, 1, kinds)

    # -- the bookkeeping -------------------------------------------------------------
    def _gain(self, seat: int, cards: Mapping[str, int]) -> None:
        row = self.known[seat]
        for name, n in cards.items():
            row[self.index[name]] += int(n)

    def _buy(self, seat: int, piece: str) -> None:
        cost = self.prices.get(piece)
        if cost is None:  # a piece this tracker has no price for: observe() reconciles
            return
        for k, n in enumerate(cost):
            if n:
                self._pay(seat, k, n)

    def _pay(self, seat: int, kind: int, n: int) -> None:
        """`seat` gave up `n` cards of `kind` in public."""
        row = self.known[seat]
        take = min(row[kind], n)
        row[kind] -= take
        rest = n - take
        if rest:
            if rest > self.unknown[seat] or kind not in self.possible[seat]:
                self._blur(seat)  # the tracker missed something: start over from the size
                self._pay(seat, kind, min(rest, self.unknown[seat]))
                return
            self.unknown[seat] -= rest
            if not self.unknown[seat]:
                self.possible[seat] = set()

    def _none_of(self, seat: int, kind: int) -> None:
        """`seat` is known to hold no card of `kind` (its wildcards included)."""
        if self.known[seat][kind]:  # the tracker missed something: start over from the size
            self._blur(seat)
        self.possible[seat].discard(kind)
        if self.unknown[seat] and not self.possible[seat]:
            self._blur(seat)

    def _candidates(self, seat: int) -> set[int]:
        """The kinds a card taken at random from `seat` may be."""
        kinds = {k for k, n in enumerate(self.known[seat]) if n}
        if self.unknown[seat]:
            kinds |= self.possible[seat]
        return kinds

    def _gain_unknown(self, seat: int, n: int, kinds: set[int]) -> None:
        if n <= 0 or not kinds:
            return
        self.unknown[seat] += n
        self.possible[seat] |= kinds
        self.hidden[seat] = True

    def _lose_random(self, seat: int, n: int) -> None:
        """`seat` lost `n` cards nobody told this seat (a steal between others)."""
        for _ in range(n):
            kinds = self._candidates(seat)
            if not kinds:
                return
            self.hidden[seat] = True
            row = self.known[seat]
            if len(kinds) == 1:
                (k,) = kinds
                if row[k]:
                    row[k] -= 1
                else:
                    self.unknown[seat] -= 1
            else:
                total = sum(row) + self.unknown[seat] - 1
                for k in kinds:
                    if row[k]:
                        row[k] -= 1
                self.unknown[seat] = total - sum(row)
                self.possible[seat] = kinds
            if not self.unknown[seat]:
                self.possible[seat] = set()

    def _blur(self, seat: int) -> None:
        """Forget what `seat` holds except its size (every card a wildcard of any kind)."""
        total = sum(self.known[seat]) + self.unknown[seat]
        self.known[seat] = [0] * len(self.names)
        self.unknown[seat] = 0
        self.possible[seat] = set()
        self._gain_unknown(seat, total, set(range(len(self.names))))


class StarfarersTracker(CardTracker):
    """Card counting in Starfarers (rules/starfarers.md §5, §6).

    Its own public moves: the relief card, the half medal bought for goods,
    encounter cards handed out or taken. Its own hidden ones: reserve-pile
    draws (after a roll, a 7, and the rulebook starting hand), which are told
    to the drawer only, so another seat's draw is a wildcard of any kind.
    """

    GAME = "engine.rulesets.starfarers.game.StarfarersGame"
    QUIET = QUIET | {
        "place",
        "shake",
        "fly",
        "jump",
        "jump_ready",
        "end_move",
        "discover",
        "explore",
        "found_colony",
        "trade_station",
        "friendship_marker",
        "friendship_card",
        "pirate_base_defeated",
        "ice_planet_terraformed",
        "ship_stuck",
        "free_trade_ship",
        "trade_ship_token",
        "trade_ship_lost",
        "half_medals",
        "upgrade_gained",
        "upgrade_lost",
        "encounter",
        "encounter_revealed",
        "encounter_shake",
        "contest",
        "encounter_gift",  # announces the cards; each moves in an encounter_card_out
        "encounter_cannot_pay",
        "encounter_done",
    }
    SEED_START = 3
    """Cards of each kind in the starting hand of the ``starting_hand=seed`` option."""

    def configure(self, view: Mapping[str, Any]) -> None:
        super().configure(view)
        options = view.get("config", {}).get("options", {})
        self.open_start = options.get("starting_hand", "seed") == "seed"
        # A variant without placement rounds deals the starting hands as the game is
        # made, before any event: before the first roll they are the seed's 3 of each
        # (the first turn of play is turn 1; saves before 25 November 2026 numbered it 0).
        start = [self.SEED_START] * len(self.names)
        if self.open_start and view["phase"] == "pre_roll" and view["turn"] <= 1:
            for p, info in enumerate(view["players"]):
                if p != self.seat and int(info["resource_count"]) == sum(start):
                    self.known[p] = start[:]

    def _on_starting_hand(self, e: Mapping[str, Any]) -> None:
        # A starting hand is the whole hand: it replaces what was counted before it (the
        # seed's hand read from a first view taken before the events of the game's making).
        seat = int(e["seat"])
        self.known[seat] = [0] * len(self.names)
        self.unknown[seat] = 0
        self.possible[seat] = set()
        if e.get("cards") is None and self.open_start:
            self._gain(seat, {name: self.SEED_START for name in self.names})
        else:
            super()._on_starting_hand(e)

    _on_reserve_draw = CardTracker._on_starting_hand
    """Hidden: the drawer sees its cards, everyone else a count of wildcards."""

    def _on_relief(self, e: Mapping[str, Any]) -> None:
        self._gain(int(e["seat"]), {e["resource"]: 1})

    def _on_buy_fame(self, e: Mapping[str, Any]) -> None:
        self._buy(int(e["seat"]), "fame")

    def _on_encounter_take(self, e: Mapping[str, Any]) -> None:
        self._gain(int(e["seat"]), {e["resource"]: int(e.get("count", 1))})

    def _on_encounter_card_out(self, e: Mapping[str, Any]) -> None:
        self._pay(int(e["seat"]), self.index[e["resource"]], 1)
        to = int(e["to"])
        if to >= 0:
            self._gain(to, {e["resource"]: 1})


class FleetTracker(CardTracker):
    """Card counting in the Fleet variant: ships are bought (``PRICES``) or free of Road Building.

    Its fleet moves, the pirate and the number chips move no hand cards; gold
    picks are the base game's ``take_resource``/``pick_gold`` rules.
    """

    GAME = "engine.rulesets.fleet.game.FleetGame"
    QUIET = QUIET | {"fleet_phase", "fleet_move", "pirate", "chip_swap", "keep_fleet", "islet_chip"}
    FREE_PIECES = ("road", "ship")


class CKTracker(CardTracker):
    """Card counting in Cities & Knights (rules/ck.md): commodities are hand kinds.

    Public payments: knights built, activated and promoted (``knight`` events,
    priced in ``PRICES``), city improvements (``improve``: as many of the
    track's commodity as the new level, one less after a Crane), Medicine's
    cheaper city, Engineer's free wall, Smith's free promotions. Transfers:
    monopolies (``taken``), Aqueduct picks, Irrigation and Mining
    (``free_cards``), and ``card_given`` (Wedding, Master Merchant, Commercial
    Harbor), which is hidden from the other seats (a wildcard, as a steal).

    A Smith's free promotion and a Diplomat's free road may be declined with
    no event; a paid one the same turn then reads as free until `observe`
    reconciles the hand's size (both are rare).
    """

    GAME = "engine.rulesets.ck.core.CKCore"
    QUIET = QUIET | {
        "barbarians",
        "attack",
        "city_lost",
        "defender",
        "metropolis",
        "merchant",
        "harbor_cancelled",
        "numbers_swapped",
        "knight_displaced",
        "deserter_lost",
        "progress_drawn",
        "progress_revealed",
        "progress_discarded",
        "progress_taken",
    }
    FREE_PROMOTIONS = 2
    """What a Smith promotes for free."""
    MONOPOLY_TAKES = {"resource_monopoly": 2, "trade_monopoly": 1}
    """The most a monopoly card takes from each opponent."""

    def configure(self, view: Mapping[str, Any]) -> None:
        super().configure(view)
        from engine.rulesets.ck.cards import HAND, TRACK_COMMODITY, TRACK_NAMES

        self.track_commodity = {
            t: HAND.index[HAND.names[c]] for t, c in zip(TRACK_NAMES, TRACK_COMMODITY, strict=True)
        }
        self.crane = bool(view.get("crane", False))
        self.free_promotions = [0] * self.seats
        self.cheap_city = [False] * self.seats
        self.free_wall = [False] * self.seats
        self.diplomat = [False] * self.seats
        self.played: str | None = None

    def _on_turn(self, e: Mapping[str, Any]) -> None:
        super()._on_turn(e)
        self.crane = False
        self.free_promotions = [0] * self.seats
        self.cheap_city = [False] * self.seats
        self.free_wall = [False] * self.seats
        self.diplomat = [False] * self.seats

    def _on_progress_played(self, e: Mapping[str, Any]) -> None:
        seat, card = int(e["seat"]), str(e["card"])
        self.played = card
        if card == ROAD_BUILDING:
            self.free_roads[seat] = 2
        elif card == "smith":
            self.free_promotions[seat] = self.FREE_PROMOTIONS
        elif card == "medicine":
            self.cheap_city[seat] = True
        elif card == "engineer":
            self.free_wall[seat] = True
        elif card == "diplomat":
            self.diplomat[seat] = True
        elif card == "crane":
            self.crane = True

    def _on_build(self, e: Mapping[str, Any]) -> None:
        seat, piece = int(e["seat"]), str(e["piece"])
        if not self.setup and piece == "city" and self.cheap_city[seat]:
            self.cheap_city[seat] = False
            self._buy(seat, "medicine")
        elif not self.setup and piece == "wall" and self.free_wall[seat]:
            self.free_wall[seat] = False
        else:
            super()._on_build(e)

    def _on_road_removed(self, e: Mapping[str, Any]) -> None:
        seat = int(e["seat"])
        if self.diplomat[seat]:  # a Diplomat's own road: one free road to place again
            self.free_roads[seat] += 1

    def _on_knight(self, e: Mapping[str, Any]) -> None:
        seat, what = int(e["seat"]), str(e["what"])
        if what == "built":
            self._buy(seat, "knight")
        elif what == "activated":
            self._buy(seat, "activate")
        elif what == "promoted":
            if self.free_promotions[seat]:
                self.free_promotions[seat] -= 1
            else:
                self._buy(seat, "promote")

    def _on_improve(self, e: Mapping[str, Any]) -> None:
        cost = max(0, int(e["level"]) - (1 if self.crane else 0))
        self.crane = False
        self._pay(int(e["seat"]), self.track_commodity[str(e["track"])], cost)

    def _on_free_cards(self, e: Mapping[str, Any]) -> None:
        self._gain(int(e["seat"]), e["cards"])

    def _on_pick_resource(self, e: Mapping[str, Any]) -> None:
        self._gain(int(e["seat"]), {e["resource"]: 1})

    def _on_taken(self, e: Mapping[str, Any]) -> None:
        seat, kind = int(e["seat"]), self.index[e["card"]]
        taken = {int(p): int(n) for p, n in e["taken"].items()}
        most = self.MONOPOLY_TAKES.get(self.played or "")
        for p in range(self.seats):
            if p == seat:
                continue
            n = taken.get(p, 0)
            self._pay(p, kind, n)
            if most is not None and n < most:
                self._none_of(p, kind)  # it gave all it had of that kind
        self.known[seat][kind] += sum(taken.values())

    def _on_card_given(self, e: Mapping[str, Any]) -> None:
        giver, to = int(e["seat"]), int(e["to"])
        card = e.get("card")
        if card is not None:
            self._pay(giver, self.index[card], 1)
            self._gain(to, {card: 1})
            return
        kinds = self._candidates(giver)
        self._lose_random(giver, 1)
        self._gain_unknown(to, 1, kinds)
