"""The building-costs card of each ruleset, read from the engine's own cost constants.

One table serves the card a key away during play (tui/screens/dialogs/costs.py),
the player guide (F1) and `catan rules`, so none of them can disagree with
what the engine charges.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.table import Table
from rich.text import Text

from tui.faces import face
from tui.widgets.style import resource_style


@dataclass(frozen=True)
class Cost:
    item: str
    cost: tuple[tuple[str, int], ...]  # (resource, how many), in the ruleset's resource order
    gives: str


def _priced(resources: tuple[str, ...], amounts: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    return tuple((r, n) for r, n in zip(resources, amounts, strict=True) if n)


def base_card() -> list[Cost]:
    from engine.rulesets.base import game as g
    from engine.rulesets.base.board import RESOURCES

    return [
        Cost("Road", _priced(RESOURCES, g.ROAD_COST), "joins your buildings; Longest Road"),
        Cost(
            "Settlement",
            _priced(RESOURCES, g.SETTLEMENT_COST),
            "1 point; collects from its hexes",
        ),
        Cost(
            "City",
            _priced(RESOURCES, g.CITY_COST),
            "2 points; replaces a settlement",
        ),
        Cost(
            "Development card",
            _priced(RESOURCES, g.DEV_COST),
            "a knight, progress card or point",
        ),
    ]


def starfarers_card() -> list[Cost]:
    from engine.rulesets.starfarers import constants as k
    from engine.rulesets.starfarers.layouts import RESOURCES

    booster, cannon, pod = k.UPGRADE_COST
    return [
        Cost(
            "Colony ship",
            _priced(RESOURCES, k.COLONY_SHIP_COST),
            "flies out and founds a colony (1 point)",
        ),
        Cost(
            "Trade ship",
            _priced(RESOURCES, k.TRADE_SHIP_COST),
            "sets up a trade station at an outpost",
        ),
        Cost(
            "Spaceport",
            _priced(RESOURCES, k.SPACEPORT_COST),
            "2 points in all; ships are built there",
        ),
        Cost("Booster", _priced(RESOURCES, booster), "+1 speed for all your ships"),
        Cost("Cannon", _priced(RESOURCES, cannon), "+1 strength against pirates and in fights"),
        Cost("Freight pod", _priced(RESOURCES, pod), "+1 hold: trade stations, ice planets"),
        Cost(
            "Half medal", _priced(RESOURCES, k.FAME_COST), "needs a Diplomats card; 2 make 1 point"
        ),
    ]


def costs(ruleset: str) -> list[Cost]:
    """The costs card of `ruleset` (its face's; NoFace if the app has none)."""
    return face(ruleset).costs()


def _cost_words(cost: tuple[tuple[str, int], ...]) -> str:
    return " + ".join(f"{n} {r}" for r, n in cost)


def costs_markdown(ruleset: str) -> str:
    rows = ["| Build | Pay | You get |", "|---|---|---|"]
    rows += [f"| {c.item} | {_cost_words(c.cost)} | {c.gives} |" for c in costs(ruleset)]
    return "\n".join(rows) + "\n"


def costs_table(ruleset: str) -> Table:
    """The card as a Rich table: each item, its price in resource colours, what it gives below."""
    table = Table(box=None, show_header=False, pad_edge=False, expand=False)
    table.add_column("Build", no_wrap=True, min_width=16)
    table.add_column("Pay")
    for c in costs(ruleset):
        pay = Text()
        for i, (resource, n) in enumerate(c.cost):
            pay.append(" + " if i else "")
            pay.append(f"{n} {resource}", style=resource_style(resource))
        pay.append(f"\n{c.gives}" if c.cost else c.gives, style="dim italic")
        table.add_row(Text(c.item, style="bold"), pay)
    return table


def ck_card() -> list[Cost]:
    """Cities & Knights: the base pieces, walls, knights and the improvement tracks."""
    from engine.rulesets.ck import core as g
    from engine.rulesets.ck.cards import HAND

    def priced(vector: tuple[int, ...] | list[int]) -> tuple[tuple[str, int], ...]:
        return tuple((n, c) for n, c in zip(HAND.names, vector, strict=True) if c)

    base = base_card()[:3]  # road, settlement, city (no development cards in C&K)
    return [
        *base,
        Cost("City wall", priced(g.WALL_COST), "under a city; +2 to your hand limit (3 at most)"),
        Cost("Knight", priced(g.KNIGHT_COST), "a basic knight (strength 1), inactive"),
        Cost("Promote a knight", priced(g.KNIGHT_COST), "basic → strong; → mighty needs Fortress"),
        Cost("Activate a knight", priced(g.ACTIVATE_COST), "it defends Catan and may act"),
        Cost("Trade level n", (), "n cloth (levels 1-5 in order); 3: Trading House"),
        Cost("Politics level n", (), "n coin (levels 1-5 in order); 3: Fortress"),
        Cost("Science level n", (), "n paper (levels 1-5 in order); 3: Aqueduct"),
    ]
