"""Base-game knowledge: a hand-tuned evaluation and a fast rule-based policy.

Everything reads a *determinized* BaseGame (drawn by sample_consistent from a
seat's view), so it may look at every field without cheating: the hidden
parts are guesses. Card kinds, strides and prices come from the game's class
(`HAND_CARDS`, `DEV_CARDS`, `PRICES`), so a subclass's extra kinds are rows
the evaluation simply weighs at the default. Units: about 10 points per
victory point; a resource card in hand is worth well under one point, so
building always beats hoarding.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, Protocol, TypeVar

from ai.features.swaps import Terms, swap_terms
from engine.actions import Action
from engine.config import GameConfig
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
from engine.rulesets.base.board import GENERIC
from engine.rulesets.base.game import (
    DISCARD,
    KNIGHT,
    MAIN,
    MOVE_ROBBER,
    PRE_ROLL,
    ROAD_BUILDING,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    STEAL,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    VICTORY_POINT,
    YEAR_OF_PLENTY,
    BaseGame,
)
from engine.shared.actions import (
    CancelTrade,
    ConfirmTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    Roll,
    Steal,
)

__all__ = [
    "CHANCE",
    "FORCED",
    "RESOURCES",
    "apply_trade",
    "evaluate",
    "hand_of",
    "phase_of",
    "policy",
    "trade_terms",
]

CHANCE = frozenset({"roll", "buy_development", "steal", "move_robber", "play_knight"})
FORCED = frozenset(
    {"setup_road", "road_building", "year_of_plenty", "move_robber", "steal", "discard"}
)
"""Phases that finish what an action started; one-ply search plays them out with the policy."""
POLICY_PHASES: frozenset[str] = frozenset()
"""Phases where the search bots trust the rule-based policy (none in the base game)."""
PIPS = (0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1)
RESOURCES = BaseGame.HAND_CARDS.names
"""The base game's hand-card names in index order (bots translate views with them)."""
RESOURCE_WEIGHT = {"brick": 1.0, "lumber": 1.0, "wool": 0.85, "grain": 1.05, "ore": 1.05}


@lru_cache(maxsize=16)
def _weights(names: tuple[str, ...]) -> tuple[float, ...]:
    return tuple(RESOURCE_WEIGHT.get(name, 1.0) for name in names)


# -- static board knowledge (cached per board) ----------------------------------------


Yields = tuple[tuple[tuple[int, int, int], ...], ...]
_YIELDS: dict[int, tuple[Any, Yields]] = {}
"""id(board) -> (board, its yields). Keyed by identity: a frozen `Board`'s generated
`__hash__` hashes the whole grid (microseconds a call, a fifth of a search's time when
it was an `lru_cache` key). The entry holds its board, so the id cannot be reused
while it is here; sampled worlds share their board with the view, so one entry serves
a whole search."""
_YIELDS_KEPT = 64


def _vertex_yield(board: Any) -> Yields:
    """Per vertex: (hex, resource, pips) for each producing land hex around it."""
    hit = _YIELDS.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    if len(_YIELDS) >= _YIELDS_KEPT:
        _YIELDS.clear()
    made = _YIELDS[id(board)] = (board, _yields_of(board))
    return made[1]


def _yields_of(board: Any) -> Yields:
    grid = board.grid
    out = []
    for v in range(grid.num_vertices):
        row = []
        for h in grid.vertex_land[v]:
            r = board.resource[h]
            if r >= 0:
                row.append((h, r, PIPS[board.number[h]]))
        out.append(tuple(row))
    return tuple(out)


def _vertex_pips(game: BaseGame, v: int) -> int:
    robber = game.robber
    return sum(p for h, _, p in _vertex_yield(game.board)[v] if h != robber)


def production(game: BaseGame, seat: int) -> list[int]:
    """Expected cards per 36 rolls, per resource, for the seat's buildings (robber respected)."""
    prod = [0] * game.HAND_CARDS.stride
    yields = _vertex_yield(game.board)
    robber = game.robber
    level = game.vertex_level
    for v in game.buildings[seat]:
        lv = level[v]
        for h, r, p in yields[v]:
            if h != robber:
                prod[r] += p * lv
    return prod


