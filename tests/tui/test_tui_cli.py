"""The app's commands at the shell: one-line errors with status 2, files left alone."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import tui_saves

from tui.cli import main


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui", *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "content",
    [
        "",
        "not json at all",
        '{"format": "catan-save", "version": 1, "config": {"ruleset": "base"',
        '{"format": "catan-save", "version": 1, "config": {"ruleset": "base", "seats": 4, '
        '"seed": 1, "options": {}}, "actions": [{"type": "roll"}], "snapshot": {}, "meta": {}}',
    ],
    ids=["empty", "garbage", "truncated", "tampered"],
)
def test_load_refuses_a_bad_save(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    before = path.stat().st_mtime_ns
    done = _run("load", str(path))
    assert done.returncode == 2
    assert done.stderr.startswith("catan: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    assert path.read_text() == content and path.stat().st_mtime_ns == before


def test_load_of_a_missing_file(tmp_path: Path) -> None:
    done = _run("load", str(tmp_path / "nope.json"))
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_rules_prints_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "starfarers"]) == 0
    assert capsys.readouterr().out.startswith("# Catan: Starfarers")
    assert main(["rules", "nope"]) == 2
    assert "choose one of" in capsys.readouterr().err


def test_play_with_an_unknown_seat_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", "human,wizard,random"]) == 2
    err = capsys.readouterr().err
    assert "seat 2 is not 'human' or a bot: unknown bot 'wizard'" in err
    assert err.count("\n") == 1


def test_play_with_two_people_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--seats", "human,human,random"]) == 2
    assert "only one person" in capsys.readouterr().err


def test_engine_table_does_not_import_the_terminal_stack() -> None:
    code = (
        "import sys, engine.table.host, engine.table.client, engine.table.protocol;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'tui', 'ai', 'asyncssh')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


BOT_FILE = """
class ShyBot:
    def __init__(self, seed=0):
        self.seed = seed

    def decide(self, view, legal):
        return legal[0]
"""


def test_play_seats_take_every_bot_spec(tmp_path: Path) -> None:
    """`--seats` takes what `--bots` takes: names with parameters, files and exec commands."""
    from tui.local import parse_seats

    bot = tmp_path / "shy.py"
    bot.write_text(BOT_FILE)
    spec = f"person,mcts:budget_ms=50,{bot}:ShyBot,exec:{sys.executable} ai/examples/json_bot.py"
    assert parse_seats(spec) == [
        "human",
        "mcts:budget_ms=50",
        f"{bot}:ShyBot",
        f"exec:{sys.executable} ai/examples/json_bot.py",
    ]


def test_play_with_a_broken_bot_file_is_a_one_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "broken.py"
    bot.write_text("def decide(:\n")
    assert main(["play", "--seats", f"human,{bot},random"]) == 2
    err = capsys.readouterr().err
    assert "seat 2 is not 'human' or a bot" in err and "SyntaxError" in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_play_with_a_wrong_bot_parameter_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "--seats", "human,mcts:wizardry=9,random"]) == 2
    err = capsys.readouterr().err
    assert "seat 2 is not 'human' or a bot" in err and "wizardry" in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", [["play"], [], ["load", "SAVE"]], ids=["play", "menu", "load"])
def test_saves_that_cannot_be_kept_are_a_one_line_error_before_any_screen(
    tmp_path: Path, command: list[str]
) -> None:
    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game

    save = tmp_path / "game.json"
    saves.save_to_path(new_game(GameConfig("base", 4, 1, {})), save)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    args = [str(save) if a == "SAVE" else a for a in command]
    done = _run(*args, "--saves", str(blocker / "saves"))
    assert done.returncode == 2
    assert done.stderr.startswith("catan: cannot keep saves in ") and "--saves DIR" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["--ascii", "--speed", "slow", "load", "FILE"],
        ["load", "--ascii", "--speed", "slow", "FILE"],
        ["load", "FILE", "--ascii", "--speed", "slow"],
    ],
    ids=["before", "after", "at-the-end"],
)
def test_load_takes_the_ui_options_before_or_after_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> None:
    """`catan --ascii load FILE` used to lose --ascii: the subcommand's default overwrote it."""
    from tui.app import CatanApp

    path = tui_saves.starfarers_first_turn(tmp_path)
    seen: list[tuple[bool, str]] = []
    monkeypatch.setattr(CatanApp, "run", lambda self: seen.append((self.ascii, self.speed)))
    argv = [str(path) if a == "FILE" else a for a in argv]
    assert main([*argv, "--saves", str(tmp_path)]) == 0
    assert seen == [(True, "slow")]


@pytest.mark.parametrize("where", ["before", "after"])
def test_play_keeps_its_games_in_the_saves_dir_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """`catan --saves DIR play` once saved to the default folder (CATAN_SAVES worked)."""
    from tui.app import CatanApp

    monkeypatch.setenv("CATAN_SAVES", str(tmp_path / "from-env"))
    chosen = tmp_path / "chosen"
    seen: list[Path] = []
    monkeypatch.setattr(CatanApp, "run", lambda self: seen.append(self.saves_dir))
    play = ["play", "--seats", "human,random,random", "--seed", "2"]
    option = ["--saves", str(chosen)]
    argv = [*option, *play] if where == "before" else [*play, *option]
    assert main(argv) == 0
    assert seen == [chosen] and chosen.is_dir()


def test_play_without_seats_is_you_against_three_default_bots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ai.registry import DEFAULT_BOT
    from tui.app import CatanApp

    seen: list[list[str]] = []
    monkeypatch.setattr(CatanApp, "run", lambda self: seen.append(self._initial_play[1]))
    assert main(["play", "--seed", "2", "--saves", str(tmp_path)]) == 0
    assert seen == [["human", DEFAULT_BOT, DEFAULT_BOT, DEFAULT_BOT]]
