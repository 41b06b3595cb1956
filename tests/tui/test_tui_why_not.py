"""Starfarers trade & build: what a player may expect but cannot do is greyed, with the reason."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import pytest
import tui_saves
from test_tui_flight import _screen, wait_until
from textual.pilot import Pilot

from tui import choices
from tui.app import CatanApp
from tui.widgets.action_bar import ActionBar

TRADE_SHIP_REASON = "A trade ship costs 1 ore, 1 fuel and 2 goods"


def test_reasons_that_name_their_action_stand_alone_and_shared_ones_are_named() -> None:
    lines = choices.why_not_lines(
        [
            ("build_ship:trade", "a trade ship costs 1 ore, 1 fuel and 2 goods"),
            ("build_upgrade:pod", "a freight pod costs 2 ore"),
            ("build_ship:colony", "no transport ship left in your supply"),
            ("build_spaceport", "no transport ship left in your supply"),
        ]
    )
    assert lines == [
        TRADE_SHIP_REASON,
        "A freight pod costs 2 ore",
        "Colony ship, Spaceport: no transport ship left in your supply",
    ]


def _dim_lines(bar: ActionBar) -> list[str]:
    text = bar.render()
    plain = text.plain.split("\n")
    out, start = [], 0
    for line in plain:
        end = start + len(line)
        if any(s.style == "dim" and s.start <= start < s.end for s in text.spans):
            out.append(line)
        start = end + 1
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_an_unaffordable_trade_ship_is_greyed_with_the_engines_reason(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    save = tui_saves.starfarers_trade_build(tmp_path)
    app = CatanApp(saves_dir=tmp_path / "saves", load=save, speed="instant")
    async with app.run_test(size=size) as pilot:
        p: Pilot[Any] = pilot
        await wait_until(p, lambda: bool(_screen(app).legal), "trade & build")
        screen = _screen(app)
        bar = screen.query_one(ActionBar)
        await p.pause()
        # greyed, in the engine's words, and all of it on the screen: where the prices
        # would not fit beside the whole map, they are one line naming each piece
        assert screen.view is not None and TRADE_SHIP_REASON in screen._why_not(screen.view)
        shown = " ".join(line.strip("\u00d7 ").strip() for line in _dim_lines(bar))
        folded = "Too few cards for a spaceport, trade ship, cannon or freight pod (F3: costs)"
        assert (TRADE_SHIP_REASON in bar.greyed) != (folded in bar.greyed), bar.greyed
        assert TRADE_SHIP_REASON in shown or folded in shown, shown
        assert bar.rows_needed(bar.content_size.width) <= bar.content_size.height
        # no key for it: pressing the trade ship's key does nothing
        assert "i" not in [key for key, _ in bar.items]
        sent = screen.sent
        await p.press("i")
        await p.pause()
        assert screen.sent == sent
        # the colony ship is affordable: a command, not greyed
        assert "c" in [key for key, _ in bar.items]
        assert not any("colony ship" in line.lower() for line in bar.greyed)


def test_prices_fold_into_one_line_naming_each_piece() -> None:
    """Seen in play at 80x24: five price lines hid the keys above them, and at 120x40 took the
    map's bottom rows. Folded, the prices are one line; other reasons keep their own."""
    from tui.choices import why_not_lines

    refused = [
        ("build_spaceport", "a spaceport costs 3 carbon and 2 food"),
        ("build_ship:trade", "a trade ship costs 1 ore, 1 fuel and 2 goods"),
        ("build_upgrade:pod", "a freight pod costs 2 ore"),
        ("maritime_trade", "Trading fuel with the supply needs 3 identical cards"),
    ]
    assert why_not_lines(refused) == [
        "A spaceport costs 3 carbon and 2 food",
        "A trade ship costs 1 ore, 1 fuel and 2 goods",
        "A freight pod costs 2 ore",
        "Trading fuel with the supply needs 3 identical cards",
    ]
    assert why_not_lines(refused, fold=True) == [
        "Too few cards for a spaceport, trade ship or freight pod (F3: costs)",
        "Trading fuel with the supply needs 3 identical cards",
    ]
    assert why_not_lines(refused[1:2], fold=True) == ["Too few cards for a trade ship (F3: costs)"]