def _production_score(game: BaseGame, prod: list[int]) -> float:
    score = 0.0
    weights = _weights(game.HAND_CARDS.names)
    for r, x in enumerate(prod):
        if x:
            score += weights[r] * (x if x <= 8 else 8 + 0.5 * (x - 8)) + 1.5
    return score


def _spot_score(game: BaseGame, seat: int, v: int, prod: list[int]) -> float:
    """How good a free vertex would be for `seat`: pips, new resources, harbour."""
    score = 0.0
    weights = _weights(game.HAND_CARDS.names)
    for h, r, p in _vertex_yield(game.board)[v]:
        if h != game.robber:
            score += p * weights[r] * (1.4 if prod[r] == 0 else 1.0)
    kind = game.board.vertex_harbour[v]
    if kind == GENERIC:
        score += 1.5
    elif kind >= 0:
        score += 0.4 * prod[kind]
    return score


Spots = tuple[tuple[int, ...], tuple[int, ...]]
_SPOTS: dict[tuple[Any, ...], Spots] = {}
"""(board id, seat and the pieces on the board) -> `_free_spots`. One search's sampled
worlds and rollouts meet the same few positions thousands of times (one evaluation in
four went to finding sites); the pieces, not the hands, decide them."""
_BOARDS: dict[int, Any] = {}
"""id -> board for every board with entries in `_SPOTS` or `_GROUND`. Held here, a board
cannot be freed and its id reused by another while entries name it; games on other
threads (tables served over SSH) have their own boards, so their entries never meet."""
_BOARDS_KEPT = 8
_SPOTS_KEPT = 4096


def _board_cache(board: Any) -> None:
    """Make the caches ready for `board`'s positions (emptied when full)."""
    if len(_SPOTS) >= _SPOTS_KEPT or len(_GROUND) >= _SPOTS_KEPT:
        _SPOTS.clear()
        _GROUND.clear()
    if _BOARDS.get(id(board)) is not board:
        if len(_BOARDS) >= _BOARDS_KEPT:
            _SPOTS.clear()
            _GROUND.clear()
            _BOARDS.clear()
        _BOARDS[id(board)] = board


T = TypeVar("T")


def _by_pieces(
    cache: dict[tuple[Any, ...], T],
    game: BaseGame,
    seat: int,
    measure: Callable[[BaseGame, int], T],
    *more: Any,
) -> T:
    """`measure(game, seat)`, kept in `cache` by the board, the seat, the pieces and `more`
    (what else `measure` reads). Only for the base game's distance rule: a ruleset that adds
    to it, such as Cities & Knights' knights, is measured every time."""
    if type(game)._distance_ok is not BaseGame._distance_ok:
        return measure(game, seat)
    _board_cache(game.board)
    pieces = (tuple(game.vertex_owner), tuple(game.edge_owner), tuple(game.roads[seat]))
    key = (id(game.board), seat, *more, *pieces)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = measure(game, seat)
    return hit


def _free_spots(game: BaseGame, seat: int) -> Spots:
    """Free legal vertices on the seat's road network, and those one road further."""
    return _by_pieces(_SPOTS, game, seat, _find_spots)


def _find_spots(game: BaseGame, seat: int) -> Spots:
    grid = game.board.grid
    owner = game.vertex_owner
    edge_owner = game.edge_owner
    reach: set[int] = set()
    for e in game.roads[seat]:
        for v in grid.edge_vertices[e]:
            if owner[v] < 0 or owner[v] == seat:
                reach.add(v)
    here: list[int] = []
    further: set[int] = set()
    for v in reach:
        if game._distance_ok(v):
            here.append(v)
        for e in grid.vertex_edges[v]:
            if edge_owner[e] < 0:
                a, b = grid.edge_vertices[e]
                w = b if a == v else a
                if w not in reach and game._distance_ok(w):
                    further.add(w)
    return tuple(here), tuple(sorted(further))


# -- evaluation ----------------------------------------------------------------------------


def _missing(hand: list[int], cost: tuple[int, ...]) -> int:
    return sum(c - h for h, c in zip(hand, cost, strict=True) if c > h)


