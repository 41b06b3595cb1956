"""Setup in C&K (§3): the second building is a city; knights keep settlements away."""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.actions import BuildSettlement
from engine.rulesets.base.decisions import MAIN, SETUP_SETTLEMENT
from engine.rulesets.ck.core import CKCore
from engine.shared.dispatch import applies, checks


class CKSetup(CKCore):
    @applies(BuildSettlement)
    def _do_settlement(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildSettlement)
        second = self.phase == SETUP_SETTLEMENT and self.setup_pos >= self.config.seats
        seat = self.current
        events = super()._do_settlement(a)
        if second:  # the second setup building is a city (§3)
            self.vertex_level[a.vertex] = 2
            self.cities_left[seat] -= 1
            self.settlements_left[seat] += 1
            self.vp_public[seat] += 1
            city = Event("build", {"seat": seat, "piece": "city", "vertex": a.vertex})
            # the base game told a settlement: one building was placed, and it is a city
            events = [city if e.kind == "build" else e for e in events]
        return events

    def _place_settlement(self, seat: int, v: int) -> None:
        super()._place_settlement(seat, v)
        self.blockers[v] = seat

    def _distance_ok(self, v: int) -> bool:
        return self.knight_owner[v] < 0 and super()._distance_ok(v)

    @checks(BuildSettlement)
    def _check_settlement(self, a: Action) -> str | None:
        assert isinstance(a, BuildSettlement)
        v = a.vertex
        if 0 <= v < len(self.knight_owner) and self.knight_owner[v] >= 0:
            return f"vertex {v} holds a knight; a settlement needs it moved away first"
        if self.phase == MAIN and self.settlements_left[self.current] <= 0:
            return "no settlements left in your supply (upgrade one to a city first)"
        return super()._check_settlement(a)
