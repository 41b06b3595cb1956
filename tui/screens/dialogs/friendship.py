"""Choose a friendship card from an alien civilisation's stack."""

from __future__ import annotations

from typing import Any

from tui.screens.dialogs.choice import ChoiceDialog


class FriendshipDialog(ChoiceDialog):
    def __init__(self, actions: list[dict[str, Any]]) -> None:
        from tui.narrate_starfarers import friendship_words

        options: list[tuple[Any, Any]] = [
            (friendship_words(str(a.get("card"))), a) for a in actions
        ]
        super().__init__(
            "Choose a friendship card",
            options,
            "A new trade station wins you a friend: pick one of their cards.",
            cancellable=False,
        )
