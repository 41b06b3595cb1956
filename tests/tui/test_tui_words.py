"""Narration (events in words) and the mapping from legal actions to keyed commands."""

from __future__ import annotations

import random
import re

import pytest

from engine.config import GameConfig
from engine.registry import new_game
from tui import choices
from tui.narrate import narrate, seat_names
from tui.narrate_starfarers import place_namer

NAMES = seat_names(4)


def test_base_events_read_well() -> None:
    assert narrate({"kind": "build", "seat": 1, "piece": "road", "edge": 3}, NAMES) == (
        "Blue built a road."
    )
    assert narrate({"kind": "build", "seat": 0, "piece": "city", "vertex": 3}, NAMES, 0) == (
        "You built a city."
    )
    assert narrate({"kind": "dice", "seat": 2, "dice": [3, 4], "total": 7}, NAMES) == (
        "White rolled 7 (3 + 4)."
    )
    stolen = {"kind": "steal", "seat": 3, "victim": 0, "resource": None}
    assert narrate(stolen, NAMES, 0) == "Orange stole a card from you."
    assert narrate(dict(stolen, resource="ore"), NAMES, 3) == "You stole 1 ore from Red."
    offer = {
        "kind": "trade_offer",
        "trade": {"offerer": 1, "give": {"ore": 1}, "get": {"wool": 2}, "to": []},
    }
    assert narrate(offer, NAMES) == "Blue offers 1 ore for 2 wool to everyone."
    offer["trade"]["to"] = [0, 2]  # "to you, White" read as if you were White
    assert narrate(offer, NAMES, 0) == "Blue offers 1 ore for 2 wool to you and White."
    offer["trade"]["to"] = [0, 2, 3]
    assert narrate(offer, NAMES, 0) == "Blue offers 1 ore for 2 wool to you, White and Orange."


SILENT = {"fly", "encounter_done"}
"""Told elsewhere: a flight by its end_move line, an encounter by its outcome lines."""


def test_every_event_of_a_played_game_gets_a_sentence() -> None:
    for ruleset, steps in (("base", 3000), ("starfarers", 2000)):
        game = new_game(GameConfig(ruleset, 4, 5, {}))
        rng = random.Random(5)
        for _ in range(steps):
            if game.to_act is None:
                break
            legal = [a for a in game.legal_actions() if a.type != "offer_trade"]
            for event in game.apply(rng.choice(legal)):
                where = place_namer(game.view(0)) if ruleset == "starfarers" else None
                for seat in (None, 0, 1):
                    data = event.for_seat(seat)
                    line = narrate(data, NAMES, seat, where)
                    if event.kind in SILENT or _nothing_happened(data):
                        assert line is None, (event.kind, line)
                        continue
                    assert line and "{" not in line, (event.kind, line)
                    assert ":" not in line.split(".")[0] or event.kind in WITH_COLON, line


WITH_COLON = {
    "shake",
    "encounter_shake",
    "encounter_revealed",
    "must_discard",
    "contest",
    "explore",
    "discover",
    "friendship_card",
    "encounter",
    "turn",
    "production",
    "game_over",
    "monopoly",  # "took all the ore: 3 from you"
}
"""Kinds whose own phrasing uses a colon; any other colon means the generic fallback ran."""


def _nothing_happened(data: dict[str, object]) -> bool:
    """Events that carry no news: nobody owes a discard, a draw of 0, a medal change of 0."""
    kind = data.get("kind")
    if kind == "must_discard":
        return not any((data.get("owed") or {}).values())
    if kind == "reserve_draw":
        return not data.get("count")
    if kind == "half_medals":
        return not data.get("change")
    return False


def test_unknown_events_name_the_actor() -> None:
    line = narrate({"kind": "meteor_shower", "seat": 2, "site": 64}, NAMES)
    assert line == "White: meteor shower (site 64)."


