"""The log as players meet it: places by name, one line per discard, the robber said,
seat colours, wrapping at the log's width, and the whole story kept across resume."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from rich.text import Text
from textual.widgets import Label
from tui_keys import at_base_midgame, game_screen, step, until, wait_for_decision

from engine import saves
from engine.config import GameConfig
from engine.registry import new_game
from engine.table import protocol
from tui.app import CatanApp
from tui.faces import face
from tui.logbook import LogBook
from tui.narrate import narrate
from tui.places import hex_namer, hex_places
from tui.render.palette import SEAT_COLOURS
from tui.screens.game import GameScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.dice import DicePanel
from tui.widgets.event_log import EventLog

NAMES = ["Red", "Blue", "White", "Orange"]
SEED = 5
BASE = face("base").tell()


def base_view() -> dict[str, Any]:
    return dict(new_game(GameConfig("base", 4, SEED, {})).view(0))


def test_places_are_named_by_terrain_and_number_not_by_id() -> None:
    view = base_view()
    where = hex_namer(view)
    hexes = view["board"]["hexes"]
    line = narrate({"kind": "robber", "seat": 1, "hex": 0}, NAMES, 0, where, BASE)
    assert line == f"Blue moved the robber to {hexes[0]['terrain']} {hexes[0]['number']}."
    road = {"kind": "build", "seat": 0, "piece": "road", "edge": 0}
    built = narrate(road, NAMES, 0, where, BASE)
    # edge 0 is on the coast: a side of one hex (two land hexes' edge: "by A / B")
    assert built is not None and built.startswith("You built a road on the north-west side of ")
    assert "edge" not in built and "hex" not in built


def test_two_hexes_of_one_name_are_told_apart_by_where_they_lie() -> None:
    """Seen in the Inventor dialog: "Swap fields 9 and pasture 4" twice, two pasture 4s."""
    view = base_view()
    hexes = view["board"]["hexes"]
    at = {(h["q"], h["r"]): i for i, h in enumerate(hexes) if h["terrain"] != "sea"}
    for i in at.values():  # every land hex its own name, then two pairs of twins
        hexes[i] = dict(hexes[i], terrain=f"land{i}", number=None)
    for q, r in ((-2, 0), (1, 0)):  # the middle row's west end; right of the centre
        hexes[at[q, r]] = dict(hexes[at[q, r]], terrain="pasture", number=4)
    for q, r in ((2, -2), (1, -1)):  # both north-east of the centre: the coast decides
        hexes[at[q, r]] = dict(hexes[at[q, r]], terrain="hills", number=5)
    hexes[at[0, 0]] = dict(hexes[at[0, 0]], terrain="fields", number=9)  # unique: no suffix
    places = hex_places(view)
    assert places is not None
    assert places.hex(at[-2, 0]) == "pasture 4 (west)"
    assert places.hex(at[1, 0]) == "pasture 4 (east)"
    assert places.hex(at[0, 0]) == "fields 9"
    assert places.hex(at[2, -2]) == "hills 5 (north-east, coast)"
    assert places.hex(at[1, -1]) == "hills 5 (north-east, inland)"
    line = narrate({"kind": "robber", "seat": 1, "hex": at[1, 0]}, NAMES, 0, hex_namer(view), BASE)
    assert line == "Blue moved the robber to pasture 4 (east)."


def test_the_corner_hint_says_what_a_settlement_would_produce() -> None:
    view = base_view()
    places = hex_places(view)
    assert places is not None
    grid = places.grid
    corner = next(v for v, land in enumerate(grid.vertex_land) if len(land) == 3)
    hint = places.production_hint(corner)
    numbers = [view["board"]["hexes"][h]["number"] for h in grid.vertex_land[corner]]
    for n in numbers:
        if n:
            assert f" on {n}" in hint
    assert "pips of 36" in hint


def test_discards_of_one_seat_become_one_line() -> None:
    book = LogBook(NAMES)
    first = book.feed([{"kind": "discard", "seat": 1, "resource": "ore"}], 0)
    assert [t.plain for t in first.added] == ["Blue discarded 1 ore."]
    more = book.feed(
        [
            {"kind": "discard", "seat": 1, "resource": "ore"},
            {"kind": "discard", "seat": 1, "resource": "wool"},
        ],
        0,
    )
    assert more.replaced == 1
    assert [t.plain for t in more.added] == ["Blue discarded 2 ore, 1 wool."]
    assert [t.plain for t in book.entries] == ["Blue discarded 2 ore, 1 wool."]
    other = book.feed([{"kind": "discard", "seat": 0, "resource": "brick"}], 0)
    assert other.replaced == 0 and other.added[0].plain == "You discarded 1 brick."


def test_the_robber_keeping_your_production_is_said() -> None:
    view = base_view()
    where = hex_namer(view)
    hexes = view["board"]["hexes"]
    event = {"kind": "production", "gains": {}, "blocked": {"hex": 3, "seats": {"0": {"ore": 2}}}}
    line = narrate(event, NAMES, 0, where, BASE)
    place = f"{hexes[3]['terrain']} {hexes[3]['number']}"
    assert line == f"Nobody produced anything. The robber on {place} keeps 2 ore from you."


def test_the_engine_reports_what_the_robber_kept() -> None:
    """A roll of the robber's number names the seats whose buildings touch that hex."""
    for seed in range(40):
        game = new_game(GameConfig("base", 4, seed, {}))
        while game.to_act is not None and game.view(0)["phase"] != "main":
            game.apply(game.legal_actions()[0])
        g: Any = game
        robber = g.robber
        owners = {g.vertex_owner[v] for v in g.board.grid.hex_vertices[robber]} - {-1}
        number = game.view(0)["board"]["hexes"][robber]["number"]
        if not owners or not number:
            continue
        events = g.produce(number)
        blocked = events[0].data.get("blocked")
        assert blocked is not None and blocked["hex"] == robber
        assert {int(s) for s in blocked["seats"]} == owners
        return
    raise AssertionError("no seed put a settlement on the robber's hex")


