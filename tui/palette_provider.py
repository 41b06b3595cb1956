"""The command palette offers the actions available now on the game screen, then the
screen's own commands (rules, costs, save, ...), each with its key."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.binding import Binding
from textual.command import Hit, Hits, Provider

SCREEN_COMMANDS = {
    "rules": "Rules of this game",
    "costs": "Building costs",
    "rolls": "Dice rolled so far",
    "whole-log": "The whole log",
    "save-as": "Save the game",
    "speed": "Bot speed (instant, normal, slow)",
    "chat": "Chat with the table",
    "leave": "Back to the menu",
}
"""The game screen's bindings (by id) the palette offers beside the moves, in its words: F1
said Ctrl+P gives "every action by name", and "rules" or "save" found nothing."""


OVER_DIALOG = {
    "rules_over_dialog": ("Rules of this game", "F1"),
    "costs_over_dialog": ("Building costs", "F3"),
    "rolls_over_dialog": ("Dice rolled so far", "F4"),
    "log_over_dialog": ("The whole log", "F6"),
    "speed_over_dialog": ("Bot speed (instant, normal, slow)", "F2"),
}
"""The app's commands over a pop-up on the game (tui/app.py `_OVER_DIALOG_KEYS`), in the
words the game screen's palette uses for them."""


def key_words(key: str, shown: str | None) -> str:
    """A key as the F1 table writes it: "F1", "Ctrl+S", "/", "q"."""
    if shown:
        return shown
    if key.startswith("ctrl+"):
        return "Ctrl+" + key.removeprefix("ctrl+").upper()
    return key.upper() if key.startswith("f") and key[1:].isdigit() else key


class ActionsProvider(Provider):
    def _commands(self) -> list[tuple[str, str, Callable[[], None]]]:
        from tui.screens.game import GameScreen

        screen = self.screen
        if not isinstance(screen, GameScreen):
            return self._over_dialog()
        out: list[tuple[str, str, Callable[[], None]]] = []
        for cmd in screen.cmds:
            out.append((f"{cmd.label} ({cmd.key})", "Game action", partial(screen.start, cmd)))
        if screen.cmds and screen.check_action("hint", ()):
            out.append(("Hint (?)", "What the value bot would do in your seat", screen.action_hint))
        for binding in GameScreen.BINDINGS:
            words = SCREEN_COMMANDS.get(getattr(binding, "id", None) or "")
            if words is None or not isinstance(binding, Binding):
                continue
            if screen.check_action(binding.action, ()) is False:
                continue
            key = key_words(binding.key, binding.key_display)
            out.append((f"{words} ({key})", "Command", getattr(screen, f"action_{binding.action}")))
        return out

    def _over_dialog(self) -> list[tuple[str, str, Callable[[], None]]]:
        """Over a pop-up on the game (an offer, the costs card): the help its keys open
        there too (seen in play: Ctrl+P over a pop-up listed only Textual's own commands)."""
        app = self.app
        game_under = getattr(app, "game_under", None)
        if game_under is None or game_under(self.screen) is None:
            return []
        out: list[tuple[str, str, Callable[[], None]]] = []
        for action, (words, key) in OVER_DIALOG.items():
            if app.check_action(action, ()) is False:
                continue
            out.append((f"{words} ({key})", "Command", getattr(app, f"action_{action}")))
        return out

    async def discover(self) -> Hits:
        for title, help_text, callback in self._commands():
            yield Hit(1.0, title, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, help_text, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=help_text)
