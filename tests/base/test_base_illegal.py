"""Illegal actions: IllegalAction with a message naming the rule, and no change to the game."""

from __future__ import annotations

import random
from typing import Any

from basefix import fresh, give, give_dev, random_action, refused, roll, started
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import IllegalAction, get_ruleset
from engine.actions import Action
from engine.rulesets.base.actions import (
    BuildCity,
    BuildRoad,
    BuildSettlement,
    BuyDevelopment,
    PlayKnight,
    PlayMonopoly,
    TakeResource,
)
from engine.rulesets.base.game import GAME_OVER, PRE_ROLL, BaseGame
from engine.shared.actions import (
    AcceptTrade,
    ConfirmTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    MoveRobber,
    OfferTrade,
    Roll,
)

CODEC = get_ruleset("base").codec


def test_messages_name_the_rule() -> None:
    """Beginner board, seed 1: a dozen refusals, each with the rule in its message."""
    g = started(4, current=0)
    refused(g, Roll(), "not now", "seat 0", "main")
    refused(g, BuildRoad(3), "a road costs 1 brick and 1 lumber")
    refused(g, BuildRoad(999), "there is no edge 999")
    refused(g, BuildSettlement(-1), "there is no vertex -1")
    refused(g, BuildSettlement(20), "a settlement costs")
    refused(g, BuildCity(20), "a city must replace one of your settlements")
    refused(g, BuyDevelopment(), "a development card costs 1 wool, 1 grain and 1 ore")
    refused(g, PlayKnight(), "you have no knight card")
    refused(g, PlayMonopoly("gold"), "you have no monopoly card")
    refused(g, MaritimeTrade("ore", "ore"), "different resource")
    refused(g, MaritimeTrade("gold", "ore"), "unknown resource 'gold'")
    refused(g, MoveRobber(3), "not now")
    refused(g, Discard("ore"), "not now")
    refused(g, TakeResource("ore"), "not now")
    refused(g, AcceptTrade(), "active player's offers")
    give_dev(g, 0, "monopoly")
    refused(g, PlayMonopoly("gold"), "unknown resource 'gold'")
    give(g, 0, ore=1)
    for _ in range(3):
        g.apply(OfferTrade((("ore", 1),), (("wool", 1),), (1,)))
        g.apply(DeclineTrade())
    refused(g, OfferTrade((("ore", 1),), (("wool", 1),)), "at most 3 trade offers per turn")
    g.apply(EndTurn())
    refused(g, EndTurn(), "roll the dice before ending the turn")
    g2 = started(4, phase=PRE_ROLL)
    give(g2, 1, ore=8)
    roll(g2, 7)
    refused(g2, Discard("wool"), "you hold no wool")
    refused(g2, Discard("gold"), "unknown resource")
    g2.apply(Discard("ore"))
    for _ in range(3):
        g2.apply(Discard("ore"))
    refused(g2, MoveRobber(g2.robber), "different hex")
    refused(g2, MoveRobber(19), "there is no land hex 19")


def test_trade_answer_rules() -> None:
    """Seed 1: accepting without the cards and confirming a non-answer are refused."""
    g = started(4)
    give(g, 0, ore=2)
    give(g, 2, wool=1)
    g.apply(OfferTrade((("ore", 1),), (("wool", 1),), (1, 2)))
    assert g.to_act == 1
    refused(g, AcceptTrade(), "you do not hold the cards asked for")
    g.apply(DeclineTrade())
    g.apply(AcceptTrade())
    refused(g, ConfirmTrade(1), "seat 1 did not accept or counter")
    refused(g, EndTurn(), "not now")
    g.apply(ConfirmTrade(2))
    assert g.hand(0) == [0, 0, 1, 0, 1] and g.hand(2) == [0, 0, 0, 0, 1]


def test_game_over_refuses_everything() -> None:
    g = started(4)
    g.set_pending([])  # an empty decision stack: nobody is to act
    g.winner_seat = 0
    assert g.phase == GAME_OVER
    assert g.to_act is None and g.legal_actions() == []
    refused(g, EndTurn(), "the game is over")


def test_foreign_action_type() -> None:
    """An action class the base game does not know is refused by check and apply."""
    from dataclasses import dataclass

    @dataclass(frozen=True, slots=True)
    class Teleport(Action):
        type = "teleport"

    g = started(4)
    assert g.check(Teleport()) == "teleport is not an action of the base game"
    refused(g, Teleport(), "not an action of the base game")


# -- fuzzing: random JSON actions against random positions ---------------------------

_RES = st.sampled_from(["brick", "lumber", "wool", "grain", "ore", "gold", ""])
_INT = st.one_of(st.integers(-3, 80), st.integers(-(2**70), 2**70))
_BAG = st.dictionaries(_RES, st.integers(0, 4), max_size=3)


def _field(ftype: str) -> st.SearchStrategy[Any]:
    if "Bag" in ftype:
        return _BAG
    if ftype.startswith("tuple"):
        return st.lists(st.integers(-1, 5), max_size=3)
    if ftype.startswith("int"):
        return _INT
    return _RES


@st.composite
def json_actions(draw: st.DrawFn) -> dict[str, Any]:
    import dataclasses

    kind = draw(st.sampled_from(sorted(CODEC.by_type)))
    cls = CODEC.by_type[kind]
    data: dict[str, Any] = {"type": kind}
    for f in dataclasses.fields(cls):
        data[f.name] = draw(_field(str(f.type)))
    return data


FREE_FORM = ("offer_trade", "counter_trade")


def _position(seed: int, steps: int) -> BaseGame:
    game = fresh(4, seed, board="random")
    rnd = random.Random(seed)
    for _ in range(steps):
        if game.to_act is None:
            break
        game.apply(random_action(game, rnd, 0.5))
    return game


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    seed=st.integers(0, 2**20),
    steps=st.integers(0, 700),
    raws=st.lists(json_actions(), min_size=1, max_size=25),
)
def test_fuzzed_actions_are_applied_or_refused_cleanly(
    seed: int, steps: int, raws: list[dict[str, Any]]
) -> None:
    """Any JSON action is either legal (and listed, unless free-form) or an IllegalAction."""
    game = _position(seed, steps)
    for raw in raws:
        if game.to_act is None:
            break
        before = game.snapshot()
        legal = game.legal_actions()
        try:
            action = CODEC.decode(raw)
            problem = game.check(action)
            events = game.apply(action)
        except IllegalAction as exc:
            assert str(exc) and "\n" not in str(exc)
            assert game.snapshot() == before
            continue
        assert problem is None
        assert isinstance(events, list)
        if action.type not in FREE_FORM:
            assert action in legal, (action, legal)
