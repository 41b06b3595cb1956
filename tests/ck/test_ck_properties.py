"""Random 3- and 4-player games (named seeds): invariants after every action, hidden
information in every view, determinism and save/load round trips."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.rng import Rng
from engine.rulesets.ck.game import CKGame

from .ckfix import OPEN_ENDED, check_invariants, random_game

SEEDS = [(3, 11), (4, 12), (3, 13), (4, 14), (3, 15), (4, 16)]


@pytest.mark.parametrize(("seats", "seed"), SEEDS)
def test_random_games_keep_the_invariants(seats: int, seed: int) -> None:
    """No exception; cards, progress cards, pieces, knights and VP conserved after every action;
    the game ends or reaches the cap."""
    game, actions = random_game(seats, seed, cap=2500, each=check_invariants)
    assert actions
    if game.to_act is None:
        assert game.winner is not None and game.scores()[game.winner] >= 13


def _hidden_problems(game: CKGame) -> list[str]:
    out = []
    n = game.config.seats
    for seat in (None, *range(n)):
        view: Any = game.view(seat)
        text = json.dumps(view)
        assert "progress_decks" in view and all(isinstance(x, int) for x in view["progress_decks"])
        for p, info in enumerate(view["players"]):
            if "hand" in info or "development" in info:
                out.append(f"seat {seat} sees seat {p}'s cards")
        if seat is None and '"me"' in text:
            out.append("a spectator has a 'me'")
        looking = view.get("me", {}).get("looking_at")
        top = game.pending[-1] if game.pending else None
        if looking is not None and (top is None or top.seat != seat):
            out.append(f"seat {seat} looks at a hand without a decision of its own")
    return out


@pytest.mark.parametrize(("seats", "seed"), [(3, 21), (4, 22)])
def test_views_hide_progress_cards_hands_and_deck_order(seats: int, seed: int) -> None:
    """No view carries another seat's hand or progress cards or the decks' order; a game
    sampled from a seat's view gives that seat the same view."""
    problems: list[str] = []
    sampled = 0

    def each(game: CKGame) -> None:
        nonlocal sampled
        if game.num_actions % 23:
            return
        problems.extend(_hidden_problems(game))
        seat = game.to_act
        if seat is None:
            return
        view: Any = game.view(seat)
        other = CKGame.sample_consistent(view, Rng(game.num_actions))
        mine = dict(other.view(seat))
        assert mine == dict(view), [k for k in view if mine.get(k) != view[k]]
        other_legal = [a for a in other.legal_actions() if a.type not in OPEN_ENDED]
        assert other_legal == [a for a in game.legal_actions() if a.type not in OPEN_ENDED]
        sampled += 1

    random_game(seats, seed, cap=1500, each=each)
    assert problems == []
    assert sampled > 10


@pytest.mark.parametrize(("seats", "seed"), [(3, 31), (4, 32)])
def test_same_seed_and_actions_give_the_same_game(seats: int, seed: int) -> None:
    game, actions = random_game(seats, seed, cap=1200)
    again = new_game(GameConfig("ck", seats, seed, {"board": "beginner"}))
    for a in actions:
        again.apply(a)
    assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize(("seats", "seed"), [(3, 41), (4, 42)])
def test_snapshots_and_positions_round_trip(seats: int, seed: int) -> None:
    """Every 50 actions: restore(snapshot) and from_position(position) give the same game."""
    checked = 0

    def each(game: CKGame) -> None:
        nonlocal checked
        if game.num_actions % 50 or game.to_act is None:
            return
        snap = json.loads(json.dumps(game.snapshot()))
        back = CKGame.restore(game.config, snap)
        assert back.snapshot() == game.snapshot()
        assert back.legal_actions() == game.legal_actions()
        built = CKGame.from_position(game.position())
        assert built.snapshot() == game.snapshot()
        checked += 1

    random_game(seats, seed, cap=1500, each=each)
    assert checked > 5


@pytest.mark.parametrize(("seats", "seed"), [(3, 51), (4, 52)])
def test_every_event_is_declared_and_every_view_has_the_declared_shape(
    seats: int, seed: int
) -> None:
    from engine.rulesets.ck.view_types import CKView
    from tests.engine.test_view_types import problems

    bad: list[str] = []

    def each(game: CKGame) -> None:
        if game.num_actions % 17 == 0:
            for s in (None, *range(seats)):
                bad.extend(problems(game.view(s), CKView)[:3])

    game = new_game(GameConfig("ck", seats, seed, {"board": "beginner"}))
    assert isinstance(game, CKGame)
    import random

    rng = random.Random(seed)
    while game.to_act is not None and game.num_actions < 2500:
        legal = [a for a in game.legal_actions() if a.type not in OPEN_ENDED]
        for event in game.apply(rng.choice(legal)):
            problem = game.EVENTS.problem(event)
            if problem is not None:
                bad.append(problem)
        each(game)
    assert bad == []
