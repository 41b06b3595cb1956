"""Catan: Starfarers for 3 and 4 players (rules/starfarers.md).

Modules: board.py (the fixed lattice, sector slots and adjacency tables; what
renderers draw), layouts.py (tiles, number discs, the first-game layout),
setup.py (variants, start player, placement rounds, starting hands),
production.py (dice, the 7, the reserve pile), flight.py (shake, movement,
discovery, exploration, pirates and ice, colonies and trade stations),
encounters.py with encounters.json (the 32 cards and their effect
vocabulary), friendship.py (the 20 friendship cards), game.py (state, phases,
trading and building, checks, dispatch), view.py (views and determinization).

Face-down tiles and discs are not dealt at setup but drawn from counts when a
ship reveals them; the lottery is the same, and hidden information shrinks to
hands, the reserve pile's make-up and an encounter card being answered.
"""

from __future__ import annotations

from typing import Any

from engine.beliefs import Beliefs
from engine.config import GameConfig, OptionSpec
from engine.game import Game
from engine.registry import Ruleset
from engine.rng import Rng
from engine.rulesets.starfarers.actions import CODEC
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.setup import VARIANTS


def _create(config: GameConfig) -> Game:
    return StarfarersGame(config)


def _sample(view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None) -> Game:
    from engine.rulesets.starfarers.view import sample_consistent

    return sample_consistent(view, rng, beliefs)


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
    short_title="Starfarers",
    seats=(3, 4),
    options=OPTIONS,
    create=_create,
    codec=CODEC,
    sample_consistent=_sample,
    samples_beliefs=True,
)
