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


def _positions(seats: int, seed: int, every: int = 4) -> list[Any]:
    """Copies of one seeded game of rule-policy play, every `every` actions."""
    from engine.rng import Rng

    game = new_game(GameConfig("base", seats, seed, {}))
    rng = Rng(seed)
    out = []
    for n in range(600):
        seat = game.to_act
        if seat is None:
            break
        legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
        game.apply(feats.policy(game, seat, legal, rng))  # type: ignore[arg-type]
        if n % every == 0:
            out.append(game.copy())
    return out


@pytest.mark.parametrize(("seats", "seed"), [(2, 31), (4, 32)])
def test_the_cached_ground_and_sites_are_what_measuring_them_gives(seats: int, seed: int) -> None:
    positions = _positions(seats, seed)
    assert len(positions) > 40, "the game ended before it reached its middle"
    for game in positions:
        for seat in range(seats):
            assert feats._ground(game, seat) == feats._measure_ground(game, seat)
            assert feats._free_spots(game, seat) == feats._find_spots(game, seat)
    # asked again, from the cache: the same answers
    for game in positions:
        for seat in range(seats):
            assert feats._ground(game, seat) == feats._measure_ground(game, seat)


def test_the_same_pieces_on_another_board_are_measured_on_that_board() -> None:
    game = _positions(4, 33)[-1]
    other = new_game(GameConfig("base", 4, 34, {}))
    moved = game.copy()
    moved.board = other.board  # type: ignore[attr-defined]
    mine = [feats._ground(game, s) for s in range(4)]
    theirs = [feats._ground(moved, s) for s in range(4)]
    assert theirs == [feats._measure_ground(moved, s) for s in range(4)]
    assert mine != theirs, "two boards' production read the same: the cache ignored the board"


def test_a_ruleset_with_its_own_distance_rule_is_not_served_from_the_cache() -> None:
    """Cities & Knights' knights also block a site: its sites are found afresh every time."""
    game = new_game(GameConfig("ck", 4, SEED_GAME, {}))
    before = dict(feats._SPOTS)
    feats._free_spots(game, 0)  # type: ignore[arg-type]
    assert before == feats._SPOTS
