"""The command palette offers the actions available now on the game screen."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.command import Hit, Hits, Provider


class ActionsProvider(Provider):
    def _commands(self) -> list[tuple[str, str, Callable[[], None]]]:
        from tui.screens.game import GameScreen

        screen = self.screen
        if not isinstance(screen, GameScreen):
            return []
        out: list[tuple[str, str, Callable[[], None]]] = []
        for cmd in screen.cmds:
            out.append((f"{cmd.label} ({cmd.key})", "Game action", partial(screen.start, cmd)))
        if screen.cmds and screen.check_action("hint", ()):
            out.append(("Hint (?)", "What the value bot would do in your seat", screen.action_hint))
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
