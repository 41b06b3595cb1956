"""Session limits: a cap per user and a cap in total, and the largest terminal a session gets.

Each session costs a process (~15 MiB) and a share of two CPU cores, so one
user opening windows in a loop must not starve the table, and the server as a
whole must not be forked into the ground.

The terminal size comes from the client, and the app's memory grows with the
number of cells it draws: a 65535x65535 window made a session grow past 3 GB
in 20 s. So sizes are clamped to `MAX_COLS` x `MAX_ROWS` before they reach the
pty, and each session process also runs under a memory ceiling (see
tui/ssh/child.py `limit_memory`), in case anything else makes it grow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

MAX_COLS = 500
MAX_ROWS = 200
"""The largest terminal a session draws; larger windows see the board at this size."""

SESSION_MEMORY_MB = 1024
"""Default address-space ceiling of one session process (a normal one maps ~0.2 GiB)."""


def clamp_size(width: int, height: int) -> tuple[int, int] | None:
    """The size to give the pty for a client's `width` x `height`; None to ignore it (zero)."""
    if width <= 0 or height <= 0:
        return None
    return min(width, MAX_COLS), min(height, MAX_ROWS)


@dataclass
class SessionLimits:
    per_user: int = 3
    total: int = 32
    _open: Counter[str] = field(default_factory=Counter)

    def acquire(self, user: str) -> str | None:
        """Take a slot for `user`; None if granted, else the message to show them."""
        if sum(self._open.values()) >= self.total:
            return f"The server is full ({self.total} sessions). Try again later."
        if self._open[user] >= self.per_user:
            return f"You already have {self.per_user} sessions open; close one first."
        self._open[user] += 1
        return None

    def release(self, user: str) -> None:
        if self._open[user] > 0:
            self._open[user] -= 1
        if not self._open[user]:
            del self._open[user]

    def count(self, user: str | None = None) -> int:
        return sum(self._open.values()) if user is None else self._open[user]
