"""Starfarers events in words, and points named the way the space map shows them.

A lattice point id means nothing to a player, so `place_namer(view)` names a
point by what the map draws around it: a home system by its Greek letter (as drawn), a
planetary system by its planets (resource and number disc), an alien outpost
by its civilisation, an unexplored sector as such. The phrasing table is
added to the base game's (`tui.narrate`, which owns the seat names and the
fallback) by Starfarers' face (tui/faces/starfarers.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tui.narrate import and_list, cards_of

UPGRADES = {"booster": "a booster", "cannon": "a cannon", "pod": "a freight pod"}


class Teller(Protocol):
    """What tui.narrate's teller offers the phrasing below."""

    def who(self, seat: Any) -> str: ...
    def whom(self, seat: Any) -> str: ...
    def verb(self, seat: Any, you: str, other: str) -> str: ...
    def at(self, point: Any) -> str: ...
    def whose(self, seat: Any) -> str: ...


def nice(name: Any) -> str:
    """'green_folk' as 'Green Folk'."""
    return str(name).replace("_", " ").title()


def disc_words(disc: Any) -> str:
    """A number disc as a player says it: "6", "a pirate base (strength 5)"."""
    digits = "".join(ch for ch in str(disc) if ch.isdigit())
    strength = f" (strength {digits})" if digits else ""
    if str(disc).startswith("pirate"):
        return f"a pirate base{strength}"
    if str(disc).startswith("ice"):
        return f"an ice planet{strength}"
    return str(disc)


def _planet_label(planet: Mapping[str, Any]) -> str:
    """A planet by its resource and number ("fuel 4"), or by the token still on it."""
    resource = planet.get("resource")
    disc = planet.get("disc")
    if not resource:
        return "an unexplored planet"
    if not disc or disc == "?":
        return str(resource)
    words = disc_words(disc)
    return f"{resource} {words}" if words == str(disc) else words


def place_namer(view: Mapping[str, Any]) -> Callable[[Any], str]:
    """A function naming a point (" beside fuel 4 and ore 9", " in home system beta", or "")."""
    from engine.rulesets.starfarers.board import vertex_xy
    from tui.places import compass
    from tui.render.spacemap import GREEK  # only Starfarers views get here

    board = view.get("board") or {}
    slots = board.get("slots") or []
    sectors = view.get("sectors") or []
    planets = {p.get("planet"): p for p in view.get("planets") or [] if isinstance(p, Mapping)}

    def sector_of(point: int) -> tuple[Mapping[str, Any], int] | None:
        for slot in slots:  # an outpost's docking point is its sector's centre
            if slot.get("centre") == point:
                return slot, -1
        for key in ("inner", "outer"):
            for slot in slots:
                points = slot.get(key) or []
                if point in points:
                    return slot, (points.index(point) if key == "inner" else -1)
        return None

    def near(point: int) -> str:
        """Open space named by the closest sector with something in it (by its centre) and
        the side of it the point lies on: two colony ships' stops near home system beta read
        alike ("in open space near home system beta"); "north-east of home system beta" tells
        them apart."""
        x, y = vertex_xy(point)
        best: tuple[int, int, Mapping[str, Any]] | None = None  # distance squared, centre
        for slot in slots:
            centre = slot.get("centre")
            index = int(slot.get("index", 0))
            sector = sectors[index] if index < len(sectors) else {}
            if not isinstance(centre, int) or sector.get("kind") == "empty":
                continue
            cx, cy = vertex_xy(centre)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if best is None or d < best[0]:
                best = (d, centre, sector)
        if best is None:
            return " in open space"
        _, centre, sector = best
        # " in home system beta": the closest sector's name without its "in"
        words = name(centre).split(" ", 2)
        if len(words) != 3:
            return " in open space"
        place = words[2]
        if sector.get("kind") == "planetary" and sector.get("face_up", True):
            # a system by its planets: "east of carbon 11, a pirate base and goods 6" read as
            # east of carbon 11 alone
            place = f"the system of {place}"
        cx, cy = vertex_xy(centre)
        # as the map shows it: 2 columns a step of x, 2 rows (about 4 columns high) a step
        # of y, north up
        return f" in open space {compass(2 * (x - cx), 4 * (cy - y))} of {place}"

    def name(point: Any) -> str:
        if not isinstance(point, int):
            return ""
        found = sector_of(point)
        if found is None:
            return near(point)
        slot, inner = found
        index = int(slot.get("index", 0))
        sector = sectors[index] if index < len(sectors) else {}
        kind = sector.get("kind")
        if not sector.get("face_up", True):
            return " beside an unexplored sector"
        if kind == "home":
            return f" in home system {GREEK[index % len(GREEK)]}"
        if kind == "outpost" or sector.get("civilisation"):
            return f" at the {nice(sector.get('civilisation') or 'alien')} outpost"
        if kind == "planetary":
            ids = list(slot.get("planets") or [])
            if inner >= 0 and slot.get("inner_planets"):
                ids = list(slot["inner_planets"][inner])
            labels = [_planet_label(planets[p]) for p in ids if p in planets]
            # "beside carbon 4, goods 5 and a pirate base (strength 4)" (it read "by carbon 4 /
            # a pirate base (strength 4) / goods 5", a code more than words; and "stopped by
            # a pirate base" read as the pirates stopping the ship)
            return " beside " + and_list(labels) if labels else ""
        return " in empty space"

    return name


