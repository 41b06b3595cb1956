"""The hint key (?): what the value bot would do, in the actions box, the cursor on its spot."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import tui_saves
from test_tui_trade import Trader
from textual.widgets import Label, OptionList
from tui_keys import game_screen, sent_by, until, until_offered, value_hint, wait_for_decision

from ai.hints import ValueAdviser
from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game
from engine.table import protocol
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from tui.app import CatanApp
from tui.narrate import seat_names
from tui.palette_provider import ActionsProvider
from tui.plans import aim_route, first_step, hinted_here
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.discard import DiscardDialog
from tui.screens.dialogs.shake import ShakeDialog
from tui.screens.dialogs.trade import TradeDialog
from tui.screens.game import GameScreen
from tui.widgets.action_bar import ActionBar
from tui.widgets.key_footer import KeyFooter


async def test_a_hint_on_the_map_puts_the_cursor_on_the_value_bots_spot(tmp_path: Path) -> None:
    """Seed 11, the person starts: the hint moves the cursor to the bot's corner; Enter builds."""
    seats = ["human", "value", "value", "value"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 11, {}), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None and screen.target is not None
        expected = value_hint(app)
        # the cursor starts elsewhere: Tab until it is not on the bot's corner
        while screen.target.targets().get(screen.cursor or -1) == expected:
            await pilot.press("tab")
        bar = screen.query_one(ActionBar)
        assert bar.status.startswith("Build a settlement: ")
        await pilot.press("question_mark")
        await until(pilot, lambda: bar.status.startswith("Hint: "), "the hint")
        assert bar.status.startswith("Hint: build a settlement here\nThis corner: ")
        assert screen.target.targets()[screen.cursor or -1] == expected
        # moving off the spot gives the usual line back; ? puts the cursor back at once
        await pilot.press("tab")
        assert bar.status.startswith("Build a settlement: ")
        await pilot.press("question_mark")
        assert bar.status.startswith("Hint: build a settlement here")
        await pilot.press("enter")
        local = app.local
        assert local is not None
        await until(pilot, lambda: len(local.game.log) > 0, "the settlement")
        assert local.game.log[0].to_json() == expected


async def test_a_hint_names_the_command_and_its_key(tmp_path: Path) -> None:
    """After the setup, made by hints: "Hint: Roll the dice (r)" before the roll."""
    seats = ["human", "value", "value", "value"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 11, {}), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        assert screen is not None
        bar = screen.query_one(ActionBar)
        for _ in range(4):  # two settlements and two roads, each where the hint puts it
            assert await wait_for_decision(pilot) == "target"
            await pilot.press("question_mark")
            await until(pilot, lambda: bar.status.startswith("Hint: "), "the hint's spot")
            await pilot.press("enter")
        assert await wait_for_decision(pilot) == "turn"
        assert "Hint" in str(screen.query_one(KeyFooter).render())
        assert "Hint (?)" in [title for title, _, _ in ActionsProvider(screen)._commands()]
        await pilot.press("question_mark")
        await until(pilot, lambda: bar.status.startswith("Hint: "), "the hint")
        assert bar.status == "Hint: Roll the dice — press r"
        assert await sent_by(pilot, "r", "the roll") == {"type": "roll"}
        # a new position: the old hint is gone from the box
        await wait_for_decision(pilot)
        assert not bar.status.startswith("Hint: Roll")


async def test_a_table_without_an_adviser_offers_no_hint_key() -> None:
    """A table without an adviser (an SSH table with hints off) gives no hints: no "? Hint"
    in the footer, and ? sends nothing."""
    game = new_game(GameConfig("base", 4, 11, {}))
    human = HumanSeat()  # no adviser
    table = Table(game, [human, *[HumanSeat() for _ in range(3)]])
    app = CatanApp()
    async with app.run_test(size=(120, 40)) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        try:
            screen = app.push_client_game(InMemoryClient(human), names=seat_names(4))
            assert await wait_for_decision(pilot) == "target"
            assert screen.check_action("hint", ()) is False
            assert "Hint" not in str(screen.query_one(KeyFooter).render())
            titles = [title for title, _, _ in ActionsProvider(screen)._commands()]
            assert titles and "Hint (?)" not in titles
            await pilot.press("question_mark")
            await pilot.pause()
            assert screen.hint_asked == -1
        finally:
            task.cancel()


