"""Cities & Knights' keys and labels, and its actions and cards in a player's words.

The base game's keys keep their meaning (r roll, s settlement, c city, d road,
h robber, m bank, t/a/n/o/f/x trade, e end, g discard, v steal). C&K adds:

    k knight (recruit; also placing a displaced or deserting knight)
    j activate a knight      u promote a knight      l move a knight
    z chase the robber       w city wall             i improve a city
    p progress card (play; draw one as a defender; take one with Spy)
    b Commercial Harbor exchange   y choose (a card's question)   0 skip

Answers to a pending decision share a key with the command they belong to
(a metropolis and a pillaged city on c, a Diplomat's road on d, the merchant
on h): only one of them is ever legal at a time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tui.choices import SPECS, Spec

BASE_KEPT = (
    "roll",
    "build_settlement",
    "build_city",
    "build_road",
    "move_robber",
    "maritime_trade",
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

CK_SPECS: dict[str, Spec] = {
    **{k: SPECS[k] for k in BASE_KEPT},
    "build_knight": Spec("k", "Recruit a knight", "target", short="Knight"),
    "relocate_knight": Spec("k", "Put your displaced knight", "target", short="Knight"),
    "place_knight": Spec("k", "Place the deserting knight", "target", short="Knight"),
    "remove_knight": Spec("k", "Give up a knight (Deserter)", "target", short="Knight"),
    "target_knight": Spec("k", "Drive off a knight (Intrigue)", "target", short="Knight"),
    "activate_knight": Spec("j", "Activate a knight", "target", short="Activate"),
    "promote_knight": Spec("u", "Promote a knight", "target", short="Promote"),
    "move_knight": Spec("l", "Move a knight", "flight", short="Move"),
    "chase_robber": Spec("z", "Chase the robber", "target", short="Chase"),
    "build_wall": Spec("w", "Build a city wall", "target", short="Wall"),
    "improve_city": Spec("i", "Improve a city", "dialog", "ck_improve", short="Improve"),
    "place_metropolis": Spec("c", "Place the metropolis", "target", short="Metropolis"),
    "lose_city": Spec("c", "Choose the city the barbarians pillage", "target", short="Pillaged"),
    "remove_road": Spec("d", "Remove a road (Diplomat)", "target", short="Road"),
    "place_merchant": Spec("h", "Place the merchant", "target", short="Merchant"),
    "play_progress": Spec("p", "Play a progress card", "dialog", "ck_progress", short="Progress"),
    "draw_progress": Spec("p", "Draw a progress card", "dialog", "ck_draw", short="Progress"),
    "take_progress": Spec("p", "Take a progress card (Spy)", "dialog", "ck_spy", short="Progress"),
    "discard_progress": Spec(
        "g", "Discard a progress card", "dialog", "ck_discard_progress", short="Discard"
    ),
    "harbor_exchange": Spec("b", "Commercial Harbor", "dialog", "ck_choice", short="Harbor"),
    "set_dice": Spec("y", "Alchemist: set the dice", "dialog", "ck_alchemist", short="Choose"),
    "name_card": Spec("y", "Name a card", "dialog", "ck_choice", short="Choose"),
    "choose_seat": Spec("y", "Choose an opponent", "dialog", "ck_choice", short="Choose"),
    "take_card": Spec("y", "Take a card", "dialog", "ck_choice", short="Choose"),
    "give_card": Spec("y", "Give a card", "dialog", "ck_choice", short="Choose"),
    "pick_resource": Spec("y", "Aqueduct: take a resource", "dialog", "ck_choice", short="Choose"),
    "swap_numbers": Spec("y", "Inventor: swap two numbers", "flight", short="Choose"),
    "pass": Spec("0", "Skip this step", "direct", short="Skip"),
}

# -- words -------------------------------------------------------------------------

PROGRESS_EFFECTS: Mapping[str, str] = {
    "commercial_harbor": "offer each opponent 1 resource for 1 commodity of theirs",
    "master_merchant": "see the hand of a player with more VP and take 2 cards",
    "merchant": "put the merchant by your town: 2:1 for its resource, 1 VP",
    "merchant_fleet": "this turn, trade one kind of card 2:1 with the bank",
    "resource_monopoly": "name a resource: each opponent gives you 2",
    "trade_monopoly": "name a commodity: each opponent gives you 1",
    "bishop": "move the robber; steal from everyone on its hex",
    "constitution": "1 VP",
    "deserter": "an opponent gives up a knight; yours of its strength joins",
    "diplomat": "remove an open road (move it if it is yours)",
    "intrigue": "drive off a rival knight on your roads",
    "saboteur": "players with as many VP as you or more discard half",
    "spy": "see an opponent's progress cards and take one",
    "warlord": "activate all your knights for free",
    "wedding": "players with more VP give you 2 cards each",
    "alchemist": "before rolling: choose the red and yellow dice",
    "crane": "your next city improvement costs 1 commodity less",
    "engineer": "build a city wall for free",
    "inventor": "swap two number chips (not 2, 6, 8, 12)",
    "irrigation": "2 grain for each fields hex you touch",
    "medicine": "a city for 2 ore and 1 grain",
    "mining": "2 ore for each mountains hex you touch",
    "printer": "1 VP",
    "road_building": "build 2 roads for free",
    "smith": "promote up to 2 knights for free",
}
DECK_OF_CARD: Mapping[str, str] = {
    **dict.fromkeys(
        (
            "commercial_harbor",
            "master_merchant",
            "merchant",
            "merchant_fleet",
            "resource_monopoly",
            "trade_monopoly",
        ),
        "trade",
    ),
    **dict.fromkeys(
        (
            "bishop",
            "constitution",
            "deserter",
            "diplomat",
            "intrigue",
            "saboteur",
            "spy",
            "warlord",
            "wedding",
        ),
        "politics",
    ),
}
DECK_WORDS = {
    "trade": "trade (yellow)",
    "politics": "politics (blue)",
    "science": "science (green)",
}


def deck_of(card: str) -> str:
    return DECK_OF_CARD.get(card, "science")


def card_words(card: str) -> str:
    """ "Spy (politics): see an opponent's progress cards and take one"."""
    name = card.replace("_", " ").title()
    return f"{name} ({deck_of(card)}): {PROGRESS_EFFECTS.get(card, '')}".rstrip(": ")


def say(action: Mapping[str, Any], names: list[str], where: Any = None) -> str:
    """One C&K action as a line of a dialog ("Move the knight at forest 8 to hills 5")."""

    def at(kind: str, i: Any) -> str:
        return where((kind, i)) if where is not None else f" {kind} {i}"

    def who(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    kind = action.get("type")
    if kind == "move_knight":
        return f"The knight{at('vertex', action['vertex'])} →{at('vertex', action['to'])}"
    if kind == "harbor_exchange":
        return f"Give {who(action['seat'])} 1 {action['resource']} for a commodity"
    if kind == "choose_seat":
        return who(action["seat"])
    # A verb first: "1 1 brick" (the option's key, then the card) read as a count of cards.
    if kind == "name_card":
        return str(action["card"])
    if kind in ("take_card", "give_card"):
        return f"{'Take' if kind == 'take_card' else 'Give'} 1 {action['card']}"
    if kind == "pick_resource":
        return f"Take 1 {action['resource']}"
    if kind == "swap_numbers":
        return f"Swap{at('hex', action['hex'])} and{at('hex', action['other'])}"
    if kind == "draw_progress":
        return f"The {DECK_WORDS.get(str(action['deck']), action['deck'])} deck"
    if kind in ("play_progress", "discard_progress", "take_progress"):
        return card_words(str(action["card"]))
    if kind == "improve_city":
        return str(action["track"]).title()
    if kind == "pass":
        return "Skip this step"
    rest = ", ".join(f"{k} {v}" for k, v in action.items() if k != "type")
    return f"{str(kind).replace('_', ' ').capitalize()}: {rest}"
