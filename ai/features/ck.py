"""Cities & Knights knowledge: the base game's evaluation and policy, plus what C&K adds.

Derived from ``ai.features.base`` (the hex family is one family): the base
evaluation already scores victory points (13 to win, read from the game),
production, expansion sites and hand progress toward a city, settlement or
road; this module wraps it and adds

- city improvements: levels per track, more for the level-3 abilities and
  the metropolis race, and hand progress toward the next level (commodities);
- knights: strength on the board, active strength, and the barbarians'
  threat (a city lost when they land and this seat is the weakest defender);
- walls (a larger hand limit) and progress cards in hand.

The base module's development-card terms are replaced (C&K has none; its
card rows hold progress cards). Its "development card" hand progress reads
the price wool, grain, ore, which in C&K is a knight and its activation.

The policy answers every decision C&K adds: the main phase has an order of
its own (defend against the barbarians first, then cities, improvements,
settlements, progress cards, knights, walls), and every progress-card answer
(a seat chosen, a card named, a knight displaced, a city pillaged ...) picks
the legal action that evaluates best one ply ahead.
"""

from __future__ import annotations

from ai.features import base
from ai.features.base import (
    apply_trade,
    hand_of,
    is_winning,
    phase_of,
    relative_value,
)
from ai.features.lookahead import one_ply
from ai.features.swaps import Terms, swap_terms
from engine.actions import Action
from engine.rng import Rng
from engine.rulesets.base.actions import BuildCity, BuildRoad, BuildSettlement
from engine.rulesets.base.decisions import MAIN, PRE_ROLL
from engine.rulesets.base.game import KNIGHT, VICTORY_POINT
from engine.rulesets.ck import barbarians
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import (
    ActivateKnight,
    BuildKnight,
    BuildWall,
    ChaseRobber,
    ImproveCity,
    PlayProgress,
    PromoteKnight,
)
from engine.rulesets.ck.cards import (
    ABILITY_LEVEL,
    BARBARIAN_TRACK,
    MAX_LEVEL,
    METROPOLIS_LEVEL,
    TRACK_COMMODITY,
    TRACK_NAMES,
)
from engine.rulesets.ck.game import CKGame
from engine.shared.actions import SHARED_ACTIONS, EndTurn

__all__ = [
    "CHANCE",
    "FORCED",
    "POLICY_PHASES",
    "RESOURCES",
    "apply_trade",
    "evaluate",
    "hand_of",
    "is_winning",
    "phase_of",
    "policy",
    "trade_terms",
]

CARD_ANSWERS = frozenset(ck.CK_KINDS) - {ck.STEP}
"""The decisions C&K adds: answered one ply ahead by evaluation (never a STEP: those run)."""
CHANCE = base.CHANCE | {"play_progress", "draw_progress", "activate_knight"}
FORCED = base.FORCED | CARD_ANSWERS
POLICY_PHASES = base.POLICY_PHASES
RESOURCES = CKGame.HAND_CARDS.names
"""Resources, then commodities (paper, cloth, coin), in the engine's index order."""

IMPROVE_PREFERENCE = ("science", "trade", "politics")
"""Ties between affordable improvements: Aqueduct first, then Trading House, then Fortress."""
_TRACK_RANK = {name: len(IMPROVE_PREFERENCE) - i for i, name in enumerate(IMPROVE_PREFERENCE)}


# -- the barbarians -----------------------------------------------------------------------


def loses_city(game: CKGame, seat: int) -> bool:
    """Would ``seat`` lose a city if the barbarians landed now?"""
    n = game.config.seats
    outcome = barbarians.resolve(
        game.barbarian_strength(),
        game.contributions(),
        [bool(game.plain_cities(p)) for p in range(n)],
        game.current,
    )
    return seat in outcome.pillaged


def steps_left(game: CKGame) -> int:
    """Ship rolls until the barbarians land (1: the next ship face brings them)."""
    return BARBARIAN_TRACK - game.barbarian


# -- evaluation ---------------------------------------------------------------------------


