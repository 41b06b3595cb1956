"""The progress cards' interpreter (rules/cities-and-knights.md §12).

The 54 cards are data (`cards.PROGRESS_TABLE`); this module is the one place
that knows what each does. A card's rule is a pair: `why_not(game, seat)`,
the reason it would do nothing now (judged from public information only, so
refusing a card reveals no hidden hand), and `effect(game, seat)`, which
changes the state or pushes the decisions its choices need, each an entry
with its seat on the pending stack. The choices' actions are listed
(`options`), checked (`check`) and applied (`apply`) here too; `CKGame`
dispatches to these three.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import compress
from typing import TYPE_CHECKING

from engine.actions import Action
from engine.events import Event
from engine.rulesets.base.actions import BuildCity, BuildRoad
from engine.rulesets.base.board import RESOURCES
from engine.rulesets.base.decisions import DISCARD, MAIN, MOVE_ROBBER, PRE_ROLL, ROAD_BUILDING
from engine.rulesets.ck import decisions as ck
from engine.rulesets.ck.actions import (
    BuildWall,
    ChooseSeat,
    GiveCard,
    HarborExchange,
    NameCard,
    Pass,
    PlaceKnight,
    PlaceMerchant,
    PlayProgress,
    PromoteKnight,
    RemoveKnight,
    RemoveRoad,
    SetDice,
    SwapNumbers,
    TakeCard,
    TakeProgress,
    TargetKnight,
)
from engine.rulesets.ck.cards import ALCHEMIST, COMMODITIES, HAND, PROGRESS, VP_CARDS
from engine.shared.actions import Roll

if TYPE_CHECKING:
    from engine.rulesets.ck.game import CKGame

WhyNot = Callable[["CKGame", int], str | None]
Effect = Callable[["CKGame", int], list[Event]]

FIXED_NUMBERS = frozenset((0, 2, 12, 6, 8))
"""Number tokens Inventor may not move (0: no token)."""
_N_RES = len(RESOURCES)
_FARM, _MINE = RESOURCES.index("grain"), RESOURCES.index("ore")


# -- who and what a card may touch -------------------------------------------------------
def opponents(game: CKGame, seat: int) -> list[int]:
    n = game.config.seats
    return [(seat + k) % n for k in range(1, n)]


def richer(game: CKGame, seat: int) -> list[int]:
    return [p for p in opponents(game, seat) if game.vp_public[p] > game.vp_public[seat]]


def hand_size(game: CKGame, seat: int) -> int:
    k = game.HAND_STRIDE
    return sum(game.hands[seat * k : seat * k + k])


def knights_of(game: CKGame, seat: int) -> list[int]:
    return [v for v, p in enumerate(game.knight_owner) if p == seat]


def touches(game: CKGame, seat: int, resource: int) -> bool:
    """Whether one of `seat`'s buildings touches a hex of `resource` (`adjacent_of`, short)."""
    land = game.board.grid.vertex_land
    kind = game.board.resource
    return any(kind[h] == resource for v in game.buildings[seat] for h in land[v])


def _is_open(game: CKGame, e: int) -> bool:
    """Whether road `e` has an end where its owner has no other piece (road, building, knight)."""
    grid = game.board.grid
    edge_owner = game.edge_owner
    p = edge_owner[e]
    for u in grid.edge_vertices[e]:
        if game.vertex_owner[u] == p or game.knight_owner[u] == p:
            continue
        if any(f != e and edge_owner[f] == p for f in grid.vertex_edges[u]):
            continue
        return True
    return False


def open_roads(game: CKGame) -> list[int]:
    """Roads with an end where their owner has no other piece (road, building, knight)."""
    return [e for e in sorted(e for roads in game.roads for e in roads) if _is_open(game, e)]


def intrigue_targets(game: CKGame, seat: int) -> list[int]:
    grid = game.board.grid
    touching = {v for e in game.roads[seat] for v in grid.edge_vertices[e]}
    owner = game.knight_owner
    return sorted(v for v in touching if owner[v] >= 0 and owner[v] != seat)


