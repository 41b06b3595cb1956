"""Errors the engine raises.

Each carries a message meant for a person: it names the rule that was broken,
so a UI can show it as is and a bot author can read it in a log.
"""

from __future__ import annotations


class CatanError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(CatanError):
    """An action that the rules do not allow in the current state."""


class ConfigError(CatanError):
    """A game configuration that names an unknown ruleset, option or value."""


class SaveError(CatanError):
    """A save that cannot be read, or whose log does not reach its snapshot."""
