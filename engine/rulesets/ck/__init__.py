"""Catan: Cities & Knights for 3 or 4 players (rules/cities-and-knights.md, seed 004)."""

from __future__ import annotations

from engine.config import OptionSpec
from engine.rulesets.base import OPTIONS as BASE_OPTIONS
from engine.rulesets.base import game_ruleset
from engine.rulesets.ck.game import CKGame

OPTIONS = (
    *(
        OptionSpec(o.name, o.choices, 13, o.help) if o.name == "vp_to_win" else o
        for o in BASE_OPTIONS
    ),
    OptionSpec(
        "activated_knights_wait",
        (False, True),
        False,
        "a knight activated this turn acts from its owner's next turn on (the rule as some"
        " summaries read it; by default it may act at once unless it was built this turn)",
    ),
)


RULESET = game_ruleset("ck", "Catan: Cities & Knights", (3, 4), OPTIONS, CKGame, "Cities & Knights")