def merchant_hexes(game: CKGame, seat: int) -> list[int]:
    land = game.board.grid.vertex_land
    return sorted({h for v in game.buildings[seat] for h in land[v]})


def inventor_hexes(game: CKGame) -> list[int]:
    number = game.board.number
    return [h for h in range(len(game.board.grid.land)) if number[h] not in FIXED_NUMBERS]


def adjacent_of(game: CKGame, seat: int, resource: int) -> list[int]:
    board = game.board
    land = board.grid.vertex_land
    return sorted(
        {h for v in game.buildings[seat] for h in land[v] if board.resource[h] == resource}
    )


def wall_spots(game: CKGame, seat: int) -> list[int]:
    if game.walls_left(seat) <= 0:
        return []
    return [v for v in game.cities_of(seat) if not game.walls[v]]


# -- why a card would do nothing ----------------------------------------------------------
def _always(game: CKGame, seat: int) -> str | None:
    return None


def _master_merchant(game: CKGame, seat: int) -> str | None:
    return None if richer(game, seat) else "Master Merchant needs an opponent with more VP"


def _bishop(game: CKGame, seat: int) -> str | None:
    return game.robber_problem()


def _deserter(game: CKGame, seat: int) -> str | None:
    owner = game.knight_owner
    if any(p in owner for p in opponents(game, seat)):
        return None
    return "Deserter needs an opponent with a knight on the board"


def _diplomat(game: CKGame, seat: int) -> str | None:
    if any(_is_open(game, e) for roads in game.roads for e in roads):
        return None
    return "there is no open road to remove"


def _intrigue(game: CKGame, seat: int) -> str | None:
    if intrigue_targets(game, seat):
        return None
    return "Intrigue needs a rival knight on a vertex touching your roads"


def _saboteur(game: CKGame, seat: int) -> str | None:
    mine = game.vp_public[seat]
    if any(game.vp_public[p] >= mine and hand_size(game, p) >= 2 for p in opponents(game, seat)):
        return None
    return "no opponent with as many VP or more holds 2 cards or more"


def _spy(game: CKGame, seat: int) -> str | None:
    if any(game.progress_count(p) for p in opponents(game, seat)):
        return None
    return "Spy needs an opponent holding progress cards"


def _warlord(game: CKGame, seat: int) -> str | None:
    active = game.knight_active
    owner = game.knight_owner
    if any(p == seat and not active[v] for v, p in enumerate(owner)):
        return None
    return "Warlord needs one of your knights inactive"


def _wedding(game: CKGame, seat: int) -> str | None:
    if any(hand_size(game, p) for p in richer(game, seat)):
        return None
    return "Wedding needs an opponent with more VP holding cards"


def _alchemist(game: CKGame, seat: int) -> str | None:
    return None if game.phase == PRE_ROLL else "Alchemist is played only before the roll"


def _crane(game: CKGame, seat: int) -> str | None:
    if game.crane:
        return "a Crane's discount of this turn is still unused (two do not combine)"
    if all(game.improvement_problem(seat, t) is not None for t in range(3)):
        return "Crane needs a city improvement you could buy"
    return None


def _engineer(game: CKGame, seat: int) -> str | None:
    level, walls = game.vertex_level, game.walls
    if game.walls_left(seat) > 0 and any(
        level[v] == 2 and not walls[v] for v in game.buildings[seat]
    ):
        return None
    return "Engineer needs a city of yours without a wall"


def _inventor(game: CKGame, seat: int) -> str | None:
    number = game.board.number
    movable = sum(1 for h in range(len(game.board.grid.land)) if number[h] not in FIXED_NUMBERS)
    return None if movable >= 2 else "no two number tokens may be swapped"


def _irrigation(game: CKGame, seat: int) -> str | None:
    return None if touches(game, seat, _FARM) else "Irrigation needs fields next to you"


def _mining(game: CKGame, seat: int) -> str | None:
    return None if touches(game, seat, _MINE) else "Mining needs mountains next to you"


def _medicine(game: CKGame, seat: int) -> str | None:
    if not any(game.vertex_level[v] == 1 for v in game.buildings[seat]):
        return "Medicine needs a settlement to upgrade"
    if not game.cities_left[seat]:
        return "no cities left in your supply"
    if not game.can_pay(seat, game.COST["medicine"]):
        return f"Medicine's city costs {game.price_text('medicine')}"
    return None


