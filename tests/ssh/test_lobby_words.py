"""The SSH lobby speaks as the local new-game form does: titles, options in words, every option.

The create dialog is driven by keys in the real app over a real Unix socket
(in this process); what the lobby's host receives is checked, and what the
lobby then shows of the table.
"""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Label, Select, Static

from ai.registry import DEFAULT_BOT
from engine.registry import get_ruleset
from tests.ssh.served import served_app
from tests.ssh.waits import until
from tui.option_words import (
    changed_options,
    choice_label,
    option_help,
    option_label,
    short_title,
)
from tui.screens.lobby import CreateTableDialog, LobbyScreen, seats_summary, table_detail


def _labels(screen: CreateTableDialog) -> list[str]:
    return [str(label.render()) for label in screen.query(Label)]


def _current(screen: CreateTableDialog) -> list[str]:
    """The label of the row marked as holding the focus (a tint alone is faint)."""
    return [str(row.query_one(Label).render()) for row in screen.query(".row.-current")]


def _select(screen: CreateTableDialog, id_: str) -> Select[object]:
    select: Select[object] = screen.query_one(f"#{id_}", Select)
    return select


async def test_a_cities_and_knights_table_is_made_by_keys_with_its_options_in_words(
    tmp_path: Path,
) -> None:
    async with served_app(tmp_path, "alice", (80, 24)) as (app, pilot, lobby):
        await until(lambda: bool(app.screen.snapshot["rulesets"]), "the lobby's first snapshot")
        rulesets = list(app.screen.snapshot["rulesets"])
        await pilot.press("n")
        await until(lambda: isinstance(app.screen, CreateTableDialog), "the create dialog")
        dialog = app.screen
        assert isinstance(dialog, CreateTableDialog)
        await pilot.pause()
        game = _select(dialog, "ruleset")
        assert app.focused is game
        # The games by their titles, the base game's options as the local form words them.
        assert [str(label) for label, _ in game._options] == [
            get_ruleset(r).title for r in rulesets
        ]
        labels = _labels(dialog)
        for wanted in ("Board", "Shuffle harbours", "VP to win", "Trade offers per turn"):
            assert wanted in labels, labels
        assert "Variant" not in labels
        assert [str(label) for label, _ in _select(dialog, "opt-shuffle_harbours")._options] == [
            "No",
            "Yes",
        ]
        assert [v for _, v in _select(dialog, "players")._options] == [2, 3, 4]
        assert "You (alice), the host" in str(dialog.query_one("#host-seat", Static).render())

        # Cities & Knights by keys: open the list, move down to it, choose it.
        await pilot.press("enter", *["down"] * rulesets.index("ck"), "enter")
        await until(lambda: _select(dialog, "ruleset").value == "ck", "C&K chosen")
        await until(lambda: dialog.query("#opt-vp_to_win"), "the rows recomposed")
        await until(lambda: app.focused is _select(dialog, "ruleset"), "the focus kept on Game")
        await until(lambda: _current(dialog) == ["Game"], "the Game row marked as the current")
        vp = _select(dialog, "opt-vp_to_win")
        assert vp.value == 13  # C&K's own default, not the base game's 10
        assert [v for _, v in _select(dialog, "players")._options] == [3, 4]
        # Tab down to VP to win (after Board and Shuffle harbours), one step up: 12.
        await pilot.press("tab", "tab", "tab")
        assert app.focused is vp
        await until(lambda: _current(dialog) == ["VP to win"], "the mark moved with the focus")
        await pilot.press("enter", "up", "enter")
        await until(lambda: vp.value == 12, "VP to win set to 12")
        await pilot.press("f5")
        await until(lambda: 1 in lobby.tables, "the table created")
        table = lobby.tables[1]
        assert (table.ruleset, table.options) == ("ck", {"vp_to_win": 12})
        assert [s.kind for s in table.seats] == ["person", "person", "bot", "bot"]
        assert [s.bot for s in table.seats[2:]] == [DEFAULT_BOT, DEFAULT_BOT]
        assert table.seats[0].user == "alice"

        lobby_screen = app.screen
        assert isinstance(lobby_screen, LobbyScreen)
        grid: DataTable[str] = lobby_screen.query_one(DataTable)
        await until(lambda: grid.row_count == 1, "the table listed")
        assert grid.get_row_at(0)[1] == "Catan: Cities & Knights"
        assert grid.get_row_at(0)[4] == "alice, 1 free, 2 bots"
        detail = lobby_screen.query_one("#lobby-detail", Static)
        await until(
            lambda: "Table 1: Catan: Cities & Knights (VP to win 12)" in str(detail.render()),
            f"the detail in words, not {str(detail.render())!r}",
        )


