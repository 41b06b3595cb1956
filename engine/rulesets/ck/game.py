"""Cities & Knights (rules/cities-and-knights.md; seed 004 where they differ): the base game plus.

Each rule lives in its own module, a mixin over `CKCore` (core.py: the state,
prices, events and shared queries):

- setup.py: the second setup building is a city;
- roll.py: three dice; the event die's step (barbarians.py's ship and attack,
  a gate's progress cards) then production or the 7 with the delayed robber;
- progress_draws.py: drawing progress cards and the hand limit of 4;
- walls.py, knights.py, improvements.py (with metropolises), trading.py (rates);
- progress cards are data (`cards.PROGRESS_TABLE`) played by one interpreter
  (`engine.rulesets.ck.progress`).

`CKGame` joins them: the main phase's listing, the turn's end, the progress
cards' dispatch, positions and views.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

from engine.actions import Action, ActionCodec
from engine.events import Event
from engine.rng import Rng
from engine.rulesets.base.actions import (
    BuildCity,
    BuildRoad,
    BuyDevelopment,
    PlayKnight,
    PlayMonopoly,
    PlayRoadBuilding,
    PlayYearOfPlenty,
)
from engine.rulesets.base.board import RESOURCES
from engine.rulesets.base.decisions import MAIN, PRE_ROLL, Decision
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck import progress
from engine.rulesets.ck.actions import (
    CARD_ACTIONS,
    CODEC,
    BuildKnight,
    BuildWall,
    DiscardProgress,
    Pass,
    PlayProgress,
)
from engine.rulesets.ck.cards import (
    ALCHEMIST,
    BARBARIAN_TRACK,
    DECK_OF,
    KNIGHTS_PER_STRENGTH,
    MAX_LEVEL,
    METROPOLIS_LEVEL,
    PROGRESS,
    TRACK_NAMES,
    VP_CARDS,
)
from engine.rulesets.ck.improvements import CKImprovements
from engine.rulesets.ck.knights import CKKnights
from engine.rulesets.ck.roll import CKRoll
from engine.rulesets.ck.setup import CKSetup
from engine.rulesets.ck.walls import CKWalls
from engine.shared.actions import EndTurn
from engine.shared.dispatch import applies, checks, lists

if TYPE_CHECKING:
    from engine.beliefs import Beliefs
    from engine.position import Position
    from engine.rulesets.ck.view_types import CKView

_N_RES = len(RESOURCES)
_CARD_ACTIONS = (*CARD_ACTIONS, Pass)
_CARD_DECISIONS = (
    ck.ALCHEMIST,
    ck.NAME_CARD,
    ck.CHOOSE_SEAT,
    ck.MERCHANT_TAKE,
    ck.SPY_TAKE,
    ck.HARBOR_ANSWER,
    ck.GIFT,
    ck.MERCHANT_PLACE,
    ck.DESERTER_REMOVE,
    ck.DESERTER_PLACE,
    ck.DIPLOMAT_REMOVE,
    ck.DIPLOMAT_ROAD,
    ck.INTRIGUE,
    ck.ENGINEER,
    ck.INVENTOR,
    ck.MEDICINE,
    ck.SMITH,
)


class CKGame(CKRoll, CKKnights, CKWalls, CKImprovements, CKSetup):
    codec: ClassVar[ActionCodec] = CODEC
    ruleset_name: ClassVar[str] = "ck"
    SELLS_DEVELOPMENT: ClassVar[bool] = False
    EXPECTED_MORE: ClassVar[tuple[str, ...]] = ("build_wall", "build_knight", "play_progress")

    def representative_build(self, what: str, seat: int) -> Action | None:
        """A wall under a city of `seat`'s without one; a knight on its first knight spot."""
        if what == "build_wall":
            open_cities = [v for v in self.cities_of(seat) if not self.walls[v]]
            return BuildWall(open_cities[0]) if open_cities else None
        if what == "build_knight":
            spots = self.knight_spots(seat)
            return BuildKnight(spots[0]) if spots else None
        return None

    def representatives(self, what: str, seat: int) -> list[tuple[str, Action]]:
        """Each progress card `seat` holds, as `play_progress:<card>`: when none may be played,
        each says why ("Warlord needs one of your knights inactive"), as a key pressed asks."""
        if what != "play_progress":
            return super().representatives(what, seat)
        k = self.DEV_STRIDE
        held = self.dev_hands[seat * k : seat * k + k]
        names = PROGRESS.names
        return [
            (f"{what}:{names[c]}", PlayProgress(names[c]))
            for c in range(k)
            if held[c] and c not in VP_CARDS  # a VP card is shown, never played
        ]

    @lists(ck.PROGRESS_LIMIT)
    def _list_progress_limit(self, d: Decision) -> list[Action]:
        k = self.DEV_STRIDE
        held = self.dev_hands[d.seat * k : d.seat * k + k]
        out: list[Action] = [DiscardProgress(PROGRESS.names[c]) for c in range(k) if held[c]]
        if d.seat == self.current and self.dice is not None:
            out.extend(progress.plays(self, d.seat))
        return out

    def rebuild_derived(self) -> None:
        super().rebuild_derived()
        self._rebuild_ck()

    def _rebuild_ck(self) -> None:
        n = self.config.seats
        for v in range(len(self.blockers)):
            self._block(v)
        left = [KNIGHTS_PER_STRENGTH] * (3 * n)
        for v, p in enumerate(self.knight_owner):
            if p >= 0:
                left[p * 3 + self.knight_level[v] - 1] -= 1
        for kind, p, data in self.pending:
            if kind == ck.DISPLACED:  # a displaced knight waits off the board
                left[p * 3 + data[0] - 1] -= 1
        self.knights_left = left
        for p in range(n):
            self._recount_settlements(p)
            self._refresh_rates(p)

    @applies(EndTurn)
    def _do_end(self, a: Action) -> list[Event]:
        seat = self.current
        events = super()._do_end(a)
        if any(self.knight_flags):
            self.knight_flags = [0] * len(self.knight_flags)
        self.crane = False
        self.harbor_open = False
        self.harbor_used = ()
        if self.fleet >= 0:
            self.fleet = -1
            self._refresh_rates(seat)
        return events

    def _dev_plays(self, seat: int) -> list[Action]:
        return []

    @checks(BuyDevelopment, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
    def _check_no_development(self, a: Action) -> str | None:
        return "Cities & Knights has no development cards (progress cards replace them)"

    @applies(BuyDevelopment, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly)
    def _do_no_development(self, a: Action) -> list[Event]:
        raise AssertionError("refused by its check")

    @lists(PRE_ROLL)
    def _list_pre_roll(self, d: Decision) -> list[Action]:
        out = super()._list_pre_roll(d)
        if self.dev_hands[d.seat * self.DEV_STRIDE + ALCHEMIST]:
            out.extend(progress.plays(self, d.seat))
        return out

    @lists(MAIN)
    def main_actions(self, d: Decision) -> list[Action]:
        out = super().main_actions(d)
        end = out.pop()
        seat = d[1]
        k = self.HAND_STRIDE
        hand = self.hands[seat * k : seat * k + k]
        wall, knight, activate = self._PAYS_CK(hand)
        # Cheap tests first: a wall needs a city on the board, an improvement a commodity
        # (or a Crane's discount of a level-0 track).
        if wall and self.cities_left[seat] < self.PIECES["cities"] and self.walls_left(seat) > 0:
            out.extend(self.wall_actions(seat))
        if knight and self.knights_left[seat * 3] > 0:
            out.extend(self.knight_builds(seat))
        left = self.knights_left
        out_count = 6 - left[seat * 3] - left[seat * 3 + 1] - left[seat * 3 + 2]
        if out_count > 0:
            out.extend(self._knight_actions(seat, out_count, knight, activate))
        if self.crane or any(hand[_N_RES:]):
            out.extend(self._improvements(seat, hand))
        k_dev = self.DEV_STRIDE
        if any(self.dev_hands[seat * k_dev : seat * k_dev + k_dev]):
            out.extend(progress.plays(self, seat))
        if self.harbor_open:
            out.extend(progress.harbor_exchanges(self, seat))
        out.append(end)
        return out

    @checks(BuildRoad)
    def _check_road(self, a: Action) -> str | None:
        assert isinstance(a, BuildRoad)
        if self.phase == ck.DIPLOMAT_ROAD:
            if a.edge == self.pending[-1].data:
                return "placing the road back where it was has no effect"
            if a.edge not in self._road_edges(self.current):
                return f"edge {a.edge} is not connected to your roads or buildings"
            return None
        return super()._check_road(a)

    @applies(BuildRoad)
    def _do_road(self, a: Action) -> list[Event]:
        diplomat = self.phase == ck.DIPLOMAT_ROAD
        events = super()._do_road(a)
        if diplomat:
            self._pop()
        return events

    @checks(BuildCity)
    def _check_city(self, a: Action) -> str | None:
        assert isinstance(a, BuildCity)
        if self.phase != ck.MEDICINE:
            return super()._check_city(a)
        v = a.vertex
        if not 0 <= v < len(self.vertex_owner) or (
            self.vertex_owner[v] != self.current or self.vertex_level[v] != 1
        ):
            return f"a city must replace one of your settlements; vertex {v} has none"
        return None

    @applies(BuildCity)
    def _do_city(self, a: Action) -> list[Event]:
        seat = self.current
        medicine = self.phase == ck.MEDICINE
        events = super()._do_city(a)
        if medicine:
            # Medicine's price is the city's less this refund (2 ore + 1 grain in all).
            base = seat * self.HAND_STRIDE
            for r, n in enumerate(self._MEDICINE_REFUND):
                self.hands[base + r] += n
                self.bank[r] -= n
            self._pop()
        self._recount_settlements(seat)
        return events

    @checks(*_CARD_ACTIONS)
    def _check_card(self, a: Action) -> str | None:
        return progress.check(self, a)

    @applies(*_CARD_ACTIONS)
    def _do_card(self, a: Action) -> list[Event]:
        return progress.apply(self, a)

    @lists(*_CARD_DECISIONS)
    def _list_card(self, d: Decision) -> list[Action]:
        return progress.options(self, d.kind, d.seat, d.data)

    @lists(ck.STEP)
    def _list_step(self, d: Decision) -> list[Action]:
        return []  # run by `_resume` before anyone is asked

    def check_position(self) -> None:
        from engine.position import PositionError

        counts = list(self.dev_deck)
        if self.progress_decks is None:
            self.progress_decks = self._shuffled_decks(counts, self.rng)
        else:
            held = [0] * self.DEV_STRIDE
            for deck_id, deck in enumerate(self.progress_decks):
                for c in deck:
                    held[c] += 1
                    if DECK_OF[c] != deck_id:
                        raise PositionError(
                            f"{PROGRESS.names[c]} is not a {TRACK_NAMES[deck_id]} card"
                        )
            if held != counts:
                raise PositionError(
                    "the progress decks do not hold the cards left outside the hands"
                )
        n = self.config.seats
        k = self.DEV_STRIDE
        for p in range(n):
            for c in VP_CARDS:
                if self.dev_hands[p * k + c]:
                    raise PositionError(
                        f"seat {p} holds {PROGRESS.names[c]} hidden; it is revealed at once"
                    )
        self.dev_deck = [0] * k
        self._check_ck_pieces()
        for v, p in enumerate(self.knight_owner):
            if p >= 0 and (self.vertex_owner[v] >= 0 or not 1 <= self.knight_level[v] <= 3):
                raise PositionError(
                    f"the knight on vertex {v} shares it with a building or has no strength"
                )
        self._rebuild_ck()
        if min(self.knights_left) < 0:
            raise PositionError("a seat has more knights of one strength than its 2")
        self.road_length = [self._trail(p) for p in range(n)]
        self.longest_holder = -1
        self._update_longest()
        self.vp_public = [self.public_vp_of(p) for p in range(n)]

    def _check_ck_pieces(self) -> None:
        """Levels, metropolises, walls, the barbarians and the stack as the rules can leave them."""
        from engine.position import PositionError

        if self.pending and self.pending[-1].kind == ck.STEP:
            raise PositionError("a ck_step entry waits under decisions; it is never on top")
        if not 0 <= self.barbarian < BARBARIAN_TRACK:
            raise PositionError(f"the barbarians are at {self.barbarian}; the track is 0 to 6")
        if not all(0 <= lvl <= MAX_LEVEL for lvl in self.levels):
            raise PositionError("an improvement level is outside 0 to 5")
        for t, v in enumerate(self.metropolis):
            if v < 0:
                continue
            owner = self.vertex_owner[v] if 0 <= v < len(self.vertex_owner) else -1
            if owner < 0 or self.vertex_level[v] != 2:
                raise PositionError(f"the {TRACK_NAMES[t]} metropolis on vertex {v} has no city")
            if self.level(owner, t) < METROPOLIS_LEVEL:
                raise PositionError(
                    f"seat {owner} holds the {TRACK_NAMES[t]} metropolis below level 4"
                )
        if len({v for v in self.metropolis if v >= 0}) < sum(1 for v in self.metropolis if v >= 0):
            raise PositionError("two metropolises share one city")
        for v, wall in enumerate(self.walls):
            if wall and self.vertex_level[v] != 2:
                raise PositionError(f"the wall on vertex {v} stands under no city")
        for p in range(self.config.seats):
            if self.walls_left(p) < 0:
                raise PositionError(f"seat {p} has more than 3 city walls")
        if (self.merchant_hex < 0) != (self.merchant_owner < 0):
            raise PositionError("the merchant needs both a hex and a controlling seat")

    def position(self) -> Position:
        pos = super().position()
        counts = [0] * self.DEV_STRIDE
        for deck in self.progress_decks or ():
            for c in deck:
                counts[c] += 1
        pos.deck = PROGRESS.to_dict(counts)
        return pos

    def view(self, seat: int | None) -> CKView:  # type: ignore[override]
        from engine.rulesets.ck.view import build_ck_view

        return build_ck_view(self, seat, super().view(seat))

    @classmethod
    def sample_consistent(
        cls, view: dict[str, Any], rng: Rng, beliefs: Beliefs | None = None
    ) -> Self:
        from engine.rulesets.ck.view import resample_progress

        game = super().sample_consistent(view, rng, beliefs)
        resample_progress(game, view, rng)
        return game
