"""Bot-provided text made safe to log and print.

Anything a bot controls (exception messages, its stderr, its ``log``
messages, its name, a plugin's import error) may hold terminal escape
sequences: clearing the screen, retitling the window, hiding text. Before
such text reaches a log or a terminal it goes through ``printable``, which
keeps printable characters (any script, emoji included) and writes every
other code point as a Python-style escape: ``\\x1b``, ``\\n``, ``\\u202e``.
"""

from __future__ import annotations

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(ch: str) -> str:
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def printable(text: object, limit: int | None = 500) -> str:
    """``text`` as one printable line: control and format characters escaped, cut at ``limit``."""
    try:
        raw = text if isinstance(text, str) else str(text)
    except Exception:  # a bot's object whose __str__ raises
        raw = f"<unprintable {type(text).__name__}>"
    if limit is not None and len(raw) > limit:
        raw = raw[:limit] + "…"
    if raw.isprintable():
        return raw  # the common case: nothing to do
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in raw)
