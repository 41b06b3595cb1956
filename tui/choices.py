"""From legal actions to the commands a person sees: a key, a label and how to choose.

Pure (no Textual), so it is tested without an app. `commands(legal)` groups the
legal actions (JSON dicts, in the engine's order) into commands:

- ``direct``: one action, sent at once (roll, end turn, buy a card);
- ``target``: pick a vertex, edge, hex or point on the map among the legal ones;
- ``dialog``: pick among several actions in a dialog (discard, steal, play a card...);
- ``free``: a form (trade offers and counter-offers, which the rules check);
- ``flight``: a move chosen on the map as where from and where to, by the face's plan
  (a Starfarers flight, tui/flight.py; a Fleet move; a C&K knight's move, tui/knight_plan.py).

Known action types have fixed keys; any other type (Starfarers, later rulesets)
gets a digit key and is chosen on the map if its only field names a map target,
else in a dialog, so a new ruleset is playable before it gets its own keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tui.faces import face

Action = dict[str, Any]

TARGET_FIELDS = ("vertex", "edge", "hex", "point", "lane", "sector", "path", "ship", "site")
FIELD_KIND = {"site": "point"}


@dataclass(frozen=True)
class Spec:
    key: str
    label: str
    mode: str  # direct | target | dialog | free | flight
    dialog: str = ""  # which dialog for mode == dialog / free
    field: str = ""  # for targets: the action field naming the target
    kind: str = ""  # for targets: the map's kind of target (vertex, edge, hex, point, ship)
    short: str = ""  # the footer's word for the key, when FOOTER has none for the label


SPECS: dict[str, Spec] = {
    "roll": Spec("r", "Roll the dice", "direct"),
    "build_settlement": Spec("s", "Build a settlement", "target"),
    "build_city": Spec("c", "Build a city", "target"),
    "build_road": Spec("d", "Build a road", "target"),
    "move_robber": Spec("h", "Move the robber", "target"),
    "buy_development": Spec("b", "Buy a development card", "direct"),
    "play_knight": Spec("p", "Play a development card", "dialog", "development"),
    "play_road_building": Spec("p", "Play a development card", "dialog", "development"),
    "play_year_of_plenty": Spec("p", "Play a development card", "dialog", "development"),
    "play_monopoly": Spec("p", "Play a development card", "dialog", "development"),
    "maritime_trade": Spec("m", "Trade with the bank", "dialog", "maritime"),
    "offer_trade": Spec("t", "Offer a trade", "free", "offer"),
    "accept_trade": Spec("a", "Accept the offer", "direct"),
    "decline_trade": Spec("n", "Decline the offer", "direct"),
    "counter_trade": Spec("o", "Counter-offer", "free", "counter"),
    "confirm_trade": Spec("f", "Confirm a trade", "dialog", "confirm"),
    "cancel_trade": Spec("x", "Withdraw the offer", "direct"),
    "end_turn": Spec("e", "End the turn", "direct"),
    "discard": Spec("g", "Discard a card", "dialog", "discard"),
    "steal": Spec("v", "Steal a card", "dialog", "steal"),
    "take_resource": Spec("y", "Take a resource", "dialog", "take"),
}

# Starfarers: the shared actions keep their keys; the rest get their own.
STARFARERS_SPECS: dict[str, Spec] = {
    **{
        k: v
        for k, v in SPECS.items()
        if k
        in (
            "roll",
            "offer_trade",
            "accept_trade",
            "decline_trade",
            "counter_trade",
            "confirm_trade",
            "cancel_trade",
            "end_turn",
            "discard",
            "steal",
        )
    },
    "maritime_trade": Spec("m", "Trade with the supply", "dialog", "maritime"),
    "take_resource": Spec("y", "Take a resource", "dialog", "generic"),
    "place_colony": Spec("s", "Place a colony", "target", field="site", kind="point"),
    "build_spaceport": Spec("u", "Build a spaceport", "target", field="site", kind="point"),
    "build_ship:colony": Spec("c", "Build a colony ship", "target", field="site", kind="point"),
    "build_ship:trade": Spec("i", "Build a trade ship", "target", field="site", kind="point"),
    "build_upgrade": Spec("b", "Build an upgrade", "dialog", "generic"),
    "buy_fame": Spec("h", "Buy a half medal (fame)", "dialog", "generic"),
    "choose_start_upgrade": Spec("b", "Choose a starting upgrade", "dialog", "generic"),
    "shake": Spec("k", "Shake the mothership", "direct"),
    "fly_step": Spec("w", "Fly a ship", "flight"),
    "end_move": Spec("z", "Stop flying", "direct"),
    "jump": Spec("j", "Jump through the wormhole", "target", field="to", kind="point"),
    "found_colony": Spec("l", "Found a colony", "target", field="ship", kind="ship"),
    "encounter_answer": Spec("d", "Answer the encounter", "dialog", "encounter"),
    "take_friendship": Spec("p", "Take a friendship card", "dialog", "friendship"),
}

# Catan Fleet: the base game's keys, the robber's shared with the pirate, and the sea's.
FLEET_SPECS: dict[str, Spec] = {
    **SPECS,
    "move_robber": Spec("h", "Move the robber or the pirate", "target"),
    "move_pirate": Spec("h", "Move the robber or the pirate", "target"),
    "build_ship": Spec("i", "Build a ship", "target"),
    "fleet_phase": Spec("l", "Begin the fleet phase (no more trade or building)", "direct"),
    "move_fleet": Spec("w", "Move the fleet", "flight"),
    "swap_chip": Spec("k", "Swap your number chip", "target"),
    "keep_fleet": Spec("j", "Keep part of your fleet", "target"),
    "pick_gold": Spec("y", "Take a resource", "dialog", "generic"),
}

SPLIT_BY = {"build_ship": "kind"}


def specs_for(ruleset: str | None) -> Mapping[str, Spec]:
    """The keys and labels of `ruleset`'s actions (its face's; the default's when None)."""
    return face(ruleset).specs()


