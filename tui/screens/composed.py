"""Whether a screen's composed widgets are all there yet (`composed`).

A screen's bindings run as soon as it is on top, which can be before the
widgets it composes are mounted (keys read in a burst, over SSH under load).
Textual mounts them in `mount_composed_widgets`; once that has returned, every
one of them (those nested in containers too) is there to query.
"""

from __future__ import annotations

from textual.widget import Widget


class ComposedFlag(Widget):
    _composed = False

    @property
    def composed(self) -> bool:
        """Every widget it composed is mounted (False before, and for a screen not shown)."""
        return self._composed

    async def mount_composed_widgets(self, widgets: list[Widget]) -> None:
        await super().mount_composed_widgets(widgets)
        self._composed = True
