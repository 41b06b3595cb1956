"""Bots trade like people: an offer that leaves a bot better off (by its own evaluation) is
accepted, the margin grows with the offerer's lead, and a bot offers at most once a turn."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from ai.bots.common import WorldBot, swap
from ai.features import features_for
from ai.registry import create_bot
from engine.actions import make_bag
from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game
from engine.shared.actions import OfferTrade

SEED_GAME = 11
SEED_BOT = 3
NAMES = ("brick", "lumber", "wool", "grain", "ore")


def main_phase(seed: int) -> Game:
    """A base game played at random (no trading) to seat 0's main phase, some turns in."""
    game = new_game(GameConfig("base", 4, seed, {}))
    rng = random.Random(seed)
    while True:
        view = game.view(0)
        if game.to_act == 0 and view["phase"] == "main" and view["turn"] >= 12:
            return game
        legal = [a for a in game.legal_actions() if "trade" not in a.type]
        game.apply(rng.choice(legal))


def generous_offer(game: Game, bot: WorldBot) -> tuple[OfferTrade, float]:
    """Seat 0's offer to seat 1 that seat 1's evaluation likes best (2 for 1, or 1 for 1)."""
    feats = features_for("base")
    hand0, hand1 = feats.hand_of(game, 0), feats.hand_of(game, 1)
    base = feats.evaluate(game, 1)
    best: tuple[float, OfferTrade] | None = None
    for a in range(5):
        for b in range(5):
            if a == b or not hand1[b]:
                continue
            for n in (1, 2):
                if hand0[a] < n:
                    continue
                give = tuple(n if r == a else 0 for r in range(5))  # seat 0 gives
                get = tuple(1 if r == b else 0 for r in range(5))
                gain = feats.evaluate(swap(game, feats, 0, 1, give, get), 1) - base
                offer = OfferTrade(make_bag({NAMES[a]: n}), make_bag({NAMES[b]: 1}), (1,))
                if best is None or gain > best[0]:
                    best = (gain, offer)
    assert best is not None
    return best[1], best[0]


def answer(game: Game, offer: OfferTrade, bot: WorldBot) -> str:
    g = game.copy()
    g.apply(offer)
    assert g.to_act == 1
    view: Any = g.view(1)
    feats = features_for("base")
    return bot.respond(view, g.legal_actions(), g, feats).type


def test_an_offer_strictly_better_for_the_bot_is_accepted() -> None:
    game = main_phase(SEED_GAME)
    bot = create_bot("value", SEED_BOT)
    assert isinstance(bot, WorldBot)
    offer, gain = generous_offer(game, bot)
    view: Any = game.view(1)
    assert gain > bot.accept_margin(view, 0), "the offer must beat the bot's margin"
    assert answer(game, offer, bot) == "accept_trade"


def test_the_margin_grows_with_the_offerers_lead() -> None:
    bot = create_bot("value", SEED_BOT)
    assert isinstance(bot, WorldBot)
    even = {"seat": 1, "vp_to_win": 10, "players": [{"public_vp": 3}, {"public_vp": 3}]}
    ahead = {"seat": 1, "vp_to_win": 10, "players": [{"public_vp": 6}, {"public_vp": 3}]}
    assert bot.accept_margin(even, 0) < bot.accept_margin(ahead, 0)  # type: ignore[arg-type]
    assert bot.accept_margin(even, 0) < 0.1  # type: ignore[arg-type]


def test_an_offer_from_a_seat_about_to_win_is_declined() -> None:
    game = main_phase(SEED_GAME)
    bot = create_bot("value", SEED_BOT)
    assert isinstance(bot, WorldBot)
    offer, _ = generous_offer(game, bot)
    g = game.copy()
    g.apply(offer)
    view: Any = g.view(1)
    view["players"][0]["public_vp"] = 8
    assert bot.respond(view, g.legal_actions(), g, features_for("base")).type == "decline_trade"


def test_a_bot_offers_at_most_once_a_turn() -> None:
    game = new_game(GameConfig("base", 4, SEED_GAME))
    bots = [create_bot("value", 100 + seat) for seat in range(4)]
    offers: dict[tuple[int, int], int] = {}
    while game.to_act is not None and int(game.view(0)["turn"]) < 120:
        seat = game.to_act
        action = bots[seat].decide(game.view(seat), game.legal_actions())
        if action.type == "offer_trade":
            key = (seat, int(game.view(0)["turn"]))
            offers[key] = offers.get(key, 0) + 1
        game.apply(action)
    assert offers, "value bots never offered a trade"
    assert max(offers.values()) == 1


def offers_when_all_decline(seed: int) -> dict[tuple[str, str], list[int]]:
    """Seat 0's offers (terms: the turns made) in a game of value bots where no one accepts."""
    game = new_game(GameConfig("base", 4, seed))
    bots = [create_bot("value", 200 + seat) for seat in range(4)]
    for seat, bot in enumerate(bots):
        bot.on_game_start(seat, game.view(seat))
    made: dict[tuple[str, str], list[int]] = {}
    while game.to_act is not None and int(game.view(0)["turn"]) < 200:
        seat = game.to_act
        legal = game.legal_actions()
        if seat != 0 and game.view(seat)["phase"] == "trade_response":
            action = next(a for a in legal if a.type == "decline_trade")  # everyone says no
        else:
            action = bots[seat].decide(game.view(seat), legal)
        if seat == 0 and isinstance(action, OfferTrade):
            terms = (repr(sorted(action.give)), repr(sorted(action.get)))
            made.setdefault(terms, []).append(int(game.view(0)["turn"]))
        events = game.apply(action)
        for p, bot in enumerate(bots):
            bot.on_events([e.for_seat(p) for e in events])
    return made


@pytest.mark.parametrize("seed", [2, 14])
def test_terms_everyone_declined_are_not_offered_again_for_two_rounds(seed: int) -> None:
    """A person who turned an offer down is not asked the same again on the bot's next turn.

    Seeds 2 and 14: games where a bot without the memory offered declined terms again within
    two rounds. After two rounds the same terms may come back (the hands have changed).
    """
    made = offers_when_all_decline(seed)
    assert sum(len(t) for t in made.values()) >= 5, f"seat 0 offered too little to tell: {made}"
    assert any(len(turns) > 1 for turns in made.values()), f"nothing was offered twice: {made}"
    for terms, turns in made.items():
        gaps = [b - a for a, b in pairwise(turns)]
        assert all(gap >= 2 * 4 for gap in gaps), f"{terms} offered again too soon: turns {turns}"
