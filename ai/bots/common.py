"""What the built-in bots share: a determinized world per decision, and trading.

Every built-in bot plans on ``sample_consistent(view, rng)``: a full game its
seat cannot tell from the real one. The per-ruleset module (ai.features)
supplies the evaluation and the rule-based policy, so the bots themselves
never name a ruleset.

Trading is judged with the same evaluation: a trade is worth making (or
accepting) when the position after the swap evaluates better than before,
and the evaluation already discounts what helps the strongest opponent.
A bot accepts any offer that leaves it better off by more than a margin
that grows with the offerer's lead (`accept_margin`), and refuses only a
seat one build from winning. It makes at most ``max_offers`` unasked offers
per turn (one), never repeats terms in a turn, and does not offer again for
``refused_rounds`` rounds (two) terms that everyone turned down, so a person
at a table of bots is neither flooded with offers nor asked the same thing
every turn.
"""

from __future__ import annotations

from types import ModuleType
from typing import ClassVar

from ai.features import features_for, supported
from ai.protocol import BaseBot, EventDict, View
from ai.tracking import CardTracker
from engine.actions import Action, make_bag
from engine.beliefs import Beliefs
from engine.errors import ConfigError
from engine.game import Game
from engine.registry import sample_consistent
from engine.rng import Rng
from engine.shared.actions import (
    AcceptTrade,
    CancelTrade,
    ConfirmTrade,
    CounterTrade,
    DeclineTrade,
    OfferTrade,
)

Counts = tuple[int, ...]


def swap(
    game: Game, feats: ModuleType, offerer: int, partner: int, give: Counts, get: Counts
) -> Game:
    """A copy of ``game`` in which ``offerer`` gave ``give`` to ``partner`` for ``get``."""
    g = game.copy()
    feats.apply_trade(g, offerer, partner, give, get)
    return g


