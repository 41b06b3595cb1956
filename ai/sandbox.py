"""The sandbox: every bot decision runs under a time budget, and faults never stop a game.

A *fault* is an exception, a reply after the hard deadline, garbage, or an
action that is not legal. The seat then plays a fallback move for that
decision (the built-in greedy bot's choice; "decline" for a trade answer),
and the fault is logged. After ``max_faults`` faults a built-in bot takes the
seat for the rest of the game, and the log says so.

In-process bots (the built-ins, and ``inproc:`` specs) run in a worker
thread of their own; a thread cannot be killed, so a bot still busy with an
old decision simply faults again until it is replaced, and the thread is a
daemon so that it never keeps the program from exiting. Every other bot runs
in a process of its own (ai/exec_bot.py), which is killed with everything it
spawned at the end. Everything a bot says (exception text, log lines, its
name) is escaped before it is logged (ai/text.py).
"""

from __future__ import annotations

import concurrent.futures
import logging
import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.protocol import BaseBot, EventDict, View, call_hook, reads_view
from ai.text import error_text, printable, safe_repr
from engine.actions import Action

log = logging.getLogger("catan.bots")

OPEN_ENDED = frozenset({"offer_trade", "counter_trade"})
"""Actions a bot may choose outside the legal list (any offer the rules allow)."""
MAX_SAID = 20
"""``log`` messages of a bot process copied into a seat's log, at most."""


@dataclass(frozen=True)
class Budget:
    """Soft deadline (asked of the bot) and hard deadline (enforced), in seconds."""

    soft: float = 1.0
    hard: float | None = None

    @property
    def hard_limit(self) -> float:
        return self.hard if self.hard is not None else self.soft + max(0.25, 0.5 * self.soft)


@dataclass
class Fault:
    kind: str  # "exception", "timeout", "busy", "illegal", "protocol", "exited"
    message: str
    turn: int | None = None


@dataclass
class SeatStats:
    decisions: int = 0
    think_time: float = 0.0
    slow: int = 0  # past the soft deadline but in time
    fallbacks: int = 0
    faults: list[Fault] = field(default_factory=list)
    replaced: bool = False
    times: list[float] = field(default_factory=list)


Checker = Callable[[Action], str | None]


_Job = tuple[Callable[..., Any], tuple[Any, ...], "concurrent.futures.Future[Any]"]


