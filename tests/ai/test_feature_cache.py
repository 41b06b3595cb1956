"""Search features cache static board knowledge by identity, never by hashing the board."""

from __future__ import annotations

from typing import Any

import pytest

from ai.features import base as feats
from engine.config import GameConfig
from engine.registry import new_game

SEED_GAME = 6


def test_vertex_yields_are_cached_without_hashing_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = new_game(GameConfig("base", 4, SEED_GAME, {})).board  # type: ignore[attr-defined]
    first = feats._vertex_yield(board)

    def no_hash(self: Any) -> int:
        raise AssertionError("the board was hashed")

    monkeypatch.setattr(type(board), "__hash__", no_hash)
    assert feats._vertex_yield(board) is first


def test_an_equal_board_that_is_another_object_gets_its_own_entry() -> None:
    game = new_game(GameConfig("base", 4, SEED_GAME, {}))
    board = game.board  # type: ignore[attr-defined]
    from engine.rulesets.base.board_json import board_from_json

    twin = board_from_json(board.to_json())
    assert twin is not board
    assert feats._vertex_yield(twin) == feats._vertex_yield(board)
    assert feats._vertex_yield(twin) is not feats._vertex_yield(board)
