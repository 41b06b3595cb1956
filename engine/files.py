"""Reading files a user names: saves, the users file of `catan serve`, the record of games.

Such a file may be anything: a FIFO that never ends (or blocks the opener
forever), /dev/zero, a directory, a multi-gigabyte log, JSON holding a number
with a million digits or brackets nested a million deep. Everything here
refuses those with a one-line CatanError (the caller's subclass) instead of
hanging, eating the memory or showing a traceback. Files are only read.
"""

from __future__ import annotations

import json
import os
import stat
import tomllib
from pathlib import Path
from typing import Any

from engine.errors import CatanError, ConfigError

MAX_BYTES = 64 * 1024 * 1024  # far above any real save or users file
_CHUNK = 1024 * 1024

# Everything a parser may raise on hostile input, beyond its own decode error:
# ValueError (int digits limit), RecursionError (nesting), MemoryError, ...
_PARSE_ERRORS = (
    ValueError,
    RecursionError,
    MemoryError,
    OverflowError,
    TypeError,
    KeyError,
    IndexError,
)


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a plain file"


def check_regular_file(
    path: Path,
    *,
    limit: int = MAX_BYTES,
    what: str = "file",
    error: type[CatanError] = ConfigError,
) -> None:
    """Raise `error` (one line) unless `path` is a regular file of at most `limit` bytes.

    Only stats the file (following symlinks): a FIFO or a device is refused
    without being opened. `read_user_file` checks again on what it opens.
    """
    label = f"{what} {path}"
    try:
        info = os.stat(path)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise error(f"cannot read the {label}: {why(exc)}") from None
    if not stat.S_ISREG(info.st_mode):
        raise error(f"the {label} is {_kind(info.st_mode)}, not a regular file")
    if info.st_size > limit:
        raise error(_too_big(label, limit))


def _too_big(label: str, limit: int) -> str:
    size = f"{limit / (1024 * 1024):g} MiB" if limit >= 1024 * 1024 else f"{limit / 1024:g} KiB"
    return f"the {label} is larger than {size}; refusing to read it"


def read_user_file(
    path: Path,
    *,
    limit: int = MAX_BYTES,
    what: str = "file",
    error: type[CatanError] = ConfigError,
) -> bytes:
    """The bytes of the regular file at `path`, at most `limit` of them.

    Raises `error` (one line naming `what` and `path`) for a missing or
    unreadable file, anything but a regular file (checked before opening, and
    again on the open descriptor, which is opened non-blocking so a FIFO
    swapped in between cannot hang), or a file larger than `limit`.
    """
    label = f"{what} {path}"
    check_regular_file(path, limit=limit, what=what, error=error)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise error(f"cannot read the {label}: {why(exc)}") from None
    try:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode):
            raise error(f"the {label} is {_kind(opened.st_mode)}, not a regular file")
        too_big = error(_too_big(label, limit))
        if opened.st_size > limit:
            raise too_big
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # the file grew after fstat
            raise too_big
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"cannot read the {label}: {why(exc)}") from None
    finally:
        os.close(fd)


def read_json(
    path: Path,
    *,
    limit: int = MAX_BYTES,
    what: str = "file",
    error: type[CatanError] = ConfigError,
) -> Any:
    """The JSON in the regular file at `path` (`read_user_file`, then `parse_json`)."""
    raw = read_user_file(path, limit=limit, what=what, error=error)
    return parse_json(raw, prefix=f"the {what} {path}", error=error)


def set_aside(path: Path) -> Path:
    """Rename a file that could not be used to `<stem>.broken<suffix>` (`.broken-2`, ... when
    that is taken: never over an earlier one), so a new one can begin without losing it.
    Returns the new path; OSError if it cannot be renamed."""
    aside = path.with_name(f"{path.stem}.broken{path.suffix}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.stem}.broken-{n}{path.suffix}")
    path.rename(aside)
    return aside


def why(exc: Exception) -> str:
    """What went wrong, in a few words: an OS error's own text, else the message."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


def parse_json(raw: bytes | str, *, prefix: str, error: type[CatanError] = ConfigError) -> Any:
    """`raw` parsed as JSON; on any failure `error("{prefix}: {what is wrong}")`, one line."""
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        # "Unterminated string starting at" ends in "at" already: said once
        where = f"at line {exc.lineno}, column {exc.colno}"
        raise error(f"{prefix}: invalid JSON ({exc.msg.removesuffix(' at')} {where})") from None
    except UnicodeDecodeError:
        raise error(f"{prefix}: not UTF-8 text") from None
    except _PARSE_ERRORS as exc:  # e.g. an integer over Python's 4300-digit limit
        raise error(f"{prefix}: {_parse_failure(exc, 'JSON')}") from None


def read_toml(
    path: Path,
    *,
    limit: int = MAX_BYTES,
    what: str = "file",
    error: type[CatanError] = ConfigError,
) -> dict[str, Any]:
    """The TOML file at `path` as a dict, read with `read_user_file`'s checks.

    `error` (one line) for an unreadable, foreign or oversized file, text that
    is not UTF-8, invalid TOML, or TOML that breaks the parser (nesting too
    deep, an integer too long to convert).
    """
    raw = read_user_file(path, limit=limit, what=what, error=error)
    label = f"the {what} {path}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{label} is not UTF-8 text") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{label} is not valid TOML: {_short(exc)}") from None
    except _PARSE_ERRORS as exc:
        raise error(f"{label} is not usable: {_parse_failure(exc, 'TOML')}") from None


def _parse_failure(exc: BaseException, language: str) -> str:
    """What a parser's unplanned exception means, for a person."""
    if isinstance(exc, RecursionError):
        return f"{language} nested too deeply"
    if isinstance(exc, MemoryError):
        return "too large to parse"
    if isinstance(exc, ValueError) and "digits" in str(exc):
        return "a number has too many digits (over 4300)"
    return f"{language} the parser cannot read ({type(exc).__name__}: {_short(exc)})"


def _short(exc: BaseException, width: int = 160) -> str:
    """The first line of an exception's message, cut to `width` characters."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= width else text[: width - 1] + "…"
