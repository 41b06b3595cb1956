"""Hostile files named by a user: refused in one line with status 2, never hung on, never changed.

Anything that could block or eat the memory on a regression (a FIFO, /dev/zero)
runs in a subprocess with a timeout and a memory ceiling, so this file cannot
hang the suite or the machine.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.errors import ConfigError, SaveError
from engine.files import MAX_BYTES, check_regular_file, read_toml, read_user_file
from tui import paths
from tui.cli import main

HUGE_INT = '{"format": "catan-save", "version": ' + "9" * 5000 + "}"


def _limit_memory() -> None:  # runs in the child before exec
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))


def _catan(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui", *args],
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=_limit_memory,
        stdin=subprocess.DEVNULL,
        env=env,
    )


def _one_line(err: str) -> str:
    assert err.startswith("catan: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


def test_load_of_a_huge_integer_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    path.write_text(HUGE_INT)
    before = path.stat().st_mtime_ns
    assert main(["load", str(path)]) == 2
    err = _one_line(capsys.readouterr().err)
    assert "is not a save file: a number has too many digits" in err
    assert path.read_text() == HUGE_INT and path.stat().st_mtime_ns == before


def test_load_of_dev_zero_is_refused_without_reading() -> None:
    done = _catan("load", "/dev/zero")
    assert done.returncode == 2, done.stderr[-500:]
    assert "the save /dev/zero is a character device, not a regular file" in _one_line(done.stderr)


def test_load_of_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    done = _catan("load", str(fifo))
    assert done.returncode == 2, done.stderr[-500:]
    assert "is a FIFO, not a regular file" in _one_line(done.stderr)


def test_a_fifo_swapped_in_after_the_stat_does_not_block(tmp_path: Path) -> None:
    """The open itself is non-blocking and re-checked: the stat-then-open race cannot hang."""
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    code = textwrap.dedent(
        f"""
        import engine.files as files
        from pathlib import Path
        files.check_regular_file = lambda *a, **k: None  # as if a file was swapped for a FIFO
        try:
            files.read_user_file(Path({str(fifo)!r}), what="save")
        except files.ConfigError as exc:
            print(exc)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=30, check=True
    )
    assert "is a FIFO, not a regular file" in done.stdout


def test_load_of_an_oversized_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    with path.open("wb") as fh:
        fh.truncate(MAX_BYTES + 1)  # sparse: no disk space used
    assert main(["load", str(path)]) == 2
    assert "is larger than 64 MiB" in _one_line(capsys.readouterr().err)


