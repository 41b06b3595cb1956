"""Rules dispatched through the game object's own class.

A game class marks the method that checks an action type with ``@checks``,
the one that performs it with ``@applies`` and the one that lists the legal
actions of a kind of pending decision with ``@lists``. When a class is
created the marks of its whole MRO are collected into tables (``type(action)
-> function``, ``decision kind -> function``), looked up by *name* on the new
class: a subclass that overrides a rule method (same name, decorated again or
not) is what runs, and one that adds an action type or a decision kind
decorates its new methods. Lookup stays one dict access.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from engine.actions import Action

F = TypeVar("F", bound=Callable[..., Any])

_MARK = "_rule_steps"
CHECK = "check"
APPLY = "apply"
LIST = "list"


def _mark(step: str, keys: tuple[Any, ...]) -> Callable[[F], F]:
    def decorate(fn: F) -> F:
        steps: list[tuple[str, tuple[Any, ...]]] = getattr(fn, _MARK, [])
        setattr(fn, _MARK, [*steps, (step, keys)])
        return fn

    return decorate


def checks(*types: type[Action]) -> Callable[[F], F]:
    """Mark a method as the check of these action types: ``(self, action) -> str | None``."""
    return _mark(CHECK, types)


def applies(*types: type[Action]) -> Callable[[F], F]:
    """Mark a method as performing these action types: ``(self, action) -> list[Event]``."""
    return _mark(APPLY, types)


def lists(*kinds: str) -> Callable[[F], F]:
    """Mark a method as listing the legal actions of these decision kinds.

    It is called as ``(self, decision) -> list[Action]`` for the decision on top.
    """
    return _mark(LIST, kinds)


def overrides(cls: type, name: str) -> bool:
    """Whether `cls` replaces the first definition of `name` in its MRO (a hook overridden).

    `_prepare_class` uses it to keep a hook's default inlined on a hot path and
    call the hook only for the classes that change it.
    """
    defined = [vars(k)[name] for k in cls.__mro__ if name in vars(k)]
    return len(defined) > 1 and defined[0] is not defined[-1]


class RuleDispatch:
    """Mixin: collects the marked rule methods of each subclass into its tables."""

    CHECKS: ClassVar[dict[type[Action], Callable[[Any, Action], str | None]]] = {}
    APPLIES: ClassVar[dict[type[Action], Callable[[Any, Action], Any]]] = {}
    LISTS: ClassVar[dict[str, Callable[[Any, Any], list[Action]]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: dict[str, dict[Any, str]] = {CHECK: {}, APPLY: {}, LIST: {}}
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                for step, keys in getattr(fn, _MARK, ()):
                    for key in keys:
                        names[step][key] = name
        cls.CHECKS = {t: getattr(cls, name) for t, name in names[CHECK].items()}
        cls.APPLIES = {t: getattr(cls, name) for t, name in names[APPLY].items()}
        cls.LISTS = {k: getattr(cls, name) for k, name in names[LIST].items()}
        missing = set(cls.CHECKS) ^ set(cls.APPLIES)
        if missing:
            listed = ", ".join(sorted(t.__name__ for t in missing))
            raise TypeError(f"{cls.__name__}: actions without both a check and an apply: {listed}")
        cls._prepare_class()

    @classmethod
    def _prepare_class(cls) -> None:
        """Hook run once per class after the tables are made (before ABC checks it is complete)."""
