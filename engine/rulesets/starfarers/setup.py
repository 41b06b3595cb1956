"""Setting up a game: the layout per variant, start player, placement rounds, starting hands.

rules/starfarers.md §3. Face-down tiles and discs are not dealt here: the
game keeps the unseen tiles and discs as counts and draws them when a ship
reveals them (see layouts.py for why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action
from engine.events import Event
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import (
    BuildShip,
    BuildSpaceport,
    ChooseStartUpgrade,
    PlaceColony,
)
from engine.rulesets.starfarers.constants import (
    BOOSTER,
    COLONY,
    COLONY_SHIP,
    EMPTY_POINT,
    NEUTRAL,
    PRE_ROLL,
    SETUP_COLONY,
    SETUP_PORT,
    SETUP_SHIP,
    SETUP_UPGRADE,
    SPACEPORT,
    TRADE_SHIP,
)
from engine.rulesets.starfarers.layouts import (
    BEGINNER_PIECES,
    BEGINNER_TILES,
    DISC_POOLS,
    HOME_BEGINNER_DISCS,
    HOME_RESOURCES,
    HOMESYS,
    ONE_STAR_TILES,
    OUTPOST,
    PLANETARY,
    RESERVE_DISCS,
    TILES,
    TWO_STAR_TILES,
)

if TYPE_CHECKING:
    from engine.rulesets.starfarers.game import StarfarersGame

VARIANTS = ("first_game", "strategic", "discoverer", "wild_space")
# Round 4 starts with the last placer of round 3 and goes clockwise (seed, §3.6); a secondary
# source reads it as reverse order. Flip this to switch readings.
ROUND4_REVERSE = False
ROUND4_UPGRADES = {"boosters": (0, 0), "cannon": (1,), "pod": (2,)}  # upgrade indices gained


def set_up(g: StarfarersGame) -> list[Event]:
    """Lay out the board, roll for the start player and enter the first decision."""

    n = g.config.seats
    g.disc_pools = [list(p) for p in DISC_POOLS]
    g.reserve_discs = list(RESERVE_DISCS)
    events: list[Event] = []
    rng = g.rng
    # home systems
    for h in B.HOME_SLOTS:
        g.slot_kind[h] = HOMESYS
        discs = list(HOME_BEGINNER_DISCS[h])
        if g.variant != "first_game":
            rng.shuffle(discs)
        for j in range(3):
            pi = 3 * h + j
            g.planet_res[pi] = HOME_RESOURCES[h][j]
            g.planet_disc[pi] = discs[j]
    sector_slots = B.NEAR_SLOTS + B.FAR_SLOTS
    if g.variant == "first_game":
        for slot, tile in zip(sector_slots, BEGINNER_TILES, strict=True):
            reveal_tile(g, slot, tile, 0)
    elif g.variant == "strategic":
        ones = [t for t in ONE_STAR_TILES]
        removable = [t for t in ones if TILES[t].kind != OUTPOST]
        ones.remove(rng.choice(removable))
        rng.shuffle(ones)
        twos = list(TWO_STAR_TILES)
        rng.shuffle(twos)
        for slot, tile in zip(sector_slots, ones + twos, strict=True):
            reveal_tile(g, slot, tile, rng.below(3))
    else:
        g.tile_pool = [1] * len(TILES)
        g.star_rule = g.variant == "discoverer"
    events.append(roll_for_start(g))
    if g.variant == "first_game":
        place_beginner(g, n)
        events.extend(starting_hands(g))
        g.current = g.start
        g.phase = PRE_ROLL
        g.turn = 1  # the first turn of play is turn 1, as in the base game (turn 0: setup)
        events.append(Event("turn", {"seat": g.current, "turn": g.turn}))
    else:
        order = [(g.start + k) % n for k in range(n)]
        g.setup_order = order + order[::-1] + order
        last = order[-1]
        if ROUND4_REVERSE:
            g.setup_order += order[::-1]
        else:
            g.setup_order += [(last + k) % n for k in range(n)]
        g.setup_pos = 0
        g.phase = SETUP_COLONY
    return events


def roll_for_start(g: StarfarersGame) -> Event:
    contenders = list(range(g.config.seats))
    rounds = []
    while True:
        rolls = {p: g.rng.die() + g.rng.die() for p in contenders}
        rounds.append({str(p): t for p, t in rolls.items()})
        top = max(rolls.values())
        contenders = [p for p in contenders if rolls[p] == top]
        if len(contenders) == 1:
            break
    g.start = contenders[0]
    return Event("start_player", {"seat": g.start, "rolls": rounds})


def reveal_tile(g: StarfarersGame, slot: int, tile: int, rot: int) -> None:
    """Put `tile` face up on `slot`; its planets' discs stay face down until explored."""
    t = TILES[tile]
    g.slot_tile[slot] = tile
    g.slot_rot[slot] = rot
    g.slot_kind[slot] = t.kind
    if t.kind == PLANETARY:
        for i, (res, icon) in enumerate(t.planets):
            pi = 3 * slot + (i + rot) % 3
            g.planet_res[pi] = res
            g.planet_icon[pi] = icon
            g.planet_star[pi] = t.star
            g.planet_hidden[pi] = 1
    elif t.kind == OUTPOST:
        g.outpost_slot[t.civ] = slot
        g.is_point[B.SLOTS[slot].centre] = 1


