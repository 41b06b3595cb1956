"""Arbitrary actions never crash `check`; whatever it accepts, `apply` performs."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.actions import Action
from engine.rulesets.starfarers.actions import STARFARERS_ACTIONS

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
    """Random positions (seed = steps) and random, often malformed, actions."""
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
        if problem is None:
            g.apply(a)
            check_invariants(g)
