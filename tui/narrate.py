"""Events told in words: "Blue built a road", "You rolled 8".

`narrate(event, names, me)` turns one redacted event dict (as a seat receives
it) into one sentence, or None for events not worth a log line. The base
game's phrasing is here; each ruleset's face (tui/faces) gives its own table
(Starfarers' adds tui.narrate_starfarers), and any kind a table lacks is told
generically from its fields, so a new event never crashes the log and always
says who did what.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

SEAT_NAMES = ("Red", "Blue", "White", "Orange", "Green", "Brown")

CARDS = {
    "knight": "a Knight",
    "victory_point": "a Victory Point card",
    "road_building": "Road Building",
    "year_of_plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}


def seat_names(num_seats: int) -> list[str]:
    return list(SEAT_NAMES[:num_seats])


def clock_text(seconds: float) -> str:
    """ "1:05" for 65 seconds (whole seconds, rounded down; never below 0:00)."""
    s = max(0, int(seconds))
    return f"{s // 60}:{s % 60:02d}"


def bundle(counts: Any) -> str:
    """{"ore": 2, "wool": 1} as "2 ore, 1 wool"; nothing as "nothing"."""
    if not isinstance(counts, dict):
        return str(counts)
    parts = [f"{n} {name}" for name, n in counts.items() if isinstance(n, int) and n > 0]
    return ", ".join(parts) or "nothing"


def cards_of(e: Mapping[str, Any]) -> str:
    """The cards an event moves: "1 ore" for one card, or a grouped event's "cards"
    ({"ore": 2, "card": 1} as "2 ore, 1 card"; several unknown cards read "3 cards")."""
    cards = e.get("cards")
    if isinstance(cards, dict):
        return bundle({("cards" if k == "card" and n != 1 else k): n for k, n in cards.items()})
    return f"1 {e.get('resource') or 'card'}"


class _Teller:
    def __init__(
        self, names: Sequence[str], me: int | None, where: Callable[[Any], str] | None
    ) -> None:
        self.names = names
        self.me = me
        self.where = where

    def at(self, point: Any) -> str:
        """Where a piece stands, as a phrase with a leading space ("" when unknown)."""
        return self.where(point) if self.where is not None and point is not None else ""

    def prep(self, word: str, point: Any) -> str:
        """A place with its preposition, `prep("to", ("hex", 3))` -> " to fields 5"; "" if
        the place is unknown (a hex is named bare: the sentence chooses "to" or "on")."""
        place = self.at(point)
        return f" {word}{place}" if place else ""

    def who(self, seat: Any) -> str:
        if not isinstance(seat, int) or not 0 <= seat < len(self.names):
            return "Someone"
        return "You" if seat == self.me else self.names[seat]

    def whose(self, seat: Any) -> str:
        """At a sentence's start: "Your", "Blue's"."""
        return "Your" if seat == self.me else f"{self.who(seat)}'s"

    def possessive(self, seat: Any) -> str:
        """Inside a sentence: "your", "Blue's"."""
        return "your" if seat == self.me else f"{self.who(seat)}'s"

    def whom(self, seat: Any) -> str:
        if seat == self.me:
            return "you"
        return self.who(seat)

    def verb(self, seat: Any, you: str, other: str) -> str:
        return you if seat == self.me else other


def _dice(t: _Teller, e: dict[str, Any]) -> str:
    dice = e.get("dice") or []
    shown = " + ".join(str(d) for d in dice)
    total = e.get("total")
    return f"{t.who(e.get('seat'))} rolled {total}" + (f" ({shown})." if shown else ".")


def _shortage(s: dict[str, Any], gains: dict[str, Any]) -> str:
    """A resource the supply could not pay in full (Starfarers events carry what was owed)."""
    what, have, owed = s.get("resource"), s.get("supply"), s.get("owed")
    if any(isinstance(got, dict) and got.get(what) for got in gains.values()):
        return f"Not enough {what}: the supply had {have} and {owed} were owed."
    return f"The supply had too little {what} ({have} for {owed} owed): nobody got any."


