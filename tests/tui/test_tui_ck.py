"""Cities & Knights in the app: a whole game by keys, save and continue, answering a bot's card."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import tui_saves
from rich.text import Text
from tui_keys import game_screen, next_dialog, play_to_the_end, step, wait_for_decision

from engine import saves
from engine.config import GameConfig
from engine.headless import replay_steps
from engine.registry import new_game
from tui.app import CatanApp
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.game_over import GameOverDialog

SEED = 3
SEATS = ["human", "random", "random"]


# The whole game by keys: seed 3 to 8 VP (about 40 turns). The person settles on grain and
# ore (tui_keys likes fields and mountains in C&K), so it builds cities and improves them.
WHOLE_GAME = GameConfig("ck", 3, 3, {"vp_to_win": 8})


async def test_a_whole_ck_game_with_keys_alone(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(WHOLE_GAME, SEATS))
    began = time.monotonic()
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot, max_steps=3000)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        winner = over["winner"]
        assert winner is not None and over["scores"][winner] >= 8
        print(f"{steps} decisions, {over['stats']['turns']} turns, {time.monotonic() - began:.1f}s")
    game = saves.load_path(tui_saves.only_autosave(tmp_path))
    assert game.to_act is None and game.view(0)["ruleset"] == "ck"
    # From the game's state at the end: the person (seat 0) set up one city and built more,
    # and improved its cities (the improvements come from commodities only cities produce).
    end = game.view(0)
    cities = sum(1 for owner, kind in end["vertices"] if owner == 0 and kind == 2)
    assert cities >= 2, f"the person has {cities} city on the map"
    assert sum(end["players"][0]["improvements"].values()) >= 1
    # The person used C&K's own keys: replay who did what.
    mine = {action.type for before, action in replay_steps(game) if before.to_act == 0}
    assert {"roll", "build_city", "improve_city", "build_knight", "activate_knight"} <= mine
    assert {"build_wall", "play_progress", "end_turn"} <= mine


async def test_save_quit_and_continue_a_ck_game_at_the_same_decision(tmp_path: Path) -> None:
    config = GameConfig("ck", 3, 5, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, SEATS))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(12):
            await step(pilot)
        while await wait_for_decision(pilot) != "turn":
            await step(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        assert screen.view["ruleset"] == "ck"
        rev, legal, view = screen.rev, list(screen.legal), screen.view
        await pilot.press("q", "y")
        await pilot.pause()
        assert type(app.screen).__name__ == "MainMenuScreen"
        await pilot.press("c")
        assert await wait_for_decision(pilot) == "turn"
        again = game_screen(app)
        assert again is not None and again is not screen
        assert (again.rev, again.legal, again.view) == (rev, legal, view)


def test_the_dice_panel_totals_the_number_dice_and_names_the_event_die() -> None:
    from tui.faces import face
    from tui.logbook import DiceStats
    from tui.widgets.dice import dice_text

    stats = DiceStats()
    stats.add({"kind": "roll", "seat": 1, "dice": [1, 6, 5], "total": 7})
    said = dice_text(stats, ["Red", "Blue", "White"], ascii=True, extra_die=face("ck").extra_die)
    assert said.plain == "Blue rolled [1] [6] = 7 · blue gate"
    assert stats.counts[7] == 1
    mine = dice_text(stats, ["Red", "Blue"], ascii=True, extra_die=face("ck").extra_die, me=1)
    assert mine.plain == "You rolled [1] [6] = 7 · blue gate"  # not "Blue", a die's colour too
    # the red die (the first) is drawn red, in every form the panel shortens to; the yellow not
    for width in (None, 40, 24):
        text = dice_text(stats, ["Red", "Blue"], extra_die=face("ck").extra_die, width=width)
        red = {text.plain[s.start : s.end] for s in text.spans if "red" in str(s.style)}
        assert any("1" in part for part in red) and not any("6" in part for part in red), (
            width,
            text.plain,
            red,
        )


def test_the_barbarian_panel_fits_the_80_column_side_panel() -> None:
    from tui.widgets.barbarians import barbarian_section

    game = new_game(GameConfig("ck", 3, SEED, {}))
    lines = barbarian_section(game.view(0)).plain.splitlines()
    assert lines[0] == "Ship ▶······· Catan 0/7"
    assert lines[1] == "Barbarians 0 vs knights 0"
    assert all(len(line) <= 30 for line in lines)


async def test_the_ssh_lobby_offers_ck_and_creates_a_ck_table(tmp_path: Path) -> None:
    from engine.registry import get_ruleset
    from engine.table.unix_socket import TokenBook
    from tui.option_words import choices_of
    from tui.ssh.lobby_host import Lobby

    lobby = Lobby(TokenBook(), tmp_path / "saves", seeded=True)
    assert "ck" in lobby.snapshot("alice")["rulesets"]
    board = next(o for o in get_ruleset("ck").options if o.name == "board")
    assert ("Beginner", "beginner") in choices_of(board)  # the create dialog's board choices
    seats = ["person", "bot:random", "bot:random"]
    create = {"t": "lobby.create", "v": 1, "ruleset": "ck", "options": {}, "seed": 5}
    (reply,) = await lobby.handle("alice", {**create, "seats": seats})
    assert reply["created"] == 1
    table = lobby.tables[1]
    assert table.ruleset == "ck"
    assert [s.bot for s in table.seats] == [None, "random", "random"]
    await lobby.close()


async def test_a_person_answers_a_bots_commercial_harbor_by_keys(tmp_path: Path) -> None:
    from tui.screens.dialogs.choice import ChoiceDialog

    position = tui_saves.ck_harbor_answer(tmp_path)
    before = len(saves.load_path(position).log)
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        # The answer's dialog opens by itself: the person's only decision.
        assert await wait_for_decision(pilot) == "dialog"
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.title_text == "Commercial Harbor: give a commodity"
        assert [label for label, _ in dialog.options] == ["Give 1 paper", "Give 1 cloth"]
        await pilot.press("enter")
        await wait_for_decision(pilot)
        await pilot.press("q", "y")
        await pilot.pause()
    game = saves.load_path(tui_saves.only_autosave(tmp_path / "saves"))
    assert game.log[before].to_json() == {"type": "give_card", "card": "paper"}


def test_the_costs_card_prices_walls_knights_and_improvements() -> None:
    from tui.rules.costs import costs

    card = {c.item: c for c in costs("ck")}
    assert dict(card["City wall"].cost) == {"brick": 2}
    assert dict(card["Knight"].cost) == {"wool": 1, "ore": 1}
    assert dict(card["Activate a knight"].cost) == {"grain": 1}
    assert "Development card" not in card
    assert card["Politics level n"].gives.endswith("3: Fortress")


async def test_a_person_answers_a_bots_wedding_by_keys(tmp_path: Path) -> None:
    position = tui_saves.ck_wedding_answer(tmp_path)
    before = len(saves.load_path(position).log)
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        # Orange's Wedding asks the person for two cards, one dialog each, by itself.
        first = await next_dialog(pilot, None)
        assert first.title_text == "Wedding: give a card"
        assert "you have more VP than the player who played it" in str(first.body)
        labels = [label for label, _ in first.options]
        assert labels == ["Give 1 brick", "Give 1 grain", "Give 1 ore"]
        await pilot.press("3")  # the ore
        second = await next_dialog(pilot, first)
        assert second.title_text == "Wedding: give a card"
        assert [label for label, _ in second.options] == ["Give 1 brick", "Give 1 grain"]
        await pilot.press("2")  # a grain
        await wait_for_decision(pilot)  # White gives its two; the bots play on to the person
        await pilot.press("q", "y")
        await pilot.pause()
    game = saves.load_path(tui_saves.only_autosave(tmp_path / "saves"))
    given = [a.to_json() for a in game.log[before : before + 2]]
    assert given == [{"type": "give_card", "card": c} for c in ("ore", "grain")]
    replay = saves.load_path(position)
    replay.apply(game.log[before])
    replay.apply(game.log[before + 1])
    hand = replay.view(0)["me"]["hand"]
    assert (hand["brick"], hand["grain"], hand["ore"]) == (1, 1, 0)
    orange = saves.load_path(position).view(3)["me"]["hand"]
    assert replay.view(3)["me"]["hand"]["ore"] == orange["ore"] + 1
    assert replay.view(3)["me"]["hand"]["grain"] == orange["grain"] + 1


async def test_a_person_plays_spy_on_a_bot_by_keys(tmp_path: Path) -> None:
    """A bot's Spy asks its victim nothing (the engine gives the victim no decision), so the
    person's side of Spy is playing it: the card, the opponent, the card taken, all by keys."""
    position = tui_saves.ck_spy(tmp_path)
    before = len(saves.load_path(position).log)
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        await pilot.press("p")
        play = await next_dialog(pilot, None)
        assert play.title_text == "Play a progress card"
        assert [label for label, _ in play.options] == [
            "Spy (politics): see an opponent's progress cards and take one"
        ]
        await pilot.press("1")
        whom = await next_dialog(pilot, play)
        assert whom.title_text == "Choose an opponent"
        assert [label for label, _ in whom.options] == ["Blue"]  # the only one holding cards
        await pilot.press("1")
        take = await next_dialog(pilot, whom)
        assert take.title_text == "Spy: take one of Blue's cards"
        labels = [str(label) for label, _ in take.options]
        assert labels == [
            "Bishop (politics): move the robber; steal from everyone on its hex",
            "Smith (science): promote up to 2 knights for free",
        ]
        await pilot.press("2")
        assert await wait_for_decision(pilot) == "turn"
        await pilot.press("q", "y")
        await pilot.pause()
    game = saves.load_path(tui_saves.only_autosave(tmp_path / "saves"))
    assert [a.to_json() for a in game.log[before : before + 3]] == [
        {"type": "play_progress", "card": "spy"},
        {"type": "choose_seat", "seat": 1},
        {"type": "take_progress", "card": "smith"},
    ]
    mine = game.view(0)["me"]["development"]
    assert (mine["smith"], mine["spy"]) == (1, 0)
    assert game.view(1)["me"]["development"]["smith"] == 0


