"""Building a hex-family game from a `Position`, and writing one out (engine/position.py).

`build` fills a new game of the class from the description, checking as it
goes that the rules could have reached it; the first problem found is raised
as a `PositionError` naming it. The base game's parts are read here; state a
subclass declares in `STATE` travels in `Position.extra` under its snapshot
key, read and written by the declaration (so a subclass that adds a field
needs nothing here, and one whose new state has rules to check extends
`BaseGame.check_position`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from engine.config import GameConfig
from engine.errors import ConfigError
from engine.position import DERIVE, Holder, Position, PositionError, SeatDevelopment, SeatPieces
from engine.rng import Rng
from engine.rulesets.base import decisions
from engine.rulesets.base.board_json import board_from_json
from engine.rulesets.base.decisions import (
    DISCARD,
    SETUP_ROAD,
    SETUP_SETTLEMENT,
    STEAL,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    TURN_PHASES,
    Decision,
)
from engine.shared.cardset import CardSet
from engine.shared.longest_road import award_largest, award_longest
from engine.shared.state import EDGE, HEX, SEAT, VERTEX
from engine.shared.trading import PendingTrade

if TYPE_CHECKING:
    from engine.rulesets.base.game import BaseGame

G = TypeVar("G", bound="BaseGame")

COVERED = frozenset(
    (
        "rng",
        "board",
        "pending",
        "current",
        "turn",
        "start",
        "setup_pos",
        "setup_vertex",
        "vertex_owner",
        "vertex_level",
        "edge_owner",
        "hands",
        "bank",
        "dev_hands",
        "dev_new",
        "dev_deck",
        "dev_played",
        "robber",
        "longest_holder",
        "army_holder",
        "road_length",
        "vp_public",
        "dice",
        "dev_played_this_turn",
        "trade",
        "offers_this_turn",
        "winner",
        "forced_dice",
    )
)
"""Snapshot keys the named parts of a Position describe; other declared state goes in `extra`."""

DATA_NEEDED = {
    DISCARD: "the number of cards owed",
    STEAL: "the seats that may be robbed",
    "road_building": "the free roads left",
    "year_of_plenty": "the free resources left",
    "gold_pick": "the resources left to pick",
}
"""Decision kinds whose data is required, and what it is (for the message)."""


def _fail(message: str) -> PositionError:
    return PositionError(message)


def _is_int(x: Any) -> bool:
    return type(x) is int


# -- building ---------------------------------------------------------------------------


def build(cls: type[G], pos: Position) -> G:
    if pos.ruleset != cls.ruleset_name:
        raise _fail(f"the position is of ruleset {pos.ruleset!r}, not {cls.ruleset_name!r}")
    from engine.registry import normalise_config

    if not _is_int(pos.seed):
        raise _fail("the seed must be an integer")
    try:
        config = normalise_config(GameConfig(pos.ruleset, pos.seats, pos.seed, dict(pos.options)))
    except ConfigError as exc:
        raise _fail(str(exc)) from None
    game = cls(config)
    n = config.seats
    board = game.board
    if pos.board is not None:
        try:
            board = board_from_json(pos.board)
        except (KeyError, ValueError, TypeError, IndexError):
            raise _fail("the board is not a board description (see Board.to_json)") from None
    grid = board.grid
    sizes = {SEAT: n, VERTEX: grid.num_vertices, EDGE: grid.num_edges, HEX: len(grid.land)}
    rng = game.rng if pos.rng is None else Rng(pos.rng)
    cls.STATE.allocate(game, sizes)
    game.rng = rng
    game.board = board
    for name in ("pieces", "hands", "development"):
        rows = getattr(pos, name)
        if rows and len(rows) != n:
            raise _fail(f"{name} has {len(rows)} entries for {n} seats")
    if not (_is_int(pos.start) and 0 <= pos.start < n):
        raise _fail(f"the start seat {pos.start} is not a seat (0 to {n - 1})")
    game.start = pos.start
    game.setup_order = [(pos.start + k) % n for k in range(n)]
    game.setup_order += game.setup_order[::-1]
    _place_pieces(game, pos.pieces or [SeatPieces() for _ in range(n)])
    _deal_cards(game, pos)
    robber = board.desert if pos.robber is None else pos.robber
    if not (_is_int(robber) and 0 <= robber < len(grid.land)):
        raise _fail(
            f"the robber is on hex {robber}, off the board (land hexes 0 to {len(grid.land) - 1})"
        )
    game.robber = robber
    _set_turn(game, pos)
    _set_extra(game, pos)  # before the decisions: a subclass's pieces count in setup
    _set_decisions(game, pos)
    _score(game, pos)
    game.check_position()
    game.origin = pos.to_json()  # saves replay the log from here
    return game


def _place_pieces(game: BaseGame, pieces: Sequence[SeatPieces]) -> None:
    grid = game.board.grid
    nv, ne = grid.num_vertices, grid.num_edges
    owner, level, edge_owner = game.vertex_owner, game.vertex_level, game.edge_owner
    for p, sp in enumerate(pieces):
        for kind, lvl in (("settlement", 1), ("city", 2)):
            for v in sp.settlements if lvl == 1 else sp.cities:
                if not (_is_int(v) and 0 <= v < nv):
                    raise _fail(
                        f"seat {p}'s {kind} on vertex {v}: there is no such vertex "
                        f"(vertices are 0 to {nv - 1})"
                    )
                if owner[v] >= 0:
                    raise _fail(f"vertex {v} holds two buildings (seats {owner[v]} and {p})")
                owner[v] = p
                level[v] = lvl
        for e in sp.roads:
            if not (_is_int(e) and 0 <= e < ne):
                raise _fail(
                    f"seat {p}'s road on edge {e}: there is no such edge (edges are 0 to {ne - 1})"
                )
            if edge_owner[e] >= 0:
                raise _fail(f"edge {e} holds two roads (seats {edge_owner[e]} and {p})")
            edge_owner[e] = p
    for v in range(nv):
        if owner[v] >= 0:
            for w in grid.vertex_adjacent[v]:
                if owner[w] >= 0 and v < w:
                    raise _fail(f"buildings on vertices {v} and {w} break the distance rule")
    game.rebuild_derived()
    for p in range(len(pieces)):
        for what, left, stock in (
            ("settlements", game.settlements_left[p], game.PIECES["settlements"]),
            ("cities", game.cities_left[p], game.PIECES["cities"]),
            ("roads", game.roads_left[p], game.PIECES["roads"]),
        ):
            if left < 0:
                raise _fail(f"seat {p} has {stock - left} {what}; the stock is {stock}")
        _check_roads_connected(game, p)


def _check_roads_connected(game: BaseGame, seat: int) -> None:
    """Every stretch of `seat`'s roads reaches one of its buildings (cuts by others allowed)."""
    grid = game.board.grid
    own = set(game.roads[seat])
    homes = set(game.buildings[seat])
    seen: set[int] = set()
    for first in sorted(own):
        if first in seen:
            continue
        stretch, todo, touches = {first}, [first], False
        while todo:
            e = todo.pop()
            for v in grid.edge_vertices[e]:
                touches = touches or v in homes
                for f in grid.vertex_edges[v]:
                    if f in own and f not in stretch:
                        stretch.add(f)
                        todo.append(f)
        seen |= stretch
        if not touches:
            raise _fail(
                f"seat {seat}'s road on edge {first} is not connected to a settlement or city "
                f"of seat {seat}"
            )


