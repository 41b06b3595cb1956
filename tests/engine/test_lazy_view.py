"""A lazy view is the seat's view when read, costs nothing when not, and expires unread."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from engine.config import GameConfig
from engine.headless import play_headless
from engine.registry import new_game
from engine.views import LazyView

SEED_GAME = 5
SEED_PLAY = 11


def _mid_game(ruleset: str) -> object:
    game = new_game(GameConfig(ruleset, 4, SEED_GAME, {}))
    rng = random.Random(SEED_PLAY)
    for _ in range(120):
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        game.apply(rng.choice(legal))
    return game


@pytest.mark.parametrize("ruleset", ["base", "starfarers"])
def test_a_lazy_view_reads_as_the_view(ruleset: str) -> None:
    game = _mid_game(ruleset)
    seat = game.to_act  # type: ignore[attr-defined]
    lazy = LazyView(game, seat)
    assert not lazy.built
    assert lazy["phase"] == game.view(seat)["phase"]  # type: ignore[attr-defined]
    assert lazy.built
    assert lazy == game.view(seat)  # type: ignore[attr-defined]
    assert json.dumps(dict(lazy), sort_keys=True) == json.dumps(game.view(seat), sort_keys=True)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "read",
    [
        dict,
        lambda v: json.dumps(dict(v)),
        copy.deepcopy,
        copy.copy,
        lambda v: pickle.loads(pickle.dumps(v)),
        lambda v: {**v},
        lambda v: v | {},
        lambda v: sorted(v),
        len,
    ],
)
def test_every_way_of_reading_builds_it(read: object) -> None:
    game = _mid_game("base")
    seat = game.to_act  # type: ignore[attr-defined]
    out = read(LazyView(game, seat))  # type: ignore[operator]
    full = game.view(seat)  # type: ignore[attr-defined]
    if isinstance(out, str):
        assert json.loads(out) == json.loads(json.dumps(full))
    elif isinstance(out, int):
        assert out == len(full)
    elif isinstance(out, list):
        assert out == sorted(full)
    else:
        assert out == full
        assert type(out) is dict


def test_json_refuses_a_lazy_view_rather_than_writing_it_empty() -> None:
    game = _mid_game("base")
    with pytest.raises(TypeError, match="not JSON serializable"):
        json.dumps(LazyView(game, 0))


def test_an_unread_view_expires_with_its_decision() -> None:
    game = _mid_game("base")
    lazy = LazyView(game, 0)
    lazy.release()
    with pytest.raises(RuntimeError, match="not read during its decision"):
        lazy.get("phase")


def test_a_view_read_in_time_stays_readable() -> None:
    game = _mid_game("base")
    lazy = LazyView(game, 0)
    phase = lazy["phase"]
    lazy.release()
    assert lazy["phase"] == phase


class _Counting:
    """A decider that declares it does not read views, and counts those it is given."""

    reads_view = False

    def __init__(self) -> None:
        self.rng = random.Random(SEED_PLAY)
        self.lazy = 0

    def __call__(self, view: object, legal: list[object]) -> object:
        self.lazy += type(view) is LazyView and not view.built  # type: ignore[attr-defined]
        quiet = [a for a in legal if a.type not in ("offer_trade", "counter_trade")]  # type: ignore[attr-defined]
        return self.rng.choice(quiet)


def test_the_headless_loop_hands_non_readers_lazy_views() -> None:
    game = new_game(GameConfig("base", 4, SEED_GAME, {}))
    deciders = [_Counting() for _ in range(4)]
    result = play_headless(game, deciders, turn_cap=40)  # type: ignore[arg-type]
    assert sum(d.lazy for d in deciders) == result.decisions > 0
