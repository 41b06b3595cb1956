"""One event vocabulary: every event a game emits is declared, and shared kinds share a name."""

from __future__ import annotations

import ast
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from engine import GameConfig, new_game
from engine.events import Event, EventKind, EventKinds
from engine.game import Game
from engine.registry import normalise_config
from engine.rulesets.base.game import BaseGame
from engine.rulesets.fleet.game import FleetGame
from engine.rulesets.starfarers.game import StarfarersGame
from engine.shared.event_kinds import HEX_EVENTS
from tests.base.harvest import HarvestGame

GAMES = [
    ("base", 2, {}),
    ("base", 3, {}),
    ("base", 4, {"board": "random"}),
    ("harvest", 4, {}),
    ("starfarers", 3, {}),
    ("starfarers", 4, {"starting_hand": "rulebook"}),
    ("fleet", 3, {}),
]


def _play(ruleset: str, seats: int, options: dict[str, str], seed: int) -> tuple[Game, list[Event]]:
    game: Game
    if ruleset == "harvest":  # made directly: the registry may know another import of it
        base = normalise_config(GameConfig("base", seats, seed, options))
        game = HarvestGame(replace(base, ruleset="harvest"))
    else:
        game = new_game(GameConfig(ruleset, seats, seed, options))
    rng = random.Random(seed)
    events: list[Event] = list(getattr(game, "initial_events", []))
    for _ in range(4000):
        if game.to_act is None:
            break
        events += game.apply(rng.choice(game.legal_actions()))
    return game, events


@pytest.mark.parametrize(("ruleset", "seats", "options"), GAMES)
def test_every_event_of_a_random_game_is_declared(
    ruleset: str, seats: int, options: dict[str, str]
) -> None:
    seen: Counter[str] = Counter()
    for seed in range(4):
        game, events = _play(ruleset, seats, options, seed)
        for event in events:
            assert type(game).EVENTS.problem(event) is None, event
            seen[event.kind] += 1
    # The games reached the shared actions whose names were unified.
    for kind in ("dice", "maritime_trade", "starting_hand", "must_discard", "steal", "turn"):
        assert seen[kind], f"{ruleset}: no {kind} event in the sampled games"


def test_the_shared_kinds_are_the_same_names_in_every_ruleset() -> None:
    for cls in (BaseGame, HarvestGame, StarfarersGame):
        assert HEX_EVENTS.names <= cls.EVENTS.names, cls.__name__
        for name in HEX_EVENTS.names:
            shared = HEX_EVENTS[name]
            mine = cls.EVENTS[name]
            assert mine.public == shared.public, (cls.__name__, name)
    # The names the rulesets used to spell differently are gone.
    for old in ("roll", "supply_trade", "discard_owed", "starting_resources"):
        assert old not in BaseGame.EVENTS and old not in StarfarersGame.EVENTS


def test_a_ruleset_cannot_give_a_shared_kind_a_second_declaration() -> None:
    with pytest.raises(ValueError, match="'dice' declared twice"):
        BaseGame.EVENTS.extend(EventKind("dice", ("seat",)))
    wider = HEX_EVENTS.widen("build", optional=("site",))
    assert "site" in wider["build"].optional and "site" not in HEX_EVENTS["build"].optional


def test_an_undeclared_kind_or_field_is_reported() -> None:
    kinds = EventKinds((EventKind("steal", ("seat", "victim"), secret=("resource",)),))
    assert kinds.problem(Event("robbed", {})) == "event kind 'robbed' is not declared"
    assert "lacks victim" in str(kinds.problem(Event("steal", {"seat": 0})))
    assert "undeclared public fields thief" in str(
        kinds.problem(Event("steal", {"seat": 0, "victim": 1, "thief": 0}))
    )
    hidden = Event("steal", {"seat": 0, "victim": 1}, {"card": "ore"}, frozenset({0, 1}))
    assert "undeclared secret fields card" in str(kinds.problem(hidden))
    good = Event("steal", {"seat": 0, "victim": 1}, {"resource": "ore"}, frozenset({0, 1}))
    assert kinds.problem(good) is None


def test_the_starting_hand_is_public_in_base_and_secret_in_the_rulebook_variant() -> None:
    _, events = _play("base", 4, {}, 3)
    hands = [e for e in events if e.kind == "starting_hand"]
    assert len(hands) == 4 and all(e.secret is None for e in hands)
    assert all(e.data["count"] == sum(e.data["cards"].values()) for e in hands)
    _, dealt = _play("starfarers", 4, {"starting_hand": "rulebook"}, 3)
    secret = [e for e in dealt if e.kind == "starting_hand"]
    assert len(secret) == 4 and all("cards" not in e.data and e.secret for e in secret)
    assert all(e.for_seat(None)["cards"] is None for e in secret)
    _, seeded = _play("starfarers", 3, {}, 3)
    public = [e for e in seeded if e.kind == "starting_hand"]
    assert len(public) == 3 and all(e.data == {"seat": e.data["seat"], "count": 15} for e in public)


def _literal_kinds(folder: str) -> set[str]:
    """The event kinds written as literals in the engine's source under `folder`."""
    root = Path(__file__).resolve().parents[2] / "engine" / folder
    found: set[str] = set()
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            args = node.args
            arg = args[0] if name == "Event" and args else None
            if name in ("private_cards", "_conquer") and len(args) > 1:
                arg = args[-1] if name == "_conquer" else args[1]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
    return found


@pytest.mark.parametrize(
    ("folder", "declared"),
    [
        ("shared", HEX_EVENTS),
        ("rulesets/base", BaseGame.EVENTS),
        ("rulesets/starfarers", StarfarersGame.EVENTS),
        ("rulesets/fleet", FleetGame.EVENTS),
    ],
)
def test_every_kind_the_source_emits_is_declared(folder: str, declared: EventKinds) -> None:
    """Kinds random games may not reach (rare encounters, a won game) are declared too."""
    kinds = _literal_kinds(folder)
    assert kinds, folder
    assert kinds <= declared.names, sorted(kinds - declared.names)
