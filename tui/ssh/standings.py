"""The server's standings: how many games each user finished at its tables, and won.

A game counts when it ends at a table of this server (a finished game is
never restored, so none counts twice), once for each person who sat at it
(away or handed to a bot at the end, it was still their seat); its winner
counts a win if a person held the winning seat. Bots are not ranked.

Kept in `players.json` in the server's saves folder, written atomically after
each game. The file is the operator's to edit, so nothing in it is trusted: a
user whose line is not ours is left out (and logged); a file that cannot be
read at all is kept aside as `players.broken.json`, never written over, and
the standings begin again.

Every lobby snapshot carries them (`players`: user, played, won), ranked by
wins, then the win rate, then games played, then name.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import ConfigError
from engine.files import read_json, set_aside, why
from engine.saves import write_atomic

log = logging.getLogger(__name__)

VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
MAX_LISTED = 50
"""The lobby snapshot lists this many players at most, from the top."""


@dataclass
class Standings:
    path: Path
    players: dict[str, tuple[int, int]] = field(default_factory=dict)
    """user → (games finished, games won)."""

    @classmethod
    def load(cls, path: Path) -> Standings:
        standings = cls(path)
        if not path.exists():
            return standings
        try:
            data = read_json(path, limit=MAX_BYTES, what="standings file")
            if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
                raise ConfigError(f"the standings file {path} holds no players")
        except ConfigError as exc:
            try:
                aside = set_aside(path)
            except OSError:
                log.warning("standings: %s; it could not be set aside", exc)
            else:
                log.warning("standings: %s; kept as %s, and they begin again", exc, aside.name)
            return standings
        for user, counts in data["players"].items():
            if _valid(user, counts):
                standings.players[user] = (counts[0], counts[1])
            else:
                log.warning("standings: the line of %r in %s is not ours; left out", user, path)
        return standings

    def add_game(self, users: list[str], winner: str | None) -> None:
        """A game finished by `users` (each once), won by `winner` (None: no person won)."""
        for user in dict.fromkeys(users):
            played, won = self.players.get(user, (0, 0))
            self.players[user] = (played + 1, won + (user == winner))
        data = {"version": VERSION, "players": {u: list(c) for u, c in self.players.items()}}
        try:
            write_atomic(self.path, json.dumps(data, indent=1) + "\n")
        except OSError as exc:
            log.warning("standings: could not write %s (%s)", self.path, why(exc))

    def ranked(self) -> list[dict[str, Any]]:
        """The players, best first: most wins, then the best rate, most games, then name."""
        order = sorted(
            self.players.items(),
            key=lambda item: (-item[1][1], -item[1][1] / item[1][0], -item[1][0], item[0]),
        )
        return [{"user": u, "played": p, "won": w} for u, (p, w) in order[:MAX_LISTED]]


def _valid(user: Any, counts: Any) -> bool:
    if not (isinstance(user, str) and 0 < len(user) <= 64):
        return False
    if not (isinstance(counts, list) and len(counts) == 2):
        return False
    played, won = counts
    return type(played) is int and type(won) is int and 0 <= won <= played and played > 0
