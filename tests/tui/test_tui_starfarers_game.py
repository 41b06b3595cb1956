"""A whole Starfarers game, setup to the game-over screen, played by the human with keys alone.

The other seats are the built-in greedy bot: random bots wander for thousands of turns
before anyone reaches 15 VP, greedy ones finish a game in a few hundred, which keeps
this test short while still exercising every
screen a Starfarers player meets (setup, shakes, flights, encounters, game over).
"""

from __future__ import annotations

from pathlib import Path

import tui_saves
from tui_keys import play_to_the_end

from engine import saves
from engine.config import GameConfig
from engine.headless import replay_steps
from tui.app import CatanApp
from tui.screens.dialogs.game_over import GameOverDialog

SEED = 4  # a whole game in about two minutes of the suite (seed 3 took over three)
SEATS = ["human", "greedy", "greedy", "greedy"]


async def test_a_whole_starfarers_game_with_keys_alone(tmp_path: Path) -> None:
    config = GameConfig("starfarers", 4, SEED, {})
    app = CatanApp(saves_dir=tmp_path, speed="instant", play=(config, SEATS))
    async with app.run_test(size=(120, 40)) as pilot:
        steps = await play_to_the_end(pilot, max_steps=20000)
        assert isinstance(app.screen, GameOverDialog)
        over = app.screen.over
        winner = over["winner"]
        assert winner is not None
        head = str(app.screen.query_one("#winner").render())
        assert app.screen.names[winner] in head
        assert over["scores"][winner] >= 15
        assert over["scores"][winner] == max(over["scores"])
        assert steps > 0 and over["stats"]["turns"] > 0
    game = saves.load_path(tui_saves.only_autosave(tmp_path))
    assert game.to_act is None
    assert game.view(0)["ruleset"] == "starfarers"
    # The person (seat 0) answered encounters and flew ships by keys: replay who did what.
    mine = {action.type for before, action in replay_steps(game) if before.to_act == 0}
    assert {"encounter_answer", "shake", "fly_step", "end_turn"} <= mine
