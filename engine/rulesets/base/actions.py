"""Actions specific to the base game (the shared ones live in engine.shared.actions)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, ActionCodec
from engine.shared.actions import SHARED_ACTIONS


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    """Also the free settlements of the setup rounds."""

    type = "build_settlement"
    vertex: int


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """Also the free roads of the setup rounds and of Road Building."""

    type = "build_road"
    edge: int


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """Upgrade one's settlement at the vertex to a city."""

    type = "build_city"
    vertex: int


@dataclass(frozen=True, slots=True)
class BuyDevelopment(Action):
    """Buy the top development card (drawn face down)."""

    type = "buy_development"


@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    """Play a Knight: move the robber (and steal), and count towards Largest Army."""

    type = "play_knight"


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding(Action):
    """Play Road Building: two free roads follow."""

    type = "play_road_building"


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty(Action):
    """Then two `take_resource` picks, one card at a time."""

    type = "play_year_of_plenty"


@dataclass(frozen=True, slots=True)
class TakeResource(Action):
    """One resource of choice from the bank (Year of Plenty, a gold field)."""

    type = "take_resource"
    resource: str


@dataclass(frozen=True, slots=True)
class PickGold(Action):
    """One resource of the seat's choice from the bank, for a gold field (one pick at a time)."""

    type = "pick_gold"
    resource: str


@dataclass(frozen=True, slots=True)
class PlayMonopoly(Action):
    """Play Monopoly: every other seat gives all its cards of the resource."""

    type = "play_monopoly"
    resource: str


BASE_ACTIONS: tuple[type[Action], ...] = (
    *SHARED_ACTIONS,
    BuildSettlement,
    BuildRoad,
    BuildCity,
    BuyDevelopment,
    PlayKnight,
    PlayRoadBuilding,
    PlayYearOfPlenty,
    TakeResource,
    PlayMonopoly,
    PickGold,
)

CODEC = ActionCodec(BASE_ACTIONS)
