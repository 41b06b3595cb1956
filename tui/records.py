"""Your record: every game you finished against bots, and what it adds up to.

When a solo game ends at the table it was played at, the app writes one line
of it here: when, which ruleset and options, who sat where (your seat and the
bots' names), who won, the scores and the number of turns, and the game's
autosave (for a replay while the file is still there). Records are the
person's, not a folder's: they live in `records.json` in platformdirs' user
data folder (the CATAN_RECORDS environment variable names another file),
whichever saves folder a game used. Play over SSH keeps none (the server's
folder is not its players').

A game counts once: a finished save loaded again, or a game whose game-over
screen is seen a second time, adds nothing (the game's id is kept, and a game
loaded already over was not played here). The file keeps the latest
`MAX_GAMES` games.

The file is the user's, so nothing in it is trusted. An entry that is not one
of ours is left out and counted; a file that cannot be read at all is kept
aside as `records.broken.json` (never written over) and a new record begun;
either way the app says so in one line, never a traceback.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from engine.errors import CatanError, ConfigError
from engine.files import read_json, set_aside, why
from engine.registry import get_ruleset
from engine.saves import write_atomic
from tui.option_words import ruleset_title
from tui.paths import APP_NAME

VERSION = 1
MAX_GAMES = 2000
"""The latest games kept; older ones leave the file as new ones come."""
MAX_BYTES = 4 * 1024 * 1024
"""A record of `MAX_GAMES` games is well under this; a larger file is not ours."""


def records_path() -> Path:
    """The record file: $CATAN_RECORDS, or `records.json` in the user data folder."""
    env = os.environ.get("CATAN_RECORDS")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME)) / "records.json"


@dataclass(frozen=True)
class GameRecord:
    """One finished game, as its person saw it end (nothing in it was hidden by then)."""

    game_id: str
    ended: str
    """When it ended: an ISO 8601 date and time, UTC, to the second."""
    ruleset: str
    seats: tuple[str, ...]
    """Who sat where: "human" at your seat, a bot's name at the others."""
    you: int
    winner: int | None
    scores: tuple[int, ...]
    turns: int
    options: dict[str, Any] = field(default_factory=dict)
    save: str | None = None
    """The game's autosave, as a path, if it had one."""

    @property
    def won(self) -> bool:
        return self.winner == self.you

    @property
    def place(self) -> int:
        """1 for the winner; else 1 + the seats that scored more than you, the winner first."""
        if self.won:
            return 1
        mine = self.scores[self.you]
        ahead = {i for i, s in enumerate(self.scores) if s > mine and i != self.you}
        if self.winner is not None:
            ahead.add(self.winner)
        return 1 + len(ahead)

    @property
    def bots(self) -> list[str]:
        return [kind for i, kind in enumerate(self.seats) if i != self.you]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game_id": self.game_id,
            "ended": self.ended,
            "ruleset": self.ruleset,
            "seats": list(self.seats),
            "you": self.you,
            "winner": self.winner,
            "scores": list(self.scores),
            "turns": self.turns,
        }
        if self.options:
            data["options"] = dict(self.options)
        if self.save is not None:
            data["save"] = self.save
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """ValueError for anything but an entry written by `to_json`."""
        if not isinstance(data, dict):
            raise ValueError("not an object")
        got: dict[str, Any] = {key: data.get(key) for key in _KEYS}
        game_id, ended, ruleset = got["game_id"], got["ended"], got["ruleset"]
        seats, you, winner = got["seats"], got["you"], got["winner"]
        scores, turns, save = got["scores"], got["turns"], got["save"]
        options = data.get("options", {})
        if not all(isinstance(s, str) and 0 < len(s) <= 64 for s in (game_id, ruleset)):
            raise ValueError("no game id or ruleset")
        if not isinstance(ended, str):
            raise ValueError("no end date")
        try:
            dt.datetime.fromisoformat(ended)
        except ValueError:
            raise ValueError("no end date") from None
        if not (isinstance(seats, list) and 1 <= len(seats) <= 8):
            raise ValueError("no seats")
        if not all(isinstance(s, str) and 0 < len(s) <= 64 for s in seats):
            raise ValueError("no seats")
        n = len(seats)
        if not (_count(you) and int(you) < n):
            raise ValueError("no seat of yours")
        if winner is not None and not (_count(winner) and int(winner) < n):
            raise ValueError("a winner who did not sit at the table")
        if not (isinstance(scores, list) and len(scores) == n and all(map(_count, scores))):
            raise ValueError("no score for each seat")
        if not _count(turns):
            raise ValueError("no number of turns")
        if not isinstance(options, dict):
            raise ValueError("options that are not an object")
        if save is not None and not isinstance(save, str):
            raise ValueError("a save that is not a path")
        return cls(
            str(game_id),
            ended,
            str(ruleset),
            tuple(seats),
            int(you),
            None if winner is None else int(winner),
            tuple(scores),
            int(turns),
            dict(options),
            save,
        )


