"""Actions specific to Starfarers; dice, turn end, discards and trading are shared.

Setup placements reuse the build actions (as the base game does for its free
settlements), and every choice inside an encounter is its own small action
so that the legal-action list is always a short menu.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, ActionCodec
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    Discard,
    EndTurn,
    MaritimeTrade,
    OfferTrade,
    Roll,
    Steal,
)

UPGRADES = ("booster", "cannon", "pod")
SHIP_KINDS = ("colony", "trade")
START_UPGRADES = ("boosters", "cannon", "pod")


@dataclass(frozen=True, slots=True)
class PlaceColony(Action):
    """A free colony on a home colony site in the placement rounds."""

    type = "place_colony"
    site: int


@dataclass(frozen=True, slots=True)
class BuildSpaceport(Action):
    """Also the free shipyard ring of placement round 4."""

    type = "build_spaceport"
    site: int


@dataclass(frozen=True, slots=True)
class BuildShip(Action):
    """`kind` is "colony" or "trade"; `site` a free spaceport site. Also round 4's free ship."""

    type = "build_ship"
    kind: str
    site: int


@dataclass(frozen=True, slots=True)
class ChooseStartUpgrade(Action):
    """Round 4's gift: "boosters" (two), "cannon" or "pod"."""

    type = "choose_start_upgrade"
    option: str


@dataclass(frozen=True, slots=True)
class BuildUpgrade(Action):
    """Add an upgrade to one's mothership: booster, cannon or pod (freight pod)."""

    type = "build_upgrade"
    kind: str


@dataclass(frozen=True, slots=True)
class BuyFame(Action):
    """The Diplomats' fame for sale: 2 goods for a half medal."""

    type = "buy_fame"


@dataclass(frozen=True, slots=True)
class Shake(Action):
    """End trade & build and shake the mothership (the flight phase begins)."""

    type = "shake"


@dataclass(frozen=True, slots=True)
class FlyStep(Action):
    """Move the ship standing on `ship` one lane to `to`; starts that ship's move if needed."""

    type = "fly_step"
    ship: int
    to: int


@dataclass(frozen=True, slots=True)
class EndMove(Action):
    """The moving ship stops where it is."""

    type = "end_move"


@dataclass(frozen=True, slots=True)
class FoundColony(Action):
    """The colony ship on `ship` establishes a colony there."""

    type = "found_colony"
    ship: int


@dataclass(frozen=True, slots=True)
class Jump(Action):
    """An encounter's space jump: the ship on `ship` goes straight to `to`."""

    type = "jump"
    ship: int
    to: int


@dataclass(frozen=True, slots=True)
class TakeFriendship(Action):
    """Take a friendship card of the outpost's people, by name."""

    type = "take_friendship"
    card: str


@dataclass(frozen=True, slots=True)
class EncounterAnswer(Action):
    """The number of cards offered, or 1 for yes and 0 for no."""

    type = "encounter_answer"
    answer: int


@dataclass(frozen=True, slots=True)
class TakeResource(Action):
    """One card of choice from the supply (encounter rewards, Diplomat relief)."""

    type = "take_resource"
    resource: str


@dataclass(frozen=True, slots=True)
class ChooseUpgrade(Action):
    """An encounter's reward: the upgrade of choice gained."""

    type = "choose_upgrade"
    kind: str


@dataclass(frozen=True, slots=True)
class RemoveUpgrade(Action):
    """An encounter's loss: the upgrade of choice given up."""

    type = "remove_upgrade"
    kind: str


@dataclass(frozen=True, slots=True)
class ChooseShip(Action):
    """The ship an encounter immobilises."""

    type = "choose_ship"
    ship: int


@dataclass(frozen=True, slots=True)
class ChooseOpponent(Action):
    """Whom an encounter's gift goes to, among tied candidates."""

    type = "choose_opponent"
    seat: int


STARFARERS_ACTIONS: tuple[type[Action], ...] = (
    Roll,
    EndTurn,
    Discard,
    Steal,
    MaritimeTrade,
    OfferTrade,
    AcceptTrade,
    DeclineTrade,
    CounterTrade,
    ConfirmTrade,
    CancelTrade,
    PlaceColony,
    BuildSpaceport,
    BuildShip,
    ChooseStartUpgrade,
    BuildUpgrade,
    BuyFame,
    Shake,
    FlyStep,
    EndMove,
    FoundColony,
    Jump,
    TakeFriendship,
    EncounterAnswer,
    TakeResource,
    ChooseUpgrade,
    RemoveUpgrade,
    ChooseShip,
    ChooseOpponent,
)

CODEC = ActionCodec(STARFARERS_ACTIONS)
