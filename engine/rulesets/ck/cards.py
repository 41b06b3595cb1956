"""Cities & Knights' card kinds and pieces as data (rules/cities-and-knights.md §2, §12.4).

Hand cards are the five resources and three commodities (12 of each
commodity); the progress cards are 25 kinds in three decks of 18, with the
deck and the count of each; the improvement tracks name the commodity that
buys them. Everything else reads these tables instead of naming cards.
"""

from __future__ import annotations

from engine.rulesets.base.board import RESOURCES
from engine.shared.cardset import CardSet

COMMODITIES = ("paper", "cloth", "coin")
HAND = CardSet(RESOURCES, (19,) * len(RESOURCES)).extend(COMMODITIES, (12,) * len(COMMODITIES))
PAPER, CLOTH, COIN = (HAND.index[c] for c in COMMODITIES)
COMMODITY_FROM = {1: PAPER, 2: CLOTH, 4: COIN}
"""A city's commodity besides its resource, by resource index (forest, pasture, mountains)."""

TRADE, POLITICS, SCIENCE = range(3)
TRACK_NAMES = ("trade", "politics", "science")
TRACKS = CardSet(TRACK_NAMES, (0, 0, 0))
"""The three improvement tracks (a per-seat row of levels, a row of metropolis vertices)."""
TRACK_COMMODITY = (CLOTH, COIN, PAPER)
MAX_LEVEL = 5
METROPOLIS_LEVEL = 4
ABILITY_LEVEL = 3  # Trading House, Fortress, Aqueduct


def red_draws_up_to(level: int) -> int:
    """On its track's gate, a seat at `level` draws a progress card when the red die shows
    at most this (§9.2): 1-2 at level 1, 1-6 at level 5; 0 at level 0, which never draws."""
    return level + 1 if level else 0


GATE_TRACK = {4: TRADE, 5: POLITICS, 6: SCIENCE}
"""The event die: 1-3 show a ship, 4 the yellow (trade), 5 the blue, 6 the green gate."""
SHIP_FACES = 3

KNIGHT_STRENGTHS = (1, 2, 3)
KNIGHTS_PER_STRENGTH = 2
WALLS = 3
BARBARIAN_TRACK = 7
PROGRESS_LIMIT = 4

# (name, deck, count) for the 54 progress cards.
PROGRESS_TABLE: tuple[tuple[str, int, int], ...] = (
    ("commercial_harbor", TRADE, 2),
    ("master_merchant", TRADE, 2),
    ("merchant", TRADE, 6),
    ("merchant_fleet", TRADE, 2),
    ("resource_monopoly", TRADE, 4),
    ("trade_monopoly", TRADE, 2),
    ("bishop", POLITICS, 2),
    ("constitution", POLITICS, 1),
    ("deserter", POLITICS, 2),
    ("diplomat", POLITICS, 2),
    ("intrigue", POLITICS, 2),
    ("saboteur", POLITICS, 2),
    ("spy", POLITICS, 3),
    ("warlord", POLITICS, 2),
    ("wedding", POLITICS, 2),
    ("alchemist", SCIENCE, 2),
    ("crane", SCIENCE, 2),
    ("engineer", SCIENCE, 1),
    ("inventor", SCIENCE, 2),
    ("irrigation", SCIENCE, 2),
    ("medicine", SCIENCE, 2),
    ("mining", SCIENCE, 2),
    ("printer", SCIENCE, 1),
    ("road_building", SCIENCE, 2),
    ("smith", SCIENCE, 2),
)
PROGRESS = CardSet(tuple(n for n, _, _ in PROGRESS_TABLE), tuple(c for _, _, c in PROGRESS_TABLE))
DECK_OF = tuple(d for _, d, _ in PROGRESS_TABLE)
"""Per progress card kind, its deck (TRADE, POLITICS, SCIENCE)."""
VP_CARDS = frozenset(PROGRESS.index[n] for n in ("constitution", "printer"))
ALCHEMIST = PROGRESS.index["alchemist"]
TOTAL_PROGRESS = sum(PROGRESS.counts)
assert TOTAL_PROGRESS == 54 and all(
    sum(c for _, d, c in PROGRESS_TABLE if d == deck) == 18 for deck in range(3)
)
