"""Dialogs and their keys: the keys a panel shows work inside the pop-up, a discard is
chosen whole and confirmed once, a bank trade takes at most three keys, q asks first.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from test_tui_trade import Trader
from tui_keys import game_screen, sent_by, until, until_offered, wait_for_decision

from engine.game import Game
from engine.registry import new_game
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from tui.app import CatanApp
from tui.narrate import seat_names
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.discard import DiscardDialog
from tui.screens.menu import MainMenuScreen
from tui.widgets.event_log import EventLog


def _owes(game: Game, at_least: int) -> bool:
    view = game.view(0)
    owed = view["players"][0].get("discard_owed", 0)
    return game.to_act == 0 and owed >= at_least and view["phase"] == "discard"


async def test_a_discard_is_chosen_whole_and_confirmed_once(tmp_path: Path) -> None:
    game = tui_saves.play_until("base", 11, lambda g: _owes(g, 4))
    owed = game.view(0)["players"][0]["discard_owed"]
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the discard")
        dialog = app.screen
        assert isinstance(dialog, DiscardDialog) and dialog.owed == owed
        screen = game_screen(app)
        assert screen is not None
        # Enter before enough cards are chosen does nothing but say so.
        await pilot.press("right", "enter")
        assert app.screen is dialog
        keys = ["left"]  # undo, then choose the whole discard
        left = owed
        for resource in dialog.resources:
            take = min(left, dialog.hand[resource])
            keys += ["right"] * take + ["down"]
            left -= take
        await pilot.press(*keys)
        assert sum(dialog.chosen.values()) == owed

        await pilot.press("enter")  # one confirmation for every card

        def discarded() -> int:
            """The cards on the log's one line for this discard ("You discarded 2 ore, 1 wool.")."""
            lines = [t.plain for t in screen.query_one(EventLog).entries]
            mine = [line for line in lines if line.startswith("You discarded")]
            assert len(mine) <= 1, mine
            words = mine[0].removeprefix("You discarded ").split() if mine else []
            return sum(int(w) for w in words if w.isdigit())

        await until(pilot, lambda: discarded() == owed, "every card to be given back")
        assert screen.sent == owed and not isinstance(app.screen, DiscardDialog)
        assert not any(isinstance(s, DiscardDialog) for s in app.screen_stack)


@asynccontextmanager
async def offered(ruleset: str, size: tuple[int, int]) -> AsyncIterator[tuple[Any, Any, Any]]:
    """The person (seat 0) and three bots that offer a trade every turn (seed 8), played by
    keys until a bot's offer asks the person: the app, its pilot and the offer's pop-up."""
    from engine.config import GameConfig

    game = new_game(GameConfig(ruleset, 4, 8, {}))
    human = HumanSeat()
    table = Table(game, [human, Trader(1), Trader(2), Trader(3)])
    app = CatanApp()
    async with app.run_test(size=size) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        app.push_client_game(InMemoryClient(human), names=seat_names(4))
        try:
            yield app, pilot, await until_offered(pilot)
        finally:
            task.cancel()


