"""Fit `ai.features.outcome`'s weights to who won seeded self-play games, and say how well.

Plays two-seat base games of `value` bots (board ``seed + i``) and keeps, at the start of
every turn, both seats' features (`ai.features.outcome.features`) and who won in the end.
Four games in five train a logistic regression on the difference of the two seats'
features (Newton's method, a little ridge, no intercept, so that the model is symmetric in
the seats); the fifth is held out. Prints the held-out log loss and accuracy of the fit
and, for comparison, of the hand-set evaluation's difference scaled by one fitted factor,
then the weights as a Python tuple for `WEIGHTS`.

    python scripts/fit_outcome.py --games 2000 --seed 900000
"""

from __future__ import annotations

import argparse
import math
import time

import selfplay

from ai.features.base import evaluate
from ai.features.outcome import FEATURES, features
from ai.registry import create_bot
from engine.config import GameConfig
from engine.registry import new_game
from engine.rulesets.base.game import BaseGame

Row = tuple[list[float], float, float]
"""Seat 0's features less seat 1's, the same of the evaluations, and 1 if seat 0 won."""


def play(board: int, spec: str, max_turns: int = 300) -> list[Row]:
    """One game's rows (none if nobody won)."""
    game = new_game(GameConfig("base", 2, board))
    assert isinstance(game, BaseGame), "the base ruleset makes a BaseGame"
    bots = [create_bot(spec, board * 8 + p) for p in range(2)]
    selfplay.start(game, bots)
    kept: list[tuple[list[float], float]] = []
    seen = -1
    while game.to_act is not None and game.turn <= max_turns:
        if game.turn != seen and game.turn >= 1:
            seen = game.turn
            a, b = features(game, 0), features(game, 1)
            kept.append(
                ([x - y for x, y in zip(a, b, strict=True)], evaluate(game, 0) - evaluate(game, 1))
            )
        selfplay.play(game, bots, selfplay.ask(game, bots))
    if game.winner_seat < 0:
        return []
    won = 1.0 if game.winner_seat == 0 else 0.0
    return [(x, e, won) for x, e in kept]


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    ez = math.exp(z)
    return ez / (1.0 + ez)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xs: list[list[float]], ys: list[float], ridge: float, steps: int = 8) -> list[float]:
    """Logistic regression without intercept by Newton's method."""
    k = len(xs[0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [-ridge * wi for wi in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            r = y - p
            s = p * (1.0 - p)
            for i in range(k):
                xi = x[i]
                if xi == 0.0:
                    continue
                grad[i] += r * xi
                row = hess[i]
                sxi = s * xi
                for j in range(i, k):
                    row[j] += sxi * x[j]
        for i in range(k):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
    return w


def loss(ws: list[float], xs: list[list[float]], ys: list[float]) -> tuple[float, float]:
    """Mean log loss and accuracy of the model `ws` on (xs, ys)."""
    total, right = 0.0, 0
    for x, y in zip(xs, ys, strict=True):
        p = min(max(_sigmoid(sum(w * v for w, v in zip(ws, x, strict=True))), 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p > 0.5) == (y > 0.5)
    return total / len(xs), right / len(xs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=900000)
    parser.add_argument("--bot", default="value")
    parser.add_argument("--ridge", type=float, default=1.0)
    args = parser.parse_args()
    started = time.perf_counter()
    train: list[Row] = []
    test: list[Row] = []
    for i in range(args.games):
        (test if i % 5 == 4 else train).extend(play(args.seed + i, args.bot))
        if (i + 1) % 100 == 0:
            print(f"{i + 1} games, {time.perf_counter() - started:.0f} s", flush=True)

    def design(rows: list[Row], by_evaluation: bool) -> tuple[list[list[float]], list[float]]:
        """The fit's inputs: the features' differences, or the evaluations' in points per VP."""
        xs = [[e / 10.0] if by_evaluation else x for x, e, _ in rows]
        return xs, [y for _, _, y in rows]

    print(f"{len(train)} training rows, {len(test)} held out")
    for name, by_evaluation in (
        ("the hand-set evaluation's difference", True),
        ("the fitted model", False),
    ):
        ws = fit(*design(train, by_evaluation), args.ridge)
        held, right = loss(ws, *design(test, by_evaluation))
        print(f"{name}: held-out log loss {held:.4f}, accuracy {right:.3f}")
    ws = fit(*design(train + test, False), args.ridge)
    print("WEIGHTS = (")
    for n, w in zip(FEATURES, ws, strict=True):
        print(f"    {w:.4f},  # {n}")
    print(")")


if __name__ == "__main__":
    main()
