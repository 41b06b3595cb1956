"""Where the app keeps its files: saves and the autosave, in platformdirs' user data dir.

`--saves DIR` (or the CATAN_SAVES environment variable) overrides the saves directory.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from engine.errors import SaveError

APP_NAME = "catan-tui"
AUTOSAVE = "autosave.json"
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


def autosave_path(directory: Path) -> Path:
    return directory / AUTOSAVE


def list_saves(directory: Path) -> list[Path]:
    """Save files, newest first (the autosave included)."""
    if not directory.is_dir():
        return []
    found = [p for p in directory.glob("*.json") if p.is_file()]
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def save_name(directory: Path, name: str) -> Path:
    """A save path for a name a person typed: keeps letters, digits, '-' and '_'."""
    clean = "".join(c if c.isalnum() or c in "-_" else "_" for c in name.strip()) or "game"
    return directory / f"{clean}.json"
