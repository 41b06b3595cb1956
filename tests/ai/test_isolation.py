"""A bot cannot reach the game: its view is plain data, and changing it changes nothing."""

from __future__ import annotations

import json
from typing import Any

from ai.protocol import BaseBot
from ai.sandbox import SandboxedBot
from engine.config import GameConfig
from engine.registry import new_game

SEED_MIDGAME = 4242
PLAIN = (dict, list, str, int, float, bool, type(None))


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return type(value) in PLAIN


class Vandal(BaseBot):
    """Scribbles over everything it is given, then plays the first legal action."""

    name = "vandal"

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        view["me"]["hand"] = {"ore": 99}
        view["vertices"].clear()
        view["players"][0]["public_vp"] = 10
        view["bank"]["grain"] = -5
        view["phase"] = "game_over"
        return legal[0]


def _midgame() -> Any:
    game = new_game(GameConfig("base", 4, SEED_MIDGAME))
    while int(game.turn) < 12:  # type: ignore[attr-defined]
        game.apply(game.legal_actions()[0])
    return game


def test_view_is_plain_data_with_no_way_back() -> None:
    game = _midgame()
    for seat in range(4):
        view = game.view(seat)
        assert _plain(view)
        assert json.loads(json.dumps(view)) == view


def test_mutating_the_view_changes_nothing() -> None:
    game = _midgame()
    seat = game.to_act
    before = json.dumps(game.snapshot(), sort_keys=True)
    view_before = game.view(seat)
    box = SandboxedBot(Vandal(1))
    action = box.decide(game.view(seat), game.legal_actions())
    box.close()
    assert json.dumps(game.snapshot(), sort_keys=True) == before
    assert game.view(seat) == view_before
    assert game.check(action) is None


def test_views_hide_other_hands() -> None:
    game = _midgame()
    view = game.view(0)
    assert "hand" not in view["players"][1]
    assert set(view["me"]) >= {"hand", "development"}


def test_every_base_view_key_is_documented() -> None:
    import ai.protocol

    doc = ai.protocol.__doc__ or ""
    view = _midgame().view(0)
    keys = [*view, *view["players"][0], *view["me"]]
    assert [k for k in keys if k not in doc] == []
