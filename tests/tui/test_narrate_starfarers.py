"""Every event the Starfarers engine can emit is told as a sentence that means what happened.

The kinds are read from the engine's source, so a new event kind without a
sentence here fails this test instead of reaching the log as field names.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.config import GameConfig
from engine.events import Event
from engine.game import Game
from engine.registry import new_game
from engine.rulesets.starfarers.actions import RemoveUpgrade, Shake
from tests.starfarers.helpers import make, script, to_main
from tests.starfarers.test_edge_encounters import BLACK_PAIR, _deck
from tui.narrate import narrate

NAMES = ["Red", "Blue", "White", "Orange"]
ROOT = Path(__file__).resolve().parents[2]

# kind -> (the event as seat 0 receives it, the sentence seat 0 reads; None = no log line)
TOLD: dict[str, tuple[dict[str, Any], str | None]] = {
    "build": ({"seat": 1, "piece": "colony_ship"}, "Blue built a colony ship."),
    "buy_fame": ({"seat": 1}, "Blue bought fame: a half medal."),
    "contest": (
        {"seat": 1, "opponent": 2, "stat": "combat", "total": 5, "opponent_total": 3, "won": 1},
        "Blue won a combat contest against White: 5 to 3 (a new shake each, plus cannons).",
    ),
    "discard": ({"seat": 1, "resource": "ore"}, "Blue discarded 1 ore."),
    "must_discard": ({"owed": {"1": 4}}, "Seven! Discard half: Blue 4."),
    "discover": (
        {"slot": 4, "tile": "T3", "rotation": 0},
        "A sector was discovered: a planetary system.",
    ),
    "encounter": ({"seat": 1, "answer_kind": "yes_no"}, "Blue meets an encounter."),
    "encounter_cannot_pay": ({"seat": 1}, "Blue cannot pay."),
    "encounter_card_out": (
        {"seat": 1, "resource": "ore", "to": -1},
        "Blue gave up 1 ore to the supply.",
    ),
    "encounter_done": ({"seat": 1}, None),
    "encounter_gift": ({"seat": 1, "count": 2, "to": 0}, "Blue gave 2 cards to you."),
    "encounter_revealed": (
        {"seat": 1, "card": 3, "name": "Pilgrims", "answer": None},
        "Encounter: Pilgrims.",
    ),
    "encounter_shake": (
        {"seat": 1, "balls": ["black"], "hit": False, "test": "cannon"},
        "Blue shook for the encounter: black (the cannon test? no).",
    ),
    "encounter_take": (
        {"seat": 1, "resource": "ore", "count": 1},
        "Blue took 1 ore from the supply.",
    ),
    "end_move": ({"seat": 1, "at": 3, "ship": "trade_ship"}, "Blue's trade ship stopped."),
    "explore": (
        {"slot": 3, "discs": ["pirate5", "6"]},
        "Number discs turned up: a pirate base (strength 5), 6.",
    ),
    "fly": ({"seat": 1, "from": 1, "to": 2, "left": 3}, None),
    "found_colony": ({"seat": 1, "site": 3}, "Blue founded a colony."),
    "free_trade_ship": ({"seat": 1, "site": 3}, "Blue got a free trade ship."),
    "friendship_card": (
        {"seat": 1, "card": "merchants_fuel"},
        "Blue took the friendship card Merchants: fuel (trade fuel with the supply 2 for 1).",
    ),
    "friendship_marker": (
        {"civilisation": "merchants", "from": -1, "to": 1},
        "Blue now holds the Merchants friendship marker.",
    ),
    "game_over": (
        {"winner": 1, "scores": [3, 15, 4, 5]},
        "Blue wins the game! Scores: Blue 15, Orange 5, White 4, you 3.",
    ),
    "half_medals": ({"seat": 1, "change": -1}, "Blue lost a half medal."),
    "jump": ({"seat": 1, "from": 1, "to": 3}, "Blue's ship jumped through the wormhole."),
    "jump_ready": ({"seat": 1}, "Blue may jump a ship through the wormhole."),
    "pirate_base_defeated": (
        {"seat": 1, "planet": 3, "token": "pirate5", "disc": "8"},
        "Blue defeated a pirate base (strength 5); its number disc is 8.",
    ),
    "ice_planet_terraformed": (
        {"seat": 1, "planet": 3, "token": "ice4", "disc": "8"},
        "Blue terraformed an ice planet (strength 4); its number disc is 8.",
    ),
    "place": ({"seat": 1, "piece": "colony", "site": 3}, "Blue placed a colony."),
    "production": ({"roll": 6, "gains": {"0": {"ore": 1}}}, "You get 1 ore."),
    "relief": ({"seat": 1, "resource": "ore"}, "Blue took 1 ore from the reserve."),
    "reserve_draw": (
        {"seat": 1, "count": 2, "cards": None},
        "Blue draws 2 cards from the reserve.",
    ),
    "dice": ({"seat": 1, "dice": [2, 4], "total": 6}, "Blue rolled 6 (2 + 4)."),
    "shake": (
        {"seat": 1, "balls": ["black", "yellow"], "base_speed": 3},
        "Blue shook the mothership: black and yellow (base speed 3).",
    ),
    "ship_stuck": ({"seat": 1, "ship": 3}, "Blue's ship is held up (it flies no more this turn)."),
    "start_player": ({"seat": 1, "rolls": [3, 9, 4, 2]}, "Blue starts."),
    "starting_hand": ({"seat": 1, "count": 2, "cards": None}, "Blue starts with 2 cards."),
    # the public hand of the first game (3 of each resource) carries its size as `cards`
    "steal": ({"seat": 1, "victim": 2, "resource": None}, "Blue stole a card from White."),
    "maritime_trade": (
        {"seat": 1, "count": 3, "give": "ore", "get": "fuel"},
        "Blue traded 3 ore for 1 fuel.",
    ),
    "trade_ship_lost": ({"seat": 1}, "Blue missed out on a trade ship."),
    "trade_ship_token": ({"seat": 1}, "Blue got a trade ship token."),
    "trade_station": (
        {"seat": 1, "civilisation": "green_folk"},
        "Blue founded a trade station at the Green Folk outpost.",
    ),
    "turn": ({"seat": 1, "turn": 5}, "— Turn 5: Blue —"),
    "upgrade_gained": (
        {"seat": 1, "upgrade": "pod"},
        "Blue gained a freight pod for the mothership.",
    ),
    "upgrade_lost": ({"seat": 1, "upgrade": "booster"}, "Blue lost a booster from the mothership."),
}


def _emitted_kinds() -> set[str]:
    """Every event kind the Starfarers engine (and the shared game loop) can emit."""
    files = [*sorted((ROOT / "engine/rulesets/starfarers").glob("*.py")), ROOT / "engine/game.py"]
    kinds: set[str] = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            if name == "Event":
                arg = node.args[0] if node.args else None
            elif name == "private_cards" and len(node.args) > 1:
                arg = node.args[1]
            else:
                continue
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                kinds.add(arg.value)
    # flight._conquer takes its kind as a parameter: the two it is called with
    return kinds | {"pirate_base_defeated", "ice_planet_terraformed"}


def test_every_emitted_kind_has_a_sentence_here() -> None:
    missing = _emitted_kinds() - set(TOLD)
    assert not missing, f"event kinds with no sentence in this test: {sorted(missing)}"


@pytest.mark.parametrize("kind", sorted(TOLD))
def test_each_kind_reads_as_what_happened(kind: str) -> None:
    data, sentence = TOLD[kind]
    assert narrate({"kind": kind, **data}, NAMES, 0) == sentence


@pytest.mark.parametrize("lost", ["booster", "cannon", "pod"])
def test_a_lost_upgrade_is_told_as_lost(lost: str) -> None:
    g = make(4, seed=1)
    to_main(g)
    p = g.current
    for k, n in enumerate((3, 2, 2)):  # 7 upgrades, so the ion storm takes one
        g.upgrade_stock[k] += g.upgrades[p][k] - n
        g.upgrades[p][k] = n
    _deck(g, 3, 31, 32)
    script(g, below=[BLACK_PAIR, 1, 1, 0])
    g.apply(Shake())
    events = g.apply(RemoveUpgrade(lost))
    lines = [narrate(e.for_seat(s), NAMES, s) for e in events for s in (p, (p + 1) % 4)]
    name = {"booster": "a booster", "cannon": "a cannon", "pod": "a freight pod"}[lost]
    mine = f"You lost {name} from the mothership."
    theirs = f"{NAMES[p]} lost {name} from the mothership."
    assert mine in lines and theirs in lines, lines
    assert not any("added" in (line or "") for line in lines), lines


def test_a_starting_hand_is_told_as_cards_to_its_owner_and_a_count_to_others() -> None:
    game = make(3, seed=3, starting_hand="rulebook")  # dealt while the game is set up
    hands = [e for e in game.initial_events if e.kind == "starting_hand"]
    assert hands, "the first game dealt no starting hand"
    hand = next(e for e in hands if e.data["count"] > 1)
    owner, other = hand.data["seat"], (hand.data["seat"] + 1) % 3
    mine = narrate(hand.for_seat(owner), NAMES, owner) or ""
    assert mine.startswith("You start with ") and "None" not in mine, mine
    assert any(f" {r}" in mine for r in ("ore", "fuel", "carbon", "food", "goods")), mine
    theirs = narrate(hand.for_seat(other), NAMES, other) or ""
    assert theirs == f"{NAMES[owner]} starts with {hand.data['count']} cards.", theirs


def test_the_public_first_game_hand_is_told_by_its_size() -> None:
    game = make(3, seed=3)
    hand = next(e for e in game.initial_events if e.kind == "starting_hand")
    seat = hand.data["seat"]
    line = narrate(hand.for_seat(seat), NAMES, (seat + 1) % 3)
    assert line == f"{NAMES[seat]} starts with 15 cards.", line


def test_an_outposts_docking_point_is_named_by_its_civilisation() -> None:
    from tui.narrate_starfarers import place_namer

    view = make(seats=3, seed=3).view(0)
    outposts = [
        (slot, sector)
        for slot, sector in zip(view["board"]["slots"], view["sectors"], strict=True)
        if sector.get("kind") == "outpost" and sector.get("civilisation")
    ]
    assert outposts
    name = place_namer(view)
    for slot, sector in outposts:
        civ = str(sector["civilisation"]).replace("_", " ").title()
        assert name(slot["centre"]) == f" at the {civ} outpost"
    stop = {"seat": 0, "at": outposts[0][0]["centre"]}
    assert narrate({"kind": "end_move", **stop}, NAMES, 0, name) == (
        f"Your ship stopped at the {str(outposts[0][1]['civilisation']).replace('_', ' ').title()}"
        " outpost."
    )


@pytest.mark.parametrize(
    ("test", "hit", "said"),
    [
        ("sum_ge_4", True, "a speed of 4 or more? yes"),
        ("black", False, "a black ball? no"),  # Smugglers: the good outcome, not "failed"
        ("red", True, "a red ball? yes"),
    ],
)
def test_a_shake_says_what_it_needed_in_words(test: str, hit: bool, said: str) -> None:
    """The log showed the engine's name of the test: "(the sum_ge_4 test failed)"."""
    event = {"kind": "encounter_shake", "seat": 0, "balls": ["yellow", "red"], "test": test}
    line = narrate(dict(event, hit=hit), NAMES, 0)
    assert line == f"You shook for the encounter: yellow and red ({said}).", line


