"""Catan: Cities & Knights for 3 or 4 players (rules/cities-and-knights.md, seed 004)."""

from __future__ import annotations

from engine.config import OptionSpec
from engine.rulesets.base import OPTIONS as BASE_OPTIONS
from engine.rulesets.base import game_ruleset
from engine.rulesets.ck.game import CKGame

OPTIONS = tuple(
    OptionSpec(o.name, o.choices, 13, o.help) if o.name == "vp_to_win" else o for o in BASE_OPTIONS
)


RULESET = game_ruleset("ck", "Catan: Cities & Knights", (3, 4), OPTIONS, CKGame, "Cities & Knights")
