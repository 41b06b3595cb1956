"""The base game's inlined `apply` never bypasses a subclass's `check` or `_apply`."""

from __future__ import annotations

import pytest

from engine.actions import Action
from engine.config import GameConfig
from engine.errors import IllegalAction
from engine.events import Event
from engine.registry import normalise_config
from engine.rulesets.base.game import BaseGame

SEED_GAME = 9


class Strict(BaseGame):
    """Refuses every road: its own rule on top of the base game's."""

    def check(self, action: Action) -> str | None:
        if action.type == "build_road":
            return "roads are closed in this variant"
        return super().check(action)


class Counting(BaseGame):
    """Counts the actions applied through its own `_apply`."""

    applied = 0

    def _apply(self, action: Action) -> list[Event]:
        type(self).applied += 1
        return super()._apply(action)


def _game(cls: type[BaseGame]) -> BaseGame:
    return cls(normalise_config(GameConfig("base", 4, SEED_GAME, {})))


def test_the_base_game_applies_inline() -> None:
    assert BaseGame._INLINE_APPLY
    assert not Strict._INLINE_APPLY and not Counting._INLINE_APPLY


def test_a_subclass_check_is_asked() -> None:
    game = _game(Strict)
    game.apply(game.legal_actions()[0])  # the setup settlement
    road = game.legal_actions()[0]
    assert road.type == "build_road"
    with pytest.raises(IllegalAction, match="roads are closed in this variant"):
        game.apply(road)


def test_a_subclass_apply_runs() -> None:
    game = _game(Counting)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert Counting.applied == 3
