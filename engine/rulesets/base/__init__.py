"""The base game of Catan for 2 to 4 players (rules/catan.md; 2 seats play the plain rules)."""

from __future__ import annotations

from engine.config import GameConfig, OptionSpec
from engine.game import Game
from engine.registry import Ruleset
from engine.rulesets.base.game import BaseGame

OPTIONS = (
    OptionSpec("board", ("random", "beginner"), "random", "terrain and numbers"),
    OptionSpec("shuffle_harbours", (False, True), False, "shuffle harbour types"),
    OptionSpec("vp_to_win", tuple(range(5, 16)), 10, "victory points needed to win"),
    OptionSpec(
        "trade_offers_per_turn",
        tuple(range(0, 21)),
        3,
        "domestic offers a player may make per turn",
    ),
)


def game_ruleset(
    name: str,
    title: str,
    seats: tuple[int, ...],
    options: tuple[OptionSpec, ...],
    game: type[BaseGame],
    short_title: str = "",
) -> Ruleset:
    """The registration of a ruleset whose games are `game`, a BaseGame or a variant of it.

    Such games make themselves from a config, carry their codec, deal hidden
    hands from beliefs and load positions, all as BaseGame does.
    """

    def create(config: GameConfig) -> Game:
        return game(config)

    return Ruleset(
        name=name,
        title=title,
        seats=seats,
        options=options,
        create=create,
        codec=game.codec,
        sample_consistent=game.sample_consistent,
        samples_beliefs=True,
        from_position=game.from_position,
        short_title=short_title,
    )


RULESET = game_ruleset("base", "Catan (base game)", (2, 3, 4), OPTIONS, BaseGame, "Base game")