async def test_the_scoreboard_names_the_progress_cards_column(tmp_path: Path) -> None:
    """C&K's face names the column of cards held beside the hand "Prog"; the base game's stays
    "Dev". The counts are the progress cards each seat holds."""
    from tui.faces import face
    from tui.widgets.scoreboard import Scoreboard

    assert (face("ck").hand_dev_label, face("base").hand_dev_label) == ("Prog", "Dev")
    position = tui_saves.ck_spy(tmp_path)  # the person holds Spy; Blue holds Smith and Bishop
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        table = screen.query_one(Scoreboard).render()
        headers = [str(c.header) for c in table.columns]
        assert "Prog" in headers and "Dev" not in headers
        held = [str(cell) for cell in table.columns[headers.index("Prog")].cells]
        assert held[:2] == ["1", "2"]
        await pilot.press("q", "y")
        await pilot.pause()


async def test_the_dice_line_with_a_gate_fits_one_line_at_80_columns(tmp_path: Path) -> None:
    """At 80x24 the side panel is about 30 columns: the full line (39) would wrap "green gate"
    onto a second line, so a shorter form is shown, the dice in digits; the person's own
    roll says "You"."""
    from tui.widgets.dice import DicePanel

    position = tui_saves.ck_midgame(tmp_path)  # the person rolled red 4, yellow 5, green gate
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        await pilot.pause()
        screen = game_screen(app)
        assert screen is not None
        panel = screen.query_one(DicePanel)
        said = panel.render()
        assert isinstance(said, Text)
        width = panel.content_size.width
        full = "You rolled 4+5 = 9 · green gate"  # the longest form that fits, else the shortest
        assert said.plain == (full if len(full) <= width else "You 4+5 = 9 · green gate")
        assert said.cell_len <= width < 39
        assert panel.content_size.height == 1  # one line: not wrapped
        await pilot.press("q", "y")
        await pilot.pause()
    wide = CatanApp(saves_dir=tmp_path / "wide", load=position, speed="instant")
    async with wide.run_test(size=(120, 40)) as pilot:  # where there is room, the full line
        await wait_for_decision(pilot)
        await pilot.pause()
        screen = game_screen(wide)
        assert screen is not None
        said = screen.query_one(DicePanel).render()
        assert isinstance(said, Text)
        assert said.plain.splitlines()[0] == "You rolled [⚃ 4] [⚄ 5] = 9 · green gate"