def _road_building(game: CKGame, seat: int) -> str | None:
    if game.roads_left[seat] and game.has_road_edge(seat):
        return None
    return "Road Building needs a road in your supply and a place to build it"


def _smith(game: CKGame, seat: int) -> str | None:
    owner = game.knight_owner
    v = -1
    while True:  # `seat`'s knights in vertex order, to the first promotable
        try:
            v = owner.index(seat, v + 1)
        except ValueError:
            return "Smith needs a knight you could promote"
        if game.promotable(seat, v) is None:
            return None


# -- what a card does ------------------------------------------------------------------------
def _push(kind: str, data: object = None) -> Effect:
    def effect(game: CKGame, seat: int) -> list[Event]:
        game._push(kind, seat, data)
        return []

    return effect


def _choose(card: str, candidates: Callable[[CKGame, int], list[int]]) -> Effect:
    def effect(game: CKGame, seat: int) -> list[Event]:
        game._push(ck.CHOOSE_SEAT, seat, (PROGRESS.index[card], *candidates(game, seat)))
        return []

    return effect


def _open_harbor(game: CKGame, seat: int) -> list[Event]:
    game.harbor_open = True
    return []


def _sabotage(game: CKGame, seat: int) -> list[Event]:
    mine = game.vp_public[seat]
    owed = {}
    for p in reversed(opponents(game, seat)):
        half = hand_size(game, p) // 2
        if game.vp_public[p] >= mine and half:
            game._push(DISCARD, p, half)
            owed[str(p)] = half
    return [Event("must_discard", {"owed": owed})]


def _warlord_effect(game: CKGame, seat: int) -> list[Event]:
    for v in knights_of(game, seat):
        game.wake(v)
    return []


def _wedding_effect(game: CKGame, seat: int) -> list[Event]:
    for p in reversed(richer(game, seat)):
        gifts = min(2, hand_size(game, p))
        if gifts:
            game._push(ck.GIFT, p, gifts)
    return []


def _crane_effect(game: CKGame, seat: int) -> list[Event]:
    game.crane = True
    return []


def _harvest(resource: int) -> Effect:
    def effect(game: CKGame, seat: int) -> list[Event]:
        want = 2 * len(adjacent_of(game, seat, resource))
        got = min(want, game.bank[resource])
        game.bank[resource] -= got
        game.hands[seat * game.HAND_STRIDE + resource] += got
        return [Event("free_cards", {"seat": seat, "cards": {RESOURCES[resource]: got}})]

    return effect


def _bishop_effect(game: CKGame, seat: int) -> list[Event]:
    game._push(MOVE_ROBBER, seat, ck.BISHOP_ROBBER)
    return []


def _road_building_effect(game: CKGame, seat: int) -> list[Event]:
    game._push(ROAD_BUILDING, seat, min(2, game.roads_left[seat]))
    return []


def _no_play(game: CKGame, seat: int) -> list[Event]:
    raise AssertionError("a VP card is revealed, never played")


def _vp_card(game: CKGame, seat: int) -> str | None:
    return "a VP card is revealed when drawn, not played"


