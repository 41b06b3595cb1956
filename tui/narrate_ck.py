"""Cities & Knights' events told in words: the barbarians, knights, improvements, progress cards.

`TELL` adds to the base game's phrasing (tui.narrate) a sentence for every
event kind the C&K engine declares; board places are named as in the base
game (`tui.places.hex_namer`: "forest 8", "pasture 5 / hills 10").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tui.narrate import BASE_TELL, bundle, cards_of

TRACK_WORDS = {
    "trade": "trade (yellow)",
    "politics": "politics (blue)",
    "science": "science (green)",
}
LEVEL_NAMES = {
    "trade": ("Market", "Guild", "Trading House", "Bank", "Great Exchange"),
    "politics": ("Town Hall", "Church", "Fortress", "Cathedral", "High Assembly"),
    "science": ("Abbey", "Library", "Aqueduct", "Theater", "University"),
}
STRENGTH_WORDS = {1: "basic", 2: "strong", 3: "mighty"}
EVENT_FACES = {1: "ship", 2: "ship", 3: "ship", 4: "yellow gate", 5: "blue gate", 6: "green gate"}
BARBARIAN_STEPS = 7
CK_PIECES = frozenset({"wall"})  # what C&K builds beyond the base game's pieces


def card_name(card: Any) -> str:
    """A progress card's name: "commercial_harbor" -> "Commercial Harbor"."""
    return str(card).replace("_", " ").title()


def event_face(die: int) -> str:
    """The event die's face: a ship (1-3) or a gate of a track's colour (4-6)."""
    return EVENT_FACES.get(die, "?")


Teller = Any
Event = dict[str, Any]


def _dice(t: Teller, e: Event) -> str | None:
    dice = list(e.get("dice") or [])
    who = t.who(e.get("seat"))
    if len(dice) < 3:  # two number dice: the base game's sentence
        return BASE_TELL["dice"](t, e)
    red, yellow, event = dice[:3]
    face = event_face(event)
    return f"{who} rolled {e.get('total')} (red {red}, yellow {yellow}; event die: {face})."


def _barbarians(t: Teller, e: Event) -> str:
    pos = int(e.get("position") or 0)
    if pos >= BARBARIAN_STEPS:
        return "The barbarian ship reaches Catan!"
    return f"The barbarian ship sails on: step {pos} of {BARBARIAN_STEPS}."


def _attack(t: Teller, e: Event) -> str:
    return f"{_attack_outcome(t, e)} {AFTER_ATTACK}"


AFTER_ATTACK = "Every knight is inactive now and the ship sails back to its start."
"""After every attack, won or lost (§9): said, since it changes every seat's knights at once."""


def _attack_outcome(t: Teller, e: Event) -> str:
    strength, defence = e.get("barbarians"), e.get("defenders")
    shares = e.get("contributions")
    each = ""
    if isinstance(shares, list) and shares:  # who gave what decides Defender and pillage
        parts = [f"{t.whom(s)} {n}" for s, n in enumerate(shares) if isinstance(n, int)]
        each = f" ({', '.join(parts)})"
    head = f"The barbarians attack: barbarians {strength}, knights of Catan {defence}{each}."
    if e.get("catan_wins"):
        tied = e.get("tied") or []
        if tied:
            names = ", ".join(t.whom(s) for s in tied)
            return f"{head} Catan wins! Tied defenders draw a progress card: {names}."
        return f"{head} Catan wins!"  # the Defender of Catan has an event of its own
    pillaged = e.get("pillaged") or []
    if pillaged:
        names = ", ".join(t.whom(s) for s in pillaged)
        return f"{head} The barbarians win; a city is pillaged: {names}."
    return f"{head} The barbarians win, but no city can be pillaged."


def _knight(t: Teller, e: Event) -> str:
    who = t.who(e.get("seat"))
    what = str(e.get("what"))
    at = t.at(("vertex", e.get("vertex")))
    strength = STRENGTH_WORDS.get(int(e.get("strength") or 0), "")
    if what == "built":
        return f"{who} recruited a basic knight{at}."
    if what == "promoted":
        return f"{who} promoted a knight to {strength}{at}."
    if what == "moved":
        return f"{who} moved a knight{at}{_to(t, e.get('to')) or ' to another corner'}."
    if what == "activated":
        return f"{who} activated a knight{at}."
    if what == "deserted":
        return f"A {strength} knight deserted to {t.whom(e.get('seat'))}{at}."
    if what in ("relocated", "displaced"):
        return f"{who} put a displaced {strength} knight{at}."
    return f"{t.whose(e.get('seat'))} knight {what}{at}."


