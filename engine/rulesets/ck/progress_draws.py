"""Progress cards in hand (§12): drawing from the three decks, VP cards revealed at once,
the hand limit of 4 and its discards, and a tied defender's draw.
"""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.decisions import Decision
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import DiscardProgress, DrawProgress
from engine.rulesets.ck.cards import (
    DECK_OF,
    PROGRESS,
    PROGRESS_LIMIT,
    TRACK_NAMES,
    VP_CARDS,
)
from engine.rulesets.ck.core import CKCore
from engine.shared.dispatch import applies, checks, lists


class CKProgressDraws(CKCore):
    def _draw_progress(self, seat: int, deck: int) -> list[Event]:
        decks = self.progress_decks
        assert decks is not None
        if not decks[deck]:
            return []
        card, rest = decks[deck][0], decks[deck][1:]
        self.progress_decks = tuple(rest if i == deck else d for i, d in enumerate(decks))
        i = seat * self.DEV_STRIDE + card
        name = PROGRESS.names[card]
        deck_name = TRACK_NAMES[deck]
        if card in VP_CARDS:
            self.dev_played[i] += 1
            self.vp_public[seat] += 1
            return [Event("progress_revealed", {"seat": seat, "card": name})]
        self.dev_hands[i] += 1
        events = [
            Event(
                "progress_drawn",
                {"seat": seat, "deck": deck_name},
                secret={"card": name},
                audience=frozenset((seat,)),
            )
        ]
        if self.progress_count(seat) > PROGRESS_LIMIT:
            self._push(ck.PROGRESS_LIMIT, seat)
        return events

    def return_progress(self, seat: int, card: int) -> None:
        """A card leaves `seat`'s hand for the bottom of its deck (played or discarded)."""
        self.dev_hands[seat * self.DEV_STRIDE + card] -= 1
        decks = self.progress_decks
        assert decks is not None
        deck = DECK_OF[card]
        self.progress_decks = tuple((*d, card) if i == deck else d for i, d in enumerate(decks))

    @checks(DiscardProgress)
    def _check_discard_progress(self, a: Action) -> str | None:
        assert isinstance(a, DiscardProgress)
        if (problem := self._phase_is(ck.PROGRESS_LIMIT)) is not None:
            return problem
        card = PROGRESS.index.get(a.card)
        if card is None:
            return f"unknown progress card {a.card!r}"
        seat = self.pending[-1].seat
        if not self.dev_hands[seat * self.DEV_STRIDE + card]:
            return f"you hold no {a.card} card"
        return None

    @applies(DiscardProgress)
    def _do_discard_progress(self, a: Action) -> list[Event]:
        assert isinstance(a, DiscardProgress)
        seat = self._pop().seat
        card = PROGRESS.index[a.card]
        self.return_progress(seat, card)
        return [
            Event(
                "progress_discarded",
                {"seat": seat, "deck": TRACK_NAMES[DECK_OF[card]]},
                secret={"card": a.card},
                audience=frozenset((seat,)),
            )
        ]

    @lists(ck.DEFENDER_DRAW)
    def _list_defender_draw(self, d: Decision) -> list[Action]:
        return [DrawProgress(TRACK_NAMES[i]) for i in range(3) if self.deck_sizes()[i]]

    @checks(DrawProgress)
    def _check_draw(self, a: Action) -> str | None:
        assert isinstance(a, DrawProgress)
        if (problem := self._phase_is(ck.DEFENDER_DRAW)) is not None:
            return problem
        if a.deck not in TRACK_NAMES:
            return f"unknown deck {a.deck!r}; valid: {', '.join(TRACK_NAMES)}"
        if not self.deck_sizes()[TRACK_NAMES.index(a.deck)]:
            return f"the {a.deck} deck is empty"
        return None

    @applies(DrawProgress)
    def _do_draw(self, a: Action) -> list[Event]:
        assert isinstance(a, DrawProgress)
        seat = self._pop().seat
        return self._draw_progress(seat, TRACK_NAMES.index(a.deck))
