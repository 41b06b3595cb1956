"""The bot host: one Python bot in a process of its own, speaking JSON lines (ai/wire.py).

    python -m ai.bothost serve --seed N --target JSON
    python -m ai.bothost describe        (targets on stdin, one JSON line each out)

The registry (ai/registry.py) runs every bot that is not shipped with the
project this way, under ai/supervisor.py, in a fresh interpreter. The only
game data that ever reaches this process is what the wire carries: the
bot's seat's views, its legal actions and events redacted for that seat.

The protocol's stdin and stdout are kept for the protocol alone: the bot's
``print`` goes to stderr (the host keeps a short tail of it), and reading
``sys.stdin`` finds nothing. A bot that raises in ``decide``, or answers with
an action that cannot be written as JSON, is answered for with an ``error``
reply (an exception's names the line of the bot that raised it); a hook that
raises is reported with a ``log`` message (three times at most) and
otherwise ignored, as in process.

A *target* (JSON) names the bot: ``{"kind": "module", "target":
"pkg.mod:Class"}`` or ``{"kind": "file", "target": "/abs/bot.py", "class":
"Name" or null}``, plus ``params`` (constructor keywords), ``spec`` (for
messages) and ``path`` (the host's ``sys.path``, so that the same plugins
import).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ai.text import error_text, safe_repr

Sender = Callable[[dict[str, Any]], None]


def _protocol_streams() -> tuple[Iterator[bytes], Sender]:
    """Keep fds 0 and 1 for the protocol; the bot's prints go to stderr, its input() to null."""
    proto_in = os.dup(0)
    proto_out = os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    reader = os.fdopen(proto_in, "rb")

    def send(message: dict[str, Any]) -> None:
        data = memoryview((json.dumps(message, separators=(",", ":")) + "\n").encode())
        while data:
            data = data[os.write(proto_out, data) :]

    return iter(reader), send


def _use_host_path(path: Any) -> None:
    """Import from where the host imports: its sys.path first, then our own additions."""
    if isinstance(path, list) and all(isinstance(p, str) for p in path):
        sys.path[:] = list(dict.fromkeys([*path, *sys.path]))


def load(target: dict[str, Any]) -> type[Any]:
    """The bot class a target names (imports the bot's code)."""
    from ai.registry import _load_target, load_file_bot

    _use_host_path(target.get("path"))
    if target.get("kind") == "file":
        return load_file_bot(Path(str(target["target"])), target.get("class") or None)
    return _load_target(str(target["target"]))