def test_names_are_drawn_in_their_seat_colours() -> None:
    text = LogBook(NAMES).styled("Blue traded 1 ore to you.", 0)
    colours = {text.plain[s.start : s.end]: str(s.style) for s in text.spans}
    assert SEAT_COLOURS[1] in colours["Blue"] and SEAT_COLOURS[0] in colours["you"]


async def test_long_lines_wrap_inside_the_log_and_pageup_scrolls_it(tmp_path: Path) -> None:
    path = tui_saves.base_midgame(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(path)
        await wait_for_decision(pilot)
        log = app.screen.query_one(EventLog)
        log.add([Text("word " * 40)])
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert all(strip.cell_length <= width for strip in log.lines)
        assert log.scroll_offset.y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_offset.y < log.max_scroll_y


@asynccontextmanager
async def loaded(
    path: Path, size: tuple[int, int], ssh_mode: bool = False
) -> AsyncIterator[tuple[GameScreen, list[str]]]:
    """The game screen once the save at `path` is loaded and waits on the person, with
    the log pane's lines then."""
    app = CatanApp(saves_dir=path.parent, speed="instant", ssh_mode=ssh_mode)
    async with app.run_test(size=size) as pilot:
        assert app.load_game(path)
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        yield screen, [t.plain for t in screen.query_one(EventLog).entries]


async def test_the_log_keeps_the_whole_game_across_save_and_resume(tmp_path: Path) -> None:
    path = tui_saves.base_midgame(tmp_path)
    game = saves.load(saves.read_save(path))
    async with loaded(path, (120, 40)) as (screen, lines):
        assert lines[-1] == f"— Game resumed at turn {game.view(0)['turn']} —"
        assert screen.book.entries[-1].plain == lines[-1], "the whole log (F6) lacks it"
        assert not any("main)" in line or "Resumed at" in line for line in lines)
        # from the first settlement of the setup to the last turn before the save
        assert any("built a settlement at " in line for line in lines[:4])
        turns = [line for line in lines if line.startswith("— Turn")]
        assert len(turns) == game.view(0)["turn"]
        # the dice panel counted every roll of the game, not only those since the resume
        rolls = sum(1 for line in lines if " rolled " in line)
        assert screen.query_one(DicePanel).stats.rolls == rolls > 0


async def test_over_ssh_the_game_is_joined_not_resumed(tmp_path: Path) -> None:
    """Seen over SSH: "— Game resumed at turn 8 —" at every reconnect, though the game never
    stopped there. A served app says one is at the table (a watcher: watching)."""
    path = tui_saves.base_midgame(tmp_path)
    turn = saves.load(saves.read_save(path)).view(0)["turn"]
    async with loaded(path, (120, 40), ssh_mode=True) as (_screen, lines):
        assert lines[-1] == f"— At the table at turn {turn} —"
        assert not any("Game resumed" in line for line in lines)


async def test_resuming_after_quit_shows_what_happened_before(tmp_path: Path) -> None:
    seats = ["human", "random", "random", "random"]
    config = GameConfig("base", 4, SEED, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, seats))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(8):
            await step(pilot)
        while await wait_for_decision(pilot) != "turn":  # q and y go to the game, no pop-up
            await step(pilot)
        screen = game_screen(app)
        assert screen is not None
        before = [t.plain for t in screen.query_one(EventLog).entries]
        await pilot.press("q", "y")
        await pilot.pause()
        await pilot.press("c")
        await wait_for_decision(pilot)
        again = game_screen(app)
        assert again is not None and again is not screen
        after = [t.plain for t in again.query_one(EventLog).entries]
        assert after[: len(before)] == before


