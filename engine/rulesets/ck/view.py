"""What one seat may know of a Cities & Knights game, and games drawn from that knowledge.

The base view (engine.rulesets.base.view) already shows every declared public
field; here the progress cards are kept hidden: other seats' cards appear as
counts and the decks as sizes, never in order. A seat answering Master
Merchant or Spy sees the hand it is taking from (`me.looking_at`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.rng import Rng
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.cards import DECK_OF, PROGRESS, VP_CARDS

if TYPE_CHECKING:
    from engine.rulesets.base.view_types import BaseView
    from engine.rulesets.ck.game import CKGame
    from engine.rulesets.ck.view_types import CKView


def build_ck_view(game: CKGame, seat: int | None, base: BaseView) -> CKView:
    view: dict[str, Any] = dict(base)
    view["progress_decks"] = game.deck_sizes()
    on_board = [0] * game.config.seats
    for p in game.knight_owner:
        if p >= 0:
            on_board[p] += 1
    for p, info in enumerate(view["players"]):
        info["knights"] = on_board[p]
        info["walls_left"] = game.walls_left(p)
        info["hand_limit"] = game.discard_limit(p)
    if seat is not None and game.pending:
        kind, who, data = game.pending[-1]
        if who == seat and kind == ck.MERCHANT_TAKE:
            view["me"]["looking_at"] = game.HAND_CARDS.to_dict(game.hand(data[0]))
        elif who == seat and kind == ck.SPY_TAKE:
            view["me"]["looking_at"] = PROGRESS.to_dict(game.row(game.dev_hands, data))
    return cast("CKView", view)


def resample_progress(game: CKGame, view: dict[str, Any], rng: Rng) -> None:
    """Deal the other seats' progress cards and the decks from the cards `view`'s seat has not seen.

    Hands hold no VP cards (those are revealed when drawn); what is not dealt
    fills the decks, each shuffled.
    """
    seat = view["seat"]
    n = game.config.seats
    k = game.DEV_STRIDE
    held_known = [0] * k
    for p in range(n):
        for c in range(k):
            held_known[c] += game.dev_played[p * k + c]
    mine = PROGRESS.from_dict(view["me"]["development"])
    pool = [PROGRESS.counts[c] - held_known[c] - mine[c] for c in range(k)]
    sizes = list(view["progress_decks"])
    looking = view["me"].get("looking_at")
    top = game.pending[-1] if game.pending else None
    spied = top[2] if looking is not None and top is not None and top[0] == ck.SPY_TAKE else -1
    game.dev_hands[seat * k : seat * k + k] = mine
    if spied >= 0:  # the spy sees that hand: it is dealt as seen
        row = PROGRESS.from_dict(looking)
        game.dev_hands[spied * k : spied * k + k] = row
        pool = [a - b for a, b in zip(pool, row, strict=True)]
    # The decks' sizes tell how many cards of each deck the other hands hold in all.
    need = [-size for size in sizes]
    for c in range(k):
        need[DECK_OF[c]] += pool[c]
    for p in range(n):
        if p in (seat, spied):
            continue
        row = [0] * k
        for _ in range(view["players"][p]["development_count"]):
            d = rng.weighted_index(need)
            weights = [pool[c] if DECK_OF[c] == d and c not in VP_CARDS else 0 for c in range(k)]
            c = rng.weighted_index(weights)
            need[d] -= 1
            pool[c] -= 1
            row[c] += 1
        game.dev_hands[p * k : p * k + k] = row
    decks: list[list[int]] = [[], [], []]
    for c in range(k):
        decks[DECK_OF[c]].extend([c] * max(0, pool[c]))
    for d, deck in enumerate(decks):
        rng.shuffle(deck)
        del deck[sizes[d] :]
    game.progress_decks = tuple(tuple(d) for d in decks)
    if looking is not None and top is not None and top[0] == ck.MERCHANT_TAKE:
        _deal_seen_hand(game, seat, top[2][0], game.HAND_CARDS.from_dict(looking), rng)
    game.dev_deck = [0] * k
    game.dev_new = [0] * (k * n)
    game._rebuild_ck()


def _deal_seen_hand(game: CKGame, seat: int, victim: int, seen: list[int], rng: Rng) -> None:
    """Master Merchant: the victim's hand is the one `seat` sees; the others' are dealt again
    from what is left of the cards in the other hands."""
    k = game.HAND_STRIDE
    others = [p for p in range(game.config.seats) if p not in (seat, victim)]
    pool = [sum(game.hands[p * k + r] for p in (*others, victim)) - seen[r] for r in range(k)]
    game.hands[victim * k : victim * k + k] = seen
    for p in others:
        row = [0] * k
        for _ in range(sum(game.hands[p * k : p * k + k])):
            r = rng.weighted_index(pool)
            pool[r] -= 1
            row[r] += 1
        game.hands[p * k : p * k + k] = row
