"""What a forked session process does: take the pty as its terminal, then run the app.

The order matters, and each step is there because its absence was seen to
break something (research/tui_ssh.md §3):
- `setsid` + `TIOCSCTTY`: the pty becomes the controlling terminal, so the
  kernel sends SIGWINCH on resize and SIGHUP when the SSH side closes the
  master. Without it a dropped connection leaves an orphan app behind.
- SIGHUP (and the other signals the zygote changed) back to their defaults: a
  server started under nohup passes "ignore SIGHUP" down, and the hangup
  would then kill nothing.
- A fresh, small environment with no COLUMNS/LINES: Textual asks
  `shutil.get_terminal_size()`, which prefers those variables to the tty, and
  resizes would then be ignored.
- A memory ceiling (RLIMIT_AS): a session that grows past it gets MemoryError
  and ends at once with `OUT_OF_MEMORY`, alone; the server sends its player
  the terminal reset and says why. Textual catches the error and starts an
  orderly exit that itself needs memory (it renders a traceback with locals):
  seen to leave the app hung at the ceiling, so that path is cut short.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import resource
import signal
import sys
import termios
import traceback
from typing import Any

ENV_PASSTHROUGH = ("COLORTERM", "NO_COLOR")
"""Client variables a session may set; anything else the client sends is dropped."""


def session_env(term: str, client_env: dict[str, str], extra: dict[str, str]) -> dict[str, str]:
    """The child's whole environment, built from scratch (never the server's)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
        "TERM": term or "xterm-256color",
    }
    for key in ENV_PASSTHROUGH:
        if key in client_env:
            env[key] = client_env[key]
    env.update(extra)
    return env


OUT_OF_MEMORY = 71
"""Exit status of a session that reached its memory ceiling (sysexits' EX_OSERR)."""


def limit_memory(limit_bytes: int) -> None:
    """Cap this process's address space at `limit_bytes` (0: no cap), soft and hard alike.

    RLIMIT_AS rather than RLIMIT_DATA: it also covers anonymous mmaps made
    outside the heap; the ceiling must leave room for the mapped libraries and
    the thread stacks the app starts, which a normal session uses well within.
    A hard limit lower than asked (inherited) is kept: it cannot be raised.
    """
    if limit_bytes <= 0:
        return
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit_bytes = min(limit_bytes, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))


def become_session(tty_fd: int, request: dict[str, Any]) -> int:
    """Runs in the forked child; returns the exit status (never returns to the zygote loop)."""
    try:
        os.setsid()
        fcntl.ioctl(tty_fd, termios.TIOCSCTTY, 0)
        for target in (0, 1, 2):
            os.dup2(tty_fd, target)
        if tty_fd > 2:
            os.close(tty_fd)
        for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM, signal.SIGCHLD, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        os.environ.clear()
        os.environ.update(request["env"])
        sys.stdin = open(0, closefd=False)  # noqa: SIM115 - fds 0-2 now are the pty
        sys.stdout = open(1, "w", closefd=False)  # noqa: SIM115
        sys.stderr = open(2, "w", closefd=False)  # noqa: SIM115
        limit_memory(int(request.get("memory_limit", 0)))
        return run(request)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except MemoryError:
        return OUT_OF_MEMORY
    except BaseException:
        with contextlib.suppress(BaseException):  # e.g. no memory left even for this
            traceback.print_exc()
        return 1


def run(request: dict[str, Any]) -> int:
    """The session's program: the app, or (tests) the line driver."""
    if request.get("mode") == "lines":
        from tui.ssh.linemode import run_lines

        return run_lines(request["socket"], request["token"])
    from tui.ssh.app_entry import run_app

    exit_on_memory_error()
    return run_app(request["socket"], request["token"], request["user"])


def exit_on_memory_error() -> None:
    """Make a MemoryError anywhere in the app end this process at once with `OUT_OF_MEMORY`.

    Every exception in a Textual app goes to `App._handle_exception`, which
    exits in an orderly way; out of memory, that way hangs (see above). Only
    this forked session process is changed. Should Textual rename the method,
    nothing is changed and the ceiling still holds the session's memory.
    """
    from textual.app import App

    original = getattr(App, "_handle_exception", None)
    if original is None:
        return

    def handle(self: App[Any], error: Exception) -> None:
        if isinstance(error, MemoryError):
            os._exit(OUT_OF_MEMORY)
        original(self, error)

    App._handle_exception = handle  # type: ignore[method-assign]