RULES: dict[str, tuple[WhyNot, Effect]] = {
    "commercial_harbor": (_always, _open_harbor),
    "master_merchant": (_master_merchant, _choose("master_merchant", richer)),
    "merchant": (_always, _push(ck.MERCHANT_PLACE)),
    "merchant_fleet": (_always, _push(ck.NAME_CARD, PROGRESS.index["merchant_fleet"])),
    "resource_monopoly": (_always, _push(ck.NAME_CARD, PROGRESS.index["resource_monopoly"])),
    "trade_monopoly": (_always, _push(ck.NAME_CARD, PROGRESS.index["trade_monopoly"])),
    "bishop": (_bishop, _bishop_effect),
    "constitution": (_vp_card, _no_play),
    "deserter": (
        _deserter,
        _choose("deserter", lambda g, s: [p for p in opponents(g, s) if knights_of(g, p)]),
    ),
    "diplomat": (_diplomat, _push(ck.DIPLOMAT_REMOVE)),
    "intrigue": (_intrigue, _push(ck.INTRIGUE)),
    "saboteur": (_saboteur, _sabotage),
    "spy": (_spy, _choose("spy", lambda g, s: [p for p in opponents(g, s) if g.progress_count(p)])),
    "warlord": (_warlord, _warlord_effect),
    "wedding": (_wedding, _wedding_effect),
    "alchemist": (_alchemist, _push(ck.ALCHEMIST)),
    "crane": (_crane, _crane_effect),
    "engineer": (_engineer, _push(ck.ENGINEER)),
    "inventor": (_inventor, _push(ck.INVENTOR)),
    "irrigation": (_irrigation, _harvest(_FARM)),
    "medicine": (_medicine, _push(ck.MEDICINE)),
    "mining": (_mining, _harvest(_MINE)),
    "printer": (_vp_card, _no_play),
    "road_building": (_road_building, _road_building_effect),
    "smith": (_smith, _push(ck.SMITH, 2)),
}
assert set(RULES) == set(PROGRESS.names)
_PLAY = tuple(PlayProgress(name) for name in PROGRESS.names)
_WHY_NOT = tuple(RULES[name][0] for name in PROGRESS.names)
_EFFECT = tuple(RULES[name][1] for name in PROGRESS.names)


# -- playing ---------------------------------------------------------------------------------
def plays(game: CKGame, seat: int) -> list[Action]:
    """The progress cards `seat` may play now."""
    k = game.DEV_STRIDE
    held = game.dev_hands[seat * k : seat * k + k]
    before_roll = game.phase == PRE_ROLL
    out: list[Action] = []
    for c in compress(range(k), held):  # the few cards held, in card order
        if (c == ALCHEMIST) == before_roll and _WHY_NOT[c](game, seat) is None:
            out.append(_PLAY[c])
    return out


def check_play(game: CKGame, a: PlayProgress) -> str | None:
    card = PROGRESS.index.get(a.card)
    if card is None:
        return f"unknown progress card {a.card!r}"
    seat = game.current
    top = game.pending[-1] if game.pending else None
    if top is None or top.seat != seat:
        return "progress cards are played only on your own turn"
    if card in VP_CARDS:
        return "a VP card is revealed when drawn, not played"
    if top.kind == PRE_ROLL:
        if card != ALCHEMIST:
            return "before the roll only Alchemist may be played"
    elif card == ALCHEMIST:
        return "Alchemist is played only before the roll"
    elif top.kind not in (MAIN, ck.PROGRESS_LIMIT):
        return game._phase_is(MAIN)
    if not game.dev_hands[seat * game.DEV_STRIDE + card]:
        return f"you hold no {a.card} card"
    return _WHY_NOT[card](game, seat)


def play(game: CKGame, a: PlayProgress) -> list[Event]:
    seat = game.current
    card = PROGRESS.index[a.card]
    game.return_progress(seat, card)
    events = [Event("progress_played", {"seat": seat, "card": a.card})]
    events.extend(_EFFECT[card](game, seat))
    return events


