"""Faces: everything the app needs to show and play one ruleset, in one place.

The engine knows a ruleset's rules (engine/registry.py); its face is what the
terminal adds: the map renderer, the log's phrasing, the map key, the player
guide and costs card, the equipment panel, the action keys and labels, how
board places are named, the trade panel's wording and which screen features
apply (flight, a growing actions row). Code outside this package asks
`face(ruleset)` instead of testing the ruleset's name, so a ruleset is added to
the app by adding its face and nothing else.

A face for ruleset NAME is the `FACE` of the module `tui.faces.NAME`, found and
imported on first use (the base game never imports Starfarers' face, renderer
or rules); `register` adds one defined elsewhere (a test's, a plug-in's). A hex
variant derives its face from the base game's with `dataclasses.replace` (or
`derive`) and overrides only what differs.

Every table a face names is reached through a function that imports it when
first called, so looking a face up costs nothing and start-up stays lean.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engine.errors import CatanError

if TYPE_CHECKING:
    from rich.style import Style
    from rich.text import Text
    from textual.screen import ModalScreen

    from tui.choices import Spec
    from tui.plans import RoutePlan
    from tui.rules.costs import Cost

DEFAULT = "base"  # the ruleset the app opens on and falls back to when none is named

View = Mapping[str, Any]
Tell = Callable[[Any, dict[str, Any]], "str | None"]  # (teller, event) -> a sentence or None
Namer = Callable[[Any], str]  # a board place -> " by fuel 4" (a phrase with a leading space)
# one part of the equipment panel, from the seat's view and the panel's text width (30 at
# 80x24, 43 at 120x40): lines fit the width, and a wide panel takes fewer of them
Section = Callable[[View, int], "Text"]
PANEL_WIDTH = 30
"""The equipment panel's text width at 80x24, the narrowest it is drawn at: a section's lines
fit it unless the section is told of a wider panel."""
# (view, the command's legal actions, seat names) -> a modal screen dismissed with an action
DialogMaker = Callable[[View, list[dict[str, Any]], list[str]], "ModalScreen[Any]"]
Planner = Callable[[Any, list[dict[str, Any]]], "RoutePlan | None"]  # (view, legal) -> a plan


class NoFace(CatanError):
    """The engine knows the ruleset but the app has no face for it yet."""


@dataclass(frozen=True)
class RulesetFace:
    """What the app shows for one ruleset. Tables are functions, imported when first called."""

    name: str
    guide: Callable[[], str]  # the player guide's Markdown (see `packaged_guide`)
    specs: Callable[[], Mapping[str, Spec]]  # action type -> key, label, how it is chosen
    costs: Callable[[], list[Cost]]  # the building-costs card
    legend: Callable[[bool], list[tuple[str, Style, str]]]  # the map key (ascii?)
    map_module: str  # the renderer: render_*_map, *_layout, optional window_for / key_strip
    tell: Callable[[], Mapping[str, Tell]]  # event kind -> its sentence for the log
    equipment: Callable[[], tuple[Section, ...]]  # the equipment panel, part by part
    place_namer: Callable[[View], Namer] | None = None  # names board places in the log
    # the view as it stood before an event that renames places (Fleet's chip swap), or None
    # for any other: the log names the places of earlier events of a batch by it
    view_before: Callable[[View, dict[str, Any]], View | None] | None = None
    why_not: Callable[[View], list[tuple[str, str]]] | None = None  # (expected, reason) refused
    rates_word: str = "Bank"  # the trade panel's label for the seat's maritime rates
    bank_word: str = "Bank"  # who a maritime trade is with, in the trade dialog's titles
    better_rate: str | None = "harbour"  # what gives a rate better than 4:1, said beside it
    # where it has several sources: what gives the seat its rate for a card (view, card, rate)
    rate_source: Callable[[View, str, int], str | None] | None = None
    shows_supply: bool = False  # the trade panel lists the supply's counts
    flies: bool = False  # ships are flown step by step (tui/flight.py)
    grows_actions: bool = False  # the actions row grows to fit, short labels when compact
    dialogs: Callable[[], Mapping[str, DialogMaker]] | None = None  # the ruleset's own dialogs
    plan: Planner | None = None  # a move chosen on the map as one decision (tui/plans.py)
    # the actions row's line for a turn (view, the keys of the commands offered now)
    status: Callable[[View, frozenset[str]], str | None] | None = None
    equipment_title: str = "Equipment"  # the equipment panel's title
    extra_die: Callable[[int], str] | None = None  # a die beyond the two number dice, in words
    hand_dev_label: str = "Dev"  # the scoreboard's column of cards held beside the hand
    # what choosing the target under the cursor would do (view, action types, target id)
    target_hint: Callable[[View, tuple[str, ...], int], str | None] | None = None
    # what a building placed by a corner command takes from each terrain, where not its
    # resource (view, action types) -> terrain -> words ("lumber+paper"), or None
    corner_takes: Callable[[View, tuple[str, ...]], Mapping[str, str] | None] | None = None
    # a command's label at this moment, where its action type says less (action types, view)
    relabel: Callable[[View, tuple[str, ...]], str | None] | None = None
    # the scoreboard's "Pieces" of a seat (view, seat), where its player entry says less
    pieces: Callable[[View, int], str] | None = None
    # what a key says where its move is not possible and the engine gives no reason, where
    # this ruleset's rule differs from `choices.KEY_REFUSALS` (C&K's robber has no Knight card)
    key_refusals: Mapping[str, str] | None = None
    # the same said of this moment (view, the key's move types), where the turn's phase is
    # the reason (Fleet's four phases); None where it is not
    key_rule: Callable[[View, tuple[str, ...]], str | None] | None = None
    # events told in a toast too, by kind: (their line in the log) -> (title, words); C&K's
    # barbarian attack, which on a bots' turn at instant speed was a log line one had to find
    toasts: Mapping[str, Callable[[str], tuple[str, str]]] | None = None

    @property
    def title(self) -> str:
        """The ruleset's name for people, as the engine gives it."""
        from engine.registry import get_ruleset

        return get_ruleset(self.name).title

    def namer(self, view: View) -> Namer | None:
        """The log's names for board places of `view`, if this ruleset has them."""
        return self.place_namer(view) if self.place_namer is not None else None

    def namers(self, view: View, events: Sequence[dict[str, Any]]) -> list[Namer | None]:
        """The namer of each of `events`, which led to `view`: an event is named by the
        places as they stood when it happened (seen in Fleet: "Blue built a ship by fields
        2", that hex a 5 until the chip swap told on the next line)."""
        where = self.namer(view)
        before = self.view_before
        if before is None:
            return [where] * len(events)
        out: list[Namer | None] = []
        for event in reversed(events):
            earlier = before(view, event)
            if earlier is not None:
                view = earlier
                where = self.namer(view)
            out.append(where)
        out.reverse()
        return out

    def dialog(self, kind: str) -> DialogMaker | None:
        """The maker of this ruleset's own dialog `kind` (a `Spec.dialog`), if it has one."""
        return self.dialogs().get(kind) if self.dialogs is not None else None

    def derive(self, name: str, **changes: Any) -> RulesetFace:
        """A face for the variant `name`: this one with `changes` (a hex variant's shape)."""
        return replace(self, name=name, **changes)


