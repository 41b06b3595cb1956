"""Why a C&K build one may expect is missing: the base game's builds and C&K's own (a city
wall, a knight), each with the engine's own refusal of a representative action; and why each
progress card held may not be played."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.config import GameConfig
from engine.registry import new_game
from engine.rulesets.base.refusals import refusals
from engine.rulesets.ck.actions import BuildKnight, BuildWall, PlayProgress
from engine.rulesets.ck.cards import PROGRESS, VP_CARDS
from engine.rulesets.ck.game import CKGame


def main_phases(seeds: range) -> Iterator[tuple[int, CKGame]]:
    """(seed, game) at each main phase of the seat whose turn it is, in random C&K games."""
    for seed in seeds:
        game = new_game(GameConfig("ck", 4, seed, {}))
        assert isinstance(game, CKGame)
        rng = random.Random(seed)
        for _ in range(3000):
            if game.to_act is None:
                break
            if game.phase == "main" and game.to_act == game.current:
                yield seed, game
            legal_actions = [a for a in game.legal_actions() if a.type != "offer_trade"]
            game.apply(rng.choice(legal_actions))


def test_a_missing_wall_or_knight_is_refused_with_the_engines_reason() -> None:
    """Random C&K games (seeds 1-4): at the main phase of the seat whose turn it is, a wall or
    a knight missing from the legal actions comes with the engine's refusal of one under a
    city of that seat's (a knight: on its first knight spot), and never while one is legal."""
    seen: dict[str, set[str]] = {"build_wall": set(), "build_knight": set()}
    for seed, game in main_phases(range(1, 5)):
        said = dict(refusals(game))
        legal = {a.type for a in game.legal_actions()}
        seat = game.current
        for what in seen:
            if what in legal:
                assert what not in said, (seed, what, said[what])
                continue
            action = game.representative_build(what, seat)
            if action is None:
                assert what not in said
                continue
            assert isinstance(action, BuildWall | BuildKnight)
            assert said[what] == game.check(action)
            seen[what].add(said[what])
    assert "a city wall costs 2 brick" in seen["build_wall"], seen
    assert "a knight costs 1 wool and 1 ore" in seen["build_knight"], seen


def test_each_progress_card_that_cannot_be_played_says_why() -> None:
    """Random C&K games (seeds 1-4): where no progress card may be played at the main phase,
    each card held (VP cards aside) comes with the engine's refusal of playing it, named by the
    card ("play_progress:warlord"); a play pressed said only "no progress card you may play
    now", never which card wanted what."""
    seen: dict[str, str] = {}
    for seed, game in main_phases(range(1, 5)):
        said = {w: r for w, r in refusals(game) if w.startswith("play_progress")}
        legal = game.legal_actions()
        seat = game.current
        held = [
            name
            for name, n in game.view(seat)["me"]["development"].items()
            if n and PROGRESS.index[name] not in VP_CARDS
        ]
        if any(a.type == "play_progress" for a in legal) or not held:
            assert not said, (seed, said)
            continue
        assert sorted(said) == sorted(f"play_progress:{c}" for c in held)
        for card in held:
            reason = game.check(PlayProgress(card))
            assert reason and said[f"play_progress:{card}"] == reason
            seen[card] = reason
    assert seen.get("crane") == "Crane needs a city improvement you could buy", seen
    assert seen.get("alchemist") == "Alchemist is played only before the roll", seen
    assert len(seen) >= 6, seen
