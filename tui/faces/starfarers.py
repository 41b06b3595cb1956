"""Catan: Starfarers' face: the space map, flights, the mothership, the supply.

Nothing of Starfarers (its engine, renderer or phrasing) is imported until a
table below is first asked for, so the base game never pays for it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from tui.faces import DialogMaker, Namer, RulesetFace, Section, Tell, View, packaged_guide

if TYPE_CHECKING:
    from rich.style import Style

    from tui.choices import Spec
    from tui.plans import RoutePlan
    from tui.rules.costs import Cost


@cache
def specs() -> Mapping[str, Spec]:
    """The keys of tui.choices, taking from the supply in this face's own dialog
    (`dialogs`): an encounter's "2 cards of your choice" says which of them this is."""
    from dataclasses import replace

    from tui.choices import STARFARERS_SPECS

    take = replace(STARFARERS_SPECS["take_resource"], dialog="take_supply")
    return {**STARFARERS_SPECS, "take_resource": take}


def dialogs() -> Mapping[str, DialogMaker]:
    from tui.screens.dialogs.encounter import take_dialog

    return {"take_supply": take_dialog}


def costs() -> list[Cost]:
    from tui.rules.costs import starfarers_card

    return starfarers_card()


def legend(ascii: bool) -> list[tuple[str, Style, str]]:
    from tui.render.legend import space_items

    return space_items(ascii)


@cache
def tell() -> Mapping[str, Tell]:
    from tui.narrate import BASE_TELL
    from tui.narrate_starfarers import TELL

    return {**BASE_TELL, **TELL}  # base pieces read the same; upgrades and places added


def equipment() -> tuple[Section, ...]:
    from tui.widgets import equipment as e

    return (e.mothership_section,)


def place_namer(view: View) -> Namer:
    from tui.narrate_starfarers import place_namer

    return place_namer(view)


def plan(view: View, legal: list[dict[str, Any]]) -> RoutePlan | None:
    from tui.flight import FlightPlan  # Starfarers' engine, imported when a ship first flies

    return FlightPlan.from_view(dict(view))


def why_not(view: View) -> list[tuple[str, str]]:
    """What the player may expect in trade & build but cannot do now, with the engine's reason.

    Asked of the engine on a game rebuilt from the view, only for display; the
    table still judges every action sent.
    """
    from engine.rulesets.starfarers.routes import game_from_view

    if view.get("phase") == "flight":
        return _why_no_end(game_from_view(dict(view)))
    if view.get("phase") != "main":
        return []
    from engine.rulesets.starfarers.refusals import refusals

    return [(r.what, r.reason) for r in refusals(game_from_view(dict(view)))]


def _why_no_end(game: Any) -> list[tuple[str, str]]:
    """In a flight whose turn cannot end yet: why, in the engine's words less its point
    numbers (seen: after a ship stopped on a site unfounded, e did nothing and nothing said
    the ship must move on or found next flight)."""
    from engine.shared.actions import EndTurn

    if game.moving >= 0 or any(a.type == "end_turn" for a in game.legal_actions()):
        return []
    reason = game.check(EndTurn())
    if not reason:
        return []
    return [("end_turn", re.sub(r"^the ship at [\d.]+ ", "a ship ", reason))]


def target_hint(view: View, types: tuple[str, ...], target: int) -> str | None:
    """Where a new ship would stand, in the log's words ("This place: in home system δ"):
    a ship's sites said nothing, where a colony's name their planets (seen in play). A ship
    an encounter holds up: why, and where the one under the cursor is (seen in play:
    "Choose the ship held up" and no word of the lost contest behind it)."""
    from tui.narrate_starfarers import encounter_step, place_namer

    where = place_namer(view)(target).strip()
    if types == ("choose_ship",):
        step = encounter_step(view)
        card = ((view.get("encounter") or {}).get("card") or {}).get("name")
        why = f"{step.card}. {step.words()}" if step is not None else card and f"{card}."
        ship = f"This ship: {where}" if where else ""
        return "\n".join(line for line in (why, ship) if line) or None
    if "build_ship" not in types:
        return None
    return f"This place: {where}" if where else None


def relabel(view: View, types: tuple[str, ...]) -> str | None:
    """Cards an encounter asks for are given, not discarded (the Haggler, a toll)."""
    encounter = view.get("encounter") or {}
    if types == ("discard",) and encounter.get("need") == "return_cards":
        return "Give cards for the encounter"
    return None


def pieces(view: View, seat: int) -> str:
    """What scores on the board, for the scoreboard: colonies, spaceports, trade stations
    (counted at the outposts) and medals; ships come and go and score nothing."""
    players = view.get("players") or []
    player = players[seat] if 0 <= seat < len(players) else {}
    stations = sum(
        counts[seat]
        for counts in (view.get("trade_stations") or {}).values()
        if isinstance(counts, list) and seat < len(counts)
    )
    shown = [
        (player.get("colonies"), "col"),
        (player.get("spaceports"), "port"),
        (stations, "stn"),
        (player.get("medals"), "med"),
    ]
    return " ".join(f"{n}{short}" for n, short in shown if isinstance(n, int) and n)


FACE = RulesetFace(
    name="starfarers",
    guide=packaged_guide("starfarers.md"),
    specs=specs,
    costs=costs,
    legend=legend,
    map_module="tui.render.spacemap",
    tell=tell,
    equipment=equipment,
    place_namer=place_namer,
    why_not=why_not,
    rates_word="Rates",  # Starfarers trades with the supply (its counts are the next line)
    shows_supply=True,
    bank_word="Supply",
    better_rate=None,  # 3:1 is every seat's plain rate here: no harbour to name
    flies=True,
    grows_actions=True,
    plan=plan,
    dialogs=dialogs,
    relabel=relabel,
    pieces=pieces,
    target_hint=target_hint,
    key_refusals={  # the base game's words named the robber and its hex (seen in play)
        "steal": "a card is taken on a 7 you roll, from a player of your choice who holds"
        " cards, or with a Diplomat's help",
    },
)
