"""Bots not shipped with the project run in processes of their own, and cannot hurt the host.

What an attacker tried, and what must hold now:

- a drop-in bot walking ``gc.get_objects()`` finds no game, no other hand, no seed;
- a bot writing an endless line faults without the host buffering more than 1 MiB;
- a bot whose child escaped with ``setsid`` does not hang ``close()``, and the child dies;
- a bot stuck in ``decide`` does not keep ``catan tournament`` from exiting;
- a bot calling ``os._exit`` is one more fault, not the end of the tournament;
- bot-provided text reaches logs and the terminal with its control characters escaped;
- bot processes run under a memory ceiling and without core dumps.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from aifix import ROOT, SEED_GAME

from ai.exec_bot import ExecBot
from ai.process import MAX_LINE, MAX_QUEUED
from ai.registry import create_bot
from ai.sandbox import Budget, SandboxedBot
from ai.tournament import MatchSpec, play_game
from engine.config import GameConfig
from engine.registry import new_game

SEED_CLI = 5  # match seed of the tournaments run through the CLI
FAST = Budget(soft=0.05, hard=0.5)
ESC = "\x1b[2J\x1b]0;pwned\x07"  # clear the screen, retitle the window, bell


def wait_until(condition: Callable[[], bool], timeout: float, message: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{message} (waited {timeout} s)")
        time.sleep(0.01)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def first_prompt() -> tuple[dict, list]:
    game = new_game(GameConfig("base", 4, SEED_GAME))
    seat = game.to_act
    assert seat is not None
    return game.view(seat), game.legal_actions()


def catan(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The real command line in a child process: it must exit by itself."""
    command = [sys.executable, "-m", "tui.cli", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=ROOT)


# -- 1. no peeking ---------------------------------------------------------------------------

PEEKER = """
import gc, json, os, sys
from ai.protocol import BaseBot

REPORT = {report!r}


def walk(view):
    from engine.config import GameConfig
    from engine.events import Event
    from engine.game import Game
    from engine.rng import Rng

    own = view["seat"]
    found = {{"own_seat": own, "own_hand": view["me"]["hand"], "games": [], "other_hands": [],
             "seeds": [], "rngs": 0, "events": 0, "other_views": 0, "host_objects": []}}
    for obj in gc.get_objects():
        kind = type(obj)
        if isinstance(obj, Game) or (hasattr(kind, "snapshot") and hasattr(kind, "legal_actions")):
            found["games"].append(kind.__name__)
            found["seeds"].append(obj.config.seed)
            for seat in range(obj.num_seats):
                if seat != own:
                    found["other_hands"].append(obj.view(seat)["me"]["hand"])
        elif isinstance(obj, GameConfig) and obj.seed is not None:
            found["seeds"].append(obj.seed)
        elif isinstance(obj, Rng):
            found["rngs"] += 1
        elif isinstance(obj, Event):
            found["events"] += 1
        elif kind is dict and "me" in obj and obj.get("seat") not in (None, own):
            found["other_views"] += 1
        elif kind.__name__ in ("SandboxedBot", "BotSeat", "Table", "MatchSpec"):
            found["host_objects"].append(kind.__name__)
    found["argv_and_env"] = " ".join([*sys.argv, *os.environ.values()])
    with open(REPORT, "w") as f:
        json.dump(found, f)


class Peeker(BaseBot):
    name = "peeker"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.walked = False

    def choose(self, view, legal):
        if not self.walked:
            self.walked = True
            walk(view)
        return next(a for a in legal if a.type != "offer_trade")
"""


def _peek(bots_folder: Path, tmp_path: Path, spec: str) -> tuple[dict, int]:
    report = tmp_path / "found.json"
    (bots_folder / "peeker.py").write_text(PEEKER.format(report=str(report)))
    lineup = (spec, "random", "random", "random")
    record = play_game(MatchSpec("base", lineup, SEED_GAME, max_turns=2), 0)
    assert record.seats[0].spec == spec and record.seats[0].faults == 0, record.seats[0].log
    assert report.exists(), "the peeker never decided"
    return json.loads(report.read_text()), record.seed


