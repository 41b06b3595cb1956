"""Random 3- and 4-player Fleet games (named seeds) keep every invariant after every action.

Players choose uniformly among the legal actions but prefer building, the
fleet and the islets half of the time (and rarely open domestic trades), so
games reach fleets, pirates, swaps, splits and winners. Each game ends or
stops at a turn cap that the test reports.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import GameConfig, new_game
from engine.actions import Action
from engine.registry import sample_consistent
from engine.rng import Rng
from engine.rulesets.base.actions import BuildCity, BuildRoad, BuildSettlement, BuyDevelopment
from engine.rulesets.fleet.actions import (
    BuildShip,
    KeepFleet,
    MoveFleet,
    MovePirate,
    StartFleetPhase,
    SwapChip,
)
from engine.rulesets.fleet.game import FleetGame
from engine.rulesets.fleet.view_types import FleetView
from engine.saves import load, save
from engine.shared.actions import CounterTrade, OfferTrade
from tests.engine.test_view_types import problems

from .fleetfix import check_invariants

TURN_CAP = 400
GAMES = [(3, 100, 8), (4, 107, 8), (4, 111, 12), (3, 1011, 12)]
"""(seats, seed, vp_to_win): two short games that reach a winner, two at the rules' 12."""
KEEN = (BuildSettlement, BuildCity, BuildShip, BuildRoad, BuyDevelopment, MoveFleet, SwapChip)


def choose(game: FleetGame, rnd: random.Random) -> Action:
    legal = game.legal_actions()
    towns = [a for a in legal if isinstance(a, BuildSettlement | BuildCity)]
    if towns and rnd.random() < 0.9:
        return rnd.choice(towns)
    landings = [
        a for a in legal if isinstance(a, MoveFleet) and game.sea.islet_of_vertex[a.route[-1]] >= 0
    ]
    if landings and rnd.random() < 0.8:
        return rnd.choice(landings)
    keen = [a for a in legal if isinstance(a, KEEN)]
    if keen and rnd.random() < 0.5:
        return rnd.choice(keen)
    calm = [a for a in legal if not isinstance(a, OfferTrade | CounterTrade)]
    if calm and rnd.random() < 0.95:
        return rnd.choice(calm)
    return rnd.choice(legal)


def _game(seats: int, seed: int, vp_to_win: int = 12) -> FleetGame:
    game = new_game(GameConfig("fleet", seats, seed, {"vp_to_win": vp_to_win}))
    assert isinstance(game, FleetGame)
    return game


@pytest.mark.parametrize(("seats", "seed", "vp_to_win"), GAMES)
def test_random_games_keep_the_invariants(seats: int, seed: int, vp_to_win: int) -> None:
    game = _game(seats, seed, vp_to_win)
    rnd = random.Random(seed)
    seen: set[str] = set()
    for event in game.initial_events:
        assert FleetGame.EVENTS.problem(event) is None
    while game.to_act is not None and game.turn <= TURN_CAP:
        legal = game.legal_actions()
        assert len(set(legal)) == len(legal)
        action = choose(game, rnd)
        assert game.check(action) is None
        for event in game.apply(action):
            assert FleetGame.EVENTS.problem(event) is None, event
            seen.add(event.kind)
        check_invariants(game)
    capped = game.to_act is not None
    print(f"fleet {seats}p seed {seed}: turn {game.turn}, winner {game.winner}, capped {capped}")
    assert game.winner is not None or game.turn > TURN_CAP
    if game.winner is not None:
        assert game.legal_actions() == [] and game.total_vp(game.winner) >= vp_to_win
    assert {"build", "fleet_phase"} <= seen, seen


def test_the_random_games_reach_every_fleet_rule() -> None:
    """Across the named games: pirates, splits, swaps, islet chips and a winner occur."""
    kinds: set[str] = set()
    winners = 0
    for seats, seed, vp_to_win in GAMES:
        game = _game(seats, seed, vp_to_win)
        rnd = random.Random(seed)
        while game.to_act is not None and game.turn <= TURN_CAP:
            kinds |= {e.kind for e in game.apply(choose(game, rnd))}
        winners += game.winner is not None
    assert {"pirate", "fleet_move", "chip_swap", "islet_chip", "keep_fleet"} <= kinds, kinds
    assert winners >= 2


