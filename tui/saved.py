"""What a save holds, told without replaying it: ruleset, turn, players, date, finished.

The Continue chooser and the load screen list saves with these lines. A save
is only read and parsed here (through engine.saves.read_save, which refuses
what is not a regular file or too large); loading it replays and checks it.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.text import Text

from engine import saves
from engine.errors import SaveError
from tui import paths

EN_DASH = "\u2013"  # between a span's two times: a hyphen before "12:00" read as a time zone

OVER_PHASES = ("game_over", "over", "finished")


@dataclass(frozen=True)
class SavedGame:
    path: Path
    modified: float
    ruleset: str | None = None
    turn: int | None = None
    seats: tuple[str, ...] = ()
    finished: bool = False
    game_id: str | None = None
    problem: str | None = None
    seed: int | None = None
    loaded_from: str | None = None  # the named save this line of play was loaded from

    @property
    def autosave(self) -> bool:
        return paths.is_autosave(self.path)

    @property
    def in_progress(self) -> bool:
        """An autosave to continue (an unreadable one too: Continue says what is wrong)."""
        return self.autosave and not self.finished

    def title(self) -> str:
        if self.ruleset is None:
            return "unreadable save"
        from tui.option_words import ruleset_title

        return ruleset_title(self.ruleset)

    def when(self) -> str:
        return dt.datetime.fromtimestamp(self.modified).strftime("%Y-%m-%d %H:%M")

    def began(self) -> dt.datetime | None:
        """When the game began, read from its id (None for a save without one)."""
        if self.game_id is None:
            return None
        try:
            return dt.datetime.strptime(self.game_id[:15], "%Y%m%d-%H%M%S")
        except ValueError:
            return None

    def span(self) -> str:
        """From the game's start to its last save: "2026-11-24 10:10:10\u201312:00" on one day
        (an en dash: with a hyphen, "-12:00" read as a time zone).

        The start has its seconds, so two games begun in the same minute differ; a save
        without a start time gives the date of the save alone."""
        began = self.began()
        if began is None:
            return self.when()
        saved = dt.datetime.fromtimestamp(self.modified)
        if began.date() == saved.date():
            return f"{began:%Y-%m-%d %H:%M:%S}{EN_DASH}{saved:%H:%M}"
        return f"{began:%Y-%m-%d %H:%M} {EN_DASH} {self.when()}"

    def identity(self) -> list[str]:
        """What tells two games apart that look alike: the seed, the save a line of play was
        loaded from (its game's own autosave went on apart), and the span's start."""
        out = [f"seed {self.seed}"] if self.seed is not None else []
        if self.loaded_from:
            out.append(f"from the save {self.loaded_from}")
        return out

    def players(self) -> str:
        """'you + 3 random', 'you + greedy, mcts': who sits at the table."""
        if not self.seats:
            return "?"
        human = "human" in self.seats
        bots = Counter(k for k in self.seats if k != "human")
        names = ", ".join(f"{n} {b}" if n > 1 else b for b, n in bots.items())
        if human:
            return f"you + {names}" if names else "you"
        return f"bots: {names}"

    def progress(self) -> str:
        if self.problem is not None:
            return "cannot be read"
        if self.finished:
            return "finished"
        if self.turn == 0:
            return "setting up"
        return f"turn {self.turn}" if self.turn is not None else "?"

    def name(self) -> str:
        """How the file is called in lists: its name, or 'autosave' for a game's own."""
        return "autosave" if self.autosave else self.path.stem


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


def _name(value: object) -> str | None:
    """A save's name from a save's meta, only as a name may be typed (a save is not trusted:
    no control characters or markup reach the list)."""
    if not isinstance(value, str) or not value:
        return None
    clean = "".join(c if c.isalnum() or c in "-_" else "_" for c in value[:40])
    return clean or None


def _dict(value: object) -> dict[str, Any]:
    """`value` if it is a JSON object, else an empty one (a save is not trusted)."""
    return value if isinstance(value, dict) else {}


def describe(path: Path) -> SavedGame:
    """The summary of the save at `path`; a problem, not an exception, if it is unreadable."""
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    try:
        data = saves.read_save(path)
    except SaveError as exc:
        return SavedGame(path, modified, problem=str(exc))
    config = _dict(data.get("config"))
    snapshot = _dict(data.get("snapshot"))
    meta = saves.meta_of(data)
    ruleset = config.get("ruleset") if isinstance(config.get("ruleset"), str) else None
    kinds = meta.get("seats")
    seats = tuple(str(k) for k in kinds) if isinstance(kinds, list) else ()
    winner = _int(snapshot.get("winner", snapshot.get("winner_seat")))
    finished = snapshot.get("phase") in OVER_PHASES or (winner is not None and winner >= 0)
    game_id = meta.get("game_id") if paths.valid_game_id(meta.get("game_id")) else None
    return SavedGame(
        path,
        modified,
        ruleset=ruleset,
        turn=_int(snapshot.get("turn")),
        seats=seats,
        finished=finished,
        game_id=game_id,
        problem=None if ruleset is not None else "not a save of a known shape",
        seed=_int(config.get("seed")),
        loaded_from=_name(meta.get("loaded_from")),
    )


def all_saves(directory: Path) -> list[SavedGame]:
    """Every save in `directory`, newest first."""
    return [describe(p) for p in paths.list_saves(directory)]


def in_progress(directory: Path) -> list[SavedGame]:
    """The games Continue offers: autosaves of unfinished games, newest first."""
    return [g for g in map(describe, paths.autosave_files(directory)) if g.in_progress]


DETAILS_WIDTH = 64
"""The longest second line kept whole: a list at 80 columns less its frame and indent."""


def game_lines(game: SavedGame, *, file_name: bool = False) -> Text:
    """Two lines for a list: ruleset and turn (and the file's name); then players and dates,
    with the seed (and the save it was loaded from) on a third where they would not fit.

    Each fits a list at 80 columns: the file's name is on the short first line."""
    text = Text()
    text.append(game.title(), style="bold")
    text.append(f" · {game.progress()}")
    if file_name:
        text.append(f" · {game.name()}", style="dim")
    identity = game.identity() if game.problem is None else []
    details = " · ".join([game.players(), *identity, game.span()])
    if len(details) > DETAILS_WIDTH:  # a long seed: the dates wrapped mid-span (seen in play)
        details = " · ".join([game.players(), game.span()]) + "\n  " + " · ".join(identity)
    text.append("\n  " + details, style="dim")
    if game.problem is not None:
        problem = game.problem if len(game.problem) <= 70 else game.problem[:69] + "…"
        text.append("\n  " + problem, style="red")
    return text
