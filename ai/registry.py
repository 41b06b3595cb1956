"""Finding and creating bots by spec.

The one entry point the table, the app and the CLI use is
``create_bot(spec, seed)``. A spec is one of:

- ``NAME`` or ``NAME:key=value,...``: a built-in bot, an installed plugin
  (entry-point group ``catan.bots``) or a drop-in file ``NAME.py`` in the bot
  folder (``platformdirs.user_config_dir("catan-tui")/bots``, or
  ``$CATAN_TUI_BOTS_DIR``). Built-in names win a clash; ``DIST/NAME`` reaches a
  plugin whose name is taken.
- ``path/to/file.py`` or ``path/to/file.py:ClassName``: a bot class in a file.
- ``exec:COMMAND``: a program in any language speaking the JSON-lines protocol
  (ai/wire.py) on stdin and stdout.

Listing (``available_bots``) reads entry-point names without importing the
plugins; ``load=True`` imports each one to learn its rulesets, and a plugin
that fails to import is reported with its error, never raised.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import os
import shlex
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ai.protocol import ALL_RULESETS, Bot
from engine.errors import ConfigError

if TYPE_CHECKING:
    import importlib.metadata

ENTRY_POINT_GROUP = "catan.bots"
BOTS_DIR_ENV = "CATAN_TUI_BOTS_DIR"


@dataclass(frozen=True)
class BotInfo:
    """One bot found by discovery; ``error`` says why it could not be loaded, if it could not."""

    name: str
    origin: str  # "built-in", "entry point (dist 1.0)", "drop-in <path>", "file <path>"
    rulesets: frozenset[str]
    target: str  # "module:Class" or a file path
    error: str | None = None


BUILTINS: dict[str, str] = {
    "random": "ai.bots.random_bot:RandomBot",
    "greedy": "ai.bots.greedy:GreedyBot",
    "value": "ai.bots.value:ValueBot",
    "mcts": "ai.bots.mcts:MctsBot",
}


def bots_dir() -> Path:
    """The drop-in folder: ``$CATAN_TUI_BOTS_DIR`` or the user config folder's ``bots``."""
    override = os.environ.get(BOTS_DIR_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_config_dir("catan-tui")) / "bots"


# -- loading ---------------------------------------------------------------------


def _load_target(target: str) -> type[Bot]:
    module_name, _, attr = target.partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in attr.split("."):
        obj = getattr(obj, part)
    return _as_bot_class(obj, target)


def _as_bot_class(obj: Any, where: str) -> type[Bot]:
    """Entry points may name a class or a zero-argument factory returning one."""
    if not inspect.isclass(obj) and callable(obj):
        obj = obj()
    if not inspect.isclass(obj) or not callable(getattr(obj, "decide", None)):
        raise ConfigError(f"{where} is not a bot class (it needs a decide method)")
    return obj  # type: ignore[no-any-return]


_FILE_MODULES: dict[Path, ModuleType] = {}


def _import_file(path: Path) -> ModuleType:
    """Import a single .py file under a synthetic module name (once per path)."""
    path = path.resolve()
    found = _FILE_MODULES.get(path)
    if found is not None:
        return found
    if not path.is_file():
        raise ConfigError(f"no bot file {path}")
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    module_name = f"catan_bot_file_{path.stem}_{digest}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise ConfigError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[module_name]
        raise
    _FILE_MODULES[path] = module
    return module


def load_file_bot(path: Path, class_name: str | None = None) -> type[Bot]:
    """The bot class in a file: ``class_name``, else ``BOT``, else its only bot class."""
    module = _import_file(path)
    if class_name:
        if not hasattr(module, class_name):
            raise ConfigError(f"{path} has no class {class_name!r}")
        return _as_bot_class(getattr(module, class_name), f"{path}:{class_name}")
    if hasattr(module, "BOT"):
        return _as_bot_class(module.BOT, f"{path}:BOT")
    own = [
        obj
        for obj in vars(module).values()
        if inspect.isclass(obj)
        and obj.__module__ == module.__name__
        and callable(getattr(obj, "decide", None))
    ]
    if len(own) != 1:
        raise ConfigError(
            f"{path} must define BOT = YourBot or exactly one bot class (found {len(own)})"
        )
    return own[0]  # type: ignore[no-any-return]


# -- discovery ---------------------------------------------------------------------


def _entry_points() -> list[importlib.metadata.EntryPoint]:
    import importlib.metadata  # only when a name is not a built-in: it costs a game's start

    return sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


def _dist_label(ep: importlib.metadata.EntryPoint) -> str:
    dist = ep.dist
    if dist is None:
        return "entry point"
    return f"entry point ({dist.metadata['Name']} {dist.version})"


def _describe(info: BotInfo, loader: Any) -> BotInfo:
    try:
        cls = loader()
    except Exception as exc:  # a broken plugin is reported, never raised
        return replace(info, error=f"{type(exc).__name__}: {exc}")
    rulesets = frozenset(getattr(cls, "rulesets", ALL_RULESETS))
    return replace(info, rulesets=rulesets)


