"""Driving the app with keys alone: a simple policy that a person could follow."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from tui.fleet_plan import FleetPlan
from tui.inventor_plan import InventorPlan
from tui.screens.dialogs.choice import ChoiceDialog
from tui.screens.dialogs.ck import AlchemistDialog
from tui.screens.dialogs.discard import DiscardDialog
from tui.screens.dialogs.game_over import GameOverDialog
from tui.screens.dialogs.trade import TradeDialog
from tui.screens.game import GameScreen
from tui.widgets.map_view import MapView

SETTLEMENT = {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}
CITY = {"grain": 2, "ore": 3}
ROAD = {"brick": 1, "lumber": 1}
SHIP = {"lumber": 1, "wool": 1}


STARFARERS = ("s", "l", "c", "u", "i", "k", "w", "z", "j", "r", "e")
# Cities & Knights: a card's question first (answer, harbor, discard, skip), then cities,
# settlements, improvements and the base game's trading toward a city; knights (recruit,
# activate, promote) and walls only with nothing better to do; never a knight's move or chase.
CK_ANSWERS = ("y", "b", "g", "0")
CK_LATE = ("k", "j", "u", "w")
CK_LIKED = {"fields": 2, "mountains": 2}


def _missing(hand: dict[str, int], cost: dict[str, int]) -> list[str]:
    return [r for r, n in cost.items() if hand.get(r, 0) < n]


def _spare(hand: dict[str, int], rates: dict[str, int], keep: dict[str, int]) -> list[str]:
    return [r for r, n in hand.items() if n - keep.get(r, 0) >= rates.get(r, 4)]


def _pips(n: int) -> int:
    return 6 - abs(7 - n) if n else 0


def tabs_to_best_target(screen: GameScreen) -> int:
    """Tab presses (Tab cycles the legal targets in id order) to reach the target a person likes."""
    from engine.rulesets.base.board import base_grid

    cmd = screen.target
    assert cmd is not None
    ids = sorted(cmd.targets())
    if len(ids) < 2 or screen.cursor not in ids:
        return 0
    view = screen.view or {}
    best = screen.cursor
    ruleset = view.get("ruleset")
    if cmd.target_kind in ("vertex", "hex") and ruleset in ("base", "ck"):
        grid = base_grid()
        numbers = [h["number"] for h in view["board"]["hexes"]]
        terrains = [h["terrain"] for h in view["board"]["hexes"]]
        # C&K: fields and mountains count double (cities, then improvements from their coin)
        liked = CK_LIKED if ruleset == "ck" else {}
        me = view.get("seat")
        if cmd.target_kind == "vertex":

            def worth(v: int) -> int:
                return sum(
                    _pips(numbers[h]) * liked.get(terrains[h], 1) for h in grid.vertex_land[v]
                )

            best = max(ids, key=worth)
        else:
            owners = view["vertices"]

            def harm(h: int) -> int:
                mine = any(owners[v][0] == me for v in grid.hex_vertices[h])
                theirs = sum(1 for v in grid.hex_vertices[h] if owners[v][0] not in (-1, me))
                return (-100 if mine else 0) + theirs * _pips(numbers[h])

            best = max(ids, key=harm)
    if view.get("ruleset") == "fleet":
        best = fleet_target(cmd.types, ids, view, best)
    return (ids.index(best) - ids.index(screen.cursor)) % len(ids)


@cache
def _fleet_geometry() -> tuple[Any, Any]:
    """Catan Fleet's sea (islets, ship graph) and grid: the board every Fleet game has."""
    from engine.rng import Rng
    from engine.rulesets.base.board import make_board
    from engine.rulesets.fleet.game import LAYOUT
    from engine.rulesets.fleet.sea_map import sea_map
    from engine.shared.layout import load_layout

    return sea_map(LAYOUT), make_board(load_layout(LAYOUT), Rng(0)).grid


def fleet_ships(view: dict[str, Any]) -> int:
    me = view.get("seat")
    fleet = (view.get("fleets") or [])[me] if isinstance(me, int) else []
    return max(len(fleet) - 1, 0)


def islet_distances(view: dict[str, Any]) -> dict[int, int]:
    """Steps by sea from each corner to the nearest islet corner the person could settle."""
    sea, grid = _fleet_geometry()
    me = view.get("seat")
    owners = [o for o, _ in view["vertices"]]
    mine = {sea.islet_of_vertex[v] for v, o in enumerate(owners) if o == me}
    goals = [
        v
        for v in range(len(owners))
        if sea.islet_of_vertex[v] >= 0
        and sea.islet_of_vertex[v] not in mine
        and owners[v] < 0
        and all(owners[w] < 0 for w in grid.vertex_adjacent[v])
    ]
    dist = dict.fromkeys(goals, 0)
    queue = list(goals)
    for v in queue:  # breadth first: the list grows as it is read
        for w, _ in sea.ship_adjacent[v]:
            if w not in dist:
                dist[w] = dist[v] + 1
                queue.append(w)
    return dist