async def test_the_hint_key_is_greyed_while_others_decide(tmp_path: Path) -> None:
    seats = ["value", "human", "value", "value"]  # seed 11: the first seat starts
    app = CatanApp(saves_dir=tmp_path, speed="slow", play=(GameConfig("base", 4, 11, {}), seats))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        assert screen is not None
        await until(pilot, lambda: screen.view is not None, "the first state")
        assert not screen.legal
        assert screen.check_action("hint", ()) is None  # shown, greyed
        hint = [i for i in screen.query_one(KeyFooter).items if i.description == "Hint"]
        assert [i.enabled for i in hint] == [False]
        await pilot.press("question_mark")
        await pilot.pause()
        assert screen.hint_asked == -1


async def test_in_an_offer_to_answer_the_hint_highlights_the_value_bots_answer() -> None:
    """Seed 8, bots that offer trades: ? in "A trade offer" marks the answer the bot gives."""
    game = new_game(GameConfig("base", 4, 8, {}))
    adviser = ValueAdviser()
    human = HumanSeat(adviser=adviser)
    table = Table(game, [human, Trader(1), Trader(2), Trader(3)])
    app = CatanApp()
    async with app.run_test(size=(80, 24)) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        try:
            screen = GameScreen(InMemoryClient(human), names=seat_names(4), hints=True)
            app.push_screen(screen)
            dialog = await until_offered(pilot)
            key_line = dialog.query_one("#hint", Label)
            await until(pilot, lambda: str(key_line.content).endswith("? hint"), "? in the keys")
            expected = adviser.suggest(0, game.view(0), game.legal_actions(), table.rev)[
                0
            ].to_json()
            await pilot.press("question_mark")
            await until(pilot, lambda: str(key_line.content).startswith("Hint: "), "the hint")
            options = dialog.query_one(OptionList)
            assert options.highlighted is not None
            label, value = dialog.options[options.highlighted]
            assert value == expected
            assert str(key_line.content) == f"Hint: {label} · Enter takes it"
            # Another option highlighted: Enter takes that one, and the line no longer says
            # the hint's (as a discard changed by hand once kept saying).
            assert options.option_count > 1
            hinted = options.highlighted
            await pilot.press("down")
            await until(pilot, lambda: options.highlighted != hinted, "another option")
            await until(pilot, lambda: str(key_line.content).startswith("↑↓ choose"), "the keys")
            await pilot.press("up")
            await until(pilot, lambda: str(key_line.content).startswith("Hint: "), "the hint")
            rev = table.rev
            await pilot.press("enter")
            await until(pilot, lambda: table.rev > rev, "the answer")
            assert game.log[rev].to_json() == expected
        finally:
            task.cancel()


async def test_a_hinted_offer_fills_the_trade_form_in(tmp_path: Path) -> None:
    """The base mid-game save: with an offer hinted, t opens the form with its terms."""
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.base_midgame(tmp_path), speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None and any(c.key == "t" for c in screen.cmds)
        hand = {r: n for r, n in screen._hand().items() if n}
        give = next(iter(hand))
        get = next(r for r in screen._hand() if r != give)
        offer = {"type": "offer_trade", "give": {give: 1}, "get": {get: 1}, "to": []}
        screen._show_hint(protocol.hint(screen.rev, offer, "value"))
        assert screen.query_one(ActionBar).status.startswith(
            f"Hint: Offer a trade: give 1 {give}, get 1 {get} — press t"
        )
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TradeDialog), "the form")
        form = app.screen
        assert isinstance(form, TradeDialog)
        assert {r: n for r, n in form.amounts.items() if n} == {give: -1, get: 1}
        # ...and says so (seen in play: an offer meant for other cards opened on a hint's)
        note = str(form.query_one("#note", Label).content)
        assert note.startswith("Offers this turn: ") and note.endswith("filled in from the hint")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is screen, "the game")
        screen._show_hint(protocol.hint(screen.rev, {"type": "end_turn"}, "value"))
        await pilot.press("t")  # a hint of another move: the form opens empty, and says nothing
        await until(pilot, lambda: isinstance(app.screen, TradeDialog), "the form again")
        assert isinstance(app.screen, TradeDialog) and not any(app.screen.amounts.values())
        assert "hint" not in str(app.screen.query_one("#note", Label).content)


