"""The roll in C&K (§4-6): three dice, the event die's step (the ship, a gate's progress
cards), then production (commodities, Aqueduct) or the 7 with the delayed robber;
the steps wait as STEP entries on the pending stack under the decisions they raise.
"""

from __future__ import annotations

from typing import Any

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.board import RESOURCES
from engine.rulesets.base.decisions import MOVE_ROBBER, Decision, decision
from engine.rulesets.base.game import BaseGame
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import PickResource
from engine.rulesets.ck.barbarians import CKBarbarians
from engine.rulesets.ck.cards import (
    ABILITY_LEVEL,
    BARBARIAN_TRACK,
    GATE_TRACK,
    PROGRESS_LIMIT,
    SCIENCE,
    SHIP_FACES,
    red_draws_up_to,
)
from engine.rulesets.ck.decisions import BISHOP_ROBBER
from engine.rulesets.ck.production import produce
from engine.rulesets.ck.progress_draws import CKProgressDraws
from engine.shared.actions import MoveRobber
from engine.shared.dispatch import applies, checks, lists


class CKRoll(CKBarbarians, CKProgressDraws):
    def roll_dice(self) -> tuple[int, ...]:
        """Red, yellow and the event die (1-3 a ship, 4-6 a gate); Alchemist sets red and yellow."""
        if self.alchemy is not None:
            red, yellow = self.alchemy
            self.alchemy = None
            return (red, yellow, self.rng.die())
        return self.rng.three_dice()

    def production_total(self, dice: tuple[int, ...]) -> int:
        return dice[0] + dice[1]

    def produce(self, total: int) -> list[Event]:
        """The roll's resolution is queued: the event die first, then production (§4)."""
        return self._queue_roll(("produce", total))

    def on_seven(self) -> list[Event]:
        return self._queue_roll(("seven",))

    def _queue_roll(self, last: tuple[Any, ...]) -> list[Event]:
        """The event die's step now; production or the 7 (`last`) after whatever it asks.

        When the event die asks nothing (the usual case), `last` runs at once;
        otherwise it waits as a STEP entry under the decisions (or draws) pushed.
        """
        dice = self.dice
        assert dice is not None
        pending = self.pending
        below = len(pending)
        event = dice[2] if len(dice) > 2 else 1
        events = self._step_ship() if event <= SHIP_FACES else self._step_gate(GATE_TRACK[event])
        if len(pending) > below:
            pending.insert(below, decision(ck.STEP, self.current, last))
            return events
        if last[0] == "produce":
            events.extend(self._step_produce(last[1]))
        else:
            events.extend(self._step_seven())
        return events

    AUTO_STEPS = frozenset((ck.STEP, ck.PROGRESS_LIMIT))

    def run_steps(self) -> list[Event]:
        """After an action: the queued steps on top run, then a win is looked for again."""
        events = self._resume()
        current = self.current
        if self.pending and self.total_vp(current) >= self.vp_to_win:
            events.append(self._declare_winner(current))
        return events

    def _resume(self) -> list[Event]:
        """Run the queued steps on top of the stack until a seat has to decide."""
        events: list[Event] = []
        pending = self.pending
        while pending:
            kind, seat, data = pending[-1]
            if kind == ck.STEP:
                self._pop()
                events.extend(getattr(self, f"_step_{data[0]}")(*data[1:]))
            elif kind == ck.PROGRESS_LIMIT and self.progress_count(seat) <= PROGRESS_LIMIT:
                self._pop()
            else:
                break
        return events

    def _step_ship(self) -> list[Event]:
        self.barbarian += 1
        events = [Event.public("barbarians", {"position": self.barbarian})]
        if self.barbarian >= BARBARIAN_TRACK:
            events.extend(self._attack())
        return events

    def _step_gate(self, track: int) -> list[Event]:
        assert self.dice is not None
        red = self.dice[0]
        if red > red_draws_up_to(max(self.levels[track::3])):
            return []
        n = self.config.seats
        order = [(self.current + k) % n for k in range(n)]
        levels = self.levels
        for p in reversed(order):
            lvl = levels[p * 3 + track]
            if red <= red_draws_up_to(lvl):
                self._push(ck.STEP, self.current, ("draw", p, track))
        return []

    def _step_draw(self, seat: int, deck: int) -> list[Event]:
        return self._draw_progress(seat, deck)

    def _step_seven(self) -> list[Event]:
        events = BaseGame.on_seven(self)
        if not self.robber_active:  # the delayed robber: discards only (§6)
            pending = self.pending
            for i in range(len(pending) - 1, -1, -1):
                if pending[i][0] == MOVE_ROBBER:
                    del pending[i]
                    break
            self._sync_top()
        return events

    def _step_produce(self, total: int) -> list[Event]:
        gains = produce(
            self.board,
            total,
            self.robber,
            self.vertex_owner,
            self.vertex_level,
            self.bank,
            self.hands,
            self.HAND_STRIDE,
        )
        levels = self.levels
        if max(levels[SCIENCE::3]) >= ABILITY_LEVEL and any(self.bank[: len(RESOURCES)]):
            n = self.config.seats
            current = self.current
            for k in range(n - 1, -1, -1):  # pushed last first: the roller answers first
                p = (current + k) % n
                if str(p) not in gains and levels[p * 3 + SCIENCE] >= ABILITY_LEVEL:
                    self._push(ck.AQUEDUCT, p)
        return [Event.public("production", {"gains": gains})]

    @lists(ck.AQUEDUCT)
    def _list_aqueduct(self, d: Decision) -> list[Action]:
        return [PickResource(r) for i, r in enumerate(RESOURCES) if self.bank[i]]

    @checks(PickResource)
    def _check_pick(self, a: Action) -> str | None:
        assert isinstance(a, PickResource)
        return self._phase_is(ck.AQUEDUCT) or self._bank_card_problem(a.resource)

    @applies(PickResource)
    def _do_pick(self, a: Action) -> list[Event]:
        assert isinstance(a, PickResource)
        seat = self._pop().seat
        r = RESOURCES.index(a.resource)
        self.bank[r] -= 1
        self.hands[seat * self.HAND_STRIDE + r] += 1
        return [Event("pick_resource", {"seat": seat, "resource": a.resource})]

    @applies(MoveRobber)
    def _do_robber(self, a: Action) -> list[Event]:
        assert isinstance(a, MoveRobber)
        if self.pending[-1].data != BISHOP_ROBBER:
            return super()._do_robber(a)
        seat = self.current
        self.robber = a.hex
        self._pop()
        events = [Event("robber", {"seat": seat, "hex": a.hex})]
        # Bishop: one card from each opponent with a building on the hex.
        events.extend(self._steal_from(p) for p in self._victims(a.hex, seat))
        return events