def key_labels(ruleset: str | None) -> list[tuple[str, str]]:
    """Each key of a ruleset once, with a short label for the footer."""
    seen: dict[str, str] = {}
    for spec in specs_for(ruleset).values():
        if spec.key not in seen:
            seen[spec.key] = spec.short or FOOTER.get(spec.label, spec.label)
    return list(seen.items())


FOOTER = {
    "Roll the dice": "Roll",
    "Build a settlement": "Settlement",
    "Build a city": "City",
    "Build a road": "Road",
    "Move the robber": "Robber",
    "Buy a development card": "Buy card",
    "Play a development card": "Play card",
    "Trade with the bank": "Bank",
    "Offer a trade": "Offer",
    "Accept the offer": "Accept",
    "Decline the offer": "Decline",
    "Counter-offer": "Counter",
    "Confirm a trade": "Confirm",
    "Withdraw the offer": "Withdraw",
    "End the turn": "End turn",
    "Shake the mothership": "Shake",
    "Fly a ship": "Fly",
    "Stop flying": "Stop",
    "Trade with the supply": "Supply trade",
    "Place a colony": "Colony",
    "Build a spaceport": "Spaceport",
    "Build a colony ship": "Colony ship",
    "Build a trade ship": "Trade ship",
    "Build an upgrade": "Upgrade",
    "Buy a half medal (fame)": "Fame",
    "Choose a starting upgrade": "Gift",
    "Jump through the wormhole": "Jump",
    "Found a colony": "Found",
    "Answer the encounter": "Answer",
    "Take a friendship card": "Friendship",
    "Take a resource": "Take",
    "Move the robber or the pirate": "Robber/pirate",
    "Build a ship": "Ship",
    "Begin the fleet phase (no more trade or building)": "Fleet phase",
    "Move the fleet": "Sail",
    "Swap your number chip": "Swap chip",
    "Keep part of your fleet": "Keep",
    "Discard a card": "Discard",
    "Steal a card": "Steal",
}


def short_label(label: str) -> str:
    """The footer's short form of a command's label (for narrow screens)."""
    return FOOTER.get(label, label)


