"""Helpers for Cities & Knights tests: positions built through the position API, invariants."""

from __future__ import annotations

import itertools
import random
from typing import Any

from engine import GameConfig, new_game
from engine.actions import Action
from engine.position import Position, SeatDevelopment, SeatPieces, game_from_position
from engine.rulesets.ck.cards import HAND, PROGRESS, TRACKS
from engine.rulesets.ck.game import CKGame

OPEN_ENDED = frozenset({"offer_trade", "counter_trade"})


def new(seats: int = 3, seed: int = 1) -> CKGame:
    game = new_game(GameConfig("ck", seats, seed, {"board": "beginner"}))
    assert isinstance(game, CKGame)
    return game


def position(
    seats: int = 3,
    pieces: list[SeatPieces] | None = None,
    hands: list[dict[str, int]] | None = None,
    progress: list[dict[str, int]] | None = None,
    pending: list[list[Any]] | None = None,
    current: int = 0,
    dice: list[int] | None = (3, 4),  # type: ignore[assignment]
    forced_dice: list[list[int]] | None = None,
    revealed: list[dict[str, int]] | None = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> CKGame:
    """A game at seat `current`'s main phase (by default) from pieces, hands and extra state."""
    pos = Position(
        ruleset="ck",
        seats=seats,
        seed=7,
        options={"board": "beginner", **(options or {})},
        pieces=pieces or [SeatPieces() for _ in range(seats)],
        hands=hands or [{} for _ in range(seats)],
        development=[
            SeatDevelopment(playable=p, played=r)
            for p, r in zip(progress or [{}] * seats, revealed or [{}] * seats, strict=True)
        ],
        pending=pending or [["main", current, None]],
        current=current,
        turn=5,
        dice=list(dice) if dice else None,
        forced_dice=forced_dice or [],
        robber=extra.pop("robber", None),
        extra=extra,
    )
    game = game_from_position(pos)
    assert isinstance(game, CKGame)
    return game


def knights(nv: int, placed: dict[int, tuple[int, int, int]]) -> dict[str, list[int]]:
    """Extra state for knights: vertex -> (owner, strength, active)."""
    owner, level, active = [-1] * nv, [0] * nv, [0] * nv
    for v, (p, s, a) in placed.items():
        owner[v], level[v], active[v] = p, s, a
    return {"knight_owner": owner, "knight_level": level, "knight_active": active}


def levels(seats: int, **per_seat: tuple[int, int, int]) -> list[list[int]]:
    """Improvement levels: seat_N=(trade, politics, science)."""
    rows = [[0, 0, 0] for _ in range(seats)]
    for key, row in per_seat.items():
        rows[int(key.split("_")[1])] = list(row)
    return rows


def act(game: CKGame, action: Action) -> list[dict[str, Any]]:
    return [e.full() for e in game.apply(action)]


def check_invariants(game: CKGame) -> None:
    n = game.config.seats
    k = game.HAND_STRIDE
    for r, name in enumerate(HAND.names):
        held = sum(game.hands[p * k + r] for p in range(n))
        assert held + game.bank[r] == HAND.counts[r], name
        assert min(game.hands[p * k + r] for p in range(n)) >= 0, name
    d = game.DEV_STRIDE
    decks = game.progress_decks
    assert decks is not None
    in_decks = [0] * d
    for deck in decks:
        for c in deck:
            in_decks[c] += 1
    for c, name in enumerate(PROGRESS.names):
        hands = sum(game.dev_hands[p * d + c] for p in range(n))
        played = sum(game.dev_played[p * d + c] for p in range(n))
        assert in_decks[c] + hands + played == PROGRESS.counts[c], name
    assert sum(len(x) for x in decks) + sum(game.dev_hands) + sum(game.dev_played) == 54
    level = game.vertex_level
    for p in range(n):
        mine = game.buildings[p]
        cities = sum(1 for v in mine if level[v] == 2)
        settlements = sum(1 for v in mine if level[v] == 1)
        assert game.cities_left[p] + cities == 4
        assert game.settlements_left[p] == max(0, 5 - settlements)
        assert game.roads_left[p] + len(game.roads[p]) == 15
        for s in range(3):
            on_board = sum(
                1
                for v, o in enumerate(game.knight_owner)
                if o == p and game.knight_level[v] == s + 1
            )
            aside = sum(
                1
                for dd in game.pending
                if dd.kind == "displaced" and dd.seat == p and dd.data[0] == s + 1
            )
            assert game.knights_left[p * 3 + s] + on_board + aside == 2
        assert game.walls_left(p) >= 0
        assert game.public_vp_of(p) == game.vp_public[p], (p, game.vp_public)
        assert game.progress_count(p) <= 4 or any(
            dd.kind == "progress_limit" and dd.seat == p for dd in game.pending
        )
    assert 0 <= game.barbarian <= 7
    metros = [v for v in game.metropolis if v >= 0]
    assert len(set(metros)) == len(metros) and len(game.metropolis) == len(TRACKS.names)
    assert all(level[v] == 2 for v in metros)
    for v, o in enumerate(game.knight_owner):
        assert o < 0 or game.vertex_owner[v] < 0


def random_game(
    seats: int, seed: int, cap: int = 3000, each: Any = None
) -> tuple[CKGame, list[Action]]:
    game = new(seats, seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    while game.to_act is not None and len(actions) < cap:
        legal = [a for a in game.legal_actions() if a.type not in OPEN_ENDED]
        action = rng.choice(legal)
        game.apply(action)
        actions.append(action)
        if each is not None:
            each(game)
    return game, actions


NV = 54


def edge(game: CKGame, u: int, w: int) -> int:
    """The edge between vertices `u` and `w`."""
    grid = game.board.grid
    for e in grid.vertex_edges[u]:
        if w in grid.edge_vertices[e]:
            return e
    raise ValueError(f"vertices {u} and {w} are not neighbours")


def path(*vertices: int) -> list[int]:
    """Edges along a chain of vertices (on the beginner board's grid)."""
    g = _GRID_GAME
    return [edge(g, a, b) for a, b in itertools.pairwise(vertices)]


_GRID_GAME = new(3)


def seat(
    settlements: tuple[int, ...] = (),
    cities: tuple[int, ...] = (),
    roads: list[int] | None = None,
) -> SeatPieces:
    return SeatPieces(settlements=list(settlements), cities=list(cities), roads=roads or [])


def decks(
    tops: dict[int, list[str]] | None = None, held: list[dict[str, int]] | None = None
) -> Any:
    """Progress decks (trade, politics, science) holding every card not in `held`, with the
    named cards on top of their deck in the order given."""
    from engine.rulesets.ck.cards import DECK_OF

    left = list(PROGRESS.counts)
    for row in held or []:
        for name, n in row.items():
            left[PROGRESS.index[name]] -= n
    out: list[list[str]] = [[], [], []]
    for deck, names in (tops or {}).items():
        for name in names:
            left[PROGRESS.index[name]] -= 1
            out[deck].append(name)
    for c, n in enumerate(left):
        out[DECK_OF[c]].extend([PROGRESS.names[c]] * n)
    return out


def stock(**counts: int) -> dict[str, int]:
    return dict(counts)


def spur(v: int, k: int = 0) -> int:
    """An edge at vertex `v` (its k-th), for the road a building needs next to it."""
    return _GRID_GAME.board.grid.vertex_edges[v][k]
