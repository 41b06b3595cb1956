"""The command palette offers the actions available now on the game screen, then the
screen's own commands (rules, costs, save, ...), each with its key."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.binding import Binding
from textual.command import Hit, Hits, Provider

SCREEN_COMMANDS = {
    "rules": ("Rules of this game", "The rules, the map's key and every key of this screen"),
    "costs": ("Building costs", "What each piece and card costs, and what it gives"),
    "rolls": ("Dice rolled so far", "How often each number has come up this game"),
    "whole-log": ("The whole log", "Every line of the game so far, to read or search (/)"),
    "save-as": ("Save the game", "Under a name of your own; another game is never overwritten"),
    "speed": ("Bot speed (instant, normal, slow)", "How fast the bots' moves are shown"),
    "chat": ("Chat with the table", "A line to everyone at the table"),
    "leave": ("Back to the menu", "Leave this game; it asks first"),
}
"""The game screen's bindings (by id) the palette offers beside the moves, in its words, each
with the line under it (F1 said Ctrl+P gives "every action by name", and "rules" or "save"
found nothing; each said only "Command" under it)."""


OVER_DIALOG = {
    "rules_over_dialog": ("rules", "F1"),
    "costs_over_dialog": ("costs", "F3"),
    "rolls_over_dialog": ("rolls", "F4"),
    "log_over_dialog": ("whole-log", "F6"),
    "speed_over_dialog": ("speed", "F2"),
}
"""The app's commands over a pop-up on the game (tui/app.py `_OVER_DIALOG_KEYS`): the game
screen's command of that id (`SCREEN_COMMANDS`, the same words), and its key."""


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
            out.append(
                (f"{cmd.label} ({cmd.key})", "A move you can make now", partial(screen.start, cmd))
            )
        if screen.cmds and screen.check_action("hint", ()):
            out.append(("Hint (?)", "What the value bot would do in your seat", screen.action_hint))
        for binding in GameScreen.BINDINGS:
            told = SCREEN_COMMANDS.get(getattr(binding, "id", None) or "")
            if told is None or not isinstance(binding, Binding):
                continue
            if screen.check_action(binding.action, ()) is False:
                continue
            key = key_words(binding.key, binding.key_display)
            words, help_text = told
            out.append((f"{words} ({key})", help_text, getattr(screen, f"action_{binding.action}")))
        return out

    def _over_dialog(self) -> list[tuple[str, str, Callable[[], None]]]:
        """Over a pop-up on the game (an offer, the costs card): the help its keys open
        there too (seen in play: Ctrl+P over a pop-up listed only Textual's own commands)."""
        app = self.app
        game_under = getattr(app, "game_under", None)
        if game_under is None or game_under(self.screen) is None:
            return []
        out: list[tuple[str, str, Callable[[], None]]] = []
        for action, (command, key) in OVER_DIALOG.items():
            if app.check_action(action, ()) is False:
                continue
            words, help_text = SCREEN_COMMANDS[command]
            out.append((f"{words} ({key})", help_text, getattr(app, f"action_{action}")))
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
