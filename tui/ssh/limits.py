"""Session limits: a cap per user and a cap in total.

Each session costs a process (~15 MiB) and a share of two CPU cores, so one
user opening windows in a loop must not starve the table, and the server as a
whole must not be forked into the ground.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


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