# What a Starfarers player may expect in trade & build (engine.rulesets.starfarers.refusals
# ids): its name, and the word that shows a reason already names it.
EXPECTED_WORDS = {
    "build_road": ("Road", "road"),
    "build_settlement": ("Settlement", "settlement"),
    "build_city": ("City", "city"),
    "buy_development": ("Development card", "development card"),
    "build_spaceport": ("Spaceport", "spaceport"),
    "build_ship": ("Ship", "ship"),  # Fleet's
    "build_wall": ("City wall", "city wall"),  # C&K's
    "build_knight": ("Knight", "knight"),
    "build_ship:colony": ("Colony ship", "colony ship"),
    "build_ship:trade": ("Trade ship", "trade ship"),
    "build_upgrade:booster": ("Booster", "booster"),
    "build_upgrade:cannon": ("Cannon", "cannon"),
    "build_upgrade:pod": ("Freight pod", "freight pod"),
    "maritime_trade": ("Supply trade", "with the supply"),
    "end_turn": ("End the turn", "end the turn"),
}


KEY_REFUSALS = {
    "maritime_trade": "too few of any one card for your rates (the Trade panel lists them)",
    "play_knight": "no development card you may play now (one a turn, not one bought this turn)",
    "move_robber": "the robber moves after a 7 or a Knight",
    "roll": "the dice are rolled once, at the start of your turn",
    "offer_trade": "offers are made after the roll, up to the turn's limit (the Trade panel"
    " counts them)",
    "build_settlement": "a settlement needs a free corner on your roads, two corners from any"
    " other building (F3: its price)",
    "take_resource": "a resource of your choice is taken only when a card or the rules offer one",
    "steal": "a card is stolen right after the robber moves, from a rival beside its hex",
    "discard": "cards are discarded on a 7, by each hand over the limit",
    # Starfarers (seen in play: h, j, l and y said only "not possible now")
    "buy_fame": "a half medal is bought with a Diplomat fame card (a friendship card), for 2"
    " goods, once a turn; 2 half medals make 1 point",
    "jump": "a wormhole jump is offered by an encounter, for the rest of that flight",
    "found_colony": "a colony ship founds a colony in flight, on a free colony site",
    # Cities & Knights
    "build_wall": "a wall goes under a city of yours without one (F3: its price)",
    "build_knight": "a knight stands on a free corner by your roads (F3: its price)",
    "activate_knight": "a knight of yours on the board, not yet active (F3: the price)",
    "promote_knight": "once a turn, not in the turn it was built; a mighty knight needs the"
    " Fortress (F3: the price)",
    "move_knight": "an active knight acts once a turn, not in the turn it was built",
    "improve_city": "a level needs a city and its commodity: cloth for trade, coin for"
    " politics, paper for science",
    "play_progress": "no progress card you may play now (Alchemist only before the roll)",
}
"""What a move's key says when pressed where the move cannot be made and the engine gives
no reason of its own: the rule that usually stands in its way, by the move's first type."""


def offers_rule(view: Mapping[str, Any]) -> str | None:
    """Why no offer may be made now, where the turn's count says it (seen over SSH: `t` after
    3 offers of 3 gave the general rule, "offers are made after the roll..."); else None."""
    made, limit = view.get("offers_this_turn"), view.get("trade_limit")
    if not isinstance(limit, int) or not isinstance(made, int):
        return None
    if limit == 0:
        return "this game allows no offers between players"
    if made >= limit and view.get("phase") == "main":
        return f"this turn's {limit} offers are made (the Trade panel counts them)"
    return None


def expected_words(what: str) -> tuple[str, str]:
    """An expectation's name and the word that shows a reason names it: `EXPECTED_WORDS`, or
    a C&K progress card's own name (`play_progress:master_merchant`: "Master Merchant")."""
    kind, _, card = what.partition(":")
    if kind == "play_progress" and card:
        from tui.narrate_ck import card_name

        name = card_name(card)
        return name, name.lower()
    return EXPECTED_WORDS.get(what, (what, what))


