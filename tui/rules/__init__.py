"""The rules documents, shipped as package data (copies of the shared Markdown specs)."""

from __future__ import annotations

from importlib import resources

FILES = {
    "base": "catan.md",
    "starfarers": "starfarers.md",
    "ck": "cities-and-knights.md",
    "fleet": "catan-fleet.md",
}


def names() -> list[str]:
    return list(FILES)


def text(ruleset: str) -> str:
    """The Markdown rules of `ruleset`; KeyError if there are none."""
    return resources.files(__name__).joinpath(FILES[ruleset]).read_text(encoding="utf-8")
