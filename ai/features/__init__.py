"""Per-ruleset knowledge for the built-in bots.

Each ruleset that the built-in ladder supports has a module here exposing the
same small surface, so the bots themselves stay ruleset-agnostic and a new
ruleset plugs in by adding one module and one line below:

``evaluate(game, seat) -> float``
    a hand-tuned evaluation of a (determinized) game from ``seat``'s side;
    roughly 10 points per victory point.
``policy(game, seat, legal, rng) -> Action``
    a fast rule-based choice (the greedy bot, rollouts, fallbacks).
``CHANCE``
    action types whose outcome is random (averaged over samples by ``value``).
``trade_terms(game, seat) -> list[tuple[counts, counts]]``
    candidate (give, get) offers worth evaluating for the active seat.
``RESOURCES``
    resource names in the engine's index order.

The bots only ever hand these functions games drawn by
``sample_consistent(view, rng)``: never the real game.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from engine.errors import ConfigError

MODULES: dict[str, str] = {
    "base": "ai.features.base",
    "ck": "ai.features.ck",
    "fleet": "ai.features.fleet",
    "starfarers": "ai.features.starfarers",
}

OUTCOMES: dict[str, str] = {"base": "ai.features.outcome"}
"""Rulesets with a win-chance model fitted to game outcomes (``win_chance(game, seat)``)."""


def supported() -> frozenset[str]:
    return frozenset(MODULES)


def features_for(ruleset: str) -> ModuleType:
    target = MODULES.get(ruleset)
    if target is None:
        raise ConfigError(f"the built-in bots do not know the ruleset {ruleset!r} yet")
    return importlib.import_module(target)


def outcome_for(ruleset: str) -> ModuleType | None:
    """The ruleset's fitted win-chance model, if it has one."""
    target = OUTCOMES.get(ruleset)
    return importlib.import_module(target) if target else None
