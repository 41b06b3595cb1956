"""Game over: where each seat finished with its VP by source, and a rematch with the same seats."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from tui_keys import game_screen

from engine import saves
from tui.app import CatanApp
from tui.placings import placings
from tui.screens.dialogs.game_over import GameOverDialog
from tui.screens.game import GameScreen


async def wait_for(pilot, kind: type, timeout: float = 20.0):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
        await pilot.pause(0.01)
    raise AssertionError(f"{kind.__name__} never showed")


def test_placings_split_each_score_into_its_sources() -> None:
    view = {
        "ruleset": "base",
        "players": [
            {"settlements_left": 2, "cities_left": 2, "longest_road": True, "largest_army": False},
            {"settlements_left": 3, "cities_left": 4, "longest_road": False, "largest_army": True},
        ],
    }
    first, second = placings(view, [10, 5], winner=0)
    assert (first.seat, first.place, first.ordinal) == (0, 1, "1st")
    assert dict(first.sources) == {
        "3 settlements": 3,
        "2 cities": 4,
        "Longest Road": 2,
        "1 VP card": 1,
    }
    assert sum(vp for _, vp in first.sources) == first.vp
    assert dict(second.sources) == {"2 settlements": 2, "Largest Army": 2, "1 VP card": 1}


def test_ck_placings_name_metropolis_merchant_and_defenders_apart_from_vp_cards() -> None:
    """A C&K score of 13: a metropolis, the merchant and Defenders are not "VP cards"."""
    player = {"settlements_left": 5, "cities_left": 1, "longest_road": True, "defenders": 1}
    view = {
        "ruleset": "ck",
        "players": [player, {"settlements_left": 5, "cities_left": 4, "defenders": 0}],
        "vertices": [[0, 2], [1, 1], [0, 2]],
        "metropolis": {"trade": 2, "politics": -1, "science": -1},
        "merchant_owner": 0,
    }
    (first, _) = placings(view, [13, 0], winner=0)
    assert dict(first.sources) == {
        "3 cities": 6,
        "Longest Road": 2,
        "1 metropolis": 2,
        "the merchant": 1,
        "1 Defender of Catan": 1,
        "1 VP card": 1,
    }


def test_finished_games_split_every_point_and_count_only_real_vp_cards() -> None:
    """Seeds 1-4 of C&K and Fleet played out at random: each seat's sources add up to its
    score; C&K's "VP cards" are its revealed Constitution and Printer, Fleet's islet chips
    are named apart."""
    import random

    from engine.config import GameConfig
    from engine.headless import random_rollout
    from engine.registry import new_game
    from tui.placings import vp_sources

    islets_seen = 0
    for ruleset in ("ck", "fleet"):
        for seed in range(1, 5):
            game = new_game(GameConfig(ruleset, 4, seed, {}))
            random_rollout(game, random.Random(seed), 1000)
            view = game.view(None)
            scores = game.scores()
            for seat, score in enumerate(scores):
                sources = dict(vp_sources(view, seat, score))
                assert sum(sources.values()) == score, (ruleset, seed, seat, sources)
                cards = sum(vp for what, vp in sources.items() if "VP card" in what)
                if ruleset == "ck":
                    played = view["players"][seat]["played"]
                    assert cards == played["constitution"] + played["printer"], sources
                else:
                    held = view["islet_holders"].count(seat)
                    islets_seen += held
                    chips = sum(vp for what, vp in sources.items() if "islet" in what)
                    assert chips == held, sources  # each islet's chip is worth 1 here
    assert islets_seen > 0, "no islet chip held in these games: the Fleet check tested nothing"


def test_a_tie_with_the_winner_does_not_share_first_place() -> None:
    view = {"ruleset": "base", "players": [{}, {}, {}]}
    order = placings(view, [8, 10, 8], winner=1)
    assert [(p.seat, p.place) for p in order] == [(1, 1), (0, 2), (2, 2)]


async def test_game_over_shows_placings_and_a_rematch_keeps_the_seats(tmp_path: Path) -> None:
    path = tui_saves.base_finished(tmp_path)
    finished = saves.load(saves.read_save(path))
    scores = finished.scores()
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_game(path)
        dialog = await wait_for(pilot, GameOverDialog)
        await pilot.pause()
        # At 120x40 the whole story shows: the key line names no scroll keys.
        keys = str(dialog.query_one(".hint").render())
        assert keys == "Enter: main menu · r: rematch (a new board) · v: replay", keys
        await pilot.resize_terminal(80, 24)  # now it scrolls, and the line says so
        deadline = time.monotonic() + 10
        while not str(dialog.query_one(".hint").render()).endswith(" · ↑↓ scroll"):
            assert time.monotonic() < deadline, "the scroll keys never named after a resize"
            await pilot.pause(0.01)
        await pilot.resize_terminal(120, 40)
        text = str(dialog.query_one("#placings").render())
        lines = [line for line in text.splitlines() if line.strip()]
        assert len(lines) == 8  # a seat's place, then its VP by source
        assert lines[0].startswith("1st")
        for line in lines[::2]:
            seat = next(i for i, n in enumerate(("Red", "Blue", "White", "Orange")) if n in line)
            assert f"{scores[seat]:>2} VP" in line
        old = game_screen(app)
        assert old is not None and app.local is not None
        seed, kinds = app.local.game.config.seed, list(app.local.kinds)
        await pilot.press("r")
        screen = await wait_for(pilot, GameScreen)
        while screen is old:
            await pilot.pause(0.01)
            screen = app.screen
        assert app.local is not None
        assert app.local.kinds == kinds
        assert app.local.game.config.seed == seed + 1
        assert not app.local.game.is_over and app.local.game.num_actions < 20


def test_the_vp_chart_lines_start_together_whatever_the_names() -> None:
    from tui.screens.dialogs.game_over import vp_chart

    history = [[0, 0, 1], [2, 1, 3], [4, 2, 5]]
    lines = vp_chart(history, ["alice", "bartholomew", "Bot 3"]).plain.splitlines()
    # Name column, then sparklines of one length, then the final VP: the finals align
    # only if every name column is as wide (an SSH user's long name shifted its line).
    assert len({len(line) for line in lines}) == 1, lines
    assert [line.split()[-1] for line in lines] == ["4", "2", "5"]
    assert lines[1].startswith("bartholomew ")


async def test_at_80x24_the_keys_stay_in_view_and_the_arrows_read_the_rest(tmp_path: Path) -> None:
    """The story (placings, chart, dice, length) is taller than 24 rows: it once ran off the
    screen with the line naming Enter and r below it, and no key scrolled it."""
    from textual.containers import VerticalScroll
    from textual.widgets import Label

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(tui_saves.base_finished(tmp_path))
        dialog = await wait_for(pilot, GameOverDialog)
        await pilot.pause()
        hint = dialog.query_one(".hint", Label)
        assert str(hint.render()).startswith("Enter: main menu · r: rematch")
        assert hint.region.y >= 0 and hint.region.bottom <= 24, hint.region
        story = dialog.query_one(VerticalScroll)
        assert story.has_focus and story.max_scroll_y > 0, "the story fits: nothing to test"
        length = dialog.query_one("#length")
        assert length.region.y >= story.region.bottom  # the game's length is below the fold
        await pilot.press("end")
        await pilot.pause()
        assert story.scroll_y == story.max_scroll_y
        assert story.region.y <= length.region.y < story.region.bottom  # now in view
        await pilot.press("enter")
        deadline = time.monotonic() + 10
        while isinstance(app.screen, GameOverDialog | GameScreen) and time.monotonic() < deadline:
            await pilot.pause(0.01)
        assert type(app.screen).__name__ == "MainMenuScreen"


async def test_at_80x24_a_record_line_does_not_push_the_keys_off(tmp_path: Path) -> None:
    """Seen in play: a game won at 80x24 added "Your record: ..." under the headline, and the
    line naming Enter, r and v fell below the screen (End and PgDn reached only the game's
    length). The story gives up the rows the record takes; the keys stay in view."""
    from textual.containers import VerticalScroll
    from textual.widgets import Label

    record = "Catan: Starfarers: 3 of 7 won (43%), best 15 VP in 44 turns; " + "x" * 30
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(tui_saves.base_finished(tmp_path))
        dialog = await wait_for(pilot, GameOverDialog)
        dialog.show_record(record)
        hint = dialog.query_one(".hint", Label)
        story = dialog.query_one(VerticalScroll)

        def laid_out() -> bool:  # the record shown (it wraps: two rows), the keys on screen
            found = dialog.query("#record")
            shown = 0 < hint.region.bottom <= 24
            cap = story.styles.max_height
            fitted = cap is not None and story.region.height == cap.cells  # the story's new cap
            return bool(found) and found.first().region.height == 2 and shown and fitted

        deadline = time.monotonic() + 10
        while not laid_out():
            assert time.monotonic() < deadline, f"the keys are off the screen: {hint.region}"
            await pilot.pause(0.01)
        assert hint.region.height >= 1
        assert str(hint.render()).startswith("Enter: main menu")
        assert story.region.bottom <= hint.region.y
        await pilot.press("end")
        length = dialog.query_one("#length")
        while not story.region.y <= length.region.y < story.region.bottom:  # the story's end
            assert time.monotonic() < deadline, f"End did not show the length: {length.region}"
            await pilot.pause(0.01)


def test_the_key_line_names_the_scroll_keys_last_and_only_when_the_body_scrolls() -> None:
    from tui.screens.dialogs.scroll_body import keys_line

    assert keys_line(["Esc close", "F1 all the rules"], False) == "Esc close · F1 all the rules"
    assert keys_line(["Esc close", "F1 all the rules"], True) == (
        "Esc close · F1 all the rules · ↑↓ scroll"
    )


async def test_the_game_over_story_clears_toasts_left_from_the_last_turn(tmp_path: Path) -> None:
    """A toast ("Choose 1 more card.") still up when the game ended covered the placings."""

    async def toasts_on(screen: object, count: int) -> None:
        deadline = time.monotonic() + 10
        while len(pilot.app.screen.query("Toast")) != count:  # Textual's toast widgets
            assert time.monotonic() < deadline, f"{screen}: never {count} toasts"
            await pilot.pause(0.01)

    path = tui_saves.base_finished(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.notify("Choose 1 more card.", timeout=60)
        await toasts_on("the menu", 1)
        assert app.load_game(path)
        dialog = await wait_for(pilot, GameOverDialog)
        deadline = time.monotonic() + 10
        while list(app._notifications):
            assert time.monotonic() < deadline, "the toast is still due to show over the story"
            await pilot.pause(0.01)
        await toasts_on(dialog, 0)


async def test_a_key_line_due_after_the_pop_up_closed_is_dropped(tmp_path: Path) -> None:
    """The record line, mounted into the game-over pop-up, set a key-line update for after
    the next refresh; loading another game closed the pop-up first, and the update found no
    widgets (NoMatches, seen in CI). A key line due after its pop-up closed does nothing."""
    from tui.screens.dialogs.scroll_body import show_keys

    path = tui_saves.base_finished(tmp_path)
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(path)
        dialog = await wait_for(pilot, GameOverDialog)
        dialog.show_record("Catan (base game): 1 of 1 won.")
        await pilot.pause()
        dialog.dismiss(None)
        await pilot.pause()
        assert app.screen is not dialog
        show_keys(dialog, dialog.key_line)  # the late call: no widgets left, no error


@pytest.mark.parametrize(
    ("ruleset", "seats", "options", "same"),
    [
        ("base", 4, {}, False),
        ("base", 4, {"board": "beginner"}, True),
        ("ck", 3, {}, False),
        ("starfarers", 4, {"variant": "first_game"}, True),
        ("starfarers", 3, {"variant": "discoverer"}, False),
    ],
)
def test_a_rematch_on_a_board_that_never_changes_says_only_the_dice_do(
    ruleset: str, seats: int, options: dict[str, Any], same: bool
) -> None:
    """Seen in play: Starfarers' first game offered "r: rematch (a new board)" and dealt the
    same map again (its board is set out the same whatever the seed)."""
    from engine.config import GameConfig
    from engine.registry import new_game
    from tui.screens.dialogs.game_over import GameOverDialog

    view = new_game(GameConfig(ruleset, seats, 9, options)).view(0)
    dialog = GameOverDialog({"winner": 0, "scores": []}, ["Red", "Blue", "White", "Orange"], 0,
                            view, rematch=True)  # fmt: skip
    again = "same board" if same else "a new board"
    assert dialog.key_names()[1] == f"r: rematch ({again})"


async def test_f4_on_the_game_over_pop_up_shows_the_rolls(tmp_path: Path) -> None:
    """Seen in play: the footer under the game-over story showed f4 Dice, and F4 did nothing
    (F3 worked there). F4 opens the rolls over it; Esc returns to the story."""
    from tui.screens.dialogs.rolls import RollsDialog

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.load_game(tui_saves.base_finished(tmp_path))
        dialog = await wait_for(pilot, GameOverDialog)
        await pilot.pause()
        await pilot.press("f4")
        rolls = await wait_for(pilot, RollsDialog)
        await pilot.press("escape")
        deadline = time.monotonic() + 10
        while app.screen is rolls:
            assert time.monotonic() < deadline, "the rolls never closed"
            await pilot.pause(0.01)
        assert app.screen is dialog


def test_the_vp_chart_ends_on_the_final_points() -> None:
    """Seen in play: a game's last turn never showed (the sampling stopped short of it), so a
    winner's bar stayed flat below the points it ended on."""
    from tui.screens.dialogs.game_over import BARS, vp_chart

    history = [[0, 0]] * 99 + [[5, 2]]  # all on the last turn
    lines = vp_chart(history, ["Red", "Blue"], width=40).plain.splitlines()
    column = 7  # the names' column: 6 at least, and a space
    red = lines[0][column : column + 40]
    assert lines[0].endswith(" 5") and red[-1] == BARS[-1], lines
    assert set(red[:-1]) == {BARS[0]}, lines
    short = vp_chart([[0, 0], [1, 0], [2, 1]], ["Red", "Blue"], width=40).plain.splitlines()
    middle = BARS[round(1 / 2 * (len(BARS) - 1))]
    assert short[0][column : column + 3] == BARS[0] + middle + BARS[-1], short
