"""`--ascii` really ASCII: panels, dialogs, footer and scrollbars included, in a real terminal
(tmux), with NO_COLOR set; and the filter that makes it so."""

from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import pytest
from tmux_server import AVAILABLE as TMUX
from tmux_server import tmux as _tmux
from tmux_server import tmux_status

from tui.ascii_output import ascii_only, install


def test_every_glyph_becomes_one_ascii_character() -> None:
    drawn = "╭─ Log ─╮│▶ Red …│ ⚂ 3 ▁▂█ ·•—“x” ‾⎼ ✓ 漢"
    out = ascii_only(drawn)
    assert all(ord(ch) < 128 for ch in out)
    assert len(out) == len(drawn)  # cell for cell: the layout does not move
    assert out.startswith("+- Log -+|> Red .|")
    assert ascii_only("\x1b[1;31mR\x1b[0m") == "\x1b[1;31mR\x1b[0m"  # escapes pass unchanged


def test_the_panels_own_glyphs_have_ascii_faces_not_question_marks() -> None:
    """Seen at 80x24 with --ascii: C&K's improvement bars read "?????" and the barbarian
    track "?>......"; a key hint's "⇧Tab" would have read "?Tab"."""
    from tui.widgets.barbarians import track_line
    from tui.widgets.improvements import level_bar

    assert ascii_only(level_bar(2, "yellow").plain) == "##..."
    assert ascii_only(track_line(2).plain) == "~~>..... Catan"
    assert ascii_only("⇧Tab") == "^Tab"


def test_install_filters_every_write_once() -> None:
    written: list[str] = []

    class Driver:
        def write(self, data: str) -> None:
            written.append(data)

    driver = Driver()
    install(driver)
    install(driver)
    driver.write("│▶")
    assert written == ["|>"]


@pytest.mark.skipif(not TMUX, reason="tmux is not installed (the CI script installs it)")
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_ascii_play_in_tmux_sends_only_ascii(tmp_path: Path, size: tuple[int, int]) -> None:
    session = f"catan-ascii-{os.getpid()}-{size[0]}"
    command = (
        f"env -u COLUMNS -u LINES NO_COLOR=1 CATAN_SAVES={shlex.quote(str(tmp_path))} "
        f"{shlex.quote(sys.executable)} -m tui --ascii play --ruleset base "
        "--seats human,random,random,random --seed 3 --speed instant"
    )
    _tmux("new-session", "-d", "-s", session, "-x", str(size[0]), "-y", str(size[1]), command)
    try:
        deadline = time.monotonic() + 30
        pane = ""
        while time.monotonic() < deadline:
            pane = _tmux("capture-pane", "-p", "-t", session)
            if "Scores" in pane and "Build a settlement" in pane:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"the game never showed:\n{pane}")
        _tmux("send-keys", "-t", session, "F3")  # a dialog over the game: the costs card
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and "Building costs" not in pane:
            pane = _tmux("capture-pane", "-p", "-t", session)
            time.sleep(0.2)
        assert "Building costs" in pane
        odd = sorted({ch for ch in pane if ord(ch) >= 128})
        assert not odd, f"non-ASCII {odd} in:\n{pane}"
    finally:
        tmux_status("kill-session", "-t", session)