async def test_arrows_move_the_setup_cursor_not_the_side_panel_at_80x24(tmp_path: Path) -> None:
    """Seen in tmux: at 80x24 the side panel (scrollable, focused) took Up and Down, so the
    first settlement's cursor stayed put while the scores scrolled away."""
    from textual.containers import VerticalScroll

    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(WHOLE_GAME, SEATS))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None and screen.cursor is not None
        side = screen.query_one("#side", VerticalScroll)
        start = screen.cursor
        await pilot.press("down", "down")
        assert screen.cursor != start
        assert side.scroll_y == 0
        await pilot.press("q", "y")
        await pilot.pause()


def test_the_metropolis_has_a_line_of_its_own_naming_its_holder() -> None:
    """At 80x24 "· metropolis Red" beside the track wrapped the name onto a line alone; the
    holder is named on its own line, "yours" for the person's own."""
    from tui.widgets.improvements import improvement_section

    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"improvements": {"science": 4}}, {"improvements": {}}],
        "metropolis": {"science": 3, "trade": 5},
        "vertices": [[-1, 0]] * 3 + [[0, 2]] + [[-1, 0]] + [[1, 2]],
    }
    lines = improvement_section(view).plain.splitlines()
    science = lines.index(next(line for line in lines if line.startswith(" Science")))
    assert lines[science + 1].strip().startswith("Aqueduct")
    assert lines[science + 2] == "  Metropolis: yours (+2 VP)"
    trade = lines.index(next(line for line in lines if line.startswith(" Trade")))
    assert lines[trade + 1] == "  Metropolis: Blue (+2 VP)"


async def test_the_second_setup_building_is_asked_for_as_a_city(tmp_path: Path) -> None:
    """The prompt said 'Build a settlement' while the second setup building became a city."""
    from tui.widgets.action_bar import ActionBar

    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("ck", 3, 5, {}), SEATS))
    async with app.run_test(size=(80, 24)) as pilot:
        prompts: list[tuple[int, str]] = []
        while len(prompts) < 2:
            assert await wait_for_decision(pilot) == "target"
            screen = game_screen(app)
            assert screen is not None and screen.view is not None
            if screen.view["phase"] == "setup_settlement":
                status = str(screen.query_one(ActionBar).status)
                prompts.append((int(screen.view["setup_pos"]), status.split(":")[0]))
            await step(pilot)
        assert prompts == [(0, "Build a settlement"), (5, "Place your city")], prompts


