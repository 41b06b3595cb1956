"""Trading through the screen: a bot's offer answered, and the person's own offer made."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from tui_keys import at_base_midgame, game_screen, step, until, wait_for_decision

from ai.registry import create_bot
from ai.seat import BotSeat
from engine.actions import Action
from engine.config import GameConfig
from engine.registry import new_game
from engine.shared.actions import AcceptTrade, OfferTrade
from engine.table.client import HumanSeat, InMemoryClient
from engine.table.host import Table
from tui.app import CatanApp
from tui.narrate import seat_names
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.trade import TradeDialog


class Trader(BotSeat):
    """A random bot that offers one card for one card to everyone once per turn, and accepts."""

    def __init__(self, seed: int) -> None:
        super().__init__(create_bot("random", seed))
        self.offered_turn = -1

    async def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if AcceptTrade() in legal:
            return AcceptTrade()
        hand = (view.get("me") or {}).get("hand") or {}
        if view["phase"] == "main" and self.offered_turn != view["turn"]:
            have = [r for r, n in hand.items() if n]
            if have:
                self.offered_turn = view["turn"]
                want = next(r for r in hand if r != have[0])
                return OfferTrade(((have[0], 1),), ((want, 1),))
        return await super().decide(view, legal)


async def test_a_bot_offer_is_answered_and_an_own_offer_is_made() -> None:
    game = new_game(GameConfig("base", 4, 8, {}))
    human = HumanSeat()
    table = Table(game, [human, Trader(1), Trader(2), Trader(3)])
    client = InMemoryClient(human)
    app = CatanApp()
    async with app.run_test(size=(120, 40)) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        app.push_client_game(client, names=seat_names(4), kinds=["human"] + ["trader"] * 3)
        answered = offered = False
        for _ in range(400):
            kind = await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None
            if kind == "dialog" and isinstance(app.screen, ChoiceDialog):
                if app.screen.title_text == "A trade offer":
                    await pilot.press("down", "down", "enter")  # decline
                    answered = True
                    continue
                if app.screen.title_text == "Confirm a trade":
                    await pilot.press("enter")
                    continue
            if kind == "turn" and not offered and "t" in {c.key for c in screen.cmds}:
                hand = screen.view["me"]["hand"]
                resources = list(hand)
                give = next(i for i, r in enumerate(resources) if hand[r])
                get = (give + 1) % len(resources)
                await pilot.press("t")
                await wait_for_decision(pilot)
                assert isinstance(app.screen, TradeDialog)
                keys = ["down"] * give + ["left"] + ["down"] * (get - give) + ["right"]
                await pilot.press(*keys, "enter")
                offered = True
                continue
            if answered and offered and screen.rev > 0:
                log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
                if "You offer" in log and ("accepted" in log or "declined" in log):
                    break
            await step(pilot)
        task.cancel()
        log = "\n".join(str(line.text) for line in screen.query_one("#log").lines)
        assert answered and offered
        assert "You declined the offer." in log
        assert "You offer 1" in log


class _Host(App[None]):
    """An app showing one trade form, as the game screen pushes it."""

    def __init__(self, dialog: TradeDialog) -> None:
        super().__init__()
        self.dialog = dialog

    def on_mount(self) -> None:
        self.push_screen(self.dialog)


async def test_the_ask_stops_at_the_most_cards_the_other_side_holds() -> None:
    """The counter-offer let one ask for up to 19 of a resource; the other side's hand size
    is public, so the ask stops there, with a warning that says why."""

    dialog = TradeDialog(
        "Counter-offer: what you give and get",
        {"brick": 2, "wool": 1},
        give={"brick": 1},
        get={"wool": 1},
        most_get=(2, "Blue holds"),
    )

    app = _Host(dialog)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("down", "right", "right")  # wool: 1 asked, then 2, then no more
        await pilot.pause()
        assert dialog.result() == {"give": {"brick": 1}, "get": {"wool": 2}}
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert warnings == ["Blue holds 2 cards: ask for 2 at most."], warnings
        await pilot.press("up", "right")  # brick: giving one fewer still works, then asking
        await pilot.pause()
        assert dialog.result() == {"give": {}, "get": {"wool": 2}}
        await pilot.press("right")  # asking for brick too would make 3
        await pilot.pause()
        assert dialog.result() == {"give": {}, "get": {"wool": 2}}
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert warnings == ["Blue holds 2 cards: ask for 2 at most."] * 2, warnings


async def test_the_game_screen_gives_the_dialog_the_offerers_hand_size(tmp_path: Path) -> None:
    async with at_base_midgame(tmp_path, (120, 40)) as (_, _, screen):
        assert screen.view is not None
        players = screen.view["players"]
        me = screen.view["seat"]
        most = max(p["resource_count"] for i, p in enumerate(players) if i != me)
        assert screen._holding([i for i in range(len(players)) if i != me]) == (
            most,
            "No one holds more than",
        )
        assert screen._holding([1]) == (players[1]["resource_count"], f"{screen.names[1]} holds")


async def test_a_counter_offer_starts_from_what_you_hold_and_a_short_one_stays_open() -> None:
    """Seen in play: Blue asked for 1 ore; the counter-offer form started at "ore (have 0)
    give 1", and Enter closed it with "you do not hold the cards you offer", edits lost."""

    dialog = TradeDialog(
        "Counter-offer: what you give and get",
        {"brick": 2, "ore": 0, "wool": 1},
        give={"ore": 1, "brick": 3},
        get={"wool": 1},
    )

    app = _Host(dialog)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        # The ask is cut to what is held: no ore, two of the three brick.
        assert dialog.result() == {"give": {"brick": 2}, "get": {"wool": 1}}
        dialog.hand["brick"] = 1  # a card lost while the form is open (a steal)
        await pilot.press("enter")
        await pilot.pause()
        warnings = [n.message for n in app._notifications if n.severity == "warning"]
        assert warnings == ["You hold only 1 brick."], warnings
        assert app.screen is dialog, "a short offer closed the form"
        await pilot.press("right")  # one brick fewer: now it can be offered
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not dialog


