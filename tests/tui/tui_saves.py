"""Deterministic saved positions for snapshot and resume tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine import saves
from engine.config import GameConfig
from engine.game import Game
from engine.registry import new_game

SEATS = ["human", "random", "random", "random"]


def only_autosave(directory: Path) -> Path:
    """The one game's autosave in `directory` (each game keeps its own)."""
    from tui import paths

    found = paths.autosave_files(directory)
    assert len(found) == 1, f"expected one autosave, found {[p.name for p in found]}"
    return found[0]


def play_until(
    ruleset: str,
    seed: int,
    stop: Callable[[Game], bool],
    *,
    min_actions: int = 0,
    max_actions: int = 20000,
    options: dict[str, Any] | None = None,
) -> Game:
    """A game played by seeded random choices (no trade offers) until `stop` holds."""
    game = new_game(GameConfig(ruleset, 4, seed, options or {}))
    rng = random.Random(seed)
    for n in range(max_actions):
        if game.to_act is None or (n >= min_actions and stop(game)):
            return game
        legal = [a for a in game.legal_actions() if a.type not in ("offer_trade", "counter_trade")]
        game.apply(rng.choice(legal))
    raise AssertionError("the position was never reached")


def human_to_act(types: set[str]) -> Callable[[Game], bool]:
    def stop(game: Game) -> bool:
        return game.to_act == 0 and bool(types & {a.type for a in game.legal_actions()})

    return stop


def write(game: Game, directory: Path, name: str = "position.json") -> Path:
    path = directory / name
    saves.save_to_path(game, path, {"seats": SEATS, "app": "catan-tui"})
    return path


def base_midgame(directory: Path) -> Path:
    def stop(game: Game) -> bool:
        return human_to_act({"build_road"})(game) and game.view(0)["phase"] == "main"

    return write(play_until("base", 7, stop, min_actions=160), directory)


def bank_trade(directory: Path, ruleset: str = "base", seed: int = 7) -> Path:
    """The person's turn with two kinds of card to give the bank (base seed 7 by default)."""

    def can_trade(game: Game) -> bool:
        gives = {a.to_json()["give"] for a in game.legal_actions() if a.type == "maritime_trade"}
        return game.to_act == 0 and len(gives) >= 2

    return write(play_until(ruleset, seed, can_trade, min_actions=60), directory)


def base_robber(directory: Path) -> Path:
    """Seed 1: the person moves the robber after a Knight, with hexes blocking two rivals."""
    return write(play_until("base", 1, human_to_act({"move_robber"}), min_actions=100), directory)


def starfarers_midgame(directory: Path) -> Path:
    return write(
        play_until("starfarers", 4, human_to_act({"end_turn"}), min_actions=120), directory
    )


def starfarers_encounter(directory: Path) -> Path:
    return write(play_until("starfarers", 4, human_to_act({"encounter_answer"})), directory)


def base_finished(directory: Path) -> Path:
    return write(play_until("base", 2, lambda g: False, max_actions=100000), directory)


def starfarers_finished(directory: Path) -> Path:
    return write(play_until("starfarers", 2, lambda g: False, max_actions=100000), directory)


def starfarers_first_turn(directory: Path, variant: str = "first_game") -> Path:
    """The human's first decision of a Starfarers game of `variant`."""
    stop = human_to_act({"roll", "place_colony", "place_ship", "end_turn"})
    return write(play_until("starfarers", 3, stop, options={"variant": variant}), directory)


def starfarers_stations(directory: Path) -> Path:
    """Later on: trade stations at the outposts, pirate bases or ice planets face up, ships out."""

    def stop(game: Game) -> bool:
        view = game.view(0)
        stations = sum(sum(v) for v in view["trade_stations"].values())
        bases = any(str(p["disc"]).startswith(("pirate", "ice")) for p in view["planets"])
        return stations >= 1 and bases and human_to_act({"end_turn"})(game)

    return write(play_until("starfarers", 4, stop, min_actions=100), directory)


FLIGHT_SEED = 1