# What a city takes from each terrain in C&K (rules §5), written out here as the oracle.
CITY_TAKES = {
    "hills": "2 brick",
    "fields": "2 grain",
    "forest": "lumber+paper",
    "pasture": "wool+cloth",
    "mountains": "ore+coin",
}


def _around(view: dict[str, Any], v: int) -> list[tuple[str, int]]:
    """(terrain, number) of the numbered land hexes around corner `v`, from the engine's grid."""
    from engine.rulesets.base.board import grid_of

    hexes = view["board"]["hexes"]
    land = frozenset((h["q"], h["r"]) for h in hexes if h["terrain"] != "sea")
    sea = frozenset((h["q"], h["r"]) for h in hexes if h["terrain"] == "sea")
    grid = grid_of(land, sea)
    return [
        (hexes[h]["terrain"], hexes[h]["number"]) for h in grid.vertex_land[v] if hexes[h]["number"]
    ]


async def _hint_after(pilot: Any, app: CatanApp, key: str) -> tuple[str, int, dict[str, Any]]:
    """Press a command's key: the status line below the prompt, the cursor and the view."""
    from tui.widgets.action_bar import ActionBar

    await pilot.press(key)
    assert await wait_for_decision(pilot) == "target", f"{key!r} did not start choosing a corner"
    screen = game_screen(app)
    assert screen is not None and screen.cursor is not None and screen.view is not None
    status = str(screen.query_one(ActionBar).status)
    return status.split("\n", 1)[1], screen.cursor, screen.view


async def test_a_city_corner_says_the_commodity_and_a_knight_corner_says_the_knight(
    tmp_path: Path,
) -> None:
    """A city's corner hint said 'lumber on 3' where a C&K city takes lumber and paper; a
    knight's corner hint gave the corner's production, which means nothing to a knight."""
    from tui.places import hex_places

    position = tui_saves.ck_midgame(tmp_path)  # the person may build a city and knights
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        hint, v, view = await _hint_after(pilot, app, "c")
        takes = [f"{CITY_TAKES[terrain]} on {number}" for terrain, number in _around(view, v)]
        assert takes and hint.startswith("This corner: " + ", ".join(takes)), (hint, takes)
        assert "pips of 36" in hint

        await pilot.press("escape")
        hint, v, view = await _hint_after(pilot, app, "k")  # recruit: an empty corner
        assert view["knight_owner"][v] == -1 and "pips" not in hint, hint
        places = hex_places(view)
        assert places is not None
        side, hexes = places.vertex_parts(v)
        # beside its hexes; or, where they share another corner, which of their corners
        said = f"the {side} corner of {hexes}" if side else f"beside {hexes}"
        assert hint.startswith(f"This corner: {said}"), (hint, said)
        for terrain, number in _around(view, v):
            assert f"{terrain} {number}" in hint, (hint, terrain, number)

        await pilot.press("escape")
        hint, v, view = await _hint_after(pilot, app, "j")  # activate: the person's own knight
        assert (view["knight_owner"][v], view["knight_level"][v], view["knight_active"][v]) == (
            0,
            2,
            0,
        )
        assert hint.split(";")[0].startswith("This corner: your strong knight (inactive), ")
        # ...and where it stands (a promotion's choices differed by colour alone)
        places = hex_places(view)
        assert places is not None
        side, hexes = places.vertex_parts(v)
        where = f"the {side} corner of {hexes}" if side else f"beside {hexes}"
        assert hint.split(";")[0].endswith(f", {where}"), hint
        await pilot.press("escape", "q", "y")
        await pilot.pause()


def test_a_rivals_knight_beside_the_robber_is_named_with_its_state() -> None:
    """The hint names another seat's knight by colour and says the robber is next to it."""
    from tui.corners_ck import knight_hint

    game = new_game(GameConfig("ck", 3, 5, {}))
    view: dict[str, Any] = dict(game.view(0))
    grid = game.board.grid  # type: ignore[attr-defined]
    v = grid.hex_vertices[view["robber"]][0]
    view["knight_owner"] = [-1] * len(view["knight_owner"])
    view["knight_owner"][v], view["knight_level"][v], view["knight_active"][v] = 2, 3, 1
    said = knight_hint(view, ("target_knight",), v)
    assert said is not None and said.startswith("This corner: White's mighty knight (active), ")
    assert said.endswith("; next to the robber"), said
    assert knight_hint(view, ("build_road",), v) is None  # not a knight's command
    land = grid.vertex_land
    away = next(
        w for w in range(grid.num_vertices) if len(land[w]) == 3 and view["robber"] not in land[w]
    )
    hint = knight_hint(view, ("build_knight",), away)
    assert hint is not None and hint.startswith("This corner: beside ") and "robber" not in hint
    assert "blocks" not in hint  # no road touches it yet
    edges = [-1] * len(view["edges"])
    first, second, *_ = grid.vertex_edges[away]
    edges[first], edges[second] = 2, 0  # White's road and the person's own
    view["edges"] = edges
    hint = knight_hint(view, ("build_knight",), away)
    assert hint is not None and hint.endswith("; blocks White's road"), hint
    edges[second] = 1
    hint = knight_hint(view, ("build_knight",), away)
    assert hint is not None and hint.endswith("; blocks Blue's and White's roads"), hint


