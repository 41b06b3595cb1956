"""Core pieces: configs and options, the RNG, events' redaction, the registry."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import ConfigError, Event, GameConfig, new_game, ruleset_names, sample_consistent
from engine.registry import normalise_config
from engine.rng import Rng


@pytest.mark.parametrize(
    ("config", "fragment"),
    [
        (GameConfig("chess"), "unknown ruleset 'chess'"),
        (GameConfig("base", 1), "not 1"),
        (GameConfig("base", 5), "not 5"),
        (GameConfig("base", 4, 1, {"colour": "red"}), "unknown option 'colour'"),
        (GameConfig("base", 4, 1, {"board": "hexagonal"}), "choose one of: random, beginner"),
        (GameConfig("base", 4, 1, {"vp_to_win": 4}), "vp_to_win"),
        (GameConfig("base", 4, 1, {"vp_to_win": 10.0}), "vp_to_win"),
        (GameConfig("base", 4, 1, {"vp_to_win": True}), "vp_to_win"),
        (GameConfig("base", 4, 1, {"shuffle_harbours": 1}), "shuffle_harbours"),
    ],
)
def test_bad_configs(config: GameConfig, fragment: str) -> None:
    with pytest.raises(ConfigError) as info:
        new_game(config)
    assert fragment in str(info.value) and "\n" not in str(info.value)


def test_config_defaults_and_seed() -> None:
    config = normalise_config(GameConfig("base", 3))
    assert config.seed is not None
    assert dict(config.options) == {
        "board": "random",
        "shuffle_harbours": False,
        "vp_to_win": 10,
        "trade_offers_per_turn": 3,
    }
    assert GameConfig.from_json(config.to_json()) == config
    assert "base" in ruleset_names()


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"ruleset": 1},
        {"ruleset": "base", "seats": "4"},
        {"ruleset": "base", "options": []},
    ],
)
def test_config_from_bad_json(data: Any) -> None:
    with pytest.raises(ConfigError):
        GameConfig.from_json(data)


def test_vp_to_win_option_changes_the_goal() -> None:
    """Seed 5: with vp_to_win 5 the win check uses 5."""
    game = new_game(GameConfig("base", 4, 5, {"vp_to_win": 5}))
    assert game.view(0)["vp_to_win"] == 5


def test_sample_consistent_needs_a_seat() -> None:
    game = new_game(GameConfig("base", 4, 5))
    with pytest.raises(ValueError):
        sample_consistent(game.view(None), Rng(1))


# -- the RNG ---------------------------------------------------------------------


def test_rng_is_deterministic_and_copyable() -> None:
    a = Rng(42)
    first = [a.next64() for _ in range(5)]
    b = Rng(42)
    assert [b.next64() for _ in range(5)] == first
    c = a.copy()
    assert c.next64() == a.next64()
    assert Rng(2**64 + 42).state == Rng(42).state


@settings(max_examples=50, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 1000))
def test_rng_ranges(seed: int, n: int) -> None:
    r = Rng(seed)
    assert 0 <= r.below(n) < n
    assert 1 <= r.die() <= 6
    items = list(range(20))
    r.shuffle(items)
    assert sorted(items) == list(range(20))
    counts = [0, 3, 0, 2]
    assert r.weighted_index(counts) in (1, 3)
    state = r.state
    r.derive(7)
    assert r.state == state  # derive does not advance the stream


def test_rng_refuses_empty_ranges() -> None:
    with pytest.raises(ValueError):
        Rng(1).below(0)
    with pytest.raises(ValueError):
        Rng(1).weighted_index([0, 0])


def test_dice_are_roughly_uniform() -> None:
    """Seed 9: 6000 dice, each face 1000 +- 150."""
    r = Rng(9)
    faces = [0] * 7
    for _ in range(6000):
        faces[r.die()] += 1
    assert all(850 <= f <= 1150 for f in faces[1:])


@pytest.mark.parametrize("seed", [0, 9, 2**63 + 5, 2**64 - 1])
def test_two_dice_are_two_dice_in_order(seed: int) -> None:
    """`two_dice` (one call per roll) gives what two `die` calls give, with the same state."""
    a, b = Rng(seed), Rng(seed)
    for _ in range(500):
        assert a.two_dice() == (b.die(), b.die())
        assert a.state == b.state


@pytest.mark.parametrize("seed", [0, 9, 2**63 + 5, 2**64 - 1])
def test_three_dice_are_three_dice_in_order(seed: int) -> None:
    """`three_dice` (a C&K roll) gives what three `die` calls give, with the same state."""
    a, b = Rng(seed), Rng(seed)
    for _ in range(500):
        assert a.three_dice() == (b.die(), b.die(), b.die())
        assert a.state == b.state


def test_a_public_event_is_the_event_made_the_checked_way() -> None:
    made = Event.public("turn", {"seat": 1, "turn": 3})
    assert made == Event("turn", {"seat": 1, "turn": 3})
    assert type(made) is Event and made.audience == frozenset() and made.secret is None


# -- events ----------------------------------------------------------------------


def test_event_redaction() -> None:
    event = Event("steal", {"thief": 0, "victim": 2}, {"resource": "ore"}, frozenset({0, 2}))
    assert event.for_seat(0) == {"kind": "steal", "thief": 0, "victim": 2, "resource": "ore"}
    assert event.for_seat(2)["resource"] == "ore"
    assert event.for_seat(1) == {"kind": "steal", "thief": 0, "victim": 2, "resource": None}
    assert event.for_seat(None)["resource"] is None
    assert event.full()["resource"] == "ore"
    public = Event("dice", {"total": 8})
    assert (
        public.for_seat(None) == public.for_seat(3) == public.full() == {"kind": "dice", "total": 8}
    )
