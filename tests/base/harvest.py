"""A test ruleset built the way Cities & Knights and Fleet will be: the base game plus changes.

`HarvestGame` subclasses `BaseGame` and, in this one file:

- adds a hand-card kind (paper, 12 in the bank) to the card set;
- adds a public per-seat state field (`papers_taken`);
- adds an event kind (`take_paper`) to the base game's vocabulary;
- overrides a rule: building a city (its apply calls the base rule, then the
  builder owes a decision of a new kind, "take_paper");
- adds that decision kind and its action (`TakePaper`);
- overrides a hook: hands of up to 9 cards are safe from a 7.

The tests check that each of these runs through the public surface
(legal_actions, apply, copy, save/load, view, sample_consistent).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.actions import Action, ActionCodec
from engine.config import GameConfig
from engine.events import Event, EventKind, EventKinds
from engine.game import Game
from engine.registry import Ruleset, register
from engine.rulesets.base import OPTIONS
from engine.rulesets.base.actions import BASE_ACTIONS, BuildCity
from engine.rulesets.base.game import BaseGame, Decision
from engine.shared.cardset import CardSet
from engine.shared.dispatch import applies, checks, lists
from engine.shared.state import SEAT, Field, StateSpec

TAKE_PAPER = "take_paper"
PAPER_IN_BANK = 12


@dataclass(frozen=True, slots=True)
class TakePaper(Action):
    type = "take_paper"


CODEC = ActionCodec((*BASE_ACTIONS, TakePaper))


class HarvestGame(BaseGame):
    codec: ClassVar[ActionCodec] = CODEC
    ruleset_name: ClassVar[str] = "harvest"
    HAND_CARDS: ClassVar[CardSet] = BaseGame.HAND_CARDS.extend(("paper",), (PAPER_IN_BANK,))
    STATE: ClassVar[StateSpec] = BaseGame.STATE.extend(
        Field("papers_taken", SEAT, 0, view="papers_taken"),
    )
    EVENTS: ClassVar[EventKinds] = BaseGame.EVENTS.extend(EventKind("take_paper", ("seat",)))

    papers_taken: list[int]

    @applies(BuildCity)
    def _do_city(self, a: Action) -> list[Event]:
        events = super()._do_city(a)
        if self.bank[self.HAND_CARDS.index["paper"]]:
            self._push(TAKE_PAPER, self.current)
        return events

    @lists(TAKE_PAPER)
    def _list_take_paper(self, d: Decision) -> list[Action]:
        return [TakePaper()]

    @checks(TakePaper)
    def _check_take_paper(self, a: Action) -> str | None:
        return self._phase_is(TAKE_PAPER)

    @applies(TakePaper)
    def _do_take_paper(self, a: Action) -> list[Event]:
        seat = self._pop().seat
        paper = self.HAND_CARDS.index["paper"]
        self.bank[paper] -= 1
        self.hands[seat * self.HAND_STRIDE + paper] += 1
        self.papers_taken[seat] += 1
        return [Event("take_paper", {"seat": seat})]

    def discard_limit(self, seat: int) -> int:
        return 9


def _create(config: GameConfig) -> Game:
    return HarvestGame(config)


RULESET = Ruleset(
    name="harvest",
    title="Harvest (a test ruleset)",
    seats=(3, 4),
    options=OPTIONS,
    create=_create,
    codec=CODEC,
    sample_consistent=HarvestGame.sample_consistent,
    from_position=HarvestGame.from_position,
)


def register_harvest() -> None:
    """Make "harvest" a ruleset name that new_game, load and sample_consistent know."""
    register(RULESET)