def _far(dist: dict[int, int], v: int) -> int:
    return dist.get(v, 99)


def fleet_at_islet(view: dict[str, Any]) -> bool:
    """The fleet has reached an islet corner the person could settle."""
    fleet = view["fleets"][view["seat"]]
    dist = islet_distances(view)
    return any(dist.get(v) == 0 for v in fleet)


def fleet_should_sail(view: dict[str, Any]) -> bool:
    """Sail toward an islet to settle, unless the fleet is there already (it waits for cards)."""
    fleet = view["fleets"][view["seat"]]
    return bool(fleet) and bool(islet_distances(view)) and not fleet_at_islet(view)


def swap_gain(view: dict[str, Any], h: int) -> int:
    """What swapping the held chip onto hex `h` is worth: pips won on mine, taken from theirs."""
    _, grid = _fleet_geometry()
    me = view["seat"]
    held = view["held_chips"][me] or 0
    number = view["board"]["hexes"][h]["number"]
    weight = 0
    for v in grid.hex_vertices[h]:
        owner, level = view["vertices"][v]
        if owner >= 0:
            weight += (1 if owner == me else -1) * (level or 1)
    return (_pips(held) - _pips(number)) * weight


def fleet_key(screen: GameScreen, keys: set[str], view: dict[str, Any]) -> str | None:
    """Catan Fleet's own choices: ships (three at most), then in the fleet phase a chip swap that
    pays, a move toward an islet to settle (the settlement itself is `s`, chosen first)."""
    if view.get("stage") == 4:
        swaps = next((c for c in screen.cmds if c.key == "k"), None)
        if swaps is not None and max(swap_gain(view, h) for h in swaps.targets()) > 0:
            return "k"
        if "w" in keys and fleet_should_sail(view):
            return "w"
        return "e" if "e" in keys else None
    if "i" in keys and fleet_ships(view) < 3:
        return "i"
    hand = (view.get("me") or {}).get("hand") or {}
    if "l" in keys and not _missing(hand, SETTLEMENT) and fleet_at_islet(view):
        return "l"  # the settlement's cards kept for the islet: no road with them
    return None


def fleet_goal(view: dict[str, Any], hand: dict[str, int]) -> dict[str, int] | None:
    """Toward the islet's settlement when the fleet is there; toward a ship while the fleet has
    fewer than two, a ship has a place and nothing better is near."""
    if fleet_at_islet(view):
        return SETTLEMENT
    if fleet_ships(view) >= 2 or not _missing(hand, SETTLEMENT) or hand.get("ore", 0) >= 2:
        return None
    sea, _ = _fleet_geometry()
    me = view["seat"]
    fleet = view["fleets"][me]
    owners = view["vertices"]
    if fleet:  # ships are added only while the fleet touches home
        return SHIP if any(owners[v][0] == me for v in fleet) else None
    free = [
        e
        for v, (owner, _) in enumerate(owners)
        if owner == me
        for _, e in sea.ship_adjacent[v]
        if view["edges"][e] < 0 and view["ships"][e] < 0
    ]
    return SHIP if free else None


def fleet_target(types: list[str], ids: list[int], view: dict[str, Any], best: int) -> int:
    """A ship's edge nearest an islet to settle; a chip swap's best hex; else the cursor's."""
    if "build_ship" in types:
        _, grid = _fleet_geometry()
        dist = islet_distances(view)
        if not dist:
            return best
        return min(ids, key=lambda e: (min(_far(dist, v) for v in grid.edge_vertices[e]), e))
    if "swap_chip" in types:
        return max(ids, key=lambda h: (swap_gain(view, h), -h))
    return best


async def sail(pilot: Pilot[Any], screen: GameScreen) -> None:
    """W is pressed: arrows to the destination nearest an islet to settle, then Enter."""
    plan = screen.flight
    assert plan is not None and screen.view is not None
    from tui.render.targets import DIRECTIONS, nearest_target

    dist = islet_distances(screen.view)
    for _ in range(12):
        if plan.cursor is None:
            break
        layout = screen.query_one(MapView).layout_of()
        # the arrows' graph among the destinations, from the cursor: the first key of the
        # shortest way to the best destination the arrows reach
        first: dict[int, str | None] = {plan.cursor: None}
        queue = [plan.cursor]
        for v in queue:
            for d in DIRECTIONS:
                w = nearest_target(layout, plan.kind, plan.routes, v, d)
                if w is not None and w not in first:
                    first[w] = first[v] or d
                    queue.append(w)
        goal = min(first, key=lambda v: (_far(dist, v), v != plan.cursor))
        key = first[goal]
        if key is None:
            break
        await pilot.press(key)
    await pilot.press("enter" if plan.route is not None else "escape")


