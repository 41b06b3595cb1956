"""Finding and creating bots by name.

The one entry point the table, the app and the CLI use: `create_bot("random", seed)`.
Built-in bots are listed here; plugin discovery (entry points, drop-in files,
`file.py:Class`, `exec:`) extends the same table.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ai.protocol import Bot
from engine.errors import ConfigError


@dataclass(frozen=True)
class BotInfo:
    name: str
    origin: str  # "built-in", "entry point <dist>", a file path, ...
    rulesets: frozenset[str]
    target: str  # "module:Class"
    error: str | None = None  # why it failed to load, if it did


BUILTINS: dict[str, str] = {
    "random": "ai.bots.random_bot:RandomBot",
}


def _load(target: str) -> type[Bot]:
    module_name, _, attr = target.partition(":")
    cls: type[Bot] = getattr(importlib.import_module(module_name), attr)
    return cls


def available_bots() -> list[BotInfo]:
    out = []
    for name, target in BUILTINS.items():
        cls = _load(target)
        out.append(BotInfo(name, "built-in", cls.rulesets, target))
    return out


def create_bot(spec: str, seed: int = 0) -> Bot:
    target = BUILTINS.get(spec)
    if target is None:
        raise ConfigError(f"unknown bot {spec!r}; available: {', '.join(BUILTINS)}")
    return _load(target)(seed)  # type: ignore[call-arg]