def test_starfarers_events_read_well() -> None:
    game = new_game(GameConfig("starfarers", 4, 1, {}))
    view = game.view(0)
    where = place_namer(view)
    slot = view["board"]["slots"][5]  # N2 on the first-game board: a planetary system
    planets = {p["planet"]: p for p in view["planets"]}
    a, b = slot["inner_planets"][2]
    site = slot["inner"][2]
    expected = f" beside {planets[a]['resource']} and {planets[b]['resource']}"
    assert where(site) == expected
    # three planets, in words (it read "by carbon 4 / a pirate base (strength 4) / goods 5",
    # and "stopped by a pirate base" as the pirates stopping the ship)
    first, second, third = (planets[p]["resource"] for p in slot["planets"])
    assert where(slot["centre"]) == f" beside {first}, {second} and {third}"
    built = {"kind": "build", "seat": 1, "piece": "colony_ship", "site": site}
    assert narrate(built, NAMES, 0, where) == f"Blue built a colony ship{expected}."
    home = view["board"]["slots"][0]["inner"][0]
    assert narrate({"kind": "end_move", "seat": 0, "at": home}, NAMES, 0, where) == (
        "Your ship stopped in home system \N{GREEK SMALL LETTER ALPHA}."
    )
    assert narrate({"kind": "build", "seat": 2, "piece": "pod"}, NAMES) == (
        "White added a freight pod to the mothership."
    )
    shake = {"kind": "shake", "seat": 3, "balls": ["yellow", "black"], "base_speed": 3}
    assert narrate(shake, NAMES) == "Orange shook the mothership: yellow and black (base speed 3)."
    card = {"kind": "friendship_card", "seat": 1, "card": "green_folk_fuel"}
    assert narrate(card, NAMES) == (
        "Blue took the friendship card Green Folk: fuel (+1 whenever your planets produce fuel)."
    )
    stolen = {"kind": "steal", "seat": 1, "victim": 3, "resource": None}
    assert narrate(stolen, NAMES, 3) == "Blue stole a card from you."
    assert narrate({"kind": "fly", "seat": 1, "from": 1, "to": 2, "left": 3}, NAMES) is None


def test_commands_for_base_actions() -> None:
    legal = [
        {"type": "build_road", "edge": 4},
        {"type": "build_road", "edge": 9},
        {"type": "build_settlement", "vertex": 12},
        {"type": "maritime_trade", "give": "ore", "get": "wool"},
        {"type": "end_turn"},
    ]
    cmds = {c.key: c for c in choices.commands(legal)}
    assert set(cmds) == {"d", "s", "m", "e"}
    assert cmds["d"].mode == "target" and cmds["d"].target_kind == "edge"
    assert sorted(cmds["d"].targets()) == [4, 9]
    assert cmds["m"].mode == "dialog" and cmds["e"].mode == "direct"


def test_a_production_shortage_is_told() -> None:
    """Seen in play: "Nobody produced anything. Nobody got fuel: ...", twice over for two
    resources: the shortage alone says why nobody got anything."""
    short = {"resource": "fuel", "supply": 1, "owed": 3}
    event = {"kind": "production", "roll": 5, "gains": {}, "short": [short]}
    assert narrate(event, NAMES) == (
        "The supply had too little fuel (1 for 3 owed): nobody got any."
    )
    two = dict(event, short=[short, dict(short, resource="ore", supply=0, owed=2)])
    assert narrate(two, NAMES) == (
        "The supply had too little fuel (1 for 3 owed): nobody got any. "
        "The supply had too little ore (0 for 2 owed): nobody got any."
    )
    partial = dict(event, gains={"0": {"fuel": 1}}, short=[dict(short, owed=2)])
    assert narrate(partial, NAMES, 0) == (
        "You get 1 fuel. Not enough fuel: the supply had 1 and 2 were owed."
    )


def test_commands_for_starfarers_and_unknown_actions() -> None:
    legal = [
        {"type": "build_ship", "kind": "colony", "site": 5},
        {"type": "build_ship", "kind": "trade", "site": 5},
        {"type": "fly_step", "ship": 40, "to": 41},
        {"type": "warp_drive", "sector": 3},
        {"type": "warp_drive", "sector": 4},
        {"type": "ponder"},
    ]
    cmds = {c.key: c for c in choices.commands(legal, "starfarers")}
    assert cmds["c"].label == "Build a colony ship" and cmds["c"].target_kind == "point"
    assert cmds["i"].label == "Build a trade ship"
    assert cmds["w"].mode == "flight" and cmds["w"].actions == [legal[2]]
    assert cmds["1"].mode == "target" and cmds["1"].target_kind == "sector"
    assert cmds["2"].mode == "direct"