async def test_a_hinted_bank_trade_is_highlighted_in_both_of_its_choices(tmp_path: Path) -> None:
    """Seed 7 at a turn with two things to give: m opens on the hinted give, then its get."""

    app = CatanApp(saves_dir=tmp_path, load=tui_saves.bank_trade(tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None
        trades = [a for a in screen.legal if a["type"] == "maritime_trade"]
        trade = trades[-1]  # the last: neither choice opens on it by itself
        screen._show_hint(protocol.hint(screen.rev, trade, "value"))
        rev = screen.rev
        await pilot.press("m")
        for step_name, value in (("give", trade["give"]), ("get", trade)):
            await until(
                pilot, lambda: isinstance(app.screen, ChoiceDialog), f"the {step_name} choice"
            )
            dialog = app.screen
            assert isinstance(dialog, ChoiceDialog)
            index = dialog.query_one(OptionList).highlighted
            assert index is not None and dialog.options[index][1] == value, step_name
            assert str(dialog.query_one("#hint", Label).content).startswith("Hint: ")
            await pilot.press("enter")
            await until(pilot, lambda d=dialog: app.screen is not d, "the choice to close")
        local = app.local
        assert local is not None
        await until(pilot, lambda: local.table.rev > rev, "the trade")
        assert local.game.log[rev].to_json() == trade


class _Plan:
    """Two ships with their ways: a plan as `aim_route` drives it (tui.plans.RoutePlan)."""

    kind = "point"

    def __init__(self, ways: dict[int, dict[int, list[dict[str, Any]]]]) -> None:
        self.ways = ways
        self.ships = list(ways)
        self.index = 0
        self.cursor: int | None = min(ways[self.ships[0]])

    @property
    def ship(self) -> int:
        return self.ships[self.index]

    @property
    def routes(self) -> dict[int, Any]:
        return self.ways[self.ship]

    def next_ship(self, step: int = 1) -> None:
        self.index = (self.index + step) % len(self.ships)
        self.cursor = min(self.routes)

    def actions(self) -> list[dict[str, Any]]:
        return list(self.routes.get(self.cursor or -1, []))


def test_a_hinted_move_aims_the_plan_at_its_ship_and_the_way_the_hint_plans() -> None:
    step = {"type": "fly_step", "ship": 20, "to": 21}
    on = {"type": "fly_step", "ship": 20, "to": 22}
    stop = {"type": "end_move"}
    plan = _Plan(
        {
            10: {11: [{"type": "fly_step", "ship": 10, "to": 11}]},
            20: {22: [step, on, stop], 21: [step, stop]},
        }
    )
    assert aim_route(plan, [step, stop])  # type: ignore[arg-type]
    assert plan.ship == 20 and plan.cursor == 21  # one step, then the stop
    assert aim_route(plan, [step, on, stop])  # type: ignore[arg-type]
    assert plan.ship == 20 and plan.cursor == 22  # the way on
    assert first_step(plan) == step  # type: ignore[arg-type]


def test_hint_is_said_only_where_the_hint_aims_not_wherever_its_first_step_leads() -> None:
    """Seen in play: "Hint:" stayed on the flight's line as the cursor moved to any point
    whose way began with the hinted step. It is said where `aim_route` puts the cursor."""
    step = {"type": "fly_step", "ship": 20, "to": 21}
    on = {"type": "fly_step", "ship": 20, "to": 22}
    stop = {"type": "end_move"}
    plan = _Plan({20: {22: [step, on, stop], 21: [step, stop]}})
    for hint, aimed, other in (([step, stop], 21, 22), ([step, on, stop], 22, 21)):
        plan.cursor = other
        assert not hinted_here(plan, hint)  # type: ignore[arg-type]
        assert plan.cursor == other  # looked, not moved
        assert aim_route(plan, hint)  # type: ignore[arg-type]
        assert plan.cursor == aimed and hinted_here(plan, hint)  # type: ignore[arg-type]
    # another ship's move: said nowhere on this one's ways
    assert not hinted_here(plan, [{"type": "fly_step", "ship": 10, "to": 11}])  # type: ignore[arg-type]


def test_a_hint_no_move_begins_with_leaves_the_plan_as_it_was() -> None:
    plan = _Plan({10: {11: [{"type": "fly_step", "ship": 10, "to": 11}], 12: []}})
    plan.cursor = 12
    assert not aim_route(plan, [{"type": "fly_step", "ship": 30, "to": 31}])  # type: ignore[arg-type]
    assert plan.ship == 10 and plan.cursor == 12


def _owes_three(game: Game) -> bool:
    """The person owes 3 cards or more on a 7."""
    view = game.view(0)
    owed = view["players"][0]["discard_owed"]
    return game.to_act == 0 and view["phase"] == "discard" and owed >= 3


async def test_a_discard_is_hinted_whole_in_its_pop_up(tmp_path: Path) -> None:
    """Seed 3, played until the person owes 3 or more on a 7: ? in the discard pop-up
    chooses every card the value bot would give up, and Enter gives exactly those."""
    game = tui_saves.play_until("base", 3, _owes_three)
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "dialog"
        dialog = app.screen
        assert isinstance(dialog, DiscardDialog)
        local = app.local
        assert local is not None
        real = local.game
        plan = ValueAdviser().suggest(0, real.view(0), real.legal_actions(), local.table.rev)
        cards = {r: n for r, n in Counter(a.to_json()["resource"] for a in plan).items()}
        hand_before = dict(real.view(0)["me"]["hand"])
        key_line = dialog.query_one("#hint", Label)
        await until(pilot, lambda: str(key_line.content).endswith("? hint"), "? on the key line")
        await pilot.press("question_mark")
        await until(pilot, lambda: any(dialog.chosen.values()), "the hint")
        assert {r: n for r, n in dialog.chosen.items() if n} == cards
        assert str(dialog.query_one("#hint", Label).content).startswith("Hint: ")
        await pilot.press("enter")
        await until(pilot, lambda: real.view(0)["players"][0]["discard_owed"] == 0, "the discard")
        hand_after = real.view(0)["me"]["hand"]
        assert {r: hand_before[r] - hand_after[r] for r in cards} == cards


async def test_a_notice_over_the_game_offers_no_hint(tmp_path: Path) -> None:
    """Starfarers seed 9, the person starts: the shake's balls are a notice (OK), not a choice
    of actions, so its key line has no "? hint" and ? does nothing there."""
    seats = ["human", "value", "value", "value"]
    config = GameConfig("starfarers", 4, 9, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, seats))
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        await pilot.press("r")
        await until(pilot, lambda: any(c.key == "k" for c in _cmds(app)), "the shake")
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, ShakeDialog), "the balls")
        dialog = app.screen
        assert isinstance(dialog, ShakeDialog)
        key_line = dialog.query_one("#hint", Label)
        await pilot.pause()
        assert not dialog.offers_hint and "? hint" not in str(key_line.content)
        assert app.check_action("hint_over_dialog", ()) is False


