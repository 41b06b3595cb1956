"""Forms of one-line rows (a label, then its field): the new-game form and the SSH new table.

A compact field shows its focus only by a tint, so the row in focus is also
marked with the class ``-current`` (its label drawn reversed, which reads in
any terminal). Changing the game redraws the form (other options, other
seats); the field just changed keeps the focus, so the keys go on from there.
"""

from __future__ import annotations

from textual import events
from textual.dom import DOMNode
from textual.widget import Widget

ROW = "row"
"""The class of a form's rows."""
CURRENT = "-current"
"""The class of the row holding the focus."""


def mark_current_row(form: DOMNode, event: events.DescendantFocus) -> None:
    """Move the ``-current`` mark to the row of the widget that took the focus."""
    form.query(f".{ROW}.{CURRENT}").remove_class(CURRENT)
    parent = event.widget.parent
    if parent is not None and parent.has_class(ROW):
        parent.add_class(CURRENT)


async def redraw_keeping_focus(form: Widget, field_id: str) -> None:
    """Compose `form` again, then give the focus back to the field `field_id`."""
    await form.recompose()
    found = form.query(f"#{field_id}")
    if found:
        found.first().focus(scroll_visible=False)