class WorldBot(BaseBot):
    """Base of the built-in bots: a seeded RNG, a world per decision, trade handling."""

    rulesets: ClassVar[frozenset[str]] = supported()
    max_offers: ClassVar[int] = 1
    base_margin: ClassVar[float] = 0.05  # better off by more than this, against an equal
    lead_margin: ClassVar[float] = 0.25  # and this much more per VP the offerer leads by
    counter_margin: ClassVar[float] = 0.5  # a counter must beat the margin by this
    leader_guard: ClassVar[int] = 2  # no trade with a seat this many VP from winning
    refused_rounds: ClassVar[int] = 2  # terms everyone declined are not offered again for this long

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed ^ 0x5EED)
        self._offered: set[tuple[int, Counts, Counts]] = set()
        self._offer_turn = -1
        self._open_offer: tuple[Counts, Counts] | None = None
        self._refused: dict[tuple[Counts, Counts], int] = {}
        """Terms of this bot's offers that every seat declined, and the turn they were made."""

    # -- worlds --------------------------------------------------------------------------
    def features(self, view: View) -> ModuleType:
        return features_for(str(view["ruleset"]))

    def world(self, view: View) -> Game:
        return sample_consistent(view, Rng(self.rng.next64()))

    # -- trading -------------------------------------------------------------------------
    def decide(self, view: View, legal: list[Action]) -> Action:
        self._note_answers(view)
        return super().decide(view, legal)

    def _note_answers(self, view: View) -> None:
        """Whether this bot's open offer was turned down by everyone, told by its next decision.

        Answers that accept or counter bring the offerer to confirm (``trade_confirm``); when
        everyone declines, the offerer's next decision has no offer on the table. Read from
        the view, not from events, so a bot that does not listen to events stays one that
        its host need not tell them (``ai.sandbox``'s ``listens``).
        """
        if self._open_offer is None:
            return
        if view.get("phase") != "trade_confirm" and not view.get("trade"):
            self._refused[self._open_offer] = self._offer_turn
        self._open_offer = None

    def _refused_lately(self, terms: tuple[Counts, Counts], turn: int, seats: int) -> bool:
        made = self._refused.get(terms)
        return made is not None and turn - made < self.refused_rounds * seats

    def _guarded(self, view: View, seat: int) -> bool:
        """True if ``seat`` is too close to winning to be helped by a trade."""
        return bool(self._vp(view, seat) >= int(view.get("vp_to_win", 10)) - self.leader_guard)

    @staticmethod
    def _vp(view: View, seat: int) -> int:
        player = view["players"][seat]
        return int(player.get("public_vp", player.get("vp", 0)) or 0)

    def accept_margin(self, view: View, offerer: int) -> float:
        """How much better off an offer must leave this bot: more the further the offerer leads."""
        lead = self._vp(view, offerer) - self._vp(view, int(view["seat"]))
        return self.base_margin + self.lead_margin * max(0, lead)

    def respond(self, view: View, legal: list[Action], world: Game, feats: ModuleType) -> Action:
        """Accept, counter or decline the pending offer, by evaluation."""
        me = int(view["seat"])
        trade = view["trade"]
        names = feats.RESOURCES
        give = tuple(trade["give"].get(r, 0) for r in names)  # what the offerer gives
        get = tuple(trade["get"].get(r, 0) for r in names)
        offerer = int(trade["offerer"])
        if self._guarded(view, offerer):
            return DeclineTrade()
        base = feats.evaluate(world, me)
        margin = self.accept_margin(view, offerer)
        if any(isinstance(a, AcceptTrade) for a in legal):
            after = feats.evaluate(swap(world, feats, offerer, me, give, get), me)
            if after - base > margin:
                return AcceptTrade()
        # a counter: the card they offer, for one card we can spare
        hand = feats.hand_of(world, me)
        best: tuple[float, Action] | None = None
        for r_get in range(len(names)):
            if not give[r_get]:
                continue
            for r_give in range(len(names)):
                if r_give == r_get or not hand[r_give]:
                    continue
                g = [0] * len(names)
                t = [0] * len(names)
                t[r_get] = 1  # I get
                g[r_give] = 1  # I give
                if tuple(g) == get and tuple(t) == give:
                    continue
                after = feats.evaluate(swap(world, feats, offerer, me, tuple(t), tuple(g)), me)
                gain = after - base
                if gain > margin + self.counter_margin and (best is None or gain > best[0]):
                    counter = CounterTrade(
                        make_bag({names[r_give]: 1}), make_bag({names[r_get]: 1})
                    )
                    best = (gain, counter)
        if best is not None:
            return best[1]
        return DeclineTrade()

    def confirm(self, view: View, legal: list[Action], world: Game, feats: ModuleType) -> Action:
        """Close the deal that helps most, or cancel if none helps."""
        me = int(view["seat"])
        names = feats.RESOURCES
        base = feats.evaluate(world, me)
        best: tuple[float, Action] = (0.3, CancelTrade())
        for a in legal:
            if not isinstance(a, ConfirmTrade):
                continue
            terms = view["trade"]["answers"][str(a.seat)]
            give = tuple(terms["give"].get(r, 0) for r in names)
            get = tuple(terms["get"].get(r, 0) for r in names)
            gain = feats.evaluate(swap(world, feats, me, a.seat, give, get), me) - base
            if gain > best[0]:
                best = (gain, a)
        return best[1]

    def propose(
        self, view: View, legal: list[Action], world: Game, feats: ModuleType, threshold: float
    ) -> Action | None:
        """An offer to everyone if one is clearly worth it; None otherwise."""
        if not any(isinstance(a, OfferTrade) for a in legal):
            return None
        turn = int(view.get("turn", 0))
        if turn != self._offer_turn:
            self._offer_turn = turn
            self._offered.clear()
        if view.get("offers_this_turn", 0) >= self.max_offers:
            return None
        me = int(view["seat"])
        partners = [
            p for p in range(int(view["num_seats"])) if p != me and not self._guarded(view, p)
        ]
        if not partners or all(view["players"][p]["resource_count"] == 0 for p in partners):
            return None
        names = feats.RESOURCES
        base = feats.evaluate(world, me)
        best: tuple[float, Counts, Counts] | None = None
        seats = int(view["num_seats"])
        for give, get in feats.trade_terms(world, me):
            if (turn, give, get) in self._offered or self._refused_lately((give, get), turn, seats):
                continue
            partner = partners[0]
            gain = feats.evaluate(swap(world, feats, me, partner, give, get), me) - base
            if gain > threshold and (best is None or gain > best[0]):
                best = (gain, give, get)
        if best is None:
            return None
        _, give, get = best
        self._offered.add((turn, give, get))
        self._open_offer = (give, get)
        to = tuple(partners) if len(partners) < int(view["num_seats"]) - 1 else ()
        return OfferTrade(
            make_bag({names[r]: n for r, n in enumerate(give) if n}),
            make_bag({names[r]: n for r, n in enumerate(get) if n}),
            to,
        )


class CountingBot(WorldBot):
    """A `WorldBot` that counts cards: its worlds deal other hands from what it saw.

    It keeps an `ai.tracking.CardTracker` fed by ``on_events`` and samples
    with its beliefs (every built-in ruleset has a tracker); in a ruleset
    without ``HAND_CARDS``/``PRICES`` or when it joined without
    ``on_game_start``, it samples uniformly.
    """

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.tracker: CardTracker | None = None

    def on_game_start(self, seat: int, view: View) -> None:
        super().on_game_start(seat, view)
        try:
            self.tracker = CardTracker.for_view(view)
        except ConfigError:
            self.tracker = None

    def on_events(self, events: list[EventDict]) -> None:
        if self.tracker is not None:
            self.tracker.feed(events)

    def beliefs(self, view: View) -> Beliefs | None:
        """The tracker's beliefs, reconciled with ``view`` (None without a tracker)."""
        if self.tracker is None or self.tracker.seat != view.get("seat"):
            return None
        self.tracker.observe(view)
        return self.tracker.beliefs()

    def world(self, view: View) -> Game:
        return sample_consistent(view, Rng(self.rng.next64()), self.beliefs(view))
