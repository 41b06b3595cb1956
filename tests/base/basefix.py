"""Position builders and invariant checks for base-game tests.

The builders write pieces and cards straight into the game's state lists
(keeping every cached count consistent); the behaviour under test is then
exercised through the public `apply`/`legal_actions` API.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine import GameConfig, new_game
from engine.actions import Action
from engine.position import game_from_position
from engine.rulesets.base.board import GENERIC, RESOURCE_INDEX, RESOURCES
from engine.rulesets.base.game import (
    DEV_COUNTS,
    DEV_NAMES,
    MAIN,
    PIECES,
    PRE_ROLL,
    VICTORY_POINT,
    BaseGame,
)

# Zig-zag trails along the tops of each hex row of the board (vertex ids). Their
# vertex sets are pairwise disjoint, so several players' roads can be laid at once.
P_TOP = (3, 0, 4, 1, 5, 2, 6)  # 6 roads
P_M1 = (11, 7, 12, 8, 13, 9, 14, 10, 15)  # 8 roads
P_0 = (21, 16, 22, 17, 23, 18, 24, 19, 25, 20, 26)  # 10 roads
P_1 = (33, 28, 34, 29, 35, 30, 36, 31, 37)  # 8 roads
P_2 = (43, 39, 44, 40, 45, 41, 46)  # 6 roads
P_BOT = (47, 51, 48, 52, 49, 53, 50)  # 6 roads


def fresh(seats: int = 4, seed: int = 1, board: str = "beginner", **options: Any) -> BaseGame:
    game = new_game(GameConfig("base", seats, seed=seed, options={"board": board, **options}))
    assert isinstance(game, BaseGame)
    return game


def skip_setup(game: BaseGame, current: int = 0, phase: str = MAIN) -> BaseGame:
    """Jump past the setup rounds to seat `current`'s turn (MAIN: after the roll)."""
    dice = [3, 4] if phase == MAIN else None
    return rebuild(game, current=current, turn=1, pending=[[phase, current, None]], dice=dice)


def rebuild(game: BaseGame, **parts: Any) -> BaseGame:
    """`game` with parts of its position replaced (checked by the engine), changed in place."""
    pos = game.position()
    for name, value in parts.items():
        setattr(pos, name, value)
    game.__dict__.update(game_from_position(pos).__dict__)
    return game


def started(
    seats: int = 4, seed: int = 1, current: int = 0, phase: str = MAIN, **kw: Any
) -> BaseGame:
    return skip_setup(fresh(seats, seed, **kw), current, phase)


def vid(game: BaseGame, *hexes: tuple[int, int]) -> int:
    return game.board.grid.vertex_id(hexes)


def edge(game: BaseGame, v1: int, v2: int) -> int:
    grid = game.board.grid
    for e in grid.vertex_edges[v1]:
        if v2 in grid.edge_vertices[e]:
            return e
    raise AssertionError(f"vertices {v1} and {v2} are not adjacent")


def path_edges(game: BaseGame, vertices: tuple[int, ...] | list[int]) -> list[int]:
    return [edge(game, a, b) for a, b in itertools.pairwise(vertices)]


def put_settlement(game: BaseGame, seat: int, v: int, city: bool = False) -> None:
    assert game.vertex_owner[v] < 0, f"vertex {v} taken"
    game.vertex_owner[v] = seat
    game.vertex_level[v] = 2 if city else 1
    game.buildings[seat] = (*game.buildings[seat], v)
    if city:
        game.cities_left[seat] -= 1
        game.vp_public[seat] += 2
    else:
        game.settlements_left[seat] -= 1
        game.vp_public[seat] += 1
    kind = game.board.vertex_harbour[v]
    if kind == GENERIC:
        for r in range(5):
            put(game, "rates", seat, r, min(row(game, "rates", seat)[r], 3))
    elif kind >= 0:
        put(game, "rates", seat, kind, 2)
    sync_longest(game)