def test_drop_in_bot_walking_gc_finds_no_game_no_hands_no_seed(
    bots_folder: Path, tmp_path: Path
) -> None:
    found, game_seed = _peek(bots_folder, tmp_path, "peeker")
    assert found["own_seat"] == 0 and isinstance(found["own_hand"], dict)  # the walk ran
    assert found["games"] == []
    assert found["other_hands"] == []
    assert found["seeds"] == []
    assert found["rngs"] == 0 and found["events"] == 0 and found["other_views"] == 0
    assert found["host_objects"] == []
    assert str(game_seed) not in found["argv_and_env"]


def test_the_same_walk_in_process_does_find_the_game(bots_folder: Path, tmp_path: Path) -> None:
    """The opt-out is honest: trusted in, the same bot sees everything (so the walk works)."""
    found, game_seed = _peek(bots_folder, tmp_path, "inproc:peeker")
    assert "BaseGame" in found["games"]
    assert len(found["other_hands"]) >= 3
    assert game_seed in found["seeds"]


# -- 2. an endless line ---------------------------------------------------------------------

ENDLESS = """
import json, sys, time
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "hello":
        print(json.dumps({"type": "hello", "protocol": 1, "name": "endless"}), flush=True)
    elif kind == "decide":
        for _ in range(128):  # 8 MiB without a newline
            sys.stdout.write("x" * 65536)
        sys.stdout.flush()
        time.sleep(120)
"""


def test_endless_line_is_a_fault_and_the_host_holds_at_most_one_mib(tmp_path: Path) -> None:
    script = tmp_path / "endless.py"
    script.write_text(ENDLESS)
    bot = ExecBot([sys.executable, str(script)])
    box = SandboxedBot(bot, budget=Budget(soft=2.0, hard=5.0), seat=0)
    view, legal = first_prompt()
    try:
        action = box.decide(view, legal)
        assert action in legal
        [fault] = box.stats.faults
        assert fault.kind == "protocol"
        assert f"a line longer than {MAX_LINE} bytes" in fault.message
        assert MAX_LINE - 65536 < bot.peak_line_bytes <= MAX_LINE
        started = time.monotonic()
        box.decide(view, legal)  # the bot stays faulty, at once
        assert time.monotonic() - started < 1.0
        assert box.stats.faults[1].kind == "protocol"
    finally:
        box.close()
    assert bot.proc is None


FLOOD = """
import json, sys
sys.stdin.readline()
print(json.dumps({"type": "hello", "protocol": 1, "name": "flood"}), flush=True)
line = json.dumps({"type": "log", "message": "spam"}) + "\\n"
while True:
    sys.stdout.write(line * 1024)
"""


def test_a_flood_of_short_lines_is_held_back_and_does_not_stop_the_clock(tmp_path: Path) -> None:
    script = tmp_path / "flood.py"
    script.write_text(FLOOD)
    bot = ExecBot([sys.executable, str(script)])
    box = SandboxedBot(bot, budget=Budget(soft=0.1, hard=0.5), seat=0)
    view, legal = first_prompt()
    try:
        bot.start()
        wait_until(lambda: bot.reader_waiting, 20, "the reader never stopped for room")
        assert MAX_QUEUED - MAX_LINE < bot.peak_queued_bytes <= MAX_QUEUED
        started = time.monotonic()
        box.decide(view, legal)
        assert time.monotonic() - started < 3.0
        assert box.stats.faults[0].kind == "timeout"
        said = [line for line in box.lines if "says:" in line]
        assert 0 < len(said) <= 20, len(said)  # a few are logged, not thousands
        assert bot.peak_queued_bytes <= MAX_QUEUED
    finally:
        box.close()
    assert bot.proc is None


# -- 3. a child that escaped with setsid ------------------------------------------------------

ESCAPER_EXEC = """
import json, subprocess, sys
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"],
                         start_new_session=True)
open({pidfile!r}, "w").write(str(child.pid))
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "hello":
        print(json.dumps({{"type": "hello", "protocol": 1, "name": "escaper"}}), flush=True)
    elif kind == "bye":
        break
"""

