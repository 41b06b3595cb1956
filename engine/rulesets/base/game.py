"""The base game's state and rules (rules/catan.md).

The state is flat lists of ints indexed by seat, vertex, edge and hex, so that
`copy()` is a handful of list copies and legal-move generation touches no
objects it can avoid. `check` explains refusals; `_apply` trusts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import Action
from engine.config import GameConfig
from engine.events import Event
from engine.game import Game
from engine.rng import Rng
from engine.rulesets.base.actions import (
    CODEC,
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    TakeResource,
)
from engine.rulesets.base.board import GENERIC, RESOURCE_INDEX, RESOURCES, Board, make_board
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
from engine.shared.bank import discard_count, pay_production
from engine.shared.cards import draw, take_random_card
from engine.shared.longest_road import award_largest, award_longest, longest_trail
from engine.shared.trading import DomesticTrading, PendingTrade, counts_to_dict, holds

# Phases: what kind of decision is pending.
SETUP_SETTLEMENT, SETUP_ROAD, PRE_ROLL, MAIN, DISCARD, MOVE_ROBBER, STEAL = range(7)
ROAD_BUILDING, YEAR_OF_PLENTY, TRADE_RESPONSE, TRADE_CONFIRM, GAME_OVER = range(7, 12)
PHASE_NAMES = (
    "setup_settlement",
    "setup_road",
    "pre_roll",
    "main",
    "discard",
    "move_robber",
    "steal",
    "road_building",
    "year_of_plenty",
    "trade_response",
    "trade_confirm",
    "game_over",
)

KNIGHT, VICTORY_POINT, ROAD_BUILDING_CARD, YEAR_OF_PLENTY_CARD, MONOPOLY = range(5)
DEV_NAMES = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
DEV_COUNTS = (14, 5, 2, 2, 2)

ROAD_COST = (1, 1, 0, 0, 0)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
CITY_COST = (0, 0, 0, 2, 3)
DEV_COST = (0, 0, 1, 1, 1)
BANK_START = 19
PIECES = {"settlements": 5, "cities": 4, "roads": 15}

_PLAY_CARD = {
    PlayKnight: KNIGHT,
    PlayRoadBuilding: ROAD_BUILDING_CARD,
    PlayYearOfPlenty: YEAR_OF_PLENTY_CARD,
    PlayMonopoly: MONOPOLY,
}


def _afford(hand: list[int], cost: tuple[int, ...]) -> bool:
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


# Actions are immutable, so the hot path hands out shared instances instead of
# constructing (slow, frozen) dataclasses on every call to legal_actions().
_ROAD = tuple(BuildRoad(e) for e in range(256))
_SETTLEMENT = tuple(BuildSettlement(v) for v in range(256))
_CITY = tuple(BuildCity(v) for v in range(256))
_ROBBER = tuple(MoveRobber(h) for h in range(64))
_DISCARD = tuple(Discard(name) for name in RESOURCES)
_TAKE = tuple(TakeResource(name) for name in RESOURCES)
_MONOPOLY = tuple(PlayMonopoly(name) for name in RESOURCES)
_MARITIME = tuple(tuple(MaritimeTrade(g, t) for t in RESOURCES) for g in RESOURCES)
_OFFER = tuple(tuple(OfferTrade(((g, 1),), ((t, 1),)) for t in RESOURCES) for g in RESOURCES)
_ROLL, _END, _BUY = Roll(), EndTurn(), BuyDevelopment()
_KNIGHT, _ROAD_BUILDING, _YEAR_OF_PLENTY = PlayKnight(), PlayRoadBuilding(), PlayYearOfPlenty()
_ACCEPT, _DECLINE, _CANCEL = AcceptTrade(), DeclineTrade(), CancelTrade()


class BaseGame(DomesticTrading, Game):
    codec = CODEC
    ruleset_name = "base"
    TRADE_NAMES = RESOURCES
    TRADE_INDEX = RESOURCE_INDEX
    PHASE_MAIN = MAIN
    PHASE_RESPONSE = TRADE_RESPONSE
    PHASE_CONFIRM = TRADE_CONFIRM

    # -- creation -------------------------------------------------------------
    def __init__(self, config: GameConfig) -> None:
        assert config.seed is not None, "normalise the config first (engine.new_game)"
        n = config.seats
        opts = config.options
        self.config = config
        self.log = []
        self.rng = Rng(config.seed)
        self.board: Board = make_board(str(opts["board"]), self.rng, bool(opts["shuffle_harbours"]))
        self.vp_to_win = int(opts["vp_to_win"])
        self.trade_limit = int(opts["trade_offers_per_turn"])
        grid = self.board.grid
        self.vertex_owner = [-1] * grid.num_vertices
        self.vertex_level = [0] * grid.num_vertices  # 1 settlement, 2 city
        self.edge_owner = [-1] * grid.num_edges
        # Per-seat rows of five are stored flat (index seat * 5 + kind) so that
        # copy() is one slice per table instead of one per seat.
        self.roads: list[tuple[int, ...]] = [()] * n
        self.buildings: list[tuple[int, ...]] = [()] * n
        self.hands = [0] * (5 * n)
        self.bank = [BANK_START] * 5
        self.dev_hands = [0] * (5 * n)  # playable (bought before this turn)
        self.dev_new = [0] * (5 * n)  # bought this turn
        self.dev_deck = list(DEV_COUNTS)
        self.dev_played = [0] * (5 * n)
        self.rates = [4] * (5 * n)
        self.settlements_left = [PIECES["settlements"]] * n
        self.cities_left = [PIECES["cities"]] * n
        self.roads_left = [PIECES["roads"]] * n
        self.road_length = [0] * n
        self.longest_holder = -1
        self.army_holder = -1
        self.vp_public = [0] * n
        self.robber = self.board.desert
        self.turn = 0
        self.dice: tuple[int, int] | None = None
        self.dev_played_this_turn = False
        self.discard_owed = [0] * n
        self.free_roads = 0
        self.yop_left = 0
        self.resume_phase = MAIN
        self.steal_candidates: list[int] = []
        self.trade: PendingTrade | None = None
        self.offers_this_turn = 0
        self.winner_seat = -1
        self.setup_vertex = -1
        self.setup_pos = 0
        self.initial_events = self._roll_for_start()
        self.setup_order = [(self.start + k) % n for k in range(n)]
        self.setup_order += self.setup_order[::-1]
        self.current = self.start
        self.phase = SETUP_SETTLEMENT

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
    @property
    def to_act(self) -> int | None:
        phase = self.phase
        if phase == GAME_OVER:
            return None
        if phase == DISCARD:
            n = self.config.seats
            for k in range(n):
                seat = (self.current + k) % n
                if self.discard_owed[seat]:
                    return seat
        if phase == TRADE_RESPONSE and self.trade is not None:
            return self.trade.waiting[0]
        return self.current

    @property
    def winner(self) -> int | None:
        return self.winner_seat if self.winner_seat >= 0 else None

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]

    def scores(self) -> list[int]:
        return [self.total_vp(p) for p in range(self.config.seats)]

    def total_vp(self, seat: int) -> int:
        return (
            self.vp_public[seat]
            + self.dev_hands[seat * 5 + VICTORY_POINT]
            + self.dev_new[seat * 5 + VICTORY_POINT]
        )

    def hand(self, seat: int) -> list[int]:
        """A copy of `seat`'s resource counts, in RESOURCES order."""
        return self.hands[seat * 5 : seat * 5 + 5]

    def seat_hand(self, seat: int) -> list[int]:
        return self.hands[seat * 5 : seat * 5 + 5]

    def move_cards(
        self, offerer: int, partner: int, give: tuple[int, ...], get: tuple[int, ...]
    ) -> None:
        hands = self.hands
        mine, theirs = offerer * 5, partner * 5
        for r in range(5):
            hands[mine + r] += get[r] - give[r]
            hands[theirs + r] += give[r] - get[r]

    def row(self, table: list[int], seat: int) -> list[int]:
        """A copy of `seat`'s five entries of a flat per-seat table."""
        return table[seat * 5 : seat * 5 + 5]

    # -- geometry helpers -----------------------------------------------------
    def _distance_ok(self, v: int) -> bool:
        owner = self.vertex_owner
        if owner[v] >= 0:
            return False
        return all(owner[a] < 0 for a in self.board.grid.vertex_adjacent[v])

    def _road_edges(self, seat: int) -> list[int]:
        """Empty edges where `seat` may build a road now (outside setup)."""
        grid = self.board.grid
        owner = self.vertex_owner
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

    def _robber_targets(self) -> list[int]:
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
        phase = self.phase
        seat = self.to_act
        if seat is None:
            return []
        if phase == SETUP_SETTLEMENT:
            return [
                _SETTLEMENT[v] for v in range(self.board.grid.num_vertices) if self._distance_ok(v)
            ]
        if phase == SETUP_ROAD:
            return [_ROAD[e] for e in self._setup_road_edges()]
        if phase == PRE_ROLL:
            return [_ROLL, *self._dev_plays(seat)]
        if phase == MAIN:
            return self._main_actions(seat)
        if phase == DISCARD:
            hand = self.hand(seat)
            return [_DISCARD[r] for r in range(5) if hand[r]]
        if phase == MOVE_ROBBER:
            return [_ROBBER[h] for h in self._robber_targets()]
        if phase == STEAL:
            return [Steal(p) for p in self.steal_candidates]
        if phase == ROAD_BUILDING:
            return [_ROAD[e] for e in self._road_edges(seat)]
        if phase == YEAR_OF_PLENTY:
            return [_TAKE[r] for r in range(5) if self.bank[r]]
        if phase == TRADE_RESPONSE:
            assert self.trade is not None
            out: list[Action] = []
            if holds(self.hand(seat), self.trade.get):
                out.append(_ACCEPT)
            out.append(_DECLINE)
            return out
        if phase == TRADE_CONFIRM:
            assert self.trade is not None
            confirm: list[Action] = [
                ConfirmTrade(s) for s in sorted(self.trade.answers) if self._trade_feasible(s)
            ]
            return [*confirm, _CANCEL]
        return []

    def _dev_plays(self, seat: int) -> list[Action]:
        if self.dev_played_this_turn:
            return []
        cards = self.dev_hands[seat * 5 : seat * 5 + 5]
        out: list[Action] = []
        if cards[KNIGHT]:
            out.append(_KNIGHT)
        if cards[ROAD_BUILDING_CARD] and self.roads_left[seat] and self._road_edges(seat):
            out.append(_ROAD_BUILDING)
        if cards[YEAR_OF_PLENTY_CARD] and sum(self.bank):
            out.append(_YEAR_OF_PLENTY)
        if cards[MONOPOLY]:
            out.extend(_MONOPOLY)
        return out

    def _main_actions(self, seat: int) -> list[Action]:
        base = seat * 5
        brick, lumber, wool, grain, ore = hand = self.hands[base : base + 5]
        out: list[Action] = []
        if brick and lumber:
            if self.roads_left[seat]:
                out.extend([_ROAD[e] for e in self._road_edges(seat)])
            if wool and grain and self.settlements_left[seat]:
                out.extend([_SETTLEMENT[v] for v in self._settlement_spots(seat)])
        if grain >= 2 and ore >= 3 and self.cities_left[seat]:
            level = self.vertex_level
            out.extend([_CITY[v] for v in sorted(self.buildings[seat]) if level[v] == 1])
        if wool and grain and ore and self.dev_deck_size:
            out.append(_BUY)
        if not self.dev_played_this_turn:
            out.extend(self._dev_plays(seat))
        rates = self.rates
        bank = self.bank
        for give in range(5):
            if hand[give] >= rates[base + give]:
                trades = _MARITIME[give]
                out.extend([trades[get] for get in range(5) if get != give and bank[get]])
        if self.offers_this_turn < self.trade_limit:
            for give in range(5):
                if hand[give]:
                    offers = _OFFER[give]
                    out.extend([offers[get] for get in range(5) if get != give])
        out.append(_END)
        return out

    @property
    def dev_deck_size(self) -> int:
        return sum(self.dev_deck)

    # -- checks ---------------------------------------------------------------
    def check(self, action: Action) -> str | None:
        checker = _CHECKS.get(type(action))
        if checker is None:
            return f"{action.type} is not an action of the base game"
        return checker(self, action)

    def _phase_is(self, *phases: int) -> str | None:
        if self.phase in phases:
            return None
        return f"not now: the game is waiting for {self._waiting_for()}"

    def _waiting_for(self) -> str:
        seat = self.to_act
        what = PHASE_NAMES[self.phase].replace("_", " ")
        return f"seat {seat} ({what})" if seat is not None else "nobody (game over)"

    def _resource(self, name: str) -> int | str:
        r = RESOURCE_INDEX.get(name)
        if r is None:
            return f"unknown resource {name!r}; valid: {', '.join(RESOURCES)}"
        return r

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
        if not _afford(self.hand(seat), SETTLEMENT_COST):
            return "a settlement costs 1 brick, 1 lumber, 1 wool and 1 grain"
        if not self._distance_ok(v):
            return self._distance_problem(v)
        grid = self.board.grid
        if not any(self.edge_owner[e] == seat for e in grid.vertex_edges[v]):
            return f"vertex {v} is not connected to one of your roads"
        return None

    def _distance_problem(self, v: int) -> str:
        if self.vertex_owner[v] >= 0:
            return f"vertex {v} is already occupied"
        return f"distance rule: vertex {v} is next to another settlement or city"

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
        if not _afford(self.hand(seat), ROAD_COST):
            return "a road costs 1 brick and 1 lumber"
        if e not in self._road_edges(seat):
            return (
                f"edge {e} is not connected to your roads or buildings "
                "(an opponent's building cuts the connection)"
            )
        return None

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
        if not _afford(self.hand(seat), CITY_COST):
            return "a city costs 2 grain and 3 ore"
        return None

    def _check_buy(self, a: Action) -> str | None:
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if not self.dev_deck_size:
            return "the development deck is empty"
        if not _afford(self.hand(self.current), DEV_COST):
            return "a development card costs 1 wool, 1 grain and 1 ore"
        return None

    def _check_play(self, a: Action) -> str | None:
        if (problem := self._phase_is(PRE_ROLL, MAIN)) is not None:
            return problem
        seat = self.current
        card = _PLAY_CARD[type(a)]
        name = DEV_NAMES[card].replace("_", " ")
        if self.dev_played_this_turn:
            return "only one development card may be played per turn"
        if not self.dev_hands[seat * 5 + card]:
            if self.dev_new[seat * 5 + card]:
                return f"a {name} card cannot be played in the turn it was bought"
            return f"you have no {name} card"
        if card == ROAD_BUILDING_CARD and (not self.roads_left[seat] or not self._road_edges(seat)):
            return "Road Building needs a road in your supply and a place to build it"
        if card == YEAR_OF_PLENTY_CARD and not sum(self.bank):
            return "the bank is empty"
        if isinstance(a, PlayMonopoly) and isinstance(self._resource(a.resource), str):
            return str(self._resource(a.resource))
        return None

    def _check_take(self, a: Action) -> str | None:
        assert isinstance(a, TakeResource)
        if (problem := self._phase_is(YEAR_OF_PLENTY)) is not None:
            return problem
        r = self._resource(a.resource)
        if isinstance(r, str):
            return r
        if not self.bank[r]:
            return f"the bank has no {a.resource} left"
        return None

    def _check_roll(self, a: Action) -> str | None:
        return self._phase_is(PRE_ROLL)

    def _check_end(self, a: Action) -> str | None:
        if self.phase == PRE_ROLL:
            return "roll the dice before ending the turn"
        return self._phase_is(MAIN)

    def _check_discard(self, a: Action) -> str | None:
        assert isinstance(a, Discard)
        if (problem := self._phase_is(DISCARD)) is not None:
            return problem
        r = self._resource(a.resource)
        if isinstance(r, str):
            return r
        seat = self.to_act
        assert seat is not None
        if not self.hands[seat * 5 + r]:
            return f"you hold no {a.resource}"
        return None

    def _check_robber(self, a: Action) -> str | None:
        assert isinstance(a, MoveRobber)
        if (problem := self._phase_is(MOVE_ROBBER)) is not None:
            return problem
        if not 0 <= a.hex < len(self.board.grid.land):
            return f"there is no land hex {a.hex}"
        if a.hex == self.robber:
            return "the robber must move to a different hex"
        return None

    def _check_steal(self, a: Action) -> str | None:
        assert isinstance(a, Steal)
        if (problem := self._phase_is(STEAL)) is not None:
            return problem
        if a.victim not in self.steal_candidates:
            return f"seat {a.victim} has no building with cards next to the robber"
        return None

    def _check_maritime(self, a: Action) -> str | None:
        assert isinstance(a, MaritimeTrade)
        if self.phase == PRE_ROLL:
            return "trading comes after the roll"
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        give, get = self._resource(a.give), self._resource(a.get)
        if isinstance(give, str):
            return give
        if isinstance(get, str):
            return get
        if give == get:
            return "a maritime trade must get a different resource"
        rate = self.rates[self.current * 5 + give]
        if self.hands[self.current * 5 + give] < rate:
            return f"trading {a.give} with the bank needs {rate} identical cards"
        if not self.bank[get]:
            return f"the bank has no {a.get} left"
        return None

    def _check_offer(self, a: Action) -> str | None:
        assert isinstance(a, OfferTrade)
        if self.phase == PRE_ROLL:
            return "trading comes after the roll"
        if self.phase in (TRADE_RESPONSE, TRADE_CONFIRM):
            return "only the active player may offer trades, one offer at a time"
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        return self.offer_terms_problem(a)

    def _check_answer(self, a: Action) -> str | None:
        if self.phase != TRADE_RESPONSE:
            if self.phase in (PRE_ROLL, MAIN):
                return "only the active player's offers may be answered, when they are made"
            return self._phase_is(TRADE_RESPONSE)
        return self.answer_terms_problem(a)

    def _check_confirm(self, a: Action) -> str | None:
        if (problem := self._phase_is(TRADE_CONFIRM)) is not None:
            return problem
        return self.confirm_terms_problem(a)

    # -- applying ---------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events = _APPLY[type(action)](self, action)
        if self.phase != GAME_OVER and self.total_vp(self.current) >= self.vp_to_win:
            events.append(self._declare_winner(self.current))
        return events

    def _declare_winner(self, seat: int) -> Event:
        self.winner_seat = seat
        self.phase = GAME_OVER
        self.trade = None
        revealed = self.dev_hands[seat * 5 + VICTORY_POINT] + self.dev_new[seat * 5 + VICTORY_POINT]
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
        kind = self.board.vertex_harbour[v]
        if kind == GENERIC:
            for r in range(seat * 5, seat * 5 + 5):
                self.rates[r] = min(self.rates[r], 3)
        elif kind >= 0:
            self.rates[seat * 5 + kind] = 2

    def _pay(self, seat: int, cost: tuple[int, ...]) -> None:
        hands = self.hands
        base = seat * 5
        for r in range(5):
            if cost[r]:
                hands[base + r] -= cost[r]
                self.bank[r] += cost[r]

    def _do_settlement(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildSettlement)
        seat = self.current
        v = a.vertex
        events = [Event("build", {"seat": seat, "piece": "settlement", "vertex": v})]
        if self.phase == SETUP_SETTLEMENT:
            self._place_settlement(seat, v)
            if self.setup_pos >= self.config.seats:
                gained = [0] * 5
                for h in self.board.grid.vertex_land[v]:
                    r = self.board.resource[h]
                    if r >= 0 and self.bank[r]:
                        gained[r] += 1
                        self.bank[r] -= 1
                        self.hands[seat * 5 + r] += 1
                events.append(
                    Event(
                        "starting_resources",
                        {"seat": seat, "resources": counts_to_dict(gained, RESOURCES)},
                    )
                )
            self.setup_vertex = v
            self.phase = SETUP_ROAD
            return events
        self._pay(seat, SETTLEMENT_COST)
        self._place_settlement(seat, v)
        events.extend(self._after_settlement(seat, v))
        return events

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
        owner = self.vertex_owner
        return longest_trail(
            set(self.roads[seat]),
            grid.edge_vertices,
            grid.vertex_edges,
            lambda v: owner[v] >= 0 and owner[v] != seat,
        )

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

    def _do_road(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildRoad)
        seat = self.current
        e = a.edge
        events = [Event("build", {"seat": seat, "piece": "road", "edge": e})]
        if self.phase == MAIN:
            self._pay(seat, ROAD_COST)
        self.edge_owner[e] = seat
        self.roads[seat] += (e,)
        self.roads_left[seat] -= 1
        self.road_length[seat] = self._trail(seat)
        events.extend(self._update_longest())
        if self.phase == SETUP_ROAD:
            self.setup_pos += 1
            n = self.config.seats
            if self.setup_pos == 2 * n:
                self.current = self.start
                self.phase = PRE_ROLL
                self.turn = 1
                events.append(Event("turn", {"seat": self.current, "turn": self.turn}))
            else:
                self.current = self.setup_order[self.setup_pos]
                self.phase = SETUP_SETTLEMENT
        elif self.phase == ROAD_BUILDING:
            self.free_roads -= 1
            if not self.free_roads or not self.roads_left[seat] or not self._road_edges(seat):
                self.free_roads = 0
                self.phase = self.resume_phase
        return events

    def _do_city(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildCity)
        seat = self.current
        self._pay(seat, CITY_COST)
        self.vertex_level[a.vertex] = 2
        self.cities_left[seat] -= 1
        self.settlements_left[seat] += 1
        self.vp_public[seat] += 1
        return [Event("build", {"seat": seat, "piece": "city", "vertex": a.vertex})]

    def _do_buy(self, a: Action) -> list[Event]:
        seat = self.current
        self._pay(seat, DEV_COST)
        card = draw(self.dev_deck, self.rng)
        self.dev_new[seat * 5 + card] += 1
        return [
            Event(
                "buy_development",
                {"seat": seat},
                secret={"card": DEV_NAMES[card]},
                audience=frozenset((seat,)),
            )
        ]

    def _use_card(self, card: int) -> Event:
        seat = self.current
        self.dev_hands[seat * 5 + card] -= 1
        self.dev_played[seat * 5 + card] += 1
        self.dev_played_this_turn = True
        return Event("play_development", {"seat": seat, "card": DEV_NAMES[card]})

    def _do_knight(self, a: Action) -> list[Event]:
        events = [self._use_card(KNIGHT)]
        self.resume_phase = self.phase
        self.phase = MOVE_ROBBER
        old = self.army_holder
        knights = self.dev_played[KNIGHT::5]
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

    def _do_road_building(self, a: Action) -> list[Event]:
        events = [self._use_card(ROAD_BUILDING_CARD)]
        self.free_roads = min(2, self.roads_left[self.current])
        self.resume_phase = self.phase
        self.phase = ROAD_BUILDING
        return events

    def _do_year_of_plenty(self, a: Action) -> list[Event]:
        events = [self._use_card(YEAR_OF_PLENTY_CARD)]
        self.yop_left = min(2, sum(self.bank))
        self.resume_phase = self.phase
        self.phase = YEAR_OF_PLENTY
        return events

    def _do_take(self, a: Action) -> list[Event]:
        assert isinstance(a, TakeResource)
        r = RESOURCE_INDEX[a.resource]
        seat = self.current
        self.bank[r] -= 1
        self.hands[seat * 5 + r] += 1
        self.yop_left -= 1
        if not self.yop_left or not sum(self.bank):
            self.yop_left = 0
            self.phase = self.resume_phase
        return [Event("take_resource", {"seat": seat, "resource": a.resource})]

    def _do_monopoly(self, a: Action) -> list[Event]:
        assert isinstance(a, PlayMonopoly)
        events = [self._use_card(MONOPOLY)]
        r = RESOURCE_INDEX[a.resource]
        seat = self.current
        taken: dict[str, int] = {}
        for p in range(self.config.seats):
            if p != seat and self.hands[p * 5 + r]:
                taken[str(p)] = self.hands[p * 5 + r]
                self.hands[seat * 5 + r] += self.hands[p * 5 + r]
                self.hands[p * 5 + r] = 0
        events.append(Event("monopoly", {"seat": seat, "resource": a.resource, "taken": taken}))
        return events

    def _do_roll(self, a: Action) -> list[Event]:
        d1, d2 = self.rng.die(), self.rng.die()
        self.dice = (d1, d2)
        total = d1 + d2
        seat = self.current
        events = [Event("dice", {"seat": seat, "dice": [d1, d2], "total": total})]
        if total == 7:
            owed = [discard_count(sum(self.hand(p))) for p in range(self.config.seats)]
            self.discard_owed = owed
            if any(owed):
                events.append(
                    Event("must_discard", {"owed": {str(p): n for p, n in enumerate(owed) if n}})
                )
                self.phase = DISCARD
            else:
                self.phase = MOVE_ROBBER
            self.resume_phase = MAIN
            return events
        self.phase = MAIN
        owed_cards = [[0] * 5 for _ in range(self.config.seats)]
        board = self.board
        for h in board.hexes_by_number[total]:
            if h == self.robber:
                continue
            r = board.resource[h]
            for v in board.grid.hex_vertices[h]:
                p = self.vertex_owner[v]
                if p >= 0:
                    owed_cards[p][r] += self.vertex_level[v]
        paid = pay_production(owed_cards, self.bank)
        hands = self.hands
        for p, row in enumerate(paid):
            for r in range(5):
                hands[p * 5 + r] += row[r]
        gains = {str(p): counts_to_dict(row, RESOURCES) for p, row in enumerate(paid) if any(row)}
        events.append(Event("production", {"gains": gains}))
        return events

    def _do_discard(self, a: Action) -> list[Event]:
        assert isinstance(a, Discard)
        seat = self.to_act
        assert seat is not None
        r = RESOURCE_INDEX[a.resource]
        self.hands[seat * 5 + r] -= 1
        self.bank[r] += 1
        self.discard_owed[seat] -= 1
        if not any(self.discard_owed):
            self.phase = MOVE_ROBBER
        return [Event("discard", {"seat": seat, "resource": a.resource})]

    def _do_robber(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveRobber)
        seat = self.current
        self.robber = a.hex
        events = [Event("robber", {"seat": seat, "hex": a.hex})]
        victims = self._victims(a.hex, seat)
        if len(victims) > 1:
            self.steal_candidates = victims
            self.phase = STEAL
            return events
        self.phase = self.resume_phase
        if victims:
            events.append(self._steal_from(victims[0]))
        return events

    def _steal_from(self, victim: int) -> Event:
        seat = self.current
        hand = self.hand(victim)
        card = take_random_card(hand, self.rng)
        self.hands[victim * 5 + card] -= 1
        self.hands[seat * 5 + card] += 1
        return Event(
            "steal",
            {"thief": seat, "victim": victim},
            secret={"resource": RESOURCES[card]},
            audience=frozenset((seat, victim)),
        )

    def _do_steal(self, a: Action) -> list[Event]:
        assert isinstance(a, Steal)
        self.steal_candidates = []
        self.phase = self.resume_phase
        return [self._steal_from(a.victim)]

    def _do_maritime(self, a: Action) -> list[Event]:
        assert isinstance(a, MaritimeTrade)
        seat = self.current
        give, get = RESOURCE_INDEX[a.give], RESOURCE_INDEX[a.get]
        rate = self.rates[seat * 5 + give]
        self.hands[seat * 5 + give] -= rate
        self.bank[give] += rate
        self.bank[get] -= 1
        self.hands[seat * 5 + get] += 1
        return [
            Event("maritime_trade", {"seat": seat, "give": a.give, "count": rate, "get": a.get})
        ]

    def _do_end(self, a: Action) -> list[Event]:
        seat = self.current
        for i in range(seat * 5, seat * 5 + 5):
            self.dev_hands[i] += self.dev_new[i]
            self.dev_new[i] = 0
        self.dev_played_this_turn = False
        self.offers_this_turn = 0
        self.dice = None
        self.current = (seat + 1) % self.config.seats
        self.turn += 1
        self.phase = PRE_ROLL
        return [Event("turn", {"seat": self.current, "turn": self.turn})]

    # -- copying and snapshots ----------------------------------------------------
    def copy(self) -> BaseGame:
        g = BaseGame.__new__(BaseGame)
        g.__dict__.update(self.__dict__)
        g.rng = Rng(self.rng.state)
        g.vertex_owner = self.vertex_owner[:]
        g.vertex_level = self.vertex_level[:]
        g.edge_owner = self.edge_owner[:]
        g.roads = self.roads[:]
        g.buildings = self.buildings[:]
        g.hands = self.hands[:]
        g.bank = self.bank[:]
        g.dev_hands = self.dev_hands[:]
        g.dev_new = self.dev_new[:]
        g.dev_deck = self.dev_deck[:]
        g.dev_played = self.dev_played[:]
        g.rates = self.rates[:]
        g.settlements_left = self.settlements_left[:]
        g.cities_left = self.cities_left[:]
        g.roads_left = self.roads_left[:]
        g.road_length = self.road_length[:]
        g.vp_public = self.vp_public[:]
        g.discard_owed = self.discard_owed[:]
        g.steal_candidates = self.steal_candidates[:]
        g.trade = self.trade.copy() if self.trade is not None else None
        return g

    def _rows(self, table: list[int]) -> list[list[int]]:
        return [table[p * 5 : p * 5 + 5] for p in range(self.config.seats)]

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "board": self.board.to_json(),
            "phase": PHASE_NAMES[self.phase],
            "current": self.current,
            "turn": self.turn,
            "start": self.start,
            "setup_pos": self.setup_pos,
            "setup_vertex": self.setup_vertex,
            "vertex_owner": self.vertex_owner,
            "vertex_level": self.vertex_level,
            "edge_owner": self.edge_owner,
            "hands": self._rows(self.hands),
            "bank": self.bank,
            "dev_hands": self._rows(self.dev_hands),
            "dev_new": self._rows(self.dev_new),
            "dev_deck": self.dev_deck,
            "dev_played": self._rows(self.dev_played),
            "robber": self.robber,
            "longest_holder": self.longest_holder,
            "army_holder": self.army_holder,
            "road_length": self.road_length,
            "vp_public": self.vp_public,
            "dice": list(self.dice) if self.dice else None,
            "dev_played_this_turn": self.dev_played_this_turn,
            "discard_owed": self.discard_owed,
            "free_roads": self.free_roads,
            "yop_left": self.yop_left,
            "resume_phase": PHASE_NAMES[self.resume_phase],
            "steal_candidates": self.steal_candidates,
            "trade": self.trade.to_json(RESOURCES) if self.trade else None,
            "offers_this_turn": self.offers_this_turn,
            "winner": self.winner_seat,
        }

    # -- views ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        from engine.rulesets.base.view import build_view

        if seat is not None and not 0 <= seat < self.config.seats:
            raise ValueError(f"there is no seat {seat}; seats are 0 to {self.config.seats - 1}")
        return build_view(self, seat)