def put_road(game: BaseGame, seat: int, e: int) -> None:
    assert game.edge_owner[e] < 0, f"edge {e} taken"
    game.edge_owner[e] = seat
    game.roads[seat] = (*game.roads[seat], e)
    game.roads_left[seat] -= 1
    sync_longest(game)


def put_path(game: BaseGame, seat: int, vertices: tuple[int, ...] | list[int]) -> list[int]:
    edges = path_edges(game, vertices)
    for e in edges:
        put_road(game, seat, e)
    return edges


def sync_longest(game: BaseGame) -> None:
    """Recompute cached road lengths and the card as the engine would after a build."""
    for p in range(game.config.seats):
        game.road_length[p] = trail(game, p)
    game._update_longest()


def trail(game: BaseGame, seat: int) -> int:
    """Longest trail of `seat`'s roads, recomputed here independently of the engine."""
    grid = game.board.grid
    owner = game.vertex_owner
    own = [e for e, o in enumerate(game.edge_owner) if o == seat]
    ends = sorted({v for e in own for v in grid.edge_vertices[e]})
    key = (id(grid), seat, tuple(own), tuple(owner[v] >= 0 and owner[v] != seat for v in ends))
    if key in _TRAILS:
        return _TRAILS[key]
    best = 0

    def extend(v: int, used: frozenset[int]) -> None:
        nonlocal best
        best = max(best, len(used))
        if owner[v] >= 0 and owner[v] != seat:
            return  # an opponent's building: the trail may end here, not pass
        for e in own:
            a, b = grid.edge_vertices[e]
            if e not in used and v in (a, b):
                extend(b if a == v else a, used | {e})

    for e in own:
        for end in grid.edge_vertices[e]:
            extend(end, frozenset((e,)))
    if len(_TRAILS) > 100_000:
        _TRAILS.clear()
    _TRAILS[key] = best
    return best


_TRAILS: dict[tuple[object, ...], int] = {}


def give(game: BaseGame, seat: int, **cards: int) -> None:
    """Move resource cards from the bank to a hand."""
    for name, n in cards.items():
        r = RESOURCE_INDEX[name]
        assert game.bank[r] >= n
        game.bank[r] -= n
        add(game, "hands", seat, r, n)


def hand(game: BaseGame, seat: int) -> dict[str, int]:
    counts = row(game, "hands", seat)
    return {name: counts[i] for i, name in enumerate(RESOURCES) if counts[i]}


# Per-seat tables of cards (hands, development cards, rates) may be stored nested
# (table[seat][k]) or flat (table[seat * stride + k]); these helpers hide which.


def _stride(game: BaseGame, t: list[Any]) -> int:
    return len(t) // game.config.seats


def row(game: BaseGame, table: str, seat: int) -> list[int]:
    t = getattr(game, table)
    if t and isinstance(t[0], list):
        return list(t[seat])
    k = _stride(game, t)
    return list(t[seat * k : seat * k + k])


def put(game: BaseGame, table: str, seat: int, k: int, value: int) -> None:
    t = getattr(game, table)
    if t and isinstance(t[0], list):
        t[seat][k] = value
    else:
        t[seat * _stride(game, t) + k] = value


def add(game: BaseGame, table: str, seat: int, k: int, n: int) -> None:
    put(game, table, seat, k, row(game, table, seat)[k] + n)


def give_dev(game: BaseGame, seat: int, card: str, n: int = 1, new: bool = False) -> None:
    """Move development cards from the deck to a hand (bought earlier, or this turn)."""
    k = DEV_NAMES.index(card)
    assert game.dev_deck[k] >= n
    game.dev_deck[k] -= n
    add(game, "dev_new" if new else "dev_hands", seat, k, n)


def deck_only(game: BaseGame, card: str) -> None:
    """Leave only cards of kind `card` in the deck (the rest set aside as played by nobody)."""
    k = DEV_NAMES.index(card)
    game.dev_deck = [game.dev_deck[i] if i == k else 0 for i in range(5)]


