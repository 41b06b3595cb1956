"""Actions of Cities & Knights beyond the base game's (rules/cities-and-knights.md §8-13)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, ActionCodec
from engine.rulesets.base.actions import BuildCity, BuildRoad, BuildSettlement
from engine.shared.actions import SHARED_ACTIONS


@dataclass(frozen=True, slots=True)
class BuildWall(Action):
    """A city wall under one of your cities (also Engineer's free wall)."""

    type = "build_wall"
    vertex: int


@dataclass(frozen=True, slots=True)
class BuildKnight(Action):
    """Recruit a basic knight on a free vertex one's roads reach."""

    type = "build_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class ActivateKnight(Action):
    """Activate one's knight at the vertex (1 grain)."""

    type = "activate_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class PromoteKnight(Action):
    """Also Smith's free promotions."""

    type = "promote_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class MoveKnight(Action):
    """Move an active knight along your roads; onto a weaker rival knight, displace it."""

    type = "move_knight"
    vertex: int
    to: int


@dataclass(frozen=True, slots=True)
class ChaseRobber(Action):
    """One's active knight next to the robber drives it away (then moved as on a 7)."""

    type = "chase_robber"
    vertex: int


@dataclass(frozen=True, slots=True)
class RelocateKnight(Action):
    """The owner of a displaced knight puts it on a vertex its roads reach."""

    type = "relocate_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class ImproveCity(Action):
    """Raise one's level on a track (trade, politics or science) with commodities."""

    type = "improve_city"
    track: str


@dataclass(frozen=True, slots=True)
class PlaceMetropolis(Action):
    """Put the metropolis one has won on one's city at the vertex."""

    type = "place_metropolis"
    vertex: int


@dataclass(frozen=True, slots=True)
class LoseCity(Action):
    """The barbarians won: the city (of your choice) they pillage."""

    type = "lose_city"
    vertex: int


@dataclass(frozen=True, slots=True)
class DrawProgress(Action):
    """A defender tied for the most knights draws from a deck of choice."""

    type = "draw_progress"
    deck: str


@dataclass(frozen=True, slots=True)
class DiscardProgress(Action):
    """Discard a progress card (the 5th in hand, on another's turn)."""

    type = "discard_progress"
    card: str


@dataclass(frozen=True, slots=True)
class PlayProgress(Action):
    """Play a progress card from one's hand."""

    type = "play_progress"
    card: str


@dataclass(frozen=True, slots=True)
class SetDice(Action):
    """Alchemist: the red and yellow dice; the event die is then rolled."""

    type = "set_dice"
    red: int
    yellow: int


@dataclass(frozen=True, slots=True)
class NameCard(Action):
    """Merchant Fleet, Resource Monopoly, Trade Monopoly: the card kind named."""

    type = "name_card"
    card: str


@dataclass(frozen=True, slots=True)
class ChooseSeat(Action):
    """Master Merchant, Spy, Deserter: the opponent chosen."""

    type = "choose_seat"
    seat: int


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Master Merchant: one card taken from the opponent's hand."""

    type = "take_card"
    card: str


@dataclass(frozen=True, slots=True)
class TakeProgress(Action):
    """Spy: the progress card taken."""

    type = "take_progress"
    card: str


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """Wedding's gifts, Commercial Harbor's commodity in return: one card given."""

    type = "give_card"
    card: str


@dataclass(frozen=True, slots=True)
class PlaceMerchant(Action):
    """Put the merchant on a land hex by one's city or settlement (Merchant)."""

    type = "place_merchant"
    hex: int


@dataclass(frozen=True, slots=True)
class RemoveKnight(Action):
    """Deserter: the knight its victim gives up."""

    type = "remove_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class PlaceKnight(Action):
    """Deserter: where the deserting knight joins you."""

    type = "place_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class RemoveRoad(Action):
    """Diplomat: an open road removed."""

    type = "remove_road"
    edge: int


@dataclass(frozen=True, slots=True)
class TargetKnight(Action):
    """Intrigue: the rival knight displaced."""

    type = "target_knight"
    vertex: int


@dataclass(frozen=True, slots=True)
class SwapNumbers(Action):
    """Inventor: two number tokens swapped."""

    type = "swap_numbers"
    hex: int
    other: int


@dataclass(frozen=True, slots=True)
class HarborExchange(Action):
    """Commercial Harbor: one resource offered to `seat`, who returns a commodity."""

    type = "harbor_exchange"
    seat: int
    resource: str


@dataclass(frozen=True, slots=True)
class PickResource(Action):
    """Aqueduct: one resource of choice after a roll that paid you nothing."""

    type = "pick_resource"
    resource: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline an optional step (Deserter's placement, Diplomat's road, Smith's second knight)."""

    type = "pass"


CARD_ACTIONS: tuple[type[Action], ...] = (
    PlayProgress,
    SetDice,
    NameCard,
    ChooseSeat,
    TakeCard,
    TakeProgress,
    GiveCard,
    PlaceMerchant,
    RemoveKnight,
    PlaceKnight,
    RemoveRoad,
    TargetKnight,
    SwapNumbers,
    HarborExchange,
)
"""The answers to progress cards and harbours (with Pass, which also declines other steps)."""

CK_ACTIONS: tuple[type[Action], ...] = (
    *SHARED_ACTIONS,
    BuildSettlement,
    BuildRoad,
    BuildCity,
    BuildWall,
    BuildKnight,
    ActivateKnight,
    PromoteKnight,
    MoveKnight,
    ChaseRobber,
    RelocateKnight,
    ImproveCity,
    PlaceMetropolis,
    LoseCity,
    DrawProgress,
    DiscardProgress,
    *CARD_ACTIONS,
    PickResource,
    Pass,
)

CODEC = ActionCodec(CK_ACTIONS)
