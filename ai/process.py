"""A bot process, seen from the host: start it supervised, talk JSON lines, end it for sure.

Every bot process (an ``exec:`` program, or a Python bot run by
ai/bothost.py) is started through ai/supervisor.py in a fresh interpreter
(``subprocess`` with ``sys.executable``: a new program, never a fork of the
host, so none of the host's objects exist in it). The host's side never
blocks on the bot:

- **reading**: a daemon thread reads stdout in chunks and cuts it into lines
  of at most ``MAX_LINE`` bytes. A longer line is a protocol fault, and the
  reader stops there: it never holds more than ``MAX_LINE`` bytes of one line
  (``peak_line_bytes`` records the most it held). Lines wait for the host in
  an inbox of at most ``MAX_QUEUED`` bytes (counting each line's overhead);
  when it is full the reader stops reading, and a bot flooding its stdout
  blocks on its own pipe. stderr keeps a short tail of escaped lines, also
  bounded.
- **writing**: stdin is non-blocking. What the pipe cannot take now waits in
  a buffer (at most ``MAX_PENDING`` bytes, or the bot is declared not to be
  reading) and goes out with the next message; a decision waits for its
  request to go out only until its deadline.
- **closing**: "bye" and end-of-file on stdin; after a short grace the
  control pipe is closed, on which the supervisor kills the bot's whole tree
  (descendants that called ``setsid`` included) and exits; if even the
  supervisor does not exit, its process group is killed. Every wait is
  bounded, and nothing waits for the bot's pipes to reach end-of-file.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import queue
import select
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from ai import wire
from ai.text import printable

log = logging.getLogger("catan.bots")

MAX_LINE = 1 << 20
"""Longest line (newline included) a bot may write on stdout: 1 MiB."""
MAX_QUEUED = 4 << 20
"""Most bytes of complete lines from a bot waiting to be read by the host: 4 MiB."""
LINE_OVERHEAD = 64  # bytes a queued line costs besides its text
MAX_PENDING = 16 << 20
"""Most bytes waiting to go to a bot that does not read its stdin: 16 MiB."""
DEFAULT_MEMORY = 2 << 30
"""Address-space ceiling (RLIMIT_AS) of bot processes: 2 GiB."""
SUPERVISOR = Path(__file__).with_name("supervisor.py")
TAIL_LINES = 20  # lines of a bot's stderr kept for the log
CLOSE_GRACE = 0.5  # seconds a bot gets to exit by itself after "bye"
KILL_WAIT = 2.5  # seconds the supervisor gets to kill the tree and exit


class BotProtocolError(Exception):
    """The process broke the protocol: garbage, a wrong id, silence, or it died."""

    fault_kind = "protocol"


class BotExited(BotProtocolError):
    """The bot process ended (crashed, ``os._exit``, killed) while the host still needed it."""

    fault_kind = "exited"


class BotTimeout(BotProtocolError):
    """No answer within the deadline."""

    fault_kind = "timeout"


class BotBusy(BotProtocolError):
    """Asked again while an earlier question is still unanswered."""

    fault_kind = "busy"


class BotLoadError(BotProtocolError):
    """The bot host could not load the bot (its import or constructor failed)."""


class BotProcess:
    """One supervised bot process and its three pipes."""

    def __init__(
        self,
        argv: list[str],
        *,
        memory: int = DEFAULT_MEMORY,
        env: dict[str, str] | None = None,
        label: str = "bot",
    ) -> None:
        if not argv:
            raise ValueError("a bot process needs a command")
        self.argv = argv
        self.memory = memory
        self.env = env
        self.label = label
        self.proc: subprocess.Popen[bytes] | None = None
        self._inbox: deque[bytes | BotProtocolError | None] = deque()
        self._inbox_bytes = 0
        self._inbox_ready = threading.Condition()
        self.peak_queued_bytes = 0
        self.reader_waiting = False  # the stdout reader waits for the host to make room
        self.stderr_tail: deque[str] = deque(maxlen=TAIL_LINES)
        self.messages: deque[str] = deque(maxlen=100)  # "log" messages, escaped
        self.peak_line_bytes = 0
        self.failed: BotProtocolError | None = None
        self._stdin: int | None = None
        self._control: int | None = None
        self._pending = bytearray()
        self._wlock = threading.Lock()
        self._stderr_done = threading.Event()
        self._closed = False

    # -- starting ------------------------------------------------------------------------
    def start(self) -> None:
        if self.proc is not None or self._closed:
            return
        in_r, in_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        child_ends = [in_r, out_w, err_w]
        ours = [in_w, out_r, err_r]
        pass_fds: tuple[int, ...] = ()
        if os.name == "posix":
            ctl_r, ctl_w = os.pipe()
            child_ends.append(ctl_r)
            ours.append(ctl_w)
            pass_fds = (ctl_r,)
            command = [
                sys.executable, "-I", str(SUPERVISOR), "--control-fd", str(ctl_r),
                "--memory", str(self.memory), "--", *self.argv,
            ]  # fmt: skip
        else:  # no supervisor: the bot is started directly and killed directly
            command = list(self.argv)
        try:
            self.proc = subprocess.Popen(
                command,
                stdin=in_r,
                stdout=out_w,
                stderr=err_w,
                pass_fds=pass_fds,
                start_new_session=os.name == "posix",
                env=self.env,
            )
        except OSError as exc:
            for fd in ours:
                os.close(fd)
            raise BotProtocolError(f"cannot start {printable(self.argv[0])}: {exc}") from None
        finally:
            for fd in child_ends:
                os.close(fd)
        self._stdin = in_w
        os.set_blocking(in_w, False)
        if pass_fds:
            self._control = ours[3]
        name = f"bot-io-{self.proc.pid}"
        threading.Thread(target=self._pump_stdout, args=(out_r,), name=name, daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(err_r,), name=name, daemon=True).start()

    @property
    def running(self) -> bool:
        return self.proc is not None and not self._closed

    # -- reading -------------------------------------------------------------------------
    def _pump_stdout(self, fd: int) -> None:
        """Lines of stdout into the inbox; never more than ``MAX_LINE`` bytes of a line held."""
        buf = bytearray()
        end: BotProtocolError | None = None
        try:
            while True:
                try:
                    chunk = os.read(fd, min(65536, MAX_LINE - len(buf)))
                except OSError:
                    break
                if not chunk:
                    break
                scan_from = len(buf)
                buf += chunk
                self.peak_line_bytes = max(self.peak_line_bytes, len(buf))
                start = 0
                nl = buf.find(b"\n", scan_from)
                while nl >= 0:
                    self._deliver(bytes(buf[start : nl + 1]))
                    start = nl + 1
                    nl = buf.find(b"\n", start)
                del buf[:start]
                if len(buf) >= MAX_LINE:
                    end = BotProtocolError(
                        f"a line longer than {MAX_LINE} bytes (1 MiB) on stdout; stopped reading"
                    )
                    break
        finally:
            os.close(fd)
            self._deliver(end)  # None: end of file

    def _deliver(self, item: bytes | BotProtocolError | None) -> None:
        """Into the inbox; a line waits for room (never past ``close``, which drops lines)."""
        size = len(item) + LINE_OVERHEAD if isinstance(item, bytes) else 0
        with self._inbox_ready:
            while size and self._inbox_bytes + size > MAX_QUEUED and not self._closed:
                self.reader_waiting = True
                self._inbox_ready.wait(0.5)
            self.reader_waiting = False
            if size and self._closed:
                return  # nobody will read it
            self._inbox.append(item)
            self._inbox_bytes += size
            self.peak_queued_bytes = max(self.peak_queued_bytes, self._inbox_bytes)
            self._inbox_ready.notify_all()

    def _take(self, timeout: float) -> bytes | BotProtocolError | None:
        """The next inbox item, waiting at most ``timeout``; queue.Empty if there is none."""
        deadline = time.monotonic() + timeout
        with self._inbox_ready:
            while not self._inbox:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise queue.Empty
                self._inbox_ready.wait(remaining)
            item = self._inbox.popleft()
            if isinstance(item, bytes):
                self._inbox_bytes -= len(item) + LINE_OVERHEAD
            self._inbox_ready.notify_all()
            return item

    def _pump_stderr(self, fd: int) -> None:
        """A short tail of stderr, escaped; a line without end is cut, never hoarded."""
        partial = b""
        try:
            while True:
                try:
                    chunk = os.read(fd, 8192)
                except OSError:
                    break
                if not chunk:
                    break
                *complete, partial = (partial + chunk).split(b"\n")
                for line in complete[-TAIL_LINES:]:
                    self.stderr_tail.append(printable(line.decode(errors="replace"), 300))
                partial = partial[-4096:]
            if partial:
                self.stderr_tail.append(printable(partial.decode(errors="replace"), 300))
        finally:
            os.close(fd)
            self._stderr_done.set()

    def read(self, timeout: float) -> dict[str, Any]:
        """The next message that is not a log line, within ``timeout`` seconds."""
        if self.failed is not None:
            raise self.failed
        deadline = time.monotonic() + timeout
        while True:
            try:
                item = self._take(max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise BotTimeout(f"no answer within {timeout:.2f} s") from None
            if item is None:
                self.failed = BotExited(self._exit_message())
                raise self.failed
            if isinstance(item, BotProtocolError):
                self.failed = item
                raise item
            try:
                message = json.loads(item)
            except ValueError:
                raise BotProtocolError(f"not JSON: {printable(repr(item[:120]))}") from None
            if not isinstance(message, dict):
                raise BotProtocolError(f"not a JSON object: {printable(repr(item[:120]))}")
            if message.get("type") == "log":
                self.messages.append(printable(message.get("message", ""), 500))
                if time.monotonic() > deadline:  # a flood of log lines does not stop the clock
                    raise BotTimeout(f"no answer within {timeout:.2f} s")
                continue
            return message

    def _exit_message(self) -> str:
        """How the process ended, once its stdout closed (waits a moment, boundedly)."""
        status = ""
        if self.proc is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=1.0)
            self._stderr_done.wait(timeout=0.5)
            if self.proc.returncode is not None:
                status = f" (status {self.proc.returncode})"
        tail = " | ".join(list(self.stderr_tail)[-5:])
        return f"the bot process exited{status}; stderr: {tail or '(empty)'}"

    # -- writing -------------------------------------------------------------------------
    def send(self, message: dict[str, Any], deadline: float | None = None) -> None:
        """Queue ``message``; with a ``deadline`` (monotonic), wait until it is all written."""
        data = wire.encode(message)
        with self._wlock:
            self._check_writable()
            if len(self._pending) + len(data) > MAX_PENDING:
                self.failed = BotProtocolError(
                    f"the bot is not reading its input ({MAX_PENDING >> 20} MiB waiting)"
                )
                raise self.failed
            self._pending += data
            self._flush()
        while deadline is not None:
            with self._wlock:
                self._check_writable()
                self._flush()
                if not self._pending:
                    return
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise BotProtocolError("the bot did not read its input in time")
                assert self._stdin is not None
                select.select([], [self._stdin], [], min(0.05, remaining))

    def _check_writable(self) -> None:
        if self.failed is not None:
            raise self.failed
        if self._stdin is None:
            raise BotProtocolError("the bot process is not running")

    def _flush(self) -> None:
        """Write what the pipe takes now, without blocking (the write lock is held)."""
        assert self._stdin is not None
        while self._pending:
            try:
                written = os.write(self._stdin, self._pending[:65536])
            except BlockingIOError:
                return
            except OSError as exc:  # EPIPE: the bot closed its stdin or died
                self._pending.clear()
                raise BotProtocolError(f"the bot process has gone away ({exc})") from None
            del self._pending[:written]

    # -- ending --------------------------------------------------------------------------
    def close(self, grace: float = CLOSE_GRACE) -> None:
        """Bye, end-of-file, then the supervisor kills the tree; bounded waits only."""
        with self._wlock:
            if self._closed:
                return
            self._closed = True
            with self._inbox_ready:
                self._inbox_ready.notify_all()  # a reader waiting for room drops lines from now
            stdin, self._stdin = self._stdin, None
            if stdin is not None:
                with contextlib.suppress(OSError):
                    self._pending += wire.encode({"type": "bye"})
                    os.write(stdin, self._pending[:65536])
                self._pending.clear()
                os.close(stdin)
        proc = self.proc
        if proc is None:
            return
        if grace <= 0 or not self._wait(proc, grace):
            # Either signal makes the supervisor kill every descendant and exit: the control
            # pipe's end (which also comes if this process dies), and SIGTERM (in case a
            # forked copy of this process still holds the pipe open).
            self._close_control()
            if os.name == "posix":
                with contextlib.suppress(ProcessLookupError):
                    proc.send_signal(signal.SIGTERM)
            if not self._wait(proc, KILL_WAIT):
                self._kill_group(proc)
                if not self._wait(proc, 1.0):
                    log.warning("bot process %s (%s) could not be ended", proc.pid, self.label)
        self._close_control()
        if proc.returncode is not None and proc.returncode < 0:
            self._kill_group(proc)  # the supervisor itself was killed: stragglers in its group

    def _close_control(self) -> None:
        control, self._control = self._control, None
        if control is not None:
            os.close(control)

    @staticmethod
    def _wait(proc: subprocess.Popen[bytes], timeout: float) -> bool:
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return False
        return True

    @staticmethod
    def _kill_group(proc: subprocess.Popen[bytes]) -> None:
        if os.name == "posix":
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            proc.kill()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close(grace=0.0)
