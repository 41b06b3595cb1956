"""The pending-decision stack: entries, their order, copies, views, snapshots and old saves."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from basefix import fresh, give, give_dev, random_action, roll, started
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import sample_consistent
from engine.errors import SaveError
from engine.rng import Rng
from engine.rulesets.base.actions import PlayKnight
from engine.rulesets.base.game import (
    DISCARD,
    MAIN,
    MOVE_ROBBER,
    PRE_ROLL,
    TRADE_CONFIRM,
    TRADE_RESPONSE,
    BaseGame,
    Decision,
)
from engine.saves import load, save
from engine.shared.actions import Discard, MoveRobber, OfferTrade

LEGACY = Path(__file__).parent / "data" / "legacy-saves.json"


def seven_with_discards(current: int = 2) -> BaseGame:
    """Seat `current` rolls a 7; seats 0, 1 and 3 hold 8 cards each."""
    g = started(4, current=current, phase=PRE_ROLL)
    for seat in (0, 1, 3):
        give(g, seat, brick=2, lumber=2, wool=2, grain=2)
    roll(g, 7)
    return g


def test_discards_are_one_entry_per_seat_in_order_from_the_roller() -> None:
    g = seven_with_discards(current=2)
    assert g.pending == [
        Decision(MAIN, 2),
        Decision(MOVE_ROBBER, 2),
        Decision(DISCARD, 1, 4),
        Decision(DISCARD, 0, 4),
        Decision(DISCARD, 3, 4),
    ]
    order = []
    while g.phase == DISCARD:
        seat = g.to_act
        assert seat is not None
        order.append(seat)
        g.apply(g.legal_actions()[0])
    assert order == [3] * 4 + [0] * 4 + [1] * 4
    assert g.phase == MOVE_ROBBER and g.to_act == 2 and g.discard_owed == [0, 0, 0, 0]


def test_copy_mid_discard_has_its_own_stack() -> None:
    g = seven_with_discards()
    before = g.snapshot()
    twin = g.copy()
    while twin.phase == DISCARD:
        twin.apply(twin.legal_actions()[0])
    assert twin.phase == MOVE_ROBBER
    assert g.snapshot() == before and g.discard_owed == [4, 4, 0, 4] and g.to_act == 3


def test_knight_before_the_roll_returns_to_the_roll() -> None:
    g = started(4, current=0, phase=PRE_ROLL)
    give_dev(g, 0, "knight")
    g.apply(PlayKnight())
    assert [d.kind for d in g.pending] == [PRE_ROLL, MOVE_ROBBER]
    assert g.snapshot()["resume_phase"] == PRE_ROLL
    g.apply(MoveRobber(0))
    assert g.pending == [Decision(PRE_ROLL, 0)]


def test_trade_answers_are_entries_above_the_offerers_confirmation() -> None:
    g = started(4, current=2)
    give(g, 2, wool=1)
    g.apply(OfferTrade((("wool", 1),), (("ore", 1),)))
    assert g.pending == [
        Decision(MAIN, 2),
        Decision(TRADE_CONFIRM, 2),
        Decision(TRADE_RESPONSE, 1),
        Decision(TRADE_RESPONSE, 0),
        Decision(TRADE_RESPONSE, 3),
    ]
    assert g.to_act == 3 and g.phase == TRADE_RESPONSE


def test_views_show_the_stack_and_sampled_worlds_rebuild_it() -> None:
    g = seven_with_discards()
    g.apply(g.legal_actions()[0])
    for seat in range(4):
        view = json.loads(json.dumps(g.view(seat)))
        assert view["pending"][-1] == [DISCARD, 3, 3]
        assert view["players"][0]["discard_owed"] == 4
        world = sample_consistent(view, Rng(seat))
        assert world.pending == g.pending and world.to_act == 3
        assert world.view(seat) == view
        if seat == 3:
            assert world.legal_actions() == g.legal_actions()


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 700))
def test_restore_gives_back_the_game(seed: int, steps: int) -> None:
    g = fresh(4, seed, board="random")
    rnd = random.Random(seed)
    for _ in range(steps):
        if g.to_act is None:
            break
        g.apply(random_action(g, rnd, 0.5))
    snap = json.loads(json.dumps(g.snapshot()))
    back = BaseGame.restore(g.config, snap)
    assert back.snapshot() == g.snapshot()
    assert back.pending == g.pending
    assert back.legal_actions() == g.legal_actions()
    for seat in (None, 0, 1, 2, 3):
        assert back.view(seat) == g.view(seat)
    # Derived fields are rebuilt; pieces in board order rather than build order.
    assert back.rates == g.rates
    assert [sorted(r) for r in back.roads] == [sorted(r) for r in g.roads]
    assert [sorted(b) for b in back.buildings] == [sorted(b) for b in g.buildings]


# -- saves written before the stack --------------------------------------------------


def legacy_saves() -> list[dict[str, object]]:
    saves: list[dict[str, object]] = json.loads(LEGACY.read_text())
    return saves


@pytest.mark.parametrize("index", range(8))
def test_saves_from_before_the_stack_load(index: int) -> None:
    """Saved by the engine before the stack, one in each kind of interruption."""
    data = legacy_saves()[index]
    snapshot = data["snapshot"]
    assert isinstance(snapshot, dict) and "pending" not in snapshot
    game = load(data)
    what = data["meta"]["what"]  # type: ignore[index]
    if what == "stale":
        # The old resume slot kept PRE_ROLL after a knight before the roll.
        assert snapshot["resume_phase"] == PRE_ROLL and game.phase in (PRE_ROLL, MAIN)
    else:
        assert game.phase == what == snapshot["phase"]
    assert game.to_act is not None
    # And the loaded game saves in today's form, which loads again.
    again = save(game)
    assert "pending" in again["snapshot"]
    assert load(again).snapshot() == game.snapshot()


def test_saves_from_before_the_stack_are_still_checked() -> None:
    data = next(d for d in legacy_saves() if d["meta"]["what"] == "discard")  # type: ignore[index]
    snapshot = data["snapshot"]
    assert isinstance(snapshot, dict)
    owed = snapshot["discard_owed"]
    seat = next(p for p, n in enumerate(owed) if n)
    owed[seat] += 1
    with pytest.raises(SaveError, match="does not reach its snapshot"):
        load(data)


def test_discarding_leaves_no_stale_entry() -> None:
    g = seven_with_discards()
    while g.phase == DISCARD:
        seat = g.to_act
        assert seat is not None
        names = [a for a in g.legal_actions() if isinstance(a, Discard)]
        g.apply(names[-1])
    assert all(d.kind != DISCARD for d in g.pending)
