"""The base game of Catan for 2 to 4 players (rules/catan.md; 2 seats play the plain rules)."""

from __future__ import annotations

from engine.config import GameConfig, OptionSpec
from engine.game import Game
from engine.registry import Ruleset
from engine.rulesets.base.actions import CODEC
from engine.rulesets.base.game import BaseGame

OPTIONS = (
    OptionSpec("board", ("random", "beginner"), "random", "terrain and numbers"),
    OptionSpec("shuffle_harbours", (False, True), False, "shuffle harbour types"),
    OptionSpec("vp_to_win", tuple(range(5, 16)), 10, "victory points needed to win"),
    OptionSpec(
        "trade_offers_per_turn",
        tuple(range(0, 21)),
        3,
        "domestic offers a player may make per turn",
    ),
)


def _create(config: GameConfig) -> Game:
    return BaseGame(config)


RULESET = Ruleset(
    name="base",
    title="Catan (base game)",
    seats=(2, 3, 4),
    options=OPTIONS,
    create=_create,
    codec=CODEC,
    sample_consistent=BaseGame.sample_consistent,
    samples_beliefs=True,
    from_position=BaseGame.from_position,
)
