"""City improvements and metropolises (§7): a track's levels, bought with its
commodity; level 4 takes a free metropolis, level 5 takes one from a lower holder.
"""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.decisions import MAIN, Decision
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import ImproveCity, PlaceMetropolis
from engine.rulesets.ck.cards import (
    ABILITY_LEVEL,
    HAND,
    MAX_LEVEL,
    METROPOLIS_LEVEL,
    TRACK_COMMODITY,
    TRACK_NAMES,
    TRADE,
)
from engine.rulesets.ck.trading import CKTrading
from engine.shared.dispatch import applies, checks, lists


class CKImprovements(CKTrading):
    def improvement_problem(self, seat: int, track: int) -> str | None:
        """Why `seat` cannot buy the next level of `track` (the price aside), if it cannot."""
        lvl = self.levels[seat * 3 + track]
        if lvl >= MAX_LEVEL:
            return f"your {TRACK_NAMES[track]} track is complete"
        cities = self.PIECES["cities"] - self.cities_left[seat]
        if not cities:
            return "a city improvement needs a city on the board"
        if lvl + 1 >= METROPOLIS_LEVEL:
            owner = self.vertex_owner
            metros = [owner[v] for v in self.metropolis if v >= 0]
            holder_v = self.metropolis[track]
            holds = holder_v >= 0 and owner[holder_v] == seat
            if not holds and metros.count(seat) >= cities:
                return f"level {lvl + 1} needs a city without a metropolis"
        return None

    def improvement_cost(self, seat: int, track: int) -> int:
        return max(0, self.level(seat, track) + 1 - (1 if self.crane else 0))

    def _improvements(self, seat: int, hand: list[int]) -> list[Action]:
        levels = self.levels
        b = seat * 3
        d = 1 if self.crane else 0
        out: list[Action] = []
        for t, c in _TRACK_COMMODITY_PAIRS:
            # Cheap first: a track not complete whose commodity pays the next level.
            lvl = levels[b + t]
            if lvl < MAX_LEVEL and hand[c] > lvl - d and self.improvement_problem(seat, t) is None:
                out.append(_IMPROVE[t])
        return out

    @checks(ImproveCity)
    def _check_improve(self, a: Action) -> str | None:
        assert isinstance(a, ImproveCity)
        if (problem := self._phase_is(MAIN)) is not None:
            return problem
        if a.track not in TRACK_NAMES:
            return f"unknown track {a.track!r}; valid: {', '.join(TRACK_NAMES)}"
        t = TRACK_NAMES.index(a.track)
        seat = self.current
        if (problem := self.improvement_problem(seat, t)) is not None:
            return problem
        cost = self.improvement_cost(seat, t)
        commodity = HAND.names[TRACK_COMMODITY[t]]
        if self.hands[seat * self.HAND_STRIDE + TRACK_COMMODITY[t]] < cost:
            return f"{a.track} level {self.level(seat, t) + 1} costs {cost} {commodity}"
        return None

    @applies(ImproveCity)
    def _do_improve(self, a: Action) -> list[Event]:
        assert isinstance(a, ImproveCity)
        seat = self.current
        t = TRACK_NAMES.index(a.track)
        cost = self.improvement_cost(seat, t)
        c = TRACK_COMMODITY[t]
        self.hands[seat * self.HAND_STRIDE + c] -= cost
        self.bank[c] += cost
        self.crane = False
        lvl = self.level(seat, t) + 1
        self.levels[seat * 3 + t] = lvl
        events = [Event("improve", {"seat": seat, "track": a.track, "level": lvl})]
        if t == TRADE and lvl == ABILITY_LEVEL:
            self._refresh_rates(seat)
        v = self.metropolis[t]
        holder = self.vertex_owner[v] if v >= 0 else -1
        takes = (lvl >= METROPOLIS_LEVEL and v < 0) or (
            lvl == MAX_LEVEL and holder >= 0 and holder != seat and self.level(holder, t) < lvl
        )
        if takes:
            if holder >= 0:
                self.vp_public[holder] -= 2
                self.metropolis[t] = -1
            spots = self.plain_cities(seat)
            if len(spots) == 1:
                events.extend(self._place_metropolis(seat, t, spots[0], holder))
            else:
                self._push(ck.METROPOLIS, seat, (t, holder))
        return events

    def _place_metropolis(self, seat: int, track: int, v: int, previous: int) -> list[Event]:
        self.metropolis[track] = v
        self.vp_public[seat] += 2
        data = {"seat": seat, "track": TRACK_NAMES[track], "vertex": v}
        if previous >= 0:
            data["previous"] = previous
        return [Event("metropolis", data)]

    @lists(ck.METROPOLIS)
    def _list_metropolis(self, d: Decision) -> list[Action]:
        return [PlaceMetropolis(v) for v in self.plain_cities(d.seat)]

    @checks(PlaceMetropolis)
    def _check_metropolis(self, a: Action) -> str | None:
        assert isinstance(a, PlaceMetropolis)
        if (problem := self._phase_is(ck.METROPOLIS)) is not None:
            return problem
        if a.vertex not in self.plain_cities(self.pending[-1].seat):
            return f"a metropolis goes on one of your cities without one; vertex {a.vertex} is not"
        return None

    @applies(PlaceMetropolis)
    def _do_metropolis(self, a: Action) -> list[Event]:
        assert isinstance(a, PlaceMetropolis)
        _, seat, (track, previous) = self._pop()
        return self._place_metropolis(seat, track, a.vertex, previous)


_IMPROVE = tuple(ImproveCity(t) for t in TRACK_NAMES)
_TRACK_COMMODITY_PAIRS = tuple(enumerate(TRACK_COMMODITY))
