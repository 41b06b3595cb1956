"""Shared fixtures for the bot tests: the example plugin installed, a drop-in folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from aifix import PLUGIN


@pytest.fixture(scope="session")
def plugin_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plugin pip-installed into a private folder (offline: no deps, no isolation).

    A private ``--target`` folder per test process keeps the install idempotent
    and safe under xdist. The example builds with its own standard-library
    backend, so nothing is downloaded.
    """
    target = tmp_path_factory.mktemp("plugin-site")
    cmd = [
        sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
        "--no-index", "--disable-pip-version-check", "--target", str(target), str(PLUGIN),
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert list(target.glob("catan_example_bot*.dist-info")), "pip installed no metadata"
    return target


@pytest.fixture
def with_plugin(plugin_site: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(plugin_site))
    import importlib

    importlib.invalidate_caches()
    return plugin_site


@pytest.fixture
def bots_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty drop-in folder, used instead of the user's."""
    folder = tmp_path / "bots"
    folder.mkdir()
    monkeypatch.setenv("CATAN_TUI_BOTS_DIR", str(folder))
    return folder
