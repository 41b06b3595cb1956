#!/usr/bin/env python3
"""Write docs/bot-reference.md, the bot author's reference, from the engine's own code.

    python scripts/bot_reference.py           # rewrite docs/bot-reference.md
    python scripts/bot_reference.py --check   # exit 1 if the file is out of date

For every ruleset the registry knows (`engine.registry`), in its order:

* the view's keys, nested parts included: the TypedDicts its game's `view()`
  returns (engine/views.py, engine/rulesets/*/view_types.py), each key with
  its type as written and its attribute docstring, read from the source (the
  interpreter does not keep them);
* the decision kinds a seat can be asked (the view's `phase`): the
  `PHASE_NAMES` the game's module uses and the kinds its rule tables list
  (`LISTS`), each with the comment or docstring of the constant declaring it;
* the action types its codec decodes, with their fields and the first line
  of their class docstring;
* its options (`config.options`).

Nothing here states a fact about a ruleset: everything is read from where the
engine declares it, so a key, a kind or an action added there shows up here
(and `tests/test_bot_reference.py` fails until the file is written again).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import importlib
import inspect
import io
import json
import re
import sys
import tokenize
import types
import typing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "docs" / "bot-reference.md"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.actions import Action  # noqa: E402
from engine.config import GameConfig  # noqa: E402
from engine.registry import Ruleset, get_ruleset, new_game, ruleset_names  # noqa: E402


# -- reading the source ---------------------------------------------------------------------
@dataclass(frozen=True)
class Member:
    """A field of a class as its source writes it: `name: annotation = default`, a docstring."""

    name: str
    annotation: str
    default: str | None
    doc: str


@dataclass(frozen=True)
class ClassSource:
    bases: tuple[str, ...]
    members: tuple[Member, ...]
    doc: str
    """The docstring's first paragraph, as one line."""


def _one_line(text: str | None) -> str:
    """A docstring as one line of prose (its lines joined)."""
    return " ".join(inspect.cleandoc(text).split()) if text else ""


@cache
def _source(module: str) -> tuple[str, ast.Module]:
    path = importlib.import_module(module).__file__
    assert path is not None, module
    text = Path(path).read_text(encoding="utf-8")
    return text, ast.parse(text)


def _docstring_after(body: Sequence[ast.stmt], i: int) -> str:
    """The string literal that follows statement `i` of `body`, if one does."""
    if i + 1 < len(body):
        nxt = body[i + 1]
        if (
            isinstance(nxt, ast.Expr)
            and isinstance(nxt.value, ast.Constant)
            and isinstance(nxt.value.value, str)
        ):
            return _one_line(nxt.value.value)
    return ""


def class_source(cls: type) -> ClassSource:
    """The bases, annotated fields (in order) and docstring of `cls` as its module writes them."""
    return _class_source(cls.__module__, cls.__name__)


@cache
def _class_source(module: str, name: str) -> ClassSource:
    text, tree = _source(module)
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == name:
            members = []
            for i, stmt in enumerate(node.body):
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    annotation = ast.get_source_segment(text, stmt.annotation) or ""
                    default = None
                    if stmt.value is not None:
                        default = ast.get_source_segment(text, stmt.value)
                    doc = _docstring_after(node.body, i)
                    members.append(Member(stmt.target.id, annotation, default, doc))
            bases = tuple(ast.get_source_segment(text, b) or "" for b in node.bases)
            summary = (ast.get_docstring(node) or "").split("\n\n")[0]
            return ClassSource(bases, tuple(members), _one_line(summary))
    raise LookupError(f"no class {name} at the top of {module}")


def _relative(module: str) -> str:
    path = importlib.import_module(module).__file__
    assert path is not None, module
    return Path(path).resolve().relative_to(ROOT).as_posix()


def _imported_name(module: str, name: str) -> Any:
    """`name` as `module` sees it, also when imported only for type checking."""
    found = vars(importlib.import_module(module)).get(name)
    if found is not None:
        return found
    _, tree = _source(module)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                if (alias.asname or alias.name) == name:
                    return getattr(importlib.import_module(node.module), alias.name)
    raise LookupError(f"{module} does not know {name}")


