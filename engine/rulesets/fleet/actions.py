"""Fleet's own actions (the base game's are all valid too; rules/catan-fleet.md §7-12)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, ActionCodec
from engine.rulesets.base.actions import BASE_ACTIONS


@dataclass(frozen=True, slots=True)
class BuildShip(Action):
    """A ship on a navigable edge: the first of a fleet, or one more at an end of it.

    Also the ship placed instead of a road in setup, and a free piece of Road Building.
    """

    type = "build_ship"
    edge: int


@dataclass(frozen=True, slots=True)
class StartFleetPhase(Action):
    """Phase 4 begins: no more trading or building this turn; moves, swaps and islets open."""

    type = "fleet_phase"


@dataclass(frozen=True, slots=True)
class MoveFleet(Action):
    """The whole move of the turn: the front vertex, then each vertex the front reaches."""

    type = "move_fleet"
    route: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SwapChip(Action):
    """Put the held number chip on land hex `hex` and take the chip lying there."""

    type = "swap_chip"
    hex: int


@dataclass(frozen=True, slots=True)
class MovePirate(Action):
    """On a 7 or a Knight, instead of the robber: the pirate to sea hex `hex`."""

    type = "move_pirate"
    hex: int


@dataclass(frozen=True, slots=True)
class KeepFleet(Action):
    """After the pirate split the fleet: keep the piece holding the ship on `edge`."""

    type = "keep_fleet"
    edge: int


FLEET_ACTIONS: tuple[type[Action], ...] = (
    *BASE_ACTIONS,
    BuildShip,
    StartFleetPhase,
    MoveFleet,
    SwapChip,
    MovePirate,
    KeepFleet,
)

CODEC = ActionCodec(FLEET_ACTIONS)