class Host:
    """The bot's side of the wire protocol, around one bot class."""

    def __init__(self, target: dict[str, Any], seed: int, send: Sender) -> None:
        self.target = target
        self.seed = seed
        self.send = send
        self.params: dict[str, Any] = dict(target.get("params") or {})
        self.cls: type[Any] | None = None
        self.load_error: str | None = None
        self.bot: Any = None
        self.game_started = False
        self.hook_errors = 0
        self._codecs: dict[str, Any] = {}
        try:
            self.cls = load(target)
        except (Exception, SystemExit) as exc:
            self.load_error = error_text(exc)

    # -- the bot ---------------------------------------------------------------------
    def _make(self, seed: int) -> Any:
        from ai.registry import instantiate

        if self.cls is None:
            raise RuntimeError(f"the bot could not be loaded: {self.load_error}")
        return instantiate(self.cls, seed, self.params, str(self.target.get("spec", "bot")))

    def _hook(self, hook: str, *args: Any) -> None:
        from ai.protocol import call_hook

        try:
            call_hook(self.bot, hook, *args)
        except (Exception, SystemExit) as exc:
            self.hook_errors += 1
            if self.hook_errors <= 3:
                text = error_text(exc, self.cls)
                self.send({"type": "log", "message": f"{hook} raised {text} (ignored)"})

    def _codec(self, ruleset: str) -> Any:
        codec = self._codecs.get(ruleset)
        if codec is None:
            from engine.registry import get_ruleset

            codec = self._codecs[ruleset] = get_ruleset(ruleset).codec
        return codec

    # -- messages --------------------------------------------------------------------
    def hello(self) -> None:
        cls = self.cls
        reply: dict[str, Any] = {"type": "hello", "protocol": 1}
        if cls is not None:
            reply["name"] = str(getattr(cls, "name", cls.__name__))
            rulesets = getattr(cls, "rulesets", None)
            if rulesets is not None:
                reply["rulesets"] = sorted(str(r) for r in rulesets)
        if self.load_error is not None:
            reply["error"] = self.load_error
        self.send(reply)

    def game_start(self, message: dict[str, Any]) -> None:
        seed = message.get("seed")
        if isinstance(seed, int):
            self.seed = seed
        if self.bot is None or self.game_started:
            try:
                self.bot = self._make(self.seed)  # a fresh bot for every game, like the host does
            except (Exception, SystemExit) as exc:
                self.bot = None
                self.send({"type": "log", "message": f"cannot create the bot: {error_text(exc)}"})
                return
        self.game_started = True
        self._hook("on_game_start", message.get("seat"), message.get("view"))

    def decide(self, message: dict[str, Any]) -> None:
        from engine.actions import Action
        from engine.shared.actions import CounterTrade, OfferTrade, terms_problem

        rid = message.get("id")
        try:
            if self.bot is None:
                self.bot = self._make(self.seed)
            view = message["view"]
            codec = self._codec(str(view.get("ruleset")))
            legal = [codec.decode(a) for a in message["legal"]]
            deadline = message.get("deadline_ms")
            if type(deadline) is int and hasattr(self.bot, "deadline_ms"):
                self.bot.deadline_ms = deadline  # as the sandbox sets it in process
            action = self.bot.decide(view, legal)
        except (Exception, SystemExit) as exc:
            text = error_text(exc, self.cls)
            self.send({"type": "error", "id": rid, "kind": "exception", "message": text})
            return
        if not isinstance(action, Action):
            text = f"returned {safe_repr(action, 120)}, not an action"
            self.send({"type": "error", "id": rid, "kind": "illegal", "message": text})
            return
        try:
            index = legal.index(action)
        except ValueError:  # an open-ended offer or counter, or an illegal action: the host judges
            index = -1
        if index >= 0:
            self.send({"type": "action", "id": rid, "index": index})
            return
        problem = terms_problem(action) if isinstance(action, OfferTrade | CounterTrade) else None
        if problem is None:
            try:
                reply = {"type": "action", "id": rid, "action": action.to_json()}
                json.dumps(reply)  # as send will: a field JSON cannot hold fails here, not there
            except Exception as exc:  # the bot's malformed action: its fault, not the end
                problem = f"cannot be sent ({error_text(exc)})"
        if problem is not None:
            text = f"{safe_repr(action, 120)}: {problem}"
            self.send({"type": "error", "id": rid, "kind": "illegal", "message": text})
            return
        self.send(reply)

    def serve(self, lines: Iterator[bytes]) -> None:
        for line in lines:
            message = json.loads(line)
            kind = message.get("type")
            if kind == "hello":
                self.hello()
            elif kind == "game_start":
                self.game_start(message)
            elif kind == "events":
                if self.bot is not None:
                    self._hook("on_events", message.get("events", []))
            elif kind == "decide":
                self.decide(message)
            elif kind == "game_over":
                if self.bot is not None:
                    self._hook("on_game_end", message.get("view"))
            elif kind == "bye":
                return


def describe(target: dict[str, Any]) -> dict[str, Any]:
    """Name, rulesets and any error of one target, as ``catan bots`` and spec checks want."""
    import inspect

    from ai.protocol import ALL_RULESETS

    try:
        cls = load(target)
    except (Exception, SystemExit) as exc:
        return {"error": error_text(exc), "stage": "load"}
    out: dict[str, Any] = {
        "name": str(getattr(cls, "name", cls.__name__)),
        "rulesets": sorted(str(r) for r in getattr(cls, "rulesets", ALL_RULESETS)),
        "error": None,
    }
    params = target.get("params") or {}
    if params:
        try:
            inspect.signature(cls).bind(0, **params)
        except TypeError as exc:
            out.update(error=str(exc), stage="params")
        except ValueError:  # no signature to inspect: the constructor will tell
            pass
    return out


def main(argv: list[str]) -> int:
    lines, send = _protocol_streams()
    if argv[:1] == ["describe"]:
        request = json.loads(next(lines, b"{}") or b"{}")
        for target in request.get("targets", []):
            send(describe(target))
        return 0
    if argv[:1] == ["serve"] and "--target" in argv:
        target = json.loads(argv[argv.index("--target") + 1])
        seed = int(argv[argv.index("--seed") + 1]) if "--seed" in argv else 0
        Host(target, seed, send).serve(lines)
        return 0
    sys.stderr.write("usage: python -m ai.bothost serve --seed N --target JSON | describe\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
