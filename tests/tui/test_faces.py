"""Faces (tui/faces): one place per ruleset in the app, and a variant's face derived from base's.

A test ruleset ("test_hex", the base game's rules under another name) gets a
face derived from the base game's with a new action, event, cost, map symbol
and guide, the way Cities & Knights and Fleet will; every lookup of the app
(keys, labels, the log, the costs card, the map key, the guide, the ruleset
lists) must then answer with its overrides, and nothing else may change.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.style import Style

from engine.errors import CatanError
from engine.registry import get_ruleset, register, ruleset_names
from engine.rulesets.base.game import BaseGame
from tui import choices, faces, rules
from tui.cli import main
from tui.faces import NoFace, face
from tui.faces.base import BASE_FACE
from tui.narrate import narrate
from tui.render.legend import map_legend, markdown_key
from tui.rules.costs import Cost, base_card, costs
from tui.widgets.map_view import renderer_for

NAME = "test_hex"
TITLE = "Test Hex (a test variant)"
NAMES = ["Red", "Blue", "White", "Orange"]
GUIDE = "# Test Hex\n\nThe base game, with paper.\n\n<!-- costs -->\n<!-- keys -->\n<!-- map -->\n"
PAPER_SPEC = choices.Spec("k", "Take a paper card", "direct")
PAPER_MILL = Cost("Paper mill", (("lumber", 2), ("wool", 1)), "1 paper each roll of its number")


def _tell_paper(t: Any, e: dict[str, Any]) -> str:
    return f"{t.who(e.get('seat'))} took a paper card."


def _tell_build(t: Any, e: dict[str, Any]) -> str:
    return f"{t.who(e.get('seat'))} raised a {e.get('piece')} on the test hex."


class HexVariantGame(BaseGame):
    """The base game's rules under the test ruleset's name (its views say NAME)."""

    ruleset_name: ClassVar[str] = NAME


TEST_FACE = BASE_FACE.derive(
    NAME,
    guide=lambda: GUIDE,
    specs=lambda: {**BASE_FACE.specs(), "take_paper": PAPER_SPEC},
    costs=lambda: [*base_card(), PAPER_MILL],
    legend=lambda ascii: [*BASE_FACE.legend(ascii), ("M", Style(bold=True), "a paper mill")],
    tell=lambda: {**BASE_FACE.tell(), "take_paper": _tell_paper, "build": _tell_build},
)


def _engine_knows_test_hex() -> None:
    """The engine's base rules under NAME (registered once per process; the engine keeps it)."""
    if NAME not in ruleset_names():
        register(replace(get_ruleset("base"), name=NAME, title=TITLE, create=HexVariantGame))


@pytest.fixture
def test_hex() -> Iterator[None]:
    _engine_knows_test_hex()
    faces.register(TEST_FACE)
    yield
    faces.unregister(NAME)


def test_each_ruleset_has_its_face_and_none_is_the_default() -> None:
    assert face("base") is BASE_FACE and face(None) is BASE_FACE
    starfarers = face("starfarers")
    assert starfarers.name == "starfarers" and starfarers.flies and starfarers.shows_supply
    assert not BASE_FACE.flies and not BASE_FACE.shows_supply
    assert starfarers.map_module == "tui.render.spacemap"
    assert BASE_FACE.map_module == "tui.render.hexmap"
    assert face("starfarers").title == "Catan: Starfarers"
    fleet = face("fleet")
    assert fleet.map_module == "tui.render.hexmap_fleet" and fleet.plan is not None


@pytest.mark.parametrize("ruleset", ["base", "starfarers", "ck", "fleet"])
def test_every_event_a_ruleset_declares_has_its_faces_sentence(ruleset: str) -> None:
    """No event of the engine's vocabulary falls to the generic "Blue: build (...)" line."""
    from engine.config import GameConfig
    from engine.registry import new_game

    game = new_game(GameConfig(ruleset, 4, 3, {}))
    declared = set(type(game).EVENTS.kinds)
    assert declared and declared <= set(face(ruleset).tell())


def test_a_ruleset_without_a_face_is_refused_by_name() -> None:
    _engine_knows_test_hex()  # the engine plays it; the app has no face for it
    with pytest.raises(NoFace) as refused:
        face(NAME)
    assert str(refused.value) == f"the app cannot play {NAME} yet"
    assert faces.face_or_default(NAME) is BASE_FACE  # help screens fall back, never fail


def test_a_face_for_a_ruleset_that_has_one_is_refused() -> None:
    with pytest.raises(CatanError, match="already has a face for 'starfarers'"):
        faces.register(BASE_FACE.derive("starfarers"))