def roll(game: BaseGame, total: int) -> list[Any]:
    """Roll `total` (forced dice, which the engine rolls before its RNG's)."""
    assert game.phase == PRE_ROLL
    first = max(1, total - 6)
    game.forced_dice = ((first, total - first),)
    from engine.shared.actions import Roll

    events = game.apply(Roll())
    assert game.dice is not None and sum(game.dice) == total
    return events


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


# -- invariants ------------------------------------------------------------------
# Read through the public surfaces (snapshot, spectator view, scores), so the
# checks do not depend on how the state is laid out internally.


def recomputed_public_vp(snap: dict[str, Any], seat: int) -> int:
    vp = 0
    for v, o in enumerate(snap["vertex_owner"]):
        if o == seat:
            vp += snap["vertex_level"][v]
    if snap["longest_holder"] == seat:
        vp += 2
    if snap["army_holder"] == seat:
        vp += 2
    return vp


def connected_roads(game: BaseGame, snap: dict[str, Any], seat: int) -> set[int]:
    """Roads of `seat` reachable from its buildings along its own roads."""
    grid = game.board.grid
    own = {e for e, o in enumerate(snap["edge_owner"]) if o == seat}
    frontier = [v for v, o in enumerate(snap["vertex_owner"]) if o == seat]
    seen_v = set(frontier)
    reached: set[int] = set()
    while frontier:
        v = frontier.pop()
        for e in grid.vertex_edges[v]:
            if e in own and e not in reached:
                reached.add(e)
                for w in grid.edge_vertices[e]:
                    if w not in seen_v:
                        seen_v.add(w)
                        frontier.append(w)
    return reached


def check_invariants(game: BaseGame) -> None:
    n = game.config.seats
    grid = game.board.grid
    snap = game.snapshot()
    public = game.view(None)
    # Snapshots and views are JSON-ready: a JSON round trip changes nothing.
    import json

    assert json.loads(json.dumps(snap)) == snap
    assert json.loads(json.dumps(public)) == public
    if game.to_act is not None:
        mine = game.view(game.to_act)
        assert json.loads(json.dumps(mine)) == mine
    players = public["players"]
    hands, bank = snap["hands"], snap["bank"]
    # Cards: 19 of each resource between the bank and the hands.
    for r in range(5):
        assert bank[r] >= 0 and all(h[r] >= 0 for h in hands)
        assert bank[r] + sum(h[r] for h in hands) == 19, RESOURCES[r]
    # Development cards: 25 between the deck, the hands and the played piles, per kind.
    for k in range(5):
        total = snap["dev_deck"][k] + sum(
            snap["dev_hands"][p][k] + snap["dev_new"][p][k] + snap["dev_played"][p][k]
            for p in range(n)
        )
        assert total == DEV_COUNTS[k], DEV_NAMES[k]
    assert sum(snap["dev_played"][p][VICTORY_POINT] for p in range(n)) == 0
    assert public["development_deck"] == sum(snap["dev_deck"])
    owner, level, edge_owner = snap["vertex_owner"], snap["vertex_level"], snap["edge_owner"]
    # Pieces: on the board + in supply = 5 / 4 / 15.
    for p in range(n):
        settlements = sum(1 for v, o in enumerate(owner) if o == p and level[v] == 1)
        cities = sum(1 for v, o in enumerate(owner) if o == p and level[v] == 2)
        roads = sum(1 for o in edge_owner if o == p)
        assert settlements + players[p]["settlements_left"] == PIECES["settlements"]
        assert cities + players[p]["cities_left"] == PIECES["cities"]
        assert roads + players[p]["roads_left"] == PIECES["roads"]
        assert players[p]["resource_count"] == sum(hands[p])
    for v, o in enumerate(owner):
        assert (o < 0) == (level[v] == 0)
    # Distance rule.
    for v, o in enumerate(owner):
        if o >= 0:
            assert all(owner[a] < 0 for a in grid.vertex_adjacent[v]), v
    # Every road is connected to its owner's network.
    for p in range(n):
        own = {e for e, o in enumerate(edge_owner) if o == p}
        assert connected_roads(game, snap, p) == own, f"seat {p} has unconnected roads"
    # Harbour rates follow the buildings.
    for p in range(n):
        kinds_owned = {game.board.vertex_harbour[v] for v, o in enumerate(owner) if o == p}
        expected = [2 if r in kinds_owned else 3 if GENERIC in kinds_owned else 4 for r in range(5)]
        assert [players[p]["rates"][name] for name in RESOURCES] == expected
    # Longest road: cached lengths and holder match a recomputation.
    lengths = [trail(game, p) for p in range(n)]
    assert snap["road_length"] == lengths
    h = snap["longest_holder"]
    if h >= 0:
        assert lengths[h] >= 5 and lengths[h] == max(lengths)
    else:
        top = max(lengths)
        assert top < 5 or lengths.count(top) > 1
    # Largest army.
    knights = [snap["dev_played"][p][0] for p in range(n)]
    a = snap["army_holder"]
    if a >= 0:
        assert knights[a] >= 3 and knights[a] == max(knights)
    else:
        assert max(knights) < 3
    # Victory points: cached public points, totals with hidden cards, the view.
    scores = game.scores()
    for p in range(n):
        assert snap["vp_public"][p] == recomputed_public_vp(snap, p)
        assert players[p]["public_vp"] == snap["vp_public"][p]
        hidden = snap["dev_hands"][p][VICTORY_POINT] + snap["dev_new"][p][VICTORY_POINT]
        assert scores[p] == snap["vp_public"][p] + hidden
    # Winner.
    if game.to_act is None:
        w = game.winner
        assert w is not None and scores[w] >= game.vp_to_win
    else:
        assert game.winner is None
        assert scores[game.current] < game.vp_to_win