def _production(t: _Teller, e: dict[str, Any]) -> str | None:
    gains = e.get("gains") or {}
    short = [_shortage(s, gains) for s in e.get("short") or [] if isinstance(s, dict)]
    gold = e.get("gold") or {}
    shortages = short + [
        f"{t.who(int(s))} {t.verb(int(s), 'pick', 'picks')} {n} from gold." for s, n in gold.items()
    ]
    shortages += _blocked(t, e.get("blocked"))
    if not gains:  # a shortage or a gold pick says what came of the roll; else "Nobody..."
        told = short or gold
        return " ".join(shortages if told else ["Nobody produced anything.", *shortages])
    parts: list[str] = []
    for seat, got in sorted(gains.items(), key=lambda kv: int(kv[0])):
        who = t.whom(int(seat)) if parts else t.who(int(seat))  # "you" after a semicolon
        parts.append(f"{who} {t.verb(int(seat), 'get', 'gets')} {bundle(got)}")
    return " ".join(["; ".join(parts) + ".", *shortages])


def _blocked(t: _Teller, blocked: Any) -> list[str]:
    """What the robber kept from each seat ("The robber on mountains 9 keeps 1 ore from you.")."""
    if not isinstance(blocked, dict) or not isinstance(blocked.get("seats"), dict):
        return []
    on = t.prep("on", ("hex", blocked.get("hex")))
    lines = []
    for seat, kept in sorted(blocked["seats"].items(), key=lambda kv: int(kv[0])):
        lines.append(f"The robber{on} keeps {bundle(kept)} from {t.whom(int(seat))}.")
    return lines


def _robber(t: _Teller, e: dict[str, Any]) -> str:
    place = t.prep("to", ("hex", e.get("hex"))) or f" to hex {e.get('hex')}"
    return f"{t.who(e.get('seat'))} moved the robber{place}."


def _steal(t: _Teller, e: dict[str, Any]) -> str:
    what = e.get("resource")
    card = f"1 {what}" if what else "a card"
    return f"{t.who(e.get('seat'))} stole {card} from {t.whom(e.get('victim'))}."


def _buy(t: _Teller, e: dict[str, Any]) -> str:
    card = e.get("card")
    got = f" ({CARDS.get(str(card), card)})" if card else ""
    return f"{t.who(e.get('seat'))} bought a development card{got}."


def _play(t: _Teller, e: dict[str, Any]) -> str:
    card = str(e.get("card"))
    return f"{t.who(e.get('seat'))} played {CARDS.get(card, card.replace('_', ' '))}."


def _trade_offer(t: _Teller, e: dict[str, Any]) -> str:
    trade = e.get("trade") or {}
    to = trade.get("to") or []
    # "to you and Blue": "to you, Blue" read as if "you" were Blue (seen in play)
    whom = and_list([t.whom(s) for s in to]) if to else "everyone"
    return (
        f"{t.who(trade.get('offerer'))} {t.verb(trade.get('offerer'), 'offer', 'offers')} "
        f"{bundle(trade.get('give'))} for {bundle(trade.get('get'))} to {whom}."
    )