async def test_up_and_down_scroll_the_side_panel_when_no_corner_is_chosen(tmp_path: Path) -> None:
    """At 80x24 C&K's tracks, walls and progress cards sit below the fold of the side panel,
    and the arrows did nothing outside a target: keys alone could not reach them."""
    from textual.containers import VerticalScroll

    from tui.widgets.equipment import EquipmentPanel

    position = tui_saves.ck_midgame(tmp_path)
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None and screen.target is None
        side = screen.query_one("#side", VerticalScroll)
        panel = screen.query_one(EquipmentPanel)
        assert side.scroll_y == 0 and side.max_scroll_y > 0
        bottom = panel.virtual_region.bottom  # within the side panel's scrolled content

        def shown() -> bool:
            return bottom <= int(side.scroll_y) + side.scrollable_content_region.height

        assert not shown(), "the whole panel fits: nothing to scroll to"
        for _ in range(40):  # every seat's levels too: a taller panel
            await pilot.press("down")
            if shown():
                break
        assert shown(), f"Down never brought the panel's end into view ({side.scroll_y})"
        assert screen.target is None  # the arrows chose nothing
        for _ in range(40):
            await pilot.press("up")
        await pilot.pause()
        assert side.scroll_y == 0
        await pilot.press("q", "y")
        await pilot.pause()


def test_each_track_shows_the_red_die_numbers_that_draw_its_cards() -> None:
    """Issue 13 asks the panel for the red-die numbers each level draws on: level n draws
    on red 1 to n+1 (§9.2), level 0 never; the next level's price follows, none at 5."""
    from engine.rulesets.ck.cards import red_draws_up_to
    from tui.widgets.improvements import improvement_section

    assert [red_draws_up_to(n) for n in range(6)] == [0, 2, 3, 4, 5, 6]
    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"improvements": {"trade": 1, "politics": 0, "science": 5}}],
    }
    lines = improvement_section(view).plain.splitlines()
    assert lines[0] == "Improvements (red die · next)"
    rows = {line.split()[0]: line for line in lines if line.startswith(" ")}
    assert rows["Trade"] == " Trade    ■□□□□ 1-2 · 2 cloth"
    assert rows["Politics"] == " Politics □□□□□  -  · 1 coin"
    assert rows["Science"] == " Science  ■■■■■ 1-6"
    levels = {"trade": 3, "politics": 4, "science": 3}
    every = improvement_section({"seat": 0, "players": [{"improvements": levels}]})
    for line in every.plain.splitlines():  # abilities included: one line each at 80x24
        assert len(line) <= 30, line


def test_the_improvement_dialog_says_which_red_numbers_a_level_draws_on() -> None:
    from engine.rulesets.ck.actions import ImproveCity
    from tui.screens.dialogs.ck import improve_dialog

    view: dict[str, Any] = {
        "seat": 0,
        "players": [{"improvements": {"trade": 1}}],
        "me": {"hand": {"cloth": 2}},
    }
    dialog = improve_dialog(view, [ImproveCity("trade").to_json()], ["Red"])
    assert isinstance(dialog, ChoiceDialog)
    assert "level n draws a progress card on a red die of 1 to n+1" in str(dialog.body)
    assert [str(label) for label, _ in dialog.options] == [
        "Trade to level 2 (Guild): 2 cloth, you have 2",
        "Politics to level 1 (Town Hall): 1 coin, you have 0",  # greyed, its key kept
        "Science to level 1 (Abbey): 1 paper, you have 0",
    ]
    assert [value for _, value in dialog.options] == [ImproveCity("trade").to_json(), None, None]


def test_the_decks_left_wrap_after_a_comma_at_80x24() -> None:
    """The line wrapped at 80x24 as "... · politics 18 ·" over "science 18"."""
    from rich.console import Console

    from tui.widgets.improvements import progress_section

    view: dict[str, Any] = {"me": {"development": {}}, "progress_decks": [18, 17, 16]}
    line = progress_section(view).plain.splitlines()[-1]
    assert line == "Decks: trade 18, politics 17, science 16"
    console = Console(width=30, color_system=None, record=True)
    console.print(progress_section(view), end="")
    shown = [row.rstrip() for row in console.export_text().splitlines()]
    assert shown[-2:] == ["Decks: trade 18, politics 17,", "science 16"], shown


def test_the_walls_line_gives_the_hand_limit_in_one_line_at_80x24() -> None:
    """'Walls left: 2 (+2 hand limit each)' wrapped at 80x24; the limit itself says more."""
    from tui.widgets.improvements import improvement_section

    view: dict[str, Any] = {"seat": 0, "players": [{"walls_left": 2, "hand_limit": 9}]}
    lines = improvement_section(view).plain.splitlines()
    assert lines[-1] == "Walls left 2 · hand limit 9"
    assert len(lines[-1]) <= 30  # the side panel's width at 80x24