def _row(cards: CardSet, counts: Mapping[str, int], whose: str) -> list[int]:
    if not isinstance(counts, Mapping):
        raise _fail(f"{whose} must map card names to counts")
    for name, count in counts.items():
        if name not in cards.index:
            raise _fail(f"unknown card {name!r} in {whose}; valid: {', '.join(cards.names)}")
        if not _is_int(count) or count < 0:
            raise _fail(f"{whose} holds {count!r} {name}: a count is a whole number, 0 or more")
    return cards.from_dict(counts)


def _deal_cards(game: BaseGame, pos: Position) -> None:
    n = game.config.seats
    hand_cards, dev_cards = game.HAND_CARDS, game.DEV_CARDS
    hands = pos.hands or [{} for _ in range(n)]
    game.hands = [c for p in range(n) for c in _row(hand_cards, hands[p], f"seat {p}'s hand")]
    game.bank = _complement(hand_cards, game.hands, pos.bank, "the bank", "in the hands")
    devs = pos.development or [SeatDevelopment() for _ in range(n)]
    rows: dict[str, list[int]] = {"playable": [], "new": [], "played": []}
    for p, d in enumerate(devs):
        for part in rows:
            rows[part] += _row(dev_cards, getattr(d, part), f"seat {p}'s {part} development cards")
    game.dev_hands, game.dev_new, game.dev_played = rows["playable"], rows["new"], rows["played"]
    held = [
        a + b + c for a, b, c in zip(game.dev_hands, game.dev_new, game.dev_played, strict=True)
    ]
    game.dev_deck = _complement(dev_cards, held, pos.deck, "the deck", "with the seats")