def test_a_derived_face_is_what_every_lookup_of_the_app_answers(test_hex: None) -> None:
    assert face(NAME) is TEST_FACE and TEST_FACE.title == TITLE
    assert NAME in faces.playable() and NAME in rules.names()
    # Keys and labels: the new decision kind has its key; base's keep theirs.
    cmds = {c.key: c for c in choices.commands([{"type": "take_paper"}, {"type": "roll"}], NAME)}
    assert (cmds["k"].label, cmds["k"].mode) == ("Take a paper card", "direct")
    assert cmds["r"].label == "Roll the dice"
    assert ("k", "Take a paper card") in choices.key_labels(NAME)
    # The log: the new event in the variant's words.
    said = narrate({"kind": "take_paper", "seat": 1}, NAMES, 0, None, face(NAME).tell())
    assert said == "Blue took a paper card."
    # The costs card, the map key and the whole guide.
    assert costs(NAME)[-1] == PAPER_MILL and costs(NAME)[:-1] == costs("base")
    legend = map_legend(NAME).plain
    assert "a paper mill" in legend and "robber" in legend
    guide = rules.text(NAME)
    assert guide.startswith("# Test Hex")
    assert "| Paper mill | 2 lumber + 1 wool | 1 paper each roll of its number |" in guide
    assert "| k | Take a paper card |" in guide and "| `M` | `M` | a paper mill |" in guide
    assert markdown_key(NAME) in guide
    # What it does not override is the base game's: the hex map and the equipment panel.
    render, _ = renderer_for(NAME)
    assert render is not None and render.__module__ == "tui.render.hexmap"
    assert TEST_FACE.equipment() == BASE_FACE.equipment()


async def test_a_game_of_the_variant_is_shown_through_its_face(
    test_hex: None, tmp_path: Path
) -> None:
    from tui_keys import wait_for_decision

    from engine.config import GameConfig
    from tui.app import CatanApp
    from tui.screens.dialogs.costs import CostsDialog
    from tui.screens.game import GameScreen
    from tui.widgets.event_log import EventLog
    from tui.widgets.map_view import MapView

    seed = 3
    play = (GameConfig(NAME, 4, seed, {}), ["human", "random", "random", "random"])
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=play)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.face is TEST_FACE
        log = [str(line.text) for line in screen.query_one(EventLog).lines]
        assert any(line.endswith("raised a settlement on the test hex.") for line in log)
        assert screen.query_one(MapView)._render_fn is renderer_for("base")[0]
        await pilot.press("f3")
        assert isinstance(app.screen, CostsDialog) and app.screen.ruleset == NAME


def test_the_base_face_is_untouched_by_a_derived_one(test_hex: None) -> None:
    base = {c.key: c for c in choices.commands([{"type": "take_paper"}], "base")}
    assert "k" not in base and base["1"].label == "Take paper"  # a generic command there
    assert "a paper mill" not in map_legend("base").plain
    assert costs("base") == base_card()
    said = narrate({"kind": "take_paper", "seat": 1}, NAMES, 0, None, BASE_FACE.tell())
    assert said == "Blue: take paper."


async def test_the_lists_offered_are_the_engines_rulesets_that_have_a_face(
    test_hex: None, tmp_path: Path
) -> None:
    from engine.table.unix_socket import TokenBook
    from tui.screens.new_game import playable_rulesets
    from tui.ssh.lobby_host import Lobby

    lobby = Lobby(TokenBook(), tmp_path / "saves", seeded=True)
    offered = faces.playable()
    assert offered[:4] == ["base", "starfarers", "ck", "fleet"] and offered[-1] == NAME
    assert playable_rulesets() == faces.playable()
    assert lobby.snapshot("alice")["rulesets"] == faces.playable()
    faces.unregister(NAME)  # the engine still plays it; the app no longer shows it
    assert NAME in ruleset_names() and NAME not in faces.playable()
    assert NAME not in playable_rulesets() and NAME not in lobby.snapshot("alice")["rulesets"]
    create = {"t": "lobby.create", "v": 1, "ruleset": NAME, "options": {}, "seed": 5}
    (reply,) = await lobby.handle("alice", {**create, "seats": ["person", "bot:random"] * 2})
    assert reply == {**reply, "t": "error", "message": f"the app cannot play {NAME} yet"}
    assert lobby.tables == {}
    await lobby.close()