@pytest.mark.parametrize("ruleset", ["base", "ck"])
def test_the_hex_games_say_why_a_build_is_missing(ruleset: str) -> None:
    """Seen at 80x24 in C&K and the base game: with nothing affordable the actions row showed
    only t and e, and nothing said why building was missing (only Starfarers had greyed
    reasons). Each build one may expect and cannot make has the engine's own reason,
    checked on a representative action; C&K sells no development cards. Seed 3, random play
    until a main phase where the player cannot build a city."""
    import random

    from engine import GameConfig, new_game
    from engine.rulesets.base.actions import BuildCity
    from tui.choices import why_not_lines
    from tui.faces import face

    game = new_game(GameConfig(ruleset, 4, 3, {}))
    rng = random.Random(3)
    while True:
        view = game.view(game.to_act)
        legal = game.legal_actions()
        owns = [v for v in game.buildings[game.current] if game.vertex_level[v] == 1]
        if view["phase"] == "main" and owns and not any(a.type == "build_city" for a in legal):
            break
        game.apply(rng.choice([a for a in legal if a.type not in ("offer_trade",)]))
    refused = dict(face(ruleset).why_not(view))
    assert refused["build_city"] == game.check(BuildCity(sorted(owns)[0]))
    assert refused["build_city"].startswith("a city costs"), refused
    assert ("buy_development" in refused) == (ruleset == "base" and "buy_development" not in {
        a.type for a in legal
    })  # fmt: skip
    folded = why_not_lines(list(refused.items()), fold=True)
    assert folded[0].startswith("Too few cards for a ") and "city" in folded[0], folded


