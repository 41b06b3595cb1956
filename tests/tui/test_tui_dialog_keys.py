"""Every choice takes keys (seen in play, Starfarers: an encounter's answers, the ship a
card holds up and "Everyone" had none, and a digit that was no option's key did nothing
and said nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from textual.app import App
from tui_keys import game_screen, said_by, until, wait_for_decision

from tui.app import CatanApp
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.encounter import EncounterDialog, answer_keys


async def _answer(dialog: ChoiceDialog, *keys: str, size: tuple[int, int] = (80, 24)) -> Any:
    """What `dialog` returns when `keys` are pressed in it, alone on an app."""
    app: App[None] = App()
    got: list[Any] = []
    async with app.run_test(size=size) as pilot:
        await app.push_screen(dialog, got.append)
        await pilot.pause()
        await pilot.press(*keys)
        await until(pilot, lambda: bool(got), f"the answer to {keys}")
    return got[0]


async def test_a_choice_given_no_keys_numbers_its_options() -> None:
    options: list[tuple[Any, Any]] = [("Alpha", "a"), ("Beta", "b"), ("Gamma", "c")]
    dialog = ChoiceDialog("Which?", options)
    assert dialog.keys == ["1", "2", "3"]
    assert await _answer(ChoiceDialog("Which?", options), "2") == "b"
    # one option (an outcome's OK) takes Enter, no digit
    assert ChoiceDialog("Done", [("OK", None)]).keys == []


async def test_a_digit_that_is_no_options_key_says_which_keys_are() -> None:
    """The supply's "give which?" numbers its options by the Trade panel's resources (2 and
    5 here): 1 says so, and picks nothing."""
    app: App[None] = App()
    got: list[Any] = []
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = ChoiceDialog(
            "Give which?", [("Fuel", "fuel"), ("Goods", "goods")], keys=["2", "5"]
        )
        await app.push_screen(dialog, got.append)
        await pilot.pause()
        said = await said_by(pilot, "1")
        assert said == "1 is no option's key here: the keys are 2, 5; or ↑↓ and Enter.", said
        assert not got and app.screen is dialog
        await pilot.press("5")
        await until(pilot, lambda: bool(got), "5 answers")
    assert got == ["goods"]


async def test_an_encounters_answers_are_keyed_by_what_they_say() -> None:
    """y and n for a yes or no; the count for an offer ("0 Offer 0 cards"), not its place in
    the list (which made 1 offer none)."""
    yes_no = [{"type": "answer", "answer": 0}, {"type": "answer", "answer": 1}]
    assert answer_keys("yesno", yes_no) == ["n", "y"]
    offers = [{"type": "answer", "answer": n} for n in range(4)]
    assert answer_keys("offer", offers) == ["0", "1", "2", "3"]
    card = {"card": {"name": "Friendly freighter", "answer": "offer", "prompt": "How many?"}}
    assert await _answer(EncounterDialog(card, offers), "2") == offers[2]
    ask = {"card": {"name": "Smugglers", "answer": "yesno", "prompt": "Deal?"}}
    assert await _answer(EncounterDialog(ask, yes_no), "y") == yes_no[1]


async def test_everyone_is_offered_on_0(tmp_path: Path) -> None:
    """ "Offer to whom?": the seats on 1 to 3, everyone on 0 (it had no key; 0 did nothing)."""
    from tui_keys import at_base_midgame

    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        sent: list[dict[str, Any]] = []
        screen._send_soon = sent.append  # type: ignore[method-assign]
        screen._ask_recipients({"give": {"brick": 1}, "get": {"ore": 1}})
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "who hears the offer")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert dialog.keys[0] == "0" and dialog.options[0][0] == "Everyone"
        await pilot.press("0")
        await until(pilot, lambda: bool(sent), "the offer sent")
    assert sent == [{"type": "offer_trade", "give": {"brick": 1}, "get": {"ore": 1}, "to": []}]


async def test_a_steal_refused_in_starfarers_names_no_robber(tmp_path: Path) -> None:
    """Seen in play: v said "a card is stolen right after the robber moves, from a rival
    beside its hex": Starfarers has neither. Seed 5, the first main phase."""

    def main(game: Any) -> bool:
        return game.to_act == 0 and game.view(0)["phase"] == "main"

    game = tui_saves.play_until("starfarers", 5, main)
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=tui_saves.write(game, tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        said = await said_by(pilot, "v")
    assert "robber" not in said and "hex" not in said, said
    assert said.startswith("Steal a card: not possible now: a card is taken on a 7 you roll"), said


async def test_the_key_line_offers_only_what_the_choice_has() -> None:
    """Seen in play: the shake's lone OK said "↑↓ choose · Enter confirm · Esc back". A word
    to acknowledge says how to close it; a lone move has no arrows to choose with."""
    from textual.widgets import Label

    from tui.screens.dialogs.shake import ShakeDialog

    shake = ShakeDialog({"balls": ["yellow", "red"], "base_speed": 5}, "You")
    lone = ChoiceDialog("Build an upgrade", [("Booster", {"type": "build_upgrade"})])
    two = ChoiceDialog("Which?", [("Alpha", "a"), ("Beta", "b")])
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        for dialog, line in (
            (shake, "Enter or Esc: close"),
            (lone, "Enter confirm · Esc back"),
            (two, "↑↓ choose · Enter confirm · or its key · Esc back"),
        ):
            await app.push_screen(dialog)
            await pilot.pause()
            assert str(dialog.query_one("#hint", Label).content) == line
            await pilot.press("escape")
            await until(pilot, lambda d=dialog: app.screen is not d, "the dialog to close")
    assert await _answer(ShakeDialog({"balls": ["blue", "blue"]}, "You"), "enter") is None
