"""Encounters: the card's prompt and the allowed answers; afterwards, what happened."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tui.screens.dialogs.choice import ChoiceDialog


def answer_label(kind: str, answer: int) -> str:
    if kind == "yesno":
        return "Yes" if answer else "No"
    if kind == "offer":
        return f"Offer {answer} card{'s' if answer != 1 else ''}"
    return "Continue"


class EncounterDialog(ChoiceDialog):
    """The encounter card's prompt with one option per legal answer (returns the action)."""

    def __init__(self, encounter: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        card = encounter.get("card") or {}
        kind = str(card.get("answer", "yesno"))
        body = Text()
        body.append(str(card.get("name", "An encounter")) + "\n", style="bold")
        body.append(str(card.get("prompt", "")))
        options: list[tuple[str | Text, Any]] = [
            (answer_label(kind, int(a.get("answer", 0))), a) for a in actions
        ]
        super().__init__("Encounter", options, body, cancellable=False)


class PaymentDialog(ChoiceDialog):
    """Cards an encounter asks for ("Offer the pilgrims 1 card"), one card per choice."""

    def __init__(
        self,
        encounter: dict[str, Any],
        actions: list[dict[str, Any]],
        owed: int,
        hand: dict[str, int],
    ) -> None:
        card = encounter.get("card") or {}
        name = str(card.get("name") or "the encounter")
        plural = "s" if owed != 1 else ""
        title = f"{name}: give {owed} more card{plural}" if owed else f"{name}: give a card"
        body = Text()
        if card.get("prompt"):
            body.append(str(card["prompt"]) + "\n", style="italic")
        body.append("Your hand: " + (", ".join(f"{n} {r}" for r, n in hand.items() if n) or "-"))
        options: list[tuple[str | Text, Any]] = [
            (f"Give 1 {a['resource']} (you have {hand.get(a['resource'], 0)})", a) for a in actions
        ]
        super().__init__(title, options, body, cancellable=False)


class OutcomeDialog(ChoiceDialog):
    """What an encounter led to, in words."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(
            "Encounter outcome", [("OK", None)], "\n".join(lines) or "Nothing happened."
        )
