"""The four phases of a Fleet turn (rules §7): production, trade, build, fleet.

After the roll the turn's main phase has a *stage*: TRADE until the first
phase-3 build of the turn, then BUILD (no more trading, unless the option
`combined_trade_build` lets phases 2 and 3 interleave), then FLEET once the
player declares it (no more trading or building; fleet moves, chip swaps and
settlements from the fleet). A settlement is phase 3 when built by road and
phase 4 when built from the fleet, so it is judged by its own check.
"""

from __future__ import annotations

from engine.actions import Action
from engine.rulesets.base.actions import BuildCity, BuildRoad, BuyDevelopment, PlayRoadBuilding
from engine.rulesets.fleet.actions import BuildShip
from engine.shared.actions import MaritimeTrade, OfferTrade

TRADE, BUILD, FLEET = 2, 3, 4
STAGES = (TRADE, BUILD, FLEET)

BUILDS: frozenset[type[Action]] = frozenset(
    (BuildRoad, BuildCity, BuildShip, BuyDevelopment, PlayRoadBuilding)
)
"""Phase-3 actions: each ends the trading of the turn and is refused in phase 4."""
TRADES: frozenset[type[Action]] = frozenset((MaritimeTrade, OfferTrade))
STAGED = BUILDS | TRADES
"""The actions a stage may refuse (every other action is the same in every stage)."""


def stage_problem(kind: type[Action], stage: int, combined: bool) -> str | None:
    """Why the main phase's `stage` forbids an action of type `kind` (None if it does not)."""
    if kind in BUILDS:
        if stage == FLEET:
            return "the fleet phase has begun: no more building this turn"
    elif kind in TRADES:
        if stage == FLEET:
            return "the fleet phase has begun: no more trading this turn"
        if stage == BUILD and not combined:
            return "no trading after building: trade first, then build (phase 2 before phase 3)"
    return None
