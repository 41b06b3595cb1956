"""`catan bots` lists the built-in ladder with a one-line strength note per bot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ai.registry import BUILTINS
from tui.cli import main


def test_every_builtin_bot_has_a_strength_note_in_catan_bots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bots", "--bots-dir", str(tmp_path), "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)["bots"]}
    for name in BUILTINS:
        note = rows[name]["strength"]
        assert note.startswith("rung ") and "\n" not in note, (name, note)
    assert main(["bots", "--bots-dir", str(tmp_path)]) == 0
    assert "strength" in capsys.readouterr().out
