"""A pop-up answers once: after `dismiss`, the keys still on their way to it do nothing;
and a key it gets before its widgets are there changes its state, not its widgets.

Keys typed fast, or read in a burst after a stall (over SSH under load), can be
queued for a pop-up behind the key that answered it. Without this, a second
Enter dismissed it again, calling its callback twice and popping the screen
under it too, and a key handled while its widgets were being removed found
none of them (a traceback, and a lost session). Likewise a key read before the
pop-up was composed (its bindings run as soon as it is on top): an update of its
widgets waits for `drawn`, and `on_mount` draws what the keys chose.
"""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

from tui.screens.composed import ComposedFlag

ResultT = TypeVar("ResultT")


class AnswerOnce(ComposedFlag, ModalScreen[ResultT]):
    answered: bool = False
    """Dismissed already: its bindings are off and a second dismiss does nothing."""

    def dismiss(self, result: ResultT | None = None) -> AwaitComplete:
        if self.answered:
            return AwaitComplete()
        self.answered = True
        return super().dismiss(result)

    @property
    def drawn(self) -> bool:
        """Its widgets are there to update: composed, and not being taken down after its answer."""
        return self.composed and not self.answered

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.answered:
            return False
        return super().check_action(action, parameters)
