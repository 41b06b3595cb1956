"""Encounter cards: the data file and the interpreter of its effect vocabulary (§6).

The 32 cards live in encounters.json. An answered card's outcome is a list
of effects, run in order from a queue; an effect that needs a decision
(which cards, which upgrade, which ship, whom) parks the queue and sets
`g.enc_need`, and the matching small action resumes it. The deck is kept as
counts, so its order never exists and no view can leak the next card.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.events import Event
from engine.rulesets.starfarers.actions import (
    UPGRADES,
    BuildShip,
    ChooseOpponent,
    ChooseShip,
    ChooseUpgrade,
    EncounterAnswer,
    RemoveUpgrade,
    TakeResource,
)
from engine.rulesets.starfarers.constants import (
    ENC_CHOICE,
    ENCOUNTER,
    FLIGHT,
    STUCK,
    TRADE_SHIP,
    UPGRADE_MAX,
)
from engine.rulesets.starfarers.friendship import science_combat, science_speed
from engine.rulesets.starfarers.layouts import GOODS, RESOURCE_INDEX, RESOURCES
from engine.shared.actions import Discard
from engine.shared.cards import draw, take_random_card

if TYPE_CHECKING:
    from engine.rulesets.starfarers.game import StarfarersGame

EFFECTS = (
    "R",
    "GOODS",
    "LOSE",
    "PAY",
    "GIVE",
    "HM_PER_GIVEN",
    "HM",
    "UP",
    "DOWN",
    "TRADESHIP",
    "STUCK",
    "JUMP",
    "ROB_EACH",
    "SHAKE",
    "CONTEST",
    "SWAP",
    "WEAR",
    "NEW_ENCOUNTER",
)
SHAKE_TESTS = ("black", "red", "sum_ge_4")
ANSWER_KINDS = ("offer", "yesno", "none")

NEED_NONE, NEED_RETURN, NEED_TAKE, NEED_GAIN_UP, NEED_LOSE_UP = range(5)
NEED_STUCK, NEED_OPPONENT, NEED_SWAP, NEED_SITE = range(5, 9)
NEED_NAMES = (
    "none",
    "return_cards",
    "take_cards",
    "gain_upgrade",
    "lose_upgrade",
    "immobilise_ship",
    "choose_opponent",
    "swap_count",
    "place_trade_ship",
)


def _freeze(x: Any) -> Any:
    if isinstance(x, list):
        return tuple(_freeze(y) for y in x)
    return x


@lru_cache(maxsize=1)
def cards() -> tuple[dict[str, Any], ...]:
    """The card data, effects frozen into tuples so that game copies may share them."""
    text = resources.files("engine.rulesets.starfarers").joinpath("encounters.json").read_text()
    data = json.loads(text)
    out = []
    for c in data["cards"]:
        card = dict(c)
        card["outcomes"] = {k: _freeze(v) for k, v in c["outcomes"].items()}
        out.append(card)
    return tuple(out)


def raw_data() -> dict[str, Any]:
    text = resources.files("engine.rulesets.starfarers").joinpath("encounters.json").read_text()
    result: dict[str, Any] = json.loads(text)
    return result


# -- drawing ------------------------------------------------------------------------------
def start(g: StarfarersGame) -> list[Event]:

    if not any(g.enc_draw):
        g.enc_draw = g.enc_discard
        g.enc_discard = [0] * len(g.enc_draw)
    c = draw(g.enc_draw, g.rng)
    g.enc_card = c
    card = cards()[c]
    g.phase = ENCOUNTER
    events = [
        Event(
            "encounter",
            {"seat": g.current, "answer_kind": card["answer"]},
            {"card": c + 1, "name": card["name"], "prompt": card["prompt"]},
            frozenset({g.current}),
        )
    ]
    if card["answer"] == "none":
        events.append(_reveal(g, None))
        g.enc_queue = list(card["outcomes"]["none"])
        events.extend(run(g))
    return events


def _reveal(g: StarfarersGame, answer: int | None) -> Event:
    card = cards()[g.enc_card]
    return Event(
        "encounter_revealed",
        {
            "seat": g.current,
            "card": g.enc_card + 1,
            "name": card["name"],
            "answer": answer,
            "answer_kind": card["answer"],
        },
    )


def _answers(g: StarfarersGame) -> list[int]:
    kind = cards()[g.enc_card]["answer"]
    if kind == "offer":
        return list(range(min(3, sum(g.hands[g.current])) + 1))
    return [0, 1]


# -- legal actions and checks -------------------------------------------------------------
def legal(g: StarfarersGame) -> list[Action]:

    if g.phase == ENCOUNTER:
        return [EncounterAnswer(n) for n in _answers(g)]
    need = g.enc_need
    seat = g.enc_seat
    if need == NEED_RETURN:
        return [Discard(RESOURCES[r]) for r in range(5) if g.hands[seat][r]]
    if need == NEED_TAKE:
        return [TakeResource(RESOURCES[r]) for r in range(5) if g.supply[r]]
    if need == NEED_GAIN_UP:
        return [ChooseUpgrade(UPGRADES[k]) for k in g.enc_opts]
    if need == NEED_LOSE_UP:
        return [RemoveUpgrade(UPGRADES[k]) for k in range(3) if g.upgrades[seat][k]]
    if need == NEED_STUCK:
        return [ChooseShip(v) for v in g.enc_opts]
    if need == NEED_OPPONENT:
        return [ChooseOpponent(s) for s in g.enc_opts]
    if need == NEED_SWAP:
        return [EncounterAnswer(n) for n in g.enc_opts]
    if need == NEED_SITE:
        return [BuildShip("trade", v) for v in g.enc_opts]
    return []


def check(g: StarfarersGame, a: Action) -> str | None:

    if a in legal(g):
        return None
    if g.phase == ENCOUNTER:
        if isinstance(a, EncounterAnswer):
            if cards()[g.enc_card]["answer"] == "offer":
                return "offer between 0 and min(3, cards in your hand) cards"
            return "answer 1 (yes) or 0 (no)"
        return "answer the encounter first"
    need = NEED_NAMES[g.enc_need].replace("_", " ")
    if isinstance(a, EncounterAnswer) and g.enc_need == NEED_SWAP:
        return "return between 0 and min(3, cards in your hand) cards"
    return f"not that: the encounter is waiting for you to {need}"


# -- applying -----------------------------------------------------------------------------
def apply(g: StarfarersGame, a: Action) -> list[Event]:

    p = g.current
    n = g.config.seats
    if g.phase == ENCOUNTER:
        assert isinstance(a, EncounterAnswer)
        card = cards()[g.enc_card]
        events = [_reveal(g, a.answer)]
        if card["answer"] == "offer":
            g.enc_queue = list(card["outcomes"][str(a.answer)])
            g.phase = ENC_CHOICE
            if a.answer:
                dest = (p - 1) % n if card.get("offer_to") == "right_neighbour" else -1
                _need(g, NEED_RETURN, p, a.answer, dest)
                return events
        else:
            branch = card["outcomes"]["yes" if a.answer else "no"]
            if a.answer and branch and branch[0][0] == "PAY" and sum(g.hands[p]) < branch[0][1]:
                branch = card["outcomes"]["no"]
                events.append(Event("encounter_cannot_pay", {"seat": p}))
            g.enc_queue = list(branch)
            g.phase = ENC_CHOICE
        events.extend(run(g))
        return events
    need = g.enc_need
    seat = g.enc_seat
    events = []
    if isinstance(a, Discard):
        r = RESOURCE_INDEX[a.resource]
        g.hands[seat][r] -= 1
        if g.enc_dest < 0:
            g.supply[r] += 1
        else:
            g.hands[g.enc_dest][r] += 1
            g.enc_given += 1
        g.enc_count -= 1
        events.append(
            Event("encounter_card_out", {"seat": seat, "resource": a.resource, "to": g.enc_dest})
        )
        if g.enc_count and sum(g.hands[seat]):
            return events
    elif isinstance(a, TakeResource):
        r = RESOURCE_INDEX[a.resource]
        g.supply[r] -= 1
        g.hands[seat][r] += 1
        g.enc_count -= 1
        events.append(Event("encounter_take", {"seat": seat, "resource": a.resource}))
        if g.enc_count and any(g.supply):
            return events
    elif isinstance(a, ChooseUpgrade):
        k = UPGRADES.index(a.kind)
        g.gain_upgrade(seat, k)
        events.append(Event("upgrade_gained", {"seat": seat, "upgrade": a.kind}))
    elif isinstance(a, RemoveUpgrade):
        k = UPGRADES.index(a.kind)
        g.lose_upgrade(seat, k)
        events.append(Event("upgrade_lost", {"seat": seat, "upgrade": a.kind}))
    elif isinstance(a, BuildShip):
        g.place_ship(seat, TRADE_SHIP, a.site)
        events.append(Event("free_trade_ship", {"seat": seat, "site": a.site}))
    elif isinstance(a, ChooseShip):
        g.ship_flags[a.ship] |= STUCK
        events.append(Event("ship_stuck", {"seat": seat, "ship": a.ship}))
    elif isinstance(a, ChooseOpponent):
        _need(g, NEED_NONE, -1, 0, -1)
        events.extend(_give_to(g, a.seat, g.enc_pref))
        if g.enc_need:
            return events
    elif isinstance(a, EncounterAnswer):
        assert need == NEED_SWAP
        _need(g, NEED_NONE, -1, 0, -1)
        if a.answer:
            g.enc_queue[:0] = [("LOSE", a.answer), ("R", a.answer)]
    _need(g, NEED_NONE, -1, 0, -1)
    events.extend(run(g))
    return events


def _need(g: StarfarersGame, need: int, seat: int, count: int, dest: int) -> None:
    g.enc_need = need
    g.enc_seat = seat
    g.enc_count = count
    g.enc_dest = dest
    if need == NEED_NONE:
        g.enc_opts = []


def run(g: StarfarersGame) -> list[Event]:
    """Run queued effects until one needs a decision or the card is done."""

    g.phase = ENC_CHOICE
    events: list[Event] = []
    while g.enc_queue and not g.enc_need:
        effect = g.enc_queue.pop(0)
        events.extend(_exec(g, effect))
        if g.phase != ENC_CHOICE:
            return events
    if not g.enc_need and not g.enc_queue:
        events.extend(finish(g))
    return events


def finish(g: StarfarersGame) -> list[Event]:

    if g.enc_card >= 0:
        g.enc_discard[g.enc_card] += 1
        g.enc_card = -1
    g.enc_given = 0
    g.enc_pref = -1
    g.phase = FLIGHT
    return [Event("encounter_done", {"seat": g.current})]


def contest_opponent(g: StarfarersGame, k: int) -> int:
    return (g.current + k) % g.config.seats


def _exec(g: StarfarersGame, e: tuple[Any, ...]) -> list[Event]:
    from engine.rulesets.starfarers import flight

    p = g.current
    n = g.config.seats
    name = e[0]
    hand = g.hands[p]
    if name == "R":
        if any(g.supply):
            _need(g, NEED_TAKE, p, e[1], -1)
        return []
    if name == "GOODS":
        got = min(e[1], g.supply[GOODS])
        g.supply[GOODS] -= got
        hand[GOODS] += got
        return [Event("encounter_take", {"seat": p, "resource": "goods", "count": got})]
    if name in ("LOSE", "PAY"):
        count = min(e[1], sum(hand))
        if count:
            _need(g, NEED_RETURN, p, count, -1)
        return []
    if name == "GIVE":
        vps = {q: g.vp_of(q) for q in range(n) if q != p}
        low = min(vps.values())
        cands = [q for q in sorted(vps) if vps[q] == low]
        if len(cands) > 1:
            _need(g, NEED_OPPONENT, p, 0, -1)
            g.enc_opts = cands
            g.enc_pref = e[2]
            return []
        return _give_to(g, cands[0], e[2])
    if name == "HM_PER_GIVEN":
        d = g.change_half_medals(p, g.enc_given)
        return [Event("half_medals", {"seat": p, "change": d})]
    if name == "HM":
        d = g.change_half_medals(p, e[1])
        return [Event("half_medals", {"seat": p, "change": d})]
    if name == "UP":
        q = [k for k in range(3) if g.upgrades[p][k] < UPGRADE_MAX[k] and g.upgrade_stock[k]]
        if len(e) > 1 and 0 in q:
            q = [0]
        if len(q) == 1:
            g.gain_upgrade(p, q[0])
            return [Event("upgrade_gained", {"seat": p, "upgrade": UPGRADES[q[0]]})]
        if q:
            _need(g, NEED_GAIN_UP, p, 1, -1)
            g.enc_opts = q
        return []
    if name == "DOWN":
        return _lose_upgrade(g, p)
    if name == "TRADESHIP":
        return trade_ship_reward(g, p)
    if name == "STUCK":
        ships = sorted(v for v in g.ships[p] if not g.ship_flags[v] & STUCK)
        if len(ships) == 1:
            g.ship_flags[ships[0]] |= STUCK
            return [Event("ship_stuck", {"seat": p, "ship": ships[0]})]
        if ships:
            _need(g, NEED_STUCK, p, 1, -1)
            g.enc_opts = ships
        return []
    if name == "JUMP":
        g.jump_ready = True
        return [Event("jump_ready", {"seat": p})]
    if name == "ROB_EACH":
        events = []
        for k in range(1, n):
            victim = (p + k) % n
            got = take_random_card(g.hands[victim], g.rng)
            if got >= 0:
                hand[got] += 1
                events.append(
                    Event(
                        "steal",
                        {"seat": p, "victim": victim},
                        {"resource": RESOURCES[got]},
                        frozenset({p, victim}),
                    )
                )
        return events
    if name == "SHAKE":
        pair = flight.shake_balls(g)
        if e[1] == "black":
            hit = flight.BLACK in pair
        elif e[1] == "red":
            hit = 2 in pair
        else:
            hit = flight.BALL_VALUES[pair[0]] + flight.BALL_VALUES[pair[1]] >= 4
        g.enc_queue[:0] = list(e[2] if hit else e[3])
        names = [flight.BALL_NAMES[b] for b in pair]
        return [Event("encounter_shake", {"seat": p, "balls": names, "test": e[1], "hit": hit})]
    if name == "CONTEST":
        stat = 0 if e[1] == "speed" else 1
        o = contest_opponent(g, e[2])
        mine = flight.shake_balls(g)
        theirs = flight.shake_balls(g)
        bonus = science_speed(g.fheld[p]) if stat == 0 else science_combat(g.fheld[p])
        a_total = (
            flight.BALL_VALUES[mine[0]] + flight.BALL_VALUES[mine[1]] + g.upgrades[p][stat] + bonus
        )
        o_total = (
            flight.BALL_VALUES[theirs[0]] + flight.BALL_VALUES[theirs[1]] + g.upgrades[o][stat]
        )
        win = a_total >= o_total
        g.enc_queue[:0] = list(e[3] if win else e[4])
        return [
            Event(
                "contest",
                {"seat": p, "opponent": o, "stat": e[1], "total": a_total,
                 "opponent_total": o_total, "won": win},
            )
        ]  # fmt: skip
    if name == "SWAP":
        m = min(e[1], sum(hand))
        if m:
            _need(g, NEED_SWAP, p, 0, -1)
            g.enc_opts = list(range(m + 1))
        return []
    if name == "WEAR":
        g.enc_queue[:0] = [("WEAR_SEAT", (p + k) % n, e[1]) for k in range(n)]
        return []
    if name == "WEAR_SEAT":
        seat, thr = e[1], e[2]
        if sum(g.upgrades[seat]) >= thr:
            return _lose_upgrade(g, seat)
        return []
    if name == "NEW_ENCOUNTER":
        g.enc_discard[g.enc_card] += 1
        g.enc_card = -1
        return start(g)
    raise AssertionError(f"unknown effect {name}")


def _lose_upgrade(g: StarfarersGame, seat: int) -> list[Event]:
    have = [k for k in range(3) if g.upgrades[seat][k]]
    if len(have) == 1:
        g.lose_upgrade(seat, have[0])
        return [Event("upgrade_lost", {"seat": seat, "upgrade": UPGRADES[have[0]]})]
    if have:
        _need(g, NEED_LOSE_UP, seat, 1, -1)
    return []


def _give_to(g: StarfarersGame, target: int, count: int) -> list[Event]:
    p = g.current
    g.enc_given = 0
    c = min(count, sum(g.hands[p]))
    if c:
        _need(g, NEED_RETURN, p, c, target)
    return [Event("encounter_gift", {"seat": p, "to": target, "count": c})]


def _free_site(g: StarfarersGame, p: int) -> int:
    if not g.transports_left[p] or not g.stations_left[p]:
        return -1
    sites = g.free_port_sites(p)
    return sites[0] if sites else -1


def trade_ship_reward(g: StarfarersGame, p: int) -> list[Event]:

    sites = g.free_port_sites(p) if g.transports_left[p] and g.stations_left[p] else []
    if len(sites) == 1:
        g.place_ship(p, TRADE_SHIP, sites[0])
        return [Event("free_trade_ship", {"seat": p, "site": sites[0]})]
    if sites:
        _need(g, NEED_SITE, p, 1, -1)
        g.enc_opts = sites
        return []
    if g.tokens_left:
        g.tokens_left -= 1
        g.trade_tokens[p] += 1
        return [Event("trade_ship_token", {"seat": p})]
    return [Event("trade_ship_lost", {"seat": p})]


def place_owed_trade_ships(g: StarfarersGame) -> list[Event]:
    p = g.current
    events = []
    while g.trade_tokens[p]:
        site = _free_site(g, p)
        if site < 0:
            break

        g.trade_tokens[p] -= 1
        g.tokens_left += 1
        g.place_ship(p, TRADE_SHIP, site)
        events.append(Event("free_trade_ship", {"seat": p, "site": site}))
    return events
