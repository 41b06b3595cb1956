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
"""

from __future__ import annotations

import fcntl
import os
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
        return run(request)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    except BaseException:
        traceback.print_exc()
        return 1


def run(request: dict[str, Any]) -> int:
    """The session's program: the app, or (tests) the line driver."""
    if request.get("mode") == "lines":
        from tui.ssh.linemode import run_lines

        return run_lines(request["socket"], request["token"])
    from tui.ssh.app_entry import run_app

    return run_app(request["socket"], request["token"], request["user"])
