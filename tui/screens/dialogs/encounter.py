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
    return "Continue"


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
        if receiver:
            body.append(f"\nThe cards you send go to {receiver}.")
        options: list[tuple[str | Text, Any]] = [
            (answer_label(kind, int(a.get("answer", 0))), a) for a in actions
        ]
        super().__init__("Encounter", options, body, cancellable=False)


class OutcomeDialog(ChoiceDialog):
    """What an encounter led to, in words."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(
            "Encounter outcome", [("OK", None)], "\n".join(lines) or "Nothing happened."
        )
