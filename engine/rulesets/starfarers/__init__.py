"""Catan: Starfarers for 3 and 4 players (rules/starfarers.md)."""

from __future__ import annotations

from typing import Any

from engine.config import GameConfig, OptionSpec
from engine.game import Game
from engine.registry import Ruleset
from engine.rng import Rng
from engine.rulesets.starfarers.actions import CODEC
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.setup import VARIANTS


def _create(config: GameConfig) -> Game:
    return StarfarersGame(config)


def _sample(view: dict[str, Any], rng: Rng) -> Game:
    from engine.rulesets.starfarers.view import sample_consistent

    return sample_consistent(view, rng)


OPTIONS = (
    OptionSpec(
        "variant",
        VARIANTS,
        "first_game",
        "board setup: the fixed first game, or the strategic, discoverer or wild space variant",
    ),
    OptionSpec(
        "starting_hand",
        ("seed", "rulebook"),
        "seed",
        "seed: 3 cards of each resource; rulebook: 3 cards from the reserve pile",
    ),
    OptionSpec(
        "victory_check",
        ("end_of_turn", "immediate"),
        "end_of_turn",
        "15 VP checked at the end of the active player's turn, or at any moment of it",
    ),
    OptionSpec(
        "trade_offers_per_turn",
        tuple(range(0, 21)),
        3,
        "domestic offers the active player may make per turn",
    ),
)

RULESET = Ruleset(
    name="starfarers",
    title="Catan: Starfarers",
    seats=(3, 4),
    options=OPTIONS,
    create=_create,
    codec=CODEC,
    sample_consistent=_sample,
)