def place_beginner(g: StarfarersGame, n: int) -> None:

    for colour, (port, c1, c2, ship) in enumerate(BEGINNER_PIECES):
        owner = colour if colour < n else NEUTRAL
        for site in (port, c1, c2):
            put_colony(g, owner, site)
        if owner == NEUTRAL:
            g.occ_kind[port] = SPACEPORT
            continue
        g.make_spaceport(owner, port)
        g.place_ship(owner, COLONY_SHIP, ship)
        g.gain_upgrade(owner, BOOSTER)


def put_colony(g: StarfarersGame, owner: int, site: int) -> None:

    g.occ_owner[site] = owner
    g.occ_kind[site] = COLONY
    g.system_count[B.INNER_SLOT[site]] += 1
    if owner >= 0:
        g.colonies_left[owner] -= 1
        g.n_colonies[owner] += 1
        g.sites[owner].append(site)


def starting_hands(g: StarfarersGame) -> list[Event]:
    from engine.rulesets.starfarers import production

    n = g.config.seats
    events = []
    for k in range(n):
        p = (g.start + k) % n
        if g.rulebook_hand:
            got = [0] * 5
            for _ in range(3):
                r = production.draw_reserve(g, p)
                if r >= 0:
                    got[r] += 1
            events.append(production.private_cards(p, "starting_hand", got))
        else:
            for r in range(5):
                g.supply[r] -= 3
                g.hands[p][r] += 3
            events.append(Event("starting_hand", {"seat": p, "count": 15}))
    return events


def do_place_colony(g: StarfarersGame, a: Action) -> list[Event]:

    assert isinstance(a, PlaceColony)
    seat = g.setup_order[g.setup_pos]
    put_colony(g, seat, a.site)
    g.setup_pos += 1
    if g.setup_pos == 3 * g.config.seats:
        g.phase = SETUP_PORT
    return [Event("place", {"seat": seat, "piece": "colony", "site": a.site})]


def do_port(g: StarfarersGame, a: BuildSpaceport) -> list[Event]:

    seat = g.setup_order[g.setup_pos]
    g.make_spaceport(seat, a.site)
    g.setup_site = a.site
    g.phase = SETUP_SHIP
    return [Event("place", {"seat": seat, "piece": "spaceport", "site": a.site})]


def do_ship(g: StarfarersGame, a: BuildShip) -> list[Event]:

    seat = g.setup_order[g.setup_pos]
    g.place_ship(seat, COLONY_SHIP if a.kind == "colony" else TRADE_SHIP, a.site)
    g.phase = SETUP_UPGRADE
    return [Event("place", {"seat": seat, "piece": a.kind + "_ship", "site": a.site})]


def do_start_upgrade(g: StarfarersGame, a: Action) -> list[Event]:

    assert isinstance(a, ChooseStartUpgrade)
    seat = g.setup_order[g.setup_pos]
    for k in ROUND4_UPGRADES[a.option]:
        g.gain_upgrade(seat, k)
    events = [Event("place", {"seat": seat, "piece": a.option})]
    g.setup_pos += 1
    g.setup_site = -1
    if g.setup_pos < len(g.setup_order):
        g.phase = SETUP_PORT
        return events
    if g.config.seats == 3:
        for v in B.HOME_SITES:
            if g.occ_kind[v] == EMPTY_POINT:
                put_colony(g, NEUTRAL, v)
                events.append(Event("place", {"seat": None, "piece": "blocker", "site": v}))
    events.extend(starting_hands(g))
    g.current = g.start
    g.phase = PRE_ROLL
    g.turn = 1
    events.append(Event("turn", {"seat": g.current, "turn": g.turn}))
    return events