# -- view keys ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ViewKey:
    path: str
    """Where the key is: `a.b` key b of the object at a, `a[]` each item of list a,
    `a{}` each value of object a."""
    type: str
    """Its type as the source writes it."""
    meaning: str
    declared_in: str
    """The TypedDict that declares it (the most derived one)."""


def _typeddict_chain(td: type) -> list[type]:
    """`td` and the TypedDicts it extends, the root first."""
    chain: list[type] = []
    for base in class_source(td).bases:
        parent = _imported_name(td.__module__, base)
        if typing.is_typeddict(parent):
            chain.extend(c for c in _typeddict_chain(parent) if c not in chain)
    return [*chain, td]


def _nested(tp: Any, suffix: str = "") -> list[tuple[str, type]]:
    """The TypedDicts inside a key's type, each with the path step that reaches it."""
    if typing.is_typeddict(tp):
        return [(suffix, tp)]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.NotRequired, typing.Required, typing.Union, types.UnionType):
        return [found for arg in args for found in _nested(arg, suffix)]
    if origin is list:
        return _nested(args[0], suffix + "[]")
    if origin is dict:
        return _nested(args[1], suffix + "{}")
    return []


def view_keys(td: type, prefix: str = "") -> list[ViewKey]:
    """Every key of the TypedDict `td`, its nested TypedDicts' keys after it, in source order."""
    written: dict[str, tuple[str, str, str]] = {}
    for cls in _typeddict_chain(td):
        for m in class_source(cls).members:
            doc = m.doc or (written[m.name][1] if m.name in written else "")
            written[m.name] = (m.annotation, doc, cls.__name__)
    hints = typing.get_type_hints(td, include_extras=True)
    out: list[ViewKey] = []
    for name, (annotation, doc, owner) in written.items():
        path = prefix + name
        out.append(ViewKey(path, annotation, doc, owner))
        seen: set[tuple[str, type]] = set()
        for step, sub in _nested(hints[name]):
            if (step, sub) not in seen:
                seen.add((step, sub))
                out.extend(view_keys(sub, f"{path}{step}."))
    return out


def view_type(game_cls: type) -> type:
    """The TypedDict the game class's `view()` is declared to return."""
    view = game_cls.view  # type: ignore[attr-defined]
    name = inspect.signature(view).return_annotation
    found = _imported_name(view.__module__, name) if isinstance(name, str) else name
    assert typing.is_typeddict(found), f"{game_cls.__name__}.view returns {name}"
    return typing.cast(type, found)


# -- decision kinds -------------------------------------------------------------------------
@dataclass(frozen=True)
class Declaration:
    """A string constant declaring a decision kind, with the comments about it."""

    constant: str
    module: str
    line: int
    comment: str
    """The comment on its line, or the docstring after it."""
    group: str
    """The comment heading the block of lines it is in."""


@dataclass(frozen=True)
class Kind:
    name: str
    declared: Declaration | None

    @property
    def meaning(self) -> str:
        return self.declared.comment if self.declared else ""


def _comments(text: str) -> dict[int, str]:
    """Line number -> the comment on it."""
    out = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string.lstrip("#").strip()
    return out


def _group(lines: list[str], comments: dict[int, str], line: int) -> str:
    """The comment heading the block of lines (no blank line between) that holds `line`."""
    n = line - 1
    while n >= 1 and lines[n - 1].strip():
        if lines[n - 1].lstrip().startswith("#"):
            block: list[str] = []
            while n >= 1 and lines[n - 1].lstrip().startswith("#"):
                block.insert(0, comments[n])
                n -= 1
            return " ".join(block)
        n -= 1
    return ""


