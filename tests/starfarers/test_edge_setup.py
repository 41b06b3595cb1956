"""Edge cases 1-7 and 50 of rules/starfarers.md §11: setup and the board."""

from __future__ import annotations

from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers import flight, production
from engine.rulesets.starfarers.actions import (
    BuildShip,
    BuildSpaceport,
    ChooseStartUpgrade,
    PlaceColony,
)
from engine.rulesets.starfarers.constants import (
    COLONY,
    COLONY_SHIP,
    NEUTRAL,
    PRE_ROLL,
    SETUP_SHIP,
    SPACEPORT,
    TRADE_SHIP,
)
from engine.rulesets.starfarers.friendship import CARD_CIV
from engine.rulesets.starfarers.layouts import (
    DISC_POOLS,
    OUTPOST,
    PLANETARY,
    TILES,
)

from .helpers import check_invariants, enter_flight, make, v


def test_edge_01_beginner_three_players_neutral_pieces() -> None:
    """Case 1: beginner 3-player neutral pieces occupy 3 home sites, never produce, block ends."""
    g = make(3, seed=11)
    neutral = [s for s in B.HOME_SITES if g.occ_owner[s] == NEUTRAL]
    assert sorted(neutral) == sorted([v(3, 13), v(1, 5), v(1, 9)])
    assert g.occ_kind[v(3, 13)] == SPACEPORT
    # ore 9 touches the neutral spaceport and red's colony (2,12): only red is paid
    events = production.produce(g, 9)
    assert events[0].data["gains"] == {"1": {"ore": 1}}
    # fuel 10 touches the neutral colony (1,5) and red's spaceport (3,5)
    g.current = 0
    assert production.produce(g, 10)[0].data["gains"] == {"1": {"fuel": 1}}
    # the neutral spaceport's two sites are illegal end points for everyone
    for p in range(3):
        for site in B.PORT_SITES[v(3, 13)]:
            assert not flight.legal_end(g, p, COLONY_SHIP, 0, -1, site)
            assert not flight.legal_end(g, p, TRADE_SHIP, 0, -1, site)


def _placement_order(g) -> list[int]:  # type: ignore[no-untyped-def]
    return list(g.setup_order)


def test_edge_02_variable_setup_order_four_players() -> None:
    """Case 2: round 1 P1..P4, round 2 P4..P1, round 3 P1..P4, round 4 P4,P1,P2,P3."""
    g = make(4, seed=5, variant="strategic")
    s = g.start
    p = [(s + k) % 4 for k in range(4)]
    expected = p + p[::-1] + p + [p[3], p[0], p[1], p[2]]
    assert g.setup_order == expected
    # the decisions really come in that order
    seen = []
    while g.phase != PRE_ROLL:
        seat = g.to_act
        a = g.legal_actions()[0]
        if isinstance(a, PlaceColony | BuildSpaceport):
            seen.append(seat)
        g.apply(a)
    assert seen == expected


def test_edge_03_three_players_one_system_and_blockers() -> None:
    """Case 3: 3-player variable setup allows three colonies in one home system; 3 sites blocked."""
    g = make(3, seed=8, variant="discoverer")
    first = g.setup_order[0]
    h1 = list(B.SLOTS[0].inner)
    others = [s for s in B.HOME_SITES if s not in h1]
    while g.phase != PRE_ROLL:
        seat = g.to_act
        a = g.legal_actions()[0]
        if isinstance(a, PlaceColony):
            a = PlaceColony(h1.pop(0)) if seat == first else PlaceColony(others.pop(0))
        g.apply(a)
    assert all(g.occ_owner[s] == first for s in B.SLOTS[0].inner)
    blocked = [s for s in B.HOME_SITES if g.occ_owner[s] == NEUTRAL]
    assert len(blocked) == 3
    assert all(g.occ_kind[s] == COLONY for s in blocked)
    assert not any(g.occ_kind[s] == 0 for s in B.HOME_SITES)
    check_invariants(g)


def test_edge_04_round_four_ship_on_new_spaceport() -> None:
    """Case 4: the round-4 ship goes on a free site of the new spaceport; a trade ship is
    allowed.
    """
    g = make(4, seed=3, variant="strategic")
    while not isinstance(g.legal_actions()[0], BuildSpaceport):
        g.apply(g.legal_actions()[0])
    seat = g.to_act
    site = g.legal_actions()[0].site
    g.apply(BuildSpaceport(site))
    assert g.phase == SETUP_SHIP
    legal = g.legal_actions()
    assert {a.site for a in legal} == set(B.PORT_SITES[site])
    assert {a.kind for a in legal} == {"colony", "trade"}
    elsewhere = next(s for s in B.HOME_SITES if s != site)
    assert g.check(BuildShip("trade", B.PORT_SITES[elsewhere][0])) is not None
    target = B.PORT_SITES[site][1]
    g.apply(BuildShip("trade", target))
    assert g.occ_kind[target] == TRADE_SHIP and g.occ_owner[target] == seat
    g.apply(ChooseStartUpgrade("cannon"))
    assert g.upgrades[seat] == [0, 1, 0]


