"""Cities & Knights in the app: a whole game by keys, save and continue, answering a bot's card."""

from __future__ import annotations

import time
from pathlib import Path

import tui_saves
from tui_keys import game_screen, play_to_the_end, step, wait_for_decision

from engine import saves
from engine.config import GameConfig
from engine.registry import new_game
from tui.app import CatanApp
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
    replay = new_game(game.config)
    mine: set[str] = set()
    for action in game.log:
        if replay.to_act == 0:
            mine.add(action.type)
        replay.apply(action)
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


def test_the_barbarian_panel_fits_the_80_column_side_panel() -> None:
    from tui.widgets.barbarians import barbarian_section

    game = new_game(GameConfig("ck", 3, SEED, {}))
    lines = barbarian_section(game.view(0)).plain.splitlines()
    assert lines[0] == "Ship ▶······· Catan 0/7"
    assert lines[1] == "Barbarians 0 vs knights 0"
    assert all(len(line) <= 30 for line in lines)


async def test_the_ssh_lobby_offers_ck_and_creates_a_ck_table(tmp_path: Path) -> None:
    from engine.table.unix_socket import TokenBook
    from tui.screens.lobby import CreateTableDialog
    from tui.ssh.lobby_host import Lobby

    lobby = Lobby(TokenBook(), tmp_path / "saves")
    assert "ck" in lobby.snapshot("alice")["rulesets"]
    assert ("beginner", "beginner") in CreateTableDialog._variants("ck")  # its board option
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
        assert [label for label, _ in dialog.options] == ["1 paper", "1 cloth"]
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
