"""A Starfarers flight as one decision per ship: which ship, where to, then go.

Pure (no Textual). `FlightPlan.from_view` rebuilds the game from the seat's
view and asks the engine for each movable ship's routes
(`engine.rulesets.starfarers.routes`), so the terminal offers exactly the
destinations a sequence of legal steps reaches. The game screen draws the
plan (destinations labelled with their steps, the path to the cursor, the
ship being flown), moves the cursor and the ship, and sends the chosen
route's actions one by one; the table validates every step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.rulesets.starfarers import board as B
from engine.rulesets.starfarers import routes as R
from engine.rulesets.starfarers.actions import EndMove
from engine.rulesets.starfarers.constants import COLONY_SHIP
from engine.rulesets.starfarers.game import StarfarersGame
from engine.rulesets.starfarers.layouts import DISC_LABELS, RESOURCES
from tui.faces import face_or_default
from tui.plans import aim_route

SHIP_WORDS = {COLONY_SHIP: "colony ship"}
STOP_KEY = "z"  # the ruleset's "Stop" key: fly to the colony site and stop, founding nothing
KINDS_SCORED = (("trade station", 4), ("found a colony", 3), ("win a medal", 2), ("explore", 1))


def planet_words(game: StarfarersGame, site: int) -> str:
    """What a colony on `site` produces, in words: "carbon on 4, goods on 3 or 12"."""
    out = []
    for pi in B.SITE_PLANETS[site]:
        res, disc = game.planet_res[pi], game.planet_disc[pi]
        if res < 0 or game.planet_hidden[pi] or not DISC_LABELS[disc][:1].isdigit():
            continue
        out.append(f"{RESOURCES[res]} on {DISC_LABELS[disc].replace('/', ' or ')}")
    return ", ".join(out)


def grouped(items: list[str]) -> str:
    """'A: r; B: r; C: s' as 'A, B (r); C (s)' (the out-of-reach list, shorter)."""
    by_reason: dict[str, list[str]] = {}
    for item in items:
        name, _, reason = item.partition(": ")
        by_reason.setdefault(reason, []).append(name)
    return "; ".join(f"{', '.join(names)} ({reason})" for reason, names in by_reason.items())


def step_label(n: int) -> str:
    """One cell for a destination: its number of steps (9+ as '+')."""
    return str(n) if n < 10 else "+"


@dataclass
class FlightPlan:
    """The ships that may fly, the one chosen, and where it can go."""

    kind: ClassVar[str] = "point"
    game: StarfarersGame
    ships: list[int]
    index: int = 0
    routes: dict[int, R.Route] = field(default_factory=dict)
    cursor: int | None = None
    where: Callable[[Any], str] | None = None  # a point's name (" in open space north of ...")
    _stops: dict[tuple[int, int], bool] = field(default_factory=dict, repr=False)

    @classmethod
    def from_view(cls, view: dict[str, Any]) -> FlightPlan | None:
        if not face_or_default(view.get("ruleset")).flies or view.get("seat") is None:
            return None
        game = R.game_from_view(view)
        ships = R.movable_ships(game)
        if not ships:
            return None
        plan = cls(game, ships, where=face_or_default(view.get("ruleset")).namer(view))
        best = max(range(len(ships)), key=lambda i: plan._best_score(ships[i]))
        plan.select(best)
        return plan

    # -- the ship --------------------------------------------------------------------
    @property
    def ship(self) -> int:
        return self.ships[self.index]

    def select(self, index: int) -> None:
        self.index = index % len(self.ships)
        self.routes = R.reachable(self.game, self.ship)
        self.cursor = self._default_cursor()

    def next_ship(self, step: int = 1) -> None:
        self.select(self.index + step)

    def ship_name(self, ship: int | None = None) -> str:
        kind = R.ship_kind(self.game, self.ship if ship is None else ship)
        return SHIP_WORDS.get(kind, "trade ship")

    def notes(self, v: int) -> list[str]:
        notes = R.what_is_there(self.game, self.ship, v, self.routes.get(v))
        produces = planet_words(self.game, v) if v < len(B.SITE_PLANETS) else ""
        return [f"{n}: {produces}" if n == "found a colony here" and produces else n for n in notes]

    def _score(self, v: int) -> int:
        words = " ".join(self.notes(v))
        if "no trade station" in words or "no colony" in words:
            return 0
        return max((s for k, s in KINDS_SCORED if k in words), default=0)

    def _best_score(self, ship: int) -> int:
        saved = self.index, self.routes
        self.index = self.ships.index(ship)
        self.routes = R.reachable(self.game, ship)
        score = max((self._score(v) for v in self.routes), default=-1)
        self.index, self.routes = saved
        return score

    def _default_cursor(self) -> int | None:
        """The destination that does the most (a station, a colony...), else the farthest."""
        if not self.routes:
            return None
        return max(self.routes, key=lambda v: (self._score(v), len(self.routes[v].steps), -v))

    # -- what the screen shows --------------------------------------------------------
    @property
    def route(self) -> R.Route | None:
        return self.routes.get(self.cursor) if self.cursor is not None else None

    def path(self) -> tuple[int, ...]:
        """The points passed on the way to the cursor (not the start, not the end)."""
        route = self.route
        if route is None:
            return ()
        return tuple(a.to for a in route.steps[:-1])

    def labels(self) -> dict[int, str]:
        return {v: step_label(len(r.steps)) for v, r in self.routes.items()}

    def speed_left(self) -> int:
        return R.speed_left(self.game, self.ship)

    def lines(self) -> list[str]:
        """The status: which ship, its speed, the destination and what it does there."""
        n = len(self.ships)
        which = f" ({self.index + 1} of {n}, Tab: next)" if n > 1 else ""
        head = f"{self.ship_name().capitalize()}{which}: speed {self.speed_left()} left"
        route = self.route
        if route is None:
            lines = [head, "No legal destination: Esc, then another command."]
        else:
            steps = len(route.steps)
            go = f"{steps} step{'s' if steps != 1 else ''} there"
            notes = self.notes(route.to)
            place = self.where(route.to).strip() if self.where is not None else ""
            lines = [f"{head}; {go}", "; ".join(notes) if notes else place or "open space"]
        far = R.out_of_reach(self.game, self.ship, self.routes)
        if far:
            lines.append("Out of reach: " + grouped(far))
        return lines

    def keys(self) -> tuple[tuple[str, str], ...]:
        """Enter flies (and founds, on a colony site); `STOP_KEY` flies there and founds
        nothing, where the engine lets the ship end its move there unfounded (§5.3.8: a
        colony ship on a free site *may* found)."""
        if self.can_stop():
            return (
                ("⏎", "Fly and found"),
                (STOP_KEY, "Stop there, no colony"),
                ("tab", "Ship"),
                ("esc", "Back"),
            )
        return (("⏎", "Fly there"), ("tab", "Ship"), ("esc", "Back"))

    def can_stop(self) -> bool:
        """The cursor's route founds a colony, and ending the move there is legal too."""
        route = self.route
        if route is None or not route.found:
            return False
        key = (self.ship, route.to)
        if key not in self._stops:
            game = self.game.copy()
            for step in route.steps:
                game.apply(step)
            self._stops[key] = EndMove() in game.legal_actions()
        return self._stops[key]

    def key_actions(self, key: str) -> list[dict[str, Any]]:
        """What a key of `keys()` other than Enter sends: `STOP_KEY`, the route's steps and
        then the end of the move (none where it is not offered)."""
        route = self.route
        if key != STOP_KEY or route is None or not self.can_stop():
            return []
        return [*(a.to_json() for a in route.steps), EndMove().to_json()]

    def advance(self) -> bool:
        return False  # one choice: Enter flies

    def aim(self, hinted: list[dict[str, Any]]) -> bool:
        return aim_route(self, hinted)

    def actions(self) -> list[dict[str, Any]]:
        """The chosen route as protocol actions (steps, then the finish if known)."""
        route = self.route
        if route is None:
            return []
        return [a.to_json() for a in route.actions]