def test_a_lone_decision_opens_by_itself() -> None:
    cmds = choices.commands([{"type": "discard", "resource": "ore"}])
    assert choices.auto_command(cmds) is cmds[0]
    assert choices.auto_command(choices.commands([{"type": "roll"}])) is None


def test_gold_picks_are_told() -> None:
    owed = {"kind": "production", "gains": {"0": {"grain": 1}}, "gold": {"1": 1, "2": 2}}
    assert narrate(owed, NAMES, 1) == (
        "Red gets 1 grain. You pick 1 from gold. White picks 2 from gold."
    )
    # Seen in a scan of Fleet games: "Nobody produced anything. White picks 1 from gold."
    only_gold = {"kind": "production", "gains": {}, "gold": {"2": 1}}
    assert narrate(only_gold, NAMES, 0) == "White picks 1 from gold."
    picked = {"kind": "pick_gold", "seat": 1, "resource": "ore"}
    assert narrate(picked, NAMES, 0) == "Blue took 1 ore from a gold field."


def test_the_person_is_lower_case_inside_a_sentence() -> None:
    """Seen in play: "The barbarians pillaged Your city"; "a city is pillaged: You, Blue"."""
    from tui.faces import face

    ck, fleet = face("ck").tell(), face("fleet").tell()
    lost = {"kind": "city_lost", "seat": 0, "vertex": 3}
    assert narrate(lost, NAMES, 0, None, ck) == (
        "The barbarians pillaged your city: it is a settlement again."
    )
    assert narrate(lost, NAMES, 1, None, ck) == (
        "The barbarians pillaged Red's city: it is a settlement again."
    )
    attack = {"kind": "attack", "barbarians": 3, "defenders": 1, "pillaged": [0, 1]}
    assert narrate(attack, NAMES, 0, None, ck) == (
        "The barbarians attack: barbarians 3, knights of Catan 1."
        " The barbarians win; a city is pillaged: you, Blue."
        " Every knight is inactive now and the ship sails back to its start."
    )
    # seen in play: nothing said who gave what, which decides Defender and pillage
    shared = attack | {"contributions": [0, 1, 0, 0]}
    assert (narrate(shared, NAMES, 0, None, ck) or "").startswith(
        "The barbarians attack: barbarians 3, knights of Catan 1 (you 0, Blue 1, White 0,"
        " Orange 0). The barbarians win"
    )
    tied = {"kind": "attack", "barbarians": 2, "defenders": 4, "catan_wins": True, "tied": [2, 0]}
    said = narrate(tied, NAMES, 0, None, ck) or ""
    assert "Tied defenders draw a progress card: White, you. Every knight" in said, said
    got = {"kind": "production", "gains": {"0": {"ore": 1}, "1": {"wool": 2}}}
    assert narrate(got, NAMES, 1) == "Red gets 1 ore; you get 2 wool."
    assert narrate(got, NAMES, 0) == "You get 1 ore; Blue gets 2 wool."
    taken = {"kind": "taken", "seat": 1, "card": "ore", "taken": {"0": 1, "2": 2}}
    said = narrate(taken, NAMES, 0, None, ck)
    assert said == "Blue took 3 ore (you 1, White 2).", said
    owed = {"kind": "must_discard", "owed": {"0": 4, "2": 5}}
    assert narrate(owed, NAMES, 0) == "Seven! Discard half: you 4, White 5."
    cancelled = {"kind": "harbor_cancelled", "seat": 0, "with": 3}
    assert narrate(cancelled, NAMES, 0, None, ck) == (
        "Orange had no commodity: your harbour exchange is cancelled."
    )
    chip = {"kind": "islet_chip", "islet": 2, "holder": -1, "previous": 0}
    said = narrate(chip, NAMES, 0, None, fleet) or ""
    assert said.endswith("(you lost it)."), said
    pirate = {"kind": "pirate", "seat": 2, "sunk": {"1": [4], "0": [5, 6]}, "spared": [0]}
    said = narrate(pirate, NAMES, 0, None, fleet) or ""
    assert said.endswith(": you lost 2 ships; Blue lost 1 ship; your 2-ship fleet was let go."), (
        said
    )


