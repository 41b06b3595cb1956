#!/usr/bin/env python3
"""This engine against catanatron 3.2.1 on random 4-player base games (reported, not asserted).

catanatron is not a dependency: it runs from a throw-away venv of its own,
in a process of its own, so nothing of it is ever imported here.

    python3 -m venv /tmp/catanatron-venv
    /tmp/catanatron-venv/bin/pip install catanatron==3.2.1
    python scripts/bench_vs_catanatron.py [--rounds 5] [--games 200] [--ref /path/to/old/checkout]

Three figures, each from ROUNDS runs interleaved (A B A B ...) so that the
load of a shared machine falls on both alike; medians and their ratio:

- simulate: the whole process of ``catan simulate --ruleset base --games G
  --players 4`` (random bots, start-up included) against a script that plays
  G games of catanatron's ``RandomPlayer`` (start-up included);
- bench: random games per second inside the game loop (``catan bench``
  against catanatron's ``Game.play``), start-up excluded;
- per action: microseconds listing the legal actions and applying one,
  timed apart (catanatron lists them inside its apply; its apply figure is
  the rest).

Each figure is given by the wall clock and by CPU time (the child's user +
system time; steadier on a machine shared with other work), and each ratio
is the median over rounds of the two runs of a round side by side.

With ``--ref``, the simulate figure also runs an older checkout of this
project (``git worktree add --detach DIR main``) for a before/after ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

from benchrun import run_child

ROOT = Path(__file__).resolve().parents[1]
CATANATRON_PYTHON = Path(os.environ.get("CATANATRON_VENV", "/tmp/catanatron-venv")) / "bin/python"
SEED_BENCH = 1  # the first game's seed, both engines

CATANATRON_SIMULATE = """
import random, sys
from catanatron import Game, Color
from catanatron.models.player import RandomPlayer
games = int(sys.argv[1])
for i in range(games):
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
    Game(players, seed=SEED + i).play()
""".replace("SEED", str(SEED_BENCH))

CATANATRON_BENCH = """
import json, sys, time
from catanatron import Game, Color
from catanatron.models.player import RandomPlayer
from catanatron.models.actions import generate_playable_actions
from catanatron.state import apply_action
games = int(sys.argv[1])
loop = cpu = 0.0
actions = 0
for i in range(games):
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
    game = Game(players, seed=SEED + i)
    c0 = time.process_time()
    t0 = time.perf_counter()
    game.play()
    loop += time.perf_counter() - t0
    cpu += time.process_time() - c0
    actions += len(game.state.actions)
# Per action, apart: catanatron lists the next legal actions inside apply_action.
legal_s = apply_s = 0.0
timed = 0
for i in range(games // 4 or 1):
    players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.ORANGE, Color.WHITE)]
    game = Game(players, seed=SEED + i)
    while game.winning_color() is None and game.state.num_turns < 1000:
        state = game.state
        t0 = time.process_time()
        generate_playable_actions(state)
        t1 = time.process_time()
        action = state.current_player().decide(game, state.playable_actions)
        t2 = time.process_time()
        apply_action(state, action)
        t3 = time.process_time()
        legal_s += t1 - t0
        apply_s += t3 - t2
        timed += 1
print(json.dumps({
    "games_per_second": games / loop,
    "games_per_cpu_second": games / cpu,
    "actions_per_second": actions / loop,
    "legal_us": 1e6 * legal_s / timed,
    "apply_us": 1e6 * (apply_s - legal_s) / timed,
    "apply_with_legal_us": 1e6 * apply_s / timed,
}))
""".replace("SEED", str(SEED_BENCH))

OURS_PER_ACTION = """
import json, random, sys, time
from engine.config import GameConfig
from engine.registry import new_game
games = int(sys.argv[1])
legal_s = apply_s = 0.0
timed = 0
for i in range(games):
    game = new_game(GameConfig("base", 4, SEED + i, {}))
    choice = random.Random(SEED + i).choice
    while game.to_act is not None and game.turn <= 1000:
        t0 = time.process_time()
        legal = game.legal_actions()
        t1 = time.process_time()
        action = choice([a for a in legal if a.type not in ("offer_trade", "counter_trade")])
        t2 = time.process_time()
        game.apply(action)
        t3 = time.process_time()
        legal_s += t1 - t0
        apply_s += t3 - t2
        timed += 1
