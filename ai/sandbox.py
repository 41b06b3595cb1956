"""The sandbox: every bot decision runs under a time budget, and faults never stop a game.

A *fault* is an exception, a reply after the hard deadline, garbage, or an
action that is not legal. The seat then plays a fallback move for that
decision (the built-in greedy bot's choice; "decline" for a trade answer),
and the fault is logged. After ``max_faults`` faults a built-in bot takes the
seat for the rest of the game, and the log says so.

In-process bots run in a worker thread of their own; a thread cannot be
killed, so a bot still busy with an old decision simply faults again until
it is replaced. Bots that need real isolation (crashes, memory, CPU) run as
``exec:`` programs, whose processes are killed at the end. This isolates
mistakes, not malice: it is not a security boundary.
"""

from __future__ import annotations

import concurrent.futures
import logging
import random
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ai.protocol import EventDict, View, call_hook
from engine.actions import Action

log = logging.getLogger("catan.bots")

OPEN_ENDED = frozenset({"offer_trade", "counter_trade"})
"""Actions a bot may choose outside the legal list (any offer the rules allow)."""


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
    kind: str  # "exception", "timeout", "busy", "illegal", "protocol", "hook"
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
        self.name = name or str(getattr(bot, "name", type(bot).__name__))
        self.budget = budget or Budget()
        self.seat = seat
        self.fallback = fallback
        self.max_faults = max_faults
        self.checker = checker
        self.stats = SeatStats()
        self.lines: list[str] = []
        self._on_log = on_log
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix=f"bot-{seat}")
        self._busy: concurrent.futures.Future[Action] | None = None
        self._hook_errors = 0
        self._rng = random.Random(seat or 0)  # last-resort moves; random avoids move loops
        if hasattr(bot, "deadline_ms"):
            bot.deadline_ms = int(self.budget.soft * 1000)
            bot.reply_timeout = self.budget.hard_limit

    @property
    def faults(self) -> int:
        return len(self.stats.faults)

    def _log(self, message: str) -> None:
        line = f"seat {self.seat} ({self.name}): {message}"
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
                        self._log(f"{hook} raised {type(exc).__name__}: {exc} (ignored)")

    def on_game_start(self, seat: int, view: View) -> None:
        self.seat = seat
        self._hook("on_game_start", seat, view)

    def on_events(self, events: list[EventDict]) -> None:
        self._hook("on_events", events)

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
        if self._busy is not None and not self._busy.done():
            return None, ("busy", "still thinking about an earlier decision")
        future = self._pool.submit(self.bot.decide, view, legal)
        try:
            action = future.result(timeout=self.budget.hard_limit)
        except concurrent.futures.TimeoutError:
            self._busy = future
            return None, ("timeout", f"no answer within {self.budget.hard_limit:.2f} s")
        except Exception as exc:
            kind = "protocol" if type(exc).__name__ == "BotProtocolError" else "exception"
            tb = traceback.format_exception_only(type(exc), exc)[-1].strip()
            return None, (kind, tb)
        if not isinstance(action, Action):
            return None, ("illegal", f"returned {action!r:.80}, not an action")
        if action in legal:
            return action, None
        offered = any(a.type == action.type for a in legal) or action.type == "counter_trade"
        if action.type in OPEN_ENDED and offered:
            problem = self.checker(action) if self.checker is not None else None
            if problem is None:
                return action, None
            return None, ("illegal", f"{action}: {problem}")
        return None, ("illegal", f"{action} is not a legal action now")

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
        self._busy = None
        self._log(
            f"{self.max_faults} faults: {getattr(replacement, 'name', 'a built-in bot')} "
            "takes this seat for the rest of the game"
        )
        self._close_bot(old)
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="bot-repl")

    @staticmethod
    def _close_bot(bot: Any) -> None:
        close = getattr(bot, "close", None)
        if callable(close):
            try:
                close()
            except Exception as exc:
                log.warning("closing bot failed: %s", exc)

    def close(self) -> None:
        """End the game for this seat: stop subprocesses, let go of the worker thread."""
        self._close_bot(self.bot)
        if self.fallback is not None and self.fallback is not self.bot:
            self._close_bot(self.fallback)
        self._pool.shutdown(wait=False, cancel_futures=True)
