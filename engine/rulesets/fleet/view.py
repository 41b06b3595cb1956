"""What one seat may know of a Fleet game, and games drawn from that knowledge (rules §12).

The base view plus the sea: fleets, ships, the pirate, the turn's stage and
the islets' chips. The number chip a seat holds is private until its first
swap: a view shows a seat's chip to that seat, and to everyone once a swap
has made it public. A sampled game deals the chips the viewer cannot see
from those not accounted for by the board and the chips it can see.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from engine.rng import Rng

if TYPE_CHECKING:
    from engine.rulesets.base.view_types import BaseView
    from engine.rulesets.fleet.game import FleetGame
    from engine.rulesets.fleet.view_types import FleetView


def fleet_view(game: FleetGame, base: BaseView, seat: int | None) -> FleetView:
    view = cast("dict[str, Any]", base)
    n = game.config.seats
    view["fleets"] = [list(p) for p in game.fleet]
    view["islet_names"] = list(game.sea.islet_names)
    view["islet_vp"] = list(game.sea.islet_vp)
    view["held_chips"] = [
        game.held_chip[p] if p == seat or game.chip_known[p] else None for p in range(n)
    ]
    view["chips_known"] = list(game.chip_known)
    view["chips_from"] = list(game.chip_from)
    return cast("FleetView", view)


def sample_fleet(game: FleetGame, view: dict[str, Any], rng: Rng) -> None:
    """The Fleet part of `sample_consistent`: fleets from the view, unseen chips dealt."""
    n = game.config.seats
    game.fleet = [tuple(p) for p in view["fleets"]]
    game.chip_known = list(view["chips_known"])
    game.chip_from = list(view["chips_from"])
    unseen = Counter(c for c, k in game.sea.chips for _ in range(k))
    unseen -= Counter(c for c in game.board.number if c)
    held = view["held_chips"]
    unseen -= Counter(c for c in held if c is not None)
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    game.held_chip = [c if c is not None else pool.pop() for c in held]
    game.set_aside = pool.pop() if n < len(game.sea.dealt) else 0
