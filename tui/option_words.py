"""A ruleset's options in words: the labels and values the new-game form and the lobby show.

An option is declared once, in its ruleset's registration (`OptionSpec`: a
name, its choices, a default and a line of help); the forms call it what the
CLI calls it (`--option vp_to_win=8` is "VP to win"), with its values as a
player would say them ("No" for False, "First game" for first_game).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.config import OptionSpec
from engine.registry import get_ruleset

LABELS = {"vp_to_win": "VP to win", "combined_trade_build": "Trade after building"}
"""Where the name's words alone would not read (the CLI's name is shown beside it nowhere)."""

CHOICE_WORDS = {
    ("starting_hand", "seed"): "3 of each resource",
    ("starting_hand", "rulebook"): "3 from the reserve pile",
}
"""Values whose names are the sources' (the seed document, the rulebook), not a player's words."""

CHOICE_HELP = {
    ("variant", "first_game"): "The rulebook's first map, face up; your starting colonies,"
    " spaceport and ship are placed for you.",
    ("variant", "strategic"): "A shuffled map, face up; you choose where your colonies and"
    " spaceport start.",
    ("variant", "discoverer"): "A shuffled map, face down: sectors show as your ships reach"
    " them; you choose your start.",
    ("variant", "wild_space"): "As discoverer, with every sector shuffled together: a"
    " civilisation may be missing.",
    ("board", "random"): "Terrain and numbers shuffled.",
    ("board", "beginner"): "The rulebook's fixed board for a first game.",
}
"""What a value means, where its name alone does not say (the new-game form shows it under
its row: the variants' names told a newcomer nothing of what they change)."""


def option_label(spec: OptionSpec) -> str:
    return LABELS.get(spec.name) or spec.name.replace("_", " ").capitalize()


def option_help(spec: OptionSpec) -> str | None:
    """The option's line of help as a sentence (a tooltip), if it has one."""
    text = spec.help.strip()
    return f"{text[:1].upper()}{text[1:]}." if text else None


def choice_help(spec: OptionSpec, value: Any) -> str | None:
    """What the option's value `value` means (`CHOICE_HELP`), if it needs saying."""
    return CHOICE_HELP.get((spec.name, value))


def choice_label(value: Any, spec: OptionSpec | None = None) -> str:
    """One value of an option: True/False as Yes/No, names as words, numbers as they are."""
    if spec is not None and (spec.name, value) in CHOICE_WORDS:
        return CHOICE_WORDS[spec.name, value]
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, str):
        return value.replace("_", " ").capitalize()
    return str(value)


def choices_of(spec: OptionSpec) -> list[tuple[str, Any]]:
    """The (label, value) pairs of a Select over the option's choices."""
    return [(choice_label(c, spec), c) for c in spec.choices]


def seat_count(ruleset: str, wanted: int) -> int:
    """`wanted` if the ruleset is played by that many, else the most it is played by."""
    seats = get_ruleset(ruleset).seats
    return wanted if wanted in seats else max(seats)


def ruleset_title(name: str) -> str:
    """A ruleset's title ("Cities & Knights"); an unknown name as it is."""
    try:
        return get_ruleset(name).title
    except Exception:
        return name


def short_title(name: str) -> str:
    """A ruleset's title for a narrow column ("Base game", "Fleet"); an unknown name as it is."""
    try:
        ruleset = get_ruleset(name)
    except Exception:
        return name
    return ruleset.short_title or ruleset.title


def changed_options(ruleset: str, options: Mapping[str, Any]) -> str:
    """The options that differ from the defaults, in words ("VP to win 8, Board Beginner")."""
    try:
        specs = {s.name: s for s in get_ruleset(ruleset).options}
    except Exception:
        specs = {}
    parts = []
    for name, value in options.items():
        spec = specs.get(name)
        if spec is None:
            parts.append(f"{name} {value}")
        elif value != spec.default:
            parts.append(f"{option_label(spec)} {choice_label(value, spec)}")
    return ", ".join(parts)
