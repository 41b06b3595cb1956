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
- ``inproc:SPEC``: a plugin, drop-in or file bot loaded into this process
  (trusted code only, for speed).

Where bots run: the built-in bots (``BUILTINS``, shipped in ai/bots) run in
this process. Every other Python bot runs in a process of its own
(ai/bothost.py under ai/supervisor.py, reached through ai/exec_bot.py), so
the only game data it can find is its own seat's view; ``inproc:`` opts out.
The host never imports an out-of-process bot's code: it locates the file or
entry point by name (``locate``), and loading, describing and checking
happen in a child process.

Listing (``available_bots``) reads entry-point names without importing the
plugins; ``load=True`` loads each one (in one child process) to learn its
rulesets, and a plugin that fails to import is reported with its error,
never raised.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import inspect
import json
import os
import shlex
import shutil
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from ai.protocol import ALL_RULESETS, Bot
from ai.text import printable
from engine.errors import ConfigError

if TYPE_CHECKING:
    import importlib.metadata

ENTRY_POINT_GROUP = "catan.bots"
BOTS_DIR_ENV = "CATAN_TUI_BOTS_DIR"
INPROC = "inproc:"
"""Spec prefix: run a plugin, drop-in or file bot in this process (trusted code only)."""
DEFAULT_BOT = "value"
"""The bot a seat gets unless another is chosen (`catan play`, the new-game form, an SSH
table): the ladder's rung 3, a real game for a newcomer, with moves in well under a second."""
DESCRIBE_TIMEOUT = 30.0  # seconds for a child process to load and describe bots


@dataclass(frozen=True)
class BotInfo:
    """One bot found by discovery; ``error`` says why it could not be loaded, if it could not."""

    name: str
    origin: str  # "built-in", "entry point (dist 1.0)", "drop-in <path>", "file <path>"
    rulesets: frozenset[str]
    target: str  # "module:Class" or a file path
    error: str | None = None
    strength: str = ""  # a built-in's one-line note on where it stands on the ladder


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
    module_name, _, attr = target.split("[")[0].strip().partition(":")
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
    return obj  # type: ignore[return-value]


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
    return own[0]  # type: ignore[return-value]


# -- discovery ---------------------------------------------------------------------


def _entry_points() -> list[importlib.metadata.EntryPoint]:
    import importlib.metadata  # only when a name is not a built-in: it costs a game's start

    return sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: ep.name)


def _dist_label(ep: importlib.metadata.EntryPoint) -> str:
    dist = ep.dist
    if dist is None:
        return "entry point"
    return f"entry point ({dist.metadata['Name']} {dist.version})"


def _plugin_entry_points() -> list[importlib.metadata.EntryPoint]:
    """Entry points other than the project's own declarations of its built-ins."""
    return [
        ep for ep in _entry_points() if not (ep.name in BUILTINS and ep.value == BUILTINS[ep.name])
    ]


def _describe_builtin(info: BotInfo) -> BotInfo:
    try:
        cls = _load_target(info.target)
    except Exception as exc:
        return replace(info, error=printable(f"{type(exc).__name__}: {exc}"))
    return replace(
        info,
        rulesets=frozenset(getattr(cls, "rulesets", ALL_RULESETS)),
        strength=str(getattr(cls, "strength", "")),
    )


