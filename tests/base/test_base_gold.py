"""Gold fields, a rule of the hex core: a roll on gold gives each owner picks of its choice.

The base game's boards have no gold; these tests put gold on a board two
ways: a base position whose board has a gold hex, and a test ruleset whose
layout (data, read by the layout loader) has one.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from typing import Any, ClassVar

from basefix import (
    check_invariants,
    fresh,
    hand,
    play_random,
    put_road,
    put_settlement,
    rebuild,
    refused,
    roll,
    skip_setup,
)

from engine import GameConfig
from engine.config import GameConfig as Config
from engine.position import game_from_position
from engine.registry import normalise_config
from engine.rng import Rng
from engine.rulesets.base.actions import PickGold
from engine.rulesets.base.board import Board, make_board
from engine.rulesets.base.game import GOLD_PICK, MAIN, PRE_ROLL, SETUP_ROAD, BaseGame
from engine.shared.actions import EndTurn
from engine.shared.layout import LAYOUT_DIR, parse_layout

GOLD_HEX = (1, -1)  # the beginner board's pasture 4, made a gold field
OTHER_FOUR = (0, 1)  # the beginner board's other 4: fields


def _gold_layout() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LAYOUT_DIR / "beginner.json").read_text())
    data["name"] = "beginner_gold"
    for h in data["hexes"]:
        if (h["q"], h["r"]) == GOLD_HEX:
            h["terrain"] = "gold"
    return data


def _hex(game: BaseGame, qr: tuple[int, int]) -> int:
    return game.board.grid.hexes.index(qr)


def _apart(game: BaseGame, h: int, count: int) -> list[int]:
    """`count` vertices of hex `h`, pairwise not adjacent (so buildings may stand on each)."""
    grid = game.board.grid
    chosen: list[int] = []
    for v in grid.hex_vertices[h]:
        if all(v != c and v not in grid.vertex_adjacent[c] for c in chosen):
            chosen.append(v)
    return chosen[:count]


def _gold_game(seats: int = 4) -> BaseGame:
    """Seat 0 to roll; seat 1's settlement and seat 2's city on the gold 4, seat 0 on fields 4."""
    game = skip_setup(fresh(seats, seed=5), current=0, phase=PRE_ROLL)
    board = game.board.to_json()
    for h in board["hexes"]:
        if (h["q"], h["r"]) == GOLD_HEX:
            h["terrain"] = "gold"
    rebuild(game, board=board)
    assert game.board.terrain[_hex(game, GOLD_HEX)] == "gold"
    gold = _hex(game, GOLD_HEX)
    v1, v2 = _apart(game, gold, 2)
    put_settlement(game, 1, v1)
    put_settlement(game, 2, v2, city=True)
    fields = _hex(game, OTHER_FOUR)
    put_settlement(game, 0, _apart(game, fields, 1)[0])
    for seat, v in ((1, v1), (2, v2), (0, _apart(game, fields, 1)[0])):
        free = [e for e in game.board.grid.vertex_edges[v] if game.edge_owner[e] < 0]
        put_road(game, seat, free[0])
    return game


def test_a_roll_on_gold_gives_each_owner_a_pick_in_turn_order_and_the_turn_resumes() -> None:
    game = _gold_game()
    bank = game.bank[:]
    events = roll(game, 4)
    production = next(e for e in events if e.kind == "production")
    # Gold pays no card of its own: seat 0's fields pay, the gold owners owe picks.
    assert production.data["gains"] == {"0": {"grain": 1}}
    assert production.data["gold"] == {"1": 1, "2": 2}
    assert game.bank == [*bank[:3], bank[3] - 1, bank[4]]
    assert [tuple(d) for d in game.pending] == [
        (MAIN, 0, None),
        (GOLD_PICK, 2, 2),
        (GOLD_PICK, 1, 1),
    ]
    assert game.to_act == 1 and game.phase == GOLD_PICK
    assert game.legal_actions() == [PickGold(r) for r in game.HAND_CARDS.names]
    refused(game, EndTurn(), "gold pick")
    refused(game, PickGold("gold"), "unknown resource")
    assert game.apply(PickGold("ore"))[0].for_seat(None) == {
        "kind": "pick_gold",
        "seat": 1,
        "resource": "ore",
    }
    assert hand(game, 1) == {"ore": 1} and game.to_act == 2
    game.apply(PickGold("wool"))
    assert game.to_act == 2  # a city owes two picks, any mix
    game.apply(PickGold("brick"))
    assert hand(game, 2) == {"wool": 1, "brick": 1}
    assert game.to_act == 0 and game.phase == MAIN and len(game.pending) == 1
    check_invariants(game)
    for event in events:
        assert BaseGame.EVENTS.problem(event) is None


def test_mid_pick_copy_snapshot_and_position_round_trip() -> None:
    game = _gold_game()
    roll(game, 4)
    game.apply(PickGold("grain"))  # seat 1 done; seat 2 has 2 picks left
    assert (game.to_act, game.pending[-1].data) == (2, 2)
    twins = [
        game.copy(),
        BaseGame.restore(game.config, json.loads(json.dumps(game.snapshot()))),
        game_from_position(game.position()),
    ]
    for twin in twins:
        assert twin.snapshot() == game.snapshot()
        assert twin.legal_actions() == game.legal_actions()
        assert [twin.view(s) for s in (None, 0, 1, 2, 3)] == [
            game.view(s) for s in (None, 0, 1, 2, 3)
        ]
    twin = twins[2]
    for g in (game, twin):
        g.apply(PickGold("ore"))
        g.apply(PickGold("ore"))
    assert twin.snapshot() == game.snapshot() and game.to_act == 0
    assert twins[0].to_act == 2  # the copy did not move with the original


def test_hidden_information_is_unchanged_by_a_pick() -> None:
    game = _gold_game()
    roll(game, 4)
    view = game.view(3)
    assert view["phase"] == GOLD_PICK and view["to_act"] == 1
    assert view["pending"][-1] == [GOLD_PICK, 1, 1]
    assert "me" in view and set(view["me"]["hand"]) == set(game.HAND_CARDS.names)
    # Another seat's hand is a count, the pick itself is public (taken from the bank).
    assert view["players"][2]["resource_count"] == sum(game.hand(2))
    spectator = game.view(None)
    assert "me" not in spectator
    game.apply(PickGold("ore"))
    after = game.view(3)
    assert after["bank"]["ore"] == view["bank"]["ore"] - 1
    assert after["players"][1]["resource_count"] == view["players"][1]["resource_count"] + 1
    assert after["me"] == view["me"]
    # A game sampled from seat 3's knowledge waits for the same picks.
    sampled = BaseGame.sample_consistent(game.view(3), Rng(9))
    assert [tuple(d) for d in sampled.pending] == [tuple(d) for d in game.pending]
    assert sampled.legal_actions() == game.legal_actions()


def test_only_resources_in_the_bank_are_picked_and_an_empty_bank_ends_the_picks() -> None:
    game = _gold_game()
    # Leave 1 ore in the bank (the rest of the cards to seat 3).
    k = game.HAND_STRIDE
    for r in range(5):
        keep = 1 if game.HAND_CARDS.names[r] == "ore" else 0
        game.hands[3 * k + r] += game.bank[r] - keep
        game.bank[r] = keep
    events = roll(game, 4)
    production = next(e for e in events if e.kind == "production")
    assert production.data["gold"] == {"1": 1, "2": 2}
    assert game.legal_actions() == [PickGold("ore")]
    refused(game, PickGold("wool"), "the bank has no wool left")
    game.apply(PickGold("ore"))
    # The bank is empty: seat 2's picks lapse and the turn resumes.
    assert game.to_act == 0 and game.phase == MAIN
    check_invariants(game)


def test_an_empty_bank_or_the_robber_means_no_gold() -> None:
    game = _gold_game()
    game.robber = _hex(game, GOLD_HEX)
    events = roll(game, 4)
    assert "gold" not in events[-1].data and game.to_act == 0 and game.phase == MAIN
    game = _gold_game()
    k = game.HAND_STRIDE
    for r in range(5):
        game.hands[3 * k + r] += game.bank[r]
        game.bank[r] = 0
    events = roll(game, 4)
    assert events[-1].data["gold"] == {} and game.to_act == 0 and game.phase == MAIN


class GoldGame(BaseGame):
    """The base game on a layout with a gold field (read by the layout loader)."""

    ruleset_name: ClassVar[str] = "gold_test"

    def make_board(self, rng: Rng) -> Board:
        return make_board(parse_layout(copy.deepcopy(_GOLD_LAYOUT)), rng)


_GOLD_LAYOUT = _gold_layout()


def _gold_config(seats: int, seed: int) -> Config:
    base = normalise_config(GameConfig("base", seats, seed))
    return replace(base, ruleset="gold_test")


def test_a_second_setup_settlement_on_gold_picks_before_its_road() -> None:
    game = GoldGame(_gold_config(3, 2))
    gold = game.board.grid.hexes.index(GOLD_HEX)
    rnd = random.Random(2)
    # Play the first round at random, away from the gold field.
    while game.setup_pos < 3:
        legal = game.legal_actions()
        away = [
            a for a in legal if getattr(a, "vertex", -1) not in game.board.grid.hex_vertices[gold]
        ]
        game.apply(rnd.choice(away))
    seat = game.to_act
    assert seat is not None
    v = next(a for a in game.legal_actions() if a.vertex in game.board.grid.hex_vertices[gold])  # type: ignore[attr-defined]
    events = game.apply(v)
    start = next(e for e in events if e.kind == "starting_hand")
    assert start.data["count"] == sum(start.data["cards"].values())
    assert game.to_act == seat and game.phase == GOLD_PICK and game.pending[-1].data == 1
    game.apply(PickGold("ore"))
    assert game.phase == SETUP_ROAD and game.to_act == seat


def test_random_games_on_a_gold_layout_flow_and_keep_the_invariants() -> None:
    picks = 0
    for seed in range(3):
        game = GoldGame(_gold_config(4, seed))
        assert game.board.gold_fields == (game.board.grid.hexes.index(GOLD_HEX),)
        rnd = random.Random(seed)
        for _ in range(1500):
            if game.to_act is None:
                break
            action = rnd.choice(game.legal_actions())
            for event in game.apply(action):
                assert GoldGame.EVENTS.problem(event) is None, event
                picks += event.kind == "pick_gold"
        check_invariants(game)
        play_random(game, rnd, 50, check=True)
    assert picks > 0
