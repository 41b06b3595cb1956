"""The bot protocol: what a bot is given, and what it must answer.

A bot sees exactly what its seat may know: the *view* (a fresh, JSON-ready
dict the engine builds for that seat) and the list of *legal actions*. It
returns one of those actions. It never receives the game object, so it can
neither see hidden information nor change the state; the table hands each
bot its own copy of the view, so mutating it changes nothing.

Search bots that want a forward model call
``engine.registry.sample_consistent(view, rng)``: a full game drawn at random
among those the seat cannot tell apart from the real one.

The views' shapes are declared as TypedDicts in the engine: the part every
ruleset shares is ``engine.views.GameView``; the base game's view is
``engine.rulesets.base.view_types.BaseView`` and Starfarers'
``engine.rulesets.starfarers.view_types.StarfarersView`` (with their nested
parts). Events use one vocabulary across rulesets, declared in
``engine.shared.event_kinds`` and each game class's ``EVENTS``.

The base game's view (``view["ruleset"] == "base"``), read-only by contract:

========================  =====================================================
key                       meaning
========================  =====================================================
protocol                  view format version (int)
ruleset, config           ruleset name; config with the seed blanked
seat, num_seats           this bot's seat; number of seats
vp_to_win                 victory points needed to win
phase                     setup_settlement, setup_road, pre_roll, main, discard,
                          move_robber, steal, road_building, year_of_plenty,
                          gold_pick, trade_response, trade_confirm, game_over
to_act, current, turn     seat deciding now; seat whose turn it is; turn number
start, setup_pos,         first player; position in the setup snake;
setup_vertex              the settlement a setup road must touch
dice                      last roll ``[d1, d2]`` this turn or None
board                     ``hexes`` (id, q, r, terrain, number) and ``harbours``
                          (kind "3:1" or a resource, hex, sea, vertices)
robber                    land hex id of the robber
vertices                  per vertex ``[owner or -1, level]`` (1 settlement, 2 city)
edges                     per edge the owner or -1
bank                      resource -> cards left in the bank
development_deck          cards left in the development deck
dev_played_this_turn,     turn-local flags; roads left from Road Building;
free_roads, yop_left,     picks left from Year of Plenty; the phase to return to
resume_phase
steal_candidates          seats the robber may steal from (phase ``steal``)
pending                   the decision stack, bottom first: ``[kind, seat, data]``
trade                     the pending domestic offer or None: offerer, give, get,
                          to, waiting, answers (seat -> terms from the offerer's side)
offers_this_turn,         offers made this turn, and the per-turn limit
trade_limit
players                   per seat: resource_count, development_count,
                          development_new_count, played (cards per kind),
                          knights, public_vp, road_length, longest_road,
                          largest_army, settlements_left, cities_left,
                          roads_left, rates (maritime rate per resource),
                          discard_owed
me                        hand, development, development_new, vp (own total)
winner, scores            set once the game is over
========================  =====================================================

Geometry (which vertices touch which hexes) is static and public: bots may use
``engine.rulesets.base.board.base_grid()``. Every ruleset's keys, decision
kinds and actions are in docs/bot-reference.md (generated from the code);
``protocol``, ``ruleset``, ``seat``, ``phase``, ``to_act`` and ``players`` are
common to all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Protocol, cast, runtime_checkable

from engine.actions import Action
from engine.views import GameView

View = dict[str, Any]
"""A seat's view: plain JSON data (dicts, lists, str, int, bool, None). Treat it as read-only."""

EventDict = dict[str, Any]
"""One event as the seat may see it: ``{"kind": ..., ...}`` with secrets blanked for others."""


def bot_view(view: GameView) -> View:
    """The engine's typed view as a bot receives it: the same dict, read through plain keys.

    A ``GameView`` is a TypedDict, which is a plain ``dict`` at run time; bots
    (in this process or another) read it as JSON, so only the static type changes.
    """
    return cast(View, view)


ALL_RULESETS: frozenset[str] = frozenset({"base", "starfarers", "ck", "fleet"})


@runtime_checkable
class Bot(Protocol):
    """The one method every bot implements; everything else is optional.

    ``decide`` is called for *every* prompt: setup, rolls, discards, the
    robber, trade answers (``phase == "trade_response"``) and trade
    confirmations. It must return an element of ``legal`` or, for the
    open-ended ``offer_trade`` / ``counter_trade``, any action the rules allow.
    """

    name: ClassVar[str]
    rulesets: ClassVar[frozenset[str]]

    def decide(self, view: View, legal: list[Action]) -> Action: ...


class BaseBot:
    """Convenience base: declares the optional hooks as no-ops and routes trade answers.

    Subclasses set ``name`` and ``rulesets`` and implement ``choose``
    (or override ``decide`` directly). The constructor takes one ``seed``:
    the host derives it from the match seed and the seat, so a seeded match
    replays exactly.
    """

    name: ClassVar[str] = "bot"
    rulesets: ClassVar[frozenset[str]] = ALL_RULESETS
    reads_view: ClassVar[bool] = True
    """False: ``decide`` never reads ``view`` (hooks still get full views). The host may
    then hand it a view built only if read (``engine.views.LazyView``), which costs
    nothing when it is not; reading it after the decision has returned raises."""
    quick: ClassVar[bool] = False
    """True (honoured for the built-in bots only): ``decide`` answers in microseconds and
    never blocks, so no deadline can be missed and the sandbox asks it on the caller's
    thread instead of handing the call to a worker thread."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.seat: int | None = None

    def on_game_start(self, seat: int, view: View) -> None:
        """Called once before the first decision, with the starting view."""
        self.seat = seat

    def on_events(self, events: list[EventDict]) -> None:
        """Events as this seat may see them, after every action at the table."""

    def respond_to_trade(self, view: View, legal: list[Action]) -> Action | None:
        """Answer an offer (accept, decline or counter); None lets ``choose`` answer."""
        return None

    def on_game_end(self, view: View) -> None:
        """The final view (``winner`` and ``scores`` included)."""

    def decide(self, view: View, legal: list[Action]) -> Action:
        if view.get("phase") == "trade_response":
            answer = self.respond_to_trade(view, legal)
            if answer is not None:
                return answer
        return self.choose(view, legal)

    def choose(self, view: View, legal: list[Action]) -> Action:
        """Pick an action; override this (or ``decide``)."""
        raise NotImplementedError


def call_hook(bot: object, hook: str, *args: Any) -> None:
    """Call an optional hook if the bot has it; bots that skip hooks stay valid."""
    method = getattr(bot, hook, None)
    if callable(method):
        method(*args)


class HeadlessDecider:
    """``bot.decide`` as the engine's headless loop calls it (``engine.headless.Decider``),
    with the bot's ``reads_view`` declaration, so a bot that never reads views gets a lazy one.
    """

    def __init__(self, bot: Bot) -> None:
        self.decide = bot.decide
        self.reads_view = reads_view(bot)

    def __call__(self, view: GameView, legal: list[Action]) -> Action:
        return self.decide(view, legal)  # type: ignore[arg-type]  # bot_view(view), inlined


def reads_view(bot: object) -> bool:
    """Whether ``bot`` reads its views; bots that do not say so are assumed to."""
    return bool(getattr(bot, "reads_view", True))


def headless_decider(bot: Bot) -> Callable[[GameView, list[Action]], Action]:
    """``bot.decide`` as the engine's headless loop calls it (``engine.headless.Decider``)."""
    return HeadlessDecider(bot)