@pytest.mark.parametrize("kind", ["place_colony", "build_spaceport"])
async def test_choosing_a_site_says_what_its_planets_produce(tmp_path: Path, kind: str) -> None:
    """Placing a colony, and choosing the colony a spaceport replaces (seen in play: the
    spaceport's three choices said only "move between the 3 legal points", so nobody
    could tell which colony was which): "This place: " names what the planets produce."""
    game = tui_saves.play_until(
        "starfarers", SEED, tui_saves.human_to_act({kind}), options={"variant": "strategic"}
    )
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_game(tui_saves.write(game, tmp_path))
        assert await wait_for_decision(pilot) == "target"  # the placement opens by itself
        screen = game_screen(app)
        assert screen is not None and screen.target is not None
        assert kind in screen.target.types
        status = screen.query_one(ActionBar).status
        assert "\nThis place: " in status, status
        assert " on " in status or "produces nothing yet" in status


async def test_f4_shows_every_roll_against_fair_dice(tmp_path: Path) -> None:
    from tui.screens.dialogs.rolls import RollsDialog

    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        panel = screen.query_one(DicePanel)
        assert "\n" not in panel.render().plain  # type: ignore[union-attr]  # compact: one line
        stats = screen.book.dice
        await pilot.press("f4")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollsDialog)
        text = str(dialog.query_one("#rolls").render())
        assert f"{stats.rolls} rolls so far" in text
        # Whose roll, as the log says it (it said "Red rolled" for the person's own roll).
        last = str(dialog.query_one("#last").render())
        roller = stats.roller
        assert roller is not None
        assert last.startswith("You rolled" if roller == 0 else f"{screen.names[roller]} rolled")
        seven = next(line for line in text.splitlines() if line.startswith(" 7 "))
        assert f" {stats.counts[7]}  (about {stats.rolls / 6:.1f} expected)" in seven
        hint = dialog.query_one(".hint", Label)  # the keys stay in view, below the body
        assert hint.region.bottom <= 24
        assert str(hint.render()) == "Esc close"  # the base game's dice fit: nothing to scroll
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


def test_an_encounters_toll_paid_card_by_card_is_one_line_per_receiver() -> None:
    """Seen in play (the Haggler, 2 cards): "You lost 1 fuel." twice. The run grows while
    the seat and the receiver stay the same; a card to a seat is a run of its own."""
    book = LogBook(NAMES)
    out = {"kind": "encounter_card_out", "seat": 0, "to": -1}
    book.feed([dict(out, resource="fuel"), dict(out, resource="fuel")], 0)
    assert [t.plain for t in book.entries] == ["You gave up 2 fuel to the supply."]
    book.feed([dict(out, resource="ore", to=1), dict(out, resource="food", to=1)], 0)
    assert [t.plain for t in book.entries] == [
        "You gave up 2 fuel to the supply.",
        "You gave 1 ore, 1 food to Blue.",
    ]
    # A discard after the toll starts its own line.
    book.feed([{"kind": "discard", "seat": 0, "resource": "ore"}], 0)
    assert book.entries[-1].plain == "You discarded 1 ore."


def test_cards_taken_one_by_one_are_one_line() -> None:
    """Year of Plenty's two takes and an encounter's took one line per card ("White took 1
    fuel. White took 1 ore. White took 1 carbon.")."""
    book = LogBook(NAMES)
    book.feed(
        [
            {"kind": "take_resource", "seat": 1, "resource": "ore"},
            {"kind": "take_resource", "seat": 1, "resource": "grain"},
            {"kind": "encounter_take", "seat": 0, "resource": "fuel"},
            {"kind": "encounter_take", "seat": 0, "resource": "fuel"},
        ],
        0,
    )
    assert [t.plain for t in book.entries] == [
        "Blue took 1 ore, 1 grain.",
        "You took 2 fuel from the supply.",
    ]