def test_a_hex_takes_the_preposition_its_sentence_needs() -> None:
    """C&K said "moved the robber on fields 10", "The number chips of on fields 10 and on
    hills 6" and "The robber on on fields 10 keeps..."; its Inventor dialog "Swap on ..."."""
    from tui.choices_ck import say
    from tui.faces import face
    from tui.places import hex_namer

    game = new_game(GameConfig("ck", 3, 5, {}))
    view = game.view(0)
    where = hex_namer(view)
    assert where is not None
    hexes = view["board"]["hexes"]
    a, b = [i for i, h in enumerate(hexes) if h["number"]][:2]
    name = {i: f"{hexes[i]['terrain']} {hexes[i]['number']}" for i in (a, b)}
    ck = face("ck").tell()

    def said(event: dict[str, object]) -> str | None:
        return narrate(event, NAMES, 0, where, ck)

    assert said({"kind": "robber", "seat": 1, "hex": a}) == f"Blue moved the robber to {name[a]}."
    assert said({"kind": "merchant", "seat": 0, "hex": a}) == (
        f"You placed the merchant on {name[a]} (+1 VP)."
    )
    # Told by the places before the swap (`RulesetFace.namers`): what each hex was, and is.
    ta, na = hexes[a]["terrain"], hexes[a]["number"]
    tb, nb = hexes[b]["terrain"], hexes[b]["number"]
    assert said({"kind": "numbers_swapped", "hex": a, "other": b}) == (
        f"Two number chips were swapped (Inventor): {ta} {na} is now {ta} {nb}, "
        f"{tb} {nb} is now {tb} {na}."
    )
    # The merchant's point goes with it: moving one's own merchant gains nothing.
    assert said({"kind": "merchant", "seat": 0, "hex": a, "previous": 0}) == (
        f"You moved the merchant to {name[a]} (still 1 VP)."
    )
    assert said({"kind": "merchant", "seat": 0, "hex": a, "previous": 1}) == (
        f"You placed the merchant on {name[a]}, taking it from Blue (+1 VP)."
    )
    blocked = {"hex": a, "seats": {"1": {"ore": 1}}}
    production = {"kind": "production", "gains": {"0": {"wool": 1}}, "blocked": blocked}
    assert said(production) == f"You get 1 wool. The robber on {name[a]} keeps 1 ore from Blue."
    swap = say({"type": "swap_numbers", "hex": a, "other": b}, NAMES, where)
    assert swap == f"Swap {name[a]} and {name[b]}"
    # Where the board is unknown, no dangling preposition.
    base = face("base").tell()
    assert narrate({"kind": "robber", "seat": 1, "hex": 4}, NAMES, 0, None, base) == (
        "Blue moved the robber to hex 4."
    )
    assert narrate({"kind": "merchant", "seat": 1, "hex": 4}, NAMES, 0, None, ck) == (
        "Blue placed the merchant (+1 VP)."
    )


_NOT_ENGLISH = re.compile(
    r"_|None|\{|\}|  | (to|on|at|by) (to|on|at|by) |You's|(?:[a-z,;:]\s|\()(?:You|Your)\b"
    r"|Someone|\b[Aa] [aeiou]|\b[Aa] boosters\b"
)
"""Engine names ("sum_ge_4"), doubled prepositions ("to at"), "You's", "You" mid-sentence,
a seat nobody holds ("Someone placed a blocker"), "a" before a vowel or a plural."""