def test_a_withdrawn_offer_says_whose_counter_and_acceptance_it_turned_down() -> None:
    """Seed 5: the person countered a bot's offer and the log said only "The trade offer was
    withdrawn.": nothing told whether the counter-offer was seen. The withdrawal names the
    answers it turned down; one nobody took up still says only that."""
    from engine.shared.actions import CancelTrade, DeclineTrade
    from tui.narrate import narrate

    game = new_game(GameConfig("base", 4, 5, {}))
    rng = random.Random(5)
    while not (game.view(game.to_act)["phase"] == "main" and _two_kinds(game)):
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        game.apply(rng.choice(legal))
    offerer = game.to_act
    have, want = _two_kinds(game)
    game.apply(OfferTrade(((have, 1),), ((want, 1),)))
    answers: dict[int, str] = {}
    while game.to_act != offerer:
        seat = game.to_act
        legal = game.legal_actions()
        counter = _counter(game, seat, have)
        if not answers and counter is not None:
            game.apply(counter)
            answers[seat] = "counter"
        elif AcceptTrade() in legal and "accept" not in answers.values():
            game.apply(AcceptTrade())
            answers[seat] = "accept"
        else:
            game.apply(DeclineTrade())
            answers[seat] = "decline"
    assert sorted(answers.values()) == ["accept", "counter", "decline"], answers
    (closed,) = game.apply(CancelTrade())
    countered = [s for s, a in answers.items() if a == "counter"]
    accepted = [s for s, a in answers.items() if a == "accept"]
    assert closed.data.get("countered") == countered and closed.data.get("accepted") == accepted
    names = seat_names(4)
    line = narrate({"kind": closed.kind, **closed.data}, names, countered[0])
    who = names[offerer]
    assert line == (
        f"{who} withdrew the offer, turning down {names[accepted[0]]}'s acceptance"
        " and your counter-offer."
    )
    quiet = narrate({"kind": "trade_closed", "seat": offerer, "with": None}, names, 0)
    assert quiet == "The trade offer was withdrawn."


def _counter(game: Any, seat: int, wanted: str) -> Any:
    """A counter-offer by `seat`: 1 card it holds (not `wanted`) for 2 of `wanted`, if legal."""
    from engine.shared.actions import CounterTrade

    hand = game.view(seat)["me"]["hand"]
    for r, n in hand.items():
        counter = CounterTrade(((r, 1),), ((wanted, 2),))
        if n and r != wanted and game.check(counter) is None:
            return counter
    return None


def _two_kinds(game: Any) -> tuple[str, str] | None:
    """Two kinds of resource: one the seat to act holds, and another."""
    hand = game.view(game.to_act)["me"]["hand"]
    have = [r for r, n in hand.items() if n]
    if not have:
        return None
    return have[0], next(r for r in hand if r != have[0])


async def test_the_no_offer_line_fits_the_trade_panel_at_both_sizes(tmp_path: Path) -> None:
    """At 80x24 "No offer. Offers this turn: 0/3" wrapped after "turn:"; there it reads
    "No offer (0/3 made this turn)", on one line, and at 120x40 as before."""
    from tui.widgets.trade_panel import TradePanel

    for size, line in (
        ((80, 24), "No offer (0/3 made this turn)"),
        ((120, 40), "No offer. Offers this turn: 0/3"),
    ):
        async with at_base_midgame(tmp_path, size) as (_app, _pilot, screen):
            panel = screen.query_one(TradePanel)
            rows = [
                "".join(seg.text for seg in panel.render_line(y)).strip()
                for y in range(panel.size.height)
            ]
            assert line in rows, (size, rows)