def _complement(
    cards: CardSet, held: list[int], given: Mapping[str, int] | None, what: str, where: str
) -> list[int]:
    """What is left of each kind outside `held` (flat seat rows): derived, or `given` checked."""
    k = cards.stride
    totals = [sum(held[r::k]) for r in range(k)]
    if given is None:
        for r, name in enumerate(cards.names):
            if totals[r] > cards.counts[r]:
                raise _fail(
                    f"more {name} cards than exist: {totals[r]} {where}, "
                    f"there are {cards.counts[r]}"
                )
        return [c - t for c, t in zip(cards.counts, totals, strict=True)]
    row = _row(cards, given, what)
    for r, name in enumerate(cards.names):
        if totals[r] + row[r] != cards.counts[r]:
            raise _fail(
                f"{name}: {totals[r]} {where} and {row[r]} in {what} make "
                f"{totals[r] + row[r]}, but there are {cards.counts[r]}"
            )
    return row


def _set_turn(game: BaseGame, pos: Position) -> None:
    n = game.config.seats
    if not (_is_int(pos.current) and 0 <= pos.current < n):
        raise _fail(f"the current seat {pos.current} is not a seat (0 to {n - 1})")
    if not (_is_int(pos.turn) and pos.turn >= 0):
        raise _fail(f"the turn {pos.turn!r} must be a whole number, 0 or more")
    game.current = pos.current
    game.turn = pos.turn
    for name, dice in [("dice", pos.dice)] + [("forced dice", d) for d in pos.forced_dice]:
        if dice is not None and (
            not isinstance(dice, list)
            or not dice
            or not all(_is_int(x) and 1 <= x <= 6 for x in dice)
        ):
            raise _fail(f"the {name} {dice!r} are not dice: each shows 1 to 6")
    game.dice = tuple(pos.dice) if pos.dice else None
    game.forced_dice = tuple(tuple(d) for d in pos.forced_dice)
    game.dev_played_this_turn = bool(pos.dev_played_this_turn)
    if not (_is_int(pos.offers_this_turn) and pos.offers_this_turn >= 0):
        raise _fail("offers_this_turn must be a whole number, 0 or more")
    game.offers_this_turn = pos.offers_this_turn
    k = game.DEV_STRIDE
    vp = game.DEV_CARDS.index.get("victory_point")
    for p in range(n):
        if p != game.current and any(game.dev_new[p * k : p * k + k]):
            raise _fail(
                f"seat {p} holds development cards bought this turn, "
                f"but the turn is seat {game.current}'s"
            )
        if vp is not None and game.dev_played[p * k + vp]:
            raise _fail(f"seat {p} has played victory point cards; they are never played")


