#!/usr/bin/env python3
"""`catan simulate` of one ruleset, whole process, this checkout against an older one (reported).

    python scripts/bench_simulate.py --ruleset starfarers [--games 20] [--rounds 5]
        [--ref /path/to/old/checkout] [--ref-games 2]

Each round runs ``catan simulate --ruleset R --games G --players 4 --json``
here and, with ``--ref``, in the old checkout (fewer games there if it is
slow), interleaved (A B, B A, ...). Per run: games per second of the
simulate loop as the command prints it, games per wall second and per CPU
second of the whole process (user + system time of the child; steadier on a
shared machine). Prints medians over rounds and, with ``--ref``, the median
of the paired rounds' ratios of games per CPU second.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from benchrun import run_child

ROOT = Path(__file__).resolve().parents[1]


def _run(command: list[str], cwd: Path) -> tuple[float, float, dict[str, object]]:
    """Wall seconds, CPU seconds of the child alone, and its JSON output."""
    wall, cpu, out = run_child(command, cwd)
    figures: dict[str, object] = json.loads(out)
    return wall, cpu, figures


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="starfarers")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ref", type=Path, default=None, help="an older checkout to compare")
    parser.add_argument("--ref-games", type=int, default=None, help="games per run there")
    args = parser.parse_args(argv)
    runs: dict[str, tuple[int, Path]] = {"ours": (args.games, ROOT)}
    if args.ref is not None:
        runs["ref"] = (args.ref_games or args.games, args.ref.resolve())
    loop: dict[str, list[float]] = {name: [] for name in runs}
    per_wall: dict[str, list[float]] = {name: [] for name in runs}
    per_cpu: dict[str, list[float]] = {name: [] for name in runs}
    for r in range(args.rounds):
        for name in list(runs) if r % 2 == 0 else list(reversed(runs)):
            games, cwd = runs[name]
            command = [sys.executable, "-m", "tui", "simulate", "--ruleset", args.ruleset]
            command += ["--games", str(games), "--players", "4", "--json"]
            wall, cpu, figures = _run(command, cwd)
            loop[name].append(float(str(figures["games_per_second"])))
            per_wall[name].append(games / wall)
            per_cpu[name].append(games / cpu)
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)
    print(f"catan simulate --ruleset {args.ruleset} --players 4, {args.rounds} rounds (medians):")
    for name, (games, _) in runs.items():
        print(
            f"  {name:4} ({games} games): loop {statistics.median(loop[name]):7.2f} games/s; "
            f"whole process {statistics.median(per_wall[name]):7.2f} games/s by wall, "
            f"{statistics.median(per_cpu[name]):7.2f} by CPU"
        )
    if "ref" in runs:
        ratio = statistics.median(
            a / b for a, b in zip(per_cpu["ours"], per_cpu["ref"], strict=True)
        )
        print(f"  ours / ref, games per CPU second of the whole process: {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
