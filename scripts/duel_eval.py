"""Self-play duel of evaluation weights: one bot with changed weights against the rest without.

The base game's evaluation (and every ruleset built on it) reads its weights
from ``ai.features.base.WEIGHTS``; this script plays seeded games in which one
seat's bot decides with some of them changed (``--set leader_share=0.5``) and
the other seats with the defaults, the changed seat rotating through every
seat on each board, and prints the changed bot's wins with a Wilson 95%
interval (25% is an even match with four seats; ``--seats 2`` plays head to
head). Everything runs in this process, one game after another, so the swap
of weights around the changed seat's decisions touches nobody else. Run it under ``nice``:

    python scripts/duel_eval.py --set leader_share=0.5 --games 400 --seed 500000
"""

from __future__ import annotations

import argparse
import dataclasses
from contextlib import nullcontext

import selfplay

import ai.features.base as features
from ai.registry import create_bot
from ai.tournament import wilson
from engine.config import GameConfig
from engine.registry import new_game


def duel(
    changed: features.Weights,
    games: int,
    seed: int,
    ruleset: str = "base",
    spec: str = "value",
    seats: int = 4,
    max_turns: int = 400,
) -> int:
    """Games won by the seat deciding with `changed`.

    Game i is played on board ``seed + i // seats`` with the changed bot in seat ``i % seats``.
    """
    wins = 0
    for i in range(games):
        board, hero = seed + i // seats, i % seats
        game = new_game(GameConfig(ruleset, seats, board))
        bots = [create_bot(spec, board * 8 + p) for p in range(seats)]
        selfplay.start(game, bots)
        while game.to_act is not None and int(getattr(game, "turn", 0)) <= max_turns:
            weights = features.weighed_by(changed) if game.to_act == hero else nullcontext()
            with weights:
                action = selfplay.ask(game, bots)
            selfplay.play(game, bots, action)
        wins += game.winner == hero
    return wins


def _change(text: str) -> tuple[str, float]:
    name, _, value = text.partition("=")
    fields = {f.name for f in dataclasses.fields(features.Weights)}
    if name not in fields:
        raise argparse.ArgumentTypeError(f"{name!r} is not a weight; one of {sorted(fields)}")
    try:
        return name, float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: the value is not a number") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", type=_change, action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=500000, help="board seed of the first round")
    parser.add_argument("--ruleset", default="base")
    parser.add_argument("--bot", default="value", help="the bot spec in every seat")
    parser.add_argument("--seats", type=int, choices=(2, 3, 4), default=4)
    args = parser.parse_args()
    changes = {name: int(value) if name == "card_cap" else value for name, value in args.set}
    changed = dataclasses.replace(features.WEIGHTS, **changes)
    wins = duel(changed, args.games, args.seed, args.ruleset, args.bot, args.seats)
    low, high = wilson(wins, args.games)
    others = {2: "one", 3: "two", 4: "three"}[args.seats]
    print(
        f"{args.bot} with {changes or 'the default weights'}: won {wins} of {args.games}"
        f" ({100 * wins / args.games:.1f}%, Wilson 95% {100 * low:.1f}-{100 * high:.1f}%)"
        f" against {others} with the defaults ({100 / args.seats:.0f}% is even)"
    )


if __name__ == "__main__":
    main()
