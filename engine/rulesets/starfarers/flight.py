"""The flight phase: the mothership shake, ship movement and what ships find (§5.3).

Ships move one lane per action. While a ship moves it is lifted off the map
(`g.moving` is its point), so it may pass through occupied points; a step is
offered only if some legal end point stays reachable with the remaining
speed, so a move never has to be undone. Entering a point reveals face-down
tiles, explores systems and tests pirate bases and ice planets, in that order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.actions import Action
from engine.events import Event
from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers.actions import EndMove, FlyStep, FoundColony, Jump, TakeFriendship
from engine.rulesets.starfarers.constants import (
    COLONY,
    COLONY_SHIP,
    EMPTY_POINT,
    FLIGHT,
    FRIENDSHIP,
    MAIN,
    MOVED,
    PARKED,
    PIECE_NAMES,
    SPACEPORT,
    STUCK,
    TRADE_SHIP,
)
from engine.rulesets.starfarers.friendship import (
    CARD_CIV,
    CARD_INDEX,
    science_combat,
    science_speed,
)
from engine.rulesets.starfarers.layouts import (
    CIV_NAMES,
    DISC_LABELS,
    HOMESYS,
    ICE_STRENGTH,
    OUTPOST,
    PIRATE_STRENGTH,
    PLANETARY,
    TILES,
)
from engine.shared.actions import EndTurn
from engine.shared.cards import draw

if TYPE_CHECKING:
    from engine.rulesets.starfarers.game import StarfarersGame

# balls: yellow, yellow, red, blue, black
BALL_NAMES = ("yellow", "yellow", "red", "blue", "black")
BALL_VALUES = (2, 2, 3, 1, 0)
BLACK = 4
BALL_PAIRS: tuple[tuple[int, int], ...] = tuple((i, j) for i in range(5) for j in range(i + 1, 5))


def shake_balls(g: StarfarersGame) -> tuple[int, int]:
    return BALL_PAIRS[g.rng.below(10)]


def base_speed_of(pair: tuple[int, int]) -> int:
    if BLACK in pair:
        return 3
    return BALL_VALUES[pair[0]] + BALL_VALUES[pair[1]]


def speed(g: StarfarersGame, p: int) -> int:
    return g.base_speed + g.upgrades[p][0] + science_speed(g.fheld[p])


def combat(g: StarfarersGame, p: int) -> int:
    return g.upgrades[p][1] + science_combat(g.fheld[p])


def do_shake(g: StarfarersGame) -> list[Event]:
    from engine.rulesets.starfarers import encounters

    events = encounters.place_owed_trade_ships(g)
    pair = shake_balls(g)
    g.balls = pair
    g.base_speed = base_speed_of(pair)
    g.phase = FLIGHT
    events.append(
        Event(
            "shake",
            {
                "seat": g.current,
                "balls": [BALL_NAMES[pair[0]], BALL_NAMES[pair[1]]],
                "base_speed": g.base_speed,
            },
        )
    )
    if BLACK in pair:
        events.extend(encounters.start(g))
    return events


# -- end points ---------------------------------------------------------------------------
def is_colony_site(g: StarfarersGame, v: int) -> bool:
    s = B.INNER_SLOT[v]
    return s >= 0 and g.slot_kind[s] in (PLANETARY, HOMESYS)


def is_docking(g: StarfarersGame, v: int) -> bool:
    s = B.CENTRE_SLOT[v]
    return s >= 0 and g.slot_kind[s] == OUTPOST


def station_ok(g: StarfarersGame, p: int, v: int) -> bool:
    civ = TILES[g.slot_tile[B.CENTRE_SLOT[v]]].civ
    total = sum(g.stations[civ])
    return total < 5 and g.upgrades[p][2] > total


def legal_end(g: StarfarersGame, p: int, kind: int, flags: int, start: int, v: int) -> bool:
    """Whether the ship (owner p, lifted from `start`) may end its move on `v`."""
    if not g.is_point[v] or g.occ_kind[v]:
        return False
    site = SITE_OF[v]
    if site >= 0 and g.occ_kind[site] == SPACEPORT and g.occ_owner[site] != p:
        return False
    centre = CENTRE_SLOT[v]
    if kind == TRADE_SHIP:
        inner = INNER_SLOT[v]
        if inner >= 0 and g.slot_kind[inner] in _SITE_KINDS:
            return False  # a colony site, or one still face down that may turn out to be one
        if centre >= 0:  # a point at a centre is a docking point
            return station_ok(g, p, v)
        return True
    if centre >= 0:
        return False
    return not (flags & PARKED and v == start)


_SITE_KINDS = (PLANETARY, HOMESYS, -1)
SITE_OF = B.SITE_OF
CENTRE_SLOT = B.CENTRE_SLOT
INNER_SLOT = B.INNER_SLOT
# open space: not a centre, not an inner-ring vertex, not a spaceport site. Any ship may end
# on such a point whenever it is free, which answers most reachability questions at once.
PLAIN: tuple[bool, ...] = tuple(
    CENTRE_SLOT[v] < 0 and INNER_SLOT[v] < 0 and SITE_OF[v] < 0 for v in range(B.NUM_VERTICES)
)


def end_reachable(
    g: StarfarersGame, p: int, kind: int, flags: int, start: int, src: int, steps: int
) -> bool:
    """Some legal end point within `steps` lanes of `src` (through any occupancy)."""
    if PLAIN[src]:
        if g.is_point[src] and not g.occ_kind[src]:
            return True
    elif legal_end(g, p, kind, flags, start, src):
        return True
    if steps <= 0:
        return False
    is_point = g.is_point
    seen = {src}
    frontier = [src]
    for _ in range(steps):
        nxt = []
        for u in frontier:
            for w in B.NEIGHBOURS[u]:
                if w in seen or not is_point[w]:
                    continue
                if legal_end(g, p, kind, flags, start, w):
                    return True
                seen.add(w)
                nxt.append(w)
        frontier = nxt
    return False


_END_MOVE = EndMove()
STEPS: tuple[tuple[tuple[int, FlyStep], ...], ...] = tuple(
    tuple((w, FlyStep(v, w)) for w in B.NEIGHBOURS[v]) for v in range(B.NUM_VERTICES)
)
"""Every possible step, made once: listing legal flights allocates no actions."""


def can_found(g: StarfarersGame, p: int, v: int) -> bool:
    """A colony may be established on `v` (the colony ship standing there is ignored)."""

    s = B.INNER_SLOT[v]
    if s < 0 or g.slot_kind[s] != PLANETARY:
        return False
    if g.occ_kind[v] not in (EMPTY_POINT, COLONY_SHIP):
        return False
    for pi in B.SITE_PLANETS[v]:
        d = g.planet_disc[pi]
        if g.planet_hidden[pi] or PIRATE_STRENGTH[d] or ICE_STRENGTH[d]:
            return False
    return not (g.config.seats == 3 and g.system_count[s] >= 2)


# -- legal actions ------------------------------------------------------------------------
def legal(g: StarfarersGame) -> list[Action]:

    p = g.current
    out: list[Action] = []
    pos = g.moving
    if pos >= 0:
        steps = g.steps_left
        if steps:
            is_point, occ = g.is_point, g.occ_kind
            for w, step in STEPS[pos]:
                if is_point[w] and (
                    (PLAIN[w] and not occ[w])
                    or end_reachable(
                        g, p, g.moving_kind, g.moving_flags, g.move_start, w, steps - 1
                    )
                ):
                    out.append(step)
        if (
            g.moving_kind == COLONY_SHIP
            and INNER_SLOT[pos] >= 0
            and not g.occ_kind[pos]
            and can_found(g, p, pos)
        ):
            out.append(FoundColony(pos))
        if (PLAIN[pos] and not g.occ_kind[pos]) or _end_ok(g, p):
            out.append(_END_MOVE)
        return out
    sp = speed(g, p)
    may_end = True
    occ_kind = g.occ_kind
    is_point = g.is_point
    for v in sorted(g.ships[p]):
        flags = g.ship_flags[v]
        kind = occ_kind[v]
        if not flags & (MOVED | STUCK):
            occ_kind[v] = 0  # the ship leaves its point: it may come back to it
            can_move = False
            if sp:
                for w, step in STEPS[v]:
                    if is_point[w] and end_reachable(g, p, kind, flags, v, w, sp - 1):
                        out.append(step)
                        can_move = True
            if can_move and not legal_end(g, p, kind, flags, v, v):
                may_end = False  # it must leave (see end_problem)
            occ_kind[v] = kind
        if kind == COLONY_SHIP and INNER_SLOT[v] >= 0 and can_found(g, p, v):
            out.append(FoundColony(v))
    if g.jump_ready:
        for v in sorted(g.ships[p]):
            if not g.ship_flags[v] & (MOVED | STUCK):
                kind, flags = occ_kind[v], g.ship_flags[v]
                out.extend(
                    [
                        Jump(v, w)
                        for w in range(B.NUM_VERTICES)
                        if is_point[w]
                        and not occ_kind[w]
                        and (PLAIN[w] or legal_end(g, p, kind, flags, v, w))
                    ]
                )
    if may_end:
        out.append(EndTurn())
    return out


def _step_ok(g: StarfarersGame, p: int, w: int, steps: int) -> bool:
    return end_reachable(g, p, g.moving_kind, g.moving_flags, _start_of_move(g), w, steps - 1)


def _start_of_move(g: StarfarersGame) -> int:
    return g.move_start


def _end_ok(g: StarfarersGame, p: int) -> bool:
    """A legal end, or a free point from which no legal end can be reached any more."""
    pos = g.moving
    if legal_end(g, p, g.moving_kind, g.moving_flags, g.move_start, pos):
        return True
    if g.move_trapped and pos == g.move_start:
        return True
    return bool(
        not g.occ_kind[pos]
        and g.is_point[pos]
        and not end_reachable(g, p, g.moving_kind, g.moving_flags, g.move_start, pos, g.steps_left)
    )


def end_problem(g: StarfarersGame) -> str | None:
    """Why the flight cannot end now: a ship still moving, or one that must leave its point."""

    if g.phase != FLIGHT:
        return g.phase_is(MAIN, FLIGHT)
    if g.moving >= 0:
        return "finish the moving ship first (end_move)"
    p = g.current
    sp = speed(g, p)
    for v in g.ships[p]:
        flags = g.ship_flags[v]
        if flags & (MOVED | STUCK):
            continue
        kind = g.occ_kind[v]
        g.occ_kind[v] = 0
        here = legal_end(g, p, kind, flags, v, v)
        away = (
            not here
            and sp > 0
            and any(
                g.is_point[w] and end_reachable(g, p, kind, flags, v, w, sp - 1)
                for w in B.NEIGHBOURS[v]
            )
        )
        g.occ_kind[v] = kind
        if away:
            x, y = B.vertex_xy(v)
            return (
                f"the ship at {x}.{y} may not stay there (another player's spaceport site, "
                "or a colony site it parked on last flight without founding): move it or found"
            )
    return None


# -- checks -------------------------------------------------------------------------------
def check(g: StarfarersGame, a: Action) -> str | None:

    p = g.current
    if isinstance(a, FlyStep):
        if g.moving >= 0 and a.ship != g.moving:
            return "finish the moving ship first (end_move); ships move one at a time"
        if g.moving < 0:
            if not (0 <= a.ship < B.NUM_VERTICES) or a.ship not in g.ships[p]:
                return "there is none of your ships on that point"
            if g.ship_flags[a.ship] & MOVED:
                return "that ship has already moved this flight"
            if g.ship_flags[a.ship] & STUCK:
                return "that ship is immobilised by the encounter"
        pos = a.ship
        if a.to not in B.NEIGHBOURS[pos] or not g.is_point[a.to]:
            return "ships move along lanes to a neighbouring space point"
        if g.moving >= 0:
            if not g.steps_left:
                return "the ship has no speed left"
            if not _step_ok(g, p, a.to, g.steps_left):
                return "no legal end point would be reachable after that step"
        else:
            sp = speed(g, p)
            kind, flags = g.occ_kind[pos], g.ship_flags[pos]
            g.occ_kind[pos] = 0
            ok = sp > 0 and end_reachable(g, p, kind, flags, pos, a.to, sp - 1)
            g.occ_kind[pos] = kind
            if not ok:
                return "no legal end point would be reachable after that step"
        return None
    if isinstance(a, EndMove):
        if g.moving < 0:
            return "no ship is moving"
        if not _end_ok(g, p):
            return _end_reason(g, p, g.moving_kind, g.moving)
        return None
    if isinstance(a, FoundColony):
        v = a.ship
        if g.moving >= 0 and v != g.moving:
            return "finish the moving ship first (end_move)"
        if g.moving >= 0:
            kind = g.moving_kind
        else:
            if not (0 <= v < B.NUM_VERTICES) or v not in g.ships[p]:
                return "there is none of your ships on that point"
            kind = g.occ_kind[v]
        if kind != COLONY_SHIP:
            return "only a colony ship founds colonies"
        if g.moving >= 0 and g.occ_kind[v]:
            return "a ship may not end on an occupied point"
        return _found_problem(g, p, v)
    if isinstance(a, Jump):
        if not g.jump_ready:
            return "no space jump is available"
        if g.moving >= 0:
            return "finish the moving ship first (end_move)"
        if not (0 <= a.ship < B.NUM_VERTICES) or a.ship not in g.ships[p]:
            return "there is none of your ships on that point"
        if g.ship_flags[a.ship] & STUCK:
            return "an immobilised ship cannot jump"
        if g.ship_flags[a.ship] & MOVED:
            return "that ship has already moved this flight"
        if not (0 <= a.to < B.NUM_VERTICES) or a.to == a.ship:
            return "jump to another space point"
        kind, flags = g.occ_kind[a.ship], g.ship_flags[a.ship]
        if not legal_end(g, p, kind, flags, a.ship, a.to):
            return _end_reason(g, p, kind, a.to)
        return None
    return f"{a.type} is not a flight action"


def _found_problem(g: StarfarersGame, p: int, v: int) -> str | None:
    s = B.INNER_SLOT[v]
    if s < 0 or g.slot_kind[s] not in (PLANETARY, HOMESYS):
        return "colonies are founded on colony sites of planetary systems"
    if g.slot_kind[s] == HOMESYS:
        return "the home systems' colony sites are all taken or blocked"
    for pi in B.SITE_PLANETS[v]:
        d = g.planet_disc[pi]
        if PIRATE_STRENGTH[d]:
            return "a pirate base next to this site forbids founding a colony"
        if ICE_STRENGTH[d]:
            return "an ice planet next to this site forbids founding a colony"
    if g.config.seats == 3 and g.system_count[s] >= 2:
        return "with 3 players a planetary system holds at most 2 colonies"
    if not can_found(g, p, v):
        return "a colony cannot be founded here"
    return None


def _end_reason(g: StarfarersGame, p: int, kind: int, v: int) -> str:

    if not g.is_point[v]:
        return "that is not a space point (a sector centre)"
    if g.occ_kind[v]:
        return "a ship may pass an occupied point but not end its move there"
    site = B.SITE_OF[v]
    if site >= 0 and g.occ_kind[site] == SPACEPORT and g.occ_owner[site] != p:
        return "no ship may end on another player's spaceport site"
    if kind == TRADE_SHIP and is_colony_site(g, v):
        return "a trade ship may not end on a colony site"
    if kind == TRADE_SHIP and B.INNER_SLOT[v] >= 0 and g.slot_kind[B.INNER_SLOT[v]] < 0:
        return "a trade ship may not end next to a face-down sector's centre (a colony site?)"
    if kind == COLONY_SHIP and is_docking(g, v):
        return "a colony ship may not end on a docking point"
    if kind == TRADE_SHIP and is_docking(g, v):
        return (
            "a trade ship ends on a docking point only to establish a trade station: it needs "
            "more freight pods than stations already there, and the outpost holds at most 5"
        )
    return "this colony ship parked here last flight: found a colony or end elsewhere"


# -- applying -----------------------------------------------------------------------------
def apply(g: StarfarersGame, a: Action) -> list[Event]:

    p = g.current
    if isinstance(a, FlyStep):
        events: list[Event] = []
        if g.moving < 0:
            _lift(g, p, a.ship)
            g.steps_left = speed(g, p)
            g.move_trapped = False
        g.moving = a.to
        g.steps_left -= 1
        _move_in_list(g, p, a.ship, a.to)
        events.append(Event("fly", {"seat": p, "from": a.ship, "to": a.to, "left": g.steps_left}))
        discoveries = enter(g, p, a.to)
        if discoveries:
            events.extend(discoveries)
            g.refresh_vp()
        return events
    if isinstance(a, EndMove):
        v = g.moving
        _land(g, p)
        stop = Event("end_move", {"seat": p, "at": v, "ship": PIECE_NAMES[g.occ_kind[v]]})
        return [stop, *_after_landing(g, p, v)]
    if isinstance(a, FoundColony):
        v = a.ship
        if g.moving >= 0:
            _land(g, p)
        return found(g, p, v)
    assert isinstance(a, Jump)
    kind, flags = g.occ_kind[a.ship], g.ship_flags[a.ship]
    g.occ_kind[a.ship] = 0
    g.occ_owner[a.ship] = -1
    g.ship_flags[a.ship] = 0
    g.occ_kind[a.to] = kind
    g.occ_owner[a.to] = p
    g.ship_flags[a.to] = flags | MOVED
    _move_in_list(g, p, a.ship, a.to)
    g.jump_ready = False
    events = [Event("jump", {"seat": p, "from": a.ship, "to": a.to})]
    events.extend(enter(g, p, a.to))
    events.extend(_after_landing(g, p, a.to))
    return events


def _lift(g: StarfarersGame, p: int, v: int) -> None:
    g.moving_kind = g.occ_kind[v]
    g.moving_flags = g.ship_flags[v]
    g.move_start = v
    g.occ_kind[v] = 0
    g.occ_owner[v] = -1
    g.ship_flags[v] = 0
    sp = speed(g, p)
    g.move_trapped = not end_reachable(g, p, g.moving_kind, g.moving_flags, v, v, sp)


def _land(g: StarfarersGame, p: int) -> None:

    v = g.moving
    g.occ_kind[v] = g.moving_kind
    g.occ_owner[v] = p
    g.ship_flags[v] = g.moving_flags | MOVED
    g.moving = -1
    g.moving_kind = 0
    g.moving_flags = 0
    g.steps_left = 0
    g.move_trapped = False


def _move_in_list(g: StarfarersGame, p: int, old: int, new: int) -> None:
    ships = g.ships[p]
    ships[ships.index(old)] = new


def _after_landing(g: StarfarersGame, p: int, v: int) -> list[Event]:

    if g.occ_kind[v] == TRADE_SHIP and is_docking(g, v):
        return establish_station(g, p, v)
    return []


def _remove_ship(g: StarfarersGame, p: int, v: int) -> None:
    g.ships[p].remove(v)
    g.occ_kind[v] = 0
    g.occ_owner[v] = -1
    g.ship_flags[v] = 0
    g.transports_left[p] += 1


def found(g: StarfarersGame, p: int, v: int) -> list[Event]:

    _remove_ship(g, p, v)
    g.occ_owner[v] = p
    g.occ_kind[v] = COLONY
    g.n_colonies[p] += 1
    g.sites[p].append(v)
    g.system_count[B.INNER_SLOT[v]] += 1
    return [Event("found_colony", {"seat": p, "site": v})]


def establish_station(g: StarfarersGame, p: int, v: int) -> list[Event]:

    civ = TILES[g.slot_tile[B.CENTRE_SLOT[v]]].civ
    _remove_ship(g, p, v)
    g.stations[civ][p] += 1
    events = [Event("trade_station", {"seat": p, "civilisation": CIV_NAMES[civ]})]
    holder = g.marker[civ]
    if holder != p and (holder < 0 or g.stations[civ][p] > g.stations[civ][holder]):
        g.marker[civ] = p
        events.append(
            Event("friendship_marker", {"civilisation": CIV_NAMES[civ], "from": holder, "to": p})
        )
    if any(g.fstack[k] for k in range(len(g.fstack)) if CARD_CIV[k] == civ):
        g.friend_civ = civ
        g.phase = FRIENDSHIP
    return events


def do_take_friendship(g: StarfarersGame, a: TakeFriendship) -> list[Event]:

    k = CARD_INDEX[a.card]
    g.fstack[k] -= 1
    g.fheld[g.current][k] += 1
    g.friend_civ = -1
    g.phase = FLIGHT
    return [Event("friendship_card", {"seat": g.current, "card": a.card})]


def finish_flight(g: StarfarersGame) -> None:

    p = g.current
    for v in g.ships[p]:
        flags = 0
        if g.occ_kind[v] == COLONY_SHIP and is_colony_site(g, v):
            flags = PARKED
        g.ship_flags[v] = flags
    g.base_speed = 0


# -- what ships find ----------------------------------------------------------------------
def enter(g: StarfarersGame, p: int, v: int) -> list[Event]:
    events: list[Event] = []
    s = B.RING_SLOT[v]
    if s >= 0:
        if g.slot_kind[s] < 0:
            events.append(discover(g, s))
        if g.slot_kind[s] == PLANETARY and g.planet_hidden[3 * s]:
            events.append(explore(g, s))
    for pi in B.VERTEX_PLANETS[v]:
        d = g.planet_disc[pi]
        if g.planet_hidden[pi] or not d:
            continue
        if PIRATE_STRENGTH[d] and combat(g, p) >= PIRATE_STRENGTH[d]:
            events.append(_conquer(g, p, pi, "pirate_base_defeated"))
        elif ICE_STRENGTH[d] and g.upgrades[p][2] >= ICE_STRENGTH[d]:
            events.append(_conquer(g, p, pi, "ice_planet_terraformed"))
    return events


def discover(g: StarfarersGame, s: int) -> Event:
    """Turn over a face-down tile: draw it from the unseen tiles (see layouts.py)."""
    from engine.rulesets.starfarers.setup import reveal_tile

    star = 2 if B.SLOTS[s].region == B.FAR else 1
    weights = [0] * len(TILES)
    if g.variant == "wild_space":
        weights = list(g.tile_pool)
    else:
        same = [t for t in range(len(TILES)) if g.tile_pool[t] and TILES[t].star == star]
        slots_left = sum(
            1 for x in (B.NEAR_SLOTS if star == 1 else B.FAR_SLOTS) if g.slot_kind[x] < 0
        )
        outposts = sum(1 for t in same if TILES[t].kind == OUTPOST)
        for t in same:
            if g.star_rule and len(same) > slots_left:
                weights[t] = (
                    len(same) - outposts if TILES[t].kind == OUTPOST else slots_left - outposts
                )
            else:
                weights[t] = 1
    tile = g.rng.weighted_index(weights)
    g.tile_pool[tile] = 0
    reveal_tile(g, s, tile, g.rng.below(3))
    return Event("discover", {"slot": s, "tile": TILES[tile].name, "rotation": g.slot_rot[s]})


def explore(g: StarfarersGame, s: int) -> Event:
    discs = []
    for j in range(3):
        pi = 3 * s + j
        pool = g.disc_pools[3 * (g.planet_star[pi] - 1) + g.planet_icon[pi]]
        d = draw(pool, g.rng)
        g.planet_disc[pi] = d
        g.planet_hidden[pi] = 0
        discs.append(DISC_LABELS[d])
    return Event("explore", {"slot": s, "discs": discs})


def _conquer(g: StarfarersGame, p: int, pi: int, kind: str) -> Event:
    old = g.planet_disc[pi]
    g.medals[p] += 1
    d = draw(g.reserve_discs, g.rng)
    g.planet_disc[pi] = d
    return Event(kind, {"seat": p, "planet": pi, "token": DISC_LABELS[old], "disc": DISC_LABELS[d]})