def _base_dev_terms(game: CKGame, seat: int) -> float:
    """What base._seat_value (detail) adds for development cards: C&K has none."""
    dev = game.row(game.dev_hands, seat)
    new = game.row(game.dev_new, seat)
    value = 2.2 * (dev[KNIGHT] + new[KNIGHT]) + 3.0 * (
        sum(dev) + sum(new) - dev[KNIGHT] - new[KNIGHT]
    )
    value -= 3.0 * (dev[VICTORY_POINT] + new[VICTORY_POINT])
    value += 2.5 * min(game.row(game.dev_played, seat)[KNIGHT], 4)
    return value


def _knights(game: CKGame, seat: int) -> tuple[int, int, int]:
    """(knights on the board, their total strength, active strength)."""
    count = strength = active = 0
    owner, level, on = game.knight_owner, game.knight_level, game.knight_active
    for v, p in enumerate(owner):
        if p == seat:
            count += 1
            strength += level[v]
            if on[v]:
                active += level[v]
    return count, strength, active


def _improvement_value(game: CKGame, seat: int, hand: list[int]) -> float:
    value = 0.0
    progress = 0.0
    cities = game.PIECES["cities"] - game.cities_left[seat]
    for t in range(len(TRACK_NAMES)):
        lvl = game.level(seat, t)
        value += 2.2 * lvl + (2.5 if lvl >= ABILITY_LEVEL else 0.0)
        if cities and lvl < MAX_LEVEL:
            need = game.improvement_cost(seat, t)
            have = hand[TRACK_COMMODITY[t]]
            bonus = 1.5 if lvl + 1 >= METROPOLIS_LEVEL else 1.0
            progress = max(progress, 4.0 * bonus * 0.6 ** max(0, need - have))
    return value + progress


def _seat_value(game: CKGame, seat: int, detail: bool) -> float:
    value = base._seat_value(game, seat, detail)
    if value >= 1000.0:
        return value
    hand = game.hand(seat)
    if detail:
        value -= _base_dev_terms(game, seat)
        value += 2.5 * min(game.progress_count(seat), 4)
        value += _improvement_value(game, seat, hand)
        value += 0.4 * sum(hand[c] for c in TRACK_COMMODITY)  # commodities: scarce cards
    count, strength, active = _knights(game, seat)
    value += 1.2 * strength + 0.8 * active + 0.5 * min(count, 3)
    value += 0.6 * (3 - game.walls_left(seat))
    if game.plain_cities(seat) and loses_city(game, seat):
        # a city (1 VP and its production) is at stake, more so as the ship nears
        left = steps_left(game)
        value -= 14.0 / (1 + left) if detail else 8.0 / (1 + left)
    return value


def evaluate(game: CKGame, seat: int) -> float:
    """The seat's position less a share of the strongest opponent's (as in base)."""
    return relative_value(game, seat, _seat_value)


# -- the rule-based policy ----------------------------------------------------------------


def _improvement(game: CKGame, seat: int, options: list[Action]) -> Action:
    def key(a: Action) -> tuple[int, int]:
        assert isinstance(a, ImproveCity)
        t = TRACK_NAMES.index(a.track)
        return (game.level(seat, t), _TRACK_RANK[a.track])

    return max(options, key=key)


def _defend(game: CKGame, seat: int, by_type: dict[type, list[Action]]) -> Action | None:
    """Knights before the barbarians land, if this seat would lose a city."""
    if not game.plain_cities(seat) or not loses_city(game, seat):
        return None
    left = steps_left(game)
    if ActivateKnight in by_type and left <= 3:
        return by_type[ActivateKnight][0]
    if PromoteKnight in by_type and left <= 2:
        return by_type[PromoteKnight][0]
    if BuildKnight in by_type and left <= 4:
        return _knight_spot(game, seat, by_type[BuildKnight])
    return None


