"""What one seat may know of a base game, and games drawn from that knowledge.

`build_view` is the only place that decides what is public (rules/catan.md
§15): other hands appear as counts, unplayed development cards as counts, the
deck as a size. `sample_consistent` goes the other way: it fills everything
the view hides with a random draw from the cards that seat has not seen, so
search bots plan on a world they could be in, never on the true one.
"""

from __future__ import annotations

from typing import Any

from engine.rng import Rng
from engine.rulesets.base.board import RESOURCES
from engine.rulesets.base.game import (
    BANK_START,
    DEV_COUNTS,
    DEV_NAMES,
    PHASE_NAMES,
    VICTORY_POINT,
    BaseGame,
)

PROTOCOL_VERSION = 1


def _counts(row: list[int], names: tuple[str, ...]) -> dict[str, int]:
    return {name: row[i] for i, name in enumerate(names)}


def build_view(game: BaseGame, seat: int | None) -> dict[str, Any]:
    n = game.config.seats
    board = game.board
    players = []
    for p in range(n):
        players.append(
            {
                "seat": p,
                "resource_count": sum(game.hand(p)),
                "development_count": sum(game.row(game.dev_hands, p))
                + sum(game.row(game.dev_new, p)),
                # Buying is public: everyone saw how many of those cards came this turn.
                "development_new_count": sum(game.row(game.dev_new, p)),
                "played": _counts(game.row(game.dev_played, p), DEV_NAMES),
                "knights": game.dev_played[p * 5],
                "public_vp": game.vp_public[p],
                "road_length": game.road_length[p],
                "longest_road": game.longest_holder == p,
                "largest_army": game.army_holder == p,
                "settlements_left": game.settlements_left[p],
                "cities_left": game.cities_left[p],
                "roads_left": game.roads_left[p],
                "rates": _counts(game.row(game.rates, p), RESOURCES),
                "discard_owed": game.discard_owed[p],
            }
        )
    view: dict[str, Any] = {
        "protocol": PROTOCOL_VERSION,
        "ruleset": "base",
        "config": game.config.to_json() | {"seed": None},
        "seat": seat,
        "num_seats": n,
        "vp_to_win": game.vp_to_win,
        "phase": PHASE_NAMES[game.phase],
        "to_act": game.to_act,
        "current": game.current,
        "start": game.start,
        "turn": game.turn,
        "setup_pos": game.setup_pos,
        "setup_vertex": game.setup_vertex,
        "dice": list(game.dice) if game.dice else None,
        "board": board.to_json(),
        "robber": game.robber,
        "vertices": [
            [game.vertex_owner[v], game.vertex_level[v]] for v in range(board.grid.num_vertices)
        ],
        "edges": list(game.edge_owner),
        "bank": _counts(game.bank, RESOURCES),
        "development_deck": game.dev_deck_size,
        "dev_played_this_turn": game.dev_played_this_turn,
        "free_roads": game.free_roads,
        "yop_left": game.yop_left,
        "resume_phase": PHASE_NAMES[game.resume_phase],
        "steal_candidates": list(game.steal_candidates),
        "trade": game.trade.to_json(RESOURCES) if game.trade else None,
        "offers_this_turn": game.offers_this_turn,
        "trade_limit": game.trade_limit,
        "players": players,
        "winner": game.winner,
    }
    if seat is not None:
        view["me"] = {
            "hand": _counts(game.hand(seat), RESOURCES),
            "development": _counts(game.row(game.dev_hands, seat), DEV_NAMES),
            "development_new": _counts(game.row(game.dev_new, seat), DEV_NAMES),
            "vp": game.total_vp(seat),
        }
    if game.winner is not None:
        view["scores"] = game.scores()
    return view


def sample_consistent(view: dict[str, Any], rng: Rng) -> BaseGame:
    """A game that `view`'s seat cannot tell from the real one, hidden parts drawn at random.

    Public state is copied from the view; the other seats' resource hands are
    dealt from the resources the seat cannot account for, their unplayed
    development cards from the cards it has not seen, and the game gets a
    fresh RNG from `rng`, so future dice and draws are unknown as well.
    """
    from engine.config import GameConfig

    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to sample for")
    cfg = view["config"]
    config = GameConfig(cfg["ruleset"], cfg["seats"], rng.next64() >> 1, cfg["options"])
    game = BaseGame(config)
    _copy_public(game, view)
    n = game.config.seats
    me = view["me"]
    mine = seat * 5
    game.hands[mine : mine + 5] = [me["hand"][r] for r in RESOURCES]
    game.dev_hands[mine : mine + 5] = [me["development"][d] for d in DEV_NAMES]
    game.dev_new[mine : mine + 5] = [me["development_new"][d] for d in DEV_NAMES]
    # Resources nobody can see: 19 of each, less the bank and my hand.
    unseen_res = [BANK_START - game.bank[r] - game.hands[mine + r] for r in range(5)]
    # Development cards not yet seen: all, less played ones and my own.
    unseen_dev = [
        DEV_COUNTS[k]
        - sum(game.dev_played[p * 5 + k] for p in range(n))
        - game.dev_hands[mine + k]
        - game.dev_new[mine + k]
        for k in range(5)
    ]
    # Cards a seat is known to hold: what it offered, or agreed to give, in the open trade.
    known = {p: [0] * 5 for p in range(n)}
    trade = view["trade"]
    if trade is not None:
        known[trade["offerer"]] = [trade["give"].get(r, 0) for r in RESOURCES]
        for s, answer in trade["answers"].items():
            known[int(s)] = [answer["get"].get(r, 0) for r in RESOURCES]
    # At the end of the game the scores are public, and with them everyone's VP cards.
    shown_vp = [0] * n
    if "scores" in view:
        shown_vp = [view["scores"][p] - view["players"][p]["public_vp"] for p in range(n)]
    for p in range(n):
        if p != seat:
            for r in range(5):
                unseen_res[r] -= known[p][r]
            unseen_dev[VICTORY_POINT] -= shown_vp[p]
    for p in range(n):
        if p == seat:
            continue
        info = view["players"][p]
        dealt = _deal(unseen_res, info["resource_count"] - sum(known[p]), rng)
        game.hands[p * 5 : p * 5 + 5] = [a + b for a, b in zip(dealt, known[p], strict=True)]
        # Hidden VP cards cannot already have won the game for this seat (rules §14).
        cap = view["vp_to_win"] - 1 - info["public_vp"]
        if "scores" in view:
            cap = 0
        cards = _deal(unseen_dev, info["development_count"] - shown_vp[p], rng, vp_cap=cap)
        cards[VICTORY_POINT] += shown_vp[p]
        # The cards bought this turn are a random part of the hand, and not yet playable.
        new = [0] * 5
        for _ in range(info["development_new_count"]):
            k = rng.weighted_index(cards)
            cards[k] -= 1
            new[k] += 1
        game.dev_hands[p * 5 : p * 5 + 5] = cards
        game.dev_new[p * 5 : p * 5 + 5] = new
    game.dev_deck = unseen_dev
    game.log = []
    return game


