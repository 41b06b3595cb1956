"""Bot-provided text made safe to log and print.

Anything a bot controls (exception messages, its stderr, its ``log``
messages, its name, a plugin's import error) may hold terminal escape
sequences: clearing the screen, retitling the window, hiding text. Before
such text reaches a log or a terminal it goes through ``printable``, which
keeps printable characters (any script, emoji included) and writes every
other code point as a Python-style escape: ``\\x1b``, ``\\n``, ``\\u202e``.
``error_text`` words an error a bot's call ended with the same way, in one
line that says where in the bot's code it was raised.
"""

from __future__ import annotations

import os
import sys
import sysconfig
import traceback
from pathlib import Path

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


# -- errors ------------------------------------------------------------------------------

_OURS = ("engine", "ai")
"""Top-level packages whose errors are worded for people: their message is shown alone."""
_PROJECT = Path(__file__).resolve().parents[1]
_FRAMEWORK = (str(_PROJECT / "ai") + os.sep, str(_PROJECT / "engine") + os.sep)
_BOT_CODE = (str(_PROJECT / "ai" / "bots") + os.sep, str(_PROJECT / "ai" / "examples") + os.sep)
_STDLIB = tuple(
    dict.fromkeys(
        str(Path(sysconfig.get_paths()[k]).resolve()) + os.sep for k in ("stdlib", "platstdlib")
    )
)


def error_text(exc: BaseException, bot: object = None) -> str:
    """One printable line for an error a bot's call ended with.

    The engine's and the host's own errors (engine.*, ai.*) are worded for
    people, so their message is shown alone; any other keeps its class name
    (``ZeroDivisionError: division by zero``). Either way the innermost line
    of the bot's own code it passed through is added, e.g. ``(mybot.py:12 in
    decide)``; ``bot`` (the bot or its class) tells which code is its own.
    """
    cls = type(exc)
    message = _str(exc)
    if cls.__module__.partition(".")[0] in _OURS:
        text = message or cls.__name__
    else:
        name = cls.__qualname__
        if cls.__module__ not in ("builtins", "__main__"):
            name = f"{cls.__module__}.{name}"
        text = f"{name}: {message}" if message else name
    where = bot_frame(exc, bot)
    return printable(f"{text} ({where})" if where else text)


def bot_frame(exc: BaseException, bot: object = None) -> str | None:
    """``file.py:LINE in function``: the innermost frame of ``exc``'s traceback in the bot's code.

    The bot's code is the module that defines ``bot``'s class (the folder of
    it, for a module of a package); failing that, any code but the standard
    library's and this project's engine and bot host.
    """
    walk = traceback.walk_tb(exc.__traceback__)
    frames = [(f.f_code.co_filename, line, f.f_code.co_name) for f, line in walk]
    home = _home(bot)
    own = [f for f in frames if home is not None and _under(f[0], home)]
    if not own:
        own = [f for f in frames if not _foreign(f[0])]
    if not own:
        return None
    filename, line, function = own[-1]
    return f"{os.path.basename(filename)}:{line} in {function}"


def _home(bot: object) -> str | None:
    """The file of ``bot``'s class, or its folder for a module of a package (resolved);
    None for the host's own classes (a bot process's stand-in, ai/exec_bot.py)."""
    if bot is None:
        return None
    cls = bot if isinstance(bot, type) else type(bot)
    filename = getattr(sys.modules.get(cls.__module__), "__file__", None)
    if not isinstance(filename, str) or _foreign(filename):
        return None
    path = Path(filename).resolve()
    return str(path.parent) + os.sep if "." in cls.__module__ else str(path)


def _under(filename: str, home: str) -> bool:
    try:
        resolved = str(Path(filename).resolve())
    except (OSError, ValueError):
        return False
    return resolved == home or (home.endswith(os.sep) and resolved.startswith(home))


def _foreign(filename: str) -> bool:
    """Not a bot's code: the standard library, the engine, the bot host (built-in bots aside)."""
    if filename.startswith("<"):
        return True
    try:
        resolved = str(Path(filename).resolve())
    except (OSError, ValueError):
        return True
    if resolved.startswith(_BOT_CODE):
        return False
    if resolved.startswith(_FRAMEWORK):
        return True
    return resolved.startswith(_STDLIB) and "site-packages" not in resolved


def safe_repr(value: object, limit: int) -> str:
    """``repr(value)`` cut to `limit` characters; a bot's object whose ``__repr__`` raises is
    named by its type instead."""
    try:
        return f"{value!r:.{limit}}"
    except Exception:
        return f"<a {type(value).__name__}>"


def _str(exc: BaseException) -> str:
    try:
        return str(exc)
    except Exception:  # a bot's exception whose __str__ raises
        return f"<unprintable {type(exc).__name__}>"
