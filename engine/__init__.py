"""The rules engine: pure, deterministic, synchronous.

    game = new_game(GameConfig(ruleset="base", seats=4, seed=7))
    while game.to_act is not None:
        game.apply(pick(game.legal_actions()))

Nothing here imports ai/, tui/, textual or asyncssh (a test keeps it so).
"""

from engine.actions import Action, Bag, make_bag
from engine.config import GameConfig, OptionSpec
from engine.errors import CatanError, ConfigError, IllegalAction, SaveError
from engine.events import Event
from engine.game import Game
from engine.registry import get_ruleset, new_game, ruleset_names, sample_consistent
from engine.saves import load, save

__all__ = [
    "Action",
    "Bag",
    "CatanError",
    "ConfigError",
    "Event",
    "Game",
    "GameConfig",
    "IllegalAction",
    "OptionSpec",
    "SaveError",
    "get_ruleset",
    "load",
    "make_bag",
    "new_game",
    "ruleset_names",
    "sample_consistent",
    "save",
]
