"""Benchmarks of the terminal app (measured by hand, never in timed tests).

    python -m tui.benchmarks            # all three
    python -m tui.benchmarks frame      # first frame after `catan play`, in a real terminal (tmux)
    python -m tui.benchmarks keys       # key press to repaint at 120x40, mid-game (headless)
    python -m tui.benchmarks memory     # resident memory of `catan play` with three bots (tmux)
    python -m tui.benchmarks rules      # F1 pressed in a game to the player guide drawn (headless)

Targets: first frame <= 0.5 s, key to repaint median <= 50 ms, memory <= 120 MiB,
F1 to the guide drawn <= 0.3 s.
"""

from __future__ import annotations

import asyncio
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.screen import Screen

PLAY = "play --ruleset base --seats human,random,random,random --seed 3 --speed instant"


def _tmux(*args: str) -> str:
    for attempt in range(3):
        done = subprocess.run(["tmux", *args], capture_output=True, text=True)
        if done.returncode == 0 or args[0] != "new-session" or attempt == 2:
            done.check_returncode()
            return done.stdout
        time.sleep(0.2)  # the server of the last, just-killed session may still be exiting
    raise AssertionError("unreachable")


def _start(session: str, saves: str) -> float:
    command = (
        f"env -u COLUMNS -u LINES -u PYTHONDONTWRITEBYTECODE CATAN_SAVES={shlex.quote(saves)} "
        f"{shlex.quote(sys.executable)} -m tui {PLAY}"
    )
    began = time.perf_counter()
    _tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", command)
    return began


def _wait(session: str, text: str, timeout: float = 20.0) -> float:
    return _wait_all(session, [text], timeout)[text]


def _wait_all(session: str, texts: list[str], timeout: float = 20.0) -> dict[str, float]:
    """When each text first appeared on the terminal (polled every 2 ms)."""
    seen: dict[str, float] = {}
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        pane = _tmux("capture-pane", "-p", "-t", session)
        now = time.perf_counter()
        for text in texts:
            if text not in seen and text in pane:
                seen[text] = now
        if len(seen) == len(texts):
            return seen
        time.sleep(0.002)
    raise RuntimeError(f"{sorted(set(texts) - set(seen))!r} never appeared")


BOARD = "Offers this turn"  # the trade panel, drawn from the first view: board and panels are up
DECISION = "Build a settlement"  # the person's first decision, after the bots before them


def first_frame(runs: int = 11) -> dict[str, list[float]]:
    """Seconds from starting `catan play` until the game is drawn, and until the first decision.

    A warm start, as every launch after a user's first: one uncounted run
    writes the bytecode caches (which PYTHONDONTWRITEBYTECODE, set in some
    sandboxes, would otherwise forbid, making every start compile the source).
    """
    out: dict[str, list[float]] = {BOARD: [], DECISION: []}
    for i in range(-1, runs):
        session = f"bench-frame-{os.getpid()}-{i}"
        with tempfile.TemporaryDirectory() as saves:
            began = _start(session, saves)
            try:
                seen = _wait_all(session, [BOARD, DECISION])
                if i >= 0:
                    for text, when in seen.items():
                        out[text].append(when - began)
            finally:
                subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return out


FLOOR_APP = """
from textual.app import App
from textual.widgets import Label

class Floor(App):
    def compose(self):
        yield Label("floor reached")

Floor().run()
"""


def textual_floor(runs: int = 11) -> list[float]:
    """The same clock on the smallest Textual app: what no work of ours can win back."""
    out = []
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "floor.py"
        script.write_text(FLOOR_APP)
        for i in range(-1, runs):
            session = f"bench-floor-{os.getpid()}-{i}"
            command = (
                f"env -u PYTHONDONTWRITEBYTECODE {shlex.quote(sys.executable)} "
                f"{shlex.quote(str(script))}"
            )
            began = time.perf_counter()
            _tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", command)
            try:
                seconds = _wait(session, "floor reached") - began
                if i >= 0:
                    out.append(seconds)
            finally:
                subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return out


def memory() -> dict[str, float]:
    """VmRSS (MiB) of the app with three bots: at the first decision and after some turns."""
    session = f"bench-mem-{os.getpid()}"
    with tempfile.TemporaryDirectory() as saves:
        _start(session, saves)
        try:
            _wait(session, "Build a settlement")
            pid = int(_tmux("list-panes", "-t", session, "-F", "#{pane_pid}").split()[0])
            start = _rss(pid)
            for _ in range(60):
                for key in ("Enter", "r", "e"):
                    _tmux("send-keys", "-t", session, key)
                    time.sleep(0.05)
            time.sleep(1.0)
            peak = _rss(pid, "VmHWM")
            now = _rss(pid)
        finally:
            subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return {"at start": start, "after play": now, "peak": peak}


