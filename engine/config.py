"""Game configuration and rule options.

A configuration fully determines the starting position: the same config and
the same actions give the same game. Options are declared by each ruleset, so
a typo in an option name is an error that lists what is valid instead of a
silent default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import ConfigError


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One rule option: its name, allowed values, default and a line of help."""

    name: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""


@dataclass(frozen=True)
class GameConfig:
    ruleset: str
    seats: int = 4
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "seats": self.seats,
            "seed": self.seed,
            "options": dict(self.options),
        }

    @staticmethod
    def from_json(data: Any) -> GameConfig:
        if not isinstance(data, Mapping):
            raise ConfigError("a game config must be a JSON object")
        ruleset = data.get("ruleset")
        seats = data.get("seats", 4)
        seed = data.get("seed")
        options = data.get("options", {})
        if not isinstance(ruleset, str):
            raise ConfigError("config.ruleset must be a string")
        if type(seats) is not int:
            raise ConfigError("config.seats must be an integer")
        if seed is not None and type(seed) is not int:
            raise ConfigError("config.seed must be an integer or null")
        if not isinstance(options, Mapping):
            raise ConfigError("config.options must be an object")
        return GameConfig(ruleset, seats, seed, dict(options))


def resolve_options(
    ruleset: str, specs: tuple[OptionSpec, ...], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Defaults merged with `given`; unknown names and values raise ConfigError."""
    by_name = {s.name: s for s in specs}
    for name, value in given.items():
        spec = by_name.get(name)
        if spec is None:
            valid = ", ".join(sorted(by_name)) or "none"
            raise ConfigError(f"unknown option {name!r} for {ruleset}; valid options: {valid}")
        # Same type as well as equal: 10.0 or True must not pass for the integer 10 or 1.
        if not any(type(value) is type(c) and value == c for c in spec.choices):
            valid = ", ".join(str(c) for c in spec.choices)
            raise ConfigError(f"option {name}={value!r} is not valid; choose one of: {valid}")
    return {s.name: given.get(s.name, s.default) for s in specs}