def test_read_user_file_reads_at_most_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"x" * 10)
    assert read_user_file(path, limit=10) == b"x" * 10
    with pytest.raises(ConfigError, match="larger than"):
        read_user_file(path, limit=9)
    with pytest.raises(SaveError, match="cannot read the save"):
        read_user_file(tmp_path / "missing", what="save", error=SaveError)
    with pytest.raises(ConfigError, match="is a folder, not a regular file"):
        check_regular_file(tmp_path)


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        (b"[users.ada\n", "is not valid TOML"),
        (b"x = " + b"9" * 5000 + b"\n", "a number has too many digits"),
        (b"x = " + b"[" * 100_000 + b"\n", "TOML nested too deeply"),
        (b"\xff\xfe", "is not UTF-8 text"),
    ],
)
def test_read_toml_refuses_hostile_text(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "users.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError) as info:
        read_toml(path, what="users file")
    message = str(info.value)
    assert fragment in message and "\n" not in message and len(message) < 400


def test_read_toml_reads_a_good_file(tmp_path: Path) -> None:
    path = tmp_path / "users.toml"
    path.write_text('[users.ada]\npassword = "pw"\n')
    assert read_toml(path) == {"users": {"ada": {"password": "pw"}}}


@pytest.mark.parametrize("users", ["/dev/zero", "FIFO"])
def test_serve_refuses_a_users_file_that_is_not_a_file(tmp_path: Path, users: str) -> None:
    if users == "FIFO":
        users = str(tmp_path / "users.toml")
        os.mkfifo(users)
    done = _catan("serve", "--users", users, "--host-key", str(tmp_path / "hk"), "--port", "0")
    assert done.returncode == 2, done.stderr[-500:]
    assert "not a regular file" in _one_line(done.stderr)


async def test_the_menu_load_and_continue_refuse_a_hostile_save(tmp_path: Path) -> None:
    from tui.app import CatanApp

    bad = tmp_path / "bad.json"
    bad.write_text(HUGE_INT)
    paths.autosave_path(tmp_path, "hostile").write_text(HUGE_INT)
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.load_game(bad) is False
        assert app.load_error is not None and "too many digits" in app.load_error
        app.load_error = None
        assert app.continue_game() is False
        assert app.load_error is not None and "too many digits" in app.load_error
        assert type(app.screen).__name__ == "MainMenuScreen"
    assert bad.read_text() == HUGE_INT


@pytest.mark.parametrize("command", [["load", "FINISHED"], ["play", "--seed", "3"], []])
def test_the_game_without_a_terminal_is_one_line_not_a_hang(
    tmp_path: Path, command: list[str]
) -> None:
    """With input from /dev/null and output to a pipe, `catan load` of a finished game hung
    (the game-over pop-up resized the game beneath it between 80x24 and 80x25 without end,
    memory growing). The app needs a terminal: refused in one line, status 2, the save kept."""
    import random

    from engine import saves
    from engine.config import GameConfig
    from engine.headless import random_rollout
    from engine.registry import new_game

    game = new_game(GameConfig("base", 4, 11, {}))
    random_rollout(game, random.Random(11), 1000)
    assert game.winner is not None, "seed 11 must finish for this test"
    path = tmp_path / "finished.json"
    saves.save_to_path(game, path, {"seats": ["human", "random", "random", "random"]})
    text = path.read_text()
    args = [str(path) if a == "FINISHED" else a for a in command]
    env = {**os.environ, "CATAN_SAVES": str(tmp_path / "saves")}
    env |= {"CATAN_SETTINGS": str(tmp_path / "s.json"), "CATAN_RECORDS": str(tmp_path / "r.json")}
    done = _catan(*args, env=env)
    assert done.returncode == 2, (done.returncode, done.stderr[-400:])
    err = _one_line(done.stderr)
    assert "the game needs a terminal, and its input is not one" in err
    assert path.read_text() == text


@pytest.mark.parametrize(
    "spec",
    ["exec:{script}", "{pyfile}:Bot", "{pyfile}", "inproc:value"],
    ids=["exec", "file-class", "file", "inproc"],
)
async def test_a_save_never_runs_a_program_or_file_its_seats_name(
    tmp_path: Path, spec: str
) -> None:
    """A save's meta named a seat "exec:/tmp/evil.sh" and loading it ran the script. A save
    may come from anyone: such a seat plays as the default bot, and the person is told."""
    from ai.registry import DEFAULT_BOT
    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game
    from tui.app import CatanApp

    ran = tmp_path / "RAN"
    script = tmp_path / "evil.sh"
    script.write_text(f"#!/bin/sh\ntouch {ran}\n")
    script.chmod(0o755)
    pyfile = tmp_path / "evil.py"
    pyfile.write_text(f"open({str(ran)!r}, 'w').close()\nclass Bot: pass\n")
    named = spec.format(script=script, pyfile=pyfile)
    path = tmp_path / "game.json"
    game = new_game(GameConfig("base", 4, 1, {}))
    saves.save_to_path(game, path, {"seats": ["human", named, "random", "random"]})
    app = CatanApp(saves_dir=tmp_path / "saves", speed="instant")
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await pilot.pause()
        assert app.load_game(path)
        await pilot.pause()
        assert app.local is not None
        assert app.local.kinds == ["human", DEFAULT_BOT, "random", "random"]
        told = [n.message for n in app._notifications if n.severity == "warning"]
        assert any("a save never starts a program or a file" in m and "Blue" in m for m in told)
        await app.local.stop()
    assert not ran.exists(), "the save's program or file ran"


def test_a_huge_number_in_a_save_is_told_by_its_length_in_the_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A save whose option is 10**400 gave a 450-column error line, the number in full."""
    import json

    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game

    path = tmp_path / "huge-option.json"
    saves.save_to_path(new_game(GameConfig("base", 4, 3, {})), path)
    data = json.loads(path.read_text())
    data["config"]["options"] = {"vp_to_win": 10**400}
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = _one_line(capsys.readouterr().err)
    assert "option vp_to_win=100000000…(401 digits) is not valid" in err
    assert len(err) < 200, err
