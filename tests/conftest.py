"""Every test keeps the app's remembered settings (tui/preferences.py) and the person's record
of finished games (tui/records.py) in files of its own.

Without this, a test that starts a game from the new-game form, presses F2 or plays a game
to its end would write to the settings or the record of whoever runs the tests, and read
theirs back.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_settings(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A folder apart from `tmp_path`, which tests use as the saves folder and list."""
    path = tmp_path_factory.mktemp("settings") / "settings.json"
    monkeypatch.setenv("CATAN_SETTINGS", str(path))
    return path


@pytest.fixture(autouse=True)
def _own_records(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Likewise apart from `tmp_path`: the record of the games a test finishes."""
    path = tmp_path_factory.mktemp("records") / "records.json"
    monkeypatch.setenv("CATAN_RECORDS", str(path))
    return path


@pytest.fixture(autouse=True)
def _offers_take_keys_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests drive the app by keys as fast as it draws: an offer's pause before it takes keys
    (GameScreen.OFFER_SETTLE) is off, as bots play at instant speed; the test of that pause
    sets it again."""
    from tui.screens.game import GameScreen

    monkeypatch.setattr(GameScreen, "OFFER_SETTLE", 0.0)