@pytest.mark.parametrize(
    ("kind", "answer", "said"),
    [
        ("offer", 2, "Encounter: Haggler; Blue offered 2 cards."),
        ("offer", 1, "Encounter: Haggler; Blue offered 1 card."),
        ("offer", 0, "Encounter: Haggler; Blue offered nothing."),
        ("yesno", 1, "Encounter: Haggler; Blue answered yes."),
        ("yesno", 0, "Encounter: Haggler; Blue answered no."),
        ("none", None, "Encounter: Haggler."),
    ],
)
def test_a_revealed_encounter_says_the_answer_given(
    kind: str, answer: int | None, said: str
) -> None:
    """The card's name alone repeated the line before it ("You meet an encounter: Haggler.");
    others learn the answer only here."""
    event = {"kind": "encounter_revealed", "seat": 1, "card": 3, "name": "Haggler"}
    line = narrate(dict(event, answer=answer, answer_kind=kind), NAMES, 0)
    assert line == said
    mine = narrate(dict(event, seat=0, answer=answer, answer_kind=kind), NAMES, 0)
    assert mine == said.replace("Blue", "you")


@pytest.mark.parametrize(
    ("card", "name", "kind", "answer", "said"),
    [
        (7, "Friendly freighter", "offer", 2, "Blue offered 2 cards. Nothing else comes of it."),
        (7, "Friendly freighter", "offer", 0, "Blue offered nothing."),  # the freighter sulks
        (6, "Cargo swap", "yesno", 0, "Blue answered no. Nothing else comes of it."),
        (6, "Cargo swap", "yesno", 1, "Blue answered yes."),  # the swap follows
    ],
)
def test_an_answer_that_leads_to_nothing_says_so(
    card: int, name: str, kind: str, answer: int, said: str
) -> None:
    """The Friendly freighter's 2 cards bought nothing the log showed: the player looked for
    what they brought. The card's outcome for the answer is empty, and the line says so."""
    event = {"kind": "encounter_revealed", "seat": 1, "card": card, "name": name}
    line = narrate(dict(event, answer=answer, answer_kind=kind), NAMES, 0)
    assert line == f"Encounter: {name}; {said}"