class DaemonWorker:
    """One daemon thread running calls in order; unlike a ThreadPoolExecutor's threads,
    nobody joins it at exit, so a bot stuck in an endless loop never keeps the program alive."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put((fn, args, future))
        return future

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            fn, args, future = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as exc:  # SystemExit from a bot is a fault like any other
                future.set_exception(exc)
            del job, fn, args, future

    def shutdown(self) -> None:
        """Let the thread end after its current call (if that ever returns)."""
        self._jobs.put(None)


def _safe_default(view: View, legal: list[Action]) -> Action:
    for kind in ("decline_trade", "cancel_trade"):
        for action in legal:
            if action.type == kind:
                return action
    return legal[0]


class SandboxedBot:
    """Wraps any bot; ``decide`` always returns a usable action within the hard deadline."""

    def __init__(
        self,
        bot: Any,
        *,
        name: str | None = None,
        budget: Budget | None = None,
        seat: int | None = None,
        fallback: Any = None,
        max_faults: int = 3,
        checker: Checker | None = None,
        on_log: Callable[[str], None] | None = None,
    ) -> None:
        self.bot = bot
        self.name = printable(name or getattr(bot, "name", type(bot).__name__), 80)
        self.budget = budget or Budget()
        self.seat = seat
        self.fallback = fallback
        self.max_faults = max_faults
        self.checker = checker
        self.stats = SeatStats()
        self.lines: list[str] = []
        self._on_log = on_log
        self._pool = DaemonWorker(f"bot-{seat}")
        self._busy: concurrent.futures.Future[Action] | None = None
        self._hook_errors = 0
        self._said = 0  # log messages relayed from a bot process
        self._rng = random.Random(seat or 0)  # last-resort moves; random avoids move loops
        self._declarations()
        if hasattr(bot, "deadline_ms"):
            bot.deadline_ms = int(self.budget.soft * 1000)
            bot.reply_timeout = self.budget.hard_limit

    @property
    def faults(self) -> int:
        return len(self.stats.faults)

    def _log(self, message: str) -> None:
        line = printable(f"seat {self.seat} ({self.name}): {message}", 1000)
        self.lines.append(line)
        log.warning(line)
        if self._on_log is not None:
            self._on_log(line)

    # -- hooks ---------------------------------------------------------------------------
    def _hook(self, hook: str, *args: Any) -> None:
        """Optional hooks: errors are logged (a few times), never fatal, never faults."""
        targets = [self.bot]
        if self.fallback is not None and self.fallback is not self.bot:
            targets.append(self.fallback)
        for target in targets:
            try:
                call_hook(target, hook, *args)
            except Exception as exc:
                if target is self.bot:
                    self._hook_errors += 1
                    if self._hook_errors <= 3:
                        self._log(self._hook_error(hook, exc))
        self._relay_messages()

    def _hook_error(self, hook: str, exc: Exception) -> str:
        if isinstance(getattr(exc, "fault_kind", None), str):
            return printable(exc)  # a bot process's trouble, worded by the host (and escaped)
        return f"{hook} raised {error_text(exc, self.bot)} (ignored)"

    def on_game_start(self, seat: int, view: View) -> None:
        self.seat = seat
        self._hook("on_game_start", seat, view)

    def on_events(self, events: list[EventDict]) -> None:
        self._hook("on_events", events)

    def _declarations(self) -> None:
        """What hosts may skip for this seat, from the bot in it now (and its fallback)."""
        fallback = self.fallback
        self.listens = listens(self.bot) or (fallback is not None and listens(fallback))
        """Whether events reach anything here (the bot or its fallback has an
        ``on_events``); when not, a host may skip redacting events for this seat."""
        self.reads_view = reads_view(self.bot)
        """Whether the bot in this seat reads its views (``BaseBot.reads_view``)."""
        self._inline = asks_inline(self.bot)

    def on_game_end(self, view: View) -> None:
        self._hook("on_game_end", view)

    # -- decisions ------------------------------------------------------------------------
    def decide(self, view: View, legal: list[Action]) -> Action:
        """The bot's action if it is sound and in time; otherwise a logged fallback."""
        self.stats.decisions += 1
        start = time.perf_counter()
        try:
            action, problem = self._ask(view, legal)
        finally:
            elapsed = time.perf_counter() - start
            self.stats.think_time += elapsed
            self.stats.times.append(elapsed)
            self._relay_messages()
        if problem is None:
            if elapsed > self.budget.soft:
                self.stats.slow += 1
            assert action is not None
            return action
        kind, message = problem
        self.stats.faults.append(Fault(kind, message, view.get("turn")))
        self.stats.fallbacks += 1
        fallback = self._fallback(view, legal)
        self._log(f"fault {self.faults}/{self.max_faults} ({kind}): {message}; played {fallback}")
        if self.faults >= self.max_faults and not self.stats.replaced:
            self._replace()
        return fallback

    def _ask(self, view: View, legal: list[Action]) -> tuple[Action | None, tuple[str, str] | None]:
        if self._inline:
            return self._ask_inline(view, legal)
        if self._busy is not None and not self._busy.done():
            return None, ("busy", "still thinking about an earlier decision")
        future = self._pool.submit(self.bot.decide, view, legal)
        try:
            action = future.result(timeout=self.budget.hard_limit)
        except concurrent.futures.TimeoutError:
            self._busy = future
            return None, ("timeout", f"no answer within {self.budget.hard_limit:.2f} s")
        except (Exception, SystemExit) as exc:  # SystemExit: a bot called sys.exit()
            kind = getattr(exc, "fault_kind", None)
            if isinstance(kind, str):  # a bot process's fault, already worded (and escaped)
                return None, (kind, printable(exc))
            return None, ("exception", error_text(exc, self.bot))
        return self._vet(action, legal)

    def _ask_inline(
        self, view: View, legal: list[Action]
    ) -> tuple[Action | None, tuple[str, str] | None]:
        """A quick built-in bot asked on this thread: no hand-off, the same faults.

        Such a bot answers in microseconds, so no deadline can be missed; if one
        ever were, the late answer is refused as a timeout all the same.
        """
        start = time.perf_counter()
        try:
            action = self.bot.decide(view, legal)
        except (Exception, SystemExit) as exc:
            return None, ("exception", error_text(exc, self.bot))
        if time.perf_counter() - start > self.budget.hard_limit:
            return None, ("timeout", f"no answer within {self.budget.hard_limit:.2f} s")
        return self._vet(action, legal)

    def _vet(
        self, action: object, legal: list[Action]
    ) -> tuple[Action | None, tuple[str, str] | None]:
        """The bot's answer if it is an action it may take now, else the fault."""
        if not isinstance(action, Action):
            return None, ("illegal", printable(f"returned {_shown(action)}, not an action"))
        if action in legal:
            return action, None
        offered = any(a.type == action.type for a in legal) or action.type == "counter_trade"
        if action.type in OPEN_ENDED and offered:
            try:
                problem = self.checker(action) if self.checker is not None else None
            except Exception as exc:  # terms the rules cannot even read: the bot's fault
                problem = f"the rules cannot read it ({error_text(exc)})"
            if problem is None:
                return action, None
            return None, ("illegal", printable(f"{_shown(action)}: {problem}"))
        return None, ("illegal", printable(f"{_shown(action)} is not a legal action now"))

    def _fallback(self, view: View, legal: list[Action]) -> Action:
        if view.get("phase") in ("trade_response", "trade_confirm"):
            return _safe_default(view, legal)
        if self.fallback is not None:
            try:
                action = self.fallback.decide(view, legal)
                if action in legal:
                    return action  # type: ignore[no-any-return]
            except Exception as exc:
                self._log(f"fallback bot failed ({exc}); playing a random legal action")
        quiet = [a for a in legal if a.type not in OPEN_ENDED] or legal
        return quiet[self._rng.randrange(len(quiet))]

    def _replace(self) -> None:
        old = self.bot
        self.stats.replaced = True
        replacement = self.fallback
        if replacement is None:
            from ai.bots.random_bot import RandomBot

            replacement = RandomBot(0)
        self.bot = replacement
        self._declarations()
        self._busy = None
        self._log(
            f"{self.max_faults} faults: {getattr(replacement, 'name', 'a built-in bot')} "
            "takes this seat for the rest of the game"
        )
        self._close_bot(old)
        self._pool.shutdown()
        self._pool = DaemonWorker(f"bot-{self.seat}-replacement")

    @staticmethod
    def _close_bot(bot: Any) -> None:
        close = getattr(bot, "close", None)
        if callable(close):
            try:
                close()
            except Exception as exc:
                log.warning("closing bot failed: %s", printable(exc))

    def close(self) -> None:
        """End the game for this seat: stop subprocesses, let go of the worker thread."""
        self._close_bot(self.bot)
        if self.fallback is not None and self.fallback is not self.bot:
            self._close_bot(self.fallback)
        self._pool.shutdown()

    def release(self) -> Any:
        """End the game for this seat but keep the bot itself (and its process); returns it."""
        if self.fallback is not None and self.fallback is not self.bot:
            self._close_bot(self.fallback)
        self._pool.shutdown()
        return self.bot

    def _relay_messages(self) -> None:
        """Copy a bot process's ``log`` messages into this seat's log (escaped at the source)."""
        drain = getattr(self.bot, "drain_messages", None)
        if callable(drain):
            for message in drain():
                self._said += 1
                if self._said <= MAX_SAID:
                    self._log(f"says: {message}")
                elif self._said == MAX_SAID + 1:
                    self._log(f"says more than {MAX_SAID} things; the rest is not logged")


def asks_inline(bot: object) -> bool:
    """Whether the sandbox may ask ``bot`` on the caller's thread (no worker hand-off).

    Only the built-in bots (classes of ``ai.bots``) that declare ``quick``: a
    thread hand-off costs tens of microseconds against the random bot's two,
    and a bot that cannot block cannot miss a deadline. Every other bot keeps
    its worker thread (or its process), so a slow or stuck one is cut off.
    """
    return bool(getattr(bot, "quick", False)) and type(bot).__module__.startswith("ai.bots.")


def listens(bot: object) -> bool:
    """Whether ``bot`` does anything with events (its ``on_events`` is not the no-op)."""
    hook = getattr(type(bot), "on_events", None)
    return hook is not None and hook is not BaseBot.on_events


def _shown(action: object) -> str:
    """An action as the log shows it (``offer_trade give=…``), or its repr if it has none."""
    if not isinstance(action, Action):
        return safe_repr(action, 80)
    try:
        return str(action)
    except Exception:  # malformed fields: to_json fails
        return safe_repr(action, 200)
