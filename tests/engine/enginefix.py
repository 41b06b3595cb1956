"""Small drivers shared by the engine tests: random games through the public API only."""

from __future__ import annotations

import random

from engine import GameConfig, new_game
from engine.actions import Action
from engine.game import Game


def base_game(seed: int, seats: int = 4, board: str = "random") -> Game:
    return new_game(GameConfig("base", seats, seed=seed, options={"board": board}))


def pick(game: Game, rnd: random.Random) -> Action:
    """A random legal action; builds and cards are favoured and offers damped so games move."""
    legal = game.legal_actions()
    progress = [a for a in legal if a.type.startswith(("build_", "buy_", "play_"))]
    if progress and rnd.random() < 0.6:
        return rnd.choice(progress)
    plain = [a for a in legal if a.type != "offer_trade"]
    if plain and rnd.random() < 0.85:
        return rnd.choice(plain)
    return rnd.choice(legal)


def random_actions(game: Game, rnd: random.Random, count: int) -> list[Action]:
    """Play up to `count` random actions on `game`; returns them."""
    done = []
    for _ in range(count):
        if game.to_act is None:
            break
        action = pick(game, rnd)
        game.apply(action)
        done.append(action)
    return done
