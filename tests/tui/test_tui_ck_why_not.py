"""Progress cards held but not playable say why (seen in play: Diplomat and Saboteur simply
went missing from the cards `p` offered, with no reason given)."""

from __future__ import annotations

import random

from engine.config import GameConfig
from engine.registry import new_game
from engine.rulesets.ck.actions import PlayProgress
from engine.rulesets.ck.cards import ALCHEMIST, PROGRESS, VP_CARDS
from engine.rulesets.ck.progress import check_play
from tui.widgets.improvements import progress_section, unplayable


def test_each_unplayable_card_held_says_the_engines_reason_in_the_panel() -> None:
    """Seeds 1-12 of random C&K, at the first main phase after turn 6: the seat to move is
    dealt one of every card left in the decks. Exactly the cards the real game refuses are
    named, with its reason, judged from the seat's view alone (public facts and its own
    hand); Alchemist, whose own words say "before the roll", is not; the panel shows each
    reason under its card."""
    refused_seen: set[str] = set()
    for seed in range(1, 13):
        game = new_game(GameConfig("ck", 4, seed, {}))
        rng = random.Random(seed)
        while game.to_act is not None and not (game.phase == "main" and game.turn > 6):
            legal = [a for a in game.legal_actions() if a.type not in ("offer_trade",)]
            game.apply(rng.choice(legal))
        if game.to_act is None:
            continue
        seat = game.current
        k = game.DEV_STRIDE
        decks = [list(d) for d in game.progress_decks]
        for c in range(k):  # one of every card still in a deck, taken from it
            deck = next((d for d in decks if c in d and c not in VP_CARDS), None)
            if deck is not None:
                deck.remove(c)
                game.dev_hands[seat * k + c] += 1
        game.progress_decks = tuple(tuple(d) for d in decks)
        game._rebuild_ck()
        view = game.view(seat)
        expected = {}
        for c, name in enumerate(PROGRESS.names):
            judged = game.dev_hands[seat * k + c] and c not in (*VP_CARDS, ALCHEMIST)
            if judged and (reason := check_play(game, PlayProgress(name))) is not None:
                expected[name] = reason
        assert unplayable(view) == expected, seed
        panel = progress_section(view).plain
        for reason in expected.values():
            assert f"\n   not now: {reason}\n" in panel, (seed, panel)
        refused_seen |= set(expected)
    assert {"bishop", "deserter", "spy"} <= refused_seen, refused_seen


def test_nothing_is_said_out_of_the_seats_main_phase() -> None:
    """Seed 2 at its first decision (the setup): no card is judged."""
    game = new_game(GameConfig("ck", 3, 2, {}))
    assert unplayable(game.view(0)) == {}
