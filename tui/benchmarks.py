"""Benchmarks of the terminal app (measured by hand, never in timed tests).

    python -m tui.benchmarks            # all three
    python -m tui.benchmarks frame      # first frame after `catan play`, in a real terminal (tmux)
    python -m tui.benchmarks keys       # key press to repaint at 120x40, mid-game (headless)
    python -m tui.benchmarks memory     # resident memory of `catan play` with three bots (tmux)

Targets: first frame <= 0.5 s, key to repaint median <= 50 ms, memory <= 120 MiB.
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

PLAY = "play --ruleset base --seats human,random,random,random --seed 3 --speed instant"


def _tmux(*args: str) -> str:
    return subprocess.run(["tmux", *args], check=True, capture_output=True, text=True).stdout


def _start(session: str, saves: str) -> float:
    command = (
        f"env -u COLUMNS -u LINES -u PYTHONDONTWRITEBYTECODE CATAN_SAVES={shlex.quote(saves)} "
        f"{shlex.quote(sys.executable)} -m tui {PLAY}"
    )
    began = time.perf_counter()
    _tmux("new-session", "-d", "-s", session, "-x", "120", "-y", "40", command)
    return began


def _wait(session: str, text: str, timeout: float = 20.0) -> float:
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        if text in _tmux("capture-pane", "-p", "-t", session):
            return time.perf_counter()
        time.sleep(0.005)
    raise RuntimeError(f"{text!r} never appeared")


def first_frame(runs: int = 5) -> list[float]:
    """Seconds from starting `catan play` until the game screen is on the terminal.

    A warm start, as every launch after a user's first: one uncounted run
    writes the bytecode caches (which PYTHONDONTWRITEBYTECODE, set in some
    sandboxes, would otherwise forbid, making every start compile the source).
    """
    out = []
    for i in range(-1, runs):
        session = f"bench-frame-{os.getpid()}-{i}"
        with tempfile.TemporaryDirectory() as saves:
            began = _start(session, saves)
            try:
                seconds = _wait(session, "Build a settlement") - began
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

        def display(screen: object, update: object) -> None:
            shown.append(time.perf_counter())
            real(screen, update)  # type: ignore[arg-type]

        app._display = display  # type: ignore[method-assign]
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


def main(argv: list[str]) -> int:
    which = argv[0] if argv else "all"
    if which in ("frame", "all"):
        runs = first_frame()
        shown = [round(r, 3) for r in runs]
        print(f"first frame: median {statistics.median(runs):.3f} s, runs {shown}")
    if which in ("keys", "all"):
        lat = keys()
        q = statistics.quantiles(lat, n=20)
        print(
            f"key to repaint at 120x40: median {statistics.median(lat) * 1000:.1f} ms, "
            f"p95 {q[-1] * 1000:.1f} ms over {len(lat)} presses"
        )
    if which in ("memory", "all"):
        mem = memory()
        print("resident memory (MiB): " + ", ".join(f"{k} {v:.1f}" for k, v in mem.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