def _events(seed: int, steps: int = 20000) -> Iterator[tuple[Game, Event]]:
    """Each event of a four-seat Starfarers game played by seeded random choices (`seed`
    for the board and the choices), with the game just after it; a caller stops when it
    has seen enough."""
    game = new_game(GameConfig("starfarers", 4, seed, {}))
    rng = random.Random(seed)
    for _ in range(steps):
        if game.to_act is None:
            return
        for e in game.apply(rng.choice(game.legal_actions())):
            yield game, e


def test_the_engine_names_the_answer_kind_of_a_revealed_encounter() -> None:
    """Seed 3, seeded random play until an encounter is answered: the event carries the
    card's kind of answer, as the narration needs."""
    kinds: set[object] = set()
    for _, e in _events(3):
        if e.kind == "encounter_revealed":
            kinds.add(e.data["answer_kind"])
            if len(kinds) == 3:
                break
    assert kinds == {"offer", "yesno", "none"}


def test_a_stop_names_the_kind_of_ship_that_flew() -> None:
    """Seen in play: "White's ship stopped by …" and "White's ship stopped in open space
    near …" in one turn, two ships told apart by nothing. Seed 4, seeded random play: each
    stop names the piece the view then shows at its point, and both kinds are seen."""
    said: set[str] = set()
    for game, e in _events(4):
        if e.kind != "end_move":
            continue
        pieces = {p["point"]: p["piece"] for p in game.view(0)["pieces"]}
        assert e.data["ship"] == pieces[e.data["at"]]
        line = narrate({"kind": "end_move", **e.data}, NAMES, 0)
        kind = str(e.data["ship"]).replace("_", " ")
        whose = "Your" if e.data["seat"] == 0 else f"{NAMES[e.data['seat']]}'s"
        assert line is not None and line.startswith(f"{whose} {kind} stopped"), line
        said.add(kind)
        if len(said) == 2:
            break
    assert said == {"colony ship", "trade ship"}
    # an event without the kind (a log written before it was told) still reads
    assert narrate({"kind": "end_move", "seat": 1, "at": 3}, NAMES, 0) == "Blue's ship stopped."


