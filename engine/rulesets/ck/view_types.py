"""Cities & Knights' view as types (`CKGame.view()` returns a `CKView`)."""

from typing import NotRequired

from engine.rulesets.base.view_types import BaseMeView, BasePlayerView, BaseView
from engine.views import CardCounts


class CKPlayerView(BasePlayerView):
    improvements: CardCounts
    """Levels per track (trade, politics, science)."""
    defenders: int
    """Defender of Catan cards it has won (1 VP each)."""
    knights_left: CardCounts
    """Per strength (basic, strong, mighty): its knights not on the board (2 of each in all)."""
    walls_left: int
    """City walls left in its supply (3 in all)."""
    hand_limit: int
    """Cards held without discarding on a 7: 7, and 2 more per city wall on the board."""


class CKMeView(BaseMeView):
    looking_at: NotRequired[CardCounts]
    """Master Merchant: the opponent's hand; Spy: the opponent's progress cards."""


class CKView(BaseView):
    players: list[CKPlayerView]  # type: ignore[misc]
    me: NotRequired[CKMeView]  # type: ignore[misc]
    barbarian: int
    """Steps the barbarian ship has sailed (0 to 6): at 7 it attacks and starts again at 0."""
    robber_active: bool
    """The robber may be moved: false until the barbarians' first attack."""
    metropolis: CardCounts
    """Per track, the vertex of its metropolis (-1: not yet built)."""
    walls: list[int]
    """Per vertex: 1 if a city wall stands there, else 0."""
    knight_owner: list[int]
    """Per vertex: the seat whose knight stands there, -1 for none."""
    knight_level: list[int]
    """Per vertex: the knight's strength, 1 basic, 2 strong, 3 mighty (0: no knight)."""
    knight_active: list[int]
    """Per vertex: 1 if the knight there is active, else 0."""
    knight_flags: list[int]
    """Per vertex: the knight's flags this turn as a bit mask: 1 built, 2 acted (moved or chased
    the robber), 4 promoted; cleared at the end of the turn."""
    merchant_hex: int
    """The land hex the merchant stands on, -1 before a Merchant card is played."""
    merchant_owner: int
    """The seat that placed the merchant (1 VP; 2:1 for its hex's resource), -1 for none."""
    fleet: int
    """Merchant Fleet: the card the seat whose turn it is trades 2:1 this turn, as an index in
    the hand's order (brick, lumber, wool, grain, ore, paper, cloth, coin); -1 for none."""
    crane: bool
    """A Crane played this turn is unused: the next city improvement costs 1 commodity less."""
    harbor_open: bool
    """A Commercial Harbor was played this turn: harbor_exchange actions are open."""
    harbor_used: list[int]
    """The seats offered a Commercial Harbor exchange this turn (each at most once)."""
    progress_decks: list[int]
    """Cards left in the trade, politics and science decks (their order is hidden)."""
