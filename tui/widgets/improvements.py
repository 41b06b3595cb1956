"""City improvements and progress cards (C&K), as sections of the equipment panel.

`improvement_section`: each track's level (0-5) as a bar, the red die's numbers
that draw a progress card when the track's gate shows, its level-3 ability,
who holds its metropolis, and what the next level costs; then every seat's levels (public),
the only part a spectator sees. `progress_section`:
your own progress cards with what each does (others' are counts on the
scoreboard), and the cards left in each deck.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from engine.rulesets.ck.cards import red_draws_up_to
from tui.choices_ck import card_words
from tui.faces import PANEL_WIDTH
from tui.narrate import SEAT_NAMES
from tui.widgets.style import seat_style

TRACKS = (
    ("trade", "cloth", "yellow", "Trading House: commodity 2:1"),
    ("politics", "coin", "blue", "Fortress: mighty knights"),
    ("science", "paper", "green", "Aqueduct: got none? take 1"),
)
"""Per track: its commodity, its colour and its level-3 ability in at most 28 columns (so
that, indented, it is one line of the side panel at 80x24; F1 has the whole rule)."""
MAX_LEVEL = 5
ABILITY = 3
TRACK_SHORT = {"trade": "Trd", "politics": "Pol", "science": "Sci"}
LABEL = 9
"""The seat's column in the levels table: "You" and the seat colours ("Orange") fit it."""
TRACK_LINE = 29
"""A track's line ("Politics ■■■□□ 1-4 · 4 coin") at its longest, its heading's too."""
RIVAL_COLUMN = 4
"""An opponent's column beside the tracks in a wide panel: a space and 3 letters of the seat's
colour over its level (0-5, under the middle letter) and M where it holds the metropolis."""


def _me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    seat = view.get("seat")
    players = view.get("players") or []
    return players[seat] if isinstance(seat, int) and seat < len(players) else {}


def level_bar(level: int, colour: str) -> Text:
    text = Text()
    for i in range(1, MAX_LEVEL + 1):
        text.append("■" if i <= level else "□", style=f"bold {colour}" if i <= level else "dim")
    return text


def improvement_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Equipment panel: the seat's three improvement tracks, then every seat's levels (public:
    they decide the metropolis races) with the metropolises marked; a spectator sees only the
    table, no seat's tracks or walls. Where the panel is wide enough (120x40) the others'
    levels stand in columns beside the seat's own tracks, five rows fewer than the table."""
    seat = view.get("seat")
    text = Text()
    rivals = [int(p.get("seat", i)) for i, p in enumerate(view.get("players") or []) if i != seat]
    beside = isinstance(seat, int) and TRACK_LINE + RIVAL_COLUMN * len(rivals) <= width
    if isinstance(seat, int):
        text.append_text(_own_tracks(view, rivals if beside else []))
    if not beside:
        text.append_text(levels_table(view))
    me = _me(view)
    walls, limit = me.get("walls_left"), me.get("hand_limit")
    if walls is not None:  # one line at 80x24: the limit itself, not the rule behind it
        text.append(f"Walls left {walls}" + (f" · hand limit {limit}\n" if limit else "\n"))
    return text


def _own_tracks(view: Mapping[str, Any], rivals: list[int]) -> Text:
    """The seat's tracks: each level as a bar, the red die's numbers, the next level's price,
    its level-3 ability and who holds its metropolis; `rivals`' levels in columns beside
    (M: the track's metropolis), where the panel has room for them."""
    levels = _me(view).get("improvements") or {}
    players = view.get("players") or []
    holders = metropolis_holders(view)
    text = Text()
    # The columns' heading, in 30 columns (the panel at 80x24): on the track's gate, the
    # red die's numbers that draw a progress card; the price of the next level.
    text.append("Improvements", style="bold")
    text.append(" (red die · next)", style="dim")
    text.align("left", TRACK_LINE)
    for s in rivals:
        name = SEAT_NAMES[s % len(SEAT_NAMES)][:3]
        text.append(f" {name}", style=seat_style(s))
    text.rstrip()
    text.append("\n")
    for track, commodity, colour, ability in TRACKS:
        level = int(levels.get(track, 0))
        line = Text()
        line.append(f" {track.title():<8} ", style=f"bold {colour}")
        line.append_text(level_bar(level, colour))
        top = red_draws_up_to(level)
        line.append(f" 1-{top}" if top else "  - ")
        if level < MAX_LEVEL:
            line.append(f" · {level + 1} {commodity}")
        if rivals:
            line.align("left", TRACK_LINE)
        for s in rivals:
            theirs = (players[s].get("improvements") or {}) if s < len(players) else {}
            line.append(f"  {int(theirs.get(track, 0))}")
            line.append("M" if holders.get(track) == s else " ", style="bold")
        line.rstrip()
        text.append_text(line)
        text.append("\n")
        if level >= ABILITY:
            text.append(f"  {ability}\n", style="dim")
        owner = holders.get(track)
        if owner is not None:  # a line of its own: beside the track it wraps at 80x24
            who = "yours" if owner == view.get("seat") else SEAT_NAMES[owner % len(SEAT_NAMES)]
            text.append(f"  Metropolis: {who} (+2 VP)\n", style="bold")
    return text