def _to(t: Teller, v: Any) -> str:
    """A corner a knight goes to, as " to hills 4 / fields 8" ("" if unknown)."""
    place = str(t.at(("vertex", v))).removeprefix(" at ")
    return f" to {place}" if place else ""


SILENT_EFFECTS = {
    "warlord": "every knight of {theirs} is active now",
    "crane": "{their} next city improvement costs one commodity less",
}
"""What a card does that no event of its own tells (seen: "Blue played Warlord." and no more)."""


def _progress_played(t: Teller, e: Event) -> str:
    seat, card = e.get("seat"), e.get("card")
    line = f"{t.who(seat)} played {card_name(card)}"
    effect = SILENT_EFFECTS.get(card) if isinstance(card, str) else None
    if effect is None:
        return line + "."
    mine = seat == t.me
    words = effect.format(theirs="yours" if mine else "theirs", their="your" if mine else "their")
    return f"{line}: {words}."


def _displaced(t: Teller, e: Event) -> str:
    at = t.at(("vertex", e.get("vertex")))
    level = e.get("strength")
    strength = STRENGTH_WORDS.get(level, "") if isinstance(level, int) else ""
    knight = f"{strength} knight" if strength else "knight"
    whose = t.whose(e.get("seat"))
    if e.get("fate") == "supply":  # seen in play: the knight just vanished from the map
        return f"{whose} {knight}{at} had no free corner on its roads: back to the supply."
    if e.get("fate") == "deserted":
        return f"{whose} {knight}{at} deserted."
    to = _to(t, e.get("to")) if isinstance(e.get("to"), int) else ""
    gone = f",{to}" if to else ""
    return f"{whose} {knight}{at} left its corner{gone}."


def _deserter_lost(t: Teller, e: Event) -> str:
    """Deserter, when no knight of the player's can take the deserter's place: said, for once
    the knight just vanished from the board with no word."""
    if e.get("why") == "no_corner":
        why = "no free corner by " + ("your" if e.get("seat") == t.me else "their") + " roads"
    else:
        why = "no knight of " + ("yours" if e.get("seat") == t.me else "theirs") + " left"
    return f"The deserter does not join {t.whom(e.get('seat'))}: {why}."


def _improve(t: Teller, e: Event) -> str:
    track = str(e.get("track"))
    level = int(e.get("level") or 0)
    names = LEVEL_NAMES.get(track, ())
    name = f" ({names[level - 1]})" if 0 < level <= len(names) else ""
    words = TRACK_WORDS.get(track, track)
    return f"{t.who(e.get('seat'))} improved {words} to level {level}{name}."


def _metropolis(t: Teller, e: Event) -> str:
    prev = e.get("previous")
    taken = f", taking it from {t.whom(prev)}" if isinstance(prev, int) and prev >= 0 else ""
    at = t.at(("vertex", e.get("vertex")))
    return f"{t.who(e.get('seat'))} built the {e.get('track')} metropolis{at}{taken} (+2 VP)."


def _merchant(t: Teller, e: Event) -> str:
    """The merchant's point goes with it: "+1 VP" only when it changes hands."""
    seat, prev = e.get("seat"), e.get("previous")
    on, to = t.prep("on", ("hex", e.get("hex"))), t.prep("to", ("hex", e.get("hex")))
    if prev == seat:
        return f"{t.who(seat)} moved the merchant{to} (still 1 VP)."
    taken = f", taking it from {t.whom(prev)}" if isinstance(prev, int) and prev >= 0 else ""
    return f"{t.who(seat)} placed the merchant{on}{taken} (+1 VP)."


def _drawn(t: Teller, e: Event) -> str:
    card = e.get("card")
    what = f": {card_name(card)}" if card else ""
    return f"{t.who(e.get('seat'))} drew a {e.get('deck')} progress card{what}."


def _discarded(t: Teller, e: Event) -> str:
    card = e.get("card")
    what = f" ({card_name(card)})" if card else ""
    return f"{t.who(e.get('seat'))} discarded a {e.get('deck')} progress card{what}."


