"""The pending-decision stack of the hex family, and the base game's kinds of decision.

Every decision the game waits for is a `Decision` (kind, seat, data) on a
stack. The turn's own phase (setup, before the roll, the main phase) is the
bottom entry; whatever interrupts it (discards, the robber, a steal, free
roads, free resources, gold picks, trade answers) is pushed on top and popped when done,
so `to_act` and the phase are the top entry and nesting needs no "resume"
slot. `data` is immutable (an int, a tuple of ints or None) so that copying
the stack is one slice. An empty stack means the game is over.

Snapshots and views before the stack had one field per interruption; those
legacy fields are still written (derived from the stack), and `from_legacy`
rebuilds a stack from them for snapshots saved before "pending" existed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple


class Decision(NamedTuple):
    kind: str
    seat: int
    data: Any = None


_new = tuple.__new__


def decision(kind: str, seat: int, data: Any = None) -> Decision:
    """A `Decision`, made without the named tuple's Python-level constructor (hot path)."""
    return _new(Decision, (kind, seat, data))


# The turn's phases (the bottom of the stack).
SETUP_SETTLEMENT = "setup_settlement"  # the setup: place a settlement (distance rule)
SETUP_ROAD = "setup_road"  # the setup: a road touching the settlement just placed
PRE_ROLL = "pre_roll"  # the turn's start: roll (some cards may be played before it)
MAIN = "main"  # trade and build in any order, play a card, end the turn
# Interruptions (pushed on top).
DISCARD = "discard"  # a 7: give back one card at a time; data: cards still owed
MOVE_ROBBER = "move_robber"  # a 7 or a Knight: move the robber to another hex
STEAL = "steal"  # take a card from a seat by the robber; data: the seats that may be robbed
ROAD_BUILDING = "road_building"  # Road Building: free roads; data: free roads left
YEAR_OF_PLENTY = "year_of_plenty"  # Year of Plenty: cards of choice; data: free resources left
GOLD_PICK = "gold_pick"  # one per seat a gold field paid; data: resources still to pick
TRADE_RESPONSE = "trade_response"  # one per addressed seat, in answer order
TRADE_CONFIRM = "trade_confirm"  # under the responses: the offerer picks one
GAME_OVER = "game_over"  # no entry: the stack is empty

PHASE_NAMES = (
    SETUP_SETTLEMENT,
    SETUP_ROAD,
    PRE_ROLL,
    MAIN,
    DISCARD,
    MOVE_ROBBER,
    STEAL,
    ROAD_BUILDING,
    YEAR_OF_PLENTY,
    GOLD_PICK,
    TRADE_RESPONSE,
    TRADE_CONFIRM,
    GAME_OVER,
)
TURN_PHASES = frozenset((SETUP_SETTLEMENT, SETUP_ROAD, PRE_ROLL, MAIN))
RESUMING = frozenset((DISCARD, MOVE_ROBBER, STEAL, ROAD_BUILDING, YEAR_OF_PLENTY, GOLD_PICK))
"""Interruptions after which the turn resumes in the phase below them."""


def to_json(d: Decision) -> list[Any]:
    data = list(d.data) if isinstance(d.data, tuple) else d.data
    return [d.kind, d.seat, data]


def from_json(raw: Sequence[Any]) -> Decision:
    kind, seat, data = raw
    return Decision(str(kind), int(seat), tuple(data) if isinstance(data, list) else data)


# -- the legacy fields ----------------------------------------------------------------------


def legacy_fields(pending: Sequence[Decision], seats: int) -> dict[str, Any]:
    """The per-interruption fields that snapshots and views had before the stack."""
    top = pending[-1] if pending else None
    kind = top.kind if top is not None else GAME_OVER
    owed = [0] * seats
    for d in pending:
        if d.kind == DISCARD:
            owed[d.seat] += d.data
    return {
        "phase": kind,
        "resume_phase": pending[0].kind if len(pending) > 1 else MAIN,
        "discard_owed": owed,
        "free_roads": top.data if top is not None and kind == ROAD_BUILDING else 0,
        "yop_left": top.data if top is not None and kind == YEAR_OF_PLENTY else 0,
        "steal_candidates": list(top.data) if top is not None and kind == STEAL else [],
    }


def normalise_legacy(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    """A snapshot saved before the stack, with "pending" rebuilt and `resume_phase` as now written.

    The old `resume_phase` kept its last value after the interruption ended,
    so outside an interruption it carried no state; the stack writes the phase
    under the top instead.
    """
    out = dict(snapshot)
    pending = from_legacy(snapshot)
    out["pending"] = [to_json(d) for d in pending]
    out["resume_phase"] = legacy_fields(pending, len(snapshot["discard_owed"]))["resume_phase"]
    return out


def from_legacy(snap: Mapping[str, Any]) -> list[Decision]:
    """The stack that the legacy fields of a snapshot or view describe."""
    phase = snap["phase"]
    current = snap["current"]
    if phase == GAME_OVER:
        return []
    if phase in TURN_PHASES:
        return [Decision(phase, current)]
    bottom = snap["resume_phase"] if phase in RESUMING else MAIN
    stack = [Decision(bottom, current)]
    if phase == DISCARD:
        stack.append(Decision(MOVE_ROBBER, current))
        owed = snap["discard_owed"]
        n = len(owed)
        order = [(current + k) % n for k in range(n)]
        stack.extend(Decision(DISCARD, s, owed[s]) for s in reversed(order) if owed[s])
    elif phase == STEAL:
        stack.append(Decision(STEAL, current, tuple(snap["steal_candidates"])))
    elif phase == ROAD_BUILDING:
        stack.append(Decision(ROAD_BUILDING, current, snap["free_roads"]))
    elif phase == YEAR_OF_PLENTY:
        stack.append(Decision(YEAR_OF_PLENTY, current, snap["yop_left"]))
    elif phase in (TRADE_RESPONSE, TRADE_CONFIRM):
        stack.append(Decision(TRADE_CONFIRM, current))
        waiting = snap["trade"]["waiting"] if phase == TRADE_RESPONSE else []
        stack.extend(Decision(TRADE_RESPONSE, s) for s in reversed(waiting))
    else:
        stack.append(Decision(phase, current))
    return stack