# -- the choices: listed ---------------------------------------------------------------------
def options(game: CKGame, kind: str, seat: int, data: object) -> list[Action]:
    """The actions answering a progress card's decision of `kind` on top of the stack."""
    k = game.HAND_STRIDE
    if kind == ck.ALCHEMIST:
        return [SetDice(r, y) for r in range(1, 7) for y in range(1, 7)]
    if kind == ck.NAME_CARD:
        name = PROGRESS.names[int(data)]  # type: ignore[call-overload]
        kinds = {"resource_monopoly": RESOURCES, "trade_monopoly": COMMODITIES}.get(
            name, HAND.names
        )
        return [NameCard(n) for n in kinds]
    if kind == ck.CHOOSE_SEAT:
        assert isinstance(data, tuple)
        return [ChooseSeat(p) for p in data[1:]]
    if kind == ck.MERCHANT_TAKE:
        assert isinstance(data, tuple)
        hand = game.hand(data[0])
        return [TakeCard(HAND.names[r]) for r in range(k) if hand[r]]
    if kind == ck.SPY_TAKE:
        row = game.row(game.dev_hands, int(data))  # type: ignore[call-overload]
        return [TakeProgress(PROGRESS.names[c]) for c in range(len(row)) if row[c]]
    if kind == ck.HARBOR_ANSWER:
        hand = game.hand(seat)
        return [GiveCard(HAND.names[r]) for r in range(_N_RES, k) if hand[r]]
    if kind == ck.GIFT:
        hand = game.hand(seat)
        return [GiveCard(HAND.names[r]) for r in range(k) if hand[r]]
    if kind == ck.MERCHANT_PLACE:
        return [PlaceMerchant(h) for h in merchant_hexes(game, seat)]
    if kind == ck.DESERTER_REMOVE:
        return [RemoveKnight(v) for v in knights_of(game, seat)]
    if kind == ck.DESERTER_PLACE:
        return [*(PlaceKnight(v) for v in game.knight_spots(seat)), Pass()]
    if kind == ck.DIPLOMAT_REMOVE:
        return [RemoveRoad(e) for e in open_roads(game)]
    if kind == ck.DIPLOMAT_ROAD:
        edges = [e for e in game._road_edges(seat) if e != data] if game.roads_left[seat] else []
        return [*(BuildRoad(e) for e in edges), Pass()]
    if kind == ck.INTRIGUE:
        return [TargetKnight(v) for v in intrigue_targets(game, seat)]
    if kind == ck.ENGINEER:
        return [BuildWall(v) for v in wall_spots(game, seat)]
    if kind == ck.INVENTOR:
        hexes = inventor_hexes(game)
        number = game.board.number
        return [SwapNumbers(a, b) for a in hexes for b in hexes if a < b and number[a] != number[b]]
    if kind == ck.MEDICINE:
        return [BuildCity(v) for v in game.buildings[seat] if game.vertex_level[v] == 1]
    if kind == ck.SMITH:
        return [*(PromoteKnight(v) for v in game.smith_targets(seat)), Pass()]
    raise AssertionError(f"no progress decision {kind!r}")


ANSWERS: dict[type[Action], tuple[str, ...]] = {
    SetDice: (ck.ALCHEMIST,),
    NameCard: (ck.NAME_CARD,),
    ChooseSeat: (ck.CHOOSE_SEAT,),
    TakeCard: (ck.MERCHANT_TAKE,),
    TakeProgress: (ck.SPY_TAKE,),
    GiveCard: (ck.HARBOR_ANSWER, ck.GIFT),
    PlaceMerchant: (ck.MERCHANT_PLACE,),
    RemoveKnight: (ck.DESERTER_REMOVE,),
    PlaceKnight: (ck.DESERTER_PLACE,),
    RemoveRoad: (ck.DIPLOMAT_REMOVE,),
    TargetKnight: (ck.INTRIGUE,),
    SwapNumbers: (ck.INVENTOR,),
    Pass: (ck.DESERTER_PLACE, ck.DIPLOMAT_ROAD, ck.SMITH),
}
"""Which decisions each choice answers."""

_REFUSALS = {
    ck.ALCHEMIST: "each die shows 1 to 6",
    ck.NAME_CARD: "name a card kind this card allows",
    ck.CHOOSE_SEAT: "that seat is not one this card may choose",
    ck.MERCHANT_TAKE: "the opponent holds no such card",
    ck.SPY_TAKE: "the opponent holds no such progress card",
    ck.HARBOR_ANSWER: "give one commodity you hold",
    ck.GIFT: "give a card you hold",
    ck.MERCHANT_PLACE: "the merchant goes on a hex next to one of your buildings",
    ck.DESERTER_REMOVE: "remove one of your own knights",
    ck.DESERTER_PLACE: "the knight goes on an empty vertex touching your roads",
    ck.DIPLOMAT_REMOVE: "Diplomat removes an open road",
    ck.INTRIGUE: "Intrigue displaces a rival knight touching your roads",
    ck.INVENTOR: "swap two different tokens, none of them a 2, 12, 6 or 8",
}