def available_bots(load: bool = True, folder: Path | None = None) -> list[BotInfo]:
    """Every bot found: built-ins, entry points, then drop-in files.

    With ``load=False`` nothing is imported (rulesets are left empty); with
    ``load=True`` each bot is imported to learn its rulesets, and failures
    are recorded in ``BotInfo.error``.
    """
    out: list[BotInfo] = []
    for name, target in BUILTINS.items():
        info = BotInfo(name, "built-in", frozenset(), target)
        out.append(_describe(info, lambda t=target: _load_target(t)) if load else info)
    for ep in _entry_points():
        if ep.name in BUILTINS and ep.value == BUILTINS[ep.name]:
            continue  # the project's own declaration of a built-in
        info = BotInfo(ep.name, _dist_label(ep), frozenset(), ep.value)
        out.append(_describe(info, lambda e=ep: _as_bot_class(e.load(), e.value)) if load else info)
    folder = folder if folder is not None else bots_dir()
    if folder.is_dir():
        for path in sorted(folder.glob("*.py")):
            if path.name.startswith("_"):
                continue
            info = BotInfo(path.stem, f"drop-in {path}", frozenset(), str(path))
            out.append(_describe(info, lambda p=path: load_file_bot(p)) if load else info)
    return out


# -- specs -------------------------------------------------------------------------


def parse_params(text: str) -> dict[str, Any]:
    """``k=v,k2=v2`` with ints and floats converted; anything malformed is an error."""
    params: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, sep, raw = item.partition("=")
        if not sep or not key.isidentifier():
            raise ConfigError(f"bad bot parameter {item!r}; write key=value")
        value: Any = raw
        for conv in (int, float):
            try:
                value = conv(raw)
                break
            except ValueError:
                continue
        params[key] = value
    return params


def resolve_class(spec: str, folder: Path | None = None) -> tuple[type[Bot], dict[str, Any]]:
    """The bot class and constructor parameters a (non-exec) spec names."""
    head, _, rest = spec.partition(":")
    if head.endswith(".py"):
        return load_file_bot(Path(head), rest or None), {}
    params = parse_params(rest) if rest else {}
    name = head
    if name in BUILTINS:
        return _load_target(BUILTINS[name]), params
    dist_name, _, ep_name = name.rpartition("/") if "/" in name else ("", "", name)
    for ep in _entry_points():
        if ep.name == ep_name and (not dist_name or (ep.dist and ep.dist.name == dist_name)):
            return _as_bot_class(ep.load(), ep.value), params
    folder = folder if folder is not None else bots_dir()
    candidate = folder / f"{name}.py"
    if candidate.is_file():
        return load_file_bot(candidate), params
    known = ", ".join(sorted({b.name for b in available_bots(load=False, folder=folder)}))
    raise ConfigError(f"unknown bot {spec!r}; available: {known} (or file.py:Class, exec:CMD)")


def create_bot(spec: str, seed: int = 0, folder: Path | None = None) -> Bot:
    """A ready bot for ``spec`` (see the module docstring), seeded with ``seed``."""
    if spec.startswith("exec:"):
        from ai.exec_bot import ExecBot

        return ExecBot(shlex.split(spec[5:]), seed=seed)
    cls, params = resolve_class(spec, folder)
    try:
        return cls(seed, **params)  # type: ignore[call-arg]
    except TypeError as exc:
        if params:
            raise ConfigError(f"bot {spec!r}: {exc}") from exc
        return cls()  # a plugin whose constructor takes no seed


def check_spec(spec: str, folder: Path | None = None) -> None:
    """Raise ConfigError, in one line, unless ``spec`` names a bot that can be loaded.

    Only the named bot is imported, so a game's start never pays for the
    others; a broken file or plugin is reported by its error, never raised.
    """
    if spec.startswith("exec:"):
        try:
            command = shlex.split(spec[5:])
        except ValueError as exc:
            raise ConfigError(f"bot {spec!r}: {exc}") from None
        if not command:
            raise ConfigError(f"bot {spec!r}: exec: needs a command")
        return
    try:
        cls, params = resolve_class(spec, folder)
    except ConfigError:
        raise
    except Exception as exc:  # a plugin that fails to import
        raise ConfigError(f"bot {spec!r} cannot be loaded: {type(exc).__name__}: {exc}") from None
    if params:
        try:
            inspect.signature(cls).bind(0, **params)
        except TypeError as exc:
            raise ConfigError(f"bot {spec!r}: {exc}") from None


def bot_label(spec: str) -> str:
    """A short name for reports: the spec without paths and long commands."""
    if spec.startswith("exec:"):
        return "exec:" + Path(shlex.split(spec[5:])[-1]).name
    head, _, rest = spec.partition(":")
    if head.endswith(".py"):
        return Path(head).stem + (f":{rest}" if rest else "")
    return spec
