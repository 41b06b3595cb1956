"""Where the app keeps its files: saves and autosaves, in platformdirs' user data dir.

Each game keeps its own autosave, `autosave-<game id>.json`; the id is made
when the game is created and kept in its saves' meta. The single
`autosave.json` of older versions is still listed and resumed.

`--saves DIR` (or the CATAN_SAVES environment variable) overrides the saves directory.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from pathlib import Path

import platformdirs

from engine.errors import SaveError

APP_NAME = "catan-tui"
LEGACY_AUTOSAVE = "autosave.json"  # the one autosave of versions that kept only one game
AUTOSAVE_PREFIX = "autosave-"
STALE_TEMP_AGE = 60.0  # seconds: a temporary save older than this was left by a killed process
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TEMP = re.compile(r"\..+\.json\..+")  # what engine.saves.write_atomic writes before renaming
ELSEWHERE = "choose another with --saves DIR"


def saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    if override:
        return Path(override).expanduser()
    env = os.environ.get("CATAN_SAVES")
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir(APP_NAME)) / "saves"


def usable_saves_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The saves directory, made if missing; SaveError (one line) if games cannot be kept there.

    Checked before any screen opens: a game whose autosave cannot be written
    would be lost the moment the terminal closed.
    """
    directory = saves_dir(override)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(f"cannot keep saves in {directory}: {reason} ({ELSEWHERE})") from None
    if not os.access(directory, os.W_OK | os.X_OK):
        raise SaveError(f"cannot keep saves in {directory}: not writable ({ELSEWHERE})")
    return directory


def new_game_id() -> str:
    """An id for a new game, made once and kept in its saves' meta: its autosave's name."""
    return f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(3)}"


def valid_game_id(value: object) -> bool:
    """Whether `value` may name a file (a save's meta is not trusted)."""
    return isinstance(value, str) and _GAME_ID.fullmatch(value) is not None


def autosave_path(directory: Path, game_id: str) -> Path:
    """The autosave of one game: every game keeps its own."""
    if not valid_game_id(game_id):
        raise ValueError(f"not a game id: {game_id!r}")
    return directory / f"{AUTOSAVE_PREFIX}{game_id}.json"


def is_autosave(path: Path) -> bool:
    name = path.name
    return name == LEGACY_AUTOSAVE or (
        name.startswith(AUTOSAVE_PREFIX)
        and name.endswith(".json")
        and valid_game_id(name[len(AUTOSAVE_PREFIX) : -len(".json")])
    )


def game_id_of(path: Path) -> str | None:
    """The game id in an autosave's name (None for the old single autosave or another file)."""
    if path.name == LEGACY_AUTOSAVE or not is_autosave(path):
        return None
    return path.name[len(AUTOSAVE_PREFIX) : -len(".json")]


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def list_saves(directory: Path) -> list[Path]:
    """Save files, newest first (the autosaves included)."""
    if not directory.is_dir():
        return []
    found = [p for p in directory.glob("*.json") if p.is_file()]
    return sorted(found, key=_mtime, reverse=True)


def autosave_files(directory: Path) -> list[Path]:
    """The autosaves, one per game, newest first."""
    return [p for p in list_saves(directory) if is_autosave(p)]


def clean_stale_temps(directory: Path, *, now: float | None = None) -> list[Path]:
    """Remove the temporary files of saves whose writer was killed mid-write.

    Only our own pattern (`.NAME.json.RANDOM`), only regular files, and only
    those older than STALE_TEMP_AGE: another process may be writing one now.
    Returns what was removed.
    """
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        candidates = list(directory.iterdir())
    except OSError:
        return removed
    for path in candidates:
        if not _TEMP.fullmatch(path.name):
            continue
        try:
            if not path.is_file() or path.is_symlink():
                continue
            if now - path.stat().st_mtime < STALE_TEMP_AGE:
                continue
            path.unlink()
        except OSError:
            continue
        removed.append(path)
    return removed


def save_name(directory: Path, name: str) -> Path:
    """A save path for a name a person typed: keeps letters, digits, '-' and '_'."""
    clean = "".join(c if c.isalnum() or c in "-_" else "_" for c in name.strip()) or "game"
    return directory / f"{clean}.json"
