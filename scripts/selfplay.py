"""The game loop the self-play scripts share: bots told the start, asked, told the events."""

from __future__ import annotations

from typing import Any

from ai.protocol import bot_view, call_hook
from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Game


def start(game: Game, bots: list[Any]) -> None:
    """Each bot hears the game start from its seat's view."""
    for p, bot in enumerate(bots):
        call_hook(bot, "on_game_start", p, bot_view(game.view(p)))


def ask(game: Game, bots: list[Any]) -> Action:
    """The action the seat to act chooses (not yet applied)."""
    seat = game.to_act
    assert seat is not None
    action: Action = bots[seat].decide(bot_view(game.view(seat)), game.legal_actions())
    return action


def play(game: Game, bots: list[Any], action: Action) -> None:
    """Apply `action` (the first legal one if refused); every bot hears its share of the events."""
    try:
        events = game.apply(action)
    except IllegalAction:
        events = game.apply(game.legal_actions()[0])
    for p, bot in enumerate(bots):
        call_hook(bot, "on_events", [e.for_seat(p) for e in events])


def finish(game: Game, bots: list[Any], max_turns: int) -> None:
    """Play on until someone wins or turn `max_turns` has passed."""
    while game.to_act is not None and int(getattr(game, "turn", 0)) <= max_turns:
        play(game, bots, ask(game, bots))