# -- the choices: checked and applied ----------------------------------------------------------
def check(game: CKGame, a: Action) -> str | None:
    if isinstance(a, PlayProgress):
        return check_play(game, a)
    if isinstance(a, HarborExchange):
        return check_harbor(game, a)
    kinds = ANSWERS[type(a)]
    if (problem := game._phase_is(*kinds)) is not None:
        return problem
    kind, seat, data = game.pending[-1]
    if a not in options(game, kind, seat, data):
        return _REFUSALS.get(kind, "not one of the choices")
    return None


def apply(game: CKGame, a: Action) -> list[Event]:
    if isinstance(a, PlayProgress):
        return play(game, a)
    if isinstance(a, HarborExchange):
        return exchange(game, a)
    kind, seat, data = game._pop()
    current = game.current
    k = game.HAND_STRIDE
    if isinstance(a, SetDice):
        game.alchemy = (a.red, a.yellow)
        return game._do_roll(Roll())
    if isinstance(a, NameCard):
        return _named(game, current, PROGRESS.names[data], HAND.index[a.card])
    if isinstance(a, ChooseSeat):
        card = PROGRESS.names[data[0]]
        if card == "master_merchant":
            take = min(2, hand_size(game, a.seat))
            if take:
                game._push(ck.MERCHANT_TAKE, current, (a.seat, take))
        elif card == "spy":
            game._push(ck.SPY_TAKE, current, a.seat)
        else:
            game._push(ck.DESERTER_REMOVE, a.seat)
        return []
    if isinstance(a, TakeCard):
        victim, left = data
        r = HAND.index[a.card]
        game.hands[victim * k + r] -= 1
        game.hands[current * k + r] += 1
        if left > 1 and hand_size(game, victim):
            game._push(ck.MERCHANT_TAKE, current, (victim, left - 1))
        return [_given(victim, current, a.card)]
    if isinstance(a, TakeProgress):
        c = PROGRESS.index[a.card]
        game.dev_hands[data * game.DEV_STRIDE + c] -= 1
        game.dev_hands[current * game.DEV_STRIDE + c] += 1
        return [
            Event(
                "progress_taken",
                {"seat": current, "victim": data},
                secret={"card": a.card},
                audience=frozenset((current, data)),
            )
        ]
    if isinstance(a, GiveCard):
        r = HAND.index[a.card]
        game.hands[seat * k + r] -= 1
        if kind == ck.HARBOR_ANSWER:
            offerer, resource = data
            game.hands[offerer * k + r] += 1
            game.hands[offerer * k + resource] -= 1
            game.hands[seat * k + resource] += 1
            return [_given(seat, offerer, a.card), _given(offerer, seat, HAND.names[resource])]
        game.hands[current * k + r] += 1
        if data > 1 and hand_size(game, seat):
            game._push(ck.GIFT, seat, data - 1)
        return [_given(seat, current, a.card)]
    if isinstance(a, PlaceMerchant):
        return _place_merchant(game, current, a.hex)
    if isinstance(a, RemoveKnight):
        return _desert(game, current, a.vertex)
    if isinstance(a, PlaceKnight):
        strength, active = data
        return game._put_knight(current, a.vertex, strength, active, 0, "deserted")
    if isinstance(a, RemoveRoad):
        return _remove_road(game, current, a.edge)
    if isinstance(a, TargetKnight):
        events: list[Event] = []
        knight = game.take_knight(a.vertex, events)
        return game.displace(a.vertex, knight) + events
    if isinstance(a, SwapNumbers):
        return _swap(game, a.hex, a.other)
    assert isinstance(a, Pass)
    return []


def _given(seat: int, to: int, card: str) -> Event:
    return Event(
        "card_given",
        {"seat": seat, "to": to},
        secret={"card": card},
        audience=frozenset((seat, to)),
    )


def _named(game: CKGame, seat: int, card: str, r: int) -> list[Event]:
    name = HAND.names[r]
    if card == "merchant_fleet":
        game.fleet = r
        game._refresh_rates(seat)
        return []
    per = 2 if card == "resource_monopoly" else 1
    k = game.HAND_STRIDE
    taken: dict[str, int] = {}
    for p in opponents(game, seat):
        n = min(per, game.hands[p * k + r])
        if n:
            game.hands[p * k + r] -= n
            game.hands[seat * k + r] += n
            taken[str(p)] = n
    return [Event("taken", {"seat": seat, "card": name, "taken": taken})]