def and_list(items: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _trade_answer(t: _Teller, e: dict[str, Any]) -> str:
    answer = e.get("answer")
    who = t.who(e.get("seat"))
    if answer == "accept":
        return f"{who} accepted the offer."
    if answer == "counter":
        return f"{who} countered: {bundle(e.get('give'))} for {bundle(e.get('get'))}."
    return f"{who} declined the offer."


def _trade_closed(t: _Teller, e: dict[str, Any]) -> str:
    other = e.get("with")
    if other is None:
        # After a counter-offer the log said only "withdrawn": was the counter seen?
        turned = [f"{t.possessive(s)} acceptance" for s in e.get("accepted") or ()]
        turned += [f"{t.possessive(s)} counter-offer" for s in e.get("countered") or ()]
        if not turned:
            return "The trade offer was withdrawn."
        return f"{t.who(e.get('seat'))} withdrew the offer, turning down {and_list(turned)}."
    return (
        f"{t.who(e.get('seat'))} traded {bundle(e.get('give'))} to {t.whom(other)} "
        f"for {bundle(e.get('get'))}."
    )


def _must_discard(t: _Teller, e: dict[str, Any]) -> str:
    owed = e.get("owed") or {}
    parts = [f"{t.whom(int(s))} {n}" for s, n in owed.items()]
    return "Seven! Discard half: " + ", ".join(parts) + "."


def _monopoly(t: _Teller, e: dict[str, Any]) -> str:
    taken = e.get("taken")
    head = f"{t.who(e.get('seat'))} took all the {e.get('resource')}"
    if isinstance(taken, dict):
        # from whom (seen in play: "took all the ore (3)", and no line said it was yours)
        parts = [
            f"{n} from {t.whom(int(p))}"
            for p, n in taken.items()
            if isinstance(n, int) and n and str(p).isdigit()
        ]
        return f"{head}: {and_list(parts)}." if parts else f"{head}: there was none."
    return f"{head} ({taken})."


def _starting_hand(t: _Teller, e: dict[str, Any]) -> str:
    cards = e.get("cards")  # a dict for its owner; a count when the hand is public
    count = int(e.get("count") or (cards if isinstance(cards, int) else 0))
    what = bundle(cards) if isinstance(cards, dict) else f"{count} card{'s' * (count != 1)}"
    return f"{t.who(e.get('seat'))} {t.verb(e.get('seat'), 'start', 'starts')} with {what}."


def _start_player(t: _Teller, e: dict[str, Any]) -> str:
    """The rolls for the start, a round again for those tied highest, then who starts:
    "Rolls for the start: you 8, Blue 12, White 12, Orange 5; again: Blue 4, White 9.
    White starts." """
    seat = e.get("seat")
    rounds = [r for r in e.get("rolls") or () if isinstance(r, dict)]
    said = [
        ", ".join(f"{t.whom(int(p))} {total}" for p, total in r.items() if str(p).isdigit())
        for r in rounds
    ]
    starts = f"{t.who(seat)} {t.verb(seat, 'start', 'starts')}."
    if not any(said):
        return starts
    return f"Rolls for the start: {'; again: '.join(said)}. {starts}"


def _build(t: _Teller, e: dict[str, Any]) -> str:
    """A piece on a hex board, placed by its corner or edge ("at mountains 9 / fields 5")."""
    piece = str(e.get("piece")).replace("_", " ")
    if "vertex" in e or "edge" in e:
        place = ("vertex", e["vertex"]) if "vertex" in e else ("edge", e.get("edge"))
        return f"{t.who(e.get('seat'))} built a {piece}{t.at(place)}."
    return f"{t.who(e.get('seat'))} built a {piece}."


def _game_over(t: _Teller, e: dict[str, Any]) -> str:
    scores = e.get("scores")
    tail = ""
    if isinstance(scores, list):  # best first, by name (seen: "Scores: 9, 8, 5, 10.")
        ranked = sorted(enumerate(scores), key=lambda p: -p[1] if isinstance(p[1], int) else 0)
        tail = " Scores: " + ", ".join(f"{t.whom(seat)} {n}" for seat, n in ranked) + "."
    who = t.who(e.get("winner"))
    return f"{who} {t.verb(e.get('winner'), 'win', 'wins')} the game!{tail}"


BASE_TELL: dict[str, Callable[[_Teller, dict[str, Any]], str | None]] = {
    "dice": _dice,
    "production": _production,
    "steal": _steal,
    "buy_development": _buy,
    "play_development": _play,
    "trade_offer": _trade_offer,
    "trade_answer": _trade_answer,
    "trade_closed": _trade_closed,
    "must_discard": _must_discard,
    "game_over": _game_over,
    "starting_hand": _starting_hand,
    "build": _build,
    "start_player": _start_player,
    "turn": lambda t, e: f"— Turn {e.get('turn')}: {t.who(e.get('seat'))} —",
    "longest_road": lambda t, e: (
        f"{t.who(e.get('holder'))} now {t.verb(e.get('holder'), 'hold', 'holds')} the Longest "
        f"Road ({e.get('length')})."
        if e.get("holder") is not None and e.get("holder", -1) >= 0
        else "Nobody holds the Longest Road now."
    ),
    "largest_army": lambda t, e: (
        f"{t.who(e.get('holder'))} now {t.verb(e.get('holder'), 'hold', 'holds')} the Largest "
        f"Army ({e.get('knights')} knight{'s' * (e.get('knights') != 1)})."
    ),
    "take_resource": lambda t, e: f"{t.who(e.get('seat'))} took {cards_of(e)}.",
    "pick_gold": lambda t, e: (
        f"{t.who(e.get('seat'))} took 1 {e.get('resource')} from a gold field."
    ),
    "monopoly": _monopoly,
    "discard": lambda t, e: f"{t.who(e.get('seat'))} discarded {cards_of(e)}.",
    "robber": _robber,
    "maritime_trade": lambda t, e: (
        f"{t.who(e.get('seat'))} traded {e.get('count')} {e.get('give')} for 1 {e.get('get')}."
    ),
}


@cache
def _every_face() -> Mapping[str, Callable[..., str | None]]:
    """The phrasing of every ruleset the app plays, for a caller that names none."""
    from tui.faces import face, playable

    base = face(None).tell()
    table: dict[str, Callable[..., str | None]] = dict(base)
    # Each face's own sentences; a derived face's copies of the base's must not hide another
    # face's, and a hex variant's (which fall back to the base's) must not hide Starfarers'.
    for name in reversed(playable()):
        own = face(name).tell()
        table.update({kind: tell for kind, tell in own.items() if base.get(kind) is not tell})
    return table


_SEAT_FIELDS = ("seat", "player", "by", "winner", "holder")


def _generic(t: _Teller, e: dict[str, Any]) -> str:
    kind = str(e.get("kind", "event"))
    words = kind.replace("_", " ")
    actor = next((e[k] for k in _SEAT_FIELDS if isinstance(e.get(k), int)), None)
    details = []
    for key, value in e.items():
        if key == "kind" or key in _SEAT_FIELDS or value is None:
            continue
        if isinstance(value, dict):
            value = bundle(value) if all(isinstance(v, int) for v in value.values()) else "…"
        elif isinstance(value, list):
            if len(value) > 6 or any(isinstance(v, dict | list) for v in value):
                continue
            value = ", ".join(str(v) for v in value)
        details.append(f"{key.replace('_', ' ')} {value}")
    head = f"{t.who(actor)}: {words}" if actor is not None else words[:1].upper() + words[1:]
    return head + (f" ({'; '.join(details)})" if details else "") + "."


def narrate(
    event: dict[str, Any],
    names: Sequence[str],
    me: int | None = None,
    where: Callable[[Any], str] | None = None,
    tell: Mapping[str, Callable[..., str | None]] | None = None,
) -> str | None:
    """One sentence for `event` as seat `me` saw it; `where` names board places if given.

    `tell` is the ruleset's phrasing (its face's `tell()`); every face's when None.
    """
    teller = _Teller(names, me, where)
    tell_one = (_every_face() if tell is None else tell).get(str(event.get("kind")))
    try:
        if tell_one is not None:
            return tell_one(teller, event)
        return _generic(teller, event)
    except Exception:  # a surprising field must never break the log
        return str(event.get("kind", "something happened")).replace("_", " ")