def why_not_lines(refused: list[tuple[str, str]], fold: bool = False) -> list[str]:
    """(expectation id, engine reason) pairs as lines: one per reason, naming what it stops.

    A reason that already names its one expectation ("a trade ship costs ...")
    stands alone; otherwise the names come first ("Colony ship, Trade ship: no
    transport ship left..."). `fold`: the prices one cannot pay are one line, naming
    the pieces (seen in play at 80x24: five price lines hid the keys above them).
    """
    by_reason: dict[str, list[str]] = {}
    dear: list[str] = []
    for what, reason in refused:
        shown, name = expected_words(what)
        if fold and reason.lower().startswith((f"a {name} costs", f"an {name} costs")):
            dear.append(shown.lower())
            continue
        by_reason.setdefault(reason, []).append(what)
    out = []
    if dear:
        names = dear[0] if len(dear) == 1 else f"{', '.join(dear[:-1])} or {dear[-1]}"
        out.append(f"Too few cards for a {names} (F3: costs)")
    for reason, whats in by_reason.items():
        words = [expected_words(w) for w in whats]
        if len(words) == 1 and words[0][1] in reason.lower():
            out.append(reason[:1].upper() + reason[1:])
        else:
            out.append(f"{', '.join(name for name, _ in words)}: {reason}")
    return out


@dataclass
class Command:
    key: str
    label: str
    mode: str
    dialog: str
    types: list[str] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    target_kind: str = ""
    target_field: str = ""
    short: str = ""  # the spec's short word, for a compact actions row

    def targets(self) -> dict[int, Action]:
        """target id -> action (for mode == target); the first action wins a shared target."""
        name = self.target_field or self.target_kind
        out: dict[int, Action] = {}
        for a in self.actions:
            if isinstance(a.get(name), int):
                out.setdefault(int(a[name]), a)
        return out


def target_field(action: Action) -> str | None:
    """The field naming a map target if it is the action's only field."""
    fields = [k for k in action if k != "type"]
    if len(fields) == 1 and fields[0] in TARGET_FIELDS and isinstance(action[fields[0]], int):
        return fields[0]
    return None


def commands(legal: list[Action], ruleset: str | None = None) -> list[Command]:
    """The commands for a list of legal actions, in a stable order."""
    specs = specs_for(ruleset)
    out: dict[str, Command] = {}
    digit = 1
    types_seen = set()
    for action in legal:
        kind = str(action.get("type"))
        split = SPLIT_BY.get(kind)
        spec = specs.get(f"{kind}:{action.get(split)}" if split else kind) or specs.get(kind)
        if spec is None:
            target = target_field(action)
            key_id = f"generic:{kind}"
            if key_id not in out:
                key = str(digit % 10) if digit <= 10 else ""
                digit += 1
                label = GENERIC_LABELS.get(kind) or kind.replace("_", " ").capitalize()
                mode = "target" if target else "dialog"
                out[key_id] = Command(
                    key,
                    label,
                    mode,
                    "generic",
                    target_kind=FIELD_KIND.get(target or "", target or ""),
                    target_field=target or "",
                )
            cmd = out[key_id]
        else:
            key_id = spec.key
            if key_id not in out:
                out[key_id] = Command(
                    spec.key, spec.label, spec.mode, spec.dialog, short=spec.short
                )
            cmd = out[key_id]
            if spec.mode == "target":
                if spec.field:
                    cmd.target_kind = spec.kind
                    cmd.target_field = spec.field
                else:
                    cmd.target_kind = target_field(action) or ""
        cmd.actions.append(action)
        if kind not in types_seen:
            types_seen.add(kind)
            cmd.types.append(kind)
    # Answering an offer: declining is always legal there, and counter-offers are free-form.
    if "n" in out and "o" not in out:
        out["o"] = Command("o", "Counter-offer", "free", "counter")
    # A single generic action needs no dialog: its key then says what it does (seen in
    # play: "b Build an upgrade" built a booster at once, the one affordable).
    for cmd in out.values():
        if cmd.dialog == "generic" and cmd.mode == "dialog" and len(cmd.actions) == 1:
            cmd.mode = "direct"
            action = cmd.actions[0]
            said = say(action)
            if said is not None:
                named = EXPECTED_WORDS.get(f"{action.get('type')}:{action.get('kind')}")
                cmd.short = named[0] if named else cmd.short or short_label(cmd.label)
                cmd.label = said
    return list(out.values())