async def test_a_bots_offer_takes_no_keys_in_its_first_moment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seen in play: a bot's offer popped up while the person typed (leaving the game: q y
    n), and the n meant for the next screen declined it; an Enter would have accepted it. An
    offer that comes unasked takes no key until GameScreen.OFFER_SETTLE has passed."""
    from textual.widgets import OptionList

    from tui.screens.game import GameScreen

    # Longer than the 0.4 s shipped, so that a loaded machine still presses within it.
    monkeypatch.setattr(GameScreen, "OFFER_SETTLE", 3.0)
    async with offered("base", (120, 40)) as (app, pilot, dialog):
        assert not dialog.settled
        assert dialog.query_one(OptionList).disabled
        await pilot.press("n", "enter")  # typed for what was there a moment before
        await pilot.pause()
        assert app.screen is dialog and not dialog.answered, "an early key answered the offer"
        await until(pilot, lambda: dialog.settled, "the offer to take keys", timeout=15)
        assert not dialog.query_one(OptionList).disabled
        await pilot.press("n")
        await until(pilot, lambda: app.screen is not dialog, "the offer declined")


async def test_n_declines_inside_the_offer_dialog() -> None:
    async with offered("base", (120, 40)) as (app, pilot, dialog):
        screen = game_screen(app)
        assert screen is not None
        await pilot.press("n")  # the key the trade panel shows for Decline
        await until(pilot, lambda: app.screen is not dialog, "the dialog to close")

        def said() -> bool:
            return any("You declined" in str(x.text) for x in screen.query_one("#log").lines)

        await until(pilot, said, "the decline")


async def test_a_bank_trade_takes_three_keys(tmp_path: Path) -> None:
    """m, the give's digit, the get's digit; each card keeps its digit (its place in the hand)
    in both lists (seen: 3 was carbon among the gives and food among the gets)."""
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.bank_trade(tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None
        cmd = next(c for c in screen.cmds if c.key == "m")
        gives = list(dict.fromkeys(a["give"] for a in cmd.actions))
        give = gives[1]
        gets = [a["get"] for a in cmd.actions if a["give"] == give]
        hand = dict(screen.view["me"]["hand"])  # type: ignore[index]
        order = list(hand)
        rev = screen.rev
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "what to give")
        first = app.screen
        assert isinstance(first, ChoiceDialog) and first.title_text == "Bank: give which?"
        assert first.keys == [str(order.index(g) + 1) for g in gives]
        await pilot.press(str(order.index(give) + 1))
        await until(
            pilot,
            lambda: isinstance(app.screen, ChoiceDialog) and app.screen is not first,
            "what to get",
        )
        second = app.screen
        assert isinstance(second, ChoiceDialog)
        assert second.keys == [str(order.index(g) + 1) for g in gets]
        await pilot.press(str(order.index(gets[0]) + 1))
        await until(pilot, lambda: screen.rev > rev, "the trade")
        after = screen.view["me"]["hand"]  # type: ignore[index]
        assert after[give] < hand[give] and after[gets[0]] == hand[gets[0]] + 1


async def test_a_starfarers_supply_trade_says_supply_and_no_harbour(tmp_path: Path) -> None:
    """Starfarers trades with the supply at 3:1 by default: no 'Bank', no '(harbour)'."""

    save = tui_saves.bank_trade(tmp_path, "starfarers", 4)
    app = CatanApp(saves_dir=tmp_path, load=save, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "what to give")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.title_text == "Supply: give which?"
        labels = [str(label) for label, _ in dialog.options]
        assert labels and not any("harbour" in label for label in labels), labels
        assert dialog.keys[0] is not None
        await pilot.press(dialog.keys[0])  # the first card offered, by its digit
        await until(pilot, lambda: app.screen is not dialog, "what to get")
        assert isinstance(app.screen, ChoiceDialog)
        assert app.screen.title_text.startswith("Supply: ")


async def test_q_asks_before_leaving(tmp_path: Path) -> None:
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.base_midgame(tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the question")
        assert app.screen.title_text == "Leave this game?"
        await pilot.press("n")  # keep playing
        await until(pilot, lambda: app.screen is screen, "the game")
        assert app.local is not None
        await pilot.press("q", "y")
        await until(pilot, lambda: isinstance(app.screen, MainMenuScreen), "the menu")


def _pays_encounter(game: Game) -> bool:
    """Seat 0 owes an encounter 2+ cards and holds more than it owes (so it has a choice)."""
    if game.to_act != 0:
        return False
    view = game.view(0)
    if view["phase"] != "encounter_choice":
        return False
    if not any(a.type == "discard" for a in game.legal_actions()):
        return False
    owed = int(view["state"]["enc_count"])
    return owed >= 2 and sum(view["me"]["hand"].values()) > owed


async def test_an_encounter_payment_is_chosen_whole_and_confirmed_once(tmp_path: Path) -> None:
    # Seed 1, action 776: the travelers' pilgrims ask seat 0 for 3 of its 6 cards.
    game = tui_saves.play_until("starfarers", 1, _pays_encounter)
    owed = int(game.view(0)["state"]["enc_count"])
    name = game.view(0)["encounter"]["card"]["name"]
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        assert screen is not None
        await wait_for_decision(pilot)
        if not isinstance(app.screen, DiscardDialog):
            await pilot.press("g")  # the action bar's key for the payment
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the payment dialog")
        dialog = app.screen
        assert isinstance(dialog, DiscardDialog)
        assert dialog.owed == owed and dialog.verb == "Give"
        assert str(dialog.query_one("#title").render()).startswith(f"{name}: Give {owed} cards")
        left = owed
        keys: list[str] = []
        for resource in dialog.resources:
            take = min(left, dialog.hand[resource])
            keys += ["right"] * take + ["down"]
            left -= take
        await pilot.press(*keys, "enter")  # every card chosen, then one confirmation
        await until(pilot, lambda: screen.sent == owed, "the cards to be sent")
        assert not any(isinstance(s, DiscardDialog) for s in app.screen_stack)


async def test_the_discard_hint_wraps_at_80x24_instead_of_being_cut() -> None:
    """The discard dialog's last hint word ('discard') is shown whole on a small terminal."""
    from textual.app import App
    from textual.containers import Vertical
    from textual.widgets import Label

    hand = {"ore": 4, "fuel": 4, "carbon": 4, "food": 3, "goods": 4}
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = DiscardDialog(9, hand, list(hand))
        await app.push_screen(dialog)
        await pilot.pause()
        hint = dialog.query_one("#hint", Label)
        box = dialog.query_one(Vertical).content_region
        assert hint.region.right <= box.right, (hint.region, box)  # nothing past the frame
        shown = [strip.text for strip in hint.render_lines(hint.size.region)]
        words = " ".join(" ".join(shown).split())
        assert words.endswith("Enter discard"), shown


