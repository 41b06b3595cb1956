"""City walls (§9): one under a city, 3 per seat; each raises the hand limit by 2."""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.decisions import MAIN
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import BuildWall
from engine.rulesets.ck.cards import WALLS
from engine.rulesets.ck.core import CKCore
from engine.shared.dispatch import applies, checks


class CKWalls(CKCore):
    def wall_problem(self, seat: int, v: int) -> str | None:
        if (
            not 0 <= v < len(self.walls)
            or self.vertex_owner[v] != seat
            or self.vertex_level[v] != 2
        ):
            return f"a city wall goes under one of your cities; vertex {v} has none"
        if self.walls[v]:
            return f"the city on vertex {v} already has a wall"
        if self.walls_left(seat) <= 0:
            return "all 3 of your city walls are on the board"
        return None

    def wall_actions(self, seat: int) -> list[Action]:
        """A wall under each of `seat`'s cities without one (the price and supply aside)."""
        walls = self.walls
        return [_WALL[v] for v in self.cities_of(seat) if not walls[v]]

    @checks(BuildWall)
    def _check_wall(self, a: Action) -> str | None:
        assert isinstance(a, BuildWall)
        if self.phase == ck.ENGINEER:
            return self.wall_problem(self.current, a.vertex)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if (problem := self.wall_problem(self.current, a.vertex)) is not None:
            return problem
        if not self.can_pay(self.current, self.COST["wall"]):
            return f"a city wall costs {self.price_text('wall')}"
        return None

    @applies(BuildWall)
    def _do_wall(self, a: Action) -> list[Event]:
        assert isinstance(a, BuildWall)
        seat = self.current
        if self.phase == ck.ENGINEER:
            self._pop()
        else:
            self._pay(seat, self.COST["wall"])
        self.walls[a.vertex] = 1
        return [Event("build", {"seat": seat, "piece": "wall", "vertex": a.vertex})]

    def discard_limit(self, seat: int) -> int:
        return super().discard_limit(seat) + 2 * (WALLS - self.walls_left(seat))


_WALL = tuple(BuildWall(v) for v in range(256))