@dataclass(frozen=True, slots=True)
class Weights:
    """The evaluation's hand-set weights, in points (about 10 a victory point).

    Declared once so that a self-play duel can try other values against these
    (``scripts/duel_eval.py``: one value bot with changed weights against three
    with the defaults); the rulesets built on the base game's evaluation share it.
    """

    vp: float = 10.0
    production: float = 0.9  # times the production score (pips, diversity)
    best_spot: float = 0.45  # the best free site on the seat's roads
    second_spot: float = 0.15
    spot_beyond: float = 0.18  # the best site one road further
    card: float = 0.3  # a card in hand, up to `card_cap` cards
    card_cap: int = 7
    city_progress: float = 6.0  # halved for every card still missing (bank rates counted)
    settlement_progress: float = 5.0
    road_progress: float = 2.0
    development_progress: float = 2.5
    knight_held: float = 2.2  # a knight card in hand
    card_held: float = 3.0  # another development card in hand
    knight_played: float = 2.5  # up to 4 knights played
    road: float = 0.6  # Longest Road's length, up to 8
    harbour_2: float = 0.25  # times the production of a 2:1 harbour's resource
    harbour_3: float = 0.08  # times the production of each resource at 3:1
    rival_card: float = 0.4  # an opponent's card in hand
    rival_development: float = 2.0  # an opponent's development card
    leader_share: float = 0.35  # of the strongest opponent's value, subtracted
    field_share: float = 0.1  # of every opponent's value, subtracted


WEIGHTS = Weights()
"""The weights in play. Self-play duels of other values (leader share 0.5 and 0.65,
production 1.35) and weights fitted to game outcomes all played worse or no better."""


@contextmanager
def weighed_by(changed: Weights) -> Iterator[None]:
    """The evaluation reads `changed` inside the block (one process, one decision at a time)."""
    global WEIGHTS
    kept = WEIGHTS
    WEIGHTS = changed
    try:
        yield
    finally:
        WEIGHTS = kept


SEVEN = 1.0 / 6.0
"""Chance that a roll of two dice is a 7."""
CARD_AT_RISK = 1.1
"""Points a card lost to a discard costs (a card in hand is worth 0.3 plus its progress)."""