_KEYS = ("game_id", "ended", "ruleset", "seats", "you", "winner", "scores", "turns", "save")


def _count(value: Any) -> bool:
    return type(value) is int and 0 <= value < 1_000_000


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()


@dataclass
class Records:
    """The games in the record file, oldest first; `problem` says what could not be read."""

    path: Path
    games: list[GameRecord] = field(default_factory=list)
    problem: str | None = None

    @classmethod
    def load(cls, path: Path | None = None) -> Records:
        path = records_path() if path is None else path
        records = cls(path)
        if not path.exists():
            return records
        try:
            data = read_json(path, limit=MAX_BYTES, what="record file")
            if not isinstance(data, dict) or not isinstance(data.get("games"), list):
                raise ConfigError(f"the record file {path} holds no list of games")
        except ConfigError as exc:
            records.problem = records._set_aside(str(exc))
            return records
        left_out = 0
        for entry in data["games"]:
            try:
                records.games.append(GameRecord.from_json(entry))
            except ValueError:
                left_out += 1
        if left_out:
            games = "game" if left_out == 1 else "games"
            records.problem = f"Records: {left_out} {games} in {path} could not be read; left out."
        return records

    def _set_aside(self, problem: str) -> str:
        """Keep an unreadable file as `records.broken.json` (never over an earlier one)."""
        try:
            aside = set_aside(self.path)
        except OSError:
            return f"Records: {problem}; nothing is recorded."
        return f"Records: {problem}. It was kept as {aside.name} and a new record begun."

    def has(self, game_id: str) -> bool:
        return any(g.game_id == game_id for g in self.games)

    def add(self, record: GameRecord) -> str | None:
        """Record a finished game (once per game id) and write the file; the problem, if any."""
        if self.has(record.game_id):
            return None
        self.games.append(record)
        del self.games[:-MAX_GAMES]
        # One game per line: the file stays small and a person can still read it.
        lines = ",\n".join(json.dumps(g.to_json()) for g in self.games)
        try:
            write_atomic(self.path, f'{{"version": {VERSION}, "games": [\n{lines}\n]}}\n')
        except OSError as exc:
            return f"Records: the game could not be recorded in {self.path} ({why(exc)})."
        return None


# -- what the games add up to ------------------------------------------------------------------
@dataclass(frozen=True)
class Tally:
    """One ruleset's games (or all of them): played, won, the quickest win, the streak."""

    label: str
    played: int
    won: int
    quickest: int | None
    """The fewest turns of a win; None before the first."""
    streak: int
    """Wins in a row up to the latest game (0 if it was lost)."""

    @property
    def rate(self) -> str:
        return f"{round(100 * self.won / self.played)}%" if self.played else "-"


def tally(label: str, games: Sequence[GameRecord]) -> Tally:
    won = [g for g in games if g.won]
    streak = 0
    for g in reversed(games):
        if not g.won:
            break
        streak += 1
    quickest = min((g.turns for g in won), default=None)
    return Tally(label, len(games), len(won), quickest, streak)