def _given(t: Teller, e: Event) -> str:
    """One card handed over, or a run of them told as one line (tui/logbook.py): a Wedding's
    two gifts read "White gave 2 lumber to you.", not the same line twice."""
    card = e.get("card")
    what = cards_of(e) if "cards" in e else (f"1 {card}" if card else "a card")
    return f"{t.who(e.get('seat'))} gave {what} to {t.whom(e.get('to'))}."


def _progress_taken(t: Teller, e: Event) -> str:
    card = e.get("card")
    what = card_name(card) if card else "a progress card"
    return f"{t.who(e.get('seat'))} took {what} from {t.whom(e.get('victim'))} (Spy)."


def _taken(t: Teller, e: Event) -> str:
    taken = e.get("taken") or {}
    total = sum(n for n in taken.values() if isinstance(n, int))
    parts = ", ".join(f"{t.whom(int(s))} {n}" for s, n in taken.items())
    return f"{t.who(e.get('seat'))} took {total} {e.get('card')}" + (
        f" ({parts})." if parts else "."
    )


_CHIP = re.compile(r"(\d+)(?: \([^)]*\))?$")
"""A hex's number in its name, before any "(north-east)" that tells two alike apart."""


def _swapped(t: Teller, e: Event) -> str:
    """Told by the places as they stood before the swap (`RulesetFace.namers`: the events
    before it in its batch keep the numbers they happened under), each hex with its number
    then and now ("hills 5 is now hills 11"), so a swap between two hexes of one terrain
    does not read as if nothing changed."""
    a, b = t.at(("hex", e.get("hex"))).strip(), t.at(("hex", e.get("other"))).strip()
    if not a or not b:
        return "Two number chips were swapped (Inventor)."
    chip_a, chip_b = _CHIP.search(a), _CHIP.search(b)
    if chip_a is None or chip_b is None:
        return f"Two number chips were swapped (Inventor): {a} and {b}."
    now_a = a[: chip_a.start()] + chip_b.group(1)
    now_b = b[: chip_b.start()] + chip_a.group(1)
    return f"Two number chips were swapped (Inventor): {a} is now {now_a}, {b} is now {now_b}."


def _city_lost(t: Teller, e: Event) -> str:
    at = t.at(("vertex", e.get("vertex")))
    return (
        f"The barbarians pillaged {t.possessive(e.get('seat'))} city{at}: it is a settlement again."
    )


def _build(t: Teller, e: Event) -> str | None:
    if e.get("piece") not in CK_PIECES:  # roads, settlements, cities: the base game's sentence
        return BASE_TELL["build"](t, e)
    piece = str(e.get("piece")).replace("_", " ")
    place = ("edge", e["edge"]) if "edge" in e else ("vertex", e.get("vertex"))
    word = "a city wall" if piece == "wall" else f"a {piece}"
    return f"{t.who(e.get('seat'))} built {word}{t.at(place)}."


TELL: dict[str, Callable[[Teller, Event], str | None]] = {
    "dice": _dice,
    "build": _build,
    "barbarians": _barbarians,
    "attack": _attack,
    "city_lost": _city_lost,
    "defender": lambda t, e: f"{t.who(e.get('seat'))} became a Defender of Catan (+1 VP).",
    "progress_drawn": _drawn,
    "progress_revealed": lambda t, e: (
        f"{t.who(e.get('seat'))} drew {card_name(e.get('card'))}: 1 VP, shown at once."
    ),
    "progress_discarded": _discarded,
    "progress_played": _progress_played,
    "improve": _improve,
    "metropolis": _metropolis,
    "knight": _knight,
    "knight_displaced": _displaced,
    "deserter_lost": _deserter_lost,
    "pick_resource": lambda t, e: (
        f"{t.who(e.get('seat'))} took 1 {e.get('resource')} (Aqueduct: nothing produced)."
    ),
    "card_given": _given,
    "progress_taken": _progress_taken,
    "merchant": _merchant,
    "numbers_swapped": _swapped,
    "road_removed": lambda t, e: (
        f"{t.whose(e.get('seat'))} road{t.at(('edge', e.get('edge')))} was removed (Diplomat)."
    ),
    "taken": _taken,
    "harbor_cancelled": lambda t, e: (
        f"{t.who(e.get('with'))} had no commodity: {t.possessive(e.get('seat'))} harbour "
        "exchange is cancelled."
    ),
    "free_cards": lambda t, e: f"{t.who(e.get('seat'))} took {bundle(e.get('cards'))}.",
}