async def test_an_encounters_outcome_tells_a_toll_paid_card_by_card_once(tmp_path: Path) -> None:
    """Seed 1: the Haggler asks the person for cards. After offering 2 (the give dialog)
    and taking 1 back, the outcome dialog tells the cards given up on one line (it had
    "You lost 1 fuel." once per card), after the answer ("...; you offered 2 cards.")."""
    from engine.rulesets.starfarers.constants import ENCOUNTER
    from engine.rulesets.starfarers.encounters import cards
    from tui.screens.dialogs.encounter import EncounterDialog, OutcomeDialog

    def haggler(g: Any) -> bool:
        return g.to_act == 0 and g.phase == ENCOUNTER and cards()[g.enc_card]["name"] == "Haggler"

    game = tui_saves.play_until("starfarers", 1, haggler)
    assert game.to_act == 0, "the Haggler was never met"
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EncounterDialog), "the encounter")
        await pilot.press("down", "down", "enter")  # Offer 2 cards
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the give dialog")
        screen = game_screen(app)
        assert screen is not None
        # The command behind the dialog says what it is (it said "Discard a card").
        assert [c.label for c in screen.cmds] == ["Give cards for the encounter"]
        give = app.screen
        assert isinstance(give, DiscardDialog) and give.owed == 2
        # Where the cards go, as the guide promises (it said nothing where not to a seat).
        assert give.prompt.endswith(" The cards go back to the supply."), give.prompt
        keys: list[str] = []
        left = 2
        for resource in give.resources:
            take = min(left, give.hand.get(resource, 0))
            keys += ["right"] * take + ["down"]
            left -= take
        await pilot.press(*keys, "enter")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the take dialog")
        assert app.screen.title_text == "Take a card from the supply"
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, OutcomeDialog), "the outcome")
        outcome = app.screen
        assert isinstance(outcome, OutcomeDialog)
        lines = str(outcome.body).splitlines()
    assert lines[0] == "Encounter: Haggler; you offered 2 cards."
    assert [line for line in lines if "gave up" in line] == [lines[1]], lines
    given = [int(w) for w in lines[1].removeprefix("You gave up ").split() if w.isdigit()]
    assert sum(given) == 2, lines
    assert lines[2].startswith("You took 1 "), lines