def _ball_list(balls: Any) -> str:
    return " and ".join(str(b) for b in balls) if isinstance(balls, list) else "?"


def _shake(t: Teller, e: dict[str, Any]) -> str:
    return (
        f"{t.who(e.get('seat'))} shook the mothership: {_ball_list(e.get('balls'))} "
        f"(base speed {e.get('base_speed')})."
    )


SHAKE_WORDS = {
    "black": "a black ball",
    "red": "a red ball",
    "sum_ge_4": "a speed of 4 or more",
}
"""What an encounter's shake of the mothership needs, by the engine's name of the test."""


def shake_outcome(test: str, hit: bool) -> str:
    """An encounter's test and whether the shake met it: "a black ball? no". Yes or no, not
    passed or failed: for Smugglers, no black ball is the good outcome ("failed" read as bad)."""
    asked = SHAKE_WORDS.get(test, f"the {test.replace('_', ' ')} test")
    return f"{asked}? {'yes' if hit else 'no'}"


def _encounter_shake(t: Teller, e: dict[str, Any]) -> str:
    outcome = shake_outcome(str(e.get("test")), bool(e.get("hit")))
    return (
        f"{t.who(e.get('seat'))} shook for the encounter: {_ball_list(e.get('balls'))} ({outcome})."
    )


# -- an encounter card's effects, for the dialogs that resolve them ---------------------------

SHAKE_SEEN = {
    ("black", True): "a black ball",
    ("black", False): "no black ball",
    ("red", True): "a red ball",
    ("red", False): "no red ball",
    ("sum_ge_4", True): "a speed of 4 or more",
    ("sum_ge_4", False): "a speed under 4",
}
"""What an encounter's shake showed, by test and result: "a black ball"."""


def _n_cards(n: Any) -> str:
    return f"{n} card{'s' * (n != 1)}"


HELD_UP_MEANS = " (it flies no more this turn)"
"""What a ship held up by an encounter (its `STUCK`) means, said by the choice and the log."""


def effect_words(effect: Sequence[Any]) -> str | None:
    """One effect of an encounter card (encounters.json's vocabulary) as what "you" do:
    "give up 2 cards", "lose a half medal"; None for one without plain words."""
    name, args = str(effect[0]), list(effect[1:])
    n = args[0] if args else 1
    if name == "HM" and isinstance(n, int):
        what = "a half medal" if abs(n) == 1 else f"{abs(n)} half medals"
        return f"{'gain' if n > 0 else 'lose'} {what}"
    words = {
        "PAY": f"pay {_n_cards(n)}",
        "LOSE": f"give up {_n_cards(n)}",
        "R": f"take {_n_cards(n)} of your choice from the supply",
        "GOODS": f"get {n} goods",
        "HM_PER_GIVEN": "gain a half medal for each card given",
        "UP": f"gain {UPGRADES.get(str(n), 'an upgrade')}" if args else "gain an upgrade",
        "DOWN": "lose an upgrade",
        "TRADESHIP": "get a free trade ship",
        "STUCK": f"have a ship held up{HELD_UP_MEANS}",
        "JUMP": "may jump a ship through the wormhole",
        "ROB_EACH": "take a card from each rival",
        "GIVE": "give cards to the player with the fewest points",
        "SHAKE": "shake the mothership",
        "CONTEST": f"face a {n} contest",
    }
    return words.get(name)


