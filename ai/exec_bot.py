"""A bot in another process, reached over JSON lines (ai/wire.py).

The process is started in its own session so that closing the bot can kill
it and anything it spawned; a reader thread turns its stdout into a queue so
that a silent or slow bot never blocks the host beyond its deadline.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import threading
from collections import deque
from typing import Any, ClassVar

from ai import wire
from ai.protocol import ALL_RULESETS, EventDict, View
from engine.actions import Action
from engine.registry import get_ruleset


class BotProtocolError(Exception):
    """The process broke the protocol: garbage, a wrong id, silence, or it died."""


class ExecBot:
    """Speaks the wire protocol to a program; behaves like any in-process bot."""

    name: ClassVar[str] = "exec"
    rulesets: ClassVar[frozenset[str]] = ALL_RULESETS
    handshake_timeout: ClassVar[float] = 10.0

    def __init__(self, argv: list[str], seed: int = 0, reply_timeout: float = 30.0) -> None:
        if not argv:
            raise ValueError("exec: needs a command")
        self.argv = argv
        self.seed = seed
        self.reply_timeout = reply_timeout
        self.deadline_ms = 1000
        self.proc: subprocess.Popen[bytes] | None = None
        self.lines: queue.Queue[bytes | None] = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.messages: list[str] = []  # "log" messages from the bot
        self.remote_name = argv[-1]
        self._next_id = 0

    # -- process ---------------------------------------------------------------------
    def start(self) -> None:
        if self.proc is not None:
            return
        self.proc = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        threading.Thread(target=self._pump_stdout, daemon=True).start()
        threading.Thread(target=self._pump_stderr, daemon=True).start()
        self._send(wire.hello())
        reply = self._read(self.handshake_timeout)
        if reply.get("type") != "hello":
            raise BotProtocolError(f"expected hello, got {reply!r:.200}")
        self.remote_name = str(reply.get("name", self.remote_name))

    def _pump_stdout(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _pump_stderr(self) -> None:
        assert self.proc is not None and self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr_tail.append(line.decode(errors="replace").rstrip())

    def _send(self, message: dict[str, Any]) -> None:
        if self.proc is None or self.proc.stdin is None:
            raise BotProtocolError("the bot process is not running")
        try:
            self.proc.stdin.write(wire.encode(message))
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as exc:
            raise BotProtocolError(f"the bot process has gone away ({exc})") from exc

    def _read(self, timeout: float) -> dict[str, Any]:
        """The next message that is not a log line."""
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise BotProtocolError(f"no reply within {timeout:.1f} s") from None
            if line is None:
                tail = " | ".join(self.stderr_tail)
                raise BotProtocolError(f"the bot process exited; stderr: {tail or '(empty)'}")
            try:
                message = json.loads(line)
            except ValueError:
                raise BotProtocolError(f"not JSON: {line[:120]!r}") from None
            if not isinstance(message, dict):
                raise BotProtocolError(f"not a JSON object: {line[:120]!r}")
            if message.get("type") == "log":
                self.messages.append(str(message.get("message", ""))[:500])
                continue
            return message

    def close(self) -> None:
        """Say bye, then make sure the process and its children are gone."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        with contextlib.suppress(Exception):
            assert proc.stdin is not None
            proc.stdin.write(wire.encode({"type": "bye"}))
            proc.stdin.flush()
        with contextlib.suppress(Exception):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)  # stragglers the bot spawned
        for stream in (proc.stdout, proc.stderr):
            with contextlib.suppress(Exception):
                assert stream is not None
                stream.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # -- the bot protocol --------------------------------------------------------------
    def on_game_start(self, seat: int, view: View) -> None:
        self.start()
        self._send({"type": "game_start", "seat": seat, "seed": self.seed, "view": view})

    def on_events(self, events: list[EventDict]) -> None:
        if self.proc is not None:
            self._send({"type": "events", "events": events})

    def on_game_end(self, view: View) -> None:
        if self.proc is not None:
            self._send({"type": "game_over", "view": view})

    def decide(self, view: View, legal: list[Action]) -> Action:
        self.start()
        self._next_id += 1
        rid = self._next_id
        self._send(wire.decide(rid, view, [a.to_json() for a in legal], self.deadline_ms))
        while True:
            reply = self._read(self.reply_timeout)
            if reply.get("type") != "action":
                raise BotProtocolError(f"expected an action, got {reply!r:.200}")
            if reply.get("id") != rid:
                if isinstance(reply.get("id"), int) and reply["id"] < rid:
                    continue  # a late answer to a decision already decided by fallback
                raise BotProtocolError(f"reply id {reply.get('id')!r}, expected {rid}")
            break
        if "index" in reply:
            index = reply["index"]
            if type(index) is not int or not 0 <= index < len(legal):
                raise BotProtocolError(f"index {index!r} is not in 0..{len(legal) - 1}")
            return legal[index]
        if "action" in reply:
            codec = get_ruleset(str(view.get("ruleset"))).codec
            return codec.decode(reply["action"])
        raise BotProtocolError("an action reply needs 'index' or 'action'")