@cache
def _string_constants(module: str, in_tuples: bool) -> dict[str, Declaration]:
    """Module-level `NAME = "value"` constants of `module` by value, with their comments;
    `in_tuples`: the strings of module-level `NAME = ("value", ...)` tuples instead."""
    text, tree = _source(module)
    lines = text.splitlines()
    comments = _comments(text)
    out: dict[str, Declaration] = {}
    for i, node in enumerate(tree.body):
        if not (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            continue
        name, value = node.targets[0].id, node.value
        if not in_tuples and isinstance(value, ast.Constant) and isinstance(value.value, str):
            end = node.end_lineno or node.lineno
            comment = comments.get(end, "") or _docstring_after(tree.body, i)
            group = _group(lines, comments, node.lineno)
            decl = Declaration(name, _relative(module), node.lineno, comment, group)
            out.setdefault(value.value, decl)
        elif in_tuples and isinstance(value, ast.Tuple):
            for j, elt in enumerate(value.elts):
                if isinstance(elt, ast.Constant) and isinstance(elt.value, str):
                    comment = comments.get(elt.end_lineno or elt.lineno, "")
                    group = _group(lines, comments, elt.lineno)
                    decl = Declaration(
                        f"{name}[{j}]", _relative(module), elt.lineno, comment, group
                    )
                    out.setdefault(elt.value, decl)
    return out


def _package_modules(cls: type) -> list[str]:
    """The modules of the package that holds `cls`'s module, sorted."""
    module = importlib.import_module(cls.__module__)
    package = module.__package__ or ""
    assert module.__file__ is not None
    here = Path(module.__file__).parent
    names = sorted(p.stem for p in here.glob("*.py") if p.stem != "__init__")
    return [f"{package}.{name}" if package else name for name in names]


def decision_kinds(game_cls: type) -> list[Kind]:
    """The kinds of decision a game of `game_cls` can wait for, where each is declared.

    The `PHASE_NAMES` its class's module uses (or its nearest parent's) come
    first, in their order; then the kinds its rule tables list, in the order
    of their declarations. A kind's declaration is the string constant of that
    value in the packages of the class and its parents, nearest first (or,
    failing one, the string in a module-level tuple there).
    """
    modules: list[str] = []
    for klass in game_cls.__mro__:
        if klass.__module__.startswith("engine."):
            modules += [m for m in _package_modules(klass) if m not in modules]
    declared: dict[str, Declaration] = {}
    rank: dict[str, int] = {}
    for in_tuples in (False, True):  # a named constant first, else an item of a tuple
        for i, module in enumerate(modules):
            for value, decl in _string_constants(module, in_tuples).items():
                if value not in declared:
                    declared[value] = decl
                    rank[value] = i
    names: list[str] = []
    for klass in game_cls.__mro__:
        phases = vars(sys.modules[klass.__module__]).get("PHASE_NAMES")
        if phases:
            names = list(phases)
            break
    listed: dict[str, Any] = getattr(game_cls, "LISTS", {})
    more = [k for k in listed if k not in names]
    more.sort(
        key=lambda k: (rank.get(k, len(modules)), declared[k].line if k in declared else 0, k)
    )
    return [Kind(name, declared.get(name)) for name in (*names, *more)]


# -- actions --------------------------------------------------------------------------------
@dataclass(frozen=True)
class ActionField:
    name: str
    type: str
    default: str | None
    doc: str


@dataclass(frozen=True)
class ActionType:
    tag: str
    cls: str
    module: str
    fields: tuple[ActionField, ...]
    doc: str


def action_types(ruleset: Ruleset) -> list[ActionType]:
    """Every action class the ruleset's codec decodes, in the codec's (source) order."""
    out = []
    for tag, cls in ruleset.codec.by_type.items():
        written = {m.name: m for c in cls.__mro__[::-1] if _is_action(c) for m in _members(c)}
        fields = []
        for f in dataclasses.fields(cls):
            m = written.get(f.name)
            ftype = m.annotation if m else (f.type if isinstance(f.type, str) else repr(f.type))
            default = m.default if m else None
            fields.append(ActionField(f.name, ftype, default, m.doc if m else ""))
        doc = class_source(cls).doc
        out.append(ActionType(tag, cls.__name__, _relative(cls.__module__), tuple(fields), doc))
    return out


def _is_action(cls: type) -> bool:
    return isinstance(cls, type) and issubclass(cls, Action) and cls is not Action


def _members(cls: type) -> tuple[Member, ...]:
    return class_source(cls).members


# -- type names -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Alias:
    name: str
    value: str
    module: str
    doc: str


@cache
def _aliases(module: str) -> dict[str, Alias]:
    """Module-level `Name = <type>` assignments of `module` that have a docstring."""
    text, tree = _source(module)
    out = {}
    for i, node in enumerate(tree.body):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
        ):
            doc = _docstring_after(tree.body, i)
            name = node.targets[0].id
            if doc and not isinstance(getattr(sys.modules[module], name, None), str):
                value = ast.get_source_segment(text, node.value) or ""
                out[name] = Alias(name, value, _relative(module), doc)
    return out


