"""The base game's face: the hex map, the base phrasing, keys, guide and costs card.

The hex variants (Cities & Knights, Catan Fleet) derive their faces from this
one (`BASE_FACE.derive("ck", ...)`) and override only what differs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tui.faces import Namer, RulesetFace, Section, Tell, View, packaged_guide

if TYPE_CHECKING:
    from rich.style import Style

    from tui.choices import Spec
    from tui.rules.costs import Cost


def specs() -> Mapping[str, Spec]:
    from tui.choices import SPECS

    return SPECS


def costs() -> list[Cost]:
    from tui.rules.costs import base_card

    return base_card()


def legend(ascii: bool) -> list[tuple[str, Style, str]]:
    from tui.render.legend import hex_items

    return hex_items(ascii)


def tell() -> Mapping[str, Tell]:
    from tui.narrate import BASE_TELL

    return BASE_TELL


def equipment() -> tuple[Section, ...]:
    from tui.widgets import equipment as e

    return (e.development_section, e.deck_section)


def place_namer(view: View) -> Namer:
    """Places as players see them: "forest 8 / mountains 4", "hills 9" (tui/places.py)."""
    from tui.places import hex_namer

    return hex_namer(view) or (lambda _place: "")


def why_not(view: View) -> list[tuple[str, str]]:
    """The builds one may expect in the main phase but cannot make now, with the engine's
    reasons (seen: at 80x24 with nothing affordable the actions row showed only t and e,
    and nothing said why building was missing). Asked of a game drawn from the seat's
    view, only for display."""
    if view.get("phase") != "main" or view.get("to_act") != view.get("seat"):
        return []
    from engine.registry import sample_consistent
    from engine.rng import Rng
    from engine.rulesets.base.game import BaseGame
    from engine.rulesets.base.refusals import refusals

    game = sample_consistent(dict(view), Rng(0))
    return refusals(game) if isinstance(game, BaseGame) else []


def relabel(view: View, types: tuple[str, ...]) -> str | None:
    """A Road Building road says it is free and how many are left (seen in play: the prompt
    was the ordinary "Build a road", and after one road nothing said a second was due)."""
    left = view.get("free_roads")
    if view.get("phase") != "road_building" or "build_road" not in types:
        return None
    if not isinstance(left, int) or left < 1:
        return None
    return f"Build a free road ({left} left)"


BASE_FACE = RulesetFace(
    name="base",
    guide=packaged_guide("base.md"),
    specs=specs,
    costs=costs,
    legend=legend,
    map_module="tui.render.hexmap",
    tell=tell,
    equipment=equipment,
    place_namer=place_namer,
    equipment_title="Development cards",
    why_not=why_not,
    relabel=relabel,
)
FACE = BASE_FACE