def starfarers_flight(directory: Path) -> Path:
    """Seed 1, turn 165: the human's flight, a trade ship able to dock at an outpost."""
    from engine.rulesets.starfarers.constants import FLIGHT
    from engine.rulesets.starfarers.routes import movable_ships, reachable, what_is_there

    def stop(game: Game) -> bool:
        g: Any = game
        if not (g.to_act == 0 and g.phase == FLIGHT and g.moving < 0):
            return False
        return any(
            note.startswith("trade station")
            for ship in movable_ships(g)
            for v, route in reachable(g, ship).items()
            for note in what_is_there(g, ship, v, route)
        )

    return write(play_until("starfarers", FLIGHT_SEED, stop), directory, "flight.json")


def starfarers_trade_build(directory: Path) -> Path:
    """The human in trade & build with a colony ship buildable and a trade ship not (seed 1)."""
    stop = human_to_act({"shake"})
    return write(play_until("starfarers", 1, stop, min_actions=40), directory)


def ck_midgame(directory: Path) -> Path:
    """Cities & Knights, seed 2, turn 165, finished by the position API.

    Seeded random play to knights on the map (active and not), a city wall, the merchant
    and the ship a step from Catan; then the position is written out and changed: the
    person's walled city is the science metropolis (science level 4) and the person holds
    a few cards. Orange ends its turn and the person rolls a 9 with a green gate.
    """
    from engine.position import game_from_position

    def stop(game: Game) -> bool:
        view = game.view(0)
        knights = sum(1 for owner in view["knight_owner"] if owner >= 0)
        return any(view["walls"]) and knights >= 2 and human_to_act({"end_turn"})(game)

    pos = play_until("ck", 2, stop).position()
    (city,) = pos.pieces[0].cities
    assert pos.extra["walls"][city] and pos.extra["barbarian"] == 6
    pos.extra["levels"][0][2] = 4
    pos.extra["metropolis"] = [-1, -1, city]
    pos.hands[0] = {"brick": 1, "lumber": 1, "wool": 1, "grain": 2, "ore": 3, "paper": 1}
    pos.current, pos.pending = 3, [["main", 3, None]]
    pos.bank = None  # derived from the hands
    pos.forced_dice = [[4, 5, 6]]  # red 4, yellow 5, the green (science) gate
    game = game_from_position(pos)
    for kind in ("end_turn", "roll"):
        (action,) = [a for a in game.legal_actions() if a.type == kind]
        game.apply(action)
    assert human_to_act({"end_turn"})(game)
    return write(game, directory)


def ck_harbor_answer(directory: Path) -> Path:
    """Cities & Knights, seed 2: Orange plays Commercial Harbor; the human gives a commodity."""
    stop = human_to_act({"give_card"})
    return write(play_until("ck", 2, stop, max_actions=3000), directory)


def _ck_cards(pos: Any, cards: dict[int, dict[str, int]]) -> None:
    """Seats' progress cards set to `cards`: the others back under their decks, these taken."""
    from engine.rulesets.ck.cards import DECK_OF, PROGRESS

    decks = pos.extra["progress_decks"]
    for seat, dev in enumerate(pos.development):
        for name, n in dev.playable.items():
            decks[DECK_OF[PROGRESS.index[name]]].extend([name] * n)
        dev.playable = dict(cards.get(seat, {}))
        for name, n in dev.playable.items():
            for _ in range(n):
                decks[DECK_OF[PROGRESS.index[name]]].remove(name)
    pos.deck = None  # derived from the decks and hands


def _ck_turn57() -> Any:
    """Cities & Knights, seed 2, turn 57 written out as a position: the person's main phase."""
    game = play_until("ck", 2, human_to_act({"end_turn"}), min_actions=200)
    assert game.view(0)["turn"] == 57
    return game.position()


def ck_wedding_answer(directory: Path) -> Path:
    """Seed 2, turn 57 by the position API: Orange (3 VP) plays Wedding; the person (its two
    settlements made cities: 4 VP) gives 2 cards from brick 1, grain 2, ore 1."""
    from engine.position import game_from_position

    pos = _ck_turn57()
    pos.pieces[0].cities = pos.pieces[0].settlements
    pos.pieces[0].settlements = []
    pos.hands[0] = {"brick": 1, "grain": 2, "ore": 1}
    _ck_cards(pos, {3: {"wedding": 1}})
    pos.current, pos.pending = 3, [["main", 3, None]]
    pos.bank = None
    game = game_from_position(pos)
    (wedding,) = [a for a in game.legal_actions() if a.to_json().get("card") == "wedding"]
    game.apply(wedding)
    assert human_to_act({"give_card"})(game)
    return write(game, directory, "wedding.json")