def available_bots(load: bool = True, folder: Path | None = None) -> list[BotInfo]:
    """Every bot found: built-ins, entry points, then drop-in files.

    With ``load=False`` nothing is imported (rulesets are left empty); with
    ``load=True`` built-ins are imported here and every other bot in one
    child process (ai/bothost.py) to learn its rulesets, and failures are
    recorded in ``BotInfo.error``.
    """
    out: list[BotInfo] = []
    for name, target in BUILTINS.items():
        info = BotInfo(name, "built-in", frozenset(), target)
        out.append(_describe_builtin(info) if load else info)
    others: list[tuple[BotInfo, Located]] = []
    for ep in _plugin_entry_points():
        info = BotInfo(ep.name, _dist_label(ep), frozenset(), ep.value)
        others.append((info, Located(ep.name, "module", ep.value)))
    folder = folder if folder is not None else bots_dir()
    if folder.is_dir():
        for path in sorted(folder.glob("*.py")):
            if path.name.startswith("_"):
                continue
            info = BotInfo(printable(path.stem), f"drop-in {path}", frozenset(), str(path))
            others.append((info, Located(path.stem, "file", str(path.resolve()))))
    if not load:
        return out + [info for info, _ in others]
    for (info, _), found in zip(others, describe([loc for _, loc in others]), strict=True):
        if found.get("error"):
            out.append(replace(info, error=printable(found["error"])))
        else:
            out.append(replace(info, rulesets=frozenset(found.get("rulesets") or ALL_RULESETS)))
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


def split_specs(text: str) -> list[str]:
    """Comma-separated bot specs, one per seat; ``key=value`` pieces extend the spec before.

    ``mcts:budget_ms=400,width=6,value`` is two specs: ``mcts:budget_ms=400,width=6``
    and ``value`` (a piece that is a bare ``key=value`` continues the previous
    built-in, plugin or drop-in spec's parameters).
    """
    specs: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if not piece:  # "greedy,,greedy" once quietly made two seats of three
            raise ConfigError(
                f"--bots {printable(text)[:80]!r} has an empty name (two commas in a row, or"
                " one at an end): name a bot for every seat"
            )
        key, sep, _ = piece.partition("=")
        joins = sep and key.isidentifier() and ":" not in piece
        if joins and specs and ":" in specs[-1] and not specs[-1].startswith("exec:"):
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


@dataclass(frozen=True)
class Located:
    """Where a spec's bot is, found without importing any of its code.

    ``kind`` is "builtin" (``target`` is module:Class), "module" (an entry
    point's module:Class), "file" (an absolute path; ``class_name`` picks a
    class) or "exec" (``target`` is the command line).
    """

    spec: str
    kind: str
    target: str
    class_name: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    inproc: bool = False

    @property
    def isolated(self) -> bool:
        """True for a Python bot that runs in a process of its own."""
        return self.kind in ("module", "file") and not self.inproc

    def wire_target(self) -> dict[str, Any]:
        """The target ai/bothost.py loads (see its docstring)."""
        return {
            "kind": self.kind,
            "target": self.target,
            "class": self.class_name,
            "params": self.params,
            "spec": self.spec,
            "path": _host_path(),
        }


def names_code(spec: str) -> bool:
    """Whether `spec` names a program or a file to run (``exec:CMD``, ``file.py[:Class]``) or
    asks for a bot outside its sandbox (``inproc:``), rather than an installed bot by name.

    What a save file says is not to be trusted that far: a save's seats are taken only
    when they name bots (tui/local.py).
    """
    body = spec.removeprefix(INPROC)
    return spec.startswith(("exec:", INPROC)) or body.partition(":")[0].endswith(".py")


def locate(spec: str, folder: Path | None = None) -> Located:
    """Which bot ``spec`` names, and where it runs; ConfigError if there is none."""
    if spec.startswith("exec:"):
        return Located(spec, "exec", spec[5:], inproc=False)
    inproc = spec.startswith(INPROC)
    body = spec[len(INPROC) :] if inproc else spec
    head, _, rest = body.partition(":")
    if head.endswith(".py"):
        path = Path(head).resolve()
        if not path.is_file():
            raise ConfigError(f"no bot file {path}")
        return Located(spec, "file", str(path), rest or None, {}, inproc)
    params = parse_params(rest) if rest else {}
    name = head
    if name in BUILTINS:
        return Located(spec, "builtin", BUILTINS[name], None, params, inproc=True)
    dist_name, _, ep_name = name.rpartition("/") if "/" in name else ("", "", name)
    for ep in _entry_points():
        if ep.name == ep_name and (not dist_name or (ep.dist and ep.dist.name == dist_name)):
            if ep.name in BUILTINS and ep.value == BUILTINS[ep.name]:
                return Located(spec, "builtin", ep.value, None, params, inproc=True)
            return Located(spec, "module", ep.value, None, params, inproc)
    folder = folder if folder is not None else bots_dir()
    candidate = folder / f"{name}.py"
    if candidate.is_file():
        return Located(spec, "file", str(candidate.resolve()), None, params, inproc)
    known = ", ".join(sorted({b.name for b in available_bots(load=False, folder=folder)}))
    raise ConfigError(f"unknown bot {spec!r}; available: {known} (or file.py:Class, exec:CMD)")