_Handler = Callable[[BaseGame, Action], Any]

_CHECKS: dict[type[Action], Callable[[BaseGame, Action], str | None]] = {
    BuildSettlement: BaseGame._check_settlement,
    BuildRoad: BaseGame._check_road,
    BuildCity: BaseGame._check_city,
    BuyDevelopment: BaseGame._check_buy,
    PlayKnight: BaseGame._check_play,
    PlayRoadBuilding: BaseGame._check_play,
    PlayYearOfPlenty: BaseGame._check_play,
    PlayMonopoly: BaseGame._check_play,
    TakeResource: BaseGame._check_take,
    Roll: BaseGame._check_roll,
    EndTurn: BaseGame._check_end,
    Discard: BaseGame._check_discard,
    MoveRobber: BaseGame._check_robber,
    Steal: BaseGame._check_steal,
    MaritimeTrade: BaseGame._check_maritime,
    OfferTrade: BaseGame._check_offer,
    AcceptTrade: BaseGame._check_answer,
    DeclineTrade: BaseGame._check_answer,
    CounterTrade: BaseGame._check_answer,
    ConfirmTrade: BaseGame._check_confirm,
    CancelTrade: BaseGame._check_confirm,
}

_APPLY: dict[type[Action], Callable[[BaseGame, Action], list[Event]]] = {
    BuildSettlement: BaseGame._do_settlement,
    BuildRoad: BaseGame._do_road,
    BuildCity: BaseGame._do_city,
    BuyDevelopment: BaseGame._do_buy,
    PlayKnight: BaseGame._do_knight,
    PlayRoadBuilding: BaseGame._do_road_building,
    PlayYearOfPlenty: BaseGame._do_year_of_plenty,
    TakeResource: BaseGame._do_take,
    PlayMonopoly: BaseGame._do_monopoly,
    Roll: BaseGame._do_roll,
    EndTurn: BaseGame._do_end,
    Discard: BaseGame._do_discard,
    MoveRobber: BaseGame._do_robber,
    Steal: BaseGame._do_steal,
    MaritimeTrade: BaseGame._do_maritime,
    OfferTrade: BaseGame._do_offer,
    AcceptTrade: BaseGame._do_answer,
    DeclineTrade: BaseGame._do_answer,
    CounterTrade: BaseGame._do_answer,
    ConfirmTrade: BaseGame._do_confirm,
    CancelTrade: BaseGame._do_confirm,
}