ESCAPER_PY = """
import subprocess, sys
from ai.protocol import BaseBot

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"],
                         start_new_session=True)
open({pidfile!r}, "w").write(str(child.pid))


class Escaper(BaseBot):
    name = "escaper"

    def choose(self, view, legal):
        return legal[0]
"""


@pytest.mark.parametrize("how", ["exec", "python-file"])
def test_close_returns_and_kills_a_grandchild_that_escaped_with_setsid(
    tmp_path: Path, how: str
) -> None:
    pidfile = tmp_path / "grandchild.pid"
    script = tmp_path / "escaper.py"
    if how == "exec":
        script.write_text(ESCAPER_EXEC.format(pidfile=str(pidfile)))
        bot = ExecBot([sys.executable, str(script)])
        bot.start()
    else:
        script.write_text(ESCAPER_PY.format(pidfile=str(pidfile)))
        bot = create_bot(f"{script}:Escaper", seed=1)  # type: ignore[assignment]
    wait_until(lambda: pidfile.exists() and pidfile.read_text() != "", 10, "no grandchild pid")
    pid = int(pidfile.read_text())
    try:
        assert alive(pid)
        closer = threading.Thread(target=bot.close, daemon=True)
        started = time.monotonic()
        closer.start()
        closer.join(timeout=10)
        assert not closer.is_alive(), "close() is blocked (on a pipe the grandchild holds?)"
        assert time.monotonic() - started < 5
        wait_until(lambda: not alive(pid), 5, f"the setsid grandchild {pid} outlived close()")
    finally:
        if alive(pid):  # today's code leaves it behind: do not leave it running
            os.kill(pid, signal.SIGKILL)


# -- 4. stuck in decide: the program still exits ------------------------------------------------

LOOPER = """
from ai.protocol import BaseBot


class Looper(BaseBot):
    name = "looper"

    def choose(self, view, legal):
        while True:
            pass
"""


@pytest.mark.parametrize("prefix", ["", "inproc:"], ids=["own-process", "inproc"])
def test_tournament_exits_with_its_report_despite_a_bot_stuck_in_decide(
    tmp_path: Path, prefix: str
) -> None:
    path = tmp_path / "looper.py"
    path.write_text(LOOPER)
    bots = f"{prefix}{path}:Looper,random,random,random"
    args = ["--games", "1", "--max-turns", "3", "--budget", "0.05", "--seed", str(SEED_CLI)]
    done = catan("tournament", "--bots", bots, *args, "--json", timeout=60)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    row = next(r for r in report["results"] if "looper" in r["bot"])
    assert row["faults"] == 3 and row["replaced"] == 1
    log = " ".join(report["fault_log"])
    assert "(timeout)" in log and "takes this seat for the rest of the game" in log


# -- 5. os._exit is a fault ------------------------------------------------------------------

EXITER = """
import os
from ai.protocol import BaseBot


class Exiter(BaseBot):
    name = "exiter"

    def choose(self, view, legal):
        os._exit(3)
"""


def test_a_bot_calling_os_exit_is_a_fault_and_the_tournament_completes(tmp_path: Path) -> None:
    path = tmp_path / "exiter.py"
    path.write_text(EXITER)
    bots = f"{path}:Exiter,random,random,random"
    args = ["--games", "2", "--max-turns", "3", "--seed", str(SEED_CLI), "--json"]
    done = catan("tournament", "--bots", bots, *args, timeout=60)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["games"] == 2
    row = next(r for r in report["results"] if r["bot"] == "exiter:Exiter")
    assert row["faults"] == 6 and row["replaced"] == 2  # three per game, then greedy sits in
    first = next(line for line in report["fault_log"] if "exiter" in line)
    assert "fault 1/3 (exited)" in first
    assert "status 3" in first


# -- 6. escaped text -------------------------------------------------------------------------

RAISER = f"""
from ai.protocol import BaseBot


class Raiser(BaseBot):
    name = "raiser"

    def choose(self, view, legal):
        raise RuntimeError({ESC!r} + "boom [/] [red]")
"""