def _load_located(found: Located) -> type[Bot]:
    """Import a located bot into this process (built-ins and ``inproc:`` only)."""
    if found.kind == "file":
        return load_file_bot(Path(found.target), found.class_name)
    return _load_target(found.target)


def instantiate(cls: type[Bot], seed: int, params: dict[str, Any], spec: str) -> Bot:
    """``cls(seed, **params)``; a plugin whose constructor takes no seed gets ``cls()``."""
    try:
        return cls(seed, **params)  # type: ignore[call-arg]
    except TypeError as exc:
        if params:
            raise ConfigError(f"bot {spec!r}: {exc}") from exc
        return cls()
    except (ValueError, OverflowError) as exc:  # a parameter its constructor refuses
        raise ConfigError(f"bot {spec!r}: {printable(str(exc))[:200]}") from None


# -- out-of-process bots -------------------------------------------------------------


def _host_path() -> list[str]:
    """This process's import path, for a bot host to import the same plugins from."""
    return [os.path.abspath(p) if p else os.getcwd() for p in sys.path]


def _bothost_env() -> dict[str, str]:
    """The environment of a bot host: ours, with the folder holding ``ai`` importable."""
    env = dict(os.environ)
    root = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")]))
    env.pop("PYTHONSTARTUP", None)
    return env


def bothost_argv(found: Located, seed: int) -> list[str]:
    """The command that runs a located Python bot in its own process."""
    target = json.dumps(found.wire_target(), separators=(",", ":"))
    return [sys.executable, "-m", "ai.bothost", "serve", "--seed", str(seed), "--target", target]


_DESCRIBED: dict[str, dict[str, Any]] = {}


def _describe_key(found: Located) -> str:
    key = json.dumps([found.kind, found.target, found.class_name, found.params], sort_keys=True)
    if found.kind == "file":
        with contextlib.suppress(OSError):
            key += f"@{os.stat(found.target).st_mtime_ns}"
    return key


def describe(located: list[Located]) -> list[dict[str, Any]]:
    """Load each bot in a child process: ``{"name", "rulesets", "error", "stage"}`` per bot.

    One child for the whole list; results are remembered (a file until it
    changes). A bot that hangs its import times out with an error.
    """
    from ai.process import BotProcess, BotProtocolError

    keys = [_describe_key(found) for found in located]
    todo = {k: f for k, f in zip(keys, located, strict=True) if k not in _DESCRIBED}
    failed: dict[str, dict[str, Any]] = {}
    if todo:
        argv = [sys.executable, "-m", "ai.bothost", "describe"]
        process = BotProcess(argv, env=_bothost_env(), label="describe")
        results: list[dict[str, Any]] = []
        problem = "no answer"
        try:
            process.start()
            deadline = time.monotonic() + DESCRIBE_TIMEOUT
            process.send({"targets": [f.wire_target() for f in todo.values()]}, deadline)
            while len(results) < len(todo):
                results.append(process.read(max(0.0, deadline - time.monotonic())))
        except BotProtocolError as exc:
            problem = str(exc)
        finally:
            process.close()
        for i, key in enumerate(todo):
            if i < len(results):
                _DESCRIBED[key] = results[i]
            else:  # the child itself failed: say so, and try again next time
                failed[key] = {"error": f"could not be loaded ({problem})", "stage": "load"}
    return [_DESCRIBED.get(k) or failed[k] for k in keys]