async def test_a_key_for_a_move_not_possible_says_why(tmp_path: Path) -> None:
    """Seen in play: m, b and p pressed with too few cards did nothing and said nothing. A
    move's key pressed when the move cannot be made tells the engine's reason, where one is
    known, and otherwise that it is not possible now; nothing is sent."""
    from tui_keys import at_base_midgame

    from tui.screens.game import GameScreen

    async with at_base_midgame(tmp_path, (80, 24)) as (app, pilot, screen):
        assert isinstance(screen, GameScreen)
        offered = {c.key for c in screen.cmds}
        refused = dict(screen.face.why_not(screen.view or {}))  # type: ignore[misc]
        specs = screen.face.specs()
        keyed = [(specs[w].key, w, r) for w, r in refused.items() if specs[w].key not in offered]
        assert keyed, f"nothing refused with a key of its own: {refused}"
        key, what, reason = keyed[0]
        rev = screen.rev
        await pilot.press(key)
        await pilot.pause()
        said = [str(n.message) for n in app._notifications]
        wanted = f"{specs[what].label}: {reason[:1].lower()}{reason[1:]}"
        assert any(m.startswith(wanted) for m in said), (wanted, said)  # then what is lacking
        assert screen.rev == rev and app.screen is screen  # nothing sent, nothing opened
        # A key of the ruleset with no reason from the engine: not possible now, and the rule
        # that usually stands in the way where there is one ("m" with too few cards said
        # nothing more).
        roll = specs["roll"]
        assert roll.key not in offered  # the turn's dice are rolled already
        await pilot.press(roll.key)
        await pilot.pause()
        wanted = f"{roll.label}: not possible now: {choices.KEY_REFUSALS['roll']}."
        assert wanted in [str(n.message) for n in app._notifications]
        silent = next(
            spec
            for t, spec in specs.items()
            if spec.key not in offered
            and t not in refused
            and all(u not in choices.KEY_REFUSALS for u, s in specs.items() if s.key == spec.key)
        )
        await pilot.press(silent.key)
        await pilot.pause()
        assert f"{silent.label}: not possible now." in [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("ruleset", ["base", "ck", "fleet", "starfarers"])
def test_every_refusal_names_a_move_with_a_key(ruleset: str) -> None:
    """A refusal is named by its action's type, so the key of that move can tell it (seen in
    Fleet: the ship's reason was named "Ship", and `i` said only "not possible now" while
    the actions box gave the reason). Random play, seed 3, the seat to act's view."""
    import random

    from engine import GameConfig, new_game
    from tui.faces import face

    shown = face(ruleset)
    why_not = shown.why_not
    assert why_not is not None
    specs = shown.specs()
    game = new_game(GameConfig(ruleset, 4, 3, {}))
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(1500):
        if game.to_act is None:
            break
        if len(seen) < 20 and rng.random() < 0.2:
            for what, _reason in why_not(game.view(game.to_act)):
                seen.add(what)
                assert what in specs or what.partition(":")[0] in specs, (what, sorted(specs))
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        game.apply(rng.choice(legal))
    assert seen, "nothing refused in the games played"


def test_every_rule_a_key_may_say_is_a_move_of_some_ruleset() -> None:
    """`KEY_REFUSALS` is looked up by the moves' spec types: an entry under a name no ruleset
    uses would never be said (C&K's wall said only "not possible now" before it had one)."""
    from tui.faces import face

    types = {t for name in ("base", "ck", "fleet", "starfarers") for t in face(name).specs()}
    assert set(choices.KEY_REFUSALS) <= types, set(choices.KEY_REFUSALS) - types
    assert {"build_wall", "maritime_trade", "roll", "steal", "discard"} <= set(choices.KEY_REFUSALS)
    # a face's own rules are its own moves (C&K: the robber after a 7, a chase or the Bishop)
    for name in ("base", "ck", "fleet", "starfarers"):
        own = face(name).key_refusals or {}
        assert set(own) <= set(face(name).specs()), (name, set(own) - set(face(name).specs()))
    ck_robber = (face("ck").key_refusals or {})["move_robber"]
    assert "Knight" not in ck_robber and "Bishop" in ck_robber


async def test_c_and_k_keys_say_its_own_rules_and_the_roll_comes_first(tmp_path: Path) -> None:
    """Seen in play (C&K): h said "the robber moves after a 7 or a Knight" (C&K has no Knight
    card); before the roll, k and w gave the reasons of a knight's and a wall's place and e
    nothing at all. Before the roll every key names the roll; after it, C&K's own rules."""
    from tui_keys import at_base_midgame, said_by

    game = tui_saves.play_until("ck", 5, tui_saves.human_to_act({"roll"}), min_actions=60)
    before_roll = partial(tui_saves.write, game)
    async with at_base_midgame(tmp_path, (120, 40), before_roll) as (_app, pilot, screen):
        assert (screen.view or {}).get("phase") == "pre_roll"
        for key, label in (
            ("k", "Recruit a knight"),
            ("w", "Build a city wall"),
            ("e", "End the turn"),
        ):
            said = await said_by(pilot, key)
            assert said.startswith(f"{label}: not possible now: first roll the dice (r)"), said
    async with at_base_midgame(tmp_path, (120, 40), tui_saves.ck_midgame) as (_app, pilot, screen):
        assert (screen.view or {}).get("phase") == "main"
        assert "h" not in {c.key for c in screen.cmds}  # the robber does not move now
        said = await said_by(pilot, "h")
        assert "when a knight chases it (z), or with the Bishop" in said, said


async def test_p_with_no_card_playable_says_why_for_each_card_held(tmp_path: Path) -> None:
    """Seen in play: Warlord held with every knight active, p said only "no progress card you
    may play now (Alchemist only before the roll)". The main phase of a C&K game (seed 2)
    where the person holds progress cards none of which may be played: p names each card
    with the engine's reason, and sends nothing."""
    from tui_keys import at_base_midgame

    from engine.rulesets.ck.actions import PlayProgress
    from engine.rulesets.ck.cards import PROGRESS, VP_CARDS

    def stuck(game: Any) -> bool:
        if game.to_act != 0 or game.phase != "main" or game.current != 0:
            return False
        held = _held(game)
        return len(held) >= 2 and all(game.check(PlayProgress(c)) for c in held)

    def _held(game: Any) -> list[str]:
        cards = game.view(0)["me"]["development"]
        return [c for c, n in cards.items() if n and PROGRESS.index[c] not in VP_CARDS]

    game = tui_saves.play_until("ck", 2, stuck)
    assert game.to_act == 0, "the position was never reached"
    held = _held(game)
    async with at_base_midgame(tmp_path, (120, 40), partial(tui_saves.write, game)) as (
        app,
        pilot,
        screen,
    ):
        rev = screen.rev
        await pilot.press("p")
        await pilot.pause()
        said = [str(n.message) for n in app._notifications if "progress" in str(n.message)]
        assert len(said) == 1, said
        for card in held:
            reason = game.check(PlayProgress(card))
            assert reason is not None
            name = card.replace("_", " ").title()
            assert reason in said[0] and (name in reason or f"{name}: {reason}" in said[0])
        assert screen.rev == rev and app.screen is screen


async def test_starfarers_keys_of_moves_not_possible_say_which_rule(tmp_path: Path) -> None:
    """Seen in play: h, j, l and y in Starfarers' trade & build said only "Buy a fame medal:
    not possible now." At that phase each says the rule that stands in its way."""
    from tui_keys import game_screen, wait_for_decision

    app = CatanApp(saves_dir=tmp_path, load=tui_saves.starfarers_trade_build(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None
        specs = screen.face.specs()
        offered = {c.key for c in screen.cmds}
        for move in ("buy_fame", "jump", "found_colony", "take_resource"):
            spec = specs[move]
            assert spec.key not in offered, move
            app.clear_notifications()
            await pilot.press(spec.key)
            await pilot.pause()
            said = [str(n.message) for n in app._notifications]
            refused = dict(screen._refused)
            rule = refused.get(move) or choices.KEY_REFUSALS[move]
            assert len(said) == 1 and said[0].startswith(f"{spec.label}: "), said
            assert rule[1:] in said[0] and not said[0].endswith("not possible now."), said


async def test_the_progress_list_greys_the_cards_held_that_may_not_be_played(
    tmp_path: Path,
) -> None:
    """Seen in play: Wedding playable and Warlord not, the list offered Wedding alone and said
    nothing of Warlord. A C&K game (seed 1) at the person's main phase with both kinds held:
    p lists the playable cards, then each other card greyed with the engine's reason; its
    key sends nothing and says why."""
    from tui_keys import at_base_midgame

    from engine.rulesets.ck.actions import PlayProgress
    from engine.rulesets.ck.cards import PROGRESS, VP_CARDS
    from tui.screens.dialogs.ck import GreyedChoiceDialog

    def held(game: Any) -> list[str]:
        cards = game.view(0)["me"]["development"]
        return [c for c, n in cards.items() if n and PROGRESS.index[c] not in VP_CARDS]

    def mixed(game: Any) -> bool:
        if game.to_act != 0 or game.phase != "main" or game.current != 0:
            return False
        said = [game.check(PlayProgress(c)) for c in held(game)]
        return sum(r is None for r in said) >= 2 and any(r is not None for r in said)

    game = tui_saves.play_until("ck", 1, mixed)
    assert game.to_act == 0, "the position was never reached"
    blocked = {c: game.check(PlayProgress(c)) for c in held(game)}
    blocked = {c: r for c, r in blocked.items() if r is not None}
    async with at_base_midgame(tmp_path, (120, 40), partial(tui_saves.write, game)) as (
        app,
        pilot,
        screen,
    ):
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, GreyedChoiceDialog), "the list")
        dialog = app.screen
        assert isinstance(dialog, GreyedChoiceDialog)
        greyed = [(i, str(label)) for i, (label, a) in enumerate(dialog.options) if a is None]
        assert len(greyed) == len(blocked), (greyed, blocked)
        for card, reason in blocked.items():
            assert any(reason[1:] in label for _, label in greyed), (card, reason, greyed)
        first_greyed = greyed[0][0]
        assert all(a is not None for _, a in dialog.options[:first_greyed])  # playable first
        rev = screen.rev
        await pilot.press(str(first_greyed + 1))
        await pilot.pause()
        assert app.screen is dialog and screen.rev == rev
        said = [str(n.message) for n in app._notifications]
        assert any(s.startswith("Not possible: ") for s in said), said


async def test_a_key_pressed_while_a_step_waits_names_the_step(tmp_path: Path) -> None:
    """Seen in play: Esc out of the robber's choice, then e said only "not possible now", and
    r in the setup said "the dice are rolled once, at the start of your turn". Outside the
    main phase a key of a move not possible names the step the turn waits for, by its key."""
    from tui_keys import game_screen, said_by, wait_for_decision

    from engine.config import GameConfig

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.load_game(tui_saves.base_robber(tmp_path))
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen.target is None, "the robber's choice backed out")
        for key, label in (("e", "End the turn"), ("d", "Build a road")):
            said = await said_by(pilot, key)
            assert said == f"{label}: not possible now: first move the robber (h).", said
    seats = ["human", "random", "random", "random"]
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(GameConfig("base", 4, 11), seats))
    async with app.run_test(size=(80, 24)) as pilot:
        assert await wait_for_decision(pilot) == "target"
        screen = game_screen(app)
        assert screen is not None
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen.target is None, "the corner's choice backed out")
        said = await said_by(pilot, "r")
        assert said == "Roll the dice: not possible now: first build a settlement (s).", said


