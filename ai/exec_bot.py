"""A bot in another process, reached over JSON lines (ai/wire.py).

Used for ``exec:COMMAND`` bots (any language) and, through ai/bothost.py, for
every Python bot that is not shipped with the project. The process is
supervised (ai/process.py, ai/supervisor.py): its output is read in bounded
lines, writes to it never block the host, and closing it kills it and
everything it spawned within a few seconds at most.
"""

from __future__ import annotations

import contextlib
import time
from typing import Any

from ai import wire
from ai.process import (
    DEFAULT_MEMORY,
    BotBusy,
    BotExited,
    BotLoadError,
    BotProcess,
    BotProtocolError,
    BotTimeout,
)
from ai.protocol import ALL_RULESETS, EventDict, View
from ai.text import printable
from engine.actions import Action
from engine.errors import IllegalAction
from engine.registry import get_ruleset

__all__ = [
    "BotBusy",
    "BotExited",
    "BotLoadError",
    "BotProtocolError",
    "BotTimeout",
    "ExecBot",
    "RemoteBotError",
]


class RemoteBotError(Exception):
    """The bot's own code failed in its process (an ``error`` reply from ai/bothost.py)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.fault_kind = kind if kind in ("exception", "illegal") else "exception"


class ExecBot:
    """Speaks the wire protocol to a program; behaves like any in-process bot."""

    handshake_timeout: float = 10.0

    def __init__(
        self,
        argv: list[str],
        seed: int = 0,
        reply_timeout: float = 30.0,
        *,
        name: str | None = None,
        env: dict[str, str] | None = None,
        memory: int = DEFAULT_MEMORY,
        reuse: bool = False,
    ) -> None:
        if not argv:
            raise ValueError("exec: needs a command")
        self.argv = argv
        self.seed = seed
        self.reply_timeout = reply_timeout
        self.deadline_ms = 1000
        self.name = printable(name or "exec", 80)
        self.rulesets: frozenset[str] = ALL_RULESETS
        self.remote_name = printable(argv[-1], 80)
        self.reuse = reuse  # may play several games in one process (the bot host may)
        self._process = BotProcess(argv, env=env, memory=memory, label=self.name)
        self._started = False
        self._next_id = 0
        self._outstanding: int | None = None  # a decision asked and not yet answered

    # -- process ---------------------------------------------------------------------
    @property
    def proc(self) -> Any:
        """The (supervisor) process while the bot runs; None once closed."""
        return self._process.proc if self._process.running else None

    @property
    def stderr_tail(self) -> list[str]:
        return list(self._process.stderr_tail)

    @property
    def peak_line_bytes(self) -> int:
        """The most bytes of one unfinished line from the bot ever held (at most MAX_LINE)."""
        return self._process.peak_line_bytes

    @property
    def peak_queued_bytes(self) -> int:
        """The most bytes of lines ever waiting to be read (at most MAX_QUEUED)."""
        return self._process.peak_queued_bytes

    @property
    def reader_waiting(self) -> bool:
        """True while the bot's output is held back until the host reads what is queued."""
        return self._process.reader_waiting

    @property
    def failed(self) -> BotProtocolError | None:
        return self._process.failed

    @property
    def reusable(self) -> bool:
        """Healthy and idle: it may play another game (``on_game_start`` makes a fresh bot)."""
        return (
            self.reuse
            and self._started
            and self._process.running
            and self._process.failed is None
            and self._outstanding is None
        )

    def drain_messages(self) -> list[str]:
        """The bot's ``log`` messages since the last call, escaped."""
        out = list(self._process.messages)
        self._process.messages.clear()
        return out

    def start(self) -> None:
        """Start the process and shake hands (once); a failure is remembered."""
        if self._started:
            if self._process.failed is not None:
                raise self._process.failed
            return
        self._started = True
        self._process.start()
        try:
            deadline = time.monotonic() + self.handshake_timeout
            self._process.send(wire.hello(), deadline)
            reply = self._process.read(self.handshake_timeout)
        except BotTimeout:
            self._process.failed = BotTimeout(
                f"did not answer the hello within {self.handshake_timeout:g} s"
            )
            raise self._process.failed from None
        except BotProtocolError as exc:
            self._process.failed = exc
            raise
        if reply.get("type") != "hello":
            self._process.failed = BotProtocolError(
                f"expected hello, got {printable(repr(reply), 200)}"
            )
            raise self._process.failed
        if reply.get("error"):
            self._process.failed = BotLoadError(printable(reply["error"], 500))
            raise self._process.failed
        self.remote_name = printable(reply.get("name", self.remote_name), 80)
        rulesets = reply.get("rulesets")
        if isinstance(rulesets, list) and all(isinstance(r, str) for r in rulesets):
            self.rulesets = frozenset(rulesets)

    def close(self) -> None:
        """Say bye, then make sure the process and its descendants are gone (bounded)."""
        stuck = self._outstanding is not None
        self._process.close(grace=0.0 if stuck else 0.5)

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    # -- the bot protocol --------------------------------------------------------------
    def on_game_start(self, seat: int, view: View) -> None:
        self.start()
        self._process.send({"type": "game_start", "seat": seat, "seed": self.seed, "view": view})

    def on_events(self, events: list[EventDict]) -> None:
        if self._started and self._process.running and self._process.failed is None:
            self._process.send({"type": "events", "events": events})

    def on_game_end(self, view: View) -> None:
        if self._started and self._process.running and self._process.failed is None:
            self._process.send({"type": "game_over", "view": view})

    def _still_busy(self) -> bool:
        """True while the last decision is unanswered (late answers are taken and dropped)."""
        while self._outstanding is not None:
            try:
                reply = self._process.read(0.0)
            except BotTimeout:
                return True
            if reply.get("id") == self._outstanding:
                self._outstanding = None
        return False

    def decide(self, view: View, legal: list[Action]) -> Action:
        self.start()
        if self._still_busy():  # like a thread still in decide(): fault now, do not queue
            raise BotBusy("still thinking about an earlier decision")
        self._next_id += 1
        rid = self._next_id
        deadline = time.monotonic() + self.reply_timeout
        self._outstanding = rid
        request = wire.decide(rid, view, [a.to_json() for a in legal], self.deadline_ms)
        self._process.send(request, deadline)
        while True:
            reply = self._process.read(max(0.0, deadline - time.monotonic()))
            if isinstance(reply.get("id"), int) and reply["id"] < rid:
                continue  # a late answer to a decision already decided by fallback
            if reply.get("id") != rid:
                got = printable(repr(reply.get("id")))
                raise BotProtocolError(f"reply id {got}, expected {rid}")
            break
        self._outstanding = None
        if reply.get("type") == "error":
            raise RemoteBotError(str(reply.get("kind")), printable(reply.get("message", "?")))
        if reply.get("type") != "action":
            raise BotProtocolError(f"expected an action, got {printable(repr(reply), 200)}")
        if "index" in reply:
            index = reply["index"]
            if type(index) is not int or not 0 <= index < len(legal):
                shown = printable(repr(index))
                raise BotProtocolError(f"index {shown} is not in 0..{len(legal) - 1}")
            return legal[index]
        if "action" in reply:
            codec = get_ruleset(str(view.get("ruleset"))).codec
            try:
                return codec.decode(reply["action"])
            except IllegalAction as exc:  # malformed: an illegal answer, like any other
                raise RemoteBotError("illegal", printable(exc)) from None
        raise BotProtocolError("an action reply needs 'index' or 'action'")