def choose_key(screen: GameScreen) -> tuple[str, int | None]:
    """The key a simple-minded person presses: cities, settlements, roads toward them, the bank.

    Returns (key, option index for the dialog it opens, if any).
    """
    keys = {c.key for c in screen.cmds}
    view = screen.view or {}
    if view.get("ruleset") == "starfarers":
        return next((k for k in STARFARERS if k in keys), screen.cmds[0].key), None
    ck = view.get("ruleset") == "ck"
    if ck and (answer := next((k for k in CK_ANSWERS if k in keys), None)) is not None:
        return answer, None
    hand = {k: int(v) for k, v in ((view.get("me") or {}).get("hand") or {}).items()}
    me = view.get("seat")
    rates = (view.get("players") or [{}])[me].get("rates", {}) if isinstance(me, int) else {}
    for key in (
        ("c", "s", "i") if ck else ("c", "s")
    ):  # ck's i improves a city; Fleet's builds a ship
        if key in keys:
            return key, None
    fleet = fleet_key(screen, keys, view) if view.get("ruleset") == "fleet" else None
    if fleet is not None:
        return fleet, None
    roads = not _missing(hand, SETTLEMENT) or hand["brick"] + hand["lumber"] >= 4
    if "d" in keys and roads and not (view.get("ruleset") == "fleet" and fleet_at_islet(view)):
        return "d", None
    if "p" in keys:
        return "p", 0
    if "m" in keys:
        goal = fleet_goal(view, hand) if view.get("ruleset") == "fleet" else None
        goal = goal or (CITY if hand.get("ore", 0) >= 2 else SETTLEMENT)
        need = _missing(hand, goal)
        spare = _spare(hand, rates, goal)
        cmd = next(c for c in screen.cmds if c.key == "m")
        if need and spare:
            for i, a in enumerate(cmd.actions):
                if a["give"] == spare[0] and a["get"] == need[0]:
                    return "m", i
    if ck and (late := next((k for k in CK_LATE if k in keys), None)) is not None:
        return late, None
    last = ("r", "l", "e", "f", "x") if view.get("ruleset") == "fleet" else ("r", "e", "f", "x")
    for key in last:  # Fleet: the fleet phase (l) before ending the turn
        if key in keys:
            return key, None
    return screen.cmds[0].key, None


def discard_keys(dialog: DiscardDialog) -> list[str]:
    """The cards a person gives back: the first resources listed, as many as needed; Enter."""
    keys: list[str] = []
    left = dialog.owed
    for resource in dialog.resources:
        take = min(left, dialog.hand.get(resource, 0))
        keys += ["right"] * take + ["down"]
        left -= take
    return [*keys, "enter"]


def bank_keys(actions: list[dict[str, Any]], index: int, order: list[str]) -> list[str]:
    """After `m`: the digit of what to give (when there is a choice), then of what to get;
    each card kind's digit is its place in the hand's `order`, in both lists."""
    chosen = actions[index]
    gives = list(dict.fromkeys(a["give"] for a in actions))
    first = [str(order.index(chosen["give"]) + 1)] if len(gives) > 1 else []
    return [*first, str(order.index(chosen["get"]) + 1)]


async def next_dialog(pilot: Pilot[Any], previous: Any, timeout: float = 20.0) -> ChoiceDialog:
    """The choice dialog that opens after `previous` (None: any)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = pilot.app.screen
        if isinstance(screen, ChoiceDialog) and screen is not previous:
            return screen
        await pilot.pause(0.005)
    raise AssertionError("the next dialog never opened")


async def until(
    pilot: Pilot[Any], test: Callable[[], bool], what: str, timeout: float = 20.0
) -> None:
    """Pause until `test()` holds, or fail naming `what` never came."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not test():
        await pilot.pause(0.01)
    assert test(), f"timed out after {timeout} s waiting for: {what}"


async def sent_by(pilot: Pilot[Any], key: str, what: str) -> dict[str, Any]:
    """Press `key` in a local game and wait until the table takes an action: that action."""
    local = pilot.app.local  # type: ignore[attr-defined]
    assert local is not None
    rev = local.table.rev
    await pilot.press(key)
    await until(pilot, lambda: local.table.rev > rev, what)
    action: dict[str, Any] = local.game.log[rev].to_json()
    return action


async def said_by(pilot: Pilot[Any], key: str) -> str:
    """Press `key` and wait for the toast it brings (a refusal's words): that toast's text."""
    app = pilot.app
    seen = {n.identity for n in app._notifications}

    def new() -> list[str]:
        return [str(n.message) for n in app._notifications if n.identity not in seen]

    await pilot.press(key)
    await until(pilot, lambda: bool(new()), f"what {key} says")
    return new()[-1]