def test_edge_05_strategic_keeps_outposts_wild_may_drop_one() -> None:
    """Case 5: strategic never removes an outpost; wild space may, leaving that civ unused."""
    for seed in range(30):
        g = make(4, seed=seed, variant="strategic")
        assert all(s >= 0 for s in g.outpost_slot), seed
        placed = {t for t in g.slot_tile if t >= 0}
        assert len(placed) == 15
        (removed,) = set(range(16)) - placed
        assert TILES[removed].star == 1 and TILES[removed].kind != OUTPOST
    missing_seen = 0
    for seed in range(40):
        g = make(4, seed=seed, variant="wild_space")
        for s in B.NEAR_SLOTS + B.FAR_SLOTS:
            flight.discover(g, s)
        assert sum(g.tile_pool) == 1
        absent = [c for c in range(4) if g.outpost_slot[c] < 0]
        if absent:
            missing_seen += 1
            civ = absent[0]
            # no docking point for it anywhere, so its marker and cards stay unused
            assert not any(
                g.slot_tile[s] >= 0 and TILES[g.slot_tile[s]].civ == civ for s in range(19)
            )
            assert g.marker[civ] == -1
            assert all(g.fstack[k] for k in range(17) if CARD_CIV[k] == civ)
    assert missing_seen > 0


def test_edge_06_starting_hands() -> None:
    """Case 6: default 3 of each (stacks shrink by 3n); rulebook 3 reserve cards (reserve 40-3n)."""
    for n in (3, 4):
        g = make(n, seed=2)
        assert all(h == [3, 3, 3, 3, 3] for h in g.hands)
        assert g.supply == [12 - 3 * n] * 5
        assert sum(g.reserve) == 40
        r = make(n, seed=2, starting_hand="rulebook")
        assert all(sum(h) == 3 for h in r.hands)
        assert sum(r.reserve) == 40 - 3 * n
        assert r.supply == [12] * 5


def test_edge_07_disc_pools_by_icon_and_star() -> None:
    """Case 7: every planet gets a disc of its own icon and star class; surplus set aside."""
    for seed in range(10):
        g = make(4, seed=seed, variant="strategic")
        for s in B.NEAR_SLOTS + B.FAR_SLOTS:
            if g.slot_kind[s] == PLANETARY:
                flight.explore(g, s)
        used = [[0] * 20 for _ in range(6)]
        for pi in range(12, B.NUM_PLANETS):
            if g.planet_res[pi] >= 0:
                pool = 3 * (g.planet_star[pi] - 1) + g.planet_icon[pi]
                used[pool][g.planet_disc[pi]] += 1
        for k in range(6):
            pools = zip(used[k], g.disc_pools[k], DISC_POOLS[k], strict=True)
            assert all(u + left == full for u, left, full in pools)
        # the discs of the planets in play were used; the surplus stays in the pools, unseen
        systems = sum(1 for t in g.slot_tile if t >= 0 and TILES[t].kind == PLANETARY)
        assert sum(map(sum, g.disc_pools)) == 24 - 3 * systems


def test_edge_50_board_invariants() -> None:
    """Case 50: 540 vertices, no shared sector vertex, colony sites, connectivity, 525/732."""
    assert B.NUM_VERTICES == 540
    owners: dict[int, int] = {}
    for s in B.SLOTS:
        for x in (s.centre, *s.ring):
            assert x not in owners
            owners[x] = s.index
    g = make(4, seed=1)
    for site in B.ALL_SITES:
        if g.slot_kind[B.INNER_SLOT[site]] in (PLANETARY, 3):
            assert len(B.SITE_PLANETS[site]) == 2
            assert len(B.PORT_SITES[site]) == 2
            assert all(g.is_point[x] for x in B.PORT_SITES[site])
    points = [x for x in range(540) if g.is_point[x]]
    lanes = sum(1 for a in points for b in B.NEIGHBOURS[a] if a < b and g.is_point[b])
    assert len(points) == 525 and lanes == 732
    seen = {points[0]}
    stack = [points[0]]
    while stack:
        a = stack.pop()
        for b in B.NEIGHBOURS[a]:
            if g.is_point[b] and b not in seen:
                seen.add(b)
                stack.append(b)
    assert len(seen) == len(points)
    # no outposts visible: 521 points and 720 lanes
    d = make(4, seed=1, variant="discoverer")
    pts = [x for x in range(540) if d.is_point[x]]
    assert len(pts) == 521
    assert sum(1 for a in pts for b in B.NEIGHBOURS[a] if a < b and d.is_point[b]) == 720
    assert all(TILES[t].kind != OUTPOST or t in (8, 9, 10, 11) for t in range(16))
    enter_flight(g)


def test_the_first_turn_of_play_is_turn_1_in_every_variant() -> None:
    """As in the base game, turn 0 is the setup: the first roll's turn is turn 1, the next
    seat's turn 2 (the first game began play at turn 0, so a save in the first turn read
    "setting up" and the log's first turn line said "Turn 0")."""
    from engine.config import GameConfig
    from engine.registry import new_game
    from engine.rng import Rng
    from engine.shared.actions import EndTurn

    for variant in ("first_game", "strategic", "discoverer", "wild_space"):
        game = new_game(GameConfig("starfarers", 4, 19, {"variant": variant}))
        rng = Rng(19)
        turns = []
        while game.view(0)["phase"] != "pre_roll":
            legal = game.legal_actions()
            events = game.apply(legal[rng.below(len(legal))])
            turns += [e.data["turn"] for e in events if e.kind == "turn"]
        assert game.view(0)["turn"] == 1, variant
        assert turns == ([] if variant == "first_game" else [1]), variant
        first = game.current
        game.apply(game.legal_actions()[0])  # the roll
        while game.current == first:
            legal = game.legal_actions()
            end = [a for a in legal if isinstance(a, EndTurn)]
            events = game.apply(end[0] if end else legal[rng.below(len(legal))])
        assert [e.data["turn"] for e in events if e.kind == "turn"] == [2], variant
