"""Cities & Knights' face: the base game's, with knights, walls, metropolises and the merchant
on the map, the barbarian track, improvements and progress cards in the panels, C&K's keys
and dialogs, its phrasing in the log, its guide and costs card.

Derived from the base game's face (`BASE_FACE.derive`); every table is imported
when first asked for, so the base game never loads any of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from tui.faces import DialogMaker, Section, Tell, View, packaged_guide
from tui.faces.base import BASE_FACE

if TYPE_CHECKING:
    from rich.style import Style

    from tui.choices import Spec
    from tui.plans import RoutePlan
    from tui.rules.costs import Cost


def specs() -> Mapping[str, Spec]:
    from tui.choices_ck import CK_SPECS

    return CK_SPECS


def costs() -> list[Cost]:
    from tui.rules.costs import ck_card

    return ck_card()


def legend(ascii: bool) -> list[tuple[str, Style, str]]:
    from tui.render.hexmap_ck import ck_items

    return [*BASE_FACE.legend(ascii), *ck_items(ascii)]


@cache
def tell() -> Mapping[str, Tell]:
    from tui.narrate import BASE_TELL
    from tui.narrate_ck import TELL

    return {**BASE_TELL, **TELL}


def equipment() -> tuple[Section, ...]:
    from tui.widgets.barbarians import barbarian_section
    from tui.widgets.improvements import improvement_section, progress_section

    return (barbarian_section, improvement_section, progress_section)


def event_die(die: int) -> str:
    from tui.narrate_ck import event_face

    return event_face(die)  # "ship", "blue gate": beside the total, the event die


def dialogs() -> Mapping[str, DialogMaker]:
    from tui.screens.dialogs.ck import DIALOGS

    return DIALOGS


def relabel(view: View, types: tuple[str, ...]) -> str | None:
    """The second setup building is a city (§3): its prompt says so; a Road Building road
    says it is free, as in the base game."""
    from tui.corners_ck import places_city
    from tui.faces.base import relabel as base_relabel

    if "build_city" not in types and places_city(view, types):
        return "Place your city"
    return base_relabel(view, types)


def corner_takes(view: View, types: tuple[str, ...]) -> Mapping[str, str] | None:
    """A city takes a commodity beside its resource: its corner hint says which."""
    from tui.corners_ck import city_takes, places_city

    return city_takes() if places_city(view, types) else None


def plan(view: View, legal: list[dict[str, Any]]) -> RoutePlan | None:
    """Chosen on the map: a knight's move (the knight, Tab, then where it goes), and
    Inventor's swap (one number chip, Enter, then its partner)."""
    from tui.inventor_plan import InventorPlan
    from tui.knight_plan import KnightPlan

    return InventorPlan.from_legal(view, legal) or KnightPlan.from_legal(view, legal)


def rate_source(view: View, card: str, rate: int) -> str | None:
    """What gives the seat its bank rate for `card` (§8), in the engine's order of strength:
    Merchant Fleet this turn, the merchant's hex, the Trading House, else a harbour."""
    from tui.rates_ck import rate_source as source

    return source(view, card, rate)


def target_hint(view: View, types: tuple[str, ...], target: int) -> str | None:
    from tui.corners_ck import knight_hint, pillage_hint

    if "lose_city" in types:
        return pillage_hint(view, target)
    return knight_hint(view, types, target)


def view_before(view: View, event: dict[str, Any]) -> View | None:
    """Before the Inventor's swap, each of its two hexes held the other's number: the view
    with them back, for naming the places of the events before it (seen: a road built
    earlier in the same turn was named by the numbers the swap put there); None for any
    other event."""
    a, b = event.get("hex"), event.get("other")
    if event.get("kind") != "numbers_swapped" or not isinstance(a, int) or not isinstance(b, int):
        return None
    board = view.get("board")
    hexes = board.get("hexes") if isinstance(board, Mapping) else None
    if not isinstance(board, Mapping) or not isinstance(hexes, list):
        return None
    if not (0 <= a < len(hexes) and 0 <= b < len(hexes)):
        return None
    renumbered = list(hexes)
    renumbered[a] = {**hexes[a], "number": hexes[b].get("number")}
    renumbered[b] = {**hexes[b], "number": hexes[a].get("number")}
    return {**view, "board": {**board, "hexes": renumbered}}


def attack_toast(line: str) -> tuple[str, str]:
    """A barbarian attack's toast: its outcome, without the note on what follows every attack."""
    from tui.narrate_ck import AFTER_ATTACK

    return "Barbarians", line.replace(AFTER_ATTACK, "").strip()


FACE = BASE_FACE.derive(
    "ck",
    guide=packaged_guide("ck.md"),
    specs=specs,
    costs=costs,
    legend=legend,
    map_module="tui.render.hexmap_ck",
    tell=tell,
    equipment=equipment,
    dialogs=dialogs,
    grows_actions=True,
    equipment_title="Barbarians, cities, progress",
    extra_die=event_die,
    hand_dev_label="Prog",  # the progress cards held
    relabel=relabel,
    corner_takes=corner_takes,
    target_hint=target_hint,
    plan=plan,
    rate_source=rate_source,
    toasts={"attack": attack_toast},
    view_before=view_before,
    key_refusals={
        "move_robber": "the robber moves after a 7 once the barbarians have attacked, when a"
        " knight chases it (z), or with the Bishop",
        "chase_robber": "an active knight beside the robber's hex chases it, once the"
        " barbarians have attacked, not in the turn it was built",
        "move_knight": "an active knight acts once a turn, not in the turn it was built, along"
        " your roads to a free corner or onto a weaker rival knight",
        "improve_city": "level n of a track costs n of its commodity (cloth for trade, coin"
        " for politics, paper for science), and needs a city",
    },
)