def auto_command(cmds: list[Command]) -> Command | None:
    """The command to open straight away, when it is the only sort of decision."""
    real = [c for c in cmds if c.key not in ("o",)]
    if len(real) == 1:
        cmd = real[0]
        if cmd.mode in ("target", "dialog", "flight"):  # flight: a lone plan (C&K's Inventor)
            return cmd
    return None


UPGRADE_WORDS = {
    "booster": "a booster (+1 speed), for 2 fuel",
    "cannon": "a cannon (+1 combat strength), for 2 carbon",
    "pod": "a freight pod (trade stations, ice planets), for 2 ore",
}
_START_EFFECTS = {
    "boosters": "+2 speed",
    "cannon": "+1 combat strength",
    "pod": "trade stations, ice planets",
}


def start_words(option: str) -> str | None:
    """A starting gift as the dialog offers it: "Two boosters (+2 speed)"."""
    from tui.narrate_starfarers import START_GIFTS  # Starfarers only: imported when asked

    gift = START_GIFTS.get(option)
    return f"{gift[0].upper()}{gift[1:]} ({_START_EFFECTS[option]})" if gift else None


def _no_price(words: str) -> str:
    """An upgrade's words without what it costs: "a freight pod (trade stations, ...)"."""
    return words.rsplit(", for ", 1)[0]


def say(action: Action) -> str | None:
    """A Starfarers action in a player's words ("Build a freight pod", "Take 1 ore")."""
    kind = action.get("type")
    if kind == "build_upgrade":
        return "Build " + UPGRADE_WORDS.get(str(action.get("kind")), "an upgrade")
    if kind == "choose_start_upgrade":
        return start_words(str(action.get("option")))
    if kind == "take_resource":
        return f"Take 1 {action.get('resource')}"
    if kind == "buy_fame":
        return "Buy a half medal for 2 goods (Diplomats)"
    if kind == "choose_upgrade":
        return "Gain " + _no_price(UPGRADE_WORDS.get(str(action.get("kind")), "an upgrade"))
    if kind == "remove_upgrade":  # "a booster (-1 speed)": "(+1 speed)" read as a gain
        lost = _no_price(UPGRADE_WORDS.get(str(action.get("kind")), "an upgrade"))
        return "Lose " + lost.replace("(+", "(-")
    if kind == "end_move":
        return "Stop the ship here"
    if kind == "pick_gold":
        return f"Take 1 {action.get('resource')}"
    return None


DIALOG_TITLES = {
    "build_upgrade": "Build an upgrade",
    "choose_start_upgrade": "Your starting gift",
    "take_resource": "Take a card from the supply",
    "choose_upgrade": "Gain an upgrade",
    "remove_upgrade": "Lose an upgrade",
    "buy_fame": "The Diplomats' fame",
    "choose_ship": "Which ship is held up",
    "choose_opponent": "Who gets the cards",
    "pick_gold": "A gold field: take a resource of your choice",
}


# The actions row's words for decisions with no key of their own (an encounter's needs).
GENERIC_LABELS = {
    "choose_opponent": "Choose who gets the cards",
    "choose_ship": "Choose the ship held up",
    "choose_upgrade": "Gain an upgrade",
    "remove_upgrade": "Lose an upgrade",
}


def describe(action: Action, names: Sequence[str] = ()) -> str:
    """A short label for one action, for dialogs; a seat is named by `names` when given."""
    said = say(action)
    if said is not None:
        return said
    seat = action.get("seat")
    if set(action) == {"type", "seat"} and isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    kind = str(action.get("type", "?"))
    rest = {k: v for k, v in action.items() if k != "type"}
    words = kind.replace("_", " ")
    if not rest:
        return words.capitalize()
    parts = []
    for k, v in rest.items():
        if isinstance(v, dict):
            v = ", ".join(f"{n} {r}" for r, n in v.items()) or "nothing"
        elif isinstance(v, list):
            v = ", ".join(str(x) for x in v) or "none"
        parts.append(f"{k.replace('_', ' ')} {v}")
    return f"{words.capitalize()}: {'; '.join(parts)}"