def metropolis_holders(view: Mapping[str, Any]) -> dict[str, int]:
    """Per track with a metropolis on the board, the seat holding it."""
    metropolis = view.get("metropolis") or {}
    vertices = view.get("vertices") or ()
    out = {}
    for track, _, _, _ in TRACKS:
        v = int(metropolis.get(track, -1))
        if 0 <= v < len(vertices) and isinstance(vertices[v][0], int) and vertices[v][0] >= 0:
            out[track] = int(vertices[v][0])
    return out


def levels_table(view: Mapping[str, Any]) -> Text:
    """Every seat's level on each track, a line per seat in 30 columns; M beside a level
    is that track's metropolis. Levels are public: they decide the metropolis races (they
    were once in the log alone)."""
    players = view.get("players") or []
    seat = view.get("seat")
    holders = metropolis_holders(view)
    text = Text()
    text.append(f"{'Levels':<{LABEL}}", style="bold")
    for track, _, colour, _ in TRACKS:
        text.append(f"{TRACK_SHORT[track]:>4} ", style=f"bold {colour}")
    text.rstrip()
    text.append("\n")
    for p in players:
        s = int(p.get("seat", 0))
        levels = p.get("improvements") or {}
        name = "You" if s == seat else SEAT_NAMES[s % len(SEAT_NAMES)]
        text.append(f" {name:<{LABEL - 1}}", style=seat_style(s))
        for track, _, _, _ in TRACKS:
            metro = holders.get(track) == s
            text.append(f"{int(levels.get(track, 0)):>4}")
            text.append("M" if metro else " ", style="bold")
        text.rstrip()
        text.append("\n")
    return text


_LAST: list[tuple[Mapping[str, Any], dict[str, str]]] = []
"""The last view judged and its answer: the panel is drawn again (a resize, a scroll) with
the same view, and each judgement draws a whole game from it."""


def unplayable(view: Mapping[str, Any]) -> dict[str, str]:
    """`judge_unplayable` of `view`, once per view object."""
    if _LAST and _LAST[0][0] is view:
        return _LAST[0][1]
    found = judge_unplayable(view)
    _LAST[:] = [(view, found)]
    return found


def judge_unplayable(view: Mapping[str, Any]) -> dict[str, str]:
    """The progress cards held that cannot be played in this main phase, with the engine's
    reason (Diplomat with no open road, Saboteur with nobody at your points), asked of a
    game drawn from the view (public facts and the seat's own hand), only for display.

    Alchemist is left out: its own words say it is played before the roll.
    """
    if view.get("phase") != "main" or view.get("to_act") != view.get("seat"):
        return {}
    from engine.registry import sample_consistent
    from engine.rng import Rng
    from engine.rulesets.ck.actions import PlayProgress
    from engine.rulesets.ck.cards import ALCHEMIST, PROGRESS, VP_CARDS
    from engine.rulesets.ck.progress import check_play

    held = (view.get("me") or {}).get("development") or {}
    skip = {*VP_CARDS, ALCHEMIST}
    cards = [c for c, n in held.items() if n and PROGRESS.index.get(c, ALCHEMIST) not in skip]
    if not cards:
        return {}
    try:
        game: Any = sample_consistent(dict(view), Rng(0))
    except Exception:  # a view the sampler cannot rebuild: say nothing
        return {}
    out = {}
    for card in cards:
        reason = check_play(game, PlayProgress(card))
        if reason is not None:
            out[card] = reason
    return out


def progress_section(view: Mapping[str, Any], width: int = PANEL_WIDTH) -> Text:
    """Equipment panel: your progress cards (a hand of at most 4), each that cannot be
    played now with the reason (once such cards just went missing from `p`), and the decks."""
    text = Text()
    if isinstance(view.get("seat"), int):  # a spectator holds none: only the decks
        text.append_text(_own_progress(view))
    decks = view.get("progress_decks")
    if isinstance(decks, list) and len(decks) == 3:
        # Commas, so that where it wraps (the panel at 80x24 has 30 columns) it reads as a
        # sentence, not a list cut after a "·".
        text.append(
            f"Decks: trade {decks[0]}, politics {decks[1]}, science {decks[2]}\n", style="dim"
        )
    return text


def _own_progress(view: Mapping[str, Any]) -> Text:
    """The seat's progress cards, each that cannot be played now with the reason."""
    hand = (view.get("me") or {}).get("development") or {}
    text = Text()
    held = [(card, n) for card, n in hand.items() if n]
    count = sum(n for _, n in held)
    text.append(f"Progress cards ({count}/4)", style="bold")
    text.append(": none\n" if not held else "\n")
    not_now = unplayable(view)
    for card, n in held:
        times = f" x{n}" if n > 1 else ""
        text.append(f" {card_words(card)}{times}\n")
        if card in not_now:
            text.append(f"   not now: {not_now[card]}\n", style="dim italic")
    return text
