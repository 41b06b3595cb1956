"""The value bot's harbour-aware progress and discard-risk terms (ai/features/base.py),
and the scripts that try other weights and judge the search's overrides."""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from pathlib import Path

from ai.features import base as feats
from engine.config import GameConfig
from engine.headless import random_rollout
from engine.registry import new_game
from engine.rulesets.base.game import BaseGame


def _game(seats: int = 4) -> BaseGame:
    game = new_game(GameConfig("base", seats, 3))
    assert isinstance(game, BaseGame)
    return game


def test_discard_risk_starts_above_the_limit_and_grows_with_the_hand() -> None:
    game = _game()
    assert feats.discard_risk(game, 0, 7) == 0.0
    eight, nine, ten = (feats.discard_risk(game, 0, n) for n in (8, 9, 10))
    assert 0.0 < eight == nine < ten  # a 7 takes half, rounded down


def test_discard_risk_is_higher_with_more_seats_rolling_before_my_turn() -> None:
    assert feats.discard_risk(_game(4), 0, 8) > feats.discard_risk(_game(2), 0, 8)


def test_a_harbour_makes_the_surplus_of_its_kind_count_toward_a_build() -> None:
    city = BaseGame.PRICES["city"]  # grain 2, ore 3
    hand = [0, 0, 2, 1, 3]  # one grain short, two wool to spare
    plain = [4, 4, 4, 4, 4]
    wool_harbour = [4, 4, 2, 4, 4]
    assert feats._missing_at_rates(hand, city, plain) == 1
    assert feats._missing_at_rates(hand, city, wool_harbour) < 1


def test_the_evaluation_prefers_spending_down_to_seven_over_holding_eight() -> None:
    """Same position, one card fewer above the limit scores higher (seed 3)."""
    game = _game()
    seat = 0
    hand = [2, 2, 2, 1, 1]  # 8 cards
    game.hands[0:5] = hand
    holding = feats.evaluate(game, seat)
    game.hands[0:5] = [2, 2, 1, 1, 1]  # 7 cards
    spent = feats.evaluate(game, seat)
    assert spent > holding


def test_changed_weights_hold_only_inside_weighed_by() -> None:
    """What scripts/duel_eval.py swaps around one seat's decisions, and only there."""
    game = _game()
    random_rollout(game, random.Random(3), turn_cap=20)  # seed 3: a position at turn 21
    assert game.total_vp(0) >= 2
    before = feats.evaluate(game, 0)
    doubled = dataclasses.replace(feats.WEIGHTS, vp=20.0, leader_share=0.0, field_share=0.0)
    with feats.weighed_by(doubled):
        inside = feats.evaluate(game, 0)
    assert feats.evaluate(game, 0) == before
    assert feats.Weights() == feats.WEIGHTS
    rivals = [feats._seat_value(game, p, False) for p in (1, 2, 3)]
    mine = feats._seat_value(game, 0, True)
    assert before == mine - 0.35 * max(rivals) - 0.1 * sum(rivals)
    # twice the points a VP: the seat's setup VP count 10 more each; no rival subtracted
    assert inside == mine + 10.0 * game.total_vp(0)


def test_duel_script_plays_head_to_head_with_seats_2() -> None:
    """scripts/duel_eval.py --seats 2: one changed bot against one, seats swapped per board."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "duel_eval.py"
    run = subprocess.run(
        [sys.executable, str(script), "--seats", "2", "--games", "2", "--seed", "11"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "of 2 (" in run.stdout
    assert "against one with the defaults (50% is even)" in run.stdout


def test_override_script_judges_each_override_by_paired_playouts() -> None:
    """scripts/override_check.py: per override, both actions' playout wins (seed 300)."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "override_check.py"
    run = subprocess.run(
        [
            sys.executable,
            str(script),
            "--games",
            "1",
            "--playouts",
            "2",
            "--seed",
            "300",
            "--params",
            "iterations=3",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = [line for line in run.stdout.splitlines() if line.startswith("game 0 turn")]
    assert lines, run.stdout
    summary = next(line for line in run.stdout.splitlines() if "overrides; playouts won" in line)
    assert summary.startswith(f"{len(lines)} overrides"), summary
    assert f"(of {2 * len(lines)} each)" in summary
    # An override needs a gain of more than `confidence` (2.0) standard errors, so a gain in
    # points above 0; the bins by either hold every override once.
    sure = [float(line.split(" z ")[1].split(" ")[0]) for line in lines]
    assert all(z > 2.0 for z in sure), sure
    gains = [float(line.split(" gain ")[1].split(":")[0]) for line in lines]
    assert all(g > 0.0 for g in gains), gains
    by_z, by_gain = run.stdout.split("by the search's gain in standard errors")[1].split(
        "by the search's gain in points"
    )
    for bins in (by_z.splitlines()[1:], by_gain.splitlines()[1:]):
        assert sum(int(b.split(":")[1].split(",")[0]) for b in bins) == len(lines), bins
