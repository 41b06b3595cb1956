"""Are the search's overrides better than the value bot's pick? Judged by full games.

Plays seeded base games of `mcts` (with the given parameters) against `value`
bots. Whenever the search overrides the value bot's pick outside the setup,
the true position is played to the end from each of the two actions,
`--playouts` times, by `value` bots in every seat, with the same dice and bot
seeds for both actions (paired). A good override wins more of its playouts
than the value pick does. Prints each override, then the totals per kind of
decision (phase, value's pick, the override), and how many overrides won
more, fewer or as many playouts, and the same split by how sure the search was
(its gain over the value pick in standard errors), which says whether a
stricter threshold would keep the good overrides and drop the bad.

    python scripts/override_check.py --games 10 --playouts 30 --params budget_ms=100

The playouts see the true hands and deck (a judge, not a player), and they
model the opponent as the value bot, which is the opponent of the issue's
benchmarks. Run under ``nice``: 10 games take a few minutes.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

import selfplay

from ai.bots.mcts import MctsBot
from ai.registry import create_bot
from engine.actions import Action
from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game
from engine.rng import Rng


class Watched(MctsBot):
    """An mcts bot that keeps its last search's (phase, value pick, choice)."""

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self.last: tuple[str, Action, Action, float, float] | None = None

    def search(
        self, view: Any, candidates: list[Action], feats: Any, deadline: float, reserve: Any = ()
    ) -> Action:
        action = super().search(view, candidates, feats, deadline, reserve)
        self.last = (str(view["phase"]), candidates[0], action, self.last_z, self.last_gain)
        return action


Z_EDGES = (3.0, 5.0)
Z_BINS = ("< 3", "3-5", ">= 5")
"""How sure the search was of an override: its gain in standard errors, in three bins."""
GAIN_EDGES = (1.0, 3.0)
GAIN_BINS = ("< 1", "1-3", ">= 3")
"""How large the search's estimate of an override's gain was, in the evaluation's points
(about 10 a VP): a margin in points, unlike one in standard errors, does not shrink as a
longer budget's samples make the standard error smaller."""


def playout(game: Game, action: Action, seat: int, k: int, max_turns: int) -> bool:
    """Whether `seat` wins when `action` is played and value bots play on (dice seed `k`)."""
    g = game.copy()
    g.rng = Rng(1000 + k)  # type: ignore[attr-defined]
    g.apply(action)
    bots = [create_bot("value", 77 * k + p) for p in range(g.num_seats)]
    selfplay.start(g, bots)
    selfplay.finish(g, bots, max_turns)
    return g.winner == seat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=30)
    parser.add_argument("--seed", type=int, default=300, help="board seed of the first game")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--params", default="", help="mcts parameters, e.g. budget_ms=400")
    parser.add_argument("--max-turns", type=int, default=300)
    args = parser.parse_args()
    params = dict(kv.split("=", 1) for kv in args.params.split(",") if kv)
    totals: dict[tuple[str, str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    better = worse = same = 0
    by_z: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    by_gain: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for g in range(args.games):
        game = new_game(GameConfig("base", args.seats, args.seed + g))
        hero = g % args.seats
        watched = Watched(g * 8 + hero, **params)
        bots: list[Any] = [
            watched if p == hero else create_bot("value", g * 8 + p) for p in range(args.seats)
        ]
        selfplay.start(game, bots)
        while game.to_act is not None and int(getattr(game, "turn", 0)) <= args.max_turns:
            seat = game.to_act
            watched.last = None
            action = selfplay.ask(game, bots)
            last = watched.last if seat == hero else None
            if last is not None and last[1] != last[2] and not last[0].startswith("setup"):
                phase, pick, chosen, z, gain = last
                n = args.playouts
                kept = sum(playout(game, pick, seat, k, args.max_turns) for k in range(n))
                over = sum(playout(game, chosen, seat, k, args.max_turns) for k in range(n))
                key = (phase, pick.type, chosen.type)
                row = totals[key]
                row[0] += 1
                row[1] += kept
                row[2] += over
                better += over > kept
                worse += over < kept
                same += over == kept
                for bins, label in (
                    (by_z, Z_BINS[sum(z >= edge for edge in Z_EDGES)]),
                    (by_gain, GAIN_BINS[sum(gain >= edge for edge in GAIN_EDGES)]),
                ):
                    bins[label][0] += 1
                    bins[label][1] += kept
                    bins[label][2] += over
                turn = getattr(game, "turn", 0)
                print(
                    f"game {g} turn {turn} {key} z {z:.1f} gain {gain:.2f}: value pick {kept}/{n},"
                    f" override {over}/{n}"
                )
            selfplay.play(game, bots, action)
    count = sum(r[0] for r in totals.values())
    kept_wins = sum(r[1] for r in totals.values())
    over_wins = sum(r[2] for r in totals.values())
    print(
        f"{count} overrides; playouts won: value pick {kept_wins}, override {over_wins}"
        f" (of {count * args.playouts} each); the override won more {better}, fewer {worse},"
        f" as many {same}"
    )
    print("per kind (phase, value pick, override): overrides, value pick's wins, override's wins")
    for key, row in sorted(totals.items(), key=lambda kv: -kv[1][0]):
        print(f"  {key}: {row[0]}, {row[1]}, {row[2]}")
    print("by the search's gain in standard errors: overrides, value pick's wins, override's wins")
    for label in Z_BINS:
        if label in by_z:
            row = by_z[label]
            print(f"  z {label}: {row[0]}, {row[1]}, {row[2]}")
    print("by the search's gain in points: overrides, value pick's wins, override's wins")
    for label in GAIN_BINS:
        if label in by_gain:
            row = by_gain[label]
            print(f"  gain {label}: {row[0]}, {row[1]}, {row[2]}")


if __name__ == "__main__":
    main()