def test_a_weddings_gifts_are_one_line_per_giver() -> None:
    """Seen in play (Wedding): "White gave 1 lumber to you." twice. C&K's card-by-card gifts
    grow one line while the giver and the receiver stay the same; hidden ones are counted."""
    from tui.faces import face

    book = LogBook(NAMES)
    gift = {"kind": "card_given", "to": 0}
    gifts = [dict(gift, seat=2, card="lumber"), dict(gift, seat=2, card="lumber")]
    gifts += [dict(gift, seat=1, card="ore"), dict(gift, seat=1, card="wool")]
    gifts += [
        {"kind": "card_given", "seat": 3, "to": 1},
        {"kind": "card_given", "seat": 3, "to": 1},
    ]
    book.feed(gifts, 0, None, face("ck").tell())
    assert [t.plain for t in book.entries] == [
        "White gave 2 lumber to you.",
        "Blue gave 1 ore, 1 wool to you.",
        "Orange gave 2 cards to Blue.",
    ]


async def test_f6_shows_the_whole_log_on_the_whole_screen(tmp_path: Path) -> None:
    """At 80x24 the log pane shows four lines; F6 opens every entry at the screen's size,
    at the newest line, Home goes to the first, and Esc returns to the same decision."""
    from textual.widgets import RichLog

    from tui.screens.dialogs.whole_log import WholeLogDialog

    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        entries = [t.plain for t in screen.query_one(EventLog).entries]
        assert len(entries) > 40, len(entries)
        assert "F6" in str(screen.query_one(EventLog).border_subtitle)
        await pilot.press("f6")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, WholeLogDialog)
        assert [t.plain for t in dialog.entries] == entries
        assert str(dialog.query_one("#title", Label).render()) == f"The log: {len(entries)} lines"
        log = dialog.query_one(RichLog)
        assert log.size.height >= 18  # the screen's height less the title, hint and border
        text = "\n".join(strip.text for strip in log.lines)
        assert entries[0][:30] in text and entries[-1][:30] in text
        assert log.scroll_offset.y == log.max_scroll_y > 0  # opens at the newest line
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_offset.y == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_offset.y > 0
        # "/" finds: the lines holding the words typed, any case, as they are typed.
        await pilot.press("slash", *"ROBBER")
        await pilot.pause()
        robbed = [e for e in entries if "robber" in e.lower()]
        assert robbed and len(robbed) < len(entries)
        assert [t.plain for t in dialog.shown] == robbed
        title = str(dialog.query_one("#title", Label).render())
        assert title == f"The log: {len(robbed)} of {len(entries)} lines with “ROBBER”", title
        shown = "\n".join(strip.text for strip in log.lines)
        assert all(line[:20] in shown for line in robbed)
        await pilot.press("enter", "home")  # back to reading among the lines found
        await pilot.pause()
        assert log.scroll_offset.y == 0 and app.focused is log
        await pilot.press("escape")  # clears the words: every line again, the log still open
        await pilot.pause()
        assert app.screen is dialog and len(dialog.shown) == len(entries)
        assert str(dialog.query_one("#title", Label).render()) == f"The log: {len(entries)} lines"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert await wait_for_decision(pilot) == "turn"


def test_finding_in_the_log_takes_every_word_in_any_case() -> None:
    from tui.screens.dialogs.whole_log import matching

    entries = [Text("Blue moved the robber."), Text("Red moved the robber."), Text("Blue built.")]
    assert [t.plain for t in matching(entries, "blue ROBBER")] == ["Blue moved the robber."]
    assert matching(entries, "  ") == entries
    assert matching(entries, "orange") == []


