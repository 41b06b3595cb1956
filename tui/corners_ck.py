"""What a Cities & Knights corner means to the player choosing it on the map.

A city takes a commodity beside its resource on forest, pasture and mountains
(`city_takes`, derived from the engine's tables), so the corner hint of a city
says "lumber+paper on 3", not the settlement's "lumber on 3". A knight's
corner is not about production: `knight_hint` names the knight standing there
(whose, how strong, active or not) or, on an empty corner, the hexes around
it ("the north corner of pasture 3" where those hexes share another corner; with
the rival roads a knight there would block), and says when the robber is next
to it (an active knight there may chase it away).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from engine.rulesets.base.board import RESOURCES, TERRAIN_RESOURCE
from engine.rulesets.ck.cards import COMMODITY_FROM, HAND
from tui.narrate import SEAT_NAMES
from tui.narrate_ck import STRENGTH_WORDS
from tui.places import HexPlaces, hex_places

KNIGHT_TYPES = frozenset(
    {
        "build_knight",
        "relocate_knight",
        "place_knight",
        "remove_knight",
        "target_knight",
        "activate_knight",
        "promote_knight",
    }
)
"""The commands that choose a corner for, or with, a knight."""


@cache
def city_takes() -> Mapping[str, str]:
    """Terrain -> what a city there takes: "lumber+paper" on forest, "2 brick" on hills."""
    out: dict[str, str] = {}
    for terrain, r in TERRAIN_RESOURCE.items():
        if r < 0:
            continue
        commodity = COMMODITY_FROM.get(r)
        name = RESOURCES[r]
        out[terrain] = f"{name}+{HAND.names[commodity]}" if commodity is not None else f"2 {name}"
    return out


def places_city(view: Mapping[str, Any], types: tuple[str, ...]) -> bool:
    """Whether a corner command builds a city: an upgrade, or the second setup building (§3)."""
    if "build_city" in types:
        return True
    second = int(view.get("setup_pos", 0)) >= int(view.get("num_seats", 0))
    return types == ("build_settlement",) and view.get("phase") == "setup_settlement" and second


def knight_hint(view: Mapping[str, Any], types: tuple[str, ...], v: int) -> str | None:
    """The knight on corner `v`, or the hexes around it, and whether the robber is beside it:
    "This corner: Blue's strong knight (active); next to the robber"."""
    if not KNIGHT_TYPES & set(types):
        return None
    places = hex_places(view)
    owners = view.get("knight_owner")
    if places is None or not isinstance(owners, list) or not 0 <= v < len(owners):
        return None
    owner = owners[v]
    where = _corner(places, v, "beside")
    if owner >= 0:
        level = int(view["knight_level"][v])
        whose = "your" if owner == view.get("seat") else f"{seat_name(owner)}'s"
        state = "active" if view["knight_active"][v] else "inactive"
        # where it stands too (seen in play: a promotion's choices differed by colour alone)
        said = f"{whose} {STRENGTH_WORDS.get(level, 'basic')} knight ({state}), {where}"
    else:
        said = where
        rivals = _rival_roads(view, places.grid.vertex_edges[v])
        if rivals:  # a knight here stops those roads going on through this corner
            whose = " and ".join(f"{seat_name(p)}'s" for p in rivals)
            said += f"; blocks {whose} road{'s' * (len(rivals) > 1)}"
    robber = view.get("robber")
    if isinstance(robber, int) and robber in places.land_of_vertex(v):
        said += "; next to the robber"
    return f"This corner: {said}"


def _rival_roads(view: Mapping[str, Any], edges: Sequence[int]) -> list[int]:
    """The other seats with a road on one of `edges`, in seat order."""
    owners = view.get("edges") or []
    me = view.get("seat")
    return sorted({owners[e] for e in edges if e < len(owners) and owners[e] >= 0} - {me})


def seat_name(seat: int) -> str:
    """A seat's colour name ("Blue"), or "Seat 7" past the named colours."""
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat}"


def pillage_hint(view: Mapping[str, Any], v: int) -> str | None:
    """The city the barbarians would reduce, and whether its wall goes with it: "This city:
    forest 8 / hills 5; its wall is lost too" (seen in play: the choice said nothing of which
    city had a wall)."""
    places = hex_places(view)
    walls = view.get("walls")
    if places is None or not isinstance(walls, list) or not 0 <= v < len(walls):
        return None
    wall = "its wall is lost too" if walls[v] else "no wall"
    return f"This city: {_corner(places, v, 'by')}; {wall}"


def _corner(places: HexPlaces, v: int, beside: str) -> str:
    """Corner `v` in words: which corner of its hexes where they share another, else `beside`
    (or "by") its hexes."""
    side, hexes = places.vertex_parts(v)
    return places.vertex(v) if side else f"{beside} {hexes}"
