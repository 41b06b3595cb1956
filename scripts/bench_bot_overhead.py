#!/usr/bin/env python3
"""What running a bot in its own process costs per decision (reported, not asserted).

The same bot, the built-in random bot, two ways: built in (in this process)
and loaded from its file path (``ai/bots/random_bot.py:RandomBot``, which
the registry runs out of process like any bot not shipped with the project).
Both answer the same prompts, taken from a seeded game, interleaved (the
order alternates every prompt) so that machine noise hits both alike. Times
are per decision, through the sandbox as at a table (``SandboxedBot.decide``),
and for the bot alone (``bot.decide``); also the events sent after an
action, and starting a bot process.

    python scripts/bench_bot_overhead.py [PROMPTS]      (default 400)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from ai.registry import create_bot  # noqa: E402
from ai.sandbox import Budget, SandboxedBot  # noqa: E402
from engine.actions import Action  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.registry import new_game  # noqa: E402

SEED_BENCH = 2024  # the game whose prompts are replayed
FILE_SPEC = f"{ROOT / 'ai' / 'bots' / 'random_bot.py'}:RandomBot"


def prompts(count: int) -> list[tuple[dict[str, Any], list[Action], list[dict[str, Any]]]]:
    """(view, legal actions, events of the action taken) from seeded games of greedy bots."""
    out: list[tuple[dict[str, Any], list[Action], list[dict[str, Any]]]] = []
    game_no = 0
    while len(out) < count:
        game = new_game(GameConfig("base", 4, SEED_BENCH + game_no))
        players = [create_bot("greedy", seat) for seat in range(4)]
        while game.to_act is not None and len(out) < count:
            seat = game.to_act
            view, legal = game.view(seat), game.legal_actions()
            events = game.apply(players[seat].decide(view, legal))
            out.append((view, legal, [e.for_seat(0) for e in events]))
        game_no += 1
    return out


def micros(samples: list[int]) -> str:
    ordered = sorted(samples)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return f"median {statistics.median(samples) / 1000:8.1f} µs   p90 {p90 / 1000:8.1f} µs"


def main(count: int) -> None:
    points = prompts(count)
    budget = Budget(soft=5.0, hard=10.0)

    starts: list[int] = []
    for i in range(5):
        began = time.perf_counter_ns()
        bot = create_bot(FILE_SPEC, i)
        starts.append(time.perf_counter_ns() - began)
        bot.close()  # type: ignore[attr-defined]

    inproc = create_bot("random", 1)
    outproc = create_bot(FILE_SPEC, 1)
    boxes = {
        "in": SandboxedBot(create_bot("random", 1), budget=budget, seat=0),
        "out": SandboxedBot(create_bot(FILE_SPEC, 1), budget=budget, seat=0),
    }
    for box in boxes.values():
        box.on_game_start(0, points[0][0])
    raw: dict[str, list[int]] = {"in": [], "out": []}
    boxed: dict[str, list[int]] = {"in": [], "out": []}
    events: dict[str, list[int]] = {"in": [], "out": []}
    bots = {"in": inproc, "out": outproc}
    for i, (view, legal, happened) in enumerate(points):
        order = ("in", "out") if i % 2 == 0 else ("out", "in")
        for key in order:
            began = time.perf_counter_ns()
            bots[key].decide(view, legal)
            raw[key].append(time.perf_counter_ns() - began)
        for key in order:
            began = time.perf_counter_ns()
            boxes[key].decide(view, legal)
            boxed[key].append(time.perf_counter_ns() - began)
        for key in order:
            began = time.perf_counter_ns()
            boxes[key].on_events(happened)
            events[key].append(time.perf_counter_ns() - began)
    for box in boxes.values():
        assert box.faults == 0, box.lines
        box.close()
    outproc.close()  # type: ignore[attr-defined]

    print(f"random bot, {len(points)} prompts from seeded games (seed {SEED_BENCH}), interleaved")
    print(f"  bot.decide        in process   {micros(raw['in'])}")
    print(f"  bot.decide        own process  {micros(raw['out'])}")
    print(f"  sandboxed decide  in process   {micros(boxed['in'])}")
    print(f"  sandboxed decide  own process  {micros(boxed['out'])}")
    print(f"  on_events         in process   {micros(events['in'])}")
    print(f"  on_events         own process  {micros(events['out'])}")
    print(f"  starting a bot process (spawn, load, handshake)  {micros(starts)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
