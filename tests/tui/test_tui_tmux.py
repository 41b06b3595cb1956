"""One run in a real terminal: `catan play` under tmux, driven with send-keys."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import pytest
import tui_saves
from tmux_server import AVAILABLE, tmux_status
from tmux_server import tmux as _tmux

pytestmark = pytest.mark.skipif(
    not AVAILABLE, reason="tmux is not installed (the CI script installs it)"
)


def _wait_for(session: str, text: str, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    pane = ""
    while time.monotonic() < deadline:
        pane = _tmux("capture-pane", "-p", "-t", session)
        if text in pane:
            return pane
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never appeared; the pane shows:\n{pane}")


def test_catan_play_in_tmux(tmp_path: Path) -> None:
    session = f"catan-test-{os.getpid()}"
    command = (
        "env -u COLUMNS -u LINES "
        f"CATAN_SAVES={shlex.quote(str(tmp_path))} {shlex.quote(sys.executable)} -m tui play "
        "--ruleset base --seats human,random,random,random --seed 3 --speed instant"
    )
    _tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", command)
    try:
        _wait_for(session, "Build a settlement")
        pane = _wait_for(session, "Red (you)")
        assert "Scores" in pane and "Your hand" in pane
        _tmux("send-keys", "-t", session, "Tab", "Enter")
        pane = _wait_for(session, "Build a road")
        _tmux("send-keys", "-t", session, "Enter")
        # The scoreboard's own row: one settlement and one road on the board.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            pane = _tmux("capture-pane", "-p", "-t", session)
            mine = [line for line in pane.splitlines() if "Red (you)" in line]
            if mine and "1S 0C 1R" in mine[0]:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"the road never showed; the pane shows:\n{pane}")
        assert tui_saves.only_autosave(tmp_path).exists()
        _tmux("send-keys", "-t", session, "q")
        _wait_for(session, "Leave this game?")
        _tmux("send-keys", "-t", session, "y")
        pane = _wait_for(session, "New game")
        assert "Continue" in pane
        _tmux("send-keys", "-t", session, "q")
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if tmux_status("has-session", "-t", session) != 0:
                break
            time.sleep(0.2)
        else:
            raise AssertionError("the app did not quit")
    finally:
        tmux_status("kill-session", "-t", session)