def type_names(written: Sequence[str], modules: Sequence[str]) -> list[Alias]:
    """The documented type aliases that the types `written` name, sorted by name."""
    known: dict[str, Alias] = {}
    for module in modules:
        for name, alias in _aliases(module).items():
            known.setdefault(name, alias)
    used = {w for text in written for w in re.findall(r"[A-Za-z_]\w*", text)}
    return [known[n] for n in sorted(used & set(known))]


# -- the reference --------------------------------------------------------------------------
@dataclass(frozen=True)
class RulesetReference:
    name: str
    ruleset: Ruleset
    view: type
    keys: tuple[ViewKey, ...]
    kinds: tuple[Kind, ...]
    actions: tuple[ActionType, ...]


def reference(name: str) -> RulesetReference:
    ruleset = get_ruleset(name)
    game_cls = type(new_game(GameConfig(name, ruleset.seats[0], 1, {})))
    td = view_type(game_cls)
    return RulesetReference(
        name,
        ruleset,
        td,
        tuple(view_keys(td)),
        tuple(decision_kinds(game_cls)),
        tuple(action_types(ruleset)),
    )


def references() -> list[RulesetReference]:
    return [reference(name) for name in ruleset_names()]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code(text: str) -> str:
    return f"`{_cell(text)}`" if text else ""


def _choices(values: Sequence[Any]) -> str:
    shown = [_code(json.dumps(v)) for v in values]
    if len(shown) > 6:
        return f"{shown[0]} … {shown[-1]}"
    return ", ".join(shown)


def _seats(seats: Sequence[int]) -> str:
    *most, last = (str(s) for s in seats)
    return f"{', '.join(most)} or {last}" if most else last


def _anchor(title: str) -> str:
    return re.sub(r"[^a-z0-9 -]", "", title.lower()).replace(" ", "-")


INTRO = """\
# Bot reference

Generated by `scripts/bot_reference.py` from the engine's code: do not edit it
by hand. After changing a view type, a decision kind or an action, run
`python scripts/bot_reference.py`; `tests/test_bot_reference.py` fails while
this file is out of date. How a bot is written and run: `ai/README.md`.

For each ruleset: the keys of the view a bot is handed, what the game can ask
(the view's `phase`), the actions it can answer with, and its options.

Key paths: `a.b` is key `b` of the object at `a`; `a[]` each item of the list
`a`; `a{}` each value of the object `a` (objects are keyed by name, or by seat
number as a string). Per-vertex, per-edge and per-hex lists are indexed by the
board's ids. A type `NotRequired[...]` marks a key that may be absent.
"""


def _type_names_section(refs: Sequence[RulesetReference]) -> list[str]:
    written = [k.type for r in refs for k in r.keys]
    written += [f.type for r in refs for a in r.actions for f in a.fields]
    modules: list[str] = []
    for r in refs:
        for cls in _typeddict_chain(r.view):
            modules.append(cls.__module__)
        for action in r.ruleset.codec.by_type.values():
            modules += [c.__module__ for c in action.__mro__ if _is_action(c) or c is Action]
    modules = list(dict.fromkeys(modules))
    aliases = type_names(written, modules)
    if not aliases:
        return []
    out = ["## Type names", "", "| name | is | meaning | declared in |", "|---|---|---|---|"]
    for a in aliases:
        out.append(f"| `{a.name}` | {_code(a.value)} | {_cell(a.doc)} | {a.module} |")
    return [*out, ""]


