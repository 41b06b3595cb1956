"""Determinism: same config and actions give the same game, byte for byte, saved or not."""

from __future__ import annotations

import random

from enginefix import base_game, random_actions
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import load
from engine.saves import dumps, save


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), seats=st.sampled_from([2, 3, 4]))
def test_same_config_and_actions_same_bytes(seed: int, seats: int) -> None:
    first = base_game(seed, seats)
    actions = random_actions(first, random.Random(seed), 800)
    second = base_game(seed, seats)
    for action in actions:
        second.apply(action)
    assert dumps(first) == dumps(second)
    assert first.snapshot() == second.snapshot()
    for seat in [None, *range(seats)]:
        assert first.view(seat) == second.view(seat)


@settings(max_examples=15, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 600))
def test_save_load_continue_equals_never_saving(seed: int, cut: int) -> None:
    """Save mid-game, load, continue with the same actions -> same as never saving."""
    straight = base_game(seed)
    actions = random_actions(straight, random.Random(seed), 900)
    saved = base_game(seed)
    for action in actions[:cut]:
        saved.apply(action)
    text = dumps(saved, {"note": "mid-game"})
    resumed = load(text)
    assert dumps(resumed, {"note": "mid-game"}) == text
    for action in actions[cut:]:
        resumed.apply(action)
    assert dumps(resumed) == dumps(straight)
    assert resumed.winner == straight.winner


def test_different_seeds_differ() -> None:
    """Seeds 1 and 2: the seed reaches the board and the dice (the RNG is really used)."""
    a, b = base_game(1), base_game(2)
    assert a.snapshot()["board"] != b.snapshot()["board"]
    assert save(a)["config"]["seed"] == 1


def test_copy_is_independent_and_equivalent() -> None:
    """Seed 11: a copy replays identically and mutating it leaves the original untouched."""
    game = base_game(11)
    random_actions(game, random.Random(11), 300)
    before = dumps(game)
    twin = game.copy()
    assert dumps(twin) == before
    more = random_actions(twin, random.Random(12), 300)
    assert dumps(game) == before
    for action in more:
        game.apply(action)
    assert dumps(game) == dumps(twin)


_SCRIPT = """
import hashlib, random, sys
sys.path.insert(0, {here!r})
from enginefix import base_game, random_actions
from engine.saves import dumps
game = base_game({seed}, {seats})
random_actions(game, random.Random({seed}), 1500)
print(hashlib.sha256(dumps(game).encode()).hexdigest())
"""


def test_same_bytes_across_processes_and_hash_seeds() -> None:
    """Seeds 21 and 22: two interpreters with different PYTHONHASHSEED write the same save."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = str(Path(__file__).parent)
    for seed, seats in ((21, 4), (22, 3)):
        code = _SCRIPT.format(here=here, seed=seed, seats=seats)
        digests = set()
        for hash_seed in ("0", "12345"):
            env = {**os.environ, "PYTHONHASHSEED": hash_seed}
            out = subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
            )
            assert out.returncode == 0, out.stderr
            digests.add(out.stdout.strip())
        game = base_game(seed, seats)
        random_actions(game, random.Random(seed), 1500)
        import hashlib

        digests.add(hashlib.sha256(dumps(game).encode()).hexdigest())
        assert len(digests) == 1


@settings(max_examples=20, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 700))
def test_copies_never_share_state(seed: int, cut: int) -> None:
    """A copy taken anywhere (trades, discards, cards) plays on without touching its source."""
    game = base_game(seed)
    random_actions(game, random.Random(seed), cut)
    before = dumps(game)
    views = [game.view(s) for s in (None, 0, 1, 2, 3)]
    legal = game.legal_actions()
    twin = game.copy()
    random_actions(twin, random.Random(seed + 1), 80)
    assert dumps(game) == before
    assert [game.view(s) for s in (None, 0, 1, 2, 3)] == views
    assert game.legal_actions() == legal
