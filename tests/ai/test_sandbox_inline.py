"""Quick built-in bots are asked without a thread hand-off; every other bot keeps its thread."""

from __future__ import annotations

import threading
from typing import Any, ClassVar

import pytest

from ai.bots.random_bot import RandomBot
from ai.protocol import BaseBot
from ai.sandbox import Budget, SandboxedBot, asks_inline, listens
from ai.tournament import MatchSpec, play_game
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game
from engine.views import LazyView

SEED_BOT = 3
SEED_GAME = 12


def _prompt() -> tuple[dict[str, Any], list[Action]]:
    game = new_game(GameConfig("base", 4, SEED_GAME, {}))
    return dict(game.view(game.to_act)), game.legal_actions()


class ClaimsQuick(BaseBot):
    """Not a built-in: saying `quick` does not take it off its worker thread."""

    name = "claims-quick"
    quick: ClassVar[bool] = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.threads: list[threading.Thread] = []

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.threads.append(threading.current_thread())
        return legal[0]


def test_the_random_bot_is_asked_on_the_callers_thread() -> None:
    bot = RandomBot(SEED_BOT)
    seen: list[threading.Thread] = []
    real = bot.decide

    def decide(view: dict[str, Any], legal: list[Action]) -> Action:
        seen.append(threading.current_thread())
        return real(view, legal)

    bot.decide = decide  # type: ignore[method-assign]
    view, legal = _prompt()
    action = SandboxedBot(bot, budget=Budget(soft=1.0)).decide(view, legal)
    assert action in legal
    assert seen == [threading.current_thread()]


def test_a_plugin_that_claims_quick_keeps_its_worker_thread() -> None:
    bot = ClaimsQuick(SEED_BOT)
    assert not asks_inline(bot)
    view, legal = _prompt()
    SandboxedBot(bot, budget=Budget(soft=1.0)).decide(view, legal)
    assert bot.threads and bot.threads[0] is not threading.current_thread()


class _Broken(RandomBot):
    """A quick built-in that fails (its class is made to look built in)."""

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise ValueError("no answer today")


_Broken.__module__ = "ai.bots.random_bot"


def test_an_inline_bot_that_raises_is_a_fault_with_a_fallback() -> None:
    box = SandboxedBot(_Broken(SEED_BOT), budget=Budget(soft=1.0), seat=0)
    assert asks_inline(box.bot)
    view, legal = _prompt()
    action = box.decide(view, legal)
    assert action in legal
    assert box.stats.faults[0].kind == "exception"
    assert "no answer today" in box.stats.faults[0].message


def test_bots_without_event_hooks_are_not_sent_events() -> None:
    assert not listens(RandomBot(SEED_BOT))

    class Hears(BaseBot):
        def on_events(self, events: list[dict[str, Any]]) -> None:
            pass

    assert listens(Hears())


@pytest.mark.parametrize("bots", [("random",) * 4, ("random", "greedy", "random", "greedy")])
def test_tournament_games_replay_exactly(bots: tuple[str, ...]) -> None:
    """With lazy views and inline asking, a match still replays exactly, without faults."""
    spec = MatchSpec("base", bots, seed=SEED_GAME, max_turns=60)
    first = play_game(spec, 1)
    again = play_game(spec, 1)
    assert [s.vp for s in first.seats] == [s.vp for s in again.seats]
    assert first.turns == again.turns > 0
    assert sum(s.faults for s in first.seats) == 0


def test_a_random_seat_in_a_tournament_is_handed_lazy_views(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    handed: list[object] = []
    real = RandomBot.decide

    def spy(self: RandomBot, view: Any, legal: list[Action]) -> Action:
        handed.append(type(view))
        return real(self, view, legal)

    monkeypatch.setattr(RandomBot, "decide", spy)
    play_game(MatchSpec("base", ("random",) * 4, seed=SEED_GAME, max_turns=10), 0)
    assert handed and set(handed) == {LazyView}