async def test_a_knight_is_moved_on_the_map_knight_then_corner(tmp_path: Path) -> None:
    """`l` listed every (knight, corner) pair in a dialog; now the map shows where the knight
    may go, the lines name both corners in words, and Enter moves it there."""
    from tui.knight_plan import KnightPlan
    from tui.widgets.action_bar import ActionBar

    position = tui_saves.ck_knight_move(tmp_path)
    game = saves.load_path(position)
    moves = {(a.vertex, a.to) for a in game.legal_actions() if a.type == "move_knight"}  # type: ignore[attr-defined]
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        await pilot.press("l")
        assert await wait_for_decision(pilot) == "flight"
        screen = game_screen(app)
        assert screen is not None and isinstance(screen.flight, KnightPlan)
        plan = screen.flight
        assert {(plan.ship, to) for to in plan.routes} == moves
        status = str(screen.query_one(ActionBar).status)
        assert status.startswith("Move your basic knight at "), status
        before = plan.cursor
        await pilot.press("right")
        assert plan.cursor in plan.routes and plan.cursor != before, "Right stayed put"
        chosen = (plan.ship, plan.cursor)
        assert f"to {plan._corner(plan.cursor)}" in str(screen.query_one(ActionBar).status)
        await pilot.press("enter")
        await wait_for_decision(pilot)
        view = screen.view or {}
        assert view["knight_owner"][chosen[1]] == 0 and view["knight_owner"][chosen[0]] == -1
        await pilot.press("q", "y")
        await pilot.pause()


def test_a_moved_or_displaced_knight_is_told_where_it_went() -> None:
    """Seen in play: "moved a knight at hills 6 / hills 4 to at hills 4 / fields 8"."""
    from tui.faces import face
    from tui.narrate import narrate
    from tui.places import hex_namer

    view = new_game(GameConfig("ck", 3, 5, {})).view(0)
    where = hex_namer(view)
    assert where is not None
    ck = face("ck").tell()
    a, b = where(("vertex", 10)).removeprefix(" at "), where(("vertex", 11)).removeprefix(" at ")
    moved = {"kind": "knight", "seat": 0, "what": "moved", "vertex": 10, "to": 11}
    assert narrate(moved, ["Red", "Blue", "White"], 0, where, ck) == (
        f"You moved a knight at {a} to {b}."
    )
    gone = {"kind": "knight_displaced", "seat": 1, "vertex": 10, "to": 11}
    assert narrate(gone, ["Red", "Blue", "White"], 0, where, ck) == (
        f"Blue's knight at {a} left its corner, to {b}."
    )
    # seen in play: a knight with no retreat only "left its corner", and was gone from the map
    lost = {"kind": "knight_displaced", "seat": 1, "vertex": 10, "strength": 2, "fate": "supply"}
    assert narrate(lost, ["Red", "Blue", "White"], 0, where, ck) == (
        f"Blue's strong knight at {a} had no free corner on its roads: back to the supply."
    )
    fled = {"kind": "knight_displaced", "seat": 0, "vertex": 10, "strength": 3, "fate": "deserted"}
    assert narrate(fled, ["Red", "Blue", "White"], 0, where, ck) == (
        f"Your mighty knight at {a} deserted."
    )
    odd = {"kind": "knight", "seat": 0, "what": "vanished", "vertex": 10}
    assert narrate(odd, ["Red", "Blue", "White"], 0, where, ck) == f"Your knight vanished at {a}."


