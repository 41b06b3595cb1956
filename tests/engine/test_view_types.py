"""Every view a game returns has exactly the shape its ruleset's TypedDict declares.

The types are what the app, the narration and the bots read; a key added to
a view without its declaration (or a declared key that views stop writing,
or a value of another type) fails here.
"""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from engine import GameConfig, new_game
from engine.rulesets.base.view_types import BaseView
from engine.rulesets.fleet.view_types import FleetView
from engine.rulesets.starfarers.view_types import StarfarersView
from engine.views import GameView


def problems(value: Any, tp: Any, where: str = "view") -> list[str]:
    """Where `value` does not fit the type `tp` (TypedDicts checked key by key, no extras)."""
    if tp is Any:
        return []
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {tp.__name__}"]
        hints = get_type_hints(tp)
        out = [f"{where}: lacks {k}" for k in sorted(tp.__required_keys__ - set(value))]
        out += [f"{where}: undeclared key {k}" for k in sorted(set(value) - set(hints))]
        for key, sub in value.items():
            if key in hints:
                out += problems(sub, hints[key], f"{where}.{key}")
        return out
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        options = get_args(tp)
        if any(not problems(value, option, where) for option in options):
            return []
        return [f"{where}: {value!r} fits none of {tp}"]
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{where}: {value!r} not in {tp}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        (item,) = get_args(tp)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        kt, vt = get_args(tp)
        out = []
        for k, v in value.items():
            out += problems(k, kt, f"{where} key")
            out += problems(v, vt, f"{where}[{k!r}]")
        return out
    if tp is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if tp is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    if isinstance(tp, type) and not isinstance(value, tp):
        return [f"{where}: {value!r} is not a {tp.__name__}"]
    return []


def _views(ruleset: str, seats: int, seed: int, steps: int) -> list[tuple[int, Any]]:
    game = new_game(GameConfig(ruleset, seats, seed))
    rng = random.Random(seed)
    out = []
    for step in range(steps):
        if step % 37 == 0 or game.to_act is None:
            out += [(step, game.view(s)) for s in (None, *range(seats))]
        if game.to_act is None:
            break
        game.apply(rng.choice(game.legal_actions()))
    return out


@pytest.mark.parametrize(
    ("ruleset", "seats", "declared"),
    [
        ("base", 2, BaseView),
        ("base", 4, BaseView),
        ("starfarers", 3, StarfarersView),
        ("fleet", 4, FleetView),
    ],
)
def test_views_have_the_declared_shape(ruleset: str, seats: int, declared: Any) -> None:
    seen_me = seen_spectator = False
    for seed in range(3):
        for step, view in _views(ruleset, seats, seed, 2500):
            assert problems(view, declared) == [], (seed, step, problems(view, declared)[:5])
            seen_me |= "me" in view
            seen_spectator |= view["seat"] is None and "me" not in view
    assert seen_me and seen_spectator


def test_a_finished_game_shows_the_scores() -> None:
    game = new_game(GameConfig("base", 2, 4))
    rng = random.Random(4)
    while game.to_act is not None:
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(None)
    assert problems(view, BaseView) == [] and view["scores"] == game.scores()


def test_the_checker_catches_a_drifted_view() -> None:
    view: Any = new_game(GameConfig("base", 3, 1)).view(0)
    assert problems(view, BaseView) == []
    view["players"][1]["extra"] = 1
    view["robber"] = "3"
    del view["bank"]
    found = problems(view, BaseView)
    assert "view: lacks bank" in found
    assert "view.players[1]: undeclared key extra" in found
    assert "view.robber: '3' is not a int" in found


def test_the_view_types_share_the_common_part() -> None:
    common = set(get_type_hints(GameView))
    for declared in (BaseView, StarfarersView):
        assert common <= set(get_type_hints(declared)), declared.__name__
    assert (
        typing.get_type_hints(BaseView)["players"]
        != typing.get_type_hints(StarfarersView)["players"]
    )