def _set_decisions(game: BaseGame, pos: Position) -> None:
    n = game.config.seats
    stack: list[Decision] = []
    for raw in pos.pending:
        if not isinstance(raw, list | tuple) or len(raw) not in (2, 3):
            raise _fail(f"a pending decision is [kind, seat, data], not {raw!r}")
        kind, seat, data = (*raw, None) if len(raw) == 2 else raw
        if kind not in game.LISTS:
            known = ", ".join(sorted(game.LISTS))
            raise _fail(f"unknown decision kind {kind!r}; valid: {known}")
        if not (_is_int(seat) and 0 <= seat < n):
            raise _fail(f"the {kind} decision is for seat {seat}, not a seat (0 to {n - 1})")
        if kind in DATA_NEEDED and not data:
            raise _fail(f"a {kind} decision needs {DATA_NEEDED[kind]} as its data")
        stack.append(decisions.from_json([kind, seat, data]))
    if stack:
        bottom = stack[0]
        if bottom.kind not in TURN_PHASES:
            phases = ", ".join(sorted(TURN_PHASES))
            raise _fail(
                f"the bottom of the decision stack is the turn's phase ({phases}), "
                f"not {bottom.kind}"
            )
        if bottom.seat != game.current:
            raise _fail(
                f"the turn's phase is seat {bottom.seat}'s but the current seat is {game.current}"
            )
        for d in stack[1:]:
            if d.kind in TURN_PHASES:
                raise _fail(
                    f"{d.kind} is a turn's phase: it can only be at the bottom of the stack"
                )
    for d in stack:
        if d.kind == DISCARD:
            held = sum(game.hand(d.seat))
            if not _is_int(d.data) or not 0 < d.data <= held:
                raise _fail(f"seat {d.seat} owes {d.data!r} cards to discard but holds {held}")
        elif d.kind == STEAL and not all(_is_int(s) and 0 <= s < n and s != d.seat for s in d.data):
            raise _fail(f"the steal candidates {list(d.data)} must be other seats")
    trade_kinds = {d.kind for d in stack} & {TRADE_RESPONSE, TRADE_CONFIRM}
    if trade_kinds and pos.trade is None:
        raise _fail(f"a {min(trade_kinds)} decision needs the trade (Position.trade)")
    if pos.trade is not None and not trade_kinds:
        raise _fail("a trade is given but no decision waits on it")
    game.trade = None
    if pos.trade is not None:
        try:
            game.trade = PendingTrade.from_json(pos.trade, game.HAND_CARDS.names)
        except (KeyError, ValueError, TypeError, AttributeError):
            raise _fail("the trade is not a trade description (see PendingTrade.to_json)") from None
    _set_setup(game, pos, stack)
    game.set_pending(stack)


def _set_setup(game: BaseGame, pos: Position, stack: list[Decision]) -> None:
    """The setup counters: derived from the pieces while setup lasts, fixed after it."""
    n = game.config.seats
    phase = stack[0].kind if stack else None
    nv = game.board.grid.num_vertices
    if pos.setup_vertex is not None and not (
        _is_int(pos.setup_vertex) and 0 <= pos.setup_vertex < nv
    ):
        raise _fail(f"the setup vertex {pos.setup_vertex!r} is not a vertex (0 to {nv - 1})")
    placed = sum(len(game.setup_links(p)) for p in range(n))
    built = sum(len(b) for b in game.buildings)
    if phase not in (SETUP_SETTLEMENT, SETUP_ROAD):
        game.setup_pos = 2 * n
        game.setup_vertex = -1 if pos.setup_vertex is None else pos.setup_vertex
        game.check_buildings_reached(-1)
        return
    if game.turn != 0:
        raise _fail(f"during setup the turn is 0, not {game.turn}")
    if len(stack) > 1:
        raise _fail("nothing interrupts the setup placements")
    expected = placed + (1 if phase == SETUP_ROAD else 0)
    if placed >= 2 * n or built != expected:
        raise _fail(
            f"{phase} after {placed} setup roads needs {expected} buildings on the board, "
            f"not {built}"
        )
    if game.setup_order[placed] != game.current:
        raise _fail(
            f"setup placement {placed + 1} is seat {game.setup_order[placed]}'s, "
            f"not seat {game.current}'s"
        )
    game.setup_pos = placed
    # The settlement placed last (the view shows it); derived while its road is owed.
    game.setup_vertex = -1 if pos.setup_vertex is None else pos.setup_vertex
    if game.setup_vertex >= 0 and game.vertex_owner[game.setup_vertex] < 0:
        raise _fail(f"the setup vertex {game.setup_vertex} has no settlement")
    if phase == SETUP_ROAD:
        grid = game.board.grid
        links = set(game.setup_links(game.current))
        bare = [
            v
            for v in game.buildings[game.current]
            if not any(e in links for e in grid.vertex_edges[v])
        ]
        if len(bare) != 1:
            raise _fail(f"setup_road needs one settlement of seat {game.current} without a road")
        game.setup_vertex = bare[0]
        if pos.setup_vertex is not None and pos.setup_vertex != bare[0]:
            raise _fail(
                f"the setup vertex is {bare[0]} (the settlement without a road), "
                f"not {pos.setup_vertex}"
            )
    game.check_buildings_reached(game.setup_vertex)


