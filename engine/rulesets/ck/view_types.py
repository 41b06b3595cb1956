"""Cities & Knights' view as types (`CKGame.view()` returns a `CKView`)."""

from typing import NotRequired

from engine.rulesets.base.view_types import BaseMeView, BasePlayerView, BaseView
from engine.views import CardCounts


class CKPlayerView(BasePlayerView):
    improvements: CardCounts
    """Levels per track (trade, politics, science)."""
    defenders: int
    knights_left: CardCounts
    walls_left: int
    hand_limit: int
    """Cards held without discarding on a 7: 7, and 2 more per city wall on the board."""


class CKMeView(BaseMeView):
    looking_at: NotRequired[CardCounts]
    """Master Merchant: the opponent's hand; Spy: the opponent's progress cards."""


class CKView(BaseView):
    players: list[CKPlayerView]  # type: ignore[misc]
    me: NotRequired[CKMeView]  # type: ignore[misc]
    barbarian: int
    robber_active: bool
    metropolis: CardCounts
    """Per track, the vertex of its metropolis (-1: not yet built)."""
    walls: list[int]
    knight_owner: list[int]
    knight_level: list[int]
    knight_active: list[int]
    knight_flags: list[int]
    merchant_hex: int
    merchant_owner: int
    fleet: int
    crane: bool
    harbor_open: bool
    harbor_used: list[int]
    progress_decks: list[int]
    """Cards left in the trade, politics and science decks (their order is hidden)."""
