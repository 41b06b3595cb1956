"""Saves: every damaged or foreign save is refused with a one-line SaveError; loading reads only."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from enginefix import base_game, random_actions

from engine import SaveError, load
from engine.config import GameConfig
from engine.registry import new_game
from engine.saves import (
    GrowingSave,
    dumps,
    load_path,
    read_save,
    save,
    save_to_path,
    write_atomic,
)


def _saved(seed: int = 3, count: int = 400) -> dict[str, Any]:
    game = base_game(seed)
    random_actions(game, random.Random(seed), count)
    return save(game)


def _refused(data: Any, *fragments: str) -> str:
    with pytest.raises(SaveError) as info:
        load(data)
    message = str(info.value)
    assert message and "\n" not in message
    for fragment in fragments:
        assert fragment in message, message
    return message


def test_round_trip_dict_str_bytes() -> None:
    """Seed 3: a save loads from a dict, a str and bytes to the same game."""
    data = _saved()
    text = json.dumps(data)
    for form in (data, text, text.encode()):
        game = load(form)
        assert game.snapshot() == data["snapshot"]
        assert [a.to_json() for a in game.log] == data["actions"]


@pytest.mark.parametrize(
    ("raw", "fragment"),
    [
        ("{not json", "invalid JSON"),
        ("", "invalid JSON"),
        # Python's own "starting at" is not said twice ("starting at at 3467").
        (
            '{"format": "catan-save", "x": "cut',
            "(Unterminated string starting at line 1, column 31)",
        ),
        (b"\xff\xfe\x00garbage\xff", "not a save file"),
        ("[" * 100_000, "not a save file"),
        ("[1, 2, 3]", "format tag"),
        ('{"format": "other"}', "format tag"),
        ("null", "format tag"),
    ],
)
def test_malformed_json(raw: str | bytes, fragment: str) -> None:
    """Malformed input of every shape is a SaveError, never another exception."""
    _refused(raw, fragment)


def test_truncated_file() -> None:
    """Seed 3: every truncation of a save is refused."""
    text = dumps(base_game(3))
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        _refused(text[:cut], "invalid JSON")


def test_tampered_action() -> None:
    """Seed 3: changing a logged action is refused (illegal now, or a different end state)."""
    data = _saved()
    # An illegal action: the first setup settlement on a vertex that does not exist.
    bad = json.loads(json.dumps(data))
    bad["actions"][0] = {"type": "build_settlement", "vertex": 999}
    _refused(bad, "action 1", "no vertex 999")
    # A legal but different action: the game ends elsewhere.
    other = json.loads(json.dumps(data))
    first = other["actions"][0]
    assert first["type"] == "build_settlement"
    game = base_game(3)
    alternatives = [a.to_json() for a in game.legal_actions() if a.to_json() != first]
    other["actions"][0] = alternatives[0]
    with pytest.raises(SaveError) as info:
        load(other)
    assert "\n" not in str(info.value)
    # A malformed action and an unknown action type.
    for raw, fragment in (
        ({"type": "build_road"}, "needs the field 'edge'"),
        ({"type": "teleport"}, "unknown action type"),
        (["roll"], "must be a JSON object"),
    ):
        broken = json.loads(json.dumps(data))
        broken["actions"][5] = raw
        _refused(broken, "action 6", fragment)


def test_dropped_or_extra_action() -> None:
    """Seed 3: a log one action short, or with the last action twice, is refused."""
    data = _saved()
    short = json.loads(json.dumps(data))
    short["actions"].pop()
    _refused(short, "does not reach its snapshot")
    longer = json.loads(json.dumps(data))
    longer["actions"].append(longer["actions"][-1])
    _refused(longer)


@pytest.mark.parametrize("field", ["hands", "bank", "rng", "robber", "vp_public", "dev_deck"])
def test_tampered_snapshot(field: str) -> None:
    """Seed 3: editing any part of the snapshot is detected."""
    data = _saved()
    bad = json.loads(json.dumps(data))
    value = bad["snapshot"][field]
    if isinstance(value, list) and value and isinstance(value[0], list):
        value[0][0] += 1
    elif isinstance(value, list):
        value[0] += 1
    else:
        bad["snapshot"][field] = value + 1
    _refused(bad, "does not reach its snapshot")


@pytest.mark.parametrize("version", [0, 2, "1", 1.0, True, None])
def test_wrong_version(version: Any) -> None:
    data = _saved(count=20)
    data["version"] = version
    _refused(data, "version", "not supported")


@pytest.mark.parametrize(
    ("config", "fragment"),
    [
        ({"ruleset": "chess", "seats": 4, "seed": 1, "options": {}}, "unknown ruleset 'chess'"),
        ({"ruleset": "base", "seats": 6, "seed": 1, "options": {}}, "not 6"),
        ({"ruleset": "base", "seats": 4, "seed": 1, "options": {"speed": 2}}, "unknown option"),
        ({"ruleset": "base", "seats": 4, "seed": 1, "options": {"vp_to_win": 10.0}}, "vp_to_win"),
        ({"ruleset": "base", "seats": 4, "seed": "x", "options": {}}, "seed"),
        (None, "config"),
    ],
)
def test_bad_config(config: Any, fragment: str) -> None:
    data = _saved(count=20)
    data["config"] = config
    _refused(data, "config", fragment)


def test_missing_parts() -> None:
    data = _saved(count=20)
    for key in ("actions", "snapshot"):
        bad = dict(data)
        del bad[key]
        _refused(bad, "incomplete")


def test_load_path_never_changes_the_file(tmp_path: Path) -> None:
    """Seed 3: loading good and bad files leaves their bytes and mtime alone."""
    game = base_game(3)
    random_actions(game, random.Random(3), 200)
    good = tmp_path / "good.json"
    save_to_path(game, good, {"who": "test"})
    bad = tmp_path / "bad.json"
    bad.write_text(dumps(game)[:-10])
    old = 1_000_000_000
    for path in (good, bad):
        os.utime(path, (old, old))
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (good, bad)}
    loaded = load_path(good)
    assert loaded.snapshot() == game.snapshot()
    with pytest.raises(SaveError) as info:
        load_path(bad)
    assert "\n" not in str(info.value)
    with pytest.raises(SaveError):
        load_path(tmp_path / "missing.json")
    after = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in (good, bad)}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "good.json"]
    assert read_save(good)["meta"] == {"who": "test"}


def test_write_atomic_replaces_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "save.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    assert [p.name for p in path.parent.iterdir()] == ["save.json"]


def test_write_atomic_failure_leaves_no_temporary_file(tmp_path: Path) -> None:
    """Replacing a directory fails; the old content stays and no temporary file is left."""
    target = tmp_path / "taken"
    target.mkdir()
    (target / "inside.txt").write_text("keep")
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["taken"]
    assert (target / "inside.txt").read_text() == "keep"


def test_save_meta_round_trip() -> None:
    """Seed 3: meta is stored as given and does not affect loading."""
    from engine.saves import meta_of

    game = base_game(3)
    data = save(game, {"seats": ["human", "random"], "name": "Ada"})
    assert meta_of(data) == {"seats": ["human", "random"], "name": "Ada"}
    assert meta_of({"meta": 5}) == {}
    assert load(data).snapshot() == game.snapshot()


HUGE_INT = '{"format": "catan-save", "version": ' + "9" * 5000 + "}"


def test_an_integer_past_the_digit_limit_is_a_save_error(tmp_path: Path) -> None:
    """Python refuses to convert ints over 4300 digits (ValueError): still a one-line SaveError."""
    for form in (HUGE_INT, HUGE_INT.encode()):
        _refused(form, "not a save file", "too many digits")
    path = tmp_path / "huge.json"
    path.write_text(HUGE_INT)
    with pytest.raises(SaveError, match="too many digits"):
        read_save(path)
    assert path.read_text() == HUGE_INT


def test_read_save_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    """Devices and folders are refused by kind, before anything is read."""
    for path, kind in ((Path("/dev/null"), "a character device"), (tmp_path, "a folder")):
        with pytest.raises(SaveError) as info:
            read_save(path)
        assert f"is {kind}, not a regular file" in str(info.value)


def test_read_save_refuses_a_file_over_the_limit(tmp_path: Path) -> None:
    from engine.saves import MAX_SAVE_BYTES

    path = tmp_path / "big.json"
    with path.open("wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)  # sparse: no disk space used
    with pytest.raises(SaveError, match="larger than 64 MiB"):
        read_save(path)


def test_an_unplanned_exception_in_replay_is_a_save_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seed 3: whatever a hostile action makes the engine raise, loading gives a SaveError."""
    from engine.registry import get_ruleset

    data = _saved(count=20)
    codec = get_ruleset("base").codec

    def broken(raw: Any) -> Any:
        raise KeyError("hostile")

    monkeypatch.setattr(codec, "decode", broken)
    _refused(data, "cannot be replayed (KeyError)")


@pytest.mark.parametrize("ruleset", ["base", "starfarers", "ck", "fleet"])
def test_a_growing_save_is_dumps_byte_for_byte_after_every_action(ruleset: str) -> None:
    """Seed 5: a table's autosave (each action encoded once) writes what `dumps` writes.

    It follows one game action by action, starts again for another game (a
    rematch at the same table) and for a game whose log is shorter, and loads.
    """
    growing = GrowingSave()
    meta = {"seats": ["human", "bot"], "name": "growing"}
    game = new_game(GameConfig(ruleset, 3, 5, {}))
    assert growing.dumps(game, meta) == dumps(game, meta)  # before the first action
    rng = random.Random(5)
    for _ in range(150):
        if game.to_act is None:
            break
        legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
        game.apply(rng.choice(legal))
        assert growing.dumps(game, meta) == dumps(game, meta), game.num_actions
    assert game.num_actions >= 100
    assert load(growing.dumps(game, meta)).snapshot() == game.snapshot()
    other = new_game(GameConfig(ruleset, 3, 6, {}))
    other.apply(other.legal_actions()[0])
    assert growing.dumps(other) == dumps(other)
    assert growing.dumps(game, meta) == dumps(game, meta)  # back to the longer game