@dataclass(frozen=True)
class EncounterStep:
    """The effect of an encounter card the seat is resolving now, and why."""

    card: str  # the card's name
    effect: tuple[Any, ...]  # ("LOSE", 2)
    why: str  # "The shake showed a black ball", "You said yes"
    then: tuple[tuple[Any, ...], ...]  # the effects after it in its branch

    def words(self) -> str:
        """ "The shake showed a black ball: you give up 2 cards, then lose a half medal."."""
        parts = [w for w in map(effect_words, (self.effect, *self.then)) if w]
        return f"{self.why}: you {', then '.join(parts)}." if parts else f"{self.why}."


_NEEDS = {
    "return_cards": ("PAY", "LOSE"),
    "take_cards": ("R",),
    "immobilise_ship": ("STUCK",),
    "lose_upgrade": ("DOWN",),
}


def _plain(x: Any) -> Any:
    return [_plain(y) for y in x] if isinstance(x, list | tuple) else x


def encounter_step(view: Mapping[str, Any]) -> EncounterStep | None:
    """Which effect of the card the encounter waits on (cards to give or to take), found by
    the effects still queued after it (the view's state), with the shake's or the contest's
    result or the answer that led there. None where the queue says nothing (an offer)."""
    from engine.rulesets.starfarers.encounters import cards

    enc = view.get("encounter") or {}
    card, kinds = enc.get("card") or {}, _NEEDS.get(str(enc.get("need")))
    state = view.get("state") or {}
    number = card.get("id")
    if kinds is None or not isinstance(number, int) or not 0 < number <= len(cards()):
        return None
    data = cards()[number - 1]
    queue = _plain(state.get("enc_queue") or [])
    found: list[EncounterStep] = []

    def walk(branch: Sequence[Any], tail: list[Any], why: str) -> None:
        for i, e in enumerate(branch):
            rest = [*branch[i + 1 :], *tail]
            if e[0] in kinds and _plain(rest) == queue:
                found.append(EncounterStep(data["name"], tuple(e), why, tuple(branch[i + 1 :])))
            if e[0] == "SHAKE":
                for hit, effects in ((True, e[2]), (False, e[3])):
                    seen = SHAKE_SEEN.get(
                        (e[1], hit), f"the {e[1]} test {'met' if hit else 'missed'}"
                    )
                    walk(effects, rest, f"The shake showed {seen}")
            elif e[0] == "CONTEST":
                for won, effects in ((True, e[3]), (False, e[4])):
                    walk(effects, rest, f"You {'won' if won else 'lost'} the contest")

    for answer, branch in data["outcomes"].items():
        said = {"yes": "You said yes", "no": "You said no"}.get(answer, "You answered")
        if answer.isdigit():
            said = f"You offered {answer} card{'s' if answer != '1' else ''}"
        walk(branch, [], said)
    # Branches that end alike (the Haggler's 2 and 3 cards offered: a take of 1, of 2) are
    # told apart by the cards still owed; where they cannot be, nothing is claimed (seen: 3
    # offered, "you take 1 card" shown twice and no "1 of 2").
    left = state.get("enc_count")
    if isinstance(left, int):
        found = [s for s in found if not isinstance(s.effect[-1], int) or s.effect[-1] >= left]
    return found[0] if len({s.effect for s in found}) == 1 else None


SHAKE_BECAUSE = {
    ("black", True): "for the black ball",
    ("black", False): "as no black ball came out",
    ("red", True): "for the red ball",
    ("red", False): "as no red ball came out",
    ("sum_ge_4", True): "for the speed of 4 or more",
    ("sum_ge_4", False): "as the speed was under 4",
}
_SHAKE_LINE = re.compile(r"shook for the encounter: .*\((?P<asked>.+)\? (?P<said>yes|no)\)\.$")
_CONTEST_LINE = re.compile(r" (?P<result>won|lost) an? \w+ contest against ")