def _cmds(app: CatanApp) -> list[Any]:
    screen = game_screen(app)
    return screen.cmds if screen is not None and not screen.dialog_open else []


async def test_a_hinted_command_closes_the_move_being_chosen(tmp_path: Path) -> None:
    """Starfarers seed 9: with a flight open on the map, a hint to end the turn closes it,
    so the hint's words show where the commands are listed."""
    seats = ["human", "value", "value", "value"]
    config = GameConfig("starfarers", 4, 9, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, seats))
    async with app.run_test(size=(120, 40)) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None
        await pilot.press("r")
        await until(pilot, lambda: any(c.key == "k" for c in _cmds(app)), "the shake")
        await pilot.press("k")
        await until(pilot, lambda: isinstance(app.screen, ShakeDialog), "the balls")
        await pilot.press("enter")
        await until(pilot, lambda: screen.flight is not None, "the flight")
        assert {"type": "end_turn"} in screen.legal
        screen._show_hint(protocol.hint(screen.rev, {"type": "end_turn"}, "value"))
        assert screen.flight is None
        assert screen.query_one(ActionBar).status == "Hint: End the turn — press e"


async def test_a_hint_for_another_move_leaves_the_placement_under_way(tmp_path: Path) -> None:
    """Seen in play: `d` (a road), then `?`: the road's cursor was dropped for the hint's own
    move (a knight's, a development card), and Enter then did that instead. The base
    mid-game save: a road being placed stays, with the hint in words under it; Esc leaves
    it, and `?` again takes the hinted move as before."""
    from tui_keys import at_base_midgame

    async with at_base_midgame(tmp_path, (80, 24)) as (_, pilot, screen):
        await pilot.press("d")
        await until(pilot, lambda: screen.target is not None, "the road's cursor")
        cursor = screen.cursor
        place = screen.query_one(ActionBar).status.split("\n")[1:]  # where the road goes
        assert place, "no line names the road's place"
        screen._show_hint(protocol.hint(screen.rev, {"type": "end_turn"}, "value"))
        await pilot.pause()
        assert screen.target is not None and screen.cursor == cursor, "the placement was dropped"
        status = screen.query_one(ActionBar).status
        assert status.startswith("Build a road: ←↑↓→"), status
        assert status.endswith("\nHint: End the turn — press e (Esc leaves this first)"), status
        # ...under the place's line, which it hid (Fleet: what a chip swap would do)
        assert status.split("\n")[1:-1] == place, status
        # A hint for a spot of another kind says how to get there.
        from tui import hint_words

        city = {"type": "build_city", "vertex": 0}
        screen.hint = hint_words.Hint(screen.rev, [city], "Build a city — ? shows where")
        screen._refresh_actions()
        status = screen.query_one(ActionBar).status
        assert status.endswith("\nHint: Build a city (Esc, then ? shows where)"), status
        screen._show_hint(protocol.hint(screen.rev, {"type": "end_turn"}, "value"))
        await pilot.press("escape")
        await until(pilot, lambda: screen.target is None, "Esc to leave the road")
        await pilot.press("question_mark")  # the hint is known: shown where commands are
        await until(
            pilot,
            lambda: screen.query_one(ActionBar).status == "Hint: End the turn — press e",
            "the hint among the commands",
        )