async def test_the_cargo_swap_asks_how_many_cards_in_words(tmp_path: Path) -> None:
    """Seen in play: after the Cargo swap's yes, the count was asked as "No / Yes / Yes /
    Yes" (the card's yes-or-no labels). It is "Swap none" to "Swap 3 cards". Seed 6."""
    from engine.rulesets.starfarers.encounters import NEED_SWAP
    from tui.screens.dialogs.encounter import EncounterDialog

    def swapping(g: Any) -> bool:
        return g.to_act == 0 and g.enc_need == NEED_SWAP and len(g.legal_actions()) == 4

    game = tui_saves.play_until("starfarers", 6, swapping)
    assert swapping(game), "the Cargo swap's count was never asked"
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EncounterDialog), "the encounter")
        dialog = app.screen
        assert isinstance(dialog, EncounterDialog)
        labels = [str(label) for label, _ in dialog.options]
        assert labels == ["Swap none", "Swap 1 card", "Swap 2 cards", "Swap 3 cards"], labels
        assert "How many of your cards do you swap" in str(dialog.body)
        # Then the cards to give: said as the swap's, not the card's "Accept?" again.
        from tui.screens.dialogs.discard import DiscardDialog

        await pilot.press("down", "down", "enter")
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the cards to give")
        give = app.screen
        assert isinstance(give, DiscardDialog)
        assert "The swap: give the cards you swap" in give.prompt, give.prompt
        assert "Accept?" not in give.prompt


async def test_the_plague_ship_names_the_seat_the_cards_go_to(tmp_path: Path) -> None:
    """Seed 2: the Plague ship asks for cards for "your right neighbour's colony"; the
    dialog names that seat (the one before yours in turn order: Orange for seat 0 of 4),
    and so does the dialog where the cards are chosen."""
    from engine.rulesets.starfarers.constants import ENCOUNTER
    from engine.rulesets.starfarers.encounters import cards
    from tui.screens.dialogs.encounter import EncounterDialog

    def plague(g: Any) -> bool:
        name = cards()[g.enc_card]["name"] if g.enc_card >= 0 else ""
        return g.to_act == 0 and g.phase == ENCOUNTER and name == "Plague ship"

    game = tui_saves.play_until("starfarers", 2, plague)
    assert game.to_act == 0, "the Plague ship was never met"
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, EncounterDialog), "the encounter")
        dialog = app.screen
        assert isinstance(dialog, EncounterDialog)
        assert "The cards you send go to Orange." in str(dialog.body)
        await pilot.press("down", "enter")  # Offer 1 card: the give dialog says it too
        await until(pilot, lambda: isinstance(app.screen, DiscardDialog), "the give dialog")
        give = app.screen
        assert isinstance(give, DiscardDialog)
        assert give.prompt.endswith(" The cards go to Orange."), give.prompt


async def test_an_encounters_choice_of_player_names_the_players(tmp_path: Path) -> None:
    """Seed 9: an encounter asks the person who gets their cards. The actions row said
    "Choose opponent" and the dialog "Choose opponent: seat 1"; now the seats' names."""

    def choosing(g: Any) -> bool:
        return g.to_act == 0 and any(a.type == "choose_opponent" for a in g.legal_actions())

    game = tui_saves.play_until("starfarers", 9, choosing)
    assert game.to_act == 0, "no encounter asked who gets the cards"
    seats = [a.to_json()["seat"] for a in game.legal_actions()]
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the choice")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        screen = game_screen(app)
        assert screen is not None
        assert [c.label for c in screen.cmds] == ["Choose who gets the cards"]
        assert dialog.title_text == "Who gets the cards"
        names = seat_names(4)
        assert [str(label) for label, _ in dialog.options] == [names[s] for s in seats]


def test_a_black_ball_promises_an_encounter_only_in_the_flights_shake() -> None:
    """The flight's shake with a black ball: an encounter comes first (rules §5.3, base
    speed 3); a card's test shake tells what the card needed, in the log's words."""
    from tui.screens.dialogs.shake import ShakeDialog

    flight = ShakeDialog({"balls": ["yellow", "black"], "base_speed": 3}, "You")
    said = str(flight.body)
    assert "Base speed: 3" in said
    assert "A black ball: an encounter comes before any ship flies." in said
    test = ShakeDialog({"balls": ["black", "red"], "test": "black", "hit": True}, "You")
    said = str(test.body)
    assert "The encounter's test: a black ball? yes" in said  # the log's words
    assert "comes before" not in said
    said = str(ShakeDialog({"balls": ["red", "blue"], "test": "sum_ge_4", "hit": True}, "You").body)
    assert "The encounter's test: a speed of 4 or more? yes" in said