def discard_risk(game: BaseGame, seat: int, cards: int) -> float:
    """Expected points lost to a 7 before `seat` can spend a hand of `cards` again.

    Every seat rolls once before this one's next main phase, so the hand is
    exposed to as many rolls as there are seats; over the limit a 7 takes half.
    """
    if cards <= game.discard_limit(seat):
        return 0.0
    p = 1.0 - (1.0 - SEVEN) ** game.config.seats
    return p * (cards // 2) * CARD_AT_RISK


def _missing_at_rates(hand: list[int], cost: tuple[int, ...], rates: list[int]) -> float:
    """Cards missing for `cost`, a card the seat can get by a maritime trade counting 0.4.

    The surplus of each kind (beyond `cost`) buys ``surplus // rate`` cards at
    the seat's own rates, so a 2:1 harbour makes its kind's surplus worth twice
    a 4:1 trade's.
    """
    missing = 0
    trades = 0
    for h, c, rate in zip(hand, cost, rates, strict=True):
        if c > h:
            missing += c - h
        elif h > c:
            trades += (h - c) // rate
    return missing - 0.6 * min(missing, trades)


class Ground(NamedTuple):
    """What the pieces on the board give a seat, hands aside (`_seat_value` adds those)."""

    prod: tuple[int, ...]
    """Expected cards per 36 rolls, per resource (`production`)."""
    prod_score: float
    best_spot: float
    """The best free site on the seat's roads, by `_spot_score` (0: none, or no settlement
    left to build)."""
    second_spot: float
    spot_beyond: float
    """The best site one road further (0: none)."""
    here: bool
    """Whether the seat has a free site on its roads (and a settlement to put there)."""
    further: bool


_GROUND: dict[tuple[Any, ...], Ground] = {}
"""(seat and the pieces on the board) -> `Ground`, as `_SPOTS` keeps sites: a search's
evaluations meet the same positions over and over with only the hands differing."""


def _ground(game: BaseGame, seat: int) -> Ground:
    level = tuple(game.vertex_level)
    left = game.settlements_left[seat] > 0
    return _by_pieces(_GROUND, game, seat, _measure_ground, game.robber, left, level)


def _measure_ground(game: BaseGame, seat: int) -> Ground:
    prod = production(game, seat)
    here: Sequence[int] = ()
    further: Sequence[int] = ()
    if game.settlements_left[seat]:
        here, further = _free_spots(game, seat)
    best = [*sorted((_spot_score(game, seat, v, prod) for v in here), reverse=True), 0.0, 0.0]
    beyond = max((_spot_score(game, seat, v, prod) for v in further), default=0.0)
    score = _production_score(game, prod)
    return Ground(tuple(prod), score, best[0], best[1], beyond, bool(here), bool(further))


def _seat_value(game: BaseGame, seat: int, detail: bool) -> float:
    w = WEIGHTS
    vp = game.total_vp(seat)
    if vp >= game.vp_to_win:
        return 1000.0
    ground = _ground(game, seat)
    prod = ground.prod
    value = w.vp * vp + w.production * ground.prod_score
    prices = game.PRICES
    if not detail:
        hand_cards = sum(game.hand(seat))
        return (
            value
            + w.rival_card * hand_cards
            + w.rival_development * sum(game.row(game.dev_hands, seat))
        )
    hand = game.hand(seat)
    cards = sum(hand)
    # spots to expand to
    spots_here, spots_next = ground.here, ground.further
    value += w.best_spot * ground.best_spot + w.second_spot * ground.second_spot
    value += w.spot_beyond * ground.spot_beyond
    # hand: raw value plus progress toward the builds available
    value += w.card * min(cards, w.card_cap)
    progress = 0.0
    can_city = game.cities_left[seat] and any(
        game.vertex_level[v] == 1 for v in game.buildings[seat]
    )
    rates = game.row(game.rates, seat)
    if can_city:
        progress = max(
            progress, w.city_progress * 0.5 ** _missing_at_rates(hand, prices["city"], rates)
        )
    if spots_here:
        missing = _missing_at_rates(hand, prices["settlement"], rates)
        progress = max(progress, w.settlement_progress * 0.5**missing)
    elif spots_next and game.roads_left[seat]:
        progress = max(
            progress, w.road_progress * 0.5 ** _missing_at_rates(hand, prices["road"], rates)
        )
    if game.dev_deck_size:
        missing = _missing_at_rates(hand, prices["development"], rates)
        progress = max(progress, w.development_progress * 0.5**missing)
    value += progress
    value -= discard_risk(game, seat, cards)
    # development cards and the armies/roads races
    dev = game.row(game.dev_hands, seat)
    new = game.row(game.dev_new, seat)
    value += w.knight_held * (dev[KNIGHT] + new[KNIGHT]) + w.card_held * (
        sum(dev) + sum(new) - dev[KNIGHT] - new[KNIGHT]
    )
    value -= w.card_held * (dev[VICTORY_POINT] + new[VICTORY_POINT])  # already counted as VP
    knights = game.row(game.dev_played, seat)[KNIGHT]
    value += w.knight_played * min(knights, 4)
    value += w.road * min(game.road_length[seat], 8)
    # harbours matter in proportion to what they can trade
    for r in range(len(rates)):
        if rates[r] == 2:
            value += w.harbour_2 * prod[r]
        elif rates[r] == 3:
            value += w.harbour_3 * prod[r]
    return value


class Scored(Protocol):
    """What `relative_value` reads of a game: the winner (-1: none yet) and the seat count."""

    winner_seat: int
    config: GameConfig


G = TypeVar("G", bound=Scored)


def relative_value(game: G, seat: int, seat_value: Callable[[G, int, bool], float]) -> float:
    """The seat's position less a share of the strongest opponent's (robbing the leader pays).

    `seat_value(game, seat, detail)` is the ruleset's own measure of one seat
    (detail: the seat evaluated, not an opponent); every ruleset weighs it so.
    """
    if game.winner_seat >= 0:
        return 1000.0 if game.winner_seat == seat else -1000.0
    mine = seat_value(game, seat, True)
    others = [seat_value(game, p, False) for p in range(game.config.seats) if p != seat]
    return mine - WEIGHTS.leader_share * max(others) - WEIGHTS.field_share * sum(others)


def evaluate(game: BaseGame, seat: int) -> float:
    """The seat's position less a share of the strongest opponent's (robbing the leader pays)."""
    return relative_value(game, seat, _seat_value)


# -- the rule-based policy -------------------------------------------------------------------


def _setup_score(game: BaseGame, seat: int, v: int) -> float:
    prod = production(game, seat)
    return _spot_score(game, seat, v, prod)


def _road_target(game: BaseGame, seat: int, edges: list[int]) -> int:
    """The edge that leads toward the best free site (ties: lowest id)."""
    grid = game.board.grid
    prod = production(game, seat)
    owner = game.vertex_owner
    best, best_score = edges[0], -1.0
    for e in edges:
        score = 0.0
        for v in grid.edge_vertices[e]:
            if owner[v] >= 0 and owner[v] != seat:
                continue
            if game._distance_ok(v):
                score = max(score, _spot_score(game, seat, v, prod))
            for e2 in grid.vertex_edges[v]:
                if e2 != e and game.edge_owner[e2] < 0:
                    for w in grid.edge_vertices[e2]:
                        if w != v and game._distance_ok(w):
                            score = max(score, 0.6 * _spot_score(game, seat, w, prod))
        score += 0.01 * game.road_length[seat]
        if score > best_score:
            best, best_score = e, score
    return best


def _target_cost(game: BaseGame, seat: int) -> tuple[int, ...]:
    """What the seat saves for next: city, settlement, development card or road."""
    hand = game.hand(seat)
    prices = game.PRICES
    city, settlement, road, dev = (
        prices["city"],
        prices["settlement"],
        prices["road"],
        prices["development"],
    )
    options = []
    if game.cities_left[seat] and any(game.vertex_level[v] == 1 for v in game.buildings[seat]):
        options.append((_missing(hand, city), 0, city))
    here, further = _free_spots(game, seat) if game.settlements_left[seat] else ((), ())
    if here:
        options.append((_missing(hand, settlement), 1, settlement))
    elif further and game.roads_left[seat]:
        options.append((_missing(hand, road), 3, road))
    if game.dev_deck_size:
        options.append((_missing(hand, dev) + 1, 2, dev))
    if not options:
        # Nothing to save for (no site within reach, no cities left, no cards in the deck):
        # roads still reach far sites and Longest Road, so a game cannot stall on this seat.
        return road if game.roads_left[seat] else dev
    return min(options)[2]


def _robber_hex(game: BaseGame, seat: int, legal: list[Action]) -> Action:
    grid = game.board.grid
    best: Action = legal[0]
    best_score = -1e9
    vp = game.vp_public
    for a in legal:
        assert isinstance(a, MoveRobber)
        h = a.hex
        pips = PIPS[game.board.number[h]]
        score = 0.0
        for v in grid.hex_vertices[h]:
            p = game.vertex_owner[v]
            if p == seat:
                score -= 100.0
            elif p >= 0:
                score += pips * game.vertex_level[v] * (1.0 + vp[p] / 4.0)
                score += 0.5 if sum(game.hand(p)) else 0.0
        if score > best_score:
            best, best_score = a, score
    return best


def _discard(game: BaseGame, seat: int, legal: list[Action]) -> Action:
    hand = game.hand(seat)
    target = _target_cost(game, seat)

    def keep(a: Action) -> float:
        assert isinstance(a, Discard)
        r = game.HAND_CARDS.index[a.resource]
        return (hand[r] - target[r]) * 1.0 + 0.01 * r

    return max(legal, key=keep)


def policy(game: BaseGame, seat: int, legal: list[Action], rng: Rng) -> Action:
    """A fast, deterministic rule-based choice (ties broken by list order)."""
    if len(legal) == 1:
        return legal[0]
    phase = game.phase
    if phase == SETUP_SETTLEMENT:
        return max(legal, key=lambda a: _setup_score(game, seat, a.vertex))  # type: ignore[attr-defined]
    if phase in (SETUP_ROAD, ROAD_BUILDING):
        edge = _road_target(game, seat, [a.edge for a in legal])  # type: ignore[attr-defined]
        return BuildRoad(edge)
    if phase == PRE_ROLL:
        if any(isinstance(a, PlayKnight) for a in legal) and _robber_hurts(game, seat):
            return PlayKnight()
        return Roll()
    if phase == DISCARD:
        return _discard(game, seat, legal)
    if phase == MOVE_ROBBER:
        return _robber_hex(game, seat, legal)
    if phase == STEAL:
        steals = (a for a in legal if isinstance(a, Steal))
        return max(steals, key=lambda a: (game.vp_public[a.victim], sum(game.hand(a.victim))))
    if phase == YEAR_OF_PLENTY:
        need = _target_cost(game, seat)
        hand = game.hand(seat)
        index = game.HAND_CARDS.index
        return max(
            legal,
            key=lambda a: need[index[a.resource]] - hand[index[a.resource]],  # type: ignore[attr-defined]
        )
    if phase == TRADE_RESPONSE:
        return next((a for a in legal if isinstance(a, DeclineTrade)), legal[-1])
    if phase == TRADE_CONFIRM:
        confirms = [a for a in legal if isinstance(a, ConfirmTrade)]
        return confirms[0] if confirms else CancelTrade()
    if phase == MAIN:
        return _main(game, seat, legal)
    return legal[0]


def _robber_hurts(game: BaseGame, seat: int) -> bool:
    return any(game.vertex_owner[v] == seat for v in game.board.grid.hex_vertices[game.robber]) or (
        game.row(game.dev_played, seat)[KNIGHT] >= 2 and game.army_holder != seat
    )


def _main(game: BaseGame, seat: int, legal: list[Action]) -> Action:
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    if BuildCity in by_type:
        return max(by_type[BuildCity], key=lambda a: _vertex_pips(game, a.vertex))  # type: ignore[attr-defined]
    if BuildSettlement in by_type:
        prod = production(game, seat)
        return max(by_type[BuildSettlement], key=lambda a: _spot_score(game, seat, a.vertex, prod))  # type: ignore[attr-defined]
    if PlayKnight in by_type and _robber_hurts(game, seat):
        return PlayKnight()
    if PlayRoadBuilding in by_type:
        return PlayRoadBuilding()
    hand = game.hand(seat)
    target = _target_cost(game, seat)
    if BuildRoad in by_type and (target is game.PRICES["road"] or game.road_length[seat] >= 4):
        here, further = _free_spots(game, seat)
        if not here and (further or target is game.PRICES["road"]):
            edge = _road_target(game, seat, [a.edge for a in by_type[BuildRoad]])  # type: ignore[attr-defined]
            return BuildRoad(edge)
    if BuyDevelopment in by_type and target is game.PRICES["development"]:
        return BuyDevelopment()
    if PlayYearOfPlenty in by_type and _missing(hand, target) >= 2:
        return PlayYearOfPlenty()
    if PlayMonopoly in by_type:
        pass  # kept for later turns; the value bot judges it with samples
    if MaritimeTrade in by_type and _missing(hand, target) > 0:
        best = None
        index = game.HAND_CARDS.index
        rates = game.row(game.rates, seat)
        for a in by_type[MaritimeTrade]:
            assert isinstance(a, MaritimeTrade)
            give, get = index[a.give], index[a.get]
            surplus = hand[give] - rates[give] - target[give]
            if target[get] > hand[get] and surplus >= 0:
                key = (surplus, -get)
                if best is None or key > best[0]:
                    best = (key, a)
        if best is not None:
            return best[1]
    if BuyDevelopment in by_type and sum(hand) >= 6:
        return BuyDevelopment()
    return EndTurn()


# -- trading ------------------------------------------------------------------------------------


def trade_terms(game: BaseGame, seat: int) -> list[Terms]:
    """Offers worth evaluating: 1 for 1 and 2 for 1 of a card we miss for the next build."""
    return swap_terms(game.hand(seat), _target_cost(game, seat))


def apply_trade(
    game: BaseGame, offerer: int, partner: int, give: tuple[int, ...], get: tuple[int, ...]
) -> None:
    """Swap cards in place: ``offerer`` gives ``give`` to ``partner`` and gets ``get``."""
    game.move_cards(offerer, partner, give, get)


def hand_of(game: BaseGame, seat: int) -> list[int]:
    return game.hand(seat)


def phase_of(game: BaseGame) -> str:
    return game.phase_name


def is_winning(game: BaseGame, seat: int) -> bool:
    return game.winner_seat == seat