def test_catan_play_refuses_a_ruleset_the_app_cannot_show(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _engine_knows_test_hex()  # the engine plays it; the app has no face for it
    assert main(["play", "--ruleset", NAME, "--seats", "human,random,random"]) == 2
    err = capsys.readouterr().err
    assert err == f"catan: the app cannot play {NAME} yet\n"


def test_catan_load_refuses_a_save_the_app_cannot_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine import saves
    from engine.config import GameConfig
    from engine.registry import new_game

    _engine_knows_test_hex()
    path = tmp_path / "variant.json"
    saves.save_to_path(new_game(GameConfig(NAME, 3, 11, {})), path, {"seats": ["human"] * 3})
    assert main(["load", str(path), "--saves", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"catan: the app cannot play {NAME} yet\n"


def test_catan_rules_lists_what_the_app_can_show(capsys: pytest.CaptureFixture[str]) -> None:
    _engine_knows_test_hex()  # the engine plays it; the app has no face for it
    assert main(["rules", NAME]) == 2
    assert "choose one of: base, starfarers, ck" in capsys.readouterr().err


def test_the_base_game_never_imports_starfarers() -> None:
    """Start-up: the base game's screen and every table of its face, and nothing of Starfarers."""
    code = (
        "import sys, json\n"
        "import tui.app, tui.screens.game\n"
        "from tui.faces import face\n"
        "f = face('base')\n"
        "f.specs(); f.costs(); f.legend(False); f.tell(); f.equipment(); f.guide()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(done.stdout)
    assert "tui.faces.base" in loaded and "tui.rules.costs" in loaded
    assert [m for m in loaded if "starfarers" in m or "spacemap" in m or "flight" in m] == []


# -- no ruleset's name in the app outside tui/faces --------------------------------------

TUI = Path(__file__).resolve().parents[2] / "tui"
RULESET_NAMES = {"base", "starfarers", "ck", "fleet"}


def _ruleset_literals(tree: ast.AST) -> list[tuple[int, str]]:
    """Comparisons with a ruleset's name, and tables keyed by one: (line, what)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and side.value in RULESET_NAMES:
                    found.append((node.lineno, f"compares with {side.value!r}"))
                if isinstance(side, ast.Tuple | ast.List | ast.Set):
                    names = [e.value for e in side.elts if isinstance(e, ast.Constant)]
                    found += [
                        (node.lineno, f"compares with {n!r}") for n in names if n in RULESET_NAMES
                    ]
        if isinstance(node, ast.Dict):
            for key in node.keys:
                if isinstance(key, ast.Constant) and key.value in RULESET_NAMES:
                    found.append((node.lineno, f"a table keyed by {key.value!r}"))
    return found


def test_the_checker_finds_what_it_looks_for() -> None:
    code = 'if view.get("ruleset") == "starfarers": pass\nT = {"base": 1}\nok = r in ("ck", "x")\n'
    assert _ruleset_literals(ast.parse(code)) == [
        (1, "compares with 'starfarers'"),
        (2, "a table keyed by 'base'"),
        (3, "compares with 'ck'"),
    ]


def test_no_module_outside_tui_faces_tests_a_ruleset_by_name() -> None:
    # the list above is complete: every ruleset the engine ships (tests register their own)
    shipped = {n for n in ruleset_names() if get_ruleset(n).create.__module__.startswith("engine.")}
    assert shipped <= RULESET_NAMES
    offenders = []
    for path in sorted(TUI.rglob("*.py")):
        if path.is_relative_to(TUI / "faces"):
            continue
        for line, what in _ruleset_literals(ast.parse(path.read_text(), str(path))):
            offenders.append(f"{path.relative_to(TUI.parent)}:{line}: {what}")
    assert offenders == []


def test_starfarers_names_an_encounters_payment_a_gift_and_a_sevens_a_discard() -> None:
    from tui.faces import face

    relabel = face("starfarers").relabel
    assert relabel is not None
    paying = {"encounter": {"need": "return_cards"}}
    assert relabel(paying, ("discard",)) == "Give cards for the encounter"
    assert relabel({"encounter": {"need": "none"}}, ("discard",)) is None  # a seven
    assert relabel(paying, ("take_resource",)) is None


def test_the_starfarers_scoreboard_counts_what_scores() -> None:
    """The "Pieces" column read no trade stations (the view has no such player key) and
    spent its width on ships, which come and go and score nothing."""
    from tui.faces import face

    pieces = face("starfarers").pieces
    assert pieces is not None
    view = {
        "players": [
            {"colonies": 2, "spaceports": 1, "ships": [40, 41], "medals": 1},
            {"colonies": 3, "spaceports": 0, "ships": [], "medals": 0},
        ],
        "trade_stations": {"merchants": [1, 0], "diplomats": [1, 2], "green_folk": [0, 0]},
    }
    assert pieces(view, 0) == "2col 1port 2stn 1med"
    assert pieces(view, 1) == "3col 2stn"
