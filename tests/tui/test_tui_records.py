"""Your record (tui/records.py, main menu `r`): each solo game that ends at its table is
recorded once; the record screen adds them up per game and lists them, latest first, each
replayable while its save is there; a record file that is not ours costs nothing.

The app's games here are seed 2 of the base game (random play), cut one action before
its end: Orange (seat 3 of 4) wins with the settlement the person there places.
"""

from __future__ import annotations

import datetime as dt
import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from tui_keys import until
from tui_saves import play_until

from engine import saves
from engine.registry import new_game
from engine.table import protocol
from tui import records as records_module
from tui.app import CatanApp
from tui.option_words import ruleset_title
from tui.records import (
    GameRecord,
    Records,
    opponents,
    record_line,
    result_words,
    tallies,
    when_words,
)
from tui.screens.dialogs.game_over import GameOverDialog
from tui.screens.menu import MainMenuScreen
from tui.screens.records import EMPTY, RecordsScreen
from tui.screens.replay import ReplayScreen

SEATS = ["random", "random", "human", "value"]
NAMES = ["Red", "Blue", "White", "Orange"]


@pytest.fixture(scope="module")
def last_move(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """Seed 2 one action before its end, the person (seat 2) to make it; and that action."""
    whole = play_until("base", 2, lambda g: False, max_actions=100000)
    game = new_game(whole.config)
    for action in whole.log[:-1]:
        game.apply(action)
    assert game.to_act == 2 and whole.winner == 2
    path = tmp_path_factory.mktemp("last") / "last-move.json"
    saves.save_to_path(game, path, {"seats": SEATS, "app": "catan-tui"})
    return path, whole.log[-1].to_json()


def _record(**changed: Any) -> GameRecord:
    fields: dict[str, Any] = {
        "game_id": "g1",
        "ended": "2026-11-28T10:00:00+00:00",
        "ruleset": "base",
        "seats": ("human", "value", "value", "mcts"),
        "you": 0,
        "winner": 0,
        "scores": (10, 7, 8, 5),
        "turns": 40,
    }
    return GameRecord(**(fields | changed))


# -- the record file -------------------------------------------------------------------------
def test_a_game_is_recorded_once_by_its_id(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    records = Records.load(path)
    assert records.add(_record()) is None
    assert records.add(_record(turns=99)) is None  # the same game again: nothing added
    again = Records.load(path)
    assert again.games == [_record()] and again.problem is None
    assert json.loads(path.read_text())["version"] == records_module.VERSION


def test_the_file_keeps_the_latest_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records_module, "MAX_GAMES", 3)
    records = Records.load(tmp_path / "records.json")
    for n in range(5):
        records.add(_record(game_id=f"g{n}"))
    kept = Records.load(tmp_path / "records.json").games
    assert [g.game_id for g in kept] == ["g2", "g3", "g4"]


def test_an_unreadable_file_is_kept_aside_and_a_new_record_begun(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    path.write_text("{ not json")
    records = Records.load(path)
    assert records.games == []
    assert records.problem is not None
    assert records.problem.startswith(f"Records: the record file {path}: invalid JSON")
    assert records.problem.endswith("It was kept as records.broken.json and a new record begun.")
    assert (tmp_path / "records.broken.json").read_text() == "{ not json"
    records.add(_record())
    assert Records.load(path).games == [_record()]
    path.write_text("[]")  # broken again: the first one kept aside is never written over
    assert "records.broken-2.json" in (Records.load(path).problem or "")
    assert (tmp_path / "records.broken.json").read_text() == "{ not json"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("[" * 100_000, "JSON nested too deeply"),
        ('{"games": 1' + "0" * 5000 + "}", "a number has too many digits"),
        ('{"version": 1}', "holds no list of games"),
    ],
    ids=["nested", "huge number", "no games"],
)
def test_a_hostile_file_is_said_in_one_line_and_kept_aside(
    tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "records.json"
    path.write_text(content)
    records = Records.load(path)
    assert records.games == [] and reason in (records.problem or ""), records.problem
    assert "\n" not in (records.problem or "")
    assert (tmp_path / "records.broken.json").read_text() == content


def test_entries_not_ours_are_left_out_and_counted(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    good = _record().to_json()
    bad_winner = good | {"game_id": "g2", "winner": 7}  # nobody sat there
    path.write_text(json.dumps({"version": 1, "games": [good, bad_winner, "junk"]}))
    records = Records.load(path)
    assert records.games == [_record()]
    assert records.problem == f"Records: 2 games in {path} could not be read; left out."
    records.add(_record(game_id="g3"))  # what is written again holds only what was read
    assert [g.game_id for g in Records.load(path).games] == ["g1", "g3"]


@pytest.mark.parametrize(
    ("changed", "reason"),
    [
        ({"winner": 4}, "a winner who did not sit at the table"),
        ({"you": -1}, "no seat of yours"),
        ({"scores": [10, 7]}, "no score for each seat"),
        ({"ended": "yesterday"}, "no end date"),
        ({"turns": True}, "no number of turns"),
    ],
)
def test_an_entry_is_refused_naming_what_is_wrong(changed: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        GameRecord.from_json(_record().to_json() | changed)


# -- what they add up to ---------------------------------------------------------------------
def test_tallies_per_game_then_all() -> None:
    games = [
        _record(game_id="a", turns=50),
        _record(game_id="b", winner=1, scores=(7, 10, 8, 5)),
        _record(game_id="c", ruleset="ck", turns=70),
        _record(game_id="d", turns=31),
        _record(game_id="e", turns=45),
    ]
    base, ck, every = tallies(games, ruleset_title)
    assert (base.label, base.played, base.won, base.rate, base.quickest) == (
        "Catan (base game)",
        4,
        3,
        "75%",
        31,
    )
    assert base.streak == 2  # d and e, after the loss in b
    assert (ck.label, ck.played, ck.won, ck.streak) == ("Catan: Cities & Knights", 1, 1, 1)
    assert (every.label, every.played, every.won, every.streak) == ("All", 5, 4, 3)
    assert tallies(games[:1], ruleset_title)[-1].label == "Catan (base game)"  # no "All"


def test_the_line_at_a_games_end_counts_that_game_only() -> None:
    games = [_record(game_id="a"), _record(game_id="b", ruleset="ck"), _record(game_id="c")]
    assert record_line(games, "base") == "Catan (base game): 2 of 2 won, 2 in a row."
    assert record_line(games, "ck") == "Catan: Cities & Knights: 1 of 1 won."


def test_the_line_at_a_games_end_counts_games_to_the_same_target() -> None:
    """Seen in play: after a game to 5 points, "Catan (base game): 0 of 2 won" counted the
    game to 10 as well, where the record screen lines them up apart."""
    games = [
        _record(game_id="a"),
        _record(game_id="b", winner=1, scores=(3, 5, 2, 1), options={"vp_to_win": 5}),
    ]
    assert record_line(games, "base") == "Catan (base game): 1 of 1 won."
    assert record_line(games, "base", 5) == "Catan (base game), to 5 points: 0 of 1 won."


def test_results_in_words() -> None:
    assert result_words(_record(), NAMES) == "Won 10-8"
    lost = _record(winner=1, scores=(8, 10, 9, 5))
    assert lost.place == 3 and result_words(lost, NAMES) == "3rd: Blue 10, you 8"
    assert result_words(_record(winner=None, scores=(6, 7, 8, 5)), NAMES) == "No winner, you 6"
    assert opponents(_record()) == "2 value, mcts"
    now = dt.datetime(2026, 12, 1, tzinfo=dt.UTC)
    local = dt.datetime(2026, 11, 28, 10, tzinfo=dt.UTC).astimezone()
    assert when_words("2026-11-28T10:00:00+00:00", now) == local.strftime("%b %d %H:%M")
    assert when_words("2024-11-28T10:00:00+00:00", now).startswith("2024-")
    # The games list's narrow column: the time today, the day this year, the date before.
    assert when_words("2026-11-28T10:00:00+00:00", now, compact=True) == local.strftime("%b %d")
    today = local + dt.timedelta(minutes=1)  # the same local day in any time zone
    assert when_words(local.isoformat(), today, compact=True) == local.strftime("%H:%M")
    assert when_words("2024-11-28T10:00:00+00:00", now, compact=True).startswith("2024-")


# -- in the app -------------------------------------------------------------------------------
async def test_a_game_that_ends_at_its_table_is_recorded_once(
    tmp_path: Path, last_move: tuple[Path, dict[str, Any]]
) -> None:
    save, final = last_move
    app = CatanApp(saves_dir=tmp_path / "saves", speed="instant", load=save)
    async with app.run_test(size=(80, 24)) as pilot:
        local = app.local
        assert local is not None and local.seat == 2
        await until(pilot, lambda: local.table.thinking == 2, "the person's last decision")
        await local.client.send(protocol.act(local.table.rev, final))
        await until(pilot, lambda: isinstance(app.screen, GameOverDialog), "the game-over pop-up")
        await until(pilot, lambda: Records.load().games != [], "the game recorded")
        (game,) = Records.load().games
        assert (game.ruleset, game.seats, game.you, game.winner) == ("base", tuple(SEATS), 2, 2)
        assert game.won and game.scores == (4, 6, 10, 3) and game.turns > 0
        assert game.game_id == local.game_id and game.save == str(local.autosave)
        # In the game-over pop-up, under its headline (a toast covered the story at 80x24).
        said = "Your record: Catan (base game): 1 of 1 won."
        await until(
            pilot,
            lambda: (
                bool(app.screen.query("#record"))
                and str(app.screen.query_one("#record").render()) == said
            ),
            "the line the game added to the record",
        )
        assert not [n for n in app._notifications if n.title == "Your record"]
        autosave = local.autosave
        assert autosave is not None and autosave.is_file()

        # The finished game loaded again ends at once, but was not played here: no new entry.
        assert app.load_game(autosave)
        await until(pilot, lambda: isinstance(app.screen, GameOverDialog), "over again")
        await pilot.pause()
        assert len(Records.load().games) == 1


async def test_the_record_screen_adds_up_and_replays_a_game(tmp_path: Path) -> None:
    from tui_saves import base_finished

    save = base_finished(tmp_path)
    records = Records.load()
    records.add(_record(game_id="old", save=str(tmp_path / "gone.json"), turns=33))
    records.add(_record(game_id="new", winner=3, scores=(6, 7, 8, 10), save=str(save)))
    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, RecordsScreen), "the record")
        screen = app.screen
        assert isinstance(screen, RecordsScreen)
        console = Console(width=76, record=True, file=io.StringIO())
        console.print(screen.summary_table())
        summary = console.export_text()
        assert "Catan (base game)" in summary and "50%" in summary and "33 turns" in summary
        table = screen.query_one("#records-games")
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]  # type: ignore[attr-defined]
        assert rows[0][1:] == ["Base game", "2 value, mcts", "4th: Orange 10, you 6", "40"]
        # Latest first, and every column in view at 80 columns: no "Turns" cut to "Tu".
        await pilot.pause()
        assert table.virtual_size.width <= table.scrollable_content_region.width
        assert rows[1][3] == "Won 10-8"
        await pilot.press("down", "v")  # the old game: its save is gone
        await until(pilot, lambda: bool(app._notifications), "a toast")
        said = [n.message for n in app._notifications]
        assert "That game's save is gone (gone.json): it cannot be replayed." in said
        assert isinstance(app.screen, RecordsScreen)
        await pilot.press("up", "enter")  # the latest: replayed from its save
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("escape")


async def test_no_games_yet_is_said(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(RecordsScreen())
        await until(pilot, lambda: bool(app.screen.query("#records-summary")), "the record")
        assert isinstance(app.screen, RecordsScreen)
        assert str(app.screen.query_one("#records-summary").render()) == EMPTY
        assert not app.screen.query("#records-games")


def test_games_to_another_target_have_a_line_of_their_own() -> None:
    """A quickest win to 5 points was counted as the base game's record (to 10)."""
    games = [
        _record(game_id="a", turns=50),
        _record(game_id="b", turns=12, options={"vp_to_win": 5}),
        _record(game_id="c", turns=44, options={"vp_to_win": 10}),  # the usual, said aloud
        _record(game_id="d", ruleset="ck", turns=20, options={"vp_to_win": 8}),
    ]
    lines = tallies(games, ruleset_title)
    labels = [t.label for t in lines]
    assert labels == [
        "Catan (base game)",
        "Catan (base game), to 5 points",
        "Catan: Cities & Knights, to 8 points",
        "All",
    ]
    assert [t.quickest for t in lines] == [44, 12, 20, None]
    assert [t.played for t in lines] == [2, 1, 1, 4]