def _rss(pid: int, field: str = "VmRSS") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} for {pid}")


async def _keys(presses: int) -> list[float]:
    import random

    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game
    from tui.app import CatanApp
    from tui.screens.game import GameScreen

    game = new_game(GameConfig("base", 4, 7, {}))
    rng = random.Random(7)
    while not (
        game.to_act == 0
        and game.view(0)["phase"] == "main"
        and any(a.type == "build_road" for a in game.legal_actions())
        and len(game.log) > 160
    ):
        legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
        game.apply(rng.choice(legal))
    directory = Path(tempfile.mkdtemp())
    path = directory / "mid.json"
    saves.save_to_path(game, path, {"seats": ["human", "random", "random", "random"]})
    app = CatanApp(saves_dir=directory, load=path, speed="instant")
    shown: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        real = app._display

        def display(screen: Screen[Any], renderable: RenderableType | None) -> None:
            shown.append(time.perf_counter())
            real(screen, renderable)

        app._display = display  # type: ignore[method-assign]  # Textual's private paint hook, timed here
        while not (isinstance(app.screen, GameScreen) and app.screen.legal):
            await pilot.pause(0.01)
        await pilot.press("d")
        await pilot.pause(0.1)
        out = []
        for i in range(presses):
            key = ("right", "down", "left", "up")[i % 4]
            shown.clear()
            began = time.perf_counter()
            await pilot.press(key)
            while not shown:
                await asyncio.sleep(0.001)
            out.append(shown[0] - began)
            await pilot.pause(0.02)
    return out


def keys(presses: int = 60) -> list[float]:
    return asyncio.run(_keys(presses))


async def _rules_open(ruleset: str, runs: int) -> list[float]:
    """Seconds from pressing F1 in a game until the rules screen is first painted."""
    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game
    from tui.app import CatanApp
    from tui.screens.game import GameScreen
    from tui.screens.rules import RulesScreen

    directory = Path(tempfile.mkdtemp())
    path = directory / "start.json"
    saves.save_to_path(new_game(GameConfig(ruleset, 4, 3, {})), path, {"seats": ["human"] * 4})
    app = CatanApp(saves_dir=directory, load=path, speed="instant")
    out: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        real = app._display
        painted: list[float] = []

        def display(screen: Screen[Any], renderable: RenderableType | None) -> None:
            if isinstance(screen, RulesScreen):
                painted.append(time.perf_counter())
            real(screen, renderable)

        app._display = display  # type: ignore[method-assign]  # Textual's private paint hook, timed here
        while not isinstance(app.screen, GameScreen):
            await pilot.pause(0.01)
        await pilot.pause(0.2)
        for _ in range(runs):
            painted.clear()
            began = time.perf_counter()
            await pilot.press("f1")
            while not painted:
                await asyncio.sleep(0.001)
            out.append(painted[0] - began)
            await pilot.press("escape")
            await pilot.pause(0.05)
    return out


def rules_open(runs: int = 11) -> dict[str, list[float]]:
    from tui.faces import playable

    return {r: asyncio.run(_rules_open(r, runs)) for r in playable()}


def main(argv: list[str]) -> int:
    which = argv[0] if argv else "all"
    if which in ("frame", "all"):
        frames = first_frame()
        frames["floor"] = textual_floor()
        labels = {
            BOARD: "first frame (board and panels)",
            DECISION: "first decision",
            "floor": "Textual's floor (a one-label app)",
        }
        for text, label in labels.items():
            runs = frames[text]
            shown = [round(r, 3) for r in runs]
            print(f"{label}: median {statistics.median(runs):.3f} s, runs {shown}")
    if which in ("keys", "all"):
        lat = keys()
        q = statistics.quantiles(lat, n=20)
        print(
            f"key to repaint at 120x40: median {statistics.median(lat) * 1000:.1f} ms, "
            f"p95 {q[-1] * 1000:.1f} ms over {len(lat)} presses"
        )
    if which in ("rules", "all"):
        for ruleset, runs in rules_open().items():
            shown = [round(r, 3) for r in runs]
            print(
                f"F1 to the {ruleset} guide: median {statistics.median(runs):.3f} s, runs {shown}"
            )
    if which in ("memory", "all"):
        mem = memory()
        print("resident memory (MiB): " + ", ".join(f"{k} {v:.1f}" for k, v in mem.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
