"""What one seat may know of a hex-family game, and games drawn from that knowledge.

`build_view` is the only place that decides what is public (rules/catan.md
§15): other hands appear as counts, unplayed development cards as counts, the
deck as a size. Every state field declared with a view name (`Field.view`)
is public and copied as is, so a ruleset that adds public state has it in
views, and in sampled games, without touching this file. `sample_into` goes
the other way: it fills everything the view hides with a random draw from the
cards that seat has not seen, so search bots plan on a world they could be
in, never on the true one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.beliefs import deal_hands
from engine.rng import Rng
from engine.rulesets.base import decisions
from engine.rulesets.base.game import VICTORY_POINT
from engine.views import config_view

if TYPE_CHECKING:
    from engine.beliefs import Beliefs
    from engine.rulesets.base.game import BaseGame
    from engine.rulesets.base.view_types import BaseView

PROTOCOL_VERSION = 1


def build_view(game: BaseGame, seat: int | None) -> BaseView:
    n = game.config.seats
    hand_cards, dev_cards = game.HAND_CARDS, game.DEV_CARDS
    hand_names, dev_names = hand_cards.names, dev_cards.names
    hk, dk = hand_cards.stride, dev_cards.stride
    board = game.board
    legacy = decisions.legacy_fields(game.pending, n)
    owed = legacy["discard_owed"]
    hands, dev_hands, dev_new = game.hands, game.dev_hands, game.dev_new
    dev_played = game.dev_played
    longest, army = game.longest_holder, game.army_holder
    players: list[dict[str, Any]] = []
    for p in range(n):
        new = sum(dev_new[p * dk : p * dk + dk])
        players.append(
            {
                "seat": p,
                "resource_count": sum(hands[p * hk : p * hk + hk]),
                "development_count": sum(dev_hands[p * dk : p * dk + dk]) + new,
                # Buying is public: everyone saw how many of those cards came this turn.
                "development_new_count": new,
                "knights": dev_played[p * dk],
                "longest_road": longest == p,
                "largest_army": army == p,
                "discard_owed": owed[p],
            }
        )
    view: dict[str, Any] = {
        "protocol": PROTOCOL_VERSION,
        "ruleset": game.ruleset_name,
        "config": config_view(game.config),
        "seat": seat,
        "num_seats": n,
        "vp_to_win": game.vp_to_win,
        "phase": legacy["phase"],
        "to_act": game.to_act,
        # Static: one dict per board, shared by every view (read-only by contract).
        "board": board.shared_json(),
        "vertices": [[o, lvl] for o, lvl in zip(game.vertex_owner, game.vertex_level, strict=True)],
        "development_deck": game.dev_deck_size,
        "free_roads": legacy["free_roads"],
        "yop_left": legacy["yop_left"],
        "resume_phase": legacy["resume_phase"],
        "steal_candidates": legacy["steal_candidates"],
        "pending": [decisions.to_json(d) for d in game.pending],
        "trade_limit": game.trade_limit,
        "players": players,
        "winner": game.winner,
    }
    game.STATE.to_view(game, view, players)
    if seat is not None:
        lo, dlo = seat * hk, seat * dk
        view["me"] = {
            "hand": dict(zip(hand_names, hands[lo : lo + hk], strict=True)),
            "development": dict(zip(dev_names, dev_hands[dlo : dlo + dk], strict=True)),
            "development_new": dict(zip(dev_names, dev_new[dlo : dlo + dk], strict=True)),
            "vp": game.total_vp(seat),
        }
    if game.winner is not None:
        view["scores"] = game.scores()
    # The declared public fields were written by name (STATE.to_view); the key
    # set is BaseView's, which tests/engine/test_view_types.py checks.
    return cast("BaseView", view)


def sample_into(
    game: BaseGame, view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None
) -> None:
    """Make the new `game` one that `view`'s seat cannot tell from the real one.

    Public state is copied from the view; the other seats' hands are dealt
    from the cards the seat cannot account for (within what `beliefs` allow,
    when a card counter gives them: `deal_hands`), their unplayed development
    cards from the cards it has not seen, and the game keeps the fresh RNG it
    was created with, so future dice and draws are unknown as well.
    """
    seat = view["seat"]
    _copy_public(game, view)
    n = game.config.seats
    hand_cards, dev_cards = game.HAND_CARDS, game.DEV_CARDS
    hk, dk = hand_cards.stride, dev_cards.stride
    me = view["me"]
    mine, my_dev = seat * hk, seat * dk
    game.hands[mine : mine + hk] = hand_cards.from_dict(me["hand"])
    game.dev_hands[my_dev : my_dev + dk] = dev_cards.from_dict(me["development"])
    game.dev_new[my_dev : my_dev + dk] = dev_cards.from_dict(me["development_new"])
    # Cards nobody can see: all of each kind, less the bank and my hand.
    unseen_res = [hand_cards.counts[r] - game.bank[r] - game.hands[mine + r] for r in range(hk)]
    # Development cards not yet seen: all, less played ones and my own.
    unseen_dev = [
        dev_cards.counts[k]
        - sum(game.dev_played[p * dk + k] for p in range(n))
        - game.dev_hands[my_dev + k]
        - game.dev_new[my_dev + k]
        for k in range(dk)
    ]
    # Cards a seat is known to hold: what it offered, or agreed to give, in the open trade.
    known = {p: [0] * hk for p in range(n)}
    trade = view["trade"]
    if trade is not None:
        known[trade["offerer"]] = hand_cards.from_dict(trade["give"])
        for s, answer in trade["answers"].items():
            known[int(s)] = hand_cards.from_dict(answer["get"])
    # At the end of the game the scores are public, and with them everyone's VP cards.
    shown_vp = [0] * n
    if "scores" in view:
        shown_vp = [view["scores"][p] - view["players"][p]["public_vp"] for p in range(n)]
    for p in range(n):
        if p != seat:
            unseen_dev[VICTORY_POINT] -= shown_vp[p]
    counts = [view["players"][p]["resource_count"] for p in range(n)]
    hands = deal_hands(unseen_res, counts, seat, known, beliefs or {}, rng)
    for p in range(n):
        if p == seat:
            continue
        info = view["players"][p]
        game.hands[p * hk : p * hk + hk] = hands[p]
        # Hidden VP cards cannot already have won the game for this seat (rules §14).
        cap = view["vp_to_win"] - 1 - info["public_vp"]
        if "scores" in view:
            cap = 0
        cards = _deal(unseen_dev, info["development_count"] - shown_vp[p], rng, vp_cap=cap)
        cards[VICTORY_POINT] += shown_vp[p]
        # The cards bought this turn are a random part of the hand, and not yet playable.
        new = [0] * dk
        for _ in range(info["development_new_count"]):
            k = rng.weighted_index(cards)
            cards[k] -= 1
            new[k] += 1
        game.dev_hands[p * dk : p * dk + dk] = cards
        game.dev_new[p * dk : p * dk + dk] = new
    game.dev_deck = unseen_dev
    game.log = []


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
    """Everything public from the view: the declared public fields, the board and the stack."""
    n = game.config.seats
    game.board = type(game).board_for_view(view)
    game.STATE.from_view(game, view)
    game.set_pending([decisions.from_json(d) for d in view["pending"]])
    game.setup_order = [(game.start + k) % n for k in range(n)]
    game.setup_order += game.setup_order[::-1]
    game.vertex_owner = [o for o, _ in view["vertices"]]
    game.vertex_level = [lvl for _, lvl in view["vertices"]]
    game.roads = [tuple(e for e, o in enumerate(game.edge_owner) if o == p) for p in range(n)]
    game.buildings = [tuple(v for v, o in enumerate(game.vertex_owner) if o == p) for p in range(n)]
    game.winner_seat = view["winner"] if view["winner"] is not None else -1
    game.longest_holder = -1
    game.army_holder = -1
    for p, info in enumerate(view["players"]):
        if info["longest_road"]:
            game.longest_holder = p
        if info["largest_army"]:
            game.army_holder = p