def game_screen(app: Any) -> GameScreen | None:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, GameScreen):
            return screen
    return None


async def wait_for_decision(pilot: Pilot[Any], timeout: float = 20.0) -> str:
    """Until the person must do something: 'dialog', 'flight', 'target', 'turn' or 'over'."""
    app = pilot.app
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = app.screen
        # A pop-up counts once it is drawn: a person reads it before pressing a key.
        if isinstance(screen, GameOverDialog):
            if screen.drawn:
                return "over"
        elif isinstance(screen, ChoiceDialog | TradeDialog | DiscardDialog | AlchemistDialog):
            if screen.drawn:
                return "dialog"
        elif isinstance(screen, GameScreen):
            if screen.flight is not None:
                return "flight"
            if screen.target is not None:
                return "target"
            if screen.legal and not screen.dialog_open:
                return "turn"
        await pilot.pause(0.005)
    raise AssertionError("the app never asked the person for a decision")


async def step(pilot: Pilot[Any]) -> str:
    """One decision made with keys; returns what kind it was."""
    kind = await wait_for_decision(pilot)
    app = pilot.app
    if kind == "over":
        return kind
    if kind == "dialog":
        if isinstance(app.screen, TradeDialog):
            await pilot.press("escape")
        elif isinstance(app.screen, DiscardDialog):
            await pilot.press(*discard_keys(app.screen))
        elif isinstance(app.screen, AlchemistDialog):
            await pilot.press("6", "2", "enter")  # red 6, yellow 2: an 8
        else:
            await pilot.press("end", "enter")
    elif kind == "flight":
        screen = game_screen(app)
        assert screen is not None and screen.flight is not None
        if isinstance(screen.flight, FleetPlan):
            await sail(pilot, screen)
        elif isinstance(screen.flight, InventorPlan):  # the first chip offered, then its partner
            await pilot.press("enter", "enter")
        else:  # the destination offered first (a station, a colony, else the farthest point)
            await pilot.press("enter" if screen.flight.route is not None else "escape")
    elif kind == "target":
        screen = game_screen(app)
        assert screen is not None
        presses = tabs_to_best_target(screen)
        await pilot.press(*(["tab"] * presses), "enter")
    else:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        key, option = choose_key(screen)
        await pilot.press(key)
        if option is not None and key == "m":
            cmd = next(c for c in screen.cmds if c.key == "m")
            shown: Any = None
            for digit in bank_keys(cmd.actions, option, list(screen._hand())):
                shown = await next_dialog(pilot, shown)
                await pilot.press(digit)
        elif option is not None:
            await wait_for_decision(pilot)
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press(*(["down"] * option), "enter")
    await asyncio.sleep(0)
    return kind


async def play_to_the_end(pilot: Pilot[Any], max_steps: int = 5000) -> int:
    for n in range(max_steps):
        if await step(pilot) == "over":
            return n
    raise AssertionError("the game did not end")


@asynccontextmanager
async def at_base_midgame(
    tmp_path: Path, size: tuple[int, int], save: Callable[[Path], Path] | None = None
) -> AsyncIterator[tuple[Any, Pilot[Any], GameScreen]]:
    """The app at `size` on the base mid-game save (or `save`'s), at the person's decision,
    its view read; toasts shown, as in play."""
    import tui_saves

    from tui.app import CatanApp

    app = CatanApp(saves_dir=tmp_path, speed="instant")
    async with app.run_test(size=size, notifications=True) as pilot:
        assert app.load_game((save or tui_saves.base_midgame)(tmp_path))
        await wait_for_decision(pilot)
        screen = game_screen(app)
        assert screen is not None and screen.view is not None
        yield app, pilot, screen


async def until_offered(pilot: Pilot[Any], most: int = 400) -> ChoiceDialog:
    """Play with keys until a bot's trade offer asks the person for an answer; its pop-up."""
    for _ in range(most):
        await wait_for_decision(pilot)
        dialog = pilot.app.screen
        if isinstance(dialog, ChoiceDialog) and dialog.title_text == "A trade offer":
            return dialog
        await step(pilot)
    raise AssertionError(f"no bot offered a trade in {most} decisions")


def value_hint(app: Any) -> dict[str, Any]:
    """What the value adviser says for the person's seat, from its own view, as `?` asks
    (the first action of its plan, as JSON)."""
    from ai.hints import ValueAdviser

    local = app.local
    assert local is not None and local.seat is not None
    game = local.game
    plan = ValueAdviser().suggest(
        local.seat, game.view(local.seat), game.legal_actions(), local.table.rev
    )
    return dict(plan[0].to_json())
