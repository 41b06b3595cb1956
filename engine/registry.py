"""The registry of rulesets, and `new_game`.

Rulesets register themselves lazily by import path, so importing the engine
does not import every ruleset, and `catan` can list them without loading them.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.config import GameConfig, OptionSpec, resolve_options
from engine.errors import ConfigError
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.actions import ActionCodec
    from engine.beliefs import Beliefs
    from engine.game import Game
    from engine.position import Position


@dataclass(frozen=True)
class Ruleset:
    """What the engine needs to know about a ruleset to create and load its games."""

    name: str
    title: str
    seats: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    create: Callable[[GameConfig], Game]
    codec: ActionCodec
    sample_consistent: Callable[..., Game] | None = None
    """``(view, rng)``, or ``(view, rng, beliefs)`` when `samples_beliefs`."""
    samples_beliefs: bool = False
    """Whether `sample_consistent` deals other hands from beliefs (`engine.beliefs`)."""
    from_position: Callable[[Position], Game] | None = None
    short_title: str = ""
    """The title where a column is narrow ("Fleet"); empty: the title itself."""


_MODULES = {
    "base": "engine.rulesets.base",
    "starfarers": "engine.rulesets.starfarers",
    "ck": "engine.rulesets.ck",
    "fleet": "engine.rulesets.fleet",
}
_LOADED: dict[str, Ruleset] = {}


def ruleset_names() -> list[str]:
    """Rulesets whose module is present, then those registered at run time, in a stable order."""
    names = []
    for name, module in _MODULES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    names.extend(name for name in _LOADED if name not in _MODULES)
    return names


def register(ruleset: Ruleset) -> None:
    """Make a ruleset defined outside engine/rulesets (a test's, a plug-in's) known by name.

    Registering the same ruleset again does nothing; another under a taken name is refused.
    """
    known = _LOADED.get(ruleset.name)
    if known is ruleset:
        return
    if ruleset.name in _MODULES or known is not None:
        raise ConfigError(f"the ruleset name {ruleset.name!r} is taken")
    _LOADED[ruleset.name] = ruleset


def get_ruleset(name: str) -> Ruleset:
    found = _LOADED.get(name)
    if found is not None:
        return found
    if name not in ruleset_names():
        raise ConfigError(f"unknown ruleset {name!r}; valid rulesets: {', '.join(ruleset_names())}")
    module = importlib.import_module(_MODULES[name])
    ruleset: Ruleset = module.RULESET
    _LOADED[name] = ruleset
    return ruleset


def normalise_config(config: GameConfig) -> GameConfig:
    """Check seats and options, fill defaults, and fix a seed if none was given."""
    ruleset = get_ruleset(config.ruleset)
    if config.seats not in ruleset.seats:
        *most, last = (str(s) for s in ruleset.seats)
        valid = f"{', '.join(most)} or {last}" if most else last
        raise ConfigError(f"{ruleset.title} is played by {valid} players, not {config.seats}")
    options = resolve_options(ruleset.name, ruleset.options, config.options)
    seed = config.seed
    if seed is None:
        import secrets

        seed = secrets.randbelow(2**63)  # past guessing (ai/seeds.py), and a save's int64
    return replace(config, seed=seed, options=options)


def new_game(config: GameConfig) -> Game:
    """A new game; raises ConfigError for an unknown ruleset, seat count or option."""
    config = normalise_config(config)
    return get_ruleset(config.ruleset).create(config)


def sample_consistent(view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None) -> Game:
    """A full game drawn at random among those `view`'s seat cannot tell apart.

    With `beliefs` (a card counter's knowledge of the other hands, see
    `ai.tracking`), those hands are dealt from the beliefs instead of
    uniformly from the unseen cards; a ruleset that cannot use them
    (`Ruleset.samples_beliefs` false) samples as without them.
    """
    ruleset = get_ruleset(str(view.get("ruleset")))
    if ruleset.sample_consistent is None:
        raise ConfigError(f"{ruleset.title} has no determinizer yet")
    if beliefs is not None and ruleset.samples_beliefs:
        return ruleset.sample_consistent(view, rng, beliefs)
    return ruleset.sample_consistent(view, rng)