async def test_a_discard_changed_by_hand_no_longer_says_enter_takes_the_hint(
    tmp_path: Path,
) -> None:
    """Seen in play: after ? the person changed the numbers, "Hint: … · Enter takes it" stayed,
    and Enter gave up their own choice. The hint's line shows only while its cards are the
    ones chosen. Seed 3, as above."""
    game = tui_saves.play_until("base", 3, _owes_three)
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.write(game, tmp_path), speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "dialog"
        dialog = app.screen
        assert isinstance(dialog, DiscardDialog)
        key_line = dialog.query_one("#hint", Label)
        await until(pilot, lambda: str(key_line.content).endswith("? hint"), "? on the key line")
        await pilot.press("question_mark")
        await until(pilot, lambda: str(key_line.content).startswith("Hint: "), "the hint")
        hinted = dict(dialog.chosen)
        dialog.row = next(i for i, r in enumerate(dialog.resources) if hinted[r])
        await pilot.press("left")  # one fewer of a hinted card
        await until(pilot, lambda: dialog.chosen != hinted, "the change")
        assert str(key_line.content).startswith("↑↓ resource"), key_line.content
        await pilot.press("right")  # back to the hint's cards
        await until(pilot, lambda: dialog.chosen == hinted, "the hint's cards again")
        assert str(key_line.content).startswith("Hint: "), key_line.content