def with_reasons(lines: Sequence[str]) -> list[str]:
    """An encounter's outcome, each line after its shake or contest saying it came of it:
    "You lost a half medal for the black ball." (it read "You lost a half medal." with the
    shake lines above, and a newcomer could not tell why). A shake or a contest is always
    the last effect of its branch (encounters.json), so every line after it follows it."""
    tests = {words: test for test, words in SHAKE_WORDS.items()}
    because: str | None = None
    out = []
    for line in lines:
        shake, contest = _SHAKE_LINE.search(line), _CONTEST_LINE.search(line)
        if shake is not None:
            test = tests.get(shake["asked"], "")
            because = SHAKE_BECAUSE.get((test, shake["said"] == "yes"))
        elif contest is not None:
            because = f"for {'winning' if contest['result'] == 'won' else 'losing'} the contest"
        elif because and line.endswith("."):
            line = f"{line[:-1]} {because}."
        out.append(line)
    return out


def _encounter_answered(t: Teller, e: dict[str, Any]) -> str:
    """The card, now public, and the answer given: "Encounter: Haggler; Blue offered 2 cards"."""
    head = f"Encounter: {e.get('name')}"
    answer, kind, who = e.get("answer"), e.get("answer_kind"), t.whom(e.get("seat"))
    # A card whose answer leads to nothing (the Friendly freighter's 2 or 3 cards, a convoy
    # offered nothing) ended on the answer alone, and the player looked for what it brought.
    quiet = " Nothing else comes of it." if _comes_to_nothing(e) else ""
    if kind == "offer" and isinstance(answer, int):
        cards = f"{answer} card{'s' * (answer != 1)}" if answer else "nothing"
        return f"{head}; {who} offered {cards}.{quiet}"
    if kind == "yesno" and isinstance(answer, int):
        return f"{head}; {who} answered {'yes' if answer else 'no'}.{quiet}"
    return f"{head}.{quiet}"


def _comes_to_nothing(e: Mapping[str, Any]) -> bool:
    """Whether the revealed card's outcome for the answer given is empty (the cards' texts
    are public, as a card read out at the table is)."""
    from engine.rulesets.starfarers.encounters import cards

    card, answer, kind = e.get("card"), e.get("answer"), e.get("answer_kind")
    known = cards()
    if not isinstance(card, int) or not 1 <= card <= len(known):
        return False
    outcomes = known[card - 1].get("outcomes", {})
    if kind == "offer":
        key = str(answer)
    elif kind == "yesno":
        key = "yes" if answer else "no"
    else:
        key = "none"
    effects = outcomes.get(key)
    return effects is not None and not effects


def _reserve_draw(t: Teller, e: dict[str, Any]) -> str | None:
    count = int(e.get("count") or 0)
    if not count:
        return None
    cards = e.get("cards")
    what = _bundle(cards) if isinstance(cards, dict) else f"{count} card{'s' * (count != 1)}"
    verb = t.verb(e.get("seat"), "draw", "draws")
    return f"{t.who(e.get('seat'))} {verb} {what} from the reserve."


def _bundle(counts: Mapping[str, Any]) -> str:
    parts = [f"{n} {name}" for name, n in counts.items() if isinstance(n, int) and n > 0]
    return ", ".join(parts) or "nothing"


def _card_out(t: Teller, e: dict[str, Any]) -> str:
    """A card paid in an encounter: to a seat, or given up to the supply (toll, haggler)."""
    to = e.get("to")
    if isinstance(to, int) and to >= 0:
        return f"{t.who(e.get('seat'))} gave {cards_of(e)} to {t.whom(to)}."
    return f"{t.who(e.get('seat'))} gave up {cards_of(e)} to the supply."


def _half_medals(t: Teller, e: dict[str, Any]) -> str | None:
    change = int(e.get("change") or 0)
    if not change:
        return None
    n = abs(change)
    what = "a half medal" if n == 1 else f"{n} half medals"
    return f"{t.who(e.get('seat'))} {'gained' if change > 0 else 'lost'} {what}."


