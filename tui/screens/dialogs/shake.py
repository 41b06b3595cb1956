"""The mothership shake: the two balls that came out, and what they mean."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tui.narrate_starfarers import shake_outcome
from tui.screens.dialogs.choice import ChoiceDialog

BALL_STYLE = {
    "yellow": "bold #f2c94c",
    "blue": "bold #3d7be0",
    "red": "bold #e5323b",
    "black": "bold white on #333333",
    "white": "bold black on white",
}


def balls_text(balls: list[str]) -> Text:
    text = Text()
    for ball in balls:
        text.append(" ● ", style=BALL_STYLE.get(str(ball), "bold"))
        text.append(f"{ball}   ")
    return text


class ShakeDialog(ChoiceDialog):
    """Shows the two balls of a shake (the flight's or an encounter's test)."""

    def __init__(self, event: dict[str, Any], who: str) -> None:
        balls = [str(b) for b in event.get("balls") or []]
        body = Text(f"{who} shook the mothership:\n\n")
        body.append_text(balls_text(balls))
        if "base_speed" in event:
            body.append(f"\n\nBase speed: {event['base_speed']}")
        if "hit" in event:
            outcome = shake_outcome(str(event.get("test", "")), bool(event["hit"]))
            asked, _, answer = outcome.rpartition("? ")
            body.append(f"\n\nThe encounter's test: {asked}? ")
            body.append(answer, style="bold")
        if "black" in balls and "base_speed" in event:  # the flight's shake, not a card's test
            body.append("\nA black ball: an encounter comes before any ship flies.", style="bold")
        super().__init__("The mothership shake", [("OK", None)], body)