async def test_a_hint_for_another_move_is_said_over_the_bank_pop_up(tmp_path: Path) -> None:
    """Seen in play: ? in the bank's pop-up, the hint being to end the turn, wrote the hint
    in the actions box behind the pop-up, cut off. A hint that is none of the pop-up's
    options is said over it. Seed 7 at a turn with trades to make."""
    app = CatanApp(saves_dir=tmp_path, load=tui_saves.bank_trade(tmp_path), speed="instant")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        assert await wait_for_decision(pilot) == "turn"
        screen = game_screen(app)
        assert screen is not None
        await pilot.press("m")
        await until(pilot, lambda: isinstance(app.screen, ChoiceDialog), "the bank's choice")
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        end = next(a for a in screen.legal if a["type"] == "end_turn")
        screen._show_hint(protocol.hint(screen.rev, end, "value"))
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        assert any(m.startswith("Hint: ") and "end" in m.lower() for m in said), said
        assert app.screen is dialog  # the pop-up stays, its choice still to make


async def test_a_hint_for_a_spot_said_over_a_pop_up_says_how_to_see_it(tmp_path: Path) -> None:
    """A hint for a spot on the map, said over a pop-up, ended "— ? shows where", which does
    not work there (the pop-up has the keys). It says to leave the pop-up first."""
    from tui_keys import at_base_midgame

    from tui.screens.dialogs.trade import TradeDialog

    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        road = next(a for a in screen.legal if a["type"] == "build_road")
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TradeDialog), "the offer form")
        screen._show_hint(protocol.hint(screen.rev, road, "value"))
        await pilot.pause()
        said = [str(n.message) for n in app._notifications if str(n.message).startswith("Hint")]
        assert said and said[-1].endswith("(Esc, then ? shows where)"), said
        assert "— ? shows where" not in said[-1]


async def test_question_mark_in_the_offer_form_asks_for_a_hint(tmp_path: Path) -> None:
    """Seen in play: ? in the offer form did nothing, though the footer showed "? Hint". It
    asks the game for its hint, which is said over the form."""
    from tui_keys import at_base_midgame

    from tui.screens.dialogs.trade import TradeDialog

    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, TradeDialog), "the offer form")
        form = app.screen
        await pilot.press("question_mark")

        def said() -> bool:
            return any(str(n.message).startswith("Hint: ") for n in app._notifications)

        await until(pilot, said, "the hint said over the form")
        assert screen.hint_asked == screen.rev and app.screen is form


async def test_the_flights_hint_mark_leaves_with_the_cursor(tmp_path: Path) -> None:
    """Seed tui_saves.FLIGHT_SEED: ? aims the flight at the hinted way and its line says
    "Hint:"; an arrow to another point whose way begins with the same step, the mark goes
    (it stayed on, seen in play, wherever the first step led)."""
    path = tui_saves.starfarers_flight(tmp_path)
    app = CatanApp(saves_dir=tmp_path, load=path, speed="instant")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        await until(pilot, lambda: screen.flight is not None, "the flight")
        bar = screen.query_one(ActionBar)
        await pilot.press("question_mark")
        await until(pilot, lambda: bar.status.startswith("Hint: "), "the hint on the flight")
        plan = screen.flight
        assert plan is not None
        aimed, first = plan.cursor, first_step(plan)
        moved = False
        for key in ("right", "left", "up", "down", "right", "right"):
            await pilot.press(key)
            if plan.cursor != aimed and first_step(plan) == first:
                moved = True
                break
        assert moved, "no arrow led to another point along the hinted first step"
        await until(pilot, lambda: not bar.status.startswith("Hint: "), "the mark to go")
        assert bar.status.split("\n")[0].startswith(plan.lines()[0])