def _contest(t: Teller, e: dict[str, Any]) -> str:
    opponent = e.get("opponent")
    them = t.whom(opponent) if isinstance(opponent, int) else str(opponent or "the encounter")
    result = "won" if e.get("won") else "lost"
    # Seen in play: "lost a speed contest: 4 to 8" with a speed of 5 that turn. A contest
    # shakes again: each side's two balls plus its boosters (or cannons), Scientists too.
    adds = "cannons" if e.get("stat") == "combat" else "boosters"
    return (
        f"{t.who(e.get('seat'))} {result} a {e.get('stat')} contest against {them}: "
        f"{e.get('total')} to {e.get('opponent_total')} (a new shake each, plus {adds})."
    )


def _discover(t: Teller, e: dict[str, Any]) -> str:
    tile = str(e.get("tile") or "")
    if tile.startswith("T"):
        what = "a planetary system"
    elif tile.startswith("E"):
        what = "empty space"
    else:
        what = f"the {nice(tile)} outpost"
    return f"A sector was discovered: {what}."


def _explore(t: Teller, e: dict[str, Any]) -> str:
    discs = e.get("discs") or []
    shown = ", ".join(disc_words(d) for d in discs)
    return f"Number discs turned up: {shown}." if shown else "A sector was explored."


def _friendship_marker(t: Teller, e: dict[str, Any]) -> str:
    civ = nice(e.get("civilisation"))
    to = e.get("to")
    if not isinstance(to, int) or to < 0:
        return f"Nobody holds the {civ} friendship marker now."
    return f"{t.who(to)} now {t.verb(to, 'hold', 'holds')} the {civ} friendship marker."


CIVILISATIONS = ("green_folk", "scientists", "merchants", "diplomats")


def _per_resource(civ: str, effect: str) -> dict[str, str]:
    return {f"{civ}_{r}": effect.format(r=r) for r in ("ore", "fuel", "carbon", "food", "goods")}


# What each friendship card does, in a player's words (rules/starfarers.md §7).
FRIENDSHIP_EFFECTS: dict[str, str] = {
    # "+1 whenever ...": the card names its resource just before, and each line of the
    # pop-up then fits 80x24 ("+1 carbon whenever your planets produce carbon" wrapped)
    **_per_resource("green_folk", "+1 whenever your planets produce {r}"),
    "scientists_dual": "+1 speed and +1 combat strength",
    "scientists_boost": "+2 speed",
    "scientists_cannon": "+2 combat strength",
    **_per_resource("merchants", "trade {r} with the supply 2 for 1"),
    "merchants_goods": "once a turn, trade 1 goods for any 1 card",
    "diplomats_tribute": "on a 7, discard only above 12 cards",
    "diplomats_relief": "when your planets give you nothing, take 1 card of your choice",
    "diplomats_helping_hand": "after your production, take 1 card from a player ahead of you",
    "diplomats_fame": "once a turn, pay 2 goods for a half medal",
}


def friendship_title(name: str) -> str:
    """'merchants_fuel' as 'Merchants: fuel'."""
    civ = next((c for c in CIVILISATIONS if name.startswith(c + "_")), "")
    what = name[len(civ) + 1 :] if civ else name
    return f"{nice(civ)}: {what.replace('_', ' ')}" if civ else nice(name)


def friendship_words(name: str) -> str:
    """'merchants_fuel' as 'Merchants: fuel (trade fuel with the supply 2 for 1)'."""
    effect = FRIENDSHIP_EFFECTS.get(name)
    return friendship_title(name) + (f" ({effect})" if effect else "")


def _friendship_card(t: Teller, e: dict[str, Any]) -> str:
    card = friendship_words(str(e.get("card")))
    return f"{t.who(e.get('seat'))} took the friendship card {card}."


def _upgrade(e: Mapping[str, Any]) -> str:
    name = str(e.get("upgrade") or "")
    return UPGRADES.get(name, "an upgrade")


def _build(t: Teller, e: dict[str, Any]) -> str:
    """A mothership's upgrade, or a piece and where it was built."""
    piece = str(e.get("piece"))
    if piece in UPGRADES:
        return f"{t.who(e.get('seat'))} added {UPGRADES[piece]} to the mothership."
    return f"{t.who(e.get('seat'))} built a {piece.replace('_', ' ')}{t.at(e.get('site'))}."


# The starting gifts of setup round 4 (engine key -> what the mothership gains).
START_GIFTS = {"boosters": "two boosters", "cannon": "a cannon", "pod": "a freight pod"}


