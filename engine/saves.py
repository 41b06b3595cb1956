"""Saving and loading games.

A save is JSON: a format tag and version, the config, the action log and a
snapshot of the final state (and, for a game built from a position, that
position). Loading replays the log from the config (or the position) and
checks that it reaches the snapshot, so a save that was edited, truncated or
written by an incompatible engine is refused instead of silently diverging.
Files are written atomically (temporary file, fsync, rename): a crash mid-write
leaves the previous save intact.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from engine.config import GameConfig
from engine.errors import CatanError, IllegalAction, SaveError
from engine.files import MAX_BYTES, parse_json, read_user_file
from engine.game import Game
from engine.position import Position, PositionError, game_from_position
from engine.registry import get_ruleset, new_game

FORMAT = "catan-save"
VERSION = 1
MAX_SAVE_BYTES = MAX_BYTES  # 64 MiB; a long game's save is well under 1 MiB


def save(
    game: Game, meta: dict[str, Any] | None = None, *, with_actions: bool = True
) -> dict[str, Any]:
    """The save of `game` as a JSON-ready dict; `meta` is free-form (seat kinds, names).

    `with_actions=False` leaves the action log out (`GrowingSave` adds it, encoded).
    """
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "config": game.config.to_json(),
        "snapshot": game.snapshot(),
        "meta": meta or {},
    }
    if with_actions:
        out["actions"] = [a.to_json() for a in game.log]
    if game.origin is not None:
        out["position"] = game.origin
    return out


def _encode(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def dumps(game: Game, meta: dict[str, Any] | None = None) -> str:
    return _encode(save(game, meta))


class GrowingSave:
    """`dumps` of one game saved again after each action, each action encoded only once.

    A table autosaves after every action; encoding the whole log each time
    made a long game's autosave cost grow with its length (6 ms an action
    near the end of a Starfarers game). The text is `dumps`'s, byte for
    byte: "actions" is the first of the sorted keys, so the encoded actions
    go in front of the rest of the document. A game's log only grows (see
    `engine.game.Game`), so the encoding kept is a prefix of its log; another
    game is encoded from the start.
    """

    def __init__(self) -> None:
        self._game: Game | None = None
        self._encoded: list[str] = []

    def dumps(self, game: Game, meta: dict[str, Any] | None = None) -> str:
        encoded = self._encoded
        if game is not self._game or len(encoded) > game.num_actions:
            self._game, encoded = game, []
            self._encoded = encoded
        if len(encoded) < game.num_actions:
            encoded.extend(_encode(a.to_json()) for a in game.log[len(encoded) :])
        rest = _encode(save(game, meta, with_actions=False))
        return '{"actions":[' + ",".join(encoded) + "]," + rest[1:]


def load(data: Any) -> Game:
    """A game rebuilt from a save (dict, str or bytes); SaveError if anything is off."""
    if isinstance(data, bytes | str):
        data = parse_json(data, prefix="not a save file", error=SaveError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("not a save file: the format tag is missing")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveError(f"save version {version!r} is not supported (need {VERSION})")
    actions = data.get("actions")
    snapshot = data.get("snapshot")
    if not isinstance(actions, list) or not isinstance(snapshot, dict):
        raise SaveError("the save is incomplete: actions or snapshot missing")
    try:
        config = GameConfig.from_json(data.get("config"))
        if "position" in data:
            game = game_from_position(Position.from_json(data["position"]))
        else:
            game = new_game(config)
        codec = get_ruleset(game.config.ruleset).codec
        for i, raw in enumerate(actions):
            try:
                game.apply(codec.decode(raw))
            except IllegalAction as exc:
                raise SaveError(f"action {i + 1} of the save cannot be replayed: {exc}") from None
        reached = game.snapshot() == type(game).upgrade_snapshot(snapshot)
    except SaveError:
        raise
    except PositionError as exc:
        raise SaveError(f"the save's position is invalid: {exc}") from None
    except CatanError as exc:
        raise SaveError(f"the save's config is invalid: {exc}") from None
    except (RecursionError, MemoryError):
        raise SaveError("the save is corrupt: too deeply nested or too large to replay") from None
    except Exception as exc:  # a hostile save must never reach the user as a traceback
        raise SaveError(
            f"the save is corrupt and cannot be replayed ({type(exc).__name__})"
        ) from None
    if not reached:
        raise SaveError("the save's log does not reach its snapshot (edited or corrupt)")
    return game


def meta_of(data: dict[str, Any]) -> dict[str, Any]:
    meta = data.get("meta")
    return meta if isinstance(meta, dict) else {}


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` so that a reader sees the old or the new file, never half."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_to_path(game: Game, path: Path, meta: dict[str, Any] | None = None) -> None:
    write_atomic(path, dumps(game, meta))


def read_save(path: Path) -> dict[str, Any]:
    """The parsed save at `path` (not yet replayed); SaveError if unreadable.

    Every reader of saves (`catan load`, the menu's Load and Continue, the
    server's restore) comes through here, so each refuses the same way a FIFO,
    a device, a file over `MAX_SAVE_BYTES` or JSON that breaks the parser.
    """
    raw = read_user_file(path, limit=MAX_SAVE_BYTES, what="save", error=SaveError)
    data = parse_json(raw, prefix=f"{path} is not a save file", error=SaveError)
    if not isinstance(data, dict):
        raise SaveError(f"{path} is not a save file")
    return data


def load_path(path: Path) -> Game:
    return load(read_save(path))
