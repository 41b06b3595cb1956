"""Decks kept as counts per card kind.

A deck is drawn at random from what remains instead of being a shuffled list,
so the state never holds an order that a view could leak, and two games that
differ only in "deck order" are the same game.
"""

from __future__ import annotations

from engine.rng import Rng


def draw(deck: list[int], rng: Rng) -> int:
    """Remove one card, chosen with probability proportional to the counts; returns its kind."""
    kind = rng.weighted_index(deck)
    deck[kind] -= 1
    return kind


def take_random_card(hand: list[int], rng: Rng) -> int:
    """A uniformly random card from a hand of counts (a steal); -1 if the hand is empty."""
    if sum(hand) == 0:
        return -1
    return draw(hand, rng)
