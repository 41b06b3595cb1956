"""Legal means "in legal_actions()": over random games (named seeds) every listed action passes
`check`, and candidate actions outside the list are refused with a message."""

from __future__ import annotations

import random

import pytest

from engine.actions import Action
from engine.rulesets.base.actions import BuildCity, BuildRoad, BuildSettlement
from engine.rulesets.ck import actions as ca
from engine.rulesets.ck.cards import HAND, PROGRESS, TRACK_NAMES
from engine.rulesets.ck.game import CKGame
from engine.shared.actions import Discard, EndTurn, MaritimeTrade, MoveRobber, Roll, Steal

from .ckfix import OPEN_ENDED, new


def candidates(game: CKGame, rng: random.Random) -> list[Action]:
    v = rng.randrange(54)
    w = rng.randrange(54)
    e = rng.randrange(72)
    h = rng.randrange(19)
    card = rng.choice(HAND.names)
    progress = rng.choice(PROGRESS.names)
    seat = rng.randrange(game.config.seats)
    return [
        Roll(),
        EndTurn(),
        Discard(card),
        MoveRobber(h),
        Steal(seat),
        MaritimeTrade(card, rng.choice(HAND.names)),
        BuildSettlement(v),
        BuildRoad(e),
        BuildCity(v),
        ca.BuildWall(v),
        ca.BuildKnight(v),
        ca.ActivateKnight(v),
        ca.PromoteKnight(v),
        ca.MoveKnight(v, w),
        ca.ChaseRobber(v),
        ca.RelocateKnight(v),
        ca.ImproveCity(rng.choice(TRACK_NAMES)),
        ca.PlaceMetropolis(v),
        ca.LoseCity(v),
        ca.DrawProgress(rng.choice(TRACK_NAMES)),
        ca.DiscardProgress(progress),
        ca.PlayProgress(progress),
        ca.SetDice(rng.randint(1, 6), rng.randint(1, 6)),
        ca.NameCard(card),
        ca.ChooseSeat(seat),
        ca.TakeCard(card),
        ca.TakeProgress(progress),
        ca.GiveCard(card),
        ca.PlaceMerchant(h),
        ca.RemoveKnight(v),
        ca.PlaceKnight(v),
        ca.RemoveRoad(e),
        ca.TargetKnight(v),
        ca.SwapNumbers(h, rng.randrange(19)),
        ca.HarborExchange(seat, rng.choice(HAND.names[:5])),
        ca.PickResource(rng.choice(HAND.names[:5])),
        ca.Pass(),
    ]


@pytest.mark.parametrize(("seats", "seed"), [(3, 61), (4, 62), (3, 63)])
def test_listed_actions_pass_their_check_and_unlisted_ones_are_refused(
    seats: int, seed: int
) -> None:
    game = new(seats, seed)
    rng = random.Random(seed)
    while game.to_act is not None and game.num_actions < 1500:
        legal = game.legal_actions()
        listed = set(legal)
        for a in legal:
            assert game.check(a) is None, (a, game.check(a))
        for a in candidates(game, rng):
            problem = game.check(a)
            if a in listed:
                assert problem is None
            else:
                assert isinstance(problem, str) and problem, (a, game.pending[-1])
        game.apply(rng.choice([a for a in legal if a.type not in OPEN_ENDED]))