def test_every_listed_action_is_accepted_and_refusals_name_a_reason() -> None:
    """Seed 77: listed actions pass `check`; moves, swaps and ships not listed are refused."""
    game = _game(4, 77)
    rnd = random.Random(77)
    for _ in range(1500):
        if game.to_act is None:
            break
        legal = game.legal_actions()
        for action in legal:
            assert game.check(action) is None, action
        probes: list[Action] = [BuildShip(rnd.randrange(200)), SwapChip(rnd.randrange(25))]
        probes += [MovePirate(rnd.randrange(51)), KeepFleet(rnd.randrange(200)), StartFleetPhase()]
        path = game.fleet[game.current]
        if path:
            route = (path[-1], *rnd.sample(range(120), rnd.randrange(1, 4)))
            probes.append(MoveFleet(route))
        for probe in probes:
            if probe not in legal:
                problem = game.check(probe)
                assert problem, probe
        game.apply(choose(game, rnd))


def _positions(seats: int, seed: int, count: int) -> list[FleetGame]:
    game = _game(seats, seed)
    rnd = random.Random(seed)
    out = []
    while game.to_act is not None and len(out) < count and game.turn <= TURN_CAP:
        game.apply(choose(game, rnd))
        if rnd.random() < 0.03:
            out.append(game.copy())
    return out


@pytest.mark.parametrize(("seats", "seed"), [(3, 5150), (4, 6160)])
def test_no_view_carries_another_seats_chip_or_hand(seats: int, seed: int) -> None:
    """Games that differ only in a seat's hidden chip and hand give the others equal views."""
    for game in _positions(seats, seed, 12):
        for hidden in range(seats):
            other = game.copy()
            if not other.chip_known[hidden]:
                other.held_chip[hidden] = 14 - other.held_chip[hidden]  # 2 <-> 12
            k = other.HAND_STRIDE
            row = other.hands[hidden * k : hidden * k + k]
            other.hands[hidden * k : hidden * k + k] = row[1:] + row[:1]
            for seat in (None, *range(seats)):
                if seat == hidden:
                    continue
                assert json.dumps(game.view(seat)) == json.dumps(other.view(seat))
            view = game.view(hidden)
            assert view["held_chips"][hidden] == game.held_chip[hidden]
            for p in range(seats):
                if p != hidden and not game.chip_known[p]:
                    assert view["held_chips"][p] is None


@pytest.mark.parametrize(("seats", "seed"), [(3, 7170), (4, 8180)])
def test_sampled_games_look_the_same_to_the_seat(seats: int, seed: int) -> None:
    for i, game in enumerate(_positions(seats, seed, 8)):
        for seat in range(seats):
            view: Any = game.view(seat)
            sample = sample_consistent(view, Rng(seed + i))
            assert isinstance(sample, FleetGame)
            assert json.dumps(sample.view(seat)) == json.dumps(view)
            aside = [sample.set_aside] if seats == 3 else []
            real = [game.set_aside] if seats == 3 else []
            assert sorted([*sample.held_chip, *aside]) == sorted([*game.held_chip, *real])
            assert sample.legal_actions() == game.legal_actions() or sample.to_act != seat


@pytest.mark.parametrize(("seats", "seed"), [(3, 9190), (4, 9290)])
def test_views_have_the_declared_shape(seats: int, seed: int) -> None:
    for game in _positions(seats, seed, 6):
        for seat in (None, *range(seats)):
            view = game.view(seat)
            assert problems(view, FleetView) == [], problems(view, FleetView)[:5]


def test_determinism_and_save_load_round_trip() -> None:
    """Seed 31: the same config and actions give the same game; a save loads to it."""
    a, b = _game(4, 31), _game(4, 31)
    rnd = random.Random(31)
    for _ in range(900):
        if a.to_act is None:
            break
        action = choose(a, rnd)
        a.apply(action)
        b.apply(action)
    assert a.snapshot() == b.snapshot()
    data = json.loads(json.dumps(save(a)))
    loaded = load(data)
    assert isinstance(loaded, FleetGame)
    assert loaded.snapshot() == a.snapshot()
    assert loaded.legal_actions() == a.legal_actions()
    assert json.dumps(loaded.view(0)) == json.dumps(a.view(0))
    # Positions round-trip too.
    again = FleetGame.from_position(a.position())
    assert again.snapshot() == a.snapshot() and again.legal_actions() == a.legal_actions()