async def test_a_chat_paste_too_long_is_cut_to_the_line_not_dropped(tmp_path: Path) -> None:
    """Seen over SSH: a 250-character paste into the chat line did nothing and said nothing
    (the input refused the whole of it). It is cut to the most a line may have, and says so."""
    from textual import events

    from engine.table.protocol import MAX_SAY
    from tui.screens.dialogs.chat import ChatDialog, ChatLine

    app = CatanApp(saves_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        said: list[str | None] = []
        app.push_screen(ChatDialog(), said.append)
        await until(pilot, lambda: bool(app.screen.query(ChatLine)), "the chat line")
        line = app.screen.query_one(ChatLine)
        line.post_message(events.Paste("a" * 250))
        await until(pilot, lambda: len(line.value) == MAX_SAY, "the paste, cut")
        assert any("Cut to 200 characters" in str(n.message) for n in app._notifications)
        await pilot.press("enter")
        await until(pilot, lambda: said == ["a" * MAX_SAY], "the line said")


async def test_an_offer_brings_the_trade_panel_into_view() -> None:
    """Seen in C&K at 80x24 and 120x40: the Trade panel, which names each answer and counter,
    sat below the side column's fold, and nothing scrolled to it when an offer came; once the
    offer closed, the side stayed scrolled, the scores hidden. Seed 8, C&K at 80x24."""
    from tui.widgets.trade_panel import TradePanel

    async with offered("ck", (80, 24)) as (app, pilot, _dialog):
        screen = game_screen(app)
        assert screen is not None
        side = screen.query_one("#side")
        panel = screen.query_one(TradePanel)

        def in_view() -> bool:
            top = panel.virtual_region.y
            return side.scroll_y <= top < side.scroll_y + side.scrollable_content_region.height

        assert side.max_scroll_y > 0, "the side column fits: the test shows nothing"
        await until(pilot, in_view, "the Trade panel in view")
        assert side.scroll_y > 0
        # The offer closes (the table waits on the person's answer: no view comes between):
        # the scores come back into view, where the side stayed scrolled all game before.
        closed = dict(screen.view or {})
        closed["trade"] = None
        screen.view = closed
        await until(pilot, lambda: side.scroll_y == 0, "the scores back in view")


async def test_an_upgrade_lost_to_wear_and_tear_names_the_encounter(tmp_path: Path) -> None:
    """Seen in play: "Lose an upgrade" opened on a bot's turn with nothing said of the Ion
    storm behind it. Seed 1, random play: Micrometeorites takes an upgrade from the person;
    the pop-up names the card, its prompt and who loses one."""
    from engine.rulesets.starfarers.encounters import cards

    def worn(g: Any) -> bool:
        enc = g.view(0).get("encounter") or {}
        name = (enc.get("card") or {}).get("name")
        return g.to_act == 0 and enc.get("need") == "lose_upgrade" and name == "Micrometeorites"

    game = tui_saves.play_until("starfarers", 1, worn)
    card = next(c for c in cards() if c["name"] == "Micrometeorites")
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the loss to choose")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.title_text == "Lose an upgrade"
        body = str(dialog.body)
        assert body.startswith(f"Encounter: Micrometeorites. {card['prompt']}"), body
        assert "Every mothership with 5 or more upgrades loses one" in body, body
        # Each option on its digit, as in the other choices (the upgrades had none).
        count = len(dialog.options)
        assert dialog.keys[:count] == [str(i + 1) for i in range(min(count, 9))], dialog.keys
        first = dialog.options[0][1]
        assert await sent_by(pilot, "1", "the first option sent by its digit") == first


async def test_the_actions_line_says_whose_offer_waits_for_an_answer() -> None:
    """Seen in play: "Your move." in Blue's turn, Blue's offer waiting under its pop-up (and
    again after Esc hid the pop-up). The line names the seat whose offer it is."""
    from tui.widgets.action_bar import ActionBar

    async with offered("base", (80, 24)) as (app, pilot, dialog):
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        offerer = screen.view["trade"]["offerer"]
        assert offerer != screen.view["seat"]
        bar = screen.query_one(ActionBar)
        want = f"{seat_names(4)[offerer]}'s offer waits for your answer."
        await until(pilot, lambda: bar.status.startswith(want), f"not {bar.status!r}")
        assert app.screen is dialog
