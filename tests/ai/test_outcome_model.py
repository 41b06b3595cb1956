"""The win-chance model fitted to game outcomes (ai/features/outcome.py), and the search's leaf."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

import ai.features.base as base_features
from ai.bots.mcts import MctsBot
from ai.features import outcome_for
from ai.features.base import policy
from ai.features.outcome import FEATURES, WEIGHTS, features, win_chance
from engine.config import GameConfig
from engine.registry import new_game
from engine.rng import Rng
from engine.rulesets.base.game import VICTORY_POINT, BaseGame

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "fit_outcome.py"


def _midgame(seed: int, seats: int = 2, actions: int = 120) -> BaseGame:
    """A base game played `actions` actions by the rule policy (seeded)."""
    game = new_game(GameConfig("base", seats, seed))
    assert isinstance(game, BaseGame), "the base ruleset makes a BaseGame"
    rng = Rng(seed)
    for _ in range(actions):
        who = game.to_act
        if who is None:
            break
        legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
        game.apply(policy(game, who, legal, rng))
    return game


@pytest.mark.parametrize("seats", [2, 4])
def test_the_seats_chances_add_up_to_one(seats: int) -> None:
    """Seed 21, mid-game: every seat has a chance strictly between 0 and 1, and they sum to 1."""
    game = _midgame(21, seats)
    assert game.winner_seat < 0, "the position should still be open"
    chances = [win_chance(game, p) for p in range(seats)]
    assert all(0.0 < c < 1.0 for c in chances), chances
    assert math.isclose(sum(chances), 1.0), chances
    assert len(features(game, 0)) == len(FEATURES) == len(WEIGHTS)


def test_a_victory_point_raises_a_seats_chance_and_lowers_the_others() -> None:
    """Seed 22: a victory point card slipped into seat 0's hand makes seat 0 likelier to win."""
    game = _midgame(22)
    before = win_chance(game, 0), win_chance(game, 1)
    more = game.copy()
    more.dev_hands[VICTORY_POINT] += 1  # seat 0's row starts at 0
    after = win_chance(more, 0), win_chance(more, 1)
    assert after[0] > before[0] and after[1] < before[1], (before, after)


def test_a_decided_game_is_certain() -> None:
    game = _midgame(23)
    game.winner_seat = 1
    assert (win_chance(game, 0), win_chance(game, 1)) == (0.0, 1.0)


def test_only_rulesets_with_a_fitted_model_have_one() -> None:
    model = outcome_for("base")
    assert model is not None and model.win_chance is win_chance
    assert outcome_for("starfarers") is None


def test_outcome_1_scores_a_rollout_by_the_fitted_chance() -> None:
    """The leaf is the model's chance times 100 with `outcome=1` (the base game), the
    evaluation otherwise; from 400 ms on it is on unless asked off."""
    game = _midgame(24)
    seat = 0
    view = dict(game.view(seat))
    legal = game.legal_actions()
    bot = MctsBot(5, iterations=3, outcome=1)
    bot.search(view, legal[:2], base_features, 0.0)
    assert bot.leaf(game, seat, base_features) == pytest.approx(100.0 * win_chance(game, seat))
    plain = MctsBot(5, iterations=3)
    plain.search(view, legal[:2], base_features, 0.0)
    assert plain.leaf(game, seat, base_features) == base_features.evaluate(game, seat)
    # what a budget from 400 ms means (it beat the 100 ms bot: ai/README.md); off below it
    assert MctsBot(budget_ms=400).outcome and not MctsBot(budget_ms=400, outcome=0).outcome
    assert not MctsBot(budget_ms=100).outcome


def test_the_fit_recovers_the_weights_of_a_known_logistic_model() -> None:
    """The script's Newton fit on 4000 rows drawn from known weights lands near them."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import fit_outcome
    finally:
        sys.path.remove(str(SCRIPT.parent))
    rng = Rng(25)
    true = [1.5, -0.8]
    xs, ys = [], []
    for _ in range(4000):
        x = [rng.below(4000) / 1000 - 2, rng.below(4000) / 1000 - 2]
        p = 1.0 / (1.0 + math.exp(-sum(w * v for w, v in zip(true, x, strict=True))))
        xs.append(x)
        ys.append(1.0 if rng.below(1_000_000) < p * 1_000_000 else 0.0)
    fitted = fit_outcome.fit(xs, ys, ridge=0.1)
    assert fitted == pytest.approx(true, abs=0.15)


def test_the_script_runs_and_prints_weights_for_every_feature() -> None:
    """Seed 900000, 10 games: the held-out comparison and a weight per feature."""
    command = [sys.executable, str(SCRIPT), "--games", "10", "--seed", "900000"]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    assert "the fitted model: held-out log loss" in run.stdout
    for name in FEATURES:
        assert f"# {name}\n" in run.stdout, name