def test_option_words() -> None:
    base = {o.name: o for o in get_ruleset("base").options}
    fleet = {o.name: o for o in get_ruleset("fleet").options}
    starfarers = {o.name: o for o in get_ruleset("starfarers").options}
    assert option_label(base["vp_to_win"]) == "VP to win"
    assert option_label(base["shuffle_harbours"]) == "Shuffle harbours"
    assert option_label(fleet["combined_trade_build"]) == "Trade after building"
    assert choice_label(starfarers["variant"].choices[0]) == "First game"
    assert choice_label("rulebook", starfarers["starting_hand"]) == "3 from the reserve pile"
    assert choice_label(True) == "Yes" and choice_label(False) == "No" and choice_label(8) == "8"
    assert [short_title(r) for r in ("base", "ck", "starfarers", "fleet", "chess")] == [
        "Base game",
        "Cities & Knights",
        "Starfarers",
        "Fleet",
        "chess",
    ]
    assert option_help(starfarers["victory_check"]) == (
        "15 VP checked at the end of the active player's turn, or at any moment of it."
    )
    # Only what differs from the ruleset's defaults is named; an unknown option by its name.
    assert changed_options("ck", {"vp_to_win": 13, "board": "beginner"}) == "Board Beginner"
    assert changed_options("base", {"vp_to_win": 8, "shuffle_harbours": True}) == (
        "VP to win 8, Shuffle harbours Yes"
    )
    assert changed_options("base", {"colour": "red"}) == "colour red"


def _summary(status: str, winner: int | None) -> dict[str, object]:
    return {
        "id": 3,
        "ruleset": "starfarers",
        "options": {"variant": "first_game", "victory_check": "immediate"},
        "status": status,
        "spectators": 1,
        "winner": winner,
        "seats": [
            {"kind": "person", "user": "alice", "bot": None, "connected": True, "away": None},
            {"kind": "bot", "user": None, "bot": "value", "connected": False, "away": None},
            {"kind": "person", "user": "bob", "bot": None, "connected": False, "away": 65.0},
        ],
    }


def test_a_table_in_the_lobby_is_told_in_words_and_its_winner_by_name() -> None:
    assert table_detail(_summary("playing", None)).splitlines() == [
        "Table 3: Catan: Starfarers (Victory check Immediate)",
        "  seat 1: alice",
        "  seat 2: bot value",
        "  seat 3: bob (away 1:05)",
        "  1 watching",
    ]
    assert table_detail(_summary("over", 1)).splitlines()[-1] == (
        "  Game over. Winner: bot value (seat 2)"
    )
    assert table_detail(_summary("over", 2)).splitlines()[-1] == (
        "  Game over. Winner: bob (seat 3)"
    )
    assert table_detail(_summary("over", None)).splitlines()[-1] == "  Game over, with no winner."


def test_the_lists_seats_cell_names_people_and_counts_free_seats_and_bots() -> None:
    """The cell listed every seat ("alice, bot value, bob (away 1:05)") and was cut at 80
    columns; people stay named, free seats and bots are counted, the detail names all."""
    seats = _summary("playing", None)["seats"]
    assert isinstance(seats, list)
    assert seats_summary(seats) == "alice, bob, 1 bot"
    free = {"kind": "person", "user": None, "bot": None, "connected": False, "away": None}
    assert seats_summary([*seats, free, free, seats[1]]) == "alice, bob, 2 free, 2 bots"
    assert seats_summary([free]) == "1 free"


def test_the_forms_choices_follow_the_game() -> None:
    from tui.game_choices import GameChoices

    chosen = GameChoices("base", 2, ["human", "random", "random", "random"])
    assert chosen.players == 2  # the base game is played by two
    assert chosen.change("opt-vp_to_win", 8) is False and chosen.options == {"vp_to_win": 8}
    assert chosen.change("opt-vp_to_win", 10) is False and chosen.options == {}  # the default
    chosen.change("opt-vp_to_win", 8)
    assert chosen.change("ruleset", "ck") is True
    assert (chosen.players, chosen.options) == (4, {})  # C&K is played by 3 or 4; its own options
    assert chosen.change("players", 3) is True and chosen.players == 3
    assert chosen.change("players", 3) is False  # no change, no new rows
    assert chosen.change("seat-2", "value") is False and chosen.kinds[2] == "value"


async def test_a_new_row_in_the_lobby_is_drawn_whole_before_the_table_measures_it(
    tmp_path: Path,
) -> None:
    """A frame drawn between a snapshot and the DataTable's idle showed "waitin"."""
    async with served_app(tmp_path, "alice", (120, 30)) as (app, _pilot, _lobby):
        await until(lambda: bool(app.screen.snapshot["rulesets"]), "the lobby's first snapshot")
        screen = app.screen
        assert isinstance(screen, LobbyScreen)
        table = {**_summary("waiting", None), "host": "alice"}
        screen.snapshot = {**screen.snapshot, "tables": [table]}
        screen._show()  # no await: the DataTable has had no idle yet
        grid: DataTable[str] = screen.query_one(DataTable)
        line = grid.render_line(1).text
        for cell in ("Catan: Starfarers", "alice", "waiting", seats_summary(table["seats"])):
            assert f" {cell} " in line, line
