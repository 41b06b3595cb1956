"""The player guides: how to play each ruleset, shipped as package data.

A guide is Markdown written for players, with three markers filled in from the
code so they cannot drift from the game: the costs card (tui/rules/costs.py,
from the engine's constants), the keys (tui/choices.py) and the map key
(tui/render/legend.py), each the ruleset's face's (tui/faces). The
developers' specifications live in docs/specs.
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.markdown import Markdown
from rich.measure import Measurement
from rich.segment import Segment

from tui.faces import face, playable

COSTS, KEYS, MAP = "<!-- costs -->", "<!-- keys -->", "<!-- map -->"

# Keys of the game screen every ruleset shares: (key, what it does).
COMMON_KEYS = [
    ("←↑↓→ / Tab", "move between the highlighted choices on the map"),
    ("Enter", "confirm the choice"),
    (
        "Esc",
        "back out of a choice; on the only decision there is (Later), put it away to look"
        " around: its key opens it again",
    ),
    ("↑↓", "with nothing to choose on the map: scroll the panels on the right"),
    ("Shift+←↑↓→", "where the map shows in part (a small screen): move its window"),
    ("PgUp / PgDn / End", "scroll the log; End shows the newest line"),
    ("F6", "the whole log on the whole screen; / in it finds lines by their words"),
    ("?", "a hint (against bots): what the value bot would do, from your view alone"),
    ("F1", "these rules"),
    ("F3", "the building-costs card"),
    ("F4", "every roll so far, counted against fair dice"),
    ("F2", "bot speed: instant, normal, slow"),
    ("Ctrl+S", "save the game under a name"),
    ("q", "back to the main menu (the game is kept)"),
    ("Ctrl+P", "every move and command by name (rules, costs, save...)"),
]


def names() -> list[str]:
    """Rulesets that are playable here (each face has a guide), in the registry's order."""
    return playable()


def title(ruleset: str) -> str:
    return face(ruleset).title


@cache
def read_guide(file: str) -> str:
    """A guide shipped with the app (package data of tui/rules)."""
    return resources.files(__name__).joinpath(file).read_text(encoding="utf-8")


def guide(ruleset: str) -> str:
    """The guide's own Markdown, markers unfilled; NoFace if the app has none."""
    return face(ruleset).guide()


def keys_markdown(ruleset: str) -> str:
    labels: dict[str, list[str]] = {}
    for spec in face(ruleset).specs().values():
        seen = labels.setdefault(spec.key, [])
        if spec.label not in seen:
            seen.append(spec.label)
    rows = ["## Keys", "", "| Key | What it does |", "|---|---|"]
    rows += [f"| {key} | {' / '.join(what)} |" for key, what in labels.items()]
    rows += [f"| {key} | {what} |" for key, what in COMMON_KEYS]
    rows += [
        "",
        "A key works only when its action is possible (pressed otherwise, it says why): the"
        " Actions box lists the ones that do now, and the bottom line as many as fit (the"
        " move's own keys first).",
        "",
        "Beside a name in the Scores box: ▶ whose turn it is; ? someone who must act during"
        " it (an answer to an offer, a discard); … that seat deciding now; away: a person who"
        " left the table (over SSH).",
    ]
    return "\n".join(rows) + "\n"


def text(ruleset: str) -> str:
    """The whole guide as Markdown (for `catan rules`); NoFace if the app has none."""
    from tui.render.legend import markdown_key
    from tui.rules.costs import costs_markdown

    return (
        guide(ruleset)
        .replace(COSTS, costs_markdown(ruleset))
        .replace(KEYS, keys_markdown(ruleset))
        .replace(MAP, markdown_key(ruleset))
    )


def renderable(ruleset: str, *, ascii: bool = False) -> RenderableType:
    """The guide for the screen: Markdown, the coloured costs card and the map key.

    Rich draws this in a few milliseconds; Textual's Markdown widget took
    over a second for the long specifications F1 used to show.
    """
    from rich.text import Text

    from tui.render.legend import map_legend
    from tui.rules.costs import costs_table

    parts: list[RenderableType] = []
    source = guide(ruleset)
    before, _, rest = source.partition(COSTS)
    between, _, rest = rest.partition(KEYS)
    keys_part, _, after = rest.partition(MAP)
    parts.append(Markdown(before))
    parts.append(costs_table(ruleset))
    parts.append(Text(""))  # a Markdown part ends on its last line: a heading needs air
    parts.append(Markdown(between + keys_markdown(ruleset) + keys_part))
    parts.append(Text(""))
    parts.append(Markdown("## Reading the map"))
    parts.append(Text(""))
    parts.append(map_legend(ruleset, ascii=ascii))
    if after.strip():
        parts.append(Markdown(after))
    return Group(*parts)


class DrawnGuide:
    """A ruleset's guide that lays itself out once per width and then repeats the lines.

    Textual asks a Static's content for its height and its lines several times
    while a screen opens (about 0.1 s each for a guide's Markdown and tables),
    so F1 drew the same guide three or four times. The lines are kept per
    (ruleset, ascii, width) for the process: F1 again, or the other ruleset's
    guide, is drawn from them.
    """

    _drawn: dict[tuple[str, bool, int], list[list[Segment]]] = {}

    def __init__(self, ruleset: str, *, ascii: bool = False) -> None:
        self.ruleset = ruleset
        self.ascii = ascii

    def lines(self, console: Console, options: ConsoleOptions) -> list[list[Segment]]:
        key = (self.ruleset, self.ascii, options.max_width)
        drawn = self._drawn.get(key)
        if drawn is None:
            whole = renderable(self.ruleset, ascii=self.ascii)
            drawn = console.render_lines(whole, options.update(height=None), pad=False)
            self._drawn[key] = drawn
        return drawn

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        new_line = Segment.line()
        for line in self.lines(console, options):
            yield from line
            yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(options.max_width, options.max_width)