async def test_a_price_refused_says_what_the_hand_lacks(tmp_path: Path) -> None:
    """Seen in play: "a settlement costs 1 brick, 1 lumber, 1 wool and 1 grain", the player
    left to find the missing wool. A key refused for its price names what is missing."""
    from tui_keys import at_base_midgame, said_by

    from tui.narrate import and_list

    async with at_base_midgame(tmp_path, (80, 24)) as (_app, pilot, screen):
        offered = {c.key for c in screen.cmds}
        refused = dict(screen.face.why_not(screen.view or {}))  # type: ignore[misc]
        specs = screen.face.specs()
        priced = [w for w, r in refused.items() if " costs " in r and specs[w].key not in offered]
        assert priced, f"nothing refused for its price: {refused}"
        what = priced[0]
        hand = (screen.view or {})["me"]["hand"]
        name = choices.EXPECTED_WORDS[what][0]  # "Settlement": its line on the costs card
        card = next(c for c in screen.face.costs() if c.item == name)
        lacking = [f"{n - hand.get(r, 0)} {r}" for r, n in card.cost if hand.get(r, 0) < n]
        assert lacking, (card, hand)
        said = await said_by(pilot, specs[what].key)
        assert said.endswith(f"(you lack {and_list(lacking)})"), (lacking, said)


