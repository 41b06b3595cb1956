#!/usr/bin/env python3
"""Seconds from F1 in a game to its player guide drawn, per ruleset (reported only).

    python scripts/bench_help.py [--repeat N]

Each ruleset the app can play gets a game with a person and three random bots
(seed SEED), headless at 120x40; once the person has a decision (the first
settlement), F1 is pressed REPEAT times (Esc in between) and the time until the
guide's screen is on top and has drawn its first frame is taken, by the clock
and in CPU time (the CPU figure is what a loaded machine does not inflate).
Prints the first, the median and the worst; the target is under 0.3 s (issue
16). The first press lays the guide out; later ones reuse its lines.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine.config import GameConfig
from tui.app import CatanApp
from tui.faces import playable
from tui.screens.game import GameScreen
from tui.screens.rules import RulesScreen

SEED = 1
SEATS = ["human", "random", "random", "random"]
TARGET = 0.3


async def _until(pilot: Any, test: Any, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not test():
        if time.monotonic() > deadline:
            raise TimeoutError(f"the app did not get there in time: {pilot.app.screen!r}")
        await pilot.pause(0.005)


async def _times(ruleset: str, repeat: int) -> list[tuple[float, float]]:
    with tempfile.TemporaryDirectory() as saves:
        config = GameConfig(ruleset, len(SEATS), SEED, {})
        app = CatanApp(saves_dir=Path(saves), play=(config, SEATS), speed="instant")
        out: list[tuple[float, float]] = []
        async with app.run_test(size=(120, 40)) as pilot:

            def deciding() -> bool:
                """The person's move, on the map or in the actions."""
                screen = app.screen
                return isinstance(screen, GameScreen) and (
                    screen.target is not None or bool(screen.legal)
                )

            await _until(pilot, deciding)
            for _ in range(repeat):
                start, cpu = time.perf_counter(), time.process_time()
                await pilot.press("f1")
                await _until(pilot, lambda: isinstance(app.screen, RulesScreen))
                await pilot.pause()  # the first frame of the guide
                out.append((time.perf_counter() - start, time.process_time() - cpu))
                await pilot.press("escape")
                await _until(pilot, deciding)
        return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="F1 presses per ruleset")
    args = parser.parse_args(argv)
    worst_all = 0.0
    for ruleset in playable():
        pairs = asyncio.run(_times(ruleset, args.repeat))
        for name, times in (("clock", [w for w, _ in pairs]), ("CPU", [c for _, c in pairs])):
            print(
                f"{ruleset:<11} F1 to guide, {name:<5}: first {times[0]:.3f} s, "
                f"median {statistics.median(times):.3f} s, worst {max(times):.3f} s"
            )
        worst_all = max(worst_all, max(c for _, c in pairs))
    print(f"target under {TARGET} s of CPU: {'met' if worst_all < TARGET else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
