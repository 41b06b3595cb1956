"""What the app remembers between runs: the theme, the bot speed and the last new game's form.

Kept as JSON in platformdirs' user config folder (`settings.json`; the
CATAN_SETTINGS environment variable names another file), written atomically
whenever one of them changes:

    {"version": 1, "theme": "nord", "speed": "slow",
     "new_game": {"ruleset": "ck", "players": 3,
                  "seats": ["human", "mcts", "value"], "options": {}}}

The file is the user's to edit, so nothing in it is trusted: a file that
cannot be read costs the whole of it and a bad field costs only that field;
either way the defaults stand in and the app says so in one line, never a
traceback. A new-game form read back is checked again when the form opens
(a bot uninstalled since, an option a ruleset no longer has), by
`remembered_choices`. Play over SSH neither reads nor writes it: the server's
config folder is not its players'.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs

from engine.errors import ConfigError
from engine.files import read_json, why
from engine.saves import write_atomic
from tui.local import SPEEDS
from tui.paths import APP_NAME

VERSION = 1
MAX_BYTES = 64 * 1024
"""A settings file is a few hundred bytes; anything far larger is not ours."""
SPEED_NAMES = tuple(SPEEDS)
"""The bot speeds a file may name (tui.local.SPEEDS)."""


def settings_path() -> Path:
    """The settings file: $CATAN_SETTINGS, or `settings.json` in the user config folder."""
    env = os.environ.get("CATAN_SETTINGS")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_config_dir(APP_NAME)) / "settings.json"


@dataclass
class NewGameForm:
    """The new-game form as last started: read back as given, checked when the form opens."""

    ruleset: str
    players: int
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "seats": list(self.seats),
            "options": dict(self.options),
        }

    @classmethod
    def from_json(cls, data: Any) -> NewGameForm:
        """ValueError naming what is wrong, for anything but the shape written above."""
        if not isinstance(data, dict):
            raise ValueError("is not an object")
        ruleset, players = data.get("ruleset"), data.get("players")
        seats, options = data.get("seats"), data.get("options", {})
        if not isinstance(ruleset, str) or not ruleset:
            raise ValueError("has no ruleset name")
        if type(players) is not int or not 1 <= players <= 8:
            raise ValueError("has no number of players from 1 to 8")
        if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
            raise ValueError("has no list of seats")
        if not isinstance(options, dict):
            raise ValueError("has options that are not an object")
        return cls(ruleset, players, list(seats[:8]), dict(options))


@dataclass
class Preferences:
    """The remembered settings; `path` None keeps them in memory only (play over SSH)."""

    path: Path | None = None
    theme: str | None = None
    speed: str | None = None
    new_game: NewGameForm | None = None
    problems: list[str] = field(default_factory=list)
    """What could not be read, in words, for the one line the app shows at start."""
    save_error: str | None = None
    """Why the last save failed (None: it worked or none was made)."""

    @classmethod
    def load(cls, path: Path | None = None) -> Preferences:
        """The settings in `path` (the default file if None); defaults where it has none."""
        path = settings_path() if path is None else path
        prefs = cls(path)
        if not path.exists():
            return prefs
        try:  # never a traceback: a FIFO, a huge file, JSON nested a million deep
            data = read_json(path, limit=MAX_BYTES, what="settings file")
        except ConfigError as exc:
            prefs.problems.append(str(exc))
            return prefs
        if not isinstance(data, dict):
            prefs.problems.append(f"{path} holds no settings object")
            return prefs
        prefs._read_fields(data)
        return prefs

    def _read_fields(self, data: Mapping[str, Any]) -> None:
        theme, speed, form = data.get("theme"), data.get("speed"), data.get("new_game")
        if theme is not None:
            if isinstance(theme, str) and 0 < len(theme) <= 64:
                self.theme = theme
            else:
                self.problems.append("the theme is not a theme's name")
        if speed is not None:
            if speed in SPEED_NAMES:
                self.speed = str(speed)
            else:
                self.problems.append(f"the bot speed is not one of {', '.join(SPEED_NAMES)}")
        if form is not None:
            try:
                self.new_game = NewGameForm.from_json(form)
            except ValueError as exc:
                self.problems.append(f"the last new game {exc}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"version": VERSION}
        if self.theme is not None:
            data["theme"] = self.theme
        if self.speed is not None:
            data["speed"] = self.speed
        if self.new_game is not None:
            data["new_game"] = self.new_game.to_json()
        return data

    def save(self) -> bool:
        """Write the file (atomically); False, with `save_error` set, if that failed."""
        if self.path is None:
            return True
        try:
            write_atomic(self.path, json.dumps(self.to_json(), indent=2) + "\n")
        except OSError as exc:
            self.save_error = f"settings could not be saved in {self.path} ({why(exc)})"
            return False
        self.save_error = None
        return True

    def problem_line(self) -> str | None:
        """One line for the start of the app when something was not read, else None."""
        if not self.problems:
            return None
        return f"Settings: {'; '.join(self.problems)}. The defaults are used instead."


def remembered_choices(
    form: NewGameForm,
    rulesets: Sequence[str],
    bots: Sequence[str],
    human: str,
    fallback_bot: str,
) -> tuple[str, int, list[str], dict[str, Any]] | None:
    """The remembered form made valid for today: (ruleset, players, seats, options), or None
    when its ruleset is no longer offered.

    A seat whose bot is no longer found gets `fallback_bot`, a second person seat too (one
    person plays in a terminal); an option the ruleset does not have, or a value it does not
    offer, is dropped (its default stands); the number of players becomes one the ruleset
    is played by (`seat_count`).
    """
    from engine.registry import get_ruleset
    from tui.option_words import choices_of, seat_count

    if form.ruleset not in rulesets:
        return None
    players = seat_count(form.ruleset, form.players)
    seats: list[str] = []
    person = False
    for kind in form.seats:
        if kind == human and not person:
            person = True
            seats.append(kind)
        elif kind != human and kind in bots:
            seats.append(kind)
        else:
            seats.append(fallback_bot)
    options: dict[str, Any] = {}
    for spec in get_ruleset(form.ruleset).options:
        if spec.name in form.options:
            value = form.options[spec.name]
            # Strictly equal: JSON's 1 is not the option's True.
            offered = any(type(v) is type(value) and v == value for _, v in choices_of(spec))
            if offered and value != spec.default:
                options[spec.name] = value
    return form.ruleset, players, seats, options