def ck_alchemist(directory: Path) -> Path:
    """Seed 2, turn 57 before the roll, by the position API: the person holds Alchemist and
    has played it; the red and yellow dice are to be set."""
    from engine.position import game_from_position

    game = play_until("ck", 2, human_to_act({"roll"}), min_actions=200)
    assert game.view(0)["turn"] == 57
    pos = game.position()
    _ck_cards(pos, {0: {"alchemist": 1}})
    game = game_from_position(pos)
    (alchemist,) = [a for a in game.legal_actions() if a.to_json().get("card") == "alchemist"]
    game.apply(alchemist)
    assert human_to_act({"set_dice"})(game)
    return write(game, directory, "alchemist.json")


def ck_spy(directory: Path) -> Path:
    """Seed 2, turn 57 by the position API: the person holds Spy; Blue holds Smith and Bishop."""
    from engine.position import game_from_position

    pos = _ck_turn57()
    _ck_cards(pos, {0: {"spy": 1}, 1: {"smith": 1, "bishop": 1}})
    return write(game_from_position(pos), directory, "spy.json")


FLEET_SEED = 5


def fleet_sailing(directory: Path) -> Path:
    """Seed 5: the human in the fleet phase, a fleet of three ships to sail."""

    def stop(game: Game) -> bool:
        return human_to_act({"move_fleet"})(game) and len(game.view(0)["fleets"][0]) >= 3

    return write(play_until("fleet", FLEET_SEED, stop, min_actions=60), directory, "fleet.json")


def fleet_swapping(directory: Path) -> Path:
    """Seed 5: the human in the fleet phase, a number chip to swap from the fleet."""
    return write(
        play_until("fleet", FLEET_SEED, human_to_act({"swap_chip"}), min_actions=60),
        directory,
        "fleet_swap.json",
    )


def fleet_first_roll(directory: Path) -> Path:
    """Seed 5: the human's first roll; every number chip still secret."""
    return write(play_until("fleet", FLEET_SEED, human_to_act({"roll"})), directory, "fleet1.json")


def fleet_setup_ship(directory: Path) -> Path:
    """Seed 5: the human's first setup road, a ship offered instead.

    Random setup choices, except that the human settles the first corner with a coast
    (a ship's edge), so that the ship is offered in place of the road.
    """
    game = new_game(GameConfig("fleet", 4, FLEET_SEED, {}))
    rng = random.Random(FLEET_SEED)
    coast = game.sea.setup_ship_edges  # type: ignore[attr-defined]
    while not (game.to_act == 0 and "build_ship" in {a.type for a in game.legal_actions()}):
        legal = game.legal_actions()
        if game.to_act == 0 and legal[0].type == "build_settlement":
            game.apply(next(a for a in legal if coast[a.vertex]))  # type: ignore[attr-defined]
        else:
            game.apply(rng.choice(legal))
    assert game.view(0)["phase"] == "setup_road"
    return write(game, directory, "fleet_setup.json")


def fleet_gold(directory: Path) -> Path:
    """Seed 15: a gold field produced for the human, who picks the resource."""
    game = play_until("fleet", 15, human_to_act({"pick_gold"}))
    return write(game, directory, "fleet_gold.json")


def fleet_split(directory: Path) -> Path:
    """Seed 32: the pirate split the human's fleet; the human keeps one piece."""
    game = play_until("fleet", 32, human_to_act({"keep_fleet"}))
    return write(game, directory, "fleet_split.json")


def ck_knight_move(directory: Path) -> Path:
    """Cities & Knights, seed 5, turn 385: the person's active basic knight may move to three
    corners along its roads (seeded random play until a move is legal)."""
    return write(play_until("ck", 5, human_to_act({"move_knight"}), max_actions=6000), directory)


def ck_inventor(directory: Path) -> Path:
    """Cities & Knights, seed 2, turn 57: the person has played Inventor and swaps two chips."""
    return write(play_until("ck", 2, human_to_act({"swap_numbers"}), max_actions=20000), directory)
