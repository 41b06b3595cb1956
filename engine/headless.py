"""Playing a game to the end without a screen or a table: simulations, benchmarks, tournaments.

Deciders are plain callables from (view, legal actions) to an action, so the
engine stays free of the bot machinery; `ai` wraps its bots into deciders.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Game
from engine.views import GameView, reads_view, release, view_for

Decider = Callable[[GameView, list[Action]], Action]
"""A decider may carry `reads_view = False`: it is then handed a `LazyView`,
built only if it reads it after all (engine.views.LazyView)."""


@dataclass
class HeadlessResult:
    winner: int | None
    scores: list[int]
    turns: int
    decisions: int
    capped: bool
    seconds: float
    illegal: list[tuple[int, str]] = field(default_factory=list)  # (seat, message) per refusal


def turn_of(game: Game) -> int:
    return int(getattr(game, "turn", 0))


def play_headless(
    game: Game,
    deciders: Sequence[Decider],
    *,
    turn_cap: int = 1000,
    on_events: Callable[[Game, list[Any]], None] | None = None,
) -> HeadlessResult:
    """Play until someone wins or `turn_cap` turns have passed.

    A decider that returns an illegal action loses that decision to the first
    legal action, and the refusal is recorded, so one broken bot cannot stop a
    batch of games. Deciders that declare `reads_view = False` get a lazy view.
    """
    start = time.perf_counter()
    decisions = 0
    illegal: list[tuple[int, str]] = []
    reads = [reads_view(d) for d in deciders]
    while True:
        seat = game.to_act
        if seat is None or turn_of(game) > turn_cap:
            break
        legal = game.legal_actions()
        view = view_for(game, seat, reads[seat])
        action = deciders[seat](view, legal)
        release(view)
        try:
            events = game.apply(action)  # validates first: a refused action changes nothing
        except IllegalAction as refused:
            illegal.append((seat, str(refused)))
            events = game.apply(legal[0])
        decisions += 1
        if on_events is not None:
            on_events(game, events)
    return HeadlessResult(
        winner=game.winner,
        scores=game.scores(),
        turns=turn_of(game),
        decisions=decisions,
        capped=game.winner is None,
        seconds=time.perf_counter() - start,
        illegal=illegal,
    )


def random_rollout(game: Game, rng_choice: Callable[[list[Action]], Action], turn_cap: int) -> int:
    """Uniform random legal play (no trade offers) to the end; returns the decisions made.

    The raw engine loop of `catan bench`: no views, no bots, nothing but rules.
    """
    decisions = 0
    while game.to_act is not None and turn_of(game) <= turn_cap:
        legal = [a for a in game.legal_actions() if a.type not in _OPEN_ENDED]
        game.apply(rng_choice(legal))
        decisions += 1
    return decisions


_OPEN_ENDED = frozenset({"offer_trade", "counter_trade"})
