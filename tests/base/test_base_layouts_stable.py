"""Layouts as data make the same base boards as the code they replaced (commit 664d942).

tests/base/data/boards_664d942.json was written by the old `make_board` before
the layouts moved to JSON: for seeds 0-50 of every variant (beginner/random,
fixed/shuffled harbours) a digest of `to_json()`, the desert, the harbour kind
of every vertex and the generator's state afterwards (so the dice that follow
are the same too), plus the full JSON of seeds 0-2 and the base grid's tables.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.rng import Rng
from engine.rulesets.base.board import base_grid, make_board

DATA = json.loads((Path(__file__).parent / "data" / "boards_664d942.json").read_text())


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _make(key: str) -> tuple[Any, Rng]:
    layout, harbours, seed = key.split("/")
    rng = Rng(int(seed))
    return make_board(layout, rng, harbours == "shuffled"), rng


@pytest.mark.parametrize("entry", DATA["digests"], ids=[d[0] for d in DATA["digests"]])
def test_board_is_unchanged(entry: list[Any]) -> None:
    key, digest, desert, harbour_of, rng_after = entry
    board, rng = _make(key)
    assert _digest(board.to_json()) == digest
    assert board.desert == desert
    assert "".join("." if k < 0 else str(k) for k in board.vertex_harbour) == harbour_of
    assert rng.state == rng_after


@pytest.mark.parametrize("entry", DATA["full"], ids=[d[0] for d in DATA["full"]])
def test_board_json_is_unchanged(entry: list[Any]) -> None:
    key, expected = entry
    assert _make(key)[0].to_json() == expected


def test_base_grid_ids_are_unchanged() -> None:
    grid = base_grid()
    old = DATA["grid"]
    assert [list(h) for h in grid.land] == old["land"]
    assert [sorted(map(list, v)) for v in grid.vertex_hexes3] == old["vertex_hexes3"]
    assert [sorted(map(list, e)) for e in grid.edge_hexes2] == old["edge_hexes2"]
    for name in (
        "vertex_land",
        "hex_vertices",
        "hex_edges",
        "vertex_adjacent",
        "vertex_edges",
        "edge_vertices",
        "edge_adjacent",
    ):
        assert [list(x) for x in getattr(grid, name)] == old[name], name
