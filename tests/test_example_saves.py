"""Every curated save in saves/ loads, replays to its snapshot, and is ready for a decision."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.saves import dumps, load, load_path, read_save

SAVES = sorted((Path(__file__).resolve().parent.parent / "saves").glob("*.json"))


def test_there_are_example_saves() -> None:
    assert len(SAVES) >= 2


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_example_save_loads_and_round_trips(path: Path) -> None:
    before = path.read_bytes()
    game = load_path(path)
    assert path.read_bytes() == before  # loading never touches the file
    assert game.to_act is not None
    assert game.legal_actions()
    # Saving the loaded game again gives the same game.
    again = load(dumps(game, read_save(path).get("meta")))
    assert again.snapshot() == game.snapshot()
