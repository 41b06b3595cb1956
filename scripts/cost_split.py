#!/usr/bin/env python3
"""Where `catan bench`'s time goes: listing per decision kind, applying per action kind.

    python scripts/cost_split.py --ruleset ck [--games 30] [--seed 1] [--top 12]

Plays the bench's games (uniform random legal play, trade offers drawn
again, the same seeds) and times every `legal_actions()` call by the kind of
decision on top of the stack and every `apply()` by the action's type. For
each it prints the count, the mean microseconds per call and the share of
microseconds per action of the whole run, so two rulesets' lines can be set
side by side: what the listing of a decision kind, or one kind of action,
adds to every action's cost. Wall clock, so run it on a quiet machine.

    python scripts/cost_split.py --ruleset ck --against base

also plays the other ruleset's games and prints the floor of the ratio its
bench reports (other's actions/s over this one's): what this ruleset's time
per action would be if every decision kind and action type the two share cost
per call what it costs in the other (this ruleset's own kinds as measured, then
at no cost at all). A target above the first floor needs this ruleset's own
kinds cheaper than measured as well as every shared kind as cheap as the other's.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from typing import Any

from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from engine.headless import random_rollout
from engine.registry import new_game


def _decision_kind(game: Game) -> str:
    """The kind of decision on top of the stack (a hex-core game) or the phase's name."""
    pending = getattr(game, "pending", None)
    if pending:
        return str(pending[-1].kind)
    return str(getattr(game, "phase_name", "-"))


def measure(
    ruleset: str, games: int, seed: int, players: int = 4, turn_cap: int = 1000
) -> tuple[int, dict[str, list[float]], dict[str, list[float]]]:
    """Actions played, and per decision kind / action type: [calls, seconds].

    The games are `random_rollout`'s own (the bench's loop, its seeds and draws), with the
    game's `legal_actions` and `apply` timed in passing.
    """
    clock = time.perf_counter
    listing: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    applying: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    actions = 0
    for i in range(games):
        game = new_game(GameConfig(ruleset, players, seed + i, {}))
        list_legal, apply = game.legal_actions, game.apply

        def timed_listing(game: Game = game, list_legal: Any = list_legal) -> list[Action]:
            kind = _decision_kind(game)
            t0 = clock()
            legal: list[Action] = list_legal()
            row = listing[kind]
            row[0] += 1
            row[1] += clock() - t0
            return legal

        def timed_apply(action: Action, apply: Any = apply) -> Any:
            t0 = clock()
            events = apply(action)
            row = applying[action.type]
            row[0] += 1
            row[1] += clock() - t0
            return events

        game.legal_actions = timed_listing  # type: ignore[method-assign]
        game.apply = timed_apply  # type: ignore[method-assign]
        actions += random_rollout(game, random.Random(seed + i), turn_cap)
    return actions, dict(listing), dict(applying)


def report(title: str, table: dict[str, list[float]], actions: int, top: int) -> list[str]:
    total = sum(seconds for _, seconds in table.values())
    lines = [f"{title}: {total / actions * 1e6:.2f} us per action"]
    ranked = sorted(table.items(), key=lambda kv: -kv[1][1])
    for name, (calls, seconds) in ranked[:top]:
        lines.append(
            f"  {name:22s} {int(calls):7d} calls {seconds / calls * 1e6:8.2f} us each"
            f" {seconds / actions * 1e6:7.2f} us per action"
        )
    return lines


def floors(
    mine: tuple[int, dict[str, list[float]], dict[str, list[float]]],
    other: tuple[int, dict[str, list[float]], dict[str, list[float]]],
) -> tuple[float, float, float, float]:
    """(my us per action, the other's, my floor with my own kinds as measured, my floor with
    them free): the shared kinds priced per call at the other's cost."""
    actions, *mine_tables = mine
    other_actions, *other_tables = other
    measured = shared_floor = own = 0.0
    for table, theirs in zip(mine_tables, other_tables, strict=True):
        for name, (calls, seconds) in table.items():
            measured += seconds
            if name in theirs:
                their_calls, their_seconds = theirs[name]
                shared_floor += calls * their_seconds / their_calls
            else:
                own += seconds
    other_total = sum(seconds for t in other_tables for _, seconds in t.values())
    per = 1e6 / actions
    return (
        measured * per,
        other_total * 1e6 / other_actions,
        (shared_floor + own) * per,
        (shared_floor * per),
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--top", type=int, default=12)
    parser.add_argument("--against", default=None, help="a ruleset to price shared kinds by")
    args = parser.parse_args(argv)
    actions, listing, applying = measure(args.ruleset, args.games, args.seed, args.players)
    print(f"{args.ruleset}, {args.players} players, {args.games} games: {actions} actions")
    print("\n".join(report("listing, by decision kind", listing, actions, args.top)))
    print("\n".join(report("applying, by action type", applying, actions, args.top)))
    if args.against:
        other = measure(args.against, args.games, args.seed, args.players)
        mine_us, other_us, floor, free = floors((actions, listing, applying), other)
        ratio = other_us / mine_us
        print(f"against {args.against}: {mine_us:.2f} us per action here, {other_us:.2f} there")
        print(f"  ratio now ({args.against} time / {args.ruleset} time): {ratio:.3f}")
        print(
            f"  floor, shared kinds at {args.against}'s cost per call, own kinds as measured:"
            f" {floor:.2f} us per action, ratio {other_us / floor:.3f}"
        )
        print(
            f"  floor, shared kinds at {args.against}'s cost, own kinds free:"
            f" {free:.2f} us per action, ratio {other_us / free:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
