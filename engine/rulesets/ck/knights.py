"""Knights (§10): built, activated, promoted, moved along the owner's roads, displacing
weaker rivals, chasing the robber; a knight blocks rival roads and trails.
"""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.decisions import MAIN, MOVE_ROBBER, Decision
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import (
    ActivateKnight,
    BuildKnight,
    ChaseRobber,
    MoveKnight,
    PromoteKnight,
    RelocateKnight,
)
from engine.rulesets.ck.cards import ABILITY_LEVEL, POLITICS
from engine.rulesets.ck.core import KNIGHT_SET, CKCore
from engine.rulesets.ck.knight_paths import reachable, vertex_links
from engine.shared.dispatch import applies, checks, lists

BUILT, ACTED, PROMOTED, WOKEN = 1, 2, 4, 8
"""A knight's flags for the turn: built, acted, promoted this turn; and activated this turn
where the table plays `activated_knights_wait` (it acts from its owner's next turn)."""
WAIT_OPTION = "activated_knights_wait"
"""The option that makes a knight activated this turn wait for a later turn to act."""


class CKKnights(CKCore):
    def knight_spots(self, seat: int) -> list[int]:
        """Empty vertices (no building, no knight) touching one of `seat`'s roads."""
        grid = self.board.grid
        blockers = self.blockers
        spots = {v for e in self.roads[seat] for v in grid.edge_vertices[e] if blockers[v] < 0}
        return sorted(spots)

    def knight_builds(self, seat: int) -> list[Action]:
        """A basic knight on each of `seat`'s knight spots (the price and supply aside)."""
        return [_BUILD_KNIGHT[v] for v in self.knight_spots(seat)]

    def promotable(self, seat: int, v: int) -> str | None:
        """Why `seat`'s knight at `v` cannot be promoted (the price aside), if it cannot."""
        if self.knight_owner[v] != seat:
            return f"vertex {v} holds none of your knights"
        flags = self.knight_flags[v]
        if flags & BUILT:
            return "a knight cannot be promoted in the turn it was built"
        if flags & PROMOTED:
            return "a knight may be promoted once per turn"
        lvl = self.knight_level[v]
        if lvl >= 3:
            return "a mighty knight cannot be promoted further"
        if lvl == 2 and self.level(seat, POLITICS) < ABILITY_LEVEL:
            return "promoting to a mighty knight needs the Fortress (politics level 3)"
        if not self.knights_left[seat * 3 + lvl]:
            return f"both your {KNIGHT_SET.names[lvl]} knights are already on the board"
        return None

    def knight_moves(self, v: int) -> list[int]:
        seat = self.knight_owner[v]
        grid = self.board.grid
        return reachable(
            v,
            seat,
            self.knight_level[v],
            self.edge_owner,
            vertex_links(grid.vertex_edges, grid.edge_vertices),
            self.vertex_owner,
            self.knight_owner,
            self.knight_level,
        )

    def _knight_actions(self, seat: int, count: int, promote: bool, activate: bool) -> list[Action]:
        """The actions of `seat`'s `count` knights (at most: one may wait displaced)."""
        out: list[Action] = []
        active, flags, owner = self.knight_active, self.knight_flags, self.knight_owner
        robber_corners = self.board.grid.hex_vertices[self.robber] if self.robber_active else ()
        v = -1
        for _ in range(count):
            try:
                v = owner.index(seat, v + 1)
            except ValueError:  # fewer on the board than out of the supply: one waits displaced
                break
            if not active[v]:
                if activate:
                    out.append(_ACTIVATE[v])
            elif not flags[v] & (BUILT | ACTED | WOKEN):
                moves = self.knight_moves(v)
                if moves:
                    out.extend([_move(v, w) for w in moves])
                if v in robber_corners:
                    out.append(_CHASE[v])
            if promote and self.promotable(seat, v) is None:
                out.append(_PROMOTE[v])
        return out

    @checks(BuildKnight)
    def _check_build_knight(self, a: Action) -> str | None:
        assert isinstance(a, BuildKnight)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        seat = self.current
        if not self.knights_left[seat * 3]:
            return "both your basic knights are on the board (only basic knights are built)"
        if not self.can_pay(seat, self.COST["knight"]):
            return f"a knight costs {self.price_text('knight')}"
        if a.vertex not in self.knight_spots(seat):
            return f"a knight goes on an empty vertex touching your roads; vertex {a.vertex} is not"
        return None

    @applies(BuildKnight)
    def _do_build_knight(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildKnight)
        seat = self.current
        self._pay(seat, self.COST["knight"])
        return self._put_knight(seat, a.vertex, 1, 0, BUILT, "built")

    def _put_knight(
        self, seat: int, v: int, strength: int, active: int, flags: int, what: str
    ) -> list[Event]:
        self.knight_owner[v] = seat
        self.knight_level[v] = strength
        self.knight_active[v] = active
        self.knight_flags[v] = flags
        self.knights_left[seat * 3 + strength - 1] -= 1
        self._block(v)
        events = [Event("knight", {"seat": seat, "vertex": v, "what": what, "strength": strength})]
        events.extend(self._recount_roads_at(v, seat))
        return events

    def take_knight(self, v: int, events: list[Event]) -> tuple[int, int, int, int]:
        """Lift the knight at `v` off the board: (owner, strength, active, flags); supply +1.

        The rival trails it cut are counted again (a change of Longest Road goes to `events`).
        """
        seat, strength = self.knight_owner[v], self.knight_level[v]
        out = (seat, strength, self.knight_active[v], self.knight_flags[v])
        self.knight_owner[v] = -1
        self.knight_level[v] = 0
        self.knight_active[v] = 0
        self.knight_flags[v] = 0
        self.knights_left[seat * 3 + strength - 1] += 1
        self._block(v)
        events.extend(self._recount_roads_at(v, seat))
        return out

    def _own_knight(self, v: int) -> str | None:
        if not 0 <= v < len(self.knight_owner) or self.knight_owner[v] != self.current:
            return f"vertex {v} holds none of your knights"
        return None

    @checks(ActivateKnight)
    def _check_activate(self, a: Action) -> str | None:
        assert isinstance(a, ActivateKnight)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self._own_knight(a.vertex)) is not None:
            return problem
        if self.knight_active[a.vertex]:
            return f"the knight on vertex {a.vertex} is already active"
        if not self.can_pay(self.current, self.COST["activate"]):
            return f"activating a knight costs {self.price_text('activate')}"
        return None

    @applies(ActivateKnight)
    def _do_activate(self, a: Action) -> list[Event]:
        assert isinstance(a, ActivateKnight)
        seat = self.current
        self._pay(seat, self.COST["activate"])
        self.wake(a.vertex)
        return [Event("knight", {"seat": seat, "vertex": a.vertex, "what": "activated"})]

    def wake(self, v: int) -> None:
        """The knight at `v` active; one that was not, resting this turn where the table plays
        `activated_knights_wait` (an activation by grain, or by the Warlord)."""
        if not self.knight_active[v] and self.config.options.get(WAIT_OPTION):
            self.knight_flags[v] |= WOKEN
        self.knight_active[v] = 1

    @checks(PromoteKnight)
    def _check_promote(self, a: Action) -> str | None:
        assert isinstance(a, PromoteKnight)
        v = a.vertex
        if self.phase == ck.SMITH:
            if (problem := self._own_knight(v)) is not None:
                return problem
            return self.promotable(self.current, v)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self._own_knight(v)) is not None:
            return problem
        if (problem := self.promotable(self.current, v)) is not None:
            return problem
        if not self.can_pay(self.current, self.COST["promote"]):
            return f"promoting a knight costs {self.price_text('promote')}"
        return None

    @applies(PromoteKnight)
    def _do_promote(self, a: Action) -> list[Event]:
        assert isinstance(a, PromoteKnight)
        seat = self.current
        v = a.vertex
        smith = self.phase == ck.SMITH
        if smith:
            left = self._pop().data - 1
        else:
            self._pay(seat, self.COST["promote"])
        lvl = self.knight_level[v]
        self.knights_left[seat * 3 + lvl - 1] += 1
        self.knights_left[seat * 3 + lvl] -= 1
        self.knight_level[v] = lvl + 1
        self.knight_flags[v] |= PROMOTED
        if smith and left > 0 and self.smith_targets(seat):
            self._push(ck.SMITH, seat, left)
        return [
            Event("knight", {"seat": seat, "vertex": v, "what": "promoted", "strength": lvl + 1})
        ]

    def smith_targets(self, seat: int) -> list[int]:
        """`seat`'s knights that may be promoted now, the price aside."""
        return [
            v
            for v, p in enumerate(self.knight_owner)
            if p == seat and self.promotable(seat, v) is None
        ]

    def _acting_knight(self, v: int) -> str | None:
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self._own_knight(v)) is not None:
            return problem
        if not self.knight_active[v]:
            return f"the knight on vertex {v} is inactive; only an active knight acts"
        if self.knight_flags[v] & BUILT:
            return "a knight cannot act in the turn it was built"
        if self.knight_flags[v] & ACTED:
            return "a knight acts at most once per turn"
        if self.knight_flags[v] & WOKEN:
            return "a knight activated this turn acts from your next turn on (this game's rule)"
        return None

    @checks(MoveKnight)
    def _check_move_knight(self, a: Action) -> str | None:
        assert isinstance(a, MoveKnight)
        if (problem := self._acting_knight(a.vertex)) is not None:
            return problem
        if a.to not in self.knight_moves(a.vertex):
            if 0 <= a.to < len(self.knight_owner) and self.knight_owner[a.to] >= 0:
                if self.knight_owner[a.to] == self.current:
                    return "you cannot displace your own knight"
                return "a knight displaces only a weaker rival knight it reaches along your roads"
            return f"vertex {a.to} is not an empty vertex your knight reaches along your roads"
        return None

    @applies(MoveKnight)
    def _do_move_knight(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveKnight)
        lifted: list[Event] = []
        seat, strength, _, flags = self.take_knight(a.vertex, lifted)
        to = a.to
        displaced = self.take_knight(to, lifted) if self.knight_owner[to] >= 0 else None
        events = [Event("knight", {"seat": seat, "vertex": a.vertex, "what": "moved", "to": to})]
        events.extend(lifted)
        events.extend(self._put_knight(seat, to, strength, 0, flags | ACTED, "moved")[1:])
        if displaced is not None:
            events.extend(self.displace(to, displaced))
        return events

    def displace(self, v: int, knight: tuple[int, int, int, int]) -> list[Event]:
        """A knight lifted from `v` retreats along its owner's roads, or back to the supply."""
        owner, strength, active, flags = knight
        grid = self.board.grid
        dests = reachable(
            v,
            owner,
            0,
            self.edge_owner,
            vertex_links(grid.vertex_edges, grid.edge_vertices),
            self.vertex_owner,
            self.knight_owner,
            self.knight_level,
        )
        if not dests:  # no free corner on its owner's roads: back to the supply
            return [
                Event(
                    "knight_displaced",
                    {"seat": owner, "vertex": v, "strength": strength, "fate": "supply"},
                )
            ]
        self.knights_left[owner * 3 + strength - 1] -= 1  # held aside until it is placed
        self._push(ck.DISPLACED, owner, (strength, active, flags, *dests))
        return []

    @lists(ck.DISPLACED)
    def _list_displaced(self, d: Decision) -> list[Action]:
        return [RelocateKnight(v) for v in d.data[3:]]

    @checks(RelocateKnight)
    def _check_relocate(self, a: Action) -> str | None:
        assert isinstance(a, RelocateKnight)
        if (problem := self._phase_is(ck.DISPLACED)) is not None:
            return problem
        if a.vertex not in self.pending[-1].data[3:]:
            return f"your displaced knight cannot reach vertex {a.vertex} along your roads"
        return None

    @applies(RelocateKnight)
    def _do_relocate(self, a: Action) -> list[Event]:
        assert isinstance(a, RelocateKnight)
        _, seat, data = self._pop()
        strength, active, flags = data[0], data[1], data[2]
        self.knights_left[seat * 3 + strength - 1] += 1
        events = self._put_knight(seat, a.vertex, strength, active, flags, "relocated")
        return events

    @checks(ChaseRobber)
    def _check_chase(self, a: Action) -> str | None:
        assert isinstance(a, ChaseRobber)
        if (problem := self._acting_knight(a.vertex)) is not None:
            return problem
        if (problem := self.robber_problem()) is not None:
            return problem
        if a.vertex not in self.board.grid.hex_vertices[self.robber]:
            return f"the knight on vertex {a.vertex} is not next to the robber"
        return None

    @applies(ChaseRobber)
    def _do_chase(self, a: Action) -> list[Event]:
        assert isinstance(a, ChaseRobber)
        seat = self.current
        self.knight_active[a.vertex] = 0
        self.knight_flags[a.vertex] |= ACTED
        self._push(MOVE_ROBBER, seat)
        return [Event("knight", {"seat": seat, "vertex": a.vertex, "what": "chased the robber"})]


_BUILD_KNIGHT = tuple(BuildKnight(v) for v in range(256))
_ACTIVATE = tuple(ActivateKnight(v) for v in range(256))
_PROMOTE = tuple(PromoteKnight(v) for v in range(256))
_CHASE = tuple(ChaseRobber(v) for v in range(256))
_MOVES: dict[tuple[int, int], MoveKnight] = {}


def _move(v: int, w: int) -> MoveKnight:
    """A shared MoveKnight (actions are immutable; the main phase lists them often)."""
    found = _MOVES.get((v, w))
    if found is None:
        found = _MOVES[(v, w)] = MoveKnight(v, w)
    return found