_PROGRESS = (
    "build_settlement",
    "build_city",
    "build_road",
    "buy_development",
    "play_knight",
    "play_road_building",
    "play_year_of_plenty",
    "play_monopoly",
    "maritime_trade",
)


def random_action(game: BaseGame, rnd: random.Random, greedy: float = 0.0) -> Action:
    """A random legal action; with probability `greedy` a building/card/bank one if any.

    Trade offers are damped so that games move on.
    """
    legal = game.legal_actions()
    assert legal, f"no legal action in phase {game.phase_name}"
    seat = game.to_act
    if game.phase_name == "trade_response" and seat is not None and rnd.random() < 0.3:
        # Counter-offers are free-form, so legal_actions() does not list them.
        counts = row(game, "hands", seat)
        held = [r for r in range(5) if counts[r]]
        if held:
            g = rnd.choice(held)
            t = rnd.choice([r for r in range(5) if r != g])
            from engine.shared.actions import CounterTrade

            counter = CounterTrade(((RESOURCES[g], 1),), ((RESOURCES[t], rnd.randint(1, 2)),))
            assert game.check(counter) is None, game.check(counter)
            return counter
    if greedy and rnd.random() < greedy:
        progress = [a for a in legal if a.type in _PROGRESS]
        if progress:
            return rnd.choice(progress)
    plain = [a for a in legal if a.type != "offer_trade"]
    if plain and len(plain) < len(legal) and rnd.random() < 0.8:
        return rnd.choice(plain)
    return rnd.choice(legal)


def play_random(
    game: BaseGame, rnd: random.Random, max_actions: int, check: bool = False, greedy: float = 0.0
) -> None:
    for _ in range(max_actions):
        if game.to_act is None:
            return
        game.apply(random_action(game, rnd, greedy))
        if check:
            check_invariants(game)


def refused(game: BaseGame, action: Action, *fragments: str) -> str:
    """Assert `action` raises IllegalAction naming the rule, and the state is unchanged."""
    import pytest

    from engine import IllegalAction

    before = game.snapshot()
    log = len(game.log)
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message
    assert message and "\n" not in message
    assert game.snapshot() == before
    assert len(game.log) == log
    assert action not in game.legal_actions()
    return message
