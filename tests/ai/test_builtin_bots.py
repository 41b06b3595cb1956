"""The built-in ladder plays whole games legally, trades without spamming, and is deterministic."""

from __future__ import annotations

import pytest

from ai.registry import create_bot
from ai.tournament import MatchSpec, play_game
from engine.config import GameConfig
from engine.errors import ConfigError
from engine.registry import new_game

SEED_LADDER = 31


LADDER = ["random", "greedy", "value", "mcts:budget_ms=15"]


@pytest.mark.parametrize("ruleset", ["base", "starfarers"])
@pytest.mark.parametrize("spec", LADDER)
def test_builtin_bot_finishes_a_game_without_faults(ruleset: str, spec: str) -> None:
    lineup = (spec, "greedy", "value", "greedy")
    record = play_game(MatchSpec(ruleset, lineup, SEED_LADDER, max_turns=250), 0)
    assert not record.capped
    assert all(s.faults == 0 for s in record.seats), [s.log for s in record.seats]


def test_unknown_bot_and_bad_parameters() -> None:
    with pytest.raises(ConfigError, match="unknown bot"):
        create_bot("no-such-bot")
    with pytest.raises(ConfigError, match="budjet_ms"):
        create_bot("mcts:budjet_ms=5")


def test_bots_trade_but_never_spam() -> None:
    game = new_game(GameConfig("base", 4, SEED_LADDER))
    bots = [create_bot("value", 100 + seat) for seat in range(4)]
    offers: dict[tuple[int, int], int] = {}
    answers = set()
    while game.to_act is not None and int(game.turn) < 300:  # type: ignore[attr-defined]
        seat = game.to_act
        action = bots[seat].decide(game.view(seat), game.legal_actions())
        assert game.check(action) is None, (action, game.check(action))
        if action.type == "offer_trade":
            key = (seat, int(game.turn))  # type: ignore[attr-defined]
            offers[key] = offers.get(key, 0) + 1
        if action.type in ("accept_trade", "counter_trade", "confirm_trade"):
            answers.add(action.type)
        game.apply(action)
    assert offers, "value bots never offered a trade"
    assert max(offers.values()) <= 2
    assert "accept_trade" in answers or "counter_trade" in answers


def test_same_seed_same_choices() -> None:
    game = new_game(GameConfig("base", 4, SEED_LADDER))
    for _ in range(40):
        seat = game.to_act
        view, legal = game.view(seat), game.legal_actions()
        a = create_bot("value", 5).decide(view, legal)
        b = create_bot("value", 5).decide(view, legal)
        assert a == b
        game.apply(a)


def test_mcts_with_fixed_iterations_is_deterministic() -> None:
    game = new_game(GameConfig("base", 4, SEED_LADDER))
    for _ in range(30):
        seat = game.to_act
        view, legal = game.view(seat), game.legal_actions()
        a = create_bot("mcts:iterations=6", 9).decide(view, legal)
        b = create_bot("mcts:iterations=6", 9).decide(view, legal)
        assert a == b
        game.apply(a)


def test_tournament_refuses_a_bot_for_another_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    from aifix import PLUGIN

    from tui.cli import main

    spec = f"{PLUGIN / 'catan_example_bot' / '__init__.py'}:ExampleBot"
    assert main(["tournament", "--ruleset", "starfarers", "--bots", f"{spec},greedy,greedy"]) == 2
    assert "does not play starfarers" in capsys.readouterr().err


def test_greedy_with_nothing_to_save_for_builds_roads_rather_than_stall() -> None:
    """No settlement or city left, an empty deck: roads still win Longest Road.

    Seed 5. Before this rule such a seat ended every turn holding its cards, and a game of
    four greedy bots could run to the turn cap without a winner.
    """
    from ai.features import base as features
    from engine.rng import Rng
    from engine.rulesets.base.actions import BuildRoad
    from engine.rulesets.base.game import BaseGame

    game = new_game(GameConfig("base", 4, 5, {}))
    assert isinstance(game, BaseGame)
    while game.phase_name != "main":  # random setup and first roll, seed 5
        game.apply(game.legal_actions()[0])
    seat = game.current
    game.cities_left[seat] = 0
    game.settlements_left[seat] = 0  # so no site counts as within reach
    game.dev_deck[:] = [0] * len(game.dev_deck)
    k = game.HAND_STRIDE
    for i, n in enumerate(game.PRICES["road"]):
        game.hands[seat * k + i] = max(game.hands[seat * k + i], n)
    assert features._target_cost(game, seat) == game.PRICES["road"]
    legal = game.legal_actions()
    assert any(isinstance(a, BuildRoad) for a in legal), "the position must allow a road"
    chosen = features.policy(game, seat, legal, Rng(5))
    assert isinstance(chosen, BuildRoad)


def test_continue_turn_plays_on_while_an_action_scores_better_than_stopping() -> None:
    """The own-turn continuation (ai/bots/plan.py) builds what a full hand pays for (seed 2)."""
    from ai.bots.plan import continue_turn
    from ai.features import base as feats
    from engine.config import GameConfig
    from engine.registry import new_game
    from engine.rng import Rng

    game = new_game(GameConfig("base", 4, 2))
    rng = Rng(2)
    while feats.phase_of(game) != "main":
        game.apply(feats.policy(game, game.to_act, game.legal_actions(), rng))
    seat = game.to_act
    assert seat is not None
    game.hands[seat * 5 : seat * 5 + 5] = [3, 3, 3, 4, 4]  # type: ignore[attr-defined]
    before = feats.evaluate(game, seat)
    played = continue_turn(game, seat, feats, Rng(5), depth=3)
    assert 1 <= played <= 3
    assert feats.evaluate(game, seat) > before
    assert sum(game.hand(seat)) < 17  # type: ignore[attr-defined]