NOISY_EXEC = f"""
import json, sys
sys.stderr.write({ESC!r} + "from stderr\\n")
sys.stderr.flush()
for line in sys.stdin:
    kind = json.loads(line)["type"]
    if kind == "hello":
        print(json.dumps({{"type": "hello", "protocol": 1, "name": {ESC!r} + "noisy"}}), flush=True)
    elif kind == "decide":
        print(json.dumps({{"type": "log", "message": {ESC!r} + "a log line"}}), flush=True)
        sys.exit(1)
"""


def _no_escapes(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text, repr(text)
    assert "\\x1b[2J\\x1b]0;pwned\\x07" in text, text


def test_exception_text_is_escaped_in_process_and_out(tmp_path: Path) -> None:
    path = tmp_path / "raiser.py"
    path.write_text(RAISER)
    view, legal = first_prompt()
    for spec in (f"{path}:Raiser", f"inproc:{path}:Raiser"):
        box = SandboxedBot(create_bot(spec, 1), budget=Budget(soft=2.0, hard=5.0), seat=0)
        try:
            box.decide(view, legal)
        finally:
            box.close()
        [fault] = box.stats.faults
        assert fault.kind == "exception", spec
        assert fault.message.startswith("RuntimeError: "), fault.message
        _no_escapes(fault.message)
        _no_escapes(box.lines[0])


def test_stderr_log_messages_and_names_from_a_bot_process_are_escaped(tmp_path: Path) -> None:
    script = tmp_path / "noisy.py"
    script.write_text(NOISY_EXEC)
    bot = ExecBot([sys.executable, str(script)])
    box = SandboxedBot(bot, budget=Budget(soft=2.0, hard=5.0), seat=0)
    view, legal = first_prompt()
    try:
        bot.start()
        _no_escapes(bot.remote_name)
        box.decide(view, legal)
    finally:
        box.close()
    [fault] = box.stats.faults
    assert fault.kind == "exited"
    _no_escapes(fault.message)  # the stderr tail is part of it
    said = [line for line in box.lines if "says:" in line]
    assert said, box.lines
    _no_escapes(said[0])


def test_the_tournament_report_prints_bot_text_escaped(tmp_path: Path) -> None:
    path = tmp_path / "raiser.py"
    path.write_text(RAISER)
    bots = f"{path}:Raiser,random,random,random"
    done = catan("tournament", "--bots", bots, "--games", "1", "--max-turns", "2", timeout=60)
    assert done.returncode == 0, done.stderr  # rich markup in the text does not crash the report
    assert "boom [/] [red]" in done.stdout
    _no_escapes(done.stdout)


def test_catan_bots_lists_a_plugin_error_escaped(
    bots_folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tui.cli import main

    (bots_folder / "broken.py").write_text(f"raise RuntimeError({ESC!r} + 'kaputt [/]')\n")
    assert main(["bots", "--bots-dir", str(bots_folder)]) == 0  # no markup error either
    out = capsys.readouterr().out
    assert "kaputt [/]" in out
    _no_escapes(out)


# -- 7. limits ---------------------------------------------------------------------------------

LIMITED = """
import resource
from ai.protocol import BaseBot


class Limited(BaseBot):
    name = "limited"

    def choose(self, view, legal):
        print("prints go to stderr, not into the protocol")
        memory = resource.getrlimit(resource.RLIMIT_AS)
        core = resource.getrlimit(resource.RLIMIT_CORE)
        raise RuntimeError(f"limits as={memory} core={core}")
"""


def test_a_bot_process_has_a_memory_ceiling_and_no_core_dumps(tmp_path: Path) -> None:
    path = tmp_path / "limited.py"
    path.write_text(LIMITED)
    box = SandboxedBot(create_bot(f"{path}:Limited", 1), budget=Budget(soft=2.0, hard=5.0))
    view, legal = first_prompt()
    try:
        box.decide(view, legal)
    finally:
        box.close()
    [fault] = box.stats.faults
    assert fault.kind == "exception"
    two_gib = 2 << 30
    assert f"as=({two_gib}, {two_gib}) core=(0, 0)" in fault.message


def test_stderr_without_newlines_is_kept_short(tmp_path: Path) -> None:
    script = tmp_path / "chatty.py"
    script.write_text(
        "import json, sys\n"
        "sys.stderr.write('y' * (4 << 20)); sys.stderr.flush()\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'type': 'hello', 'protocol': 1, 'name': 'chatty'}), flush=True)\n"
        "sys.stdin.readline()\n"
    )
    bot = ExecBot([sys.executable, str(script)])
    try:
        bot.start()
    finally:
        bot.close()
    assert bot.stderr_tail and all(len(line) <= 301 for line in bot.stderr_tail)


# -- the process model keeps play faithful, and cheap -------------------------------------------

RECORDER = """
import os
from ai.bots.random_bot import RandomBot


class Recorder(RandomBot):
    name = "recorder"

    def on_game_start(self, seat, view):
        super().on_game_start(seat, view)
        with open({path!r}, "a") as f:
            f.write(f"{{os.getpid()}} {{seat}} {{self.seed}}\\n")
"""


def test_out_of_process_bot_plays_exactly_like_the_same_bot_in_process() -> None:
    """The random bot from its file (own process) and built in: same seeds, same games."""
    from ai.tournament import run_tournament

    file_spec = f"{ROOT / 'ai' / 'bots' / 'random_bot.py'}:RandomBot"

    def outcome(first: str) -> list[tuple[object, ...]]:
        spec = MatchSpec("base", (first, "greedy", "greedy", "greedy"), SEED_CLI, max_turns=60)
        report = run_tournament(spec, 4)
        return [(r["wins"], r["avg_vp"], r["decisions"], r["faults"]) for r in report["results"]]

    assert outcome(file_spec) == outcome("random")


def test_a_tournament_keeps_one_bot_process_and_reseeds_every_game(tmp_path: Path) -> None:
    from ai.tournament import bot_seed, run_tournament

    log = tmp_path / "games.txt"
    path = tmp_path / "recorder.py"
    path.write_text(RECORDER.format(path=str(log)))
    spec = MatchSpec("base", (f"{path}:Recorder", "random", "random"), SEED_CLI, max_turns=3)
    run_tournament(spec, 3)
    games = [line.split() for line in log.read_text().splitlines()]
    assert len(games) == 3
    assert len({pid for pid, _, _ in games}) == 1  # one process for the three games
    for index, (_pid, seat, seed) in enumerate(games):
        assert int(seed) == bot_seed(SEED_CLI, index, int(seat))
    assert not alive(int(games[0][0]))  # and it ended with the tournament


HOOKED = """
import json
from ai.bots.value import ValueBot


class Hooked(ValueBot):
    name = "hooked"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.seen = {{"start": None, "events": 0, "answers": 0, "offers": 0, "off_list": 0}}

    def on_game_start(self, seat, view):
        super().on_game_start(seat, view)
        self.seen["start"] = [seat, view["seat"]]

    def on_events(self, events):
        self.seen["events"] += len(events)

    def decide(self, view, legal):
        action = super().decide(view, legal)
        if view["phase"] == "trade_response":
            self.seen["answers"] += 1
        if action.type == "offer_trade":
            self.seen["offers"] += 1
            self.seen["off_list"] += action not in legal  # open-ended: sent as JSON, not an index
        return action

    def on_game_end(self, view):
        self.seen["winner"] = view["winner"]
        with open({path!r}, "w") as f:
            json.dump(self.seen, f)
"""


def test_hooks_trades_and_open_ended_offers_work_over_the_wire(tmp_path: Path) -> None:
    out = tmp_path / "seen.json"
    path = tmp_path / "hooked.py"
    path.write_text(HOOKED.format(path=str(out)))
    lineup = (f"{path}:Hooked", "value", "value", "value")
    record = play_game(MatchSpec("base", lineup, SEED_GAME, max_turns=250), 0)
    me = record.seats[0]
    assert me.faults == 0, me.log
    assert not record.capped
    seen = json.loads(out.read_text())
    assert seen["start"] == [0, 0]
    assert seen["events"] > 100
    assert seen["answers"] > 0  # offers from the others reached it and it answered
    assert seen["offers"] > 0 and seen["off_list"] > 0  # its own offers, open-ended ones too
    assert seen["winner"] == next(i for i, s in enumerate(record.seats) if s.won)
