"""Two games at setup look alike by ruleset, turn and players: the chooser tells them apart
by seed and start time."""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

from engine import saves
from engine.config import GameConfig
from engine.registry import new_game
from tui import paths, saved

SEATS = ["human", "value", "value", "value"]


def _autosave(directory: Path, seed: int, game_id: str) -> Path:
    path = paths.autosave_path(directory, game_id)
    game = new_game(GameConfig("base", 4, seed, {}))
    saves.save_to_path(game, path, {"seats": SEATS, "app": "catan-tui", "game_id": game_id})
    noon = dt.datetime(2026, 11, 24, 12, 0).timestamp()  # saved the day it started
    os.utime(path, (noon, noon))
    return path


def test_two_new_games_are_told_apart_by_seed_and_start(tmp_path: Path) -> None:
    _autosave(tmp_path, 5, "20261124-101010-abcdef")
    _autosave(tmp_path, 6, "20261124-101512-fedcba")
    games = saved.in_progress(tmp_path)
    lines = {saved.game_lines(g).plain for g in games}
    assert len(lines) == 2
    by_seed = {g.seed: saved.game_lines(g).plain for g in games}
    assert "seed 5 · 2026-11-24 10:10:10\u201312:00" in by_seed[5]
    assert "seed 6 · 2026-11-24 10:15:12\u201312:00" in by_seed[6]
    assert all("setting up" in line for line in lines)


def test_a_listed_save_fits_two_lines_at_80_columns(tmp_path: Path) -> None:
    """The Load list at 80x24 has 66 columns inside its box: the file's name rides on the
    title line, so the details line ("you + 3 value · seed 5 · started ... · date") fits."""
    _autosave(tmp_path, 5, "20261124-101010-abcdef")
    (game,) = saved.all_saves(tmp_path)
    lines = saved.game_lines(game, file_name=True).plain.splitlines()
    assert lines[0] == "Catan (base game) · setting up · autosave"
    assert lines[1] == "  you + 3 value · seed 5 · 2026-11-24 10:10:10\u201312:00"
    assert max(len(line) for line in lines) <= 66


def test_a_save_with_three_kinds_of_bot_fits_too(tmp_path: Path) -> None:
    """Seen in Continue at 80x24: "you + value, greedy · seed 44 · started 15:35:15 ·
    2026-11-25 15:35" wrapped to a third line; the start and the last save are one span."""
    path = _autosave(tmp_path, 44, "20261124-101010-abcdef")
    data = saves.read_save(path)
    data["meta"]["seats"] = ["human", "mcts", "value", "greedy"]
    path.write_text(json.dumps(data), encoding="utf-8")
    noon = dt.datetime(2026, 11, 24, 12, 0).timestamp()
    os.utime(path, (noon, noon))
    (game,) = saved.all_saves(tmp_path)
    lines = saved.game_lines(game, file_name=True).plain.splitlines()
    assert lines[1] == "  you + mcts, value, greedy · seed 44 · 2026-11-24 10:10:10\u201312:00"
    assert max(len(line) for line in lines) <= 66
    # Saved on another day: both dates.
    later = dt.datetime(2026, 11, 25, 9, 30).timestamp()
    os.utime(path, (later, later))
    (game,) = saved.all_saves(tmp_path)
    lines = saved.game_lines(game).plain.splitlines()
    assert lines[1].endswith("2026-11-24 10:10 \u2013 2026-11-25 09:30"), lines
    assert max(len(line) for line in lines) <= 66  # the seed on a line of its own


def test_a_starfarers_first_game_saved_before_its_first_roll_is_at_turn_1(tmp_path: Path) -> None:
    """The first game deals its setup: a save made before anyone rolled is in play, not
    "setting up" (as it read while Starfarers numbered its first turn of play 0)."""
    path = paths.autosave_path(tmp_path, "20261125-220000-abcdef")
    game = new_game(GameConfig("starfarers", 4, 5, {"variant": "first_game"}))
    saves.save_to_path(game, path, {"seats": SEATS, "app": "catan-tui", "game_id": "x"})
    (listed,) = saved.in_progress(tmp_path)
    assert listed.progress() == "turn 1"
    assert "setting up" not in saved.game_lines(listed).plain


def test_a_long_seed_goes_on_a_line_of_its_own(tmp_path: Path) -> None:
    """Seen in Continue: a game seeded at random (18 digits) wrapped its dates mid-span
    ("2026-11-29" / "15:50:55-15:53"). Where the seed would not fit, it takes a third line
    and the dates stay whole on the second."""
    seed = 857323420581432217
    _autosave(tmp_path, seed, "20261124-101010-abcdef")
    (game,) = saved.all_saves(tmp_path)
    lines = saved.game_lines(game, file_name=True).plain.splitlines()
    assert lines[1:] == ["  you + 3 value · 2026-11-24 10:10:10\u201312:00", f"  seed {seed}"]
    assert max(len(line) for line in lines) <= 66
