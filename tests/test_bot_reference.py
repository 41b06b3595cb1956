"""docs/bot-reference.md: what scripts/bot_reference.py writes, and a meaning for every view key.

The reference is generated from the engine's code (view TypedDicts, decision
kinds, action codecs), so it can only go stale by not being written again:
these tests fail until it is. A real game's view must have no key that the
reference does not list.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from engine import GameConfig, new_game

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "bot_reference.py"
SEED = 7
"""The seed of the games whose views are checked against the reference."""
MOVES = 1000
"""Random moves played; seat 0's view is checked every `EVERY` of them."""
EVERY = 100


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_reference", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def ref() -> ModuleType:
    return _load()


@pytest.fixture(scope="module")
def refs(ref: ModuleType) -> dict[str, Any]:
    return {r.name: r for r in ref.references()}


def test_the_file_is_what_the_generator_writes() -> None:
    """In a fresh interpreter, as a person runs it: a test that registers a ruleset of its
    own (tests/tui/test_faces.py) must not change what this one reads."""
    import subprocess

    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--check"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_check_mode_says_in_one_line_when_the_file_is_stale(
    ref: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot-reference.md"
    assert ref.main(["--check"], path=path) == 1  # missing
    path.write_text("stale\n", encoding="utf-8")
    assert ref.main(["--check"], path=path) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and all("out of date" in line for line in out), out
    assert ref.main([], path=path) == 0
    assert ref.main(["--check"], path=path) == 0


def test_every_ruleset_is_covered(refs: dict[str, Any]) -> None:
    assert {"base", "ck", "fleet", "starfarers"} <= set(refs)
    for r in refs.values():
        assert r.keys and r.kinds and r.actions, r.name


@pytest.mark.parametrize("ruleset", ["base", "ck", "fleet", "starfarers"])
def test_every_view_key_has_a_meaning(refs: dict[str, Any], ruleset: str) -> None:
    undocumented = [f"{k.path} ({k.declared_in})" for k in refs[ruleset].keys if not k.meaning]
    assert undocumented == []


def _unlisted(value: Any, path: str, paths: set[str]) -> list[str]:
    """Keys under `value` (found at `path`) whose paths the reference does not list."""
    if isinstance(value, list):
        return [p for item in value for p in _unlisted(item, path + "[]", paths)]
    if not isinstance(value, dict):
        return []
    prefix = f"{path}." if path else ""
    if prefix and not any(p.startswith(prefix) for p in paths):
        if any(p.startswith(path + "{}.") for p in paths):  # an object of declared parts
            return [p for v in value.values() for p in _unlisted(v, path + "{}", paths)]
        return []  # a plain mapping: card counts, the static board, a snapshot
    out = []
    for key, sub in value.items():
        if prefix + key not in paths:
            out.append(prefix + key)
        else:
            out += _unlisted(sub, prefix + key, paths)
    return out


@pytest.mark.parametrize(
    ("ruleset", "seats"), [("base", 4), ("ck", 4), ("fleet", 3), ("starfarers", 3)]
)
def test_a_real_view_has_no_key_the_reference_lacks(
    refs: dict[str, Any], ruleset: str, seats: int
) -> None:
    game = new_game(GameConfig(ruleset, seats, SEED, {}))
    rng = random.Random(SEED)
    paths = {k.path for k in refs[ruleset].keys}
    for move in range(1, MOVES + 1):
        if game.to_act is None:
            break
        game.apply(rng.choice(game.legal_actions()))
        if move % EVERY == 0 or game.to_act is None:
            view = dict(game.view(0))
            assert set(view) - paths == set(), move  # the top level
            assert _unlisted(view, "", paths) == [], move  # and every declared part below it


def test_the_walk_finds_a_key_the_reference_lacks(refs: dict[str, Any]) -> None:
    view: Any = dict(new_game(GameConfig("base", 3, SEED, {})).view(0))
    view["players"][1]["extra"] = 1
    view["me"] = {**view["me"], "secret": 2}
    view["trade"] = {"offerer": 0, "answers": {"1": {"give": {}, "odd": 3}}}
    paths = {k.path for k in refs["base"].keys}
    found = _unlisted(view, "", paths)
    assert found == ["players[].extra", "trade.answers{}.odd", "me.secret"], found