def target(game: GameRecord) -> int | None:
    """The points the game was played to, if not its ruleset's usual (None: the usual)."""
    wanted = game.options.get("vp_to_win")
    if not isinstance(wanted, int) or isinstance(wanted, bool):
        return None
    try:
        specs = {s.name: s for s in get_ruleset(game.ruleset).options}
    except CatanError:
        return None
    spec = specs.get("vp_to_win")
    return None if spec is None or wanted == spec.default else wanted


def tallies(games: Sequence[GameRecord], title: Any) -> list[Tally]:
    """A tally per ruleset played (in the order first played), then all together if several.

    `title` names a ruleset for people ("base" → "Catan"). Games to another target than the
    ruleset's have a line of their own ("Catan (base game), to 8 points"): a quickest win
    to 8 points is no record to 10. All of them together have no quickest win.
    """
    groups: dict[tuple[str, int | None], list[GameRecord]] = {}  # in the order first played
    for g in games:
        groups.setdefault((g.ruleset, target(g)), []).append(g)
    out = []
    for (ruleset, points), played in groups.items():
        label = str(title(ruleset)) + (f", to {points} points" if points is not None else "")
        out.append(tally(label, played))
    if len(out) > 1:
        every = tally("All", list(games))
        out.append(Tally(every.label, every.played, every.won, None, every.streak))
    return out


def record_line(games: Sequence[GameRecord], ruleset: str, points: int | None = None) -> str:
    """One line for the end of a game: "Catan (base game): 3 of 7 won, 2 in a row.", of the
    games to the same target (`points`, None: the ruleset's usual), as your record lines them
    up (a game to 5 points was counted with those to 10)."""
    label = ruleset_title(ruleset) + (f", to {points} points" if points is not None else "")
    same = [g for g in games if g.ruleset == ruleset and target(g) == points]
    t = tally(label, same)
    line = f"{t.label}: {t.won} of {t.played} won"
    if t.streak > 1:
        line += f", {t.streak} in a row"
    return line + "."


def result_words(game: GameRecord, names: Sequence[str]) -> str:
    """ "Won 10-7" / "2nd: Blue 10, you 8" / "No winner, you 6"."""
    mine = game.scores[game.you]
    if game.won:
        best_other = max((s for i, s in enumerate(game.scores) if i != game.you), default=0)
        return f"Won {mine}-{best_other}"
    if game.winner is None:
        return f"No winner, you {mine}"
    winner = names[game.winner] if game.winner < len(names) else f"seat {game.winner + 1}"
    return f"{_ordinal(game.place)}: {winner} {game.scores[game.winner]}, you {mine}"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def opponents(game: GameRecord) -> str:
    """The bots faced, counted: "3 value" / "2 greedy, mcts"."""
    counts: dict[str, int] = {}
    for bot in game.bots:
        counts[bot] = counts.get(bot, 0) + 1
    return ", ".join(f"{n} {bot}" if n > 1 else bot for bot, n in counts.items())


def latest_first(games: Iterable[GameRecord]) -> list[GameRecord]:
    return list(reversed(list(games)))


def when_words(ended: str, now: dt.datetime | None = None, compact: bool = False) -> str:
    """When a game ended, in local time: "Nov 28 10:42", with the year if not this one.

    `compact` (a list's narrow column, as a mail client's): "10:42" today, "Nov 28" this
    year, "2024-11-28" before."""
    try:
        at = dt.datetime.fromisoformat(ended).astimezone()
    except ValueError:
        return ended
    now = (now or dt.datetime.now()).astimezone()
    if at.year != now.year:
        return at.strftime("%Y-%m-%d")
    if not compact:
        return at.strftime("%b %d %H:%M")
    return at.strftime("%H:%M" if at.date() == now.date() else "%b %d")