async def test_inventor_swaps_two_chips_chosen_on_the_map(tmp_path: Path) -> None:
    """Inventor listed every pair of hexes in a dialog (60 here); now one chip is chosen on
    the map, Enter, then its partner, Enter, and the two numbers change places. The choice
    opens by itself, as the dialog did (a lone decision)."""
    from tui.inventor_plan import InventorPlan
    from tui.widgets.action_bar import ActionBar

    position = tui_saves.ck_inventor(tmp_path)
    app = CatanApp(saves_dir=tmp_path / "saves", load=position, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        kind = await wait_for_decision(pilot)  # the lone decision opens by itself
        screen = game_screen(app)
        assert kind == "flight" and screen is not None
        plan = screen.flight
        assert isinstance(plan, InventorPlan) and plan.first is None
        numbers = [h["number"] for h in (screen.view or {})["board"]["hexes"]]
        assert all(numbers[h] not in (2, 6, 8, 12) for h in plan.pairs)
        await pilot.press("enter")  # the first chip: the one the cursor opened on
        first = plan.first
        assert first is not None and plan.ships == [first]
        status = str(screen.query_one(ActionBar).status)
        assert status.startswith(f"Inventor: swap the chips of {plan._hex(first)}"), status
        await pilot.press("right")
        other = plan.cursor
        assert other is not None and other in plan.pairs[first] and other != first
        await pilot.press("enter")
        await wait_for_decision(pilot)
        after = [h["number"] for h in (screen.view or {})["board"]["hexes"]]
        assert (after[first], after[other]) == (numbers[other], numbers[first])
        changed = [h for h in range(len(after)) if after[h] != numbers[h]]
        assert sorted(changed) == sorted((first, other))
        await pilot.press("q", "y")
        await pilot.pause()


def test_a_knight_move_onto_a_weaker_rival_says_it_drives_it_off() -> None:
    """The cursor opens on the rival to displace, and the line names it."""
    from tui.knight_plan import KnightPlan

    view: dict[str, Any] = dict(new_game(GameConfig("ck", 3, 5, {})).view(0))
    owners, levels = [-1] * len(view["knight_owner"]), [0] * len(view["knight_level"])
    owners[10], levels[10] = 0, 2  # the person's strong knight
    owners[12], levels[12] = 1, 1  # Blue's basic knight, one of its destinations
    view["knight_owner"], view["knight_level"] = owners, levels
    legal = [{"type": "move_knight", "vertex": 10, "to": to} for to in (11, 12)]
    plan = KnightPlan.from_legal(view, legal)
    assert plan is not None and plan.cursor == 12 and plan.ships == [10]
    head, line = plan.lines()
    assert head.startswith("Move your strong knight at ")
    assert line.endswith(": drives off Blue's basic knight · ←↑↓→"), line
    assert plan.actions() == [legal[1]] and not plan.advance()


def test_the_pillage_choice_says_which_city_has_a_wall(tmp_path: Path) -> None:
    """Seen in play: "Choose the city the barbarians pillage" said nothing of which city had a
    wall (lost with the city). The C&K mid-game save: under the cursor, a walled city says
    its wall goes too, another says it has none."""
    from tui.faces import face

    game = saves.load_path(tui_saves.ck_midgame(tmp_path))
    walled = [v for v, lvl in enumerate(game.vertex_level) if lvl == 2 and game.walls[v]]
    assert walled, "the save has no walled city: nothing to test"
    hint = face("ck").target_hint
    assert hint is not None
    said = hint(game.view(0), ("lose_city",), walled[0])
    assert said is not None and said.startswith("This city: "), said
    assert said.endswith("; its wall is lost too"), said
    game.walls[walled[0]] = 0  # the same city without its wall
    unwalled = hint(game.view(0), ("lose_city",), walled[0])
    assert unwalled == said.replace("its wall is lost too", "no wall"), unwalled


def test_a_card_whose_effect_has_no_event_says_it_when_played() -> None:
    """Seen in play: "Blue played Warlord." and nothing of the knights it woke."""
    from tui.faces import face
    from tui.narrate import narrate

    ck = face("ck").tell()
    names = ["Red", "Blue", "White"]
    theirs = {"kind": "progress_played", "seat": 1, "card": "warlord"}
    assert narrate(theirs, names, 0, None, ck) == (
        "Blue played Warlord: every knight of theirs is active now."
    )
    mine = {"kind": "progress_played", "seat": 0, "card": "crane"}
    assert narrate(mine, names, 0, None, ck) == (
        "You played Crane: your next city improvement costs one commodity less."
    )
    plain = {"kind": "progress_played", "seat": 1, "card": "bishop"}
    assert narrate(plain, names, 0, None, ck) == "Blue played Bishop."


async def test_a_barbarian_attack_is_a_toast_with_each_seats_share(tmp_path: Path) -> None:
    """Seen in play: attacks on a bots' turn at instant speed were only log lines. An attack
    the screen hears is told in a toast too, with what each seat gave (not the after-note)."""
    from tui_keys import at_base_midgame, until

    async with at_base_midgame(tmp_path, (80, 24), tui_saves.ck_midgame) as (app, pilot, screen):
        attack = {
            "kind": "attack",
            "barbarians": 5,
            "defenders": 2,
            "contributions": [2, 0, 0, 0],
            "catan_wins": False,
            "pillaged": [1, 2, 3],
        }
        screen._collect_infos([attack], 0, None)

        def toasts() -> list[Any]:
            return [n for n in app._notifications if n.title == "Barbarians"]

        await until(pilot, lambda: bool(toasts()), "the Barbarians toast")
        assert [str(n.message) for n in toasts()] == [
            "The barbarians attack: barbarians 5, knights of Catan 2 (you 2, Blue 0, White 0,"
            " Orange 0). The barbarians win; a city is pillaged: Blue, White, Orange."
        ]


def test_events_before_the_inventors_swap_are_named_by_the_numbers_then() -> None:
    """As in Fleet: an event told in one batch with a later Inventor swap was named by the
    numbers the swap put there (the robber "to hills 11" that moved onto hills 5). Seed 2,
    random play to the person's swap; the robber's line stands for any earlier event."""
    import tui_saves

    from tui.faces import face
    from tui.narrate import narrate, seat_names

    game = tui_saves.play_until("ck", 2, tui_saves.human_to_act({"swap_numbers"}))
    before = game.view(0)
    swap = next(a for a in game.legal_actions() if a.type == "swap_numbers")
    a, b = int(swap.to_json()["hex"]), int(swap.to_json()["other"])
    hexes = before["board"]["hexes"]
    assert hexes[a]["number"] != hexes[b]["number"]
    told = [e.for_seat(0) for e in game.apply(swap)]
    after = game.view(0)
    events = [{"kind": "robber", "seat": 1, "hex": a}, *told]
    ck = face("ck")
    names = seat_names(4)
    lines = [
        narrate(e, names, 0, w, ck.tell())
        for e, w in zip(events, ck.namers(after, events), strict=True)
    ]
    then = narrate(events[0], names, 0, ck.namer(before), ck.tell())
    assert lines[0] == then, (lines[0], then)
    assert lines[0] != narrate(events[0], names, 0, ck.namer(after), ck.tell())
    ta, na = hexes[a]["terrain"], hexes[a]["number"]
    tb, nb = hexes[b]["terrain"], hexes[b]["number"]
    where = ck.namer(before)
    assert where is not None
    was_a, was_b = where(("hex", a)).strip(), where(("hex", b)).strip()  # "mountains 10 (east)"
    assert was_a.startswith(f"{ta} {na}") and was_b.startswith(f"{tb} {nb}"), (was_a, was_b)
    swapped = [line for line in lines if line and "swapped" in line]
    assert swapped == [
        f"Two number chips were swapped (Inventor): {was_a} is now {ta} {nb}, "
        f"{was_b} is now {tb} {na}."
    ], swapped


def test_a_wide_panel_puts_the_others_levels_beside_the_tracks() -> None:
    """At 120x40 (43 columns) the levels table's five rows ran the side column past the screen:
    there the others' levels stand in columns beside your tracks (M: their metropolis); a panel
    too narrow for every column keeps the table."""
    from tui.widgets.improvements import improvement_section

    view: dict[str, Any] = {
        "seat": 0,
        "players": [
            {"seat": 0, "improvements": {"trade": 3}, "walls_left": 3, "hand_limit": 7},
            {"seat": 1, "improvements": {"science": 4}},
            {"seat": 2},
            {"seat": 3, "improvements": {"politics": 2}},
        ],
        "metropolis": {"science": 3},
        "vertices": [[-1, 0]] * 3 + [[1, 2]],
    }
    wide = improvement_section(view, 43).plain.splitlines()
    assert wide[0] == "Improvements (red die · next) Blu Whi Ora"
    rows = {line.split()[0]: line for line in wide if line.startswith(" ") and "□" in line}
    assert rows["Trade"].endswith("4 cloth  0   0   0")
    assert rows["Politics"].endswith("1 coin   0   0   2")
    assert rows["Science"].endswith("1 paper  4M  0   0")
    assert not any(line.startswith("Levels") for line in wide)
    assert all(len(line) <= 43 for line in wide), wide
    narrow = improvement_section(view, 40).plain.splitlines()  # 29 + 3 columns of 4 = 41
    assert "Levels    Trd  Pol  Sci" in narrow and narrow[0] == "Improvements (red die · next)"


def test_a_wide_panel_says_the_barbarians_in_two_lines() -> None:
    """At 120x40 your knights' part joins the ship's line and the outcome the strengths' line;
    a spectator (no knights of their own) and the 80x24 panel keep three lines."""
    from tui.widgets.barbarians import barbarian_section

    view = new_game(GameConfig("ck", 3, SEED, {})).view(0)
    wide = barbarian_section(view, 43).plain.splitlines()
    assert wide[:2] == [
        "Ship ▶······· Catan 0/7 · your knights 0",
        "Barbarians 0 vs knights 0: Catan holds",
    ]
    assert all(len(line) <= 43 for line in wide), wide
    narrow = barbarian_section(view, 30).plain.splitlines()
    assert narrow[:3] == [
        "Ship ▶······· Catan 0/7",
        "Barbarians 0 vs knights 0",
        "Yours 0 · Catan holds",
    ]
    watcher = barbarian_section({**view, "seat": None}, 43).plain.splitlines()
    assert watcher[1:3] == ["Barbarians 0 vs knights 0", "Catan holds"]


async def test_the_side_column_fits_a_ck_midgame_at_120x40(tmp_path: Path) -> None:
    """Seed 5, a mid-game roll: the side column ran 8 rows past the screen at 120x40 (the levels
    table, the barbarians' three lines), hiding the trade panel; the panel is told its width
    and takes fewer rows there, while at 80x24 it keeps the table."""
    from textual.containers import VerticalScroll

    from tui.widgets.equipment import EquipmentPanel

    game = tui_saves.play_until("ck", 5, tui_saves.human_to_act({"roll"}), min_actions=200)
    path = tui_saves.write(game, tmp_path)
    for size, table in (((120, 40), False), ((80, 24), True)):
        app = CatanApp(saves_dir=tmp_path / "saves", load=path, speed="instant")
        async with app.run_test(size=size) as pilot:
            await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None, f"no game screen at {size}"
            await pilot.pause()
            panel = screen.query_one(EquipmentPanel).render().plain
            assert ("Levels    Trd  Pol  Sci" in panel) is table, (size, panel)
            if not table:
                side = screen.query_one("#side", VerticalScroll)
                assert side.max_scroll_y <= 2, f"the side column runs {side.max_scroll_y} rows over"
