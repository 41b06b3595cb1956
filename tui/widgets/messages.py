"""Intent messages: what a widget or dialog asks the game screen to do.

Widgets never act on the game: they post one of these, and the game screen
turns it into a protocol ``act`` (or a dialog) after checking it is legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from textual.message import Message


@dataclass
class ActionRequested(Message):
    """Send this action (JSON) for the seat."""

    action: dict[str, Any]


@dataclass
class CommandRequested(Message):
    """Start the command with this key (as if the key had been pressed)."""

    key: str


@dataclass
class TargetClicked(Message):
    """A map target was clicked."""

    kind: str
    target: int