async def test_the_whole_log_wraps_at_the_width_it_is_read_at(tmp_path: Path) -> None:
    """Seen over SSH at 80x24: "The barbarians win" then "city is pillaged", a word lost at
    every wrap. RichLog wraps at 78 columns at least unless told, and the log is narrower."""
    from textual.app import App
    from textual.widgets import RichLog

    from tui.screens.dialogs.whole_log import WholeLogDialog

    entries = [
        Text(
            f"Entry {i}: the barbarians attack, barbarians 3 against knights of Catan 0; "
            "the barbarians win and the weakest city is pillaged, it is a settlement again."
        )
        for i in range(40)
    ]

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(WholeLogDialog(entries))

    app = Host()
    async with app.run_test(size=(120, 40)) as pilot:
        for size in ((120, 40), (80, 24), (60, 20)):  # opened wide, then the terminal shrinks
            await pilot.resize_terminal(*size)
            await pilot.pause()
            log = app.screen.query_one(RichLog)
            width = log.scrollable_content_region.width
            assert log.lines, "nothing written"
            assert max(strip.cell_length for strip in log.lines) <= width, size
            words = " ".join(strip.text.strip() for strip in log.lines).split()
            wanted = " ".join(t.plain for t in entries).split()
            assert words == wanted, f"{size}: words lost or split at the wraps"


async def test_the_whole_log_read_from_the_top_stays_there_when_written_again() -> None:
    """Home, then a resize (the log is wrapped again at its new width): still at the first
    line, where the refill used to jump back to the newest. Unread, it follows the newest."""
    from textual.app import App
    from textual.widgets import RichLog

    from tui.screens.dialogs.whole_log import WholeLogDialog

    entries = [Text(f"Entry {i}: Blue rolled 8 and took a grain.") for i in range(120)]

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(WholeLogDialog(entries))

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(RichLog)
        assert log.scroll_offset.y == log.max_scroll_y > 0, "opens at the newest line"
        await pilot.resize_terminal(90, 28)  # unread: written again, still at the newest
        await pilot.pause()
        await pilot.pause()
        assert log.scroll_offset.y == log.max_scroll_y > 0
        await pilot.press("home")
        await pilot.pause()
        assert log.scroll_offset.y == 0
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, WholeLogDialog) and dialog._filled_at == 80, "written again"
        assert log.scroll_offset.y == 0, "the refill took the reader away from the top"
        assert "Entry 0:" in log.lines[0].text


def test_the_log_opens_with_the_rolls_for_the_start_and_the_tied_rolling_again() -> None:
    rolls = [{"0": 10, "1": 8, "2": 5, "3": 10}, {"0": 5, "3": 5}, {"0": 7, "3": 8}]
    line = narrate({"kind": "start_player", "seat": 3, "rolls": rolls}, NAMES, 0, None, BASE)
    assert line == (
        "Rolls for the start: you 10, Blue 8, White 5, Orange 10; again: you 5, Orange 5;"
        " again: you 7, Orange 8. Orange starts."
    )
    mine = narrate({"kind": "start_player", "seat": 0, "rolls": rolls[:1]}, NAMES, 0, None, BASE)
    assert mine == "Rolls for the start: you 10, Blue 8, White 5, Orange 10. You start."


async def test_a_new_starfarers_game_s_log_says_who_starts_and_heads_the_first_turn(
    tmp_path: Path,
) -> None:
    """The first game deals its setup as it is made: the log used to open on the first
    player's roll, with no word of who starts or why and no line for the first turn."""
    config = GameConfig("starfarers", 4, SEED, {"variant": "first_game"})
    seats = ["human", "random", "random", "random"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, seats))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        lines = [t.plain for t in screen.book.entries]
        assert lines[0].startswith("Rolls for the start: you ") and lines[0].endswith(
            "Blue starts."
        ), lines[0]
        assert lines[1] == "Blue, White, Orange and you start with 15 cards each."
        assert lines[2] == "— Turn 1: Blue —"
        assert lines[3].startswith("Blue rolled ")


def test_hands_dealt_face_down_are_one_line_while_their_sizes_agree() -> None:
    """The rulebook's start: each seat draws 3 from the reserve, seen only by its owner."""
    book = LogBook(NAMES)

    def dealt(seat: int, count: int, cards: dict[str, int] | None = None) -> dict[str, Any]:
        return {"kind": "starting_hand", "seat": seat, "count": count, "cards": cards}

    update = book.feed([dealt(1, 3), dealt(2, 3)], 0)
    assert [t.plain for t in update.added] == ["Blue and White start with 3 cards each."]
    update = book.feed([dealt(3, 3), dealt(0, 3, {"fuel": 2, "food": 1})], 0)
    assert update.replaced == 1  # the line grows a seat
    assert [t.plain for t in update.added] == [
        "Blue, White and Orange start with 3 cards each.",
        "You start with 2 fuel, 1 food.",
    ]
    book.feed([dealt(1, 2), {"kind": "turn", "seat": 1, "turn": 1}, dealt(2, 2)], 0)
    assert [t.plain for t in book.entries[-3:]] == [
        "Blue starts with 2 cards.",
        "— Turn 1: Blue —",
        "White starts with 2 cards.",
    ], "a line between them ends the run"
    assert book.feed([dealt(3, 5)], 0).added[0].plain == "Orange starts with 5 cards."