def _ruleset_section(ref: RulesetReference) -> list[str]:
    rs = ref.ruleset
    view_module = _relative(ref.view.__module__)
    out = [
        f"## {rs.title} (`{ref.name}`)",
        "",
        f"Seats: {_seats(rs.seats)}. The view is `{ref.view.__name__}` ({view_module}).",
        "",
        f"### View keys ({ref.name})",
        "",
        "| key | type | meaning | declared in |",
        "|---|---|---|---|",
    ]
    for k in ref.keys:
        out.append(f"| `{k.path}` | {_code(k.type)} | {_cell(k.meaning)} | {k.declared_in} |")
    has_pending = any(k.path == "pending" for k in ref.keys)
    out += ["", f"### Decision kinds ({ref.name})", ""]
    if has_pending:
        out += [
            "The view's `phase` is the kind of the decision on top of `pending`, whose",
            "entries are `[kind, seat, data]`, bottom first; `to_act` is that seat. A kind's",
            "note says what its `data` holds. A comment heading a group of kinds is in italics.",
        ]
    else:
        out += [
            "The view's `phase` is one of these kinds; `to_act` is the seat that answers.",
            "A comment heading a group of kinds is in italics.",
        ]
    out += ["", "| kind | declared as | meaning |", "|---|---|---|"]
    group = ""
    for kind in ref.kinds:
        d = kind.declared
        if d and d.group and d.group != group:
            out.append(f"| *{_cell(d.group)}* | | |")
        group = d.group if d else ""
        where = f"`{d.constant}`, {d.module}" if d else "(not declared as a constant)"
        out.append(f"| `{kind.name}` | {where} | {_cell(kind.meaning)} |")
    out += [
        "",
        f"### Action types ({ref.name})",
        "",
        'An action travels as JSON: `{"type": tag, field: value, ...}`; a `Bag` is an',
        "object of card name -> count and a tuple a list. Fields with a default may be left",
        "out. Answer with one of the legal actions the bot is given (trade offers and",
        "counter-offers may be any the rules allow).",
        "",
        "| type | fields | meaning | class |",
        "|---|---|---|---|",
    ]
    for a in ref.actions:
        parts = []
        for f in a.fields:
            text = f"{f.name}: {f.type}" + (f" = {f.default}" if f.default is not None else "")
            parts.append(_code(text) + (f" ({_cell(f.doc)})" if f.doc else ""))
        fields = ", ".join(parts) or "none"
        out.append(f"| `{a.tag}` | {fields} | {_cell(a.doc)} | `{a.cls}`, {a.module} |")
    if rs.options:
        out += [
            "",
            f"### Options ({ref.name})",
            "",
            "In `config.options`, every one set.",
            "",
            "| option | values | default | meaning |",
            "|---|---|---|---|",
        ]
        for o in rs.options:
            default = _choices([o.default])
            out.append(f"| `{o.name}` | {_choices(o.choices)} | {default} | {_cell(o.help)} |")
    return [*out, ""]


def render(refs: Sequence[RulesetReference] | None = None) -> str:
    refs = references() if refs is None else refs
    lines = [INTRO, "## Contents", ""]
    for ref in refs:
        title = f"{ref.ruleset.title} (`{ref.name}`)"
        counts = f"{len(ref.keys)} view keys, {len(ref.kinds)} decision kinds"
        counts += f", {len(ref.actions)} action types"
        lines.append(f"* [{title}](#{_anchor(title)}): {counts}")
    lines.append("")
    lines += _type_names_section(refs)
    for ref in refs:
        lines += _ruleset_section(ref)
    return "\n".join(lines).rstrip("\n") + "\n"


def _iter_missing(refs: Sequence[RulesetReference]) -> Iterator[str]:
    for ref in refs:
        for k in ref.keys:
            if not k.meaning:
                yield f"{ref.name}: view key {k.path} ({k.declared_in}) has no docstring"


def main(argv: Sequence[str] | None = None, path: Path = OUTPUT) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is out of date")
    args = parser.parse_args(argv)
    refs = references()
    text = render(refs)
    for problem in _iter_missing(refs):
        print(f"warning: {problem}", file=sys.stderr)
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    if args.check:
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            print(f"{shown} is out of date: run python scripts/bot_reference.py")
            return 1
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