def _place(t: Teller, e: dict[str, Any]) -> str:
    """A setup placement: a piece on the map, a starting gift, or a 3-seat blocker."""
    piece = str(e.get("piece"))
    where = t.at(e.get("site"))
    if piece == "blocker":
        return f"A neutral colony closes a point{where}."
    if piece in START_GIFTS:
        return f"{t.who(e.get('seat'))} took {START_GIFTS[piece]} for the mothership."
    return f"{t.who(e.get('seat'))} placed a {piece.replace('_', ' ')}{where}."


TELL: dict[str, Callable[[Teller, dict[str, Any]], str | None]] = {
    "reserve_draw": _reserve_draw,
    "relief": lambda t, e: (
        f"{t.who(e.get('seat'))} took 1 {e.get('resource') or 'card'} from the reserve."
    ),
    "shake": _shake,
    "fly": lambda t, e: None,  # one line per flight (end_move), not per step
    "end_move": lambda t, e: (
        f"{t.whose(e.get('seat'))} {str(e.get('ship') or 'ship').replace('_', ' ')}"
        f" stopped{t.at(e.get('at'))}."
    ),
    "jump_ready": lambda t, e: f"{t.who(e.get('seat'))} may jump a ship through the wormhole.",
    "jump": lambda t, e: (
        f"{t.whose(e.get('seat'))} ship jumped through the wormhole"
        + (f"; it is now{place}." if (place := t.at(e.get("to"))) else ".")
    ),
    "ship_stuck": lambda t, e: (  # the words of the choice ("Which ship is held up")
        f"{t.whose(e.get('seat'))} ship is held up{t.at(e.get('ship'))}{HELD_UP_MEANS}."
    ),
    "encounter": lambda t, e: (
        f"{t.who(e.get('seat'))} {t.verb(e.get('seat'), 'meet', 'meets')} an encounter"
        + (f": {e['name']}." if e.get("name") else ".")
    ),
    "encounter_revealed": _encounter_answered,
    "encounter_done": lambda t, e: None,
    "encounter_card_out": _card_out,
    "encounter_take": lambda t, e: f"{t.who(e.get('seat'))} took {cards_of(e)} from the supply.",
    "encounter_gift": lambda t, e: (
        f"{t.who(e.get('seat'))} gave {e.get('count')} card{'s' * (e.get('count') != 1)} "
        f"to {t.whom(e.get('to'))}."
    ),
    "encounter_cannot_pay": lambda t, e: f"{t.who(e.get('seat'))} cannot pay.",
    "encounter_shake": _encounter_shake,
    "contest": _contest,
    "half_medals": _half_medals,
    "buy_fame": lambda t, e: f"{t.who(e.get('seat'))} bought fame: a half medal.",
    "upgrade_gained": lambda t, e: (
        f"{t.who(e.get('seat'))} gained {_upgrade(e)} for the mothership."
    ),
    "upgrade_lost": lambda t, e: f"{t.who(e.get('seat'))} lost {_upgrade(e)} from the mothership.",
    "build": _build,
    "place": _place,
    "found_colony": lambda t, e: f"{t.who(e.get('seat'))} founded a colony{t.at(e.get('site'))}.",
    "trade_station": lambda t, e: (
        f"{t.who(e.get('seat'))} founded a trade station at the "
        f"{nice(e.get('civilisation'))} outpost."
    ),
    "free_trade_ship": lambda t, e: (
        f"{t.who(e.get('seat'))} got a free trade ship{t.at(e.get('site'))}."
    ),
    "trade_ship_token": lambda t, e: f"{t.who(e.get('seat'))} got a trade ship token.",
    "trade_ship_lost": lambda t, e: f"{t.who(e.get('seat'))} missed out on a trade ship.",
    "pirate_base_defeated": lambda t, e: (
        f"{t.who(e.get('seat'))} defeated {disc_words(e.get('token'))}; "
        f"its number disc is {e.get('disc')}."
    ),
    "ice_planet_terraformed": lambda t, e: (
        f"{t.who(e.get('seat'))} terraformed {disc_words(e.get('token'))}; "
        f"its number disc is {e.get('disc')}."
    ),
    "explore": _explore,
    "discover": _discover,
    "friendship_marker": _friendship_marker,
    "friendship_card": _friendship_card,
}