# -- creating and checking ------------------------------------------------------------


def create_bot(spec: str, seed: int = 0, folder: Path | None = None) -> Bot:
    """A ready bot for ``spec`` (see the module docstring), seeded with ``seed``.

    A bot out of process is started here (its process loads the bot and
    shakes hands), so a bot that cannot load fails now, with ConfigError.
    """
    found = locate(spec, folder)
    if found.kind == "exec":
        from ai.exec_bot import ExecBot

        return ExecBot(shlex.split(found.target), seed=seed, name=bot_label(spec))  # type: ignore[return-value]
    if not found.isolated:
        return instantiate(_load_located(found), seed, dict(found.params), spec)
    from ai.exec_bot import BotProtocolError, ExecBot

    argv = bothost_argv(found, seed)
    bot = ExecBot(argv, seed=seed, name=bot_label(spec), env=_bothost_env(), reuse=True)
    try:
        bot.start()
    except BotProtocolError as exc:
        bot.close()
        raise ConfigError(f"bot {spec!r} cannot be loaded: {exc}") from None
    bot.name = bot.remote_name  # the class's own name, as in process
    return bot  # type: ignore[return-value]


def check_spec(spec: str, folder: Path | None = None) -> None:
    """Raise ConfigError, in one line, unless ``spec`` names a bot that can be loaded.

    Only the named bot is loaded, so a game's start never pays for the
    others; a broken file or plugin is reported by its error, never raised.
    Bots that run out of process are loaded in a child process, not here.
    """
    if spec.startswith("exec:"):
        try:
            command = shlex.split(spec[5:])
        except ValueError as exc:
            raise ConfigError(f"bot {spec!r}: {exc}") from None
        if not command:
            raise ConfigError(f"bot {spec!r}: exec: needs a command")
        if shutil.which(command[0]) is None:
            raise ConfigError(f"bot {spec!r}: there is no program {command[0]!r} to run")
        return
    found = locate(spec, folder)
    if found.isolated:
        result = describe([found])[0]
        if result.get("error"):
            error = printable(result["error"])
            if result.get("stage") == "params":
                raise ConfigError(f"bot {spec!r}: {error}")
            raise ConfigError(f"bot {spec!r} cannot be loaded: {error}")
        return
    try:
        cls = _load_located(found)
    except ConfigError:
        raise
    except Exception as exc:  # a plugin that fails to import
        error = printable(f"{type(exc).__name__}: {exc}")
        raise ConfigError(f"bot {spec!r} cannot be loaded: {error}") from None
    if found.params:
        try:
            inspect.signature(cls).bind(0, **found.params)
        except TypeError as exc:
            raise ConfigError(f"bot {spec!r}: {exc}") from None
        if found.kind == "builtin":  # ours: cheap to build, and it checks its values' ranges
            instantiate(cls, 0, dict(found.params), spec)


def spec_rulesets(spec: str, folder: Path | None = None) -> frozenset[str] | None:
    """The rulesets a spec's bot says it plays; None when only the running bot can say (exec:)."""
    found = locate(spec, folder)
    if found.kind == "exec":
        return None
    if found.isolated:
        result = describe([found])[0]
        if result.get("error"):
            raise ConfigError(f"bot {spec!r} cannot be loaded: {printable(result['error'])}")
        return frozenset(result.get("rulesets") or ALL_RULESETS)
    supported = getattr(_load_located(found), "rulesets", None)
    return frozenset(supported) if supported is not None else None


def bot_label(spec: str) -> str:
    """A short name for reports: the spec without paths and long commands."""
    if spec.startswith("exec:"):
        try:
            return "exec:" + Path(shlex.split(spec[5:])[-1]).name
        except (ValueError, IndexError):
            return printable(spec, 40)
    if spec.startswith(INPROC):
        return INPROC + bot_label(spec[len(INPROC) :])
    head, _, rest = spec.partition(":")
    if head.endswith(".py"):
        return Path(head).stem + (f":{rest}" if rest else "")
    return spec