def check_buildings_reached(game: BaseGame, bare: int) -> None:
    """Each building touches one of its owner's roads (but `bare`, placed just now in setup).

    The default of `BaseGame.check_buildings_reached`.
    """
    grid = game.board.grid
    for p, homes in enumerate(game.buildings):
        for v in sorted(homes):
            if v != bare and all(game.edge_owner[e] != p for e in grid.vertex_edges[v]):
                raise _fail(f"seat {p}'s building on vertex {v} has none of its roads next to it")


def _set_extra(game: BaseGame, pos: Position) -> None:
    """Declared state the named parts do not cover (a subclass's fields), by snapshot key."""
    grid = game.board.grid
    n = game.config.seats
    sizes = {SEAT: n, VERTEX: grid.num_vertices, EDGE: grid.num_edges, HEX: len(grid.land)}
    own = {
        f.snapshot_key: f for f in game.STATE if f.snapshot_key not in COVERED and f.snapshot_key
    }
    unknown = sorted(set(pos.extra) - set(own))
    if unknown:
        raise _fail(
            f"unknown extra state {', '.join(map(repr, unknown))}; "
            f"valid: {', '.join(sorted(own)) or 'none'}"
        )
    for key, f in own.items():
        if key in pos.extra:
            try:
                value = game.STATE.decode(game, f, pos.extra[key])
            except (KeyError, ValueError, TypeError, IndexError):
                raise _fail(f"the extra state {key!r} cannot be read") from None
            expected = sizes.get(f.layout)
            if expected is not None and len(value) != expected:
                raise _fail(
                    f"the extra state {key!r} has {len(value)} entries, not {expected} "
                    f"(one per {f.layout})"
                )
            setattr(game, f.name, value)


def _holder(given: Holder, derived: int, what: str) -> int:
    if given == DERIVE:
        return derived
    if given is None:
        return -1
    if not _is_int(given):
        raise _fail(f"the {what} holder must be a seat, None or {DERIVE!r}, not {given!r}")
    return int(given)


