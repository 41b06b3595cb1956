"""What a player may expect to do in trade & build, and why the engine says no.

A newcomer looks for "build a trade ship" and does not find it: the screen
shows it greyed with the reason. One source of legality: an expectation is
met when some legal action of its sort exists, and otherwise the reason is
`StarfarersGame.check` of one representative action (the one that gets
furthest through the checks: a free spaceport site, the resource held most
over its rate...). Nothing here decides legality on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import (
    UPGRADES,
    BuildShip,
    BuildSpaceport,
    BuildUpgrade,
)
from engine.rulesets.starfarers.constants import COLONY, MAIN
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import RESOURCES
from engine.shared.actions import MaritimeTrade

# What a player may expect, in the order shown: (id, the legal sort of action it is).
EXPECTED: tuple[str, ...] = (
    "build_spaceport",
    "build_ship:colony",
    "build_ship:trade",
    *(f"build_upgrade:{k}" for k in UPGRADES),
    "maritime_trade",
)


@dataclass(frozen=True, slots=True)
class Refusal:
    """`what` cannot be done now: `reason` is the engine's refusal of `action`."""

    what: str
    action: Action
    reason: str


def _sort(action: Action) -> str:
    kind = getattr(action, "kind", None)
    return f"{action.type}:{kind}" if isinstance(kind, str) else action.type


def _representative(game: StarfarersGame, what: str) -> Action:
    seat = game.current
    if what == "build_spaceport":
        colonies = [v for v in sorted(game.sites[seat]) if game.occ_kind[v] == COLONY]
        return BuildSpaceport(colonies[0] if colonies else -1)
    if what.startswith("build_ship:"):
        sites = game.free_port_sites(seat)
        return BuildShip(what.split(":", 1)[1], sites[0] if sites else B.NUM_VERTICES)
    if what.startswith("build_upgrade:"):
        return BuildUpgrade(what.split(":", 1)[1])
    hand = game.hands[seat]
    give = max(range(len(RESOURCES)), key=lambda r: (hand[r] - game.rate(seat, r), -r))
    get = next((r for r in range(len(RESOURCES)) if r != give and game.supply[r]), (give + 1) % 5)
    return MaritimeTrade(RESOURCES[give], RESOURCES[get])


def refusals(game: StarfarersGame) -> list[Refusal]:
    """The expected trade & build actions the current player cannot take, with the reasons.

    Empty outside trade & build. An expectation with any legal action of its
    sort is met and left out.
    """
    if game.phase != MAIN:
        return []
    legal = {_sort(a) for a in game.legal_actions()}
    out: list[Refusal] = []
    for what in EXPECTED:
        if what in legal:
            continue
        action = _representative(game, what)
        reason = game.check(action)
        if reason is not None:
            out.append(Refusal(what, action, reason))
    return out