@pytest.mark.parametrize(
    ("ruleset", "seats", "variant"),
    [
        ("base", 4, None),
        ("ck", 4, None),
        ("fleet", 3, None),
        ("starfarers", 4, None),
        ("starfarers", 3, "discoverer"),
        ("starfarers", 3, "wild_space"),
        ("ck", 3, None),
        ("base", 2, None),
    ],
)
def test_played_games_read_as_english_as_each_seat_sees_them(
    ruleset: str, seats: int, variant: str | None
) -> None:
    """Seeds 3-6, seeded random play: every sentence of the log, as seat 0 and seat 1 see it,
    is free of engine names, doubled prepositions and a capital "You" inside a sentence
    (seen in play: "moved a knight ... to at ...", "pillaged Your city", "the sum_ge_4 test";
    Starfarers' chosen setup with 3 seats: "Blue placed a boosters", "Someone placed a
    blocker")."""
    from tui.faces import face

    shown = face(ruleset)
    names = seat_names(seats)
    kinds: set[str] = set()
    for seed in (3, 4, 5, 6):
        options = {"variant": variant} if variant else {}
        game = new_game(GameConfig(ruleset, seats, seed, options))
        rng = random.Random(seed)
        for step in range(3000):
            if game.to_act is None:
                break
            if step % 100 == 0:  # the board's names (chips move only by a swap card)
                where = shown.namer(game.view(0))
            legal = [
                a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")
            ]
            for event in game.apply(rng.choice(legal)):
                for seat in (0, 1):
                    line = narrate(event.for_seat(seat), names, seat, where, shown.tell())
                    if line is None or line.startswith("—"):
                        continue
                    kinds.add(event.kind)
                    assert not _NOT_ENGLISH.search(line), (event.kind, line)
    assert len(kinds) >= 15, f"only {sorted(kinds)} were told: the games stopped early"


def test_the_fleet_phase_is_named_with_its_number_as_the_actions_panel_counts() -> None:
    """It read "begins the fleet phase (4)", a bare number; the actions panel says "phase 4"."""
    from tui.faces import face

    fleet = face("fleet").tell()
    event = {"kind": "fleet_phase", "seat": 1}
    assert narrate(event, NAMES, 0, None, fleet) == (
        "Blue begins the fleet phase (phase 4): no more trading or building this turn."
    )
    assert narrate(dict(event, seat=0), NAMES, 0, None, fleet) == (
        "You begin the fleet phase (phase 4): no more trading or building this turn."
    )


def test_an_encounters_needs_have_words_of_their_own() -> None:
    """A scan of played Starfarers games found engine names as labels: "Choose opponent",
    "Choose ship", "Choose upgrade", "Remove upgrade"."""
    legal = [
        [{"type": "choose_opponent", "seat": 1}, {"type": "choose_opponent", "seat": 2}],
        [{"type": "choose_ship", "ship": 40}],
        [{"type": "choose_upgrade", "kind": "cannon"}, {"type": "choose_upgrade", "kind": "pod"}],
        [{"type": "remove_upgrade", "kind": "cannon"}],
    ]
    labels = [choices.commands(actions, "starfarers")[0].label for actions in legal]
    assert labels == [
        "Choose who gets the cards",
        "Choose the ship held up",
        "Gain an upgrade",
        "Lose a cannon (-1 combat strength)",  # the lone one, acted on at once, names itself
    ]
    assert choices.describe({"type": "choose_opponent", "seat": 2}, NAMES) == NAMES[2]
    # The price was cut at the first comma, inside the brackets: "(trade stations".
    assert choices.describe({"type": "choose_upgrade", "kind": "pod"}) == (
        "Gain a freight pod (trade stations, ice planets)"
    )
    assert choices.describe({"type": "remove_upgrade", "kind": "cannon"}) == (
        "Lose a cannon (-1 combat strength)"  # "+1" read as a gain (seen in play)
    )


def test_a_monopoly_says_from_whom_it_took() -> None:
    """Seen in play: "White took all the ore (3)." and no line said the ore was yours."""
    event = {"kind": "monopoly", "seat": 2, "resource": "ore", "taken": {"0": 3, "3": 1}}
    assert narrate(event, NAMES, 0) == "White took all the ore: 3 from you and 1 from Orange."
    assert narrate(dict(event, taken={}), NAMES, 0) == "White took all the ore: there was none."
