"""Catan: Cities & Knights for 3 or 4 players (rules/cities-and-knights.md, seed 004)."""

from __future__ import annotations

from engine.config import GameConfig, OptionSpec
from engine.game import Game
from engine.registry import Ruleset
from engine.rulesets.base import OPTIONS as BASE_OPTIONS
from engine.rulesets.ck.actions import CODEC
from engine.rulesets.ck.game import CKGame

OPTIONS = tuple(
    OptionSpec(o.name, o.choices, 13, o.help) if o.name == "vp_to_win" else o for o in BASE_OPTIONS
)


def _create(config: GameConfig) -> Game:
    return CKGame(config)


RULESET = Ruleset(
    name="ck",
    title="Catan: Cities & Knights",
    seats=(3, 4),
    options=OPTIONS,
    create=_create,
    codec=CODEC,
    sample_consistent=CKGame.sample_consistent,
    samples_beliefs=True,
    from_position=CKGame.from_position,
)