def _score(game: BaseGame, pos: Position) -> None:
    n = game.config.seats
    game.road_length = [game._trail(p) for p in range(n)]
    lengths = game.road_length
    longest = _holder(pos.longest_road, award_longest(lengths, -1), "Longest Road")
    if not -1 <= longest < n:
        raise _fail(f"the Longest Road holder {longest} is not a seat")
    if award_longest(lengths, longest) != longest:
        top = max(lengths)
        if longest < 0:
            leader = lengths.index(top)
            raise _fail(
                f"nobody holds Longest Road, but seat {leader}'s road of {top} is the only longest"
            )
        if lengths[longest] < 5:
            raise _fail(
                f"seat {longest} cannot hold Longest Road with a road of "
                f"{lengths[longest]} (5 needed)"
            )
        raise _fail(
            f"seat {longest} cannot hold Longest Road: a road of {top} is longer "
            f"than its {lengths[longest]}"
        )
    knight = game.DEV_CARDS.index.get("knight")  # a ruleset without knight cards has no army
    knights = game.dev_played[knight :: game.DEV_STRIDE] if knight is not None else [0] * n
    army = _holder(pos.largest_army, award_largest(knights, -1), "Largest Army")
    if not -1 <= army < n:
        raise _fail(f"the Largest Army holder {army} is not a seat")
    if army >= 0 and knights[army] < 3:
        raise _fail(f"seat {army} cannot hold Largest Army with {knights[army]} knights (3 needed)")
    if award_largest(knights, army) != army:
        best = max(knights)
        if army < 0:
            raise _fail(
                f"nobody holds Largest Army, but seat {knights.index(best)} played {best} knights"
            )
        raise _fail(
            f"seat {army} cannot hold Largest Army: another seat played {best} knights "
            f"to its {knights[army]}"
        )
    game.longest_holder = longest
    game.army_holder = army
    game.vp_public = [game.public_vp_of(p) for p in range(n)]
    winner = pos.winner
    target = game.vp_to_win
    if winner is not None:
        if not (_is_int(winner) and 0 <= winner < n):
            raise _fail(f"the winner {winner!r} is not a seat")
        if game.pending:
            raise _fail(f"seat {winner} is given as the winner but decisions are still pending")
        if game.total_vp(winner) < target:
            raise _fail(
                f"seat {winner} won with {game.total_vp(winner)} victory points; "
                f"{target} are needed"
            )
        game.winner_seat = winner
    elif not game.pending:
        raise _fail("the decision stack is empty (the game is over) but no winner is given")
    elif game.phase not in (SETUP_SETTLEMENT, SETUP_ROAD):
        vp = game.total_vp(game.current)
        if vp >= target:
            raise _fail(
                f"seat {game.current} has {vp} victory points, at or above the target of "
                f"{target}, on its own turn without having won"
            )


# -- writing out ------------------------------------------------------------------------


def describe(game: BaseGame) -> Position:
    """`game` as a Position (every part written out, nothing left to derive)."""
    n = game.config.seats
    config = game.config
    hand_cards, dev_cards = game.HAND_CARDS, game.DEV_CARDS
    board_json = game.board.to_json()
    drawn = game.make_board(Rng(config.seed if config.seed is not None else 0))
    level = game.vertex_level
    return Position(
        ruleset=game.ruleset_name,
        seats=n,
        seed=config.seed if config.seed is not None else 0,
        options=dict(config.options),
        board=None if drawn.to_json() == board_json else board_json,
        rng=game.rng.state,
        forced_dice=[list(d) for d in game.forced_dice],
        start=game.start,
        current=game.current,
        turn=game.turn,
        pending=[decisions.to_json(d) for d in game.pending],
        dice=list(game.dice) if game.dice else None,
        robber=game.robber,
        pieces=[
            SeatPieces(
                settlements=[v for v in sorted(game.buildings[p]) if level[v] == 1],
                cities=[v for v in sorted(game.buildings[p]) if level[v] == 2],
                roads=sorted(game.roads[p]),
            )
            for p in range(n)
        ],
        hands=[hand_cards.to_dict(game.hand(p)) for p in range(n)],
        development=[
            SeatDevelopment(
                playable=dev_cards.to_dict(game.row(game.dev_hands, p)),
                new=dev_cards.to_dict(game.row(game.dev_new, p)),
                played=dev_cards.to_dict(game.row(game.dev_played, p)),
            )
            for p in range(n)
        ],
        deck=dev_cards.to_dict(game.dev_deck),
        bank=hand_cards.to_dict(game.bank),
        longest_road=game.longest_holder if game.longest_holder >= 0 else None,
        largest_army=game.army_holder if game.army_holder >= 0 else None,
        dev_played_this_turn=game.dev_played_this_turn,
        offers_this_turn=game.offers_this_turn,
        trade=game.trade.to_json(hand_cards.names) if game.trade is not None else None,
        setup_vertex=game.setup_vertex if game.setup_vertex >= 0 else None,
        winner=game.winner,
        extra={
            key: game.STATE.encode(game, f, getattr(game, f.name))
            for f in game.STATE
            if (key := f.snapshot_key) is not None and key not in COVERED
        },
    )
