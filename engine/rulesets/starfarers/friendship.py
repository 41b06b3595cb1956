"""Friendship cards of the four civilisations (rules/starfarers.md §7).

Cards are counted per kind, in the stacks and in each player's display; the
duplicated kinds (Scientists dual, Diplomat fame) are simply counts above 1.
The effects themselves are wired into the rules they change (production,
discards, trading, speed, combat), which ask the small helpers here.
"""

from __future__ import annotations

from engine.rulesets.starfarers.layouts import DIPLOMATS, GREEN_FOLK, MERCHANTS, SCIENTISTS

CARD_NAMES: tuple[str, ...] = (
    "green_folk_ore",
    "green_folk_fuel",
    "green_folk_carbon",
    "green_folk_food",
    "green_folk_goods",
    "scientists_dual",
    "scientists_boost",
    "scientists_cannon",
    "merchants_ore",
    "merchants_fuel",
    "merchants_carbon",
    "merchants_food",
    "merchants_goods",
    "diplomats_tribute",
    "diplomats_relief",
    "diplomats_helping_hand",
    "diplomats_fame",
)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
NUM_KINDS = len(CARD_NAMES)
CARD_COUNTS: tuple[int, ...] = (1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2)
CARD_CIV: tuple[int, ...] = (
    (GREEN_FOLK,) * 5 + (SCIENTISTS,) * 3 + (MERCHANTS,) * 5 + (DIPLOMATS,) * 4
)
GF_BASE = 0  # + resource index
SC_DUAL, SC_BOOST, SC_CANNON = 5, 6, 7
MC_BASE = 8  # + resource index
DP_TRIBUTE, DP_RELIEF, DP_HELPING, DP_FAME = 13, 14, 15, 16


def science_speed(held: list[int]) -> int:
    return held[SC_DUAL] + 2 * held[SC_BOOST]


def science_combat(held: list[int]) -> int:
    return held[SC_DUAL] + 2 * held[SC_CANNON]


def discard_limit(held: list[int]) -> int:
    return 12 if held[DP_TRIBUTE] else 7
