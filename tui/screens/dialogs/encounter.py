"""Encounters: the card's prompt and the allowed answers; afterwards, what happened."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from tui.screens.dialogs.choice import ChoiceDialog


def answer_label(kind: str, answer: int) -> str:
    if kind == "yesno":
        return "Yes" if answer else "No"
    if kind == "offer":
        return f"Offer {answer} card{'s' if answer != 1 else ''}"
    if kind == "swap":
        return f"Swap {answer} card{'s' if answer != 1 else ''}" if answer else "Swap none"
    return "Continue"


def answer_keys(kind: str, actions: Sequence[Mapping[str, Any]]) -> list[str | None]:
    """Each answer's key: y and n for yes and no, the count for an offer or a swap ("0 Offer
    0 cards"; numbered from 1, "1 Offer 0 cards" misled), else 1, 2, 3 in order."""
    answers = [int(a.get("answer", 0)) for a in actions]
    if kind == "yesno" and set(answers) <= {0, 1}:
        return ["y" if answer else "n" for answer in answers]
    if kind in ("offer", "swap") and all(0 <= n <= 9 for n in answers):
        return [str(n) for n in answers]
    return [str(i + 1) if i < 9 else None for i in range(len(actions))]


def receiver_of(view: Mapping[str, Any], names: Sequence[str]) -> str | None:
    """Who gets the cards an encounter asks for, by name, when they go to a seat (the
    Plague ship's right neighbour: the seat before yours in turn order)."""
    card = (view.get("encounter") or {}).get("card") or {}
    seat, seats = view.get("seat"), view.get("num_seats")
    if card.get("offer_to") != "right_neighbour" or not isinstance(seat, int) or not seats:
        return None
    other = (seat - 1) % int(seats)
    return names[other] if other < len(names) else None


class EncounterDialog(ChoiceDialog):
    """The encounter card's prompt with one option per legal answer (returns the action)."""

    def __init__(
        self,
        encounter: dict[str, Any],
        actions: list[dict[str, Any]],
        receiver: str | None = None,
    ) -> None:
        """`receiver`: the name of the seat the offered cards go to, when they go to one."""
        card = encounter.get("card") or {}
        kind = str(card.get("answer", "yesno"))
        body = Text()
        body.append(str(card.get("name", "An encounter")) + "\n", style="bold")
        body.append(str(card.get("prompt", "")))
        if encounter.get("need") == "swap_count":  # after its yes: how many (No/Yes/Yes/Yes)
            kind = "swap"
            body.append("\nHow many of your cards do you swap, one for one from the supply?")
        if receiver:
            body.append(f"\nThe cards you send go to {receiver}.")
        options: list[tuple[str | Text, Any]] = [
            (answer_label(kind, int(a.get("answer", 0))), a) for a in actions
        ]
        super().__init__(
            "Encounter", options, body, cancellable=False, keys=answer_keys(kind, actions)
        )


class OutcomeDialog(ChoiceDialog):
    """What an encounter led to, in words; what a shake or contest brought says so."""

    def __init__(self, lines: list[str]) -> None:
        from tui.narrate_starfarers import with_reasons

        body = "\n".join(with_reasons(lines)) or "Nothing happened."
        super().__init__("Encounter outcome", [("OK", None)], body)


def payment_words(view: Mapping[str, Any]) -> tuple[str, str]:
    """The heading and the prompt of the dialog where an encounter's cards are chosen: the
    card's name, and what the cards are for in the card's terms ("The shake showed a black
    ball: you give up 2 cards, then lose a half medal."; the follow-up repeated the card's
    own offer, "Smugglers offer 2 cards of your choice for 1 of yours. Deal?"). Where the
    step is not known (an offer of cards), the card's prompt."""
    from tui.narrate_starfarers import encounter_step

    encounter = view.get("encounter") or {}
    card = encounter.get("card") or {}
    name = str(card.get("name") or "Encounter")
    step = encounter_step(view)
    if step is not None:
        return name, step.words()
    if _swaps(card):  # the count chosen, its cards (the card's own "Accept?" was answered)
        if encounter.get("need") == "take_cards":
            return name, "The swap: take as many cards from the supply as you gave."
        return name, "The swap: give the cards you swap; as many come back from the supply."
    return name, str(card.get("prompt") or "")


def _swaps(card: Mapping[str, Any]) -> bool:
    """Whether an encounter card swaps cards one for one (the Cargo swap)."""
    from engine.rulesets.starfarers.encounters import cards

    number = card.get("id")
    if not isinstance(number, int) or not 0 < number <= len(cards()):
        return False
    outcomes = cards()[number - 1].get("outcomes") or {}
    return any(e[0] == "SWAP" for effects in outcomes.values() for e in effects)


def take_dialog(
    view: Mapping[str, Any], actions: list[dict[str, Any]], names: list[str]
) -> ChoiceDialog:
    """Cards taken from the supply one at a time: for an encounter, which of how many
    ("(1 of 2)", as Year of Plenty says) and what the card gives, else the plain choice."""
    from tui.choices import DIALOG_TITLES, describe
    from tui.narrate_starfarers import encounter_step

    title = DIALOG_TITLES["take_resource"]
    body = Text()
    step = encounter_step(view)
    left = (view.get("state") or {}).get("enc_count")
    if step is not None and isinstance(left, int):
        total = step.effect[1] if len(step.effect) > 1 and isinstance(step.effect[1], int) else 0
        if total > 1 and 0 < left <= total:
            title += f" ({total - left + 1} of {total})"
        body.append(step.card + "\n", style="bold")
        body.append(step.words())
    options: list[tuple[str | Text, Any]] = [(describe(a, names), a) for a in actions]
    return ChoiceDialog(title, options, body)


def encounter_situation(card: Mapping[str, Any], need: str) -> str:
    """The encounter behind a choice it asks of a seat: its name and prompt, and for a wear
    and tear card's loss, who loses ("every mothership with 7 or more upgrades")."""
    from engine.rulesets.starfarers.encounters import cards

    text = f"Encounter: {card.get('name')}. {card.get('prompt') or ''}".strip()
    known = cards()
    index = card.get("id")
    if need == "lose_upgrade" and isinstance(index, int) and 1 <= index <= len(known):
        for effects in known[index - 1].get("outcomes", {}).values():
            for effect in effects:
                if effect and effect[0] == "WEAR":
                    text += (
                        f" Every mothership with {effect[1]} or more upgrades loses one;"
                        " you choose which of yours."
                    )
                    return text
    return text
