"""An encounter's dialogs say what each step is for, in the card's terms.

Seen in play with the Smugglers ("2 cards of your choice for 1 of yours. Deal?"): the
cards taken from the supply had no "1 of 2"; after the shake a second dialog said
"Smugglers: Give 2 cards" above the card's own offer again; and the outcome read
"You gave up 1 fuel, 1 food. You lost a half medal." with no reason.

Seed 3, turn 64: the human meets the Smugglers, and the shake after the deal shows a
black ball (2 cards and a half medal lost)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tui_saves
from tui_keys import discard_keys, until

from engine import saves
from engine.game import Game
from engine.headless import replay_steps
from engine.rulesets.starfarers.constants import ENCOUNTER
from engine.rulesets.starfarers.encounters import cards
from tui.app import CatanApp
from tui.narrate_starfarers import with_reasons
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.discard import DiscardDialog
from tui.screens.dialogs.encounter import EncounterDialog, OutcomeDialog, payment_words
from tui.screens.dialogs.shake import ShakeDialog
from tui.screens.game import GameScreen

SHAKE_LINE = "You shook for the encounter: blue and black (a black ball? yes)."


def smugglers() -> Game:
    def met(g: Any) -> bool:
        name = cards()[g.enc_card]["name"] if g.enc_card >= 0 else ""
        return g.to_act == 0 and g.phase == ENCOUNTER and name == "Smugglers"

    game = tui_saves.play_until("starfarers", 3, met)
    assert game.to_act == 0, "the Smugglers were never met"
    return game


def _steps() -> list[tuple[str, int, tuple[str, str]]]:
    """Yes to the Smugglers, then the first card each time: (need, count, payment words)."""
    game: Any = smugglers()
    game.apply(next(a for a in game.legal_actions() if getattr(a, "answer", 0) == 1))
    out = []
    while game.phase != ENCOUNTER and game.view(0)["phase"] == "encounter_choice":
        view = game.view(0)
        out.append((view["encounter"]["need"], view["state"]["enc_count"], payment_words(view)))
        game.apply(game.legal_actions()[0])
    return out


def test_the_smugglers_payments_say_what_they_are_for() -> None:
    steps = _steps()
    pay, black = steps[0], steps[-1]
    assert pay[:2] == ("return_cards", 1)
    assert pay[2] == (
        "Smugglers",
        "You said yes: you pay 1 card, then take 2 cards of your choice from the supply, "
        "then shake the mothership.",
    )
    assert black[0] == "return_cards"
    assert black[2] == (
        "Smugglers",
        "The shake showed a black ball: you give up 2 cards, then lose a half medal.",
    )
    assert "Deal?" not in black[2][1]  # not the card's offer again


def test_the_lines_after_a_shake_or_a_contest_say_they_came_of_it() -> None:
    lines = [
        "Encounter: Smugglers; you answered yes.",
        "You gave up 1 ore.",
        "You took 1 ore, 1 fuel.",
        SHAKE_LINE,
        "You gave up 1 ore, 1 fuel.",
        "You lost a half medal.",
    ]
    assert with_reasons(lines) == [
        *lines[:4],
        "You gave up 1 ore, 1 fuel for the black ball.",
        "You lost a half medal for the black ball.",
    ]
    contest = [
        "You lost a combat contest against Blue: 2 to 5 (a new shake each, plus cannons).",
        "You lost a cannon from the mothership.",
    ]
    assert (
        with_reasons(contest)[1] == "You lost a cannon from the mothership for losing the contest."
    )
    missed = [
        "You shook for the encounter: yellow and red (a black ball? no).",
        "You gained a booster.",
    ]
    assert with_reasons(missed)[1] == "You gained a booster as no black ball came out."


async def _give_first_cards(pilot: Any, dialog: DiscardDialog) -> None:
    await pilot.press(*discard_keys(dialog))


async def test_the_smugglers_from_yes_to_the_outcome(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(smugglers(), tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EncounterDialog), "the encounter")
        await pilot.press("down", "enter")  # Yes
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the card to pay")
        await _give_first_cards(pilot, app.screen)  # type: ignore[arg-type]
        titles = []
        for n in (1, 2):
            await until(
                pilot,
                lambda: (
                    isinstance(app.screen, ChoiceDialog)
                    and app.screen.title_text.startswith("Take a card")
                    and app.screen.title_text not in titles
                ),
                f"take {n}",
            )
            titles.append(app.screen.title_text)
            assert "Smugglers" in str(app.screen.body)
            await pilot.press("enter")
        assert titles == [
            "Take a card from the supply (1 of 2)",
            "Take a card from the supply (2 of 2)",
        ]
        await until(pilot, lambda: isinstance(app.screen, ShakeDialog), "the shake")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the 2 cards to give")
        give = app.screen
        assert isinstance(give, DiscardDialog) and give.owed == 2
        if hasattr(GameScreen, "_plan_key"):  # with the game.py change given with this fix
            assert give.heading == "Smugglers"
            assert give.prompt.startswith("The shake showed a black ball: you give up 2 cards")
        await _give_first_cards(pilot, give)
        await until(pilot, lambda: isinstance(app.screen, OutcomeDialog), "the outcome")
        lines = str(app.screen.body).splitlines()  # type: ignore[attr-defined]
    assert SHAKE_LINE in lines
    after = lines[lines.index(SHAKE_LINE) + 1 :]
    assert after[-1] == "You lost a half medal for the black ball.", lines
    assert after[0].startswith("You gave up ") and after[0].endswith(" for the black ball."), lines


def test_the_hagglers_take_counts_the_cards_of_the_answer_given() -> None:
    """Seen in play (discoverer, seed 11): 3 cards offered to the Haggler, whose answer is a
    take of 2, and both take dialogs said "you take 1 card" with no "1 of 2": the words came
    from the 2-card answer, which also ends in a take. Seed 1: the human meets the Haggler."""
    from tui.screens.dialogs.encounter import take_dialog

    def met(g: Any) -> bool:
        name = cards()[g.enc_card]["name"] if g.enc_card >= 0 else ""
        return g.to_act == 0 and g.phase == ENCOUNTER and name == "Haggler" and sum(g.hands[0]) > 2

    game: Any = tui_saves.play_until("starfarers", 1, met)
    game.apply(next(a for a in game.legal_actions() if getattr(a, "answer", -1) == 3))
    titles, bodies = [], []
    while game.view(0)["phase"] == "encounter_choice":
        view = game.view(0)
        legal = game.legal_actions()
        if view["encounter"]["need"] != "return_cards":  # the 3 cards given first
            dialog = take_dialog(view, [a.to_json() for a in legal], ["Red", "Blue", "White"])
            titles.append(dialog.title_text)
            bodies.append(dialog.body.plain if dialog.body is not None else "")
        game.apply(legal[0])
    # The first take tells the 3-card answer's take of 2 from the 2-card answer's take of 1;
    # the second could be either, so it claims nothing rather than the wrong count.
    assert titles == ["Take a card from the supply (1 of 2)", "Take a card from the supply"]
    assert "You offered 3 cards" in bodies[0] and "2 cards" in bodies[0], bodies
    assert "1 card" not in bodies[1], bodies


async def test_a_ship_held_up_says_which_contest_was_lost(tmp_path: Path) -> None:
    """Seen in play: "Choose the ship held up: ←↑↓→ 2 ships" with no word of why. Seed 4,
    action 350: the Drifting merchant's speed race was lost, and one of the person's ships
    is held up. The actions box says so in the card's terms, and where the ship under the
    cursor is; Enter holds that ship up."""
    from tui_keys import game_screen, wait_for_decision

    from tui.narrate_starfarers import place_namer
    from tui.widgets.action_bar import ActionBar

    def held_up(g: Any) -> bool:
        return g.to_act == 0 and any(a.type == "choose_ship" for a in g.legal_actions())

    game = tui_saves.play_until("starfarers", 4, held_up)
    assert game.view(0)["encounter"]["card"]["name"] == "Drifting merchant"
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        if screen.target is None:
            await pilot.press("1")  # the command's key, where it did not open by itself
        await until(pilot, lambda: screen.target is not None, "the ships to choose from")
        bar = screen.query_one(ActionBar)
        why = (
            "Drifting merchant. You lost the contest: you have a ship held up (it flies no"
            " more this turn)."
        )
        assert why in bar.status, bar.status
        assert screen.view is not None and screen.cursor is not None
        where = place_namer(screen.view)(screen.cursor).strip()
        assert f"This ship: {where}" in bar.status, bar.status
        cursor = screen.cursor
        await pilot.press("enter")
        await until(pilot, lambda: screen.sent > 0, "the choice to be sent")
    saved = saves.load_path(tui_saves.only_autosave(tmp_path))
    held = [a for _, a in replay_steps(saved) if a.type == "choose_ship"]
    assert held and held[-1].ship == cursor


async def test_an_upgrade_lost_to_a_contest_says_so_in_its_dialog(tmp_path: Path) -> None:
    """Seed 12, action 407: the Convoy under attack's contest was lost, and the person
    chooses an upgrade to lose. The dialog names the card and, beyond its prompt, the
    contest that led there."""
    from tui_keys import wait_for_decision

    def losing(g: Any) -> bool:
        need = (g.view(0).get("encounter") or {}).get("need") if g.to_act == 0 else None
        return need == "lose_upgrade" and len(g.legal_actions()) >= 2

    game = tui_saves.play_until("starfarers", 12, losing)
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the upgrade to lose")
        body = str(app.screen.body)  # type: ignore[attr-defined]
        assert body.startswith("Encounter: Convoy under attack."), body
        assert body.endswith("You lost the contest: you lose an upgrade."), body
        # the only decision there is: Esc puts it away for later, it takes nothing back
        from textual.widgets import Label

        line = str(app.screen.query_one("#hint", Label).content)
        assert "Esc later" in line and "Esc back" not in line, line