def test_a_jump_through_the_wormhole_says_where_the_ship_came_out() -> None:
    """It said "Blue's ship jumped in home system beta" (or "jumped by fuel 4")."""
    from tui.narrate_starfarers import place_namer

    view = make(seats=3, seed=3).view(0)
    name = place_namer(view)
    outpost = next(
        slot["centre"]
        for slot, sector in zip(view["board"]["slots"], view["sectors"], strict=True)
        if sector.get("kind") == "outpost"
    )
    event = {"kind": "jump", "seat": 1, "from": 0, "to": outpost}
    line = narrate(event, NAMES, 0, name)
    assert line == f"Blue's ship jumped through the wormhole; it is now{name(outpost)}.", line
    assert name(outpost).startswith(" at the ")


def test_a_planet_under_a_token_is_named_by_the_token() -> None:
    """A scan of played games showed "by carbon 9 / food 12 / fuel pirate5"."""
    from tui.narrate_starfarers import _planet_label

    assert _planet_label({"resource": "fuel", "disc": "pirate5"}) == "a pirate base (strength 5)"
    assert _planet_label({"resource": "ore", "disc": "ice4"}) == "an ice planet (strength 4)"
    assert _planet_label({"resource": "ore", "disc": 9}) == "ore 9"
    assert _planet_label({"resource": "ore", "disc": "?"}) == "ore"


