"""Domestic trade between the active seat and the others, as a small state machine.

The active seat offers; each addressed seat answers in turn (accept, decline
or counter with its own terms); the offerer then confirms one answer or
cancels. Every step is an action, so bots, people and saves see the same
thing. Resource bundles here are tuples of counts indexed like the bank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.actions import Action, Bag
from engine.config import GameConfig
from engine.events import Event
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    OfferTrade,
    terms_problem,
)
from engine.shared.dispatch import applies

Counts = tuple[int, ...]


@dataclass(slots=True)
class PendingTrade:
    offerer: int
    give: tuple[int, ...]  # what the offerer gives
    get: tuple[int, ...]  # what the offerer gets
    to: tuple[int, ...]  # the seats addressed
    waiting: list[int]  # addressed seats that have not answered yet, in answer order
    # seat -> (offerer gives, offerer gets) under that seat's answer (accept or counter)
    answers: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = field(default_factory=dict)

    def copy(self) -> PendingTrade:
        return PendingTrade(
            self.offerer, self.give, self.get, self.to, list(self.waiting), dict(self.answers)
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any], names: Sequence[str]) -> PendingTrade:
        """The inverse of `to_json` (snapshots and determinized worlds)."""

        def vec(d: Mapping[str, int]) -> tuple[int, ...]:
            return tuple(d.get(r, 0) for r in names)

        return cls(
            data["offerer"],
            vec(data["give"]),
            vec(data["get"]),
            tuple(data["to"]),
            list(data["waiting"]),
            {int(s): (vec(a["give"]), vec(a["get"])) for s, a in data["answers"].items()},
        )

    def to_json(self, names: Sequence[str]) -> dict[str, object]:
        return {
            "offerer": self.offerer,
            "give": counts_to_dict(self.give, names),
            "get": counts_to_dict(self.get, names),
            "to": list(self.to),
            "waiting": list(self.waiting),
            "answers": {
                str(seat): {"give": counts_to_dict(g, names), "get": counts_to_dict(t, names)}
                for seat, (g, t) in sorted(self.answers.items())
            },
        }


def counts_to_dict(counts: Sequence[int], names: Sequence[str]) -> dict[str, int]:
    return {names[i]: n for i, n in enumerate(counts) if n}


def bag_to_counts(bag: Bag, index: Mapping[str, int]) -> tuple[int, ...] | str:
    """Counts per resource index, or a message naming an unknown resource."""
    counts = [0] * len(index)
    for name, n in bag:
        i = index.get(name)
        if i is None:
            return f"unknown resource {name!r}; valid: {', '.join(index)}"
        counts[i] += n
    return tuple(counts)


def offer_problem(give: Sequence[int], get: Sequence[int]) -> str | None:
    """The rule an offer's terms break, if any: no gifts, no like-for-like."""
    if not any(give) or not any(get):
        return "a trade needs at least one card on each side (no gifts)"
    if any(g and t for g, t in zip(give, get, strict=True)):
        return "a trade cannot have the same resource on both sides"
    return None


def holds(hand: Sequence[int], counts: Sequence[int]) -> bool:
    return all(h >= c for h, c in zip(hand, counts, strict=True))


def answer_order(offerer: int, addressed: Sequence[int], seats: int) -> list[int]:
    """Addressed seats in table order starting after the offerer."""
    order = [(offerer + k) % seats for k in range(1, seats)]
    chosen = set(addressed)
    return [s for s in order if s in chosen]


