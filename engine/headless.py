"""Playing a game to the end without a screen or a table: simulations, benchmarks, tournaments.

Deciders are plain callables from (view, legal actions) to an action, so the
engine stays free of the bot machinery; `ai` wraps its bots into deciders.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from engine.actions import Action
from engine.errors import IllegalAction
from engine.game import Game
from engine.views import GameView, LazyView, reads_view

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


def replay_steps(game: Game) -> Iterator[tuple[Game, Action]]:
    """`game`'s actions from its start, each with the game as it stood before it.

    One replay is advanced after each step, so read what you need of it before
    asking for the next (who acted: ``{a.type for g, a in replay_steps(game) if
    g.to_act == 0}``).
    """
    from engine.registry import new_game  # the registry imports the rulesets

    replay = new_game(game.config)
    for action in game.log:
        yield replay, action
        replay.apply(action)


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
    has_turn = hasattr(game, "turn")
    while True:
        seat = game.to_act
        if seat is None or (has_turn and game.turn > turn_cap):  # type: ignore[attr-defined]
            break
        legal = game.legal_actions()
        if reads[seat]:
            action = deciders[seat](game.view(seat), legal)
        else:
            view = LazyView(game, seat)
            action = deciders[seat](cast(GameView, view), legal)
            view.release()
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


def random_rollout(game: Game, rng: random.Random, turn_cap: int) -> int:
    """Uniform random legal play (no trade offers) to the end; returns the decisions made.

    The raw engine loop of `catan bench`: no views, no bots, nothing but rules.
    An action is drawn uniformly from the whole list and drawn again while it
    is an open-ended trade offer, which is uniform over the other actions
    without building a filtered list per decision (as a reference engine's
    random player picks an index).
    """
    decisions = 0
    draw = rng.random
    has_turn = hasattr(game, "turn")
    while game.to_act is not None and (not has_turn or game.turn <= turn_cap):  # type: ignore[attr-defined]
        legal = game.legal_actions()
        n = len(legal)
        action = legal[int(draw() * n)]
        tries = 0
        while action.type in _OPEN_ENDED:  # drawn again: uniform over the rest
            tries += 1
            if tries == 8:  # mostly offers: pick from the others directly
                quiet = [a for a in legal if a.type not in _OPEN_ENDED]
                action = quiet[int(draw() * len(quiet))] if quiet else action
                break
            action = legal[int(draw() * n)]
        game.apply(action)
        decisions += 1
    return decisions


_OPEN_ENDED = frozenset({"offer_trade", "counter_trade"})
