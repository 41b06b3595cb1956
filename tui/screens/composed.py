"""Whether a screen's composed widgets are all there yet (`composed`).

A screen's bindings run as soon as it is on top, which can be before the
widgets it composes are mounted (keys read in a burst, over SSH under load).
Textual mounts them in `mount_composed_widgets`; once that has returned, every
one of them (those nested in containers too) is there to query.

A plain mixin, not a Widget: a Widget class in a screen's bases would bring the
Widget's default CSS in again, over the screen's own.
"""

from __future__ import annotations

from typing import Any


class ComposedFlag:
    _composed = False

    @property
    def composed(self) -> bool:
        """Every widget it composed is mounted (False before, and for a screen not shown)."""
        return self._composed

    async def mount_composed_widgets(self, widgets: list[Any]) -> None:
        await super().mount_composed_widgets(widgets)  # type: ignore[misc]
        self._composed = True