class Haggler(BotSeat):
    """Blue: offers the person two different one-for-one trades every turn, and accepts."""

    def __init__(self, seed: int) -> None:
        super().__init__(create_bot("random", seed))
        self.made: dict[int, int] = {}  # turn: offers made in it

    async def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if AcceptTrade() in legal:
            return AcceptTrade()
        hand = (view.get("me") or {}).get("hand") or {}
        have = [r for r, n in hand.items() if n]
        turn = int(view["turn"])
        if view["phase"] == "main" and self.made.get(turn, 0) < 2 and have:
            n = self.made[turn] = self.made.get(turn, 0) + 1
            want = [r for r in hand if r != have[0]][n - 1]
            return OfferTrade(((have[0], 1),), ((want, 1),), (0,))
        return await super().decide(view, legal)


@pytest.mark.parametrize("blue", ["human", "random"])
async def test_every_offer_of_a_person_pops_up_and_a_bots_second_is_declined_aloud(
    blue: str,
) -> None:
    """Over SSH a person's second offer in a turn (after a counter, say) was declined unseen
    and both logs read "declined". A person's offers all pop up; a bot's second offer in a
    turn is still declined for you, and a note says so. Blue offers twice a turn (seed 8)."""
    game = new_game(GameConfig("base", 4, 8, {}))
    human = HumanSeat()
    haggler = Haggler(1)
    table = Table(
        game, [human, haggler, BotSeat(create_bot("random", 2)), BotSeat(create_bot("random", 3))]
    )
    client = InMemoryClient(human)
    app = CatanApp(speed="instant")
    shown: dict[int, int] = {}  # turn: Blue's offers that popped up
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        task = asyncio.get_running_loop().create_task(table.run())
        app.push_client_game(client, names=seat_names(4), kinds=["human", blue, "random", "random"])
        for _ in range(600):
            await wait_for_decision(pilot)
            screen = game_screen(app)
            assert screen is not None
            dialog = app.screen
            if isinstance(dialog, ChoiceDialog) and dialog.title_text == "A trade offer":
                assert str(dialog.body).startswith("Blue gives"), dialog.body
                turn = int(screen.view["turn"])
                shown[turn] = shown.get(turn, 0) + 1
                await pilot.press("n")  # decline
                await until(pilot, lambda d=dialog: app.screen is not d, "the offer answered")
                continue
            if (
                any(n == 2 for n in haggler.made.values())
                and table.game.view(0)["phase"] != "trade_response"
            ):
                twice = [t for t, n in haggler.made.items() if n == 2]
                if twice and all(t in shown for t in twice):
                    break
            await step(pilot)
        task.cancel()
        twice = [t for t, n in haggler.made.items() if n == 2]
        assert twice, "Blue never offered twice in a turn"
        notes = [str(n.message) for n in app._notifications]
        if blue == "human":
            assert all(shown.get(t) == 2 for t in twice), (shown, haggler.made)
        else:
            assert all(shown.get(t) == 1 for t in twice), (shown, haggler.made)
            assert any("Blue offered again this turn: declined for you" in n for n in notes), notes


def test_the_rates_are_a_group_per_rate_split_only_where_that_saves_a_line() -> None:
    """Seen at 120x40: "Rates: 3:1 ore  3:1 fuel  3:1 carbon" took two lines, and the side
    column ran a row short: the rates are a group per rate with its resources. Seen at 80x24
    (30 cells): "Rates:" stood alone on its line above "3:1 ore fuel carbon food". A group is
    split, its rate said again, only after the head alone or where wider than the panel."""
    from rich.text import Text

    from tui.widgets.trade_panel import rate_lines

    def lines(head: str, rates: dict[str, int], width: int) -> list[str]:
        return rate_lines(Text(head), rates, width).plain.splitlines()

    rates = {"brick": 4, "lumber": 2, "wool": 4, "grain": 4, "ore": 4}
    assert lines("Bank:", rates, 43) == ["Bank:  4:1 brick wool grain ore  2:1 lumber"]
    starfarers = {"ore": 3, "fuel": 3, "carbon": 3, "food": 3, "goods": 2}
    assert lines("Rates:", starfarers, 43) == ["Rates:  3:1 ore fuel carbon food  2:1 goods"]
    assert lines("Rates:", starfarers, 30) == ["Rates:  3:1 ore fuel carbon", "3:1 food  2:1 goods"]
    ck = {"brick": 2, **dict.fromkeys(("lumber", "wool", "grain", "ore"), 4)}
    ck |= dict.fromkeys(("paper", "cloth", "coin"), 4)
    # the whole 4:1 group fits a line of its own at 43: it is not split
    assert lines("Bank:", ck, 43) == [
        "Bank:  2:1 brick",
        "4:1 lumber wool grain ore paper cloth coin",
    ]
    # at 30 it fits no line: split where each line ends (it took four lines, a chip a card)
    assert lines("Bank:", ck, 30) == [
        "Bank:  2:1 brick  4:1 lumber",
        "4:1 wool grain ore paper cloth",
        "4:1 coin",
    ]
    for width in (10, 30, 43):
        shown = lines("Rates:", starfarers, width)
        assert all(len(line) <= width for line in shown), shown
        named = " ".join(shown).split()
        assert all(name in named for name in starfarers), shown  # none lost
