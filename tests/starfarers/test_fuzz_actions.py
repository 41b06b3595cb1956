"""Arbitrary actions never crash `check`; whatever it accepts, `apply` performs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import (
    SHIP_KINDS,
    STARFARERS_ACTIONS,
    START_UPGRADES,
    UPGRADES,
    BuildShip,
    BuildSpaceport,
    BuildUpgrade,
    BuyFame,
    ChooseOpponent,
    ChooseShip,
    ChooseStartUpgrade,
    ChooseUpgrade,
    EncounterAnswer,
    EndMove,
    FlyStep,
    FoundColony,
    Jump,
    PlaceColony,
    RemoveUpgrade,
    Shake,
    TakeFriendship,
    TakeResource,
)
from engine.rulesets.starfarers.friendship import CARD_NAMES
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import RESOURCES
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    Roll,
    Steal,
)

from .helpers import VARIANTS, check_invariants, make

INTS = st.integers(min_value=-3, max_value=600)
WORDS = st.sampled_from(["ore", "fuel", "goods", "gold", "", "booster", "pod", "colony", "trade",
                         "boosters", "green_folk_ore", "scientists_dual", "x"])  # fmt: skip


def _random_action(draw: st.DrawFn) -> Action:
    cls = draw(st.sampled_from(STARFARERS_ACTIONS))
    kwargs = {}
    for name, ftype in cls.__annotations__.items():
        if name == "type":
            continue
        spec = str(ftype)
        if spec == "int":
            kwargs[name] = draw(INTS)
        elif spec == "str":
            kwargs[name] = draw(WORDS)
        elif spec.startswith("tuple"):
            kwargs[name] = tuple(draw(st.lists(st.integers(-1, 5), max_size=3)))
        else:  # Bag
            kwargs[name] = tuple(
                sorted(draw(st.dictionaries(WORDS, st.integers(1, 3), max_size=2)).items())
            )
    return cls(**kwargs)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data(), variant=st.sampled_from(VARIANTS), steps=st.integers(0, 400))
def test_check_never_crashes(data: st.DataObject, variant: str, steps: int) -> None:
    """Random positions (seed = steps) and random, often malformed, actions.

    Whatever `check` accepts is in the legal list (free-form trade offers aside).
    """
    g = make(4, seed=steps, variant=variant)
    rnd = random.Random(steps)
    for _ in range(steps):
        if g.to_act is None:
            break
        g.apply(rnd.choice([a for a in g.legal_actions() if a.type != "offer_trade"]))
    for _ in range(15):
        if g.to_act is None:
            break
        a = data.draw(st.composite(lambda draw: _random_action(draw))())
        problem = g.check(a)
        assert problem is None or (isinstance(problem, str) and problem)
        if problem is None and a.type not in ("offer_trade", "counter_trade"):
            assert a in g.legal_actions(), a  # accepted <=> listed (offers are open-ended)
        if problem is None:
            g.apply(a)
            check_invariants(g)


def _candidates(g: StarfarersGame) -> list[Action]:
    """Every plausible action near the current position, legal or not."""
    out: list[Action] = [EndMove(), EndTurn(), Shake(), Roll(), BuyFame()]
    seat = g.to_act if g.to_act is not None else 0
    ships = set(g.ships[g.current]) | ({g.moving} if g.moving >= 0 else set())
    for s in ships:
        out += [FlyStep(s, w) for w in B.NEIGHBOURS[s]] + [FoundColony(s), ChooseShip(s)]
    for site in B.ALL_SITES:
        out += [BuildSpaceport(site)]
        out += [BuildShip(k, x) for x in B.PORT_SITES[site] for k in SHIP_KINDS]
    out += [PlaceColony(v) for v in B.HOME_SITES]
    out += [Discard(r) for r in RESOURCES] + [TakeResource(r) for r in RESOURCES]
    out += [MaritimeTrade(a, b) for a in RESOURCES for b in RESOURCES]
    out += [BuildUpgrade(k) for k in UPGRADES] + [ChooseUpgrade(k) for k in UPGRADES]
    out += [RemoveUpgrade(k) for k in UPGRADES] + [ChooseStartUpgrade(o) for o in START_UPGRADES]
    out += [EncounterAnswer(n) for n in range(-1, 5)] + [TakeFriendship(c) for c in CARD_NAMES]
    out += [Steal(q) for q in range(4)] + [ChooseOpponent(q) for q in range(4)]
    out += [AcceptTrade(), DeclineTrade(), CancelTrade()] + [ConfirmTrade(q) for q in range(4)]
    del seat
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_check_accepts_exactly_the_legal_actions(variant: str) -> None:
    """At many positions of a random game (seed 17), check(a) is None iff a is listed as legal."""
    g = make(4, seed=17, variant=variant)
    rnd = random.Random(17)
    for step in range(700):
        if g.to_act is None:
            break
        legal = g.legal_actions()
        if step % 3 == 0:
            listed = set(legal)
            for a in _candidates(g):
                if isinstance(a, Jump):
                    continue
                assert (g.check(a) is None) == (a in listed), (g.phase_name, a, g.check(a))
        g.apply(rnd.choice([a for a in legal if a.type != "offer_trade"]))
