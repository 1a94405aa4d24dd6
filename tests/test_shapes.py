"""The TypedDicts of ``rattus/shapes.py`` describe what the engine really hands out: every
view and every event of random seeded games has exactly their keys, with values of their
types (nested dicts and lists too), and they agree with the reference, ``docs/view.md``.

mypy checks the code that builds views and events against these classes; this test checks
the classes against the running engine, so neither can drift from the other.
"""

from __future__ import annotations

import functools
import random
import re
import types
import typing
from pathlib import Path

import pytest

import rattus
from rattus import shapes
from rattus.events import EVENT_KINDS

DOCS = Path(__file__).resolve().parent.parent / "docs" / "view.md"


@functools.cache
def _hints(typed_dict: type) -> dict:
    return typing.get_type_hints(typed_dict)


def conforms(value, hint, where: str = "value") -> list[str]:
    """What in ``value`` does not fit the type ``hint`` (TypedDict, list, dict, union,
    Literal, Any, int, str, bool, float, None): an empty list when it fits. A bool is not
    taken for an int: JSON tells them apart, and so do the docs."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin in (typing.Union, types.UnionType):
        options = [conforms(value, option, where) for option in args]
        return [] if any(not o for o in options) else min(options, key=len)
    if origin is typing.Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if typing.is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a {hint.__name__} dict"]
        keys = set(value)
        problems = [f"{where}: missing {k!r} ({hint.__name__})"
                    for k in sorted(hint.__required_keys__ - keys)]
        problems += [f"{where}: unexpected {k!r} ({hint.__name__})"
                     for k in sorted(keys - hint.__required_keys__ - hint.__optional_keys__)]
        fields = _hints(hint)
        for key in sorted(keys & set(fields)):
            problems += conforms(value[key], fields[key], f"{where}.{key}")
        return problems
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        return [p for i, item in enumerate(value) for p in conforms(item, args[0],
                                                                     f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not a dict"]
        return [p for k, v in value.items()
                for p in conforms(k, args[0], f"{where} key") + conforms(v, args[1],
                                                                          f"{where}[{k!r}]")]
    if hint is int and isinstance(value, bool):
        return [f"{where}: {value!r} is a bool, not an int"]
    if hint is float:
        return [] if isinstance(value, (int, float)) and not isinstance(value, bool) else [
            f"{where}: {value!r} is not a number"]
    return [] if isinstance(value, hint) else [
        f"{where}: {value!r} is a {type(value).__name__}, not a {hint.__name__}"]


def _games():
    """(game, events of its last action) after every action of random seeded games: enough
    of them, at every player count, for every kind of event to appear."""
    for n in range(24):
        rng = random.Random(n)
        game = rattus.new_game(2 + n % 3, seed=n)
        yield game, []
        while not game.is_over:
            yield game, game.apply(rng.choice(game.legal_actions()))


@pytest.fixture(scope="module")
def played():
    """What the games showed, with where each came from: every event, and views (a
    spectator's and every seat's) after every fifth action and wherever an event of a new
    kind appeared (so the positions after each kind are among them)."""
    views, events, kinds = [], [], set()
    for step, (game, new) in enumerate(_games()):
        if step % 5 == 0 or not {e.kind for e in new} <= kinds:
            for seat in [None, *range(game.num_players)]:
                views.append((f"step {step} seat {seat}", game.view(seat)))
        kinds |= {e.kind for e in new}
        events += [(f"step {step} event {i}", e) for i, e in enumerate(new)]
    return views, events


def test_views_have_the_keys_and_types_of_shapes_view(played):
    views, _ = played
    for where, view in views:
        assert conforms(view, shapes.View, where) == []


def test_events_have_the_keys_and_types_of_their_kinds_shape(played):
    _, events = played
    for where, event in events:
        assert isinstance(event, rattus.Event)
        shape = shapes.EVENT_SHAPES[event.kind]
        assert conforms(dict(event), shape, f"{where} {event.kind}") == []
        assert conforms(dict(event), shapes.AnyEvent, where) == []


def test_every_kind_of_event_was_seen(played):
    """The games above are enough: no shape goes unchecked."""
    _, events = played
    assert {e.kind for _, e in events} == set(shapes.EVENT_SHAPES) == set(EVENT_KINDS)


def test_the_key_sets_are_what_conforms_reads():
    """``__required_keys__`` and ``__optional_keys__`` hold every key, ``kind`` included."""
    assert "kind" in shapes.WitchLook.__required_keys__
    assert {"face", "private_to"} <= shapes.WitchLook.__required_keys__
    assert shapes.View.__required_keys__ >= {"seat", "board", "decision", "limits"}
    assert conforms({"threshold": 3, "symbols": ["M"]}, shapes.Face) == []
    assert conforms({"threshold": True, "symbols": ["M"]}, shapes.Face) != []
    assert conforms({"threshold": 3}, shapes.Face) != []
    assert conforms({"threshold": 3, "symbols": [], "id": 7}, shapes.Face) != []


def test_a_private_face_is_stripped_for_other_seats(played):
    """R8.3: ``visible_to`` drops the Witch's face for anyone but her holder."""
    _, events = played
    look = next(e for _, e in events if e.kind == "witch_look")
    other = (look["private_to"] + 1) % 2
    assert set(look.visible_to(other)) == shapes.WitchLook.__required_keys__ - {
        "face", "private_to"}
    assert look.visible_to(look["private_to"]) == dict(look)


# -- agreement with docs/view.md ------------------------------------------------------------
# On the host only: the Pyodide run copies the engine and its tests, not docs/.
needs_docs = pytest.mark.skipif(not DOCS.exists(), reason="docs/view.md is not here")

def _table(heading: str) -> list[list[str]]:
    """The rows (cells) of the first table after ``heading`` in docs/view.md."""
    text = DOCS.read_text(encoding="utf-8")
    after = text[text.index(heading):]
    rows = []
    for line in after.splitlines()[1:]:
        if line.startswith("|"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
        elif rows:
            break
    return rows[2:]  # the header and its rule


def _first_code(cell: str) -> str:
    return re.match(r"`([^`]+)`", cell).group(1)


@needs_docs
def test_the_view_keys_are_the_documented_ones():
    keys = [_first_code(row[0]) for row in _table("## Keys")]
    tops = {k.partition(".")[0] for k in keys}  # turn.number, ...: the key turn
    assert tops == set(typing.get_type_hints(shapes.View))
    assert {k.partition(".")[2] for k in keys if k.startswith("turn.")} == set(
        typing.get_type_hints(shapes.TurnView))
    fields = [_first_code(row[0]) for row in _table("### `decision`")]
    assert set(fields) == set(typing.get_type_hints(shapes.Decision))


@needs_docs
def test_the_event_fields_are_the_documented_ones():
    documented = {}
    for row in _table("## Events"):
        cell = re.sub(r"\([^)]*\)", "", row[1])  # asides: values, not fields
        code = re.sub(r"\[[^\]]*\]", "", " ".join(re.findall(r"`([^`]+)`", cell)))
        documented[_first_code(row[0])] = {f.split(":")[0].strip()
                                           for f in re.split(r"[,\s]+(?=\w)", code)} - {""}
    assert set(documented) == set(shapes.EVENT_SHAPES)
    for kind, shape in shapes.EVENT_SHAPES.items():
        assert documented[kind] | {"kind"} == set(typing.get_type_hints(shape)), kind
