"""Faults never stop a game: exceptions, hangs, illegal actions, garbage on stdout."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from aifix import EXAMPLES, SEED_GAME

from ai.exec_bot import ExecBot
from ai.sandbox import Budget, SandboxedBot
from ai.tournament import MatchSpec, play_game

FAULTY = """
import time
from ai.protocol import BaseBot
from engine.shared.actions import EndTurn


class Raiser(BaseBot):
    name = "raiser"

    def choose(self, view, legal):
        raise RuntimeError("boom")


class Sleeper(BaseBot):
    name = "sleeper"

    def choose(self, view, legal):
        time.sleep(0.6)
        return legal[0]


class Cheater(BaseBot):
    name = "cheater"

    def choose(self, view, legal):
        return EndTurn() if EndTurn() not in legal else legal[0]
"""

GARBAGE = """
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "garbage"}), flush=True)
    elif msg["type"] == "decide":
        print("this is not json {", flush=True)
    elif msg["type"] == "bye":
        break
"""

STUBBORN = """
import json, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
print(json.dumps({"type": "hello", "protocol": 1, "name": "stubborn"}), flush=True)
while True:
    time.sleep(1)
"""

FAST = Budget(soft=0.05, hard=0.25)


def _play_with(spec: str) -> None:
    record = play_game(
        MatchSpec("base", (spec, "greedy", "greedy", "greedy"), SEED_GAME, budget=FAST), 0
    )
    me = next(s for s in record.seats if s.spec == spec)
    assert me.faults == 3
    assert me.replaced
    assert any("fault 1/3" in line for line in me.log)
    assert any("takes this seat for the rest of the game" in line for line in me.log)
    assert not record.capped  # the game still finished
    return None


def test_bot_that_raises(tmp_path: Path) -> None:
    path = tmp_path / "faulty.py"
    path.write_text(FAULTY)
    _play_with(f"{path}:Raiser")


def test_bot_that_hangs(tmp_path: Path) -> None:
    path = tmp_path / "faulty.py"
    path.write_text(FAULTY)
    started = time.perf_counter()
    _play_with(f"{path}:Sleeper")
    assert time.perf_counter() - started < 30


def test_bot_that_answers_an_illegal_action(tmp_path: Path) -> None:
    path = tmp_path / "faulty.py"
    path.write_text(FAULTY)
    _play_with(f"{path}:Cheater")


def test_exec_bot_writing_garbage(tmp_path: Path) -> None:
    script = tmp_path / "garbage.py"
    script.write_text(GARBAGE)
    _play_with(f"exec:{sys.executable} {script}")


def test_subprocess_is_killed_even_if_it_ignores_bye(tmp_path: Path) -> None:
    script = tmp_path / "stubborn.py"
    script.write_text(STUBBORN)
    bot = ExecBot([sys.executable, str(script)])
    bot.start()
    proc = bot.proc
    assert proc is not None and proc.poll() is None
    box = SandboxedBot(bot, budget=FAST)
    box.close()
    assert proc.poll() is not None


def test_example_exec_bot_exits_cleanly() -> None:
    bot = ExecBot([sys.executable, str(EXAMPLES / "json_bot.py")])
    bot.start()
    proc = bot.proc
    assert bot.remote_name == "json-example"
    bot.close()
    assert proc is not None and proc.returncode == 0