def _place_merchant(game: CKGame, seat: int, h: int) -> list[Event]:
    old = game.merchant_owner
    if old >= 0:
        game.vp_public[old] -= 1
    game.merchant_owner = seat
    game.merchant_hex = h
    game.vp_public[seat] += 1
    if old >= 0:
        game._refresh_rates(old)
    game._refresh_rates(seat)
    data: dict[str, int] = {"seat": seat, "hex": h}
    if old >= 0:
        data["previous"] = old
    return [Event("merchant", data)]


def _desert(game: CKGame, thief: int, v: int) -> list[Event]:
    lost = {"seat": game.knight_owner[v], "vertex": v, "strength": game.knight_level[v]}
    events = [Event("knight_displaced", lost | {"fate": "deserted"})]
    victim, strength, active, _ = game.take_knight(v, events)
    del victim
    for s in range(strength, 0, -1):
        if game.knights_left[thief * 3 + s - 1] > 0:
            if game.knight_spots(thief):
                game._push(ck.DESERTER_PLACE, thief, (s, active))
            else:
                events.append(Event("deserter_lost", {"seat": thief, "why": "no_corner"}))
            return events
    events.append(Event("deserter_lost", {"seat": thief, "why": "no_knight"}))
    return events


def _remove_road(game: CKGame, seat: int, e: int) -> list[Event]:
    owner = game.edge_owner[e]
    game.edge_owner[e] = -1
    game.roads[owner] = tuple(x for x in game.roads[owner] if x != e)
    game.roads_left[owner] += 1
    events = [Event("road_removed", {"seat": owner, "edge": e})]
    events.extend(game._recount_roads(owner))
    if owner == seat:
        game._push(ck.DIPLOMAT_ROAD, seat, e)
    return events


def _swap(game: CKGame, a: int, b: int) -> list[Event]:
    board = game.board
    number = list(board.number)
    number[a], number[b] = number[b], number[a]
    by_number: list[list[int]] = [[] for _ in range(13)]
    for h, n in enumerate(number):
        if n:
            by_number[n].append(h)
    game.board = replace(
        board, number=tuple(number), hexes_by_number=tuple(tuple(h) for h in by_number)
    )
    return [Event("numbers_swapped", {"hex": a, "other": b})]


# -- Commercial Harbor ---------------------------------------------------------------------------
def harbor_exchanges(game: CKGame, seat: int) -> list[Action]:
    hand = game.hand(seat)
    used = game.harbor_used
    return [
        HarborExchange(p, RESOURCES[r])
        for p in opponents(game, seat)
        if p not in used
        for r in range(_N_RES)
        if hand[r]
    ]


def check_harbor(game: CKGame, a: HarborExchange) -> str | None:
    if (problem := game._phase_is(MAIN)) is not None:
        return problem
    if not game.harbor_open:
        return "exchanges need a Commercial Harbor played this turn"
    seat = game.current
    if a.seat == seat or not 0 <= a.seat < game.config.seats:
        return f"seat {a.seat} is not an opponent"
    if a.seat in game.harbor_used:
        return f"seat {a.seat} already had a Commercial Harbor exchange this turn"
    if a.resource not in RESOURCES:
        return f"offer a resource; {a.resource!r} is not one"
    if not game.hands[seat * game.HAND_STRIDE + RESOURCES.index(a.resource)]:
        return f"you hold no {a.resource}"
    return None


def exchange(game: CKGame, a: HarborExchange) -> list[Event]:
    seat = game.current
    game.harbor_used = (*game.harbor_used, a.seat)
    hand = game.hand(a.seat)
    if not any(hand[_N_RES:]):
        return [Event("harbor_cancelled", {"seat": seat, "with": a.seat})]
    game._push(ck.HARBOR_ANSWER, a.seat, (seat, RESOURCES.index(a.resource)))
    return []
