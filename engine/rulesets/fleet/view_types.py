"""Fleet's view as types (`FleetGame.view()` returns a `FleetView`): the base view plus the sea."""

from engine.rulesets.base.view_types import BaseView


class FleetView(BaseView):
    ships: list[int]
    """Per edge: its ship's owner or -1."""
    fleets: list[list[int]]
    """Per seat: its fleet as a path of vertices (ship i joins vertices i-1 and i); [] for none."""
    pirate: int
    """The pirate's sea hex, -1 while it is off the board."""
    stage: int
    """The main phase's stage: 2 trade, 3 build (no more trading unless the option
    combined_trade_build), 4 fleet (no more trading or building; fleet moves, chip swaps and
    settlements from the fleet)."""
    fleet_moved: bool
    """The seat whose turn it is has moved its fleet this turn (one move a turn)."""
    knight_played: bool
    """The seat whose turn it is played a Knight: the pirate does not block its ships."""
    islet_holders: list[int]
    """Per islet (I1..I5): the seat holding its VP chip, -1 for nobody."""
    islet_names: list[str]
    """The islets' names (I1..I5), in the order of `islet_holders` and `islet_vp`."""
    islet_vp: list[int]
    """Per islet: the points its VP chip is worth to the seat holding it."""
    held_chips: list[int | None]
    """Per seat: its number chip, if the viewer may know it (its own, or one shown by a swap)."""
    chips_known: list[bool]
    """Per seat: its chip is public (it has swapped)."""
    chips_from: list[int]
    """Per seat: the hex its chip was taken from (it may not go back there), -1 if none."""