async def test_a_new_game_is_not_told_resumed_and_a_setup_save_resumes_in_the_setup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The line came from the first state's turn number: Starfarers' first game, made at
    turn 1, said "Game resumed at turn 1" as it began; a save made in the setup (turn 0)
    said nothing when loaded. It now comes from the actions already played."""
    config = GameConfig("starfarers", 4, 9, {"variant": "first_game"})  # seed 9: you start
    seats = ["human", "random", "random", "random"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, seats))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None and screen.view["turn"] == 1
        lines = [t.plain for t in screen.query_one(EventLog).entries]
        assert lines[-1] == "— Turn 1: You —", lines
        assert not any("resumed" in line for line in lines), lines

    # A bot places first (seed 4: White) and may play before the screen first draws: its
    # first state then comes after an action (seen: "— Game resumed in the setup —"). Here
    # White's settlement and road are played before the table starts, so it always does.
    import tui.app as app_module
    from tui.local import new_local

    def new_after_white(*args: Any, **kw: Any) -> Any:
        local = new_local(*args, **kw)
        for _ in range(2):
            local.game.apply(local.game.legal_actions()[0])
        return local

    monkeypatch.setattr(app_module, "new_local", new_after_white)
    config = GameConfig("base", 3, 4, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, ["human", "value", "value"]))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and app.local is not None
        lines = [t.plain for t in screen.query_one(EventLog).entries]
        assert app.local.table.rev > 0, "White's actions came before the first state"
        assert not any("resumed" in line for line in lines), lines

    setup = tui_saves.play_until("base", 3, lambda g: g.num_actions == 5)
    assert setup.view(0)["turn"] == 0
    async with loaded(tui_saves.write(setup, tmp_path, "setup.json"), (80, 24)) as (_, lines):
        assert "— Game resumed in the setup —" in lines, lines


async def test_a_tables_notice_goes_into_the_log(tmp_path: Path) -> None:
    """Seen over SSH: "Time ran out for carol: a bot played for them." was a passing pop-up,
    absent from the log (F6), so someone back from away never learnt of it. A notice is
    now a log line (and a pop-up); one replayed to a client that connects later
    (``earlier``) is a log line only."""
    seats = ["human", "random", "random", "random"]
    app = CatanApp(
        saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, SEED, {}), seats)
    )
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and app.local is not None
        app.local.table.tell("A bot (greedy) now plays for Blue.")
        log = screen.query_one(EventLog)

        def logged(line: str) -> bool:
            return any(t.plain == line for t in log.entries)

        await until(pilot, lambda: logged("A bot (greedy) now plays for Blue."), "the notice")
        assert screen.book.entries[-1].plain == "A bot (greedy) now plays for Blue."
        assert any("now plays for Blue" in str(n.message) for n in app._notifications)
        assert app.local.table.told[-1]["turn"] == app.local.game.turn  # dated by the table
        # Replayed to a client that connects later, after the game's story: dated, no toast
        # (seen: turn 2's chat came back after turn 26's moves, undated).
        screen._receive({**protocol.notice("Blue left the table."), "earlier": True, "turn": 3})
        assert logged("Blue left the table. (turn 3)")
        said = {**protocol.said(1, "bob", "hello"), "earlier": True, "turn": 2}
        screen._receive(said)
        assert any(t.plain.startswith("bob (turn 2)") and "hello" in t.plain for t in log.entries)
        assert not any("left the table" in str(n.message) for n in app._notifications)
        # News of one's own seat in one's own words (seen over SSH: "Red is back at the
        # table." in Red's own log); of another seat, the words everyone reads.
        app.local.table.tell(
            "Red is back at the table.", seat=0, yours="You are back at the table."
        )
        await until(pilot, lambda: logged("You are back at the table."), "one's own news")
        app.local.table.tell(
            "Blue is back at the table.", seat=1, yours="You are back at the table."
        )
        await until(pilot, lambda: logged("Blue is back at the table."), "another's news")
        assert not logged("Red is back at the table.")