def _deal(pool: list[int], count: int, rng: Rng, vp_cap: int | None = None) -> list[int]:
    """`count` cards drawn from `pool`; at most `vp_cap` victory point cards while others remain."""
    hand = [0] * len(pool)
    for _ in range(count):
        weights = pool
        if vp_cap is not None and hand[VICTORY_POINT] >= vp_cap and sum(pool) > pool[VICTORY_POINT]:
            weights = pool[:]
            weights[VICTORY_POINT] = 0
        k = rng.weighted_index(weights)
        pool[k] -= 1
        hand[k] += 1
    return hand


def _copy_public(game: BaseGame, view: dict[str, Any]) -> None:
    from engine.rulesets.base.board import Board, Harbour
    from engine.shared.trading import PendingTrade

    phase = PHASE_NAMES.index(view["phase"])
    b = view["board"]
    old = game.board
    terrain = tuple(h["terrain"] for h in b["hexes"])
    number = tuple(h["number"] for h in b["hexes"])
    from engine.rulesets.base.board import GENERIC, TERRAIN_RESOURCE

    harbours = tuple(
        Harbour(
            GENERIC if h["kind"] == "3:1" else RESOURCES.index(h["kind"]),
            h["hex"],
            (h["sea"][0], h["sea"][1]),
            (h["vertices"][0], h["vertices"][1]),
        )
        for h in b["harbours"]
    )
    vertex_harbour = [-1] * old.grid.num_vertices
    for h in harbours:
        for v in h.vertices:
            vertex_harbour[v] = h.kind
    by_number: list[list[int]] = [[] for _ in range(13)]
    for i, num in enumerate(number):
        if num:
            by_number[num].append(i)
    game.board = Board(
        grid=old.grid,
        terrain=terrain,
        resource=tuple(TERRAIN_RESOURCE[t] for t in terrain),
        number=number,
        harbours=harbours,
        vertex_harbour=tuple(vertex_harbour),
        hexes_by_number=tuple(tuple(x) for x in by_number),
        desert=terrain.index("desert"),
    )
    n = game.config.seats
    game.phase = phase
    game.current = view["current"]
    game.start = view["start"]
    game.setup_order = [(game.start + k) % n for k in range(n)]
    game.setup_order += game.setup_order[::-1]
    game.turn = view["turn"]
    game.setup_pos = view["setup_pos"]
    game.setup_vertex = view["setup_vertex"]
    game.dice = tuple(view["dice"]) if view["dice"] else None
    game.robber = view["robber"]
    game.vertex_owner = [o for o, _ in view["vertices"]]
    game.vertex_level = [lvl for _, lvl in view["vertices"]]
    game.edge_owner = list(view["edges"])
    game.roads = [tuple(e for e, o in enumerate(game.edge_owner) if o == p) for p in range(n)]
    game.buildings = [tuple(v for v, o in enumerate(game.vertex_owner) if o == p) for p in range(n)]
    game.bank = [view["bank"][r] for r in RESOURCES]
    game.dev_played_this_turn = view["dev_played_this_turn"]
    game.free_roads = view["free_roads"]
    game.yop_left = view["yop_left"]
    game.resume_phase = PHASE_NAMES.index(view["resume_phase"])
    game.steal_candidates = list(view["steal_candidates"])
    game.offers_this_turn = view["offers_this_turn"]
    game.winner_seat = view["winner"] if view["winner"] is not None else -1
    game.longest_holder = -1
    game.army_holder = -1
    for p, info in enumerate(view["players"]):
        game.dev_played[p * 5 : p * 5 + 5] = [info["played"][d] for d in DEV_NAMES]
        game.rates[p * 5 : p * 5 + 5] = [info["rates"][r] for r in RESOURCES]
        game.settlements_left[p] = info["settlements_left"]
        game.cities_left[p] = info["cities_left"]
        game.roads_left[p] = info["roads_left"]
        game.road_length[p] = info["road_length"]
        game.vp_public[p] = info["public_vp"]
        game.discard_owed[p] = info["discard_owed"]
        if info["longest_road"]:
            game.longest_holder = p
        if info["largest_army"]:
            game.army_holder = p
    t = view["trade"]
    game.trade = None if t is None else PendingTrade.from_json(t, RESOURCES)