print(json.dumps({"legal_us": 1e6 * legal_s / timed, "apply_us": 1e6 * apply_s / timed}))
""".replace("SEED", str(SEED_BENCH))


def _median(values: list[float]) -> float:
    return statistics.median(values)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bench-games", type=int, default=100)
    parser.add_argument("--ref", type=Path, default=None, help="an older checkout to compare")
    args = parser.parse_args(argv)
    if not CATANATRON_PYTHON.exists():
        print(f"no catanatron venv at {CATANATRON_PYTHON.parent.parent} (see this file's doc)")
        return 2
    me = sys.executable
    games = str(args.games)
    simulate = ["-m", "tui", "simulate", "--ruleset", "base", "--games", games, "--players", "4"]
    contenders: dict[str, tuple[list[str], Path]] = {
        "ours": ([me, *simulate, "--json"], ROOT),
        "catanatron": ([str(CATANATRON_PYTHON), "-c", CATANATRON_SIMULATE, games], Path("/tmp")),
    }
    if args.ref is not None:
        contenders["ref"] = ([me, *simulate, "--json"], args.ref.resolve())
    walls: dict[str, list[float]] = {name: [] for name in contenders}
    cpus: dict[str, list[float]] = {name: [] for name in contenders}
    bench_ours: list[dict[str, float]] = []
    bench_theirs: list[dict[str, float]] = []
    bench_ref: list[dict[str, float]] = []
    per_action: list[dict[str, float]] = []
    bench = [me, "-m", "tui", "bench", "--ruleset", "base", "--players", "4", "--json"]
    bench += ["--games", str(args.bench_games), "--copies", "1"]
    theirs = [str(CATANATRON_PYTHON), "-c", CATANATRON_BENCH, str(args.bench_games)]
    for r in range(args.rounds):
        order = list(contenders) if r % 2 == 0 else list(reversed(contenders))
        for name in order:
            command, cwd = contenders[name]
            wall, cpu, _ = run_child(command, cwd)
            walls[name].append(wall)
            cpus[name].append(cpu)
        pair = [("ours", bench, ROOT), ("theirs", theirs, Path("/tmp"))]
        if args.ref is not None:
            pair.append(("ref", bench, args.ref.resolve()))
        for who, command, cwd in pair if r % 2 == 0 else pair[::-1]:
            out = json.loads(run_child(command, cwd)[2])
            {"ours": bench_ours, "theirs": bench_theirs, "ref": bench_ref}[who].append(out)
        per_action_run = [me, "-c", OURS_PER_ACTION, str(max(1, args.bench_games // 4))]
        per_action.append(json.loads(run_child(per_action_run, ROOT)[2]))
        print(f"round {r + 1}/{args.rounds} done", file=sys.stderr)

    def paired(a: list[float], b: list[float]) -> float:
        """The median over rounds of a/b, each round's two runs taken side by side."""
        return _median([x / y for x, y in zip(a, b, strict=True)])

    print(f"catan simulate --ruleset base --games {args.games} --players 4, whole process")
    print(f"({args.rounds} interleaved rounds; games/s from the median seconds):")
    for name in contenders:
        w, c = walls[name], cpus[name]
        print(
            f"  {name:10} wall {_median(w):6.2f} s = {args.games / _median(w):6.1f} games/s;"
            f"  CPU {_median(c):6.2f} s = {args.games / _median(c):6.1f} games/s"
        )
    for other, label in (("catanatron", "catanatron"), ("ref", "ref (before)")):
        if other in contenders:
            print(
                f"  ours vs {label}: {paired(walls[other], walls['ours']):.2f}x by wall clock, "
                f"{paired(cpus[other], cpus['ours']):.2f}x by CPU time (medians of paired rounds)"
            )
    print(f"bench (game loop only, {args.bench_games} games per run):")
    for key, label in (("games_per_second", "wall"), ("games_per_cpu_second", "CPU")):
        ours_v = [b[key] for b in bench_ours]
        theirs_v = [b[key] for b in bench_theirs]
        print(
            f"  by {label:4}: ours {_median(ours_v):6.1f} games/s, catanatron "
            f"{_median(theirs_v):6.1f}; ours / catanatron {paired(ours_v, theirs_v):.2f}x"
        )
    if bench_ref:
        ref_v = [b["games_per_second"] for b in bench_ref]
        theirs_v = [b["games_per_second"] for b in bench_theirs]
        ours_v = [b["games_per_second"] for b in bench_ours]
        print(
            f"  ref (before), by wall: {_median(ref_v):6.1f} games/s; ref / catanatron "
            f"{paired(ref_v, theirs_v):.2f}x; ours / ref {paired(ours_v, ref_v):.2f}x"
        )
    ours_aps = _median([b["actions_per_second"] for b in bench_ours])
    theirs_aps = _median([b["actions_per_second"] for b in bench_theirs])
    print(f"  actions/s (wall): ours {ours_aps:.0f}, catanatron {theirs_aps:.0f}")
    print("per action (us of CPU, medians of runs):")
    for key in ("legal_us", "apply_us"):
        ours = _median([p[key] for p in per_action])
        theirs_v2 = _median([b[key] for b in bench_theirs])
        print(f"  {key[:-3]:6} ours {ours:6.1f}  catanatron {theirs_v2:6.1f}")
    both = _median([b["apply_with_legal_us"] for b in bench_theirs])
    print(f"  (catanatron lists the next legal actions inside its apply: {both:.1f} together)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
