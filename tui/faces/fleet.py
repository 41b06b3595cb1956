"""Catan Fleet's face: the base game's, with the sea's map, phrasing, keys and fleet moves.

Derived from the base game's face (`BASE_FACE.derive`); nothing of Fleet (its
engine, renderer or phrasing) is imported until a table below is first asked for.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from tui.faces import Namer, Section, Tell, View, packaged_guide
from tui.faces.base import BASE_FACE

if TYPE_CHECKING:
    from rich.style import Style

    from tui.choices import Spec
    from tui.plans import RoutePlan
    from tui.rules.costs import Cost


def specs() -> Mapping[str, Spec]:
    from tui.choices import FLEET_SPECS

    return FLEET_SPECS


def costs() -> list[Cost]:
    from tui.rules.costs import fleet_card

    return fleet_card()


def legend(ascii: bool) -> list[tuple[str, Style, str]]:
    from tui.render.legend import fleet_items

    return fleet_items(ascii)


@cache
def tell() -> Mapping[str, Tell]:
    from tui.narrate import BASE_TELL
    from tui.narrate_fleet import TELL

    return {**BASE_TELL, **TELL}


def equipment() -> tuple[Section, ...]:
    from tui.widgets import equipment as e
    from tui.widgets import fleet_sections as f

    return (f.phase_section, f.sea_section, e.development_section, e.deck_section)


def place_namer(view: View) -> Namer:
    from tui.narrate_fleet import place_namer

    return place_namer(view)


def plan(view: View, legal: list[dict[str, Any]]) -> RoutePlan | None:
    from tui.fleet_plan import FleetPlan

    return FleetPlan.from_legal(dict(view), legal)


def key_rule(view: View, types: tuple[str, ...]) -> str | None:
    from tui.widgets.fleet_sections import key_rule as rule

    return rule(view, types)


def status(view: View, keys: frozenset[str]) -> str | None:
    from tui.widgets.fleet_sections import turn_status

    return turn_status(view, keys)


def why_not(view: View) -> list[tuple[str, str]]:
    """The base game's expected builds one cannot make now, and why no ship can be built
    though one is paid for (seen in play: `i Ship` vanished once the fleet no longer
    touched a settlement, with no reason given); the engine's reasons, on a game drawn from
    the view, only for display."""
    from engine.rulesets.fleet.phases import FLEET

    if view.get("phase") != "main" or view.get("to_act") != view.get("seat"):
        return []
    if view.get("stage") == FLEET:
        return []  # the fleet phase builds nothing: its line says so
    from engine.registry import sample_consistent
    from engine.rng import Rng
    from engine.rulesets.base.refusals import refusals
    from engine.rulesets.fleet import fleet as fleets

    game: Any = sample_consistent(dict(view), Rng(0))
    out = refusals(game)
    seat = game.current
    if not game.can_pay(seat, game.COST["ship"]):  # the price first (i said only "not now")
        return [*out, ("build_ship", f"a ship costs {game.price_text('ship')}")]
    if any(a.type == "build_ship" for a in game.legal_actions()):
        return out
    path = game.fleet[seat]
    if path and len(path) - 1 >= fleets.MAX_SHIPS:
        reason = f"your fleet has its {fleets.MAX_SHIPS} ships, the most a fleet may have"
    elif path and not game.fleet_touches_home(seat):
        reason = "ships are added only while your fleet touches your settlement or city"
    else:  # every edge taken, or beside the pirate
        where = "at your fleet's ends" if path else "on the coast by your settlements"
        reason = f"no free sea edge {where} (none may lie beside the pirate)"
    return [*out, ("build_ship", reason)]


def view_before(view: View, event: dict[str, Any]) -> View | None:
    """Before a chip swap, the hex held the chip taken: the view with it back, for naming
    the places of the events before the swap; None for any other event."""
    h, took = event.get("hex"), event.get("took")
    if event.get("kind") != "chip_swap" or not isinstance(h, int) or not isinstance(took, int):
        return None
    board = view.get("board")
    if not isinstance(board, Mapping):
        return None
    hexes = board.get("hexes")
    if not isinstance(hexes, list) or not 0 <= h < len(hexes):
        return None
    renumbered = list(hexes)
    renumbered[h] = {**hexes[h], "number": took}
    return {**view, "board": {**board, "hexes": renumbered}}


def target_hint(view: View, types: tuple[str, ...], target: int) -> str | None:
    from tui.widgets.fleet_sections import pirate_hint, swap_hint

    if "swap_chip" in types:
        return swap_hint(view, target)
    return pirate_hint(view, target) if "move_robber" in types else None


FACE = BASE_FACE.derive(
    "fleet",
    guide=packaged_guide("fleet.md"),
    specs=specs,
    costs=costs,
    legend=legend,
    map_module="tui.render.hexmap_fleet",
    tell=tell,
    equipment=equipment,
    place_namer=place_namer,
    plan=plan,
    status=status,
    equipment_title="Turn, sea & cards",
    grows_actions=True,
    target_hint=target_hint,
    why_not=why_not,
    view_before=view_before,
    key_rule=key_rule,
)
