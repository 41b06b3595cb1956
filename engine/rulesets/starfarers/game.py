"""The Starfarers game state and its turn structure (rules/starfarers.md §3-§8).

State is kept flat: per-vertex lists for pieces on the map, per-seat lists
for hands and equipment, counts for every deck. `copy()` is therefore a
handful of list copies. Setup lives in setup.py, production in
production.py, flight in flight.py and encounters in encounters.py; this
module owns the state, the phase machine, trading and building, checks and
dispatch.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import Action
from engine.config import GameConfig
from engine.events import Event, EventKind
from engine.game import Game
from engine.rng import Rng
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers import encounters, flight, production, setup
from engine.rulesets.starfarers.actions import (
    CODEC,
    SHIP_KINDS,
    START_UPGRADES,
    UPGRADES,
    BuildShip,
    BuildSpaceport,
    BuildUpgrade,
    BuyFame,
    ChooseOpponent,
    ChooseShip,
    ChooseStartUpgrade,
    ChooseUpgrade,
    EncounterAnswer,
    EndMove,
    FlyStep,
    FoundColony,
    Jump,
    PlaceColony,
    RemoveUpgrade,
    Shake,
    TakeFriendship,
    TakeResource,
)
from engine.rulesets.starfarers.constants import (
    COLONY,
    COLONY_SHIP,
    COLONY_SHIP_COST,
    DISCARD,
    EMPTY_POINT,
    ENC_CHOICE,
    ENCOUNTER,
    FAME_COST,
    FLIGHT,
    FRIENDSHIP,
    GAME_OVER,
    HALF_MEDALS,
    MAIN,
    NUM_CARDS,
    PHASE_NAMES,
    PIECES,
    PRE_ROLL,
    RELIEF,
    RESERVE_PER_TYPE,
    RESOURCE_TOTAL,
    SETUP_COLONY,
    SETUP_PHASES,
    SETUP_PORT,
    SETUP_SHIP,
    SETUP_UPGRADE,
    SPACEPORT,
    SPACEPORT_COST,
    STEAL,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    TRADE_SHIP,
    TRADE_SHIP_COST,
    TRADE_TOKENS,
    UPGRADE_COST,
    UPGRADE_MAX,
    UPGRADE_STOCK,
    VP_TO_WIN,
)
from engine.rulesets.starfarers.friendship import (
    CARD_COUNTS,
    CARD_INDEX,
    CARD_NAMES,
    DP_FAME,
    MC_BASE,
    NUM_KINDS,
)
from engine.rulesets.starfarers.layouts import GOODS, RESOURCE_INDEX, RESOURCES
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    OfferTrade,
    Roll,
    Steal,
)
from engine.shared.cardset import CardSet
from engine.shared.event_kinds import HEX_EVENTS
from engine.shared.plain import int_rows, plain
from engine.shared.trading import PendingTrade, PhaseTrading, holds

if TYPE_CHECKING:
    from engine.rulesets.starfarers.view_types import StarfarersView


def afford(hand: list[int], cost: tuple[int, ...]) -> bool:
    return all(h >= c for h, c in zip(hand, cost, strict=True))


class StarfarersGame(PhaseTrading, Game):
    codec = CODEC
    ruleset_name = "starfarers"
    TRADE_NAMES = RESOURCES
    TRADE_INDEX = RESOURCE_INDEX
    PHASE_MAIN = MAIN
    PHASE_RESPONSE = TRADE_RESPONSE
    PHASE_CONFIRM = TRADE_CONFIRM
    HAND_CARDS: ClassVar[CardSet] = CardSet(RESOURCES, (RESOURCE_TOTAL,) * len(RESOURCES))
    """The resource cards in hand order, 20 of each (facts card counters read)."""
    PRICES: ClassVar[Mapping[str, tuple[int, ...]]] = {
        "spaceport": SPACEPORT_COST,
        "colony_ship": COLONY_SHIP_COST,
        "trade_ship": TRADE_SHIP_COST,
        **{name: UPGRADE_COST[k] for k, name in enumerate(UPGRADES)},
        "fame": FAME_COST,
    }
    """What each purchase costs in HAND_CARDS order, keyed by the ``build`` event's piece
    (``fame``: the ``buy_fame`` event's half medal)."""
    EVENTS = (
        HEX_EVENTS.widen("production", optional=("roll", "short"))
        .widen("build", optional=("site",))
        .extend(
            EventKind("place", ("seat", "piece"), optional=("site",), doc="a setup placement"),
            EventKind("reserve_draw", ("seat", "count"), secret=("cards",)),
            EventKind("relief", ("seat", "resource"), doc="a card a seat chose"),
            EventKind("buy_fame", ("seat",)),
            EventKind("half_medals", ("seat", "change")),
            EventKind("upgrade_gained", ("seat", "upgrade")),
            EventKind("upgrade_lost", ("seat", "upgrade")),
            EventKind("shake", ("seat", "balls", "base_speed")),
            EventKind("fly", ("seat", "from", "to", "left")),
            EventKind("jump", ("seat", "from", "to")),
            EventKind("jump_ready", ("seat",)),
            EventKind("end_move", ("seat", "at"), optional=("ship",), doc="ship: its kind"),
            EventKind("discover", ("slot", "tile", "rotation")),
            EventKind("explore", ("slot", "discs")),
            EventKind("found_colony", ("seat", "site")),
            EventKind("trade_station", ("seat", "civilisation")),
            EventKind("friendship_marker", ("civilisation", "from", "to")),
            EventKind("friendship_card", ("seat", "card")),
            EventKind("pirate_base_defeated", ("seat", "planet", "token", "disc")),
            EventKind("ice_planet_terraformed", ("seat", "planet", "token", "disc")),
            EventKind("ship_stuck", ("seat", "ship")),
            EventKind("free_trade_ship", ("seat", "site")),
            EventKind("trade_ship_token", ("seat",)),
            EventKind("trade_ship_lost", ("seat",)),
            EventKind("encounter", ("seat", "answer_kind"), secret=("card", "name", "prompt")),
            EventKind("encounter_revealed", ("seat", "card", "name", "answer", "answer_kind")),
            EventKind("encounter_shake", ("seat", "balls", "test", "hit")),
            EventKind("contest", ("seat", "opponent", "stat", "total", "opponent_total", "won")),
            EventKind("encounter_take", ("seat", "resource"), optional=("count",)),
            EventKind("encounter_card_out", ("seat", "resource", "to")),
            EventKind("encounter_gift", ("seat", "to", "count")),
            EventKind("encounter_cannot_pay", ("seat",)),
            EventKind("encounter_done", ("seat",)),
        )
    )
    """The hex family's shared events, widened with Starfarers' fields, and its own kinds."""

    def seat_hand(self, seat: int) -> list[int]:
        return self.hands[seat]

    def move_cards(
        self, offerer: int, partner: int, give: tuple[int, ...], get: tuple[int, ...]
    ) -> None:
        mine, theirs = self.hands[offerer], self.hands[partner]
        for r in range(5):
            mine[r] += get[r] - give[r]
            theirs[r] += give[r] - get[r]

    def __init__(self, config: GameConfig) -> None:
        assert config.seed is not None, "normalise the config first (engine.new_game)"
        n = config.seats
        opts = config.options
        self.config = config
        self.log: list[Action] = []
        self.rng = Rng(config.seed)
        self.board = B.BOARD
        self.variant = str(opts["variant"])
        self.immediate = opts["victory_check"] == "immediate"
        self.rulebook_hand = opts["starting_hand"] == "rulebook"
        self.trade_limit = int(opts["trade_offers_per_turn"])
        # -- the map
        self.slot_tile = [-1] * B.NUM_SLOTS  # tile index, -1 face down / unused
        self.slot_rot = [0] * B.NUM_SLOTS
        self.slot_kind = [-1] * B.NUM_SLOTS  # layouts.PLANETARY.. or -1 face down
        self.tile_pool = [0] * 16  # tiles still unseen (drawn when a face-down slot is revealed)
        self.star_rule = False  # the surplus one-star tile must not be an outpost
        self.planet_res = [-1] * B.NUM_PLANETS
        self.planet_icon = [-1] * B.NUM_PLANETS
        self.planet_star = [0] * B.NUM_PLANETS
        self.planet_disc = [0] * B.NUM_PLANETS
        self.planet_hidden = [0] * B.NUM_PLANETS
        self.disc_pools = [[0] * 20 for _ in range(6)]
        self.reserve_discs = [0] * 20
        self.is_point = [1] * B.NUM_VERTICES
        for s in B.SLOTS:
            self.is_point[s.centre] = 0
        self.outpost_slot = [-1] * 4
        # -- pieces
        self.occ_owner = [-1] * B.NUM_VERTICES
        self.occ_kind = [0] * B.NUM_VERTICES
        self.ship_flags = [0] * B.NUM_VERTICES
        self.ships: list[list[int]] = [[] for _ in range(n)]
        self.sites: list[list[int]] = [[] for _ in range(n)]  # colony sites held (colony/port)
        self.colonies_left = [PIECES["colonies"]] * n
        self.stations_left = [PIECES["stations"]] * n
        self.transports_left = [PIECES["transports"]] * n
        self.rings_left = [PIECES["rings"]] * n
        self.n_colonies = [0] * n
        self.n_ports = [0] * n
        self.system_count = [0] * B.NUM_SLOTS
        # -- economy
        self.supply = [RESOURCE_TOTAL - RESERVE_PER_TYPE] * 5
        self.reserve = [RESERVE_PER_TYPE] * 5
        self.hands = [[0] * 5 for _ in range(n)]
        self.upgrades = [[0, 0, 0] for _ in range(n)]
        self.upgrade_stock = list(UPGRADE_STOCK)
        self.half_medals = [1] * n
        self.hm_stock = HALF_MEDALS - n
        self.medals = [0] * n
        self.trade_tokens = [0] * n
        self.tokens_left = TRADE_TOKENS
        self.fstack = list(CARD_COUNTS)
        self.fheld = [[0] * NUM_KINDS for _ in range(n)]
        self.marker = [-1] * 4
        self.stations = [[0] * n for _ in range(4)]
        self.merchant_goods_used = False
        self.fame_used = False
        self.vp = [0] * n
        # -- turn
        self.turn = 0
        self.current = 0
        self.start = 0
        self.dice: tuple[int, int] | None = None
        self.discard_owed = [0] * n
        self.steal_candidates: list[int] = []
        self.steal_kind = 0  # 0: the 7, 1: Diplomat helping hand
        self.relief_queue: list[int] = []
        self.trade: PendingTrade | None = None
        self.offers_this_turn = 0
        self.winner_seat = -1
        # -- setup
        self.setup_order: list[int] = []
        self.setup_pos = 0
        self.setup_site = -1
        # -- flight
        self.balls: tuple[int, int] | None = None
        self.base_speed = 0
        self.moving = -1  # point of the ship being moved (lifted off the map), -1 if none
        self.moving_kind = 0
        self.moving_flags = 0
        self.move_start = -1
        self.steps_left = 0
        self.move_trapped = False
        self.jump_ready = False
        self.friend_civ = -1
        # -- encounters
        self.enc_draw = [1] * NUM_CARDS
        self.enc_discard = [0] * NUM_CARDS
        self.enc_card = -1
        self.enc_queue: list[Any] = []
        self.enc_need = 0
        self.enc_count = 0
        self.enc_seat = -1
        self.enc_dest = -1
        self.enc_opts: list[int] = []
        self.enc_given = 0
        self.enc_pref = -1
        self._legal: list[Action] | None = None
        self._legal_at = -1
        self.phase = SETUP_COLONY
        self.initial_events = setup.set_up(self)
        self.refresh_vp()

    # -- derived values -------------------------------------------------------------
    def vp_of(self, p: int) -> int:
        return (
            self.n_colonies[p]
            + 2 * self.n_ports[p]
            + 2 * self.marker.count(p)
            + self.medals[p]
            + self.half_medals[p] // 2
        )

    def refresh_vp(self) -> None:
        marker = self.marker
        self.vp = [
            c + 2 * ports + 2 * marker.count(p) + medals + half // 2
            for p, (c, ports, medals, half) in enumerate(
                zip(self.n_colonies, self.n_ports, self.medals, self.half_medals, strict=True)
            )
        ]

    def rate(self, p: int, give: int) -> int:
        if give == GOODS:
            return 1 if self.fheld[p][MC_BASE + GOODS] and not self.merchant_goods_used else 2
        return 2 if self.fheld[p][MC_BASE + give] else 3

    def free_port_sites(self, p: int) -> list[int]:
        """Free spaceport sites of `p`'s spaceports, where new ships appear."""
        out = []
        kind = self.occ_kind
        for v in self.sites[p]:
            if kind[v] == SPACEPORT:
                for s in B.PORT_SITES[v]:
                    if kind[s] == EMPTY_POINT and s != self.moving:
                        out.append(s)
        out.sort()
        return out

    # -- the decision -----------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase in _CURRENT_ACTS:
            return self.current
        if phase == GAME_OVER:
            return None
        if phase in SETUP_PHASES:
            return self.setup_order[self.setup_pos]
        if phase == DISCARD:
            n = self.config.seats
            for k in range(n):
                seat = (self.current + k) % n
                if self.discard_owed[seat]:
                    return seat
        if phase == RELIEF:
            return self.relief_queue[0]
        if phase == TRADE_RESPONSE and self.trade is not None:
            return self.trade.waiting[0]
        if phase == ENC_CHOICE:
            return self.enc_seat
        return self.current

    @property
    def winner(self) -> int | None:
        return self.winner_seat if self.winner_seat >= 0 else None

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def scores(self) -> list[int]:
        return [self.vp_of(p) for p in range(self.config.seats)]

    def apply(self, action: Action) -> list[Event]:
        """As Game.apply; an action from the list just handed out needs no second validation.

        Bots and the random benchmark pick from `legal_actions()` and apply at once, so
        re-running the flight reachability search in `check` would double the hot path.
        The list is trusted only while no action has been applied since it was made.
        """
        legal = self._legal
        if (
            legal is not None
            and self._legal_at == self._history_len
            and action in legal  # list membership tries identity first, in C
        ):
            self._legal = None
            self._record(action)
            return self._apply(action)
        self._legal = None
        return super().apply(action)

    def legal_actions(self) -> list[Action]:
        out = self._legal_actions()
        self._legal = out
        self._legal_at = self._history_len
        return list(out)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == FLIGHT:  # the most frequent decisions first
            return flight.legal(self)
        if phase == MAIN:
            return self._main_actions(self.current)
        seat = self.to_act
        if seat is None:
            return []
        if phase == SETUP_COLONY:
            return [PlaceColony(v) for v in B.HOME_SITES if self.occ_kind[v] == EMPTY_POINT]
        if phase == SETUP_PORT:
            return [
                BuildSpaceport(v)
                for v in B.HOME_SITES
                if self.occ_kind[v] == COLONY and self.occ_owner[v] == seat
            ]
        if phase == SETUP_SHIP:
            return [
                BuildShip(kind, s)
                for s in B.PORT_SITES[self.setup_site]
                if self.occ_kind[s] == EMPTY_POINT
                for kind in SHIP_KINDS
            ]
        if phase == SETUP_UPGRADE:
            return [ChooseStartUpgrade(o) for o in START_UPGRADES]
        if phase == PRE_ROLL:
            return [_ROLL]
        if phase == DISCARD:
            hand = self.hands[seat]
            return [Discard(RESOURCES[r]) for r in range(5) if hand[r]]
        if phase == STEAL:
            return [Steal(p) for p in self.steal_candidates]
        if phase == RELIEF:
            return [TakeResource(RESOURCES[r]) for r in range(5) if self.supply[r]]
        if phase == MAIN:
            return self._main_actions(seat)
        if phase == TRADE_RESPONSE:
            assert self.trade is not None
            out: list[Action] = []
            if holds(self.hands[seat], self.trade.get):
                out.append(AcceptTrade())
            out.append(DeclineTrade())
            return out
        if phase == TRADE_CONFIRM:
            assert self.trade is not None
            confirm: list[Action] = [
                ConfirmTrade(s) for s in sorted(self.trade.answers) if self._trade_feasible(s)
            ]
            return [*confirm, CancelTrade()]
        if phase in (ENCOUNTER, ENC_CHOICE):
            return encounters.legal(self)
        if phase == FLIGHT:
            return flight.legal(self)
        if phase == FRIENDSHIP:
            return [
                TakeFriendship(CARD_NAMES[k])
                for k in range(NUM_KINDS)
                if self.fstack[k] and _civ_of(k) == self.friend_civ
            ]
        return []

    def _main_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        if self.rings_left[seat] and afford(hand, SPACEPORT_COST):
            out.extend(
                BuildSpaceport(v) for v in self._colonies_of(seat) if self.occ_kind[v] == COLONY
            )
        if self.transports_left[seat]:
            can_col = self.colonies_left[seat] and afford(hand, COLONY_SHIP_COST)
            can_trade = self.stations_left[seat] and afford(hand, TRADE_SHIP_COST)
            if can_col or can_trade:
                for s in self.free_port_sites(seat):
                    if can_col:
                        out.append(BuildShip("colony", s))
                    if can_trade:
                        out.append(BuildShip("trade", s))
        ups = self.upgrades[seat]
        stock = self.upgrade_stock
        # boosters cost 2 fuel, cannons 2 carbon, pods 2 ore
        if ups[0] < 6 and stock[0] and hand[1] >= 2:
            out.append(_BUILD_UPGRADE[0])
        if ups[1] < 6 and stock[1] and hand[2] >= 2:
            out.append(_BUILD_UPGRADE[1])
        if ups[2] < 5 and stock[2] and hand[0] >= 2:
            out.append(_BUILD_UPGRADE[2])
        if hand[GOODS] >= 2 and self._fame_ok(seat):
            out.append(_BUY_FAME)
        supply = self.supply
        for give in range(5):
            if hand[give] and hand[give] >= self.rate(seat, give):
                row = _MARITIME[give]
                out.extend(row[get] for get in range(5) if get != give and supply[get])
        if self.offers_this_turn < self.trade_limit:
            for give in range(5):
                if hand[give]:
                    out.extend(_OFFERS[give])
        out.append(_SHAKE if self.ships[seat] else _END_TURN)
        return out

    def _colonies_of(self, seat: int) -> list[int]:
        kind = self.occ_kind
        return sorted(v for v in self.sites[seat] if kind[v] == COLONY)

    def _fame_ok(self, seat: int) -> bool:
        return bool(
            self.fheld[seat][DP_FAME]
            and not self.fame_used
            and self.hm_stock
            and afford(self.hands[seat], FAME_COST)
        )

    # -- checks -----------------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        checker = _CHECKS.get(type(action))
        if checker is None:
            return f"{action.type} is not an action of Starfarers"
        if self.to_act is None:
            return "the game is over"
        return checker(self, action)

    def waiting_for(self) -> str:
        return PHASE_NAMES[self.phase].replace("_", " ")

    def phase_is(self, *phases: int) -> str | None:
        if self.phase in phases:
            return None
        return f"not now: the game is waiting for {self.waiting_for()}"

    def _by_menu(self, a: Action) -> str | None:
        """Phases whose legal list is a small exact menu are checked against it."""
        if a in self.legal_actions():
            return None
        return self._menu_problem(a)

    def _menu_problem(self, a: Action) -> str:
        phase = self.phase
        if phase in SETUP_PHASES:
            if isinstance(a, PlaceColony):
                if self.phase != SETUP_COLONY:
                    return f"not now: placement is at the {self.waiting_for()} step"
                return "colonies in the placement rounds go on free home colony sites"
            if isinstance(a, BuildSpaceport):
                return "the round-4 shipyard ring goes on one of your own colonies"
            if isinstance(a, BuildShip):
                return "the round-4 ship goes on a free site of the spaceport just built"
            return f"not now: the game is waiting for {self.waiting_for()}"
        if isinstance(a, Discard):
            if phase == DISCARD:
                return f"you hold no {a.resource} to discard"
            if phase == ENC_CHOICE:
                return f"you cannot hand over {a.resource} now"
        if isinstance(a, Steal):
            return "steal only from an eligible opponent who holds cards"
        if isinstance(a, TakeResource):
            return f"the supply has no {a.resource} for you to take now"
        if isinstance(a, TakeFriendship):
            return "take one of that civilisation's remaining friendship cards"
        return f"not now: the game is waiting for {self.waiting_for()}"

    def _resource(self, name: str) -> int | str:
        i = RESOURCE_INDEX.get(name)
        if i is None:
            return f"unknown resource {name!r}; valid: {', '.join(RESOURCES)}"
        return i

    def _check_roll(self, a: Action) -> str | None:
        return self.phase_is(PRE_ROLL)

    def _check_main(self) -> str | None:
        if self.phase == PRE_ROLL:
            return "roll the dice first (production comes before trade & build)"
        if self.phase in (FLIGHT, ENCOUNTER, ENC_CHOICE, FRIENDSHIP):
            return "trade & build is over once the mothership is shaken"
        return self.phase_is(MAIN)

    def _check_spaceport(self, a: Action) -> str | None:
        assert isinstance(a, BuildSpaceport)
        if self.phase == SETUP_PORT:
            return self._by_menu(a)
        if (problem := self._check_main()) is not None:
            return problem
        seat = self.current
        v = a.site
        if not (0 <= v < B.NUM_VERTICES) or self.occ_kind[v] != COLONY or self.occ_owner[v] != seat:
            return "a spaceport is built on one of your own colonies"
        if not self.rings_left[seat]:
            return "you have no shipyard ring left (at most 3 spaceports)"
        if not afford(self.hands[seat], SPACEPORT_COST):
            return "a spaceport costs 3 carbon and 2 food"
        return None

    def _check_ship(self, a: Action) -> str | None:
        assert isinstance(a, BuildShip)
        if a.kind not in SHIP_KINDS:
            return f"unknown ship kind {a.kind!r}; valid: {', '.join(SHIP_KINDS)}"
        if self.phase == SETUP_SHIP:
            return self._by_menu(a)
        if self.phase == ENC_CHOICE:
            return encounters.check(self, a)
        if (problem := self._check_main()) is not None:
            return problem
        seat = self.current
        if not self.transports_left[seat]:
            return "no transport ship left in your supply (at most 3 ships on the board)"
        if a.kind == "colony":
            if not self.colonies_left[seat]:
                return "no colony left in your supply (each colony ship carries one)"
            if not afford(self.hands[seat], COLONY_SHIP_COST):
                return "a colony ship costs 1 ore, 1 fuel, 1 carbon and 1 food"
        else:
            if not self.stations_left[seat]:
                return "no trade station left in your supply"
            if not afford(self.hands[seat], TRADE_SHIP_COST):
                return "a trade ship costs 1 ore, 1 fuel and 2 goods"
        if a.site not in self.free_port_sites(seat):
            return "a new ship goes on a free spaceport site of one of your spaceports"
        return None

    def _check_upgrade(self, a: Action) -> str | None:
        assert isinstance(a, BuildUpgrade)
        if (problem := self._check_main()) is not None:
            return problem
        if a.kind not in UPGRADES:
            return f"unknown upgrade {a.kind!r}; valid: {', '.join(UPGRADES)}"
        k = UPGRADES.index(a.kind)
        seat = self.current
        word = "freight pod" if a.kind == "pod" else a.kind  # as the player's card names it
        if self.upgrades[seat][k] >= UPGRADE_MAX[k]:
            return f"at most {UPGRADE_MAX[k]} {word}s per mothership"
        if not self.upgrade_stock[k]:
            return f"no {word} left in the stock"
        if not afford(self.hands[seat], UPGRADE_COST[k]):
            cost = {"booster": "2 fuel", "cannon": "2 carbon", "pod": "2 ore"}[a.kind]
            return f"a {word} costs {cost}"
        return None

    def _check_start_upgrade(self, a: Action) -> str | None:
        if (problem := self.phase_is(SETUP_UPGRADE)) is not None:
            return problem
        return self._by_menu(a)

    def _check_fame(self, a: Action) -> str | None:
        if (problem := self._check_main()) is not None:
            return problem
        seat = self.current
        if not self.fheld[seat][DP_FAME]:
            return "buying fame needs a Diplomat fame card"
        if self.fame_used:
            return "fame can be bought once per turn"
        if not self.hm_stock:
            return "no half medals left"
        if not afford(self.hands[seat], FAME_COST):
            return "fame costs 2 goods"
        return None

    def _check_maritime(self, a: Action) -> str | None:
        assert isinstance(a, MaritimeTrade)
        if self.phase in (TRADE_RESPONSE, DISCARD, STEAL, RELIEF) or (
            self.phase == ENC_CHOICE and self.to_act != self.current
        ):
            return "only the active player trades with the supply, in trade & build"
        if (problem := self._check_main()) is not None:
            return problem
        give, get = self._resource(a.give), self._resource(a.get)
        if isinstance(give, str):
            return give
        if isinstance(get, str):
            return get
        if give == get:
            return "a trade with the supply must get a different resource"
        rate = self.rate(self.current, give)
        if (held := self.hands[self.current][give]) < rate:  # "2 goods", not "2 identical cards"
            return f"trading {a.give} with the supply takes {rate} {a.give} (you have {held})"
        if not self.supply[get]:
            return f"the supply has no {a.get} left"
        return None

    def _check_offer(self, a: Action) -> str | None:
        assert isinstance(a, OfferTrade)
        if self.phase in (TRADE_RESPONSE, TRADE_CONFIRM):
            return "only the active player may offer trades, one offer at a time"
        if (problem := self._check_main()) is not None:
            return problem
        return self.offer_terms_problem(a)

    def _check_answer(self, a: Action) -> str | None:
        if self.phase != TRADE_RESPONSE:
            if self.phase in (PRE_ROLL, MAIN):
                return (
                    "players other than the active player may only answer the active "
                    "player's offers; they never trade with each other"
                )
            return self.phase_is(TRADE_RESPONSE)
        return self.answer_terms_problem(a)

    def _check_confirm(self, a: Action) -> str | None:
        if (problem := self.phase_is(TRADE_CONFIRM)) is not None:
            return problem
        return self.confirm_terms_problem(a)

    def _check_discard(self, a: Action) -> str | None:
        assert isinstance(a, Discard)
        if self.phase not in (DISCARD, ENC_CHOICE):
            return self.phase_is(DISCARD)
        r = self._resource(a.resource)
        if isinstance(r, str):
            return r
        return self._by_menu(a)

    def _check_end(self, a: Action) -> str | None:
        if self.phase == MAIN:
            if self.ships[self.current]:
                return "you have a ship on the board: shake the mothership for the flight phase"
            return None
        if self.phase == FLIGHT:
            return flight.end_problem(self)
        if self.phase == PRE_ROLL:
            return "roll the dice first"
        return self.phase_is(MAIN, FLIGHT)

    def _check_shake(self, a: Action) -> str | None:
        if (problem := self._check_main()) is not None:
            return problem
        if not self.ships[self.current]:
            return "no ship on the board: the flight phase is skipped (end the turn)"
        return None

    def _check_steal(self, a: Action) -> str | None:
        assert isinstance(a, Steal)
        if (problem := self.phase_is(STEAL)) is not None:
            return problem
        if a.victim not in self.steal_candidates:
            if a.victim == self.current:
                return "you cannot steal from yourself"
            return "choose an eligible opponent who holds at least one card"
        return None

    def _check_take(self, a: Action) -> str | None:
        if self.phase not in (RELIEF, ENC_CHOICE):
            return self.phase_is(RELIEF, ENC_CHOICE)
        return self._by_menu(a)

    def _check_flight(self, a: Action) -> str | None:
        if self.phase != FLIGHT:
            if self.phase == MAIN:
                return "shake the mothership first: flying comes after trade & build"
            return self.phase_is(FLIGHT)
        return flight.check(self, a)

    def _check_friendship(self, a: Action) -> str | None:
        assert isinstance(a, TakeFriendship)
        if (problem := self.phase_is(FRIENDSHIP)) is not None:
            return problem
        k = CARD_INDEX.get(a.card)
        if k is None:
            return f"unknown friendship card {a.card!r}; valid: {', '.join(CARD_NAMES)}"
        return self._by_menu(a)

    def _check_encounter(self, a: Action) -> str | None:
        if self.phase not in (ENCOUNTER, ENC_CHOICE):
            return self.phase_is(ENCOUNTER, ENC_CHOICE)
        return encounters.check(self, a)

    # -- applying ---------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events = _APPLY[type(action)](self, action)
        if type(action) not in _VP_NEUTRAL:
            self.refresh_vp()
        if (
            self.immediate
            and self.phase not in SETUP_PHASES
            and self.phase != GAME_OVER
            and self.vp[self.current] >= VP_TO_WIN
        ):
            events.append(self.declare_winner(self.current))
        return events

    def declare_winner(self, seat: int) -> Event:
        self.winner_seat = seat
        self.phase = GAME_OVER
        self.trade = None
        return Event("game_over", {"winner": seat, "scores": self.scores()})

    def pay(self, seat: int, cost: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        for r in range(5):
            hand[r] -= cost[r]
            self.supply[r] += cost[r]

    def place_ship(self, seat: int, kind: int, v: int) -> None:
        self.transports_left[seat] -= 1
        if kind == COLONY_SHIP:
            self.colonies_left[seat] -= 1
        else:
            self.stations_left[seat] -= 1
        self.occ_owner[v] = seat
        self.occ_kind[v] = kind
        self.ship_flags[v] = 0
        self.ships[seat].append(v)

    def make_spaceport(self, seat: int, v: int) -> None:
        self.rings_left[seat] -= 1
        self.occ_kind[v] = SPACEPORT
        self.n_colonies[seat] -= 1
        self.n_ports[seat] += 1

    def _do_place_colony(self, a: Action) -> list[Event]:
        return setup.do_place_colony(self, a)

    def _do_spaceport(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildSpaceport)
        if self.phase == SETUP_PORT:
            return setup.do_port(self, a)
        seat = self.current
        self.pay(seat, SPACEPORT_COST)
        self.make_spaceport(seat, a.site)
        return [Event("build", {"seat": seat, "piece": "spaceport", "site": a.site})]

    def _do_ship(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildShip)
        if self.phase == SETUP_SHIP:
            return setup.do_ship(self, a)
        if self.phase == ENC_CHOICE:
            return encounters.apply(self, a)
        seat = self.current
        if a.kind == "colony":
            self.pay(seat, COLONY_SHIP_COST)
            self.place_ship(seat, COLONY_SHIP, a.site)
        else:
            self.pay(seat, TRADE_SHIP_COST)
            self.place_ship(seat, TRADE_SHIP, a.site)
        return [Event("build", {"seat": seat, "piece": a.kind + "_ship", "site": a.site})]

    def _do_upgrade(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildUpgrade)
        seat = self.current
        k = UPGRADES.index(a.kind)
        self.pay(seat, UPGRADE_COST[k])
        self.gain_upgrade(seat, k)
        return [Event("build", {"seat": seat, "piece": a.kind})]

    def gain_upgrade(self, seat: int, k: int) -> None:
        self.upgrades[seat][k] += 1
        self.upgrade_stock[k] -= 1

    def lose_upgrade(self, seat: int, k: int) -> None:
        self.upgrades[seat][k] -= 1
        self.upgrade_stock[k] += 1

    def _do_start_upgrade(self, a: Action) -> list[Event]:
        return setup.do_start_upgrade(self, a)

    def _do_fame(self, a: Action) -> list[Event]:
        seat = self.current
        self.pay(seat, FAME_COST)
        self.fame_used = True
        self.change_half_medals(seat, 1)
        return [Event("buy_fame", {"seat": seat})]

    def change_half_medals(self, seat: int, delta: int) -> int:
        """Gain from / return to the stock; never below 0. Returns the actual change."""
        d = min(delta, self.hm_stock) if delta > 0 else -min(-delta, self.half_medals[seat])
        self.half_medals[seat] += d
        self.hm_stock -= d
        return d

    def _do_maritime(self, a: Action) -> list[Event]:
        assert isinstance(a, MaritimeTrade)
        seat = self.current
        give, get = RESOURCE_INDEX[a.give], RESOURCE_INDEX[a.get]
        rate = self.rate(seat, give)
        if give == GOODS and rate == 1:
            self.merchant_goods_used = True
        self.hands[seat][give] -= rate
        self.supply[give] += rate
        self.supply[get] -= 1
        self.hands[seat][get] += 1
        trade = {"seat": seat, "give": a.give, "count": rate, "get": a.get}
        return [Event("maritime_trade", trade)]

    def _do_roll(self, a: Action) -> list[Event]:
        return production.do_roll(self)

    def _do_discard(self, a: Action) -> list[Event]:
        assert isinstance(a, Discard)
        if self.phase == ENC_CHOICE:
            return encounters.apply(self, a)
        return production.do_discard(self, a)

    def _do_steal(self, a: Action) -> list[Event]:
        assert isinstance(a, Steal)
        return production.do_steal(self, a)

    def _do_take(self, a: Action) -> list[Event]:
        assert isinstance(a, TakeResource)
        if self.phase == RELIEF:
            return production.do_relief(self, a)
        return encounters.apply(self, a)

    def _do_shake(self, a: Action) -> list[Event]:
        return flight.do_shake(self)

    def _do_flight(self, a: Action) -> list[Event]:
        return flight.apply(self, a)

    def _do_friendship(self, a: Action) -> list[Event]:
        assert isinstance(a, TakeFriendship)
        return flight.do_take_friendship(self, a)

    def _do_encounter(self, a: Action) -> list[Event]:
        return encounters.apply(self, a)

    def _do_end(self, a: Action) -> list[Event]:
        events: list[Event] = []
        seat = self.current
        if self.phase == FLIGHT:
            flight.finish_flight(self)
        self.refresh_vp()
        if not self.immediate and self.vp[seat] >= VP_TO_WIN:
            return [self.declare_winner(seat)]
        self.merchant_goods_used = False
        self.fame_used = False
        self.offers_this_turn = 0
        self.dice = None
        self.balls = None
        self.jump_ready = False
        self.current = (seat + 1) % self.config.seats
        self.turn += 1
        self.phase = PRE_ROLL
        events.append(Event("turn", {"seat": self.current, "turn": self.turn}))
        return events

    # -- copying and snapshots ------------------------------------------------------------
    def copy(self) -> StarfarersGame:
        g = StarfarersGame.__new__(StarfarersGame)
        d = g.__dict__
        d.update(self.__dict__)
        for name in _FLAT_LISTS:
            d[name] = d[name][:]
        for name in _NESTED_LISTS:
            d[name] = [x[:] for x in d[name]]
        g.rng = Rng(self.rng.state)  # the action log is shared until one of them appends
        g.trade = self.trade.copy() if self.trade is not None else None
        g._legal = None
        return g

    def snapshot(self) -> dict[str, Any]:
        """The state as JSON data: fresh lists throughout (the int tables sliced, the rest
        copied by `plain`, which gives what a JSON round trip would, much faster)."""
        out: dict[str, Any] = {"rng": self.rng.state}
        d = self.__dict__
        for name, how in _SNAPSHOT_COPY:  # in declaration order, as saves have them
            value = d[name]
            out[name] = value[:] if how == 0 else int_rows(value) if how == 1 else plain(value)
        out["phase"] = PHASE_NAMES[self.phase]
        out["dice"] = list(self.dice) if self.dice else None
        out["balls"] = list(self.balls) if self.balls else None
        out["trade"] = plain(self.trade.to_json(RESOURCES)) if self.trade else None
        return out

    def view(self, seat: int | None) -> StarfarersView:
        from engine.rulesets.starfarers.view import build_view

        return build_view(self, seat)


def _civ_of(k: int) -> int:
    from engine.rulesets.starfarers.friendship import CARD_CIV

    return CARD_CIV[k]


_FLAT_LISTS = (
    "slot_tile",
    "slot_rot",
    "slot_kind",
    "tile_pool",
    "planet_res",
    "planet_icon",
    "planet_star",
    "planet_disc",
    "planet_hidden",
    "reserve_discs",
    "is_point",
    "outpost_slot",
    "occ_owner",
    "occ_kind",
    "ship_flags",
    "colonies_left",
    "stations_left",
    "transports_left",
    "rings_left",
    "n_colonies",
    "n_ports",
    "system_count",
    "supply",
    "reserve",
    "upgrade_stock",
    "half_medals",
    "medals",
    "trade_tokens",
    "fstack",
    "marker",
    "vp",
    "discard_owed",
    "steal_candidates",
    "relief_queue",
    "setup_order",
    "enc_draw",
    "enc_discard",
    "enc_queue",
    "enc_opts",
)
_NESTED_LISTS = ("disc_pools", "ships", "sites", "hands", "upgrades", "fheld", "stations")
_SNAPSHOT_FIELDS = (
    *_FLAT_LISTS,
    *_NESTED_LISTS,
    "variant",
    "immediate",
    "rulebook_hand",
    "star_rule",
    "hm_stock",
    "tokens_left",
    "merchant_goods_used",
    "fame_used",
    "turn",
    "current",
    "start",
    "steal_kind",
    "offers_this_turn",
    "winner_seat",
    "setup_pos",
    "setup_site",
    "base_speed",
    "moving",
    "moving_kind",
    "moving_flags",
    "move_start",
    "steps_left",
    "move_trapped",
    "jump_ready",
    "friend_civ",
    "enc_card",
    "enc_need",
    "enc_count",
    "enc_seat",
    "enc_dest",
    "enc_given",
    "enc_pref",
)

# How `snapshot` copies each field: lists of ints slice, lists of such lists slice
# per row, and the rest (scalars, and lists that hold tuples) go through `plain`.
_MIXED_LISTS = frozenset(
    ("steal_candidates", "relief_queue", "setup_order", "enc_queue", "enc_opts")
)


def _how_copied(name: str) -> int:
    if name in _FLAT_LISTS and name not in _MIXED_LISTS:
        return 0
    return 1 if name in _NESTED_LISTS else 2


_SNAPSHOT_COPY = tuple((name, _how_copied(name)) for name in _SNAPSHOT_FIELDS)

_G = StarfarersGame
# immutable action objects the hot path hands out again and again
_BUILD_UPGRADE = tuple(BuildUpgrade(k) for k in UPGRADES)
_BUY_FAME = BuyFame()
_SHAKE = Shake()
_ROLL = Roll()
_END_TURN = EndTurn()
_MARITIME = tuple(
    tuple(MaritimeTrade(RESOURCES[a], RESOURCES[b]) for b in range(5)) for a in range(5)
)
_OFFERS = tuple(
    tuple(OfferTrade(((RESOURCES[a], 1),), ((RESOURCES[b], 1),)) for b in range(5) if b != a)
    for a in range(5)
)
_CURRENT_ACTS = frozenset((PRE_ROLL, MAIN, FLIGHT, ENCOUNTER, FRIENDSHIP, STEAL, TRADE_CONFIRM))
# actions that never change anyone's VP (a conquest during a step refreshes VP itself)
_VP_NEUTRAL = frozenset(
    (
        MaritimeTrade,
        OfferTrade,
        AcceptTrade,
        DeclineTrade,
        CounterTrade,
        ConfirmTrade,
        CancelTrade,
        Roll,
        Steal,
        BuildUpgrade,
        FlyStep,
    )
)
_CHECKS: dict[type[Action], Callable[[StarfarersGame, Action], str | None]] = {
    PlaceColony: lambda g, a: g.phase_is(SETUP_COLONY) or g._by_menu(a),
    BuildSpaceport: _G._check_spaceport,
    BuildShip: _G._check_ship,
    ChooseStartUpgrade: _G._check_start_upgrade,
    BuildUpgrade: _G._check_upgrade,
    BuyFame: _G._check_fame,
    Roll: _G._check_roll,
    EndTurn: _G._check_end,
    Discard: _G._check_discard,
    Steal: _G._check_steal,
    TakeResource: _G._check_take,
    MaritimeTrade: _G._check_maritime,
    OfferTrade: _G._check_offer,
    AcceptTrade: _G._check_answer,
    DeclineTrade: _G._check_answer,
    CounterTrade: _G._check_answer,
    ConfirmTrade: _G._check_confirm,
    CancelTrade: _G._check_confirm,
    Shake: _G._check_shake,
    FlyStep: _G._check_flight,
    EndMove: _G._check_flight,
    FoundColony: _G._check_flight,
    Jump: _G._check_flight,
    TakeFriendship: _G._check_friendship,
    EncounterAnswer: _G._check_encounter,
    ChooseUpgrade: _G._check_encounter,
    RemoveUpgrade: _G._check_encounter,
    ChooseShip: _G._check_encounter,
    ChooseOpponent: _G._check_encounter,
}

_APPLY: dict[type[Action], Callable[[StarfarersGame, Action], list[Event]]] = {
    PlaceColony: _G._do_place_colony,
    BuildSpaceport: _G._do_spaceport,
    BuildShip: _G._do_ship,
    ChooseStartUpgrade: _G._do_start_upgrade,
    BuildUpgrade: _G._do_upgrade,
    BuyFame: _G._do_fame,
    Roll: _G._do_roll,
    EndTurn: _G._do_end,
    Discard: _G._do_discard,
    Steal: _G._do_steal,
    TakeResource: _G._do_take,
    MaritimeTrade: _G._do_maritime,
    OfferTrade: _G._do_offer,
    AcceptTrade: _G._do_answer,
    DeclineTrade: _G._do_answer,
    CounterTrade: _G._do_answer,
    ConfirmTrade: _G._do_confirm,
    CancelTrade: _G._do_confirm,
    Shake: _G._do_shake,
    FlyStep: _G._do_flight,
    EndMove: _G._do_flight,
    FoundColony: _G._do_flight,
    Jump: _G._do_flight,
    TakeFriendship: _G._do_friendship,
    EncounterAnswer: _G._do_encounter,
    ChooseUpgrade: _G._do_encounter,
    RemoveUpgrade: _G._do_encounter,
    ChooseShip: _G._do_encounter,
    ChooseOpponent: _G._do_encounter,
}


def restore(config: GameConfig, state: dict[str, Any]) -> StarfarersGame:
    """A game rebuilt from a snapshot-shaped dict (used by determinization)."""
    from engine.rulesets.starfarers.encounters import _freeze

    g = StarfarersGame.__new__(StarfarersGame)
    g.config = config
    g.log = []
    g.rng = Rng(int(state["rng"]))
    g.board = B.BOARD
    g.initial_events = []
    g._legal = None
    g._legal_at = -1
    g.trade_limit = int(config.options["trade_offers_per_turn"])
    for name in _FLAT_LISTS:
        setattr(g, name, list(state[name]))
    for name in _NESTED_LISTS:
        setattr(g, name, [list(x) for x in state[name]])
    for name in _SNAPSHOT_FIELDS:
        if name not in _FLAT_LISTS and name not in _NESTED_LISTS:
            setattr(g, name, state[name])
    g.phase = PHASE_NAMES.index(state["phase"])
    g.dice = (state["dice"][0], state["dice"][1]) if state["dice"] else None
    g.balls = (state["balls"][0], state["balls"][1]) if state["balls"] else None
    g.enc_queue = [_freeze(e) for e in state["enc_queue"]]
    t = state["trade"]
    g.trade = None if t is None else PendingTrade.from_json(t, RESOURCES)
    return g