def _knight_spot(game: CKGame, seat: int, options: list[Action]) -> Action:
    """A new knight next to one's own buildings, best on a contested crossing."""
    grid = game.board.grid
    owner = game.vertex_owner

    def key(a: Action) -> float:
        v = a.vertex  # type: ignore[attr-defined]
        mine = sum(
            1 for e in grid.vertex_edges[v] for w in grid.edge_vertices[e] if owner[w] == seat
        )
        robber = 1.0 if v in grid.hex_vertices[game.robber] else 0.0
        return mine + robber + (0.5 if game._distance_ok(v) else 0.0)

    return max(options, key=key)


def _main(game: CKGame, seat: int, legal: list[Action]) -> Action:
    by_type: dict[type, list[Action]] = {}
    for a in legal:
        by_type.setdefault(type(a), []).append(a)
    defend = _defend(game, seat, by_type)
    if defend is not None:
        return defend
    if BuildCity in by_type:
        return base._main(game, seat, by_type[BuildCity])
    if ImproveCity in by_type:
        return _improvement(game, seat, by_type[ImproveCity])
    if BuildSettlement in by_type:
        return base._main(game, seat, by_type[BuildSettlement])
    if PlayProgress in by_type:
        return by_type[PlayProgress][0]
    if ChaseRobber in by_type and game.robber_active:
        return by_type[ChaseRobber][0]
    count = _knights(game, seat)[0]
    if BuildKnight in by_type and count < 2 + len(game.cities_of(seat)):
        return _knight_spot(game, seat, by_type[BuildKnight])
    if ActivateKnight in by_type and steps_left(game) <= 3:
        return by_type[ActivateKnight][0]
    if PromoteKnight in by_type and game.plain_cities(seat):
        return by_type[PromoteKnight][0]
    plain = [a for a in legal if type(a) in _BASE_MAIN]
    action = base._main(game, seat, plain)
    if not isinstance(action, EndTurn):
        return action
    if BuildWall in by_type and sum(game.hand(seat)) >= 6:
        return by_type[BuildWall][0]
    if ActivateKnight in by_type and sum(game.hand(seat)) >= 7:
        return by_type[ActivateKnight][0]
    return action


_BASE_MAIN: frozenset[type[Action]] = frozenset(SHARED_ACTIONS) | {BuildRoad}
"""The base game's main-phase actions that C&K keeps (base._main judges them)."""


def policy(game: CKGame, seat: int, legal: list[Action], rng: Rng) -> Action:
    """Base's rules for the base game's decisions; C&K's main phase and answers added."""
    if len(legal) == 1:
        return legal[0]
    phase = game.phase
    if phase == MAIN:
        return _main(game, seat, legal)
    if phase == PRE_ROLL:
        rolls = [a for a in legal if a.type == "roll"]
        if rolls:
            return rolls[0]
    if phase in CARD_ANSWERS:
        return one_ply(game, seat, legal, evaluate)[0]
    if phase == "setup_road":
        return BuildRoad(base._road_target(game, seat, [a.edge for a in legal]))  # type: ignore[attr-defined]
    return base.policy(game, seat, legal, rng)


# -- trading ------------------------------------------------------------------------------


def target_cost(game: CKGame, seat: int) -> tuple[int, ...]:
    """What the seat saves for: base's choice, or the next improvement when no city is near."""
    target = base._target_cost(game, seat)
    if not game.cities_of(seat):
        return target
    hand = game.hand(seat)
    if base._missing(hand, target) <= 1:
        return target
    best: tuple[int, int] | None = None
    for t in range(len(TRACK_NAMES)):
        if game.improvement_problem(seat, t) is None:
            need = game.improvement_cost(seat, t)
            c = TRACK_COMMODITY[t]
            short = max(0, need - hand[c])
            if best is None or short < best[0]:
                best = (short, t)
    if best is None or best[0] > 2:
        return target
    t = best[1]
    out = [0] * len(hand)
    out[TRACK_COMMODITY[t]] = game.improvement_cost(seat, t)
    return tuple(out)


def trade_terms(game: CKGame, seat: int) -> list[Terms]:
    """1 for 1 and 2 for 1 offers toward the next build or improvement."""
    return swap_terms(game.hand(seat), target_cost(game, seat))