class DomesticTrading:
    """The offer → answers → confirm steps, shared by every ruleset with domestic trade.

    A game class mixes this in and supplies its card names and two accessors
    (a seat's hand, and moving cards between two hands), because rulesets
    store hands differently (the base game keeps one flat list for speed),
    and says how the decision moves on through four hooks (`_trade_opened`,
    `_trade_answered`, `_trade_all_answered`, `_trade_closed`): a phase
    field (`PhaseTrading`) or a pending-decision stack. Each ruleset keeps its
    own phase checks, whose wording differs; the terms, the state machine and
    the swap live here once.
    """

    TRADE_NAMES: ClassVar[tuple[str, ...]]
    TRADE_INDEX: ClassVar[Mapping[str, int]]

    config: GameConfig
    current: int
    trade: PendingTrade | None
    offers_this_turn: int
    trade_limit: int

    def seat_hand(self, seat: int) -> Sequence[int]:
        raise NotImplementedError

    def move_cards(self, offerer: int, partner: int, give: Counts, get: Counts) -> None:
        """``offerer`` hands ``give`` to ``partner`` and receives ``get``."""
        raise NotImplementedError

    # -- how the decision moves on ----------------------------------------------------
    def _trade_opened(self) -> None:
        """`self.trade` was just offered: the first of `trade.waiting` answers next."""
        raise NotImplementedError

    def _trade_answered(self, seat: int) -> None:
        """`seat` answered (it has left `trade.waiting`)."""
        raise NotImplementedError

    def _trade_all_answered(self) -> None:
        """Everyone answered and someone accepted or countered: the offerer confirms next."""
        raise NotImplementedError

    def _trade_closed(self) -> None:
        """The trade is over (done, cancelled or nobody took it): back to the main phase."""
        raise NotImplementedError

    # -- checks (after the ruleset's own phase checks) ---------------------------------
    def _terms(self, give_bag: Bag, get_bag: Bag) -> tuple[Counts, Counts] | str:
        give = bag_to_counts(give_bag, self.TRADE_INDEX)
        get = bag_to_counts(get_bag, self.TRADE_INDEX)
        if isinstance(give, str):
            return give
        if isinstance(get, str):
            return get
        return offer_problem(give, get) or (give, get)

    def offer_terms_problem(self, a: OfferTrade) -> str | None:
        if (shape := terms_problem(a)) is not None:  # a bot's own offer: anything may come
            return shape
        terms = self._terms(a.give, a.get)
        if isinstance(terms, str):
            return terms
        if not holds(self.seat_hand(self.current), terms[0]):
            return "you do not hold the cards you offer"
        others = [s for s in range(self.config.seats) if s != self.current]
        if any(s not in others for s in a.to):
            return "offers go to other seats at the table"
        if self.offers_this_turn >= self.trade_limit:
            return f"at most {self.trade_limit} trade offers per turn"
        return None

    def answer_terms_problem(self, a: Action) -> str | None:
        assert self.trade is not None
        seat = self.trade.waiting[0]
        if isinstance(a, AcceptTrade) and not holds(self.seat_hand(seat), self.trade.get):
            return "you do not hold the cards asked for"
        if isinstance(a, CounterTrade):
            if (shape := terms_problem(a)) is not None:
                return shape
            terms = self._terms(a.give, a.get)
            if isinstance(terms, str):
                return terms
            if not holds(self.seat_hand(seat), terms[0]):
                return "you do not hold the cards you offer"
        return None

    def confirm_terms_problem(self, a: Action) -> str | None:
        if isinstance(a, ConfirmTrade):
            assert self.trade is not None
            if a.seat not in self.trade.answers:
                return f"seat {a.seat} did not accept or counter the offer"
            if not self._trade_feasible(a.seat):
                return "one side no longer holds the cards for that trade"
        return None

    def _trade_feasible(self, seat: int) -> bool:
        assert self.trade is not None
        give, get = self.trade.answers[seat]
        return holds(self.seat_hand(self.trade.offerer), give) and holds(self.seat_hand(seat), get)

    # -- applying ------------------------------------------------------------------------
    @applies(OfferTrade)
    def _do_offer(self, a: Action) -> list[Event]:
        assert isinstance(a, OfferTrade)
        terms = self._terms(a.give, a.get)
        assert not isinstance(terms, str)
        n = self.config.seats
        seat = self.current
        to = tuple(sorted(set(a.to))) or tuple(s for s in range(n) if s != seat)
        self.offers_this_turn += 1
        self.trade = PendingTrade(seat, terms[0], terms[1], to, answer_order(seat, to, n))
        self._trade_opened()
        return [Event("trade_offer", {"trade": self.trade.to_json(self.TRADE_NAMES)})]

    @applies(AcceptTrade, DeclineTrade, CounterTrade)
    def _do_answer(self, a: Action) -> list[Event]:
        trade = self.trade
        assert trade is not None
        seat = trade.waiting.pop(0)
        self._trade_answered(seat)
        names = self.TRADE_NAMES
        if isinstance(a, AcceptTrade):
            trade.answers[seat] = (trade.give, trade.get)
            answer: dict[str, Any] = {"seat": seat, "answer": "accept"}
        elif isinstance(a, CounterTrade):
            terms = self._terms(a.give, a.get)
            assert not isinstance(terms, str)
            give, get = terms  # what the answering seat gives and gets
            trade.answers[seat] = (get, give)
            answer = {
                "seat": seat,
                "answer": "counter",
                "give": counts_to_dict(give, names),
                "get": counts_to_dict(get, names),
            }
        else:
            answer = {"seat": seat, "answer": "decline"}
        events = [Event("trade_answer", answer)]
        if not trade.waiting:
            if trade.answers:
                self._trade_all_answered()
            else:
                self.trade = None
                self._trade_closed()
                events.append(Event("trade_closed", {"seat": self.current, "with": None}))
        return events

    @applies(ConfirmTrade, CancelTrade)
    def _do_confirm(self, a: Action) -> list[Event]:
        trade = self.trade
        assert trade is not None
        self.trade = None
        self._trade_closed()
        if isinstance(a, CancelTrade):
            withdrawn: dict[str, Any] = {"seat": self.current, "with": None}
            terms = (trade.give, trade.get)
            answers = sorted(trade.answers.items())
            accepted = [seat for seat, answer in answers if answer == terms]
            countered = [seat for seat, answer in answers if answer != terms]
            if accepted:
                withdrawn["accepted"] = accepted
            if countered:
                withdrawn["countered"] = countered
            return [Event("trade_closed", withdrawn)]
        assert isinstance(a, ConfirmTrade)
        give, get = trade.answers[a.seat]
        self.move_cards(trade.offerer, a.seat, give, get)
        names = self.TRADE_NAMES
        closed = {
            "seat": trade.offerer,
            "with": a.seat,
            "give": counts_to_dict(give, names),
            "get": counts_to_dict(get, names),
        }
        return [Event("trade_closed", closed)]


class PhaseTrading(DomesticTrading):
    """Domestic trade for a game whose pending decision is one `phase` number."""

    PHASE_MAIN: int
    PHASE_RESPONSE: int
    PHASE_CONFIRM: int
    phase: int

    def _trade_opened(self) -> None:
        self.phase = self.PHASE_RESPONSE

    def _trade_answered(self, seat: int) -> None:
        pass

    def _trade_all_answered(self) -> None:
        self.phase = self.PHASE_CONFIRM

    def _trade_closed(self) -> None:
        self.phase = self.PHASE_MAIN