async def test_p_before_the_roll_says_the_cards_rule_not_the_roll(tmp_path: Path) -> None:
    """A card may be played before the roll: p there says why no card may be played, not
    "first roll the dice" (a player with no card would roll and be refused again)."""
    from tui_keys import at_base_midgame, said_by

    game = tui_saves.play_until("base", 7, tui_saves.human_to_act({"roll"}), min_actions=40)
    saved = partial(tui_saves.write, game)
    async with at_base_midgame(tmp_path, (80, 24), saved) as (_app, pilot, screen):
        assert (screen.view or {}).get("phase") == "pre_roll"
        assert "p" not in {c.key for c in screen.cmds}, "a card is playable: nothing to test"
        said = await said_by(pilot, "p")
        rule = choices.KEY_REFUSALS["play_knight"]
        assert said.endswith(f"not possible now: {rule}."), said


@pytest.mark.parametrize(("limit", "made"), [(0, 0), (2, 2)])
async def test_t_says_when_the_turns_offers_are_used_up(
    tmp_path: Path, limit: int, made: int
) -> None:
    """Over SSH: t after 3 offers of 3 said the general rule ("offers are made after the
    roll, up to the turn's limit"). Used up, it says so; a game of no offers says that."""
    from tui_keys import at_base_midgame, said_by

    from engine.shared.actions import DeclineTrade, OfferTrade

    def stop(game: Any) -> bool:
        hand = game.view(0)["me"]["hand"]
        return game.to_act == 0 and game.view(0)["phase"] == "main" and any(hand.values())

    game = tui_saves.play_until(
        "base", 7, stop, min_actions=60, options={"trade_offers_per_turn": limit}
    )
    for _ in range(made):  # the person's offers, each declined by everyone
        hand = game.view(0)["me"]["hand"]
        have = next(r for r, n in hand.items() if n)
        want = next(r for r in hand if r != have)
        game.apply(OfferTrade(((have, 1),), ((want, 1),)))
        while game.to_act != 0 or game.view(0)["phase"] != "main":
            game.apply(DeclineTrade())
    async with at_base_midgame(tmp_path, (80, 24), partial(tui_saves.write, game)) as (
        _app,
        pilot,
        screen,
    ):
        assert (screen.view or {}).get("offers_this_turn") == made
        assert "t" not in {c.key for c in screen.cmds}
        said = await said_by(pilot, "t")
        wanted = (
            "this game allows no offers between players"
            if limit == 0
            else "this turn's 2 offers are made (the Trade panel counts them)"
        )
        assert said == f"Offer a trade: not possible now: {wanted}.", said


async def test_s_with_no_place_and_too_few_cards_names_both(tmp_path: Path) -> None:
    """Seen in play: `s` with no corner to build on and a wool short named only the place,
    and the player built the road the rule asked for and still could not settle. Seed 4,
    random play: the person's first main phase after the setup (no road leads two corners
    from a building yet)."""
    from tui_keys import said_by, wait_for_decision

    from tui.narrate import and_list

    def first_main(game: Any) -> bool:
        return game.to_act == 0 and game.view(0)["phase"] == "main"

    game = tui_saves.play_until("base", 4, first_main)
    assert not any(a.type == "build_settlement" for a in game.legal_actions())
    hand = game.view(0)["me"]["hand"]
    price = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
    lacking = [f"{n - hand.get(r, 0)} {r}" for r, n in price.items() if hand.get(r, 0) < n]
    assert lacking, f"seed 4 gives the hand a settlement's price: {hand}"
    app = CatanApp(saves_dir=tmp_path, speed="instant", load=tui_saves.write(game, tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for_decision(pilot)
        said = await said_by(pilot, "s")
    rule = choices.KEY_REFUSALS["build_settlement"]
    expected = f"Build a settlement: not possible now: {rule}; and you lack {and_list(lacking)}."
    assert said == expected, said
