#!/usr/bin/env python3
"""Random keys into the real app, to find what crashes it (a nightly check, not a test).

    python scripts/mash_keys.py --ruleset ck --seeds 1:5 --presses 800
    python scripts/mash_keys.py --all --seeds 1:3 --menu

Each run starts a game of one person and two `random` bots (or, with
`--menu`, the main menu, so the new-game form, Load and the record are
mashed too) in Textual's test harness, which re-raises any exception the app
raises, and presses `--presses` keys drawn from the seed, at 80x24 and at
120x40. A drawn `q` may leave the game for the menu and the menu's `q` the
app: the run then ends early, which is fine. Every run prints one line; a
crash prints the last keys pressed and the traceback. Exit status 1 if any
run crashed. Saves, settings and the record go to a temporary folder.

It is not in the suite: 32 runs take several minutes, more than the suite's
budget allows, and a run's keys depend on timing (bots move between presses).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import traceback
from pathlib import Path

from engine.config import GameConfig
from tui.app import CatanApp

KEYS = [
    *("enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "space"),
    *"0123456789",
    *"abcdefghijklmnopqrstuvwxyz",
    *("question_mark", "slash", "plus", "minus", "backspace"),
    *("f1", "f2", "f3", "f4", "f5", "f6", "pageup", "pagedown", "home", "end", "ctrl+s"),
    *("left_square_bracket", "right_square_bracket"),
]
"""Every key a player might press, but ctrl+q and ctrl+c (they only end the app)."""
RULESETS = ("base", "starfarers", "ck", "fleet")
SIZES = ((80, 24), (120, 40))


async def mash(
    ruleset: str, seed: int, presses: int, size: tuple[int, int], menu: bool, saves: Path
) -> bool:
    """One run; True if the app never raised."""
    rng = random.Random(seed)
    config = GameConfig(ruleset, 3, seed, {})
    play = None if menu else (config, ["human", "random", "random"])
    app = CatanApp(saves_dir=saves, speed="instant", play=play)
    pressed: list[str] = []
    where = f"{'the menu' if menu else ruleset} seed {seed} {size[0]}x{size[1]}"
    try:
        async with app.run_test(size=size) as pilot:
            for i in range(presses):
                key = rng.choice(KEYS)
                pressed.append(key)
                await pilot.press(key)
                if i % 25 == 0:
                    await pilot.pause()
                if not app.is_running:
                    break
            await pilot.pause()
            screen = f"ended on {type(app.screen).__name__}" if app.is_running else "left the app"
    except Exception:
        print(f"CRASH {where} after {len(pressed)} keys; the last: {pressed[-12:]}", flush=True)
        traceback.print_exc()
        return False
    print(f"ok    {where}: {len(pressed)} keys, {screen}", flush=True)
    return True


def seeds(text: str) -> range:
    first, _, last = text.partition(":")
    try:
        start = int(first)
        stop = int(last) + 1 if last else start + 1  # FIRST:LAST, both played
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not FIRST:LAST (e.g. 1:5)") from None
    if stop <= start:
        raise argparse.ArgumentTypeError(f"{text!r} names no seed: LAST is below FIRST")
    return range(start, stop)


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--ruleset", choices=RULESETS, default="base")
    which.add_argument("--all", action="store_true", help="every ruleset")
    parser.add_argument(
        "--seeds", type=seeds, default=range(1, 3), help="FIRST:LAST, both played (1:2)"
    )
    parser.add_argument("--presses", type=int, default=600, help="keys per run (600)")
    parser.add_argument("--menu", action="store_true", help="start at the main menu")
    args = parser.parse_args(argv)
    # From the menu the keys choose the game: one ruleset's runs would repeat another's.
    rulesets = ("base",) if args.menu else RULESETS if args.all else (args.ruleset,)
    crashed = 0
    with tempfile.TemporaryDirectory(prefix="catan-mash-") as tmp:
        # The person's own settings, record and saves are never touched.
        os.environ["CATAN_RECORDS"] = str(Path(tmp) / "records.json")
        os.environ["XDG_CONFIG_HOME"] = os.environ["XDG_DATA_HOME"] = tmp
        for ruleset in rulesets:
            for seed in args.seeds:
                for size in SIZES:
                    saves = Path(tmp) / f"{ruleset}-{seed}-{size[0]}"
                    saves.mkdir()
                    ok = await mash(ruleset, seed, args.presses, size, args.menu, saves)
                    crashed += not ok
    runs = len(rulesets) * len(args.seeds) * len(SIZES)
    print(f"{runs - crashed} of {runs} runs without a crash")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
