"""tmux for the terminal tests, on a server of their own.

Each test process talks to a private tmux server (``tmux -S``), so neither a
developer's own tmux nor another test worker can disturb it: on the shared
default server, a worker whose last session closed took the server down while
another worker was starting its session ("new-session" failed). The socket
file goes when the process ends.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

AVAILABLE = shutil.which("tmux") is not None or os.environ.get("CI") == "true"
"""Whether the tmux tests run: always under CI (`.ci/run` installs tmux, and a CI
machine without it must fail them, not skip them); elsewhere when tmux is installed."""
SOCKET = Path(tempfile.gettempdir()) / f"catan-tests-tmux-{os.getpid()}"
atexit.register(SOCKET.unlink, missing_ok=True)


def tmux(*args: str) -> str:
    """Run a tmux command on the tests' server; its output (a failure raises)."""
    return subprocess.run(
        ["tmux", "-S", str(SOCKET), *args], check=True, capture_output=True, text=True, timeout=10
    ).stdout


def tmux_status(*args: str) -> int:
    """Run a tmux command on the tests' server; its exit status (a failure is an answer)."""
    command = ["tmux", "-S", str(SOCKET), *args]
    return subprocess.run(command, capture_output=True, timeout=10).returncode
