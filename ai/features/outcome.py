"""A seat's chance to win, fitted to the outcomes of self-play games (base game and rulesets on it).

The hand-set evaluation (`ai.features.base.evaluate`) ranks the moves of one position
well; a search compares positions a few rounds apart, where what matters is who goes on
to win. `win_chance` scores a position as a conditional logit over the seats: each seat's
features (`features`) weighed by `WEIGHTS`, fitted by ``scripts/fit_outcome.py`` to who won
thousands of two-seat value-bot games, then softmax across the seats. With two seats that
is a logistic regression on the difference of the two seats' features.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ai.features.base import _ground, _seat_value
from engine.rulesets.base.game import KNIGHT, VICTORY_POINT, BaseGame

FEATURES = (
    "vp",
    "vp_squared",
    "production",
    "pips",
    "city_pips",
    "road_pips",
    "kinds",
    "best_spot",
    "spot_beyond",
    "cards",
    "cards_over",
    "value",
    "development",
    "knights",
    "road",
    "army_holder",
    "road_holder",
    "settlements",
    "cities",
    "harbours_2",
    "harbour_3",
    "to_move",
)
"""One seat's features, in `WEIGHTS`' order."""

WEIGHTS: tuple[float, ...] = (
    -1.1861,  # vp
    0.4398,  # vp_squared
    -0.0196,  # production
    -0.2435,  # pips
    0.0119,  # city_pips
    -0.1101,  # road_pips
    -0.0777,  # kinds
    -0.0327,  # best_spot
    -0.0047,  # spot_beyond
    0.0167,  # cards
    0.1555,  # cards_over
    1.2440,  # value
    0.1065,  # development
    -0.0610,  # knights
    0.0829,  # road
    -0.5779,  # army_holder
    -0.6355,  # road_holder
    0.5516,  # settlements
    0.9137,  # cities
    -0.1761,  # harbours_2
    -0.1716,  # harbour_3
    0.0886,  # to_move
)
"""Fitted by ``scripts/fit_outcome.py`` (see its docstring for the run)."""


@lru_cache(maxsize=8)
def _kinds(names: tuple[str, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The indices of a city's resources (ore, grain) and a road's (brick, lumber)."""
    city = tuple(r for r, name in enumerate(names) if name in ("ore", "grain"))
    road = tuple(r for r, name in enumerate(names) if name in ("brick", "lumber"))
    return city, road


def features(game: BaseGame, seat: int) -> list[float]:
    """`seat`'s features in `FEATURES` order (a determinized game: every hand is known)."""
    vp = game.total_vp(seat)
    ground = _ground(game, seat)
    prod = ground.prod
    city_kinds, road_kinds = _kinds(game.HAND_CARDS.names)
    city = sum(prod[r] for r in city_kinds)
    road = sum(prod[r] for r in road_kinds)
    cards = sum(game.hand(seat))
    dev = game.row(game.dev_hands, seat)
    new = game.row(game.dev_new, seat)
    held = sum(dev) + sum(new) - dev[VICTORY_POINT] - new[VICTORY_POINT]
    level = game.vertex_level
    settlements = sum(1 for v in game.buildings[seat] if level[v] == 1)
    cities = sum(1 for v in game.buildings[seat] if level[v] >= 2)
    rates = game.row(game.rates, seat)
    return [
        float(vp),
        vp * vp / 10.0,
        ground.prod_score,
        sum(prod) / 6.0,
        city / 6.0,
        road / 6.0,
        float(sum(1 for p in prod if p)),
        ground.best_spot,
        ground.spot_beyond,
        float(min(cards, 7)),
        float(max(cards - 7, 0)),
        _seat_value(game, seat, True) / 10.0,
        float(held),
        float(min(game.row(game.dev_played, seat)[KNIGHT], 5)),
        float(min(game.road_length[seat], 8)),
        float(game.army_holder == seat),
        float(game.longest_holder == seat),
        float(settlements),
        float(cities),
        float(sum(1 for r in rates if r == 2)),
        float(any(r == 3 for r in rates)),
        float(game.current == seat),
    ]


def score(game: BaseGame, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """`seat`'s logit: its features weighed."""
    return sum(w * x for w, x in zip(weights, features(game, seat), strict=True))


def win_chance(game: BaseGame, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The chance, by the fitted model, that `seat` wins from here (1 or 0 once decided)."""
    if game.winner_seat >= 0:
        return 1.0 if game.winner_seat == seat else 0.0
    logits = [score(game, p, weights) for p in range(game.config.seats)]
    top = max(logits)
    exps = [math.exp(x - top) for x in logits]
    return exps[seat] / sum(exps)