def packaged_guide(file: str) -> Callable[[], str]:
    """The guide shipped as `file` in tui/rules, read once when first asked for."""

    def read() -> str:
        from tui.rules import read_guide

        return read_guide(file)

    return read


_LOADED: dict[str, RulesetFace] = {}


def register(face_: RulesetFace) -> None:
    """Make a face defined outside this package known; the same face again does nothing."""
    known = _LOADED.get(face_.name)
    if known is face_:
        return
    if known is not None or _module_present(face_.name):
        raise CatanError(f"the app already has a face for {face_.name!r}")
    _LOADED[face_.name] = face_


def unregister(name: str) -> None:
    """Forget a face that `register` added (tests clean up with it)."""
    _LOADED.pop(name, None)


def _module_present(name: str) -> bool:
    if not name.isidentifier() or name.startswith("_"):
        return False
    return importlib.util.find_spec(f"{__name__}.{name}") is not None


def has_face(name: str) -> bool:
    return name in _LOADED or _module_present(name)


def face(ruleset: str | None) -> RulesetFace:
    """The face of `ruleset` (the default's when None); NoFace if the app has none."""
    name = DEFAULT if ruleset is None else ruleset
    known = _LOADED.get(name)
    if known is not None:
        return known
    if not _module_present(name):
        raise NoFace(f"the app cannot play {name} yet")
    found: RulesetFace = importlib.import_module(f"{__name__}.{name}").FACE
    _LOADED[name] = found
    return found


def face_or_default(ruleset: str | None) -> RulesetFace:
    """The face of `ruleset`, or the default's when the app has none (for help screens)."""
    try:
        return face(ruleset)
    except NoFace:
        return face(DEFAULT)


def playable() -> list[str]:
    """The rulesets the app offers: the engine's, in its order, that have a face here."""
    from engine.registry import ruleset_names

    return [name for name in ruleset_names() if has_face(name)]


def check_playable(ruleset: str) -> None:
    """Refuse, in one line, a ruleset the engine knows but the app cannot show."""
    from engine.registry import get_ruleset

    get_ruleset(ruleset)  # an unknown name: the engine's own message, listing the valid ones
    face(ruleset)


def default_of(rulesets: list[str]) -> str:
    """The ruleset to preselect among `rulesets`: the default if offered, else the first."""
    return DEFAULT if DEFAULT in rulesets else rulesets[0]