SIDES = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
"""The eight sides a point in open space can lie on of its sector, as the log says them."""


def test_open_space_is_named_by_the_closest_sector_with_something_in_it() -> None:
    """Three lines of "White's ship stopped in open space." said nothing of where. Seed 3:
    every point in no sector is named by the nearest non-empty sector's centre, checked
    against an independent search over the board's points, and the side of it the point
    lies on (two stops "in open space near home system beta" read alike): straight above a
    centre on the map is north, beside it east or west."""
    from engine.rulesets.starfarers import board as B
    from tui.narrate_starfarers import place_namer

    view = make(seats=4, seed=3).view(0)
    name = place_namer(view)
    slots, sectors = view["board"]["slots"], view["sectors"]
    inside = {
        p
        for slot in slots
        for p in [slot["centre"], *(slot.get("inner") or []), *(slot.get("outer") or [])]
    }
    centres = [slot["centre"] for slot in slots if sectors[slot["index"]].get("kind") != "empty"]
    named = 0
    sides: set[str] = set()
    systems = 0
    for v in range(B.NUM_VERTICES):
        if v in inside:
            continue
        x, y = B.vertex_xy(v)
        closest = min(
            centres, key=lambda c: (B.vertex_xy(c)[0] - x) ** 2 + (B.vertex_xy(c)[1] - y) ** 2
        )
        said = name(v)
        head, _, sector = said.partition(" of ")
        beside = name(closest).split(" ", 2)
        if beside[1] == "beside" and not beside[2].startswith("an unexplored"):
            assert sector == f"the system of {beside[2]}", (v, said)  # not "of carbon 11" alone
            systems += 1
        else:
            assert sector == beside[2], (v, said)
        side = head.removeprefix(" in open space ")
        assert side in SIDES, (v, said)
        cx, cy = B.vertex_xy(closest)
        if x == cx:  # straight above or below it on the map (y grows northwards)
            assert side == ("north" if y > cy else "south"), (v, said)
        if y == cy:
            assert side == ("east" if x > cx else "west"), (v, said)
        sides.add(side)
        named += 1
    assert named > 100
    assert sides == set(SIDES), sides  # every side is said somewhere on this board
    assert systems, "seed 3 should have open space nearest a planetary system"


def test_a_speed_contest_says_where_its_numbers_come_from() -> None:
    """Seen in play: "lost a speed contest against Blue: 4 to 8" when the ship's speed that
    turn was 5. A contest shakes again and adds boosters (cannons for combat)."""
    event = {"kind": "contest", "seat": 0, "opponent": 1, "stat": "speed", "total": 4,
             "opponent_total": 8, "won": 0}  # fmt: skip
    said = narrate(event, NAMES, 0)
    assert (
        said == "You lost a speed contest against Blue: 4 to 8 (a new shake each, plus boosters)."
    )
