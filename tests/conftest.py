"""Every test keeps the app's remembered settings in a file of its own (tui/preferences.py).

Without this, a test that starts a game from the new-game form or presses F2 would
write to the settings of whoever runs the tests, and read theirs back.
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
