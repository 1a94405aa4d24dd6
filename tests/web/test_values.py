"""model/values.py: the page's events and effects behave as the frozen dataclasses they were
(the update function and the store compare, hash and match them; tests build them by hand)."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest
from model import page_events as ev
from model.game_config import Seat
from model.ui_state import Draft, Model, Ui
from model.values import Value, field, replace


class Point(Value):
    x: int
    y: int = 0


class Labelled(Point):
    label: str = "here"


class Bag(Value):
    items: list = field(default_factory=list)


def test_fields_in_the_order_written_with_defaults_by_position_or_by_name() -> None:
    assert Point(1) == Point(x=1, y=0) == Point(1, 0)
    assert (Point(3, 4).x, Point(3, 4).y) == (3, 4)
    assert Labelled._fields == ("x", "y", "label")  # a parent's fields first
    assert Labelled(1, label="there") == Labelled(1, 0, "there")


def test_a_wrong_call_is_refused_as_a_dataclass_refuses_it() -> None:
    with pytest.raises(TypeError, match="missing 'x'"):
        Point()
    with pytest.raises(TypeError, match="takes 2 arguments"):
        Point(1, 2, 3)
    with pytest.raises(TypeError, match="'z'"):
        Point(1, z=2)
    with pytest.raises(TypeError, match="'x'"):
        Point(1, x=2)


def test_equal_and_hashed_by_class_and_fields() -> None:
    assert Point(1, 2) != Point(2, 1)
    assert Point(1, 0) != Labelled(1, 0)  # another class, even with the same fields' values
    assert ev.TakeBack() != ev.ConfirmPass()  # two effects without fields: still two
    assert ev.TakeBack() == ev.TakeBack()
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2
    assert {ev.Target("region", "Spain"): 1}[ev.Target("region", "Spain")] == 1


def test_frozen() -> None:
    point = Point(1, 2)
    with pytest.raises(FrozenInstanceError):
        point.x = 5  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del point.y
    assert point == Point(1, 2)


def test_repr_and_match_as_a_dataclass() -> None:
    assert repr(Labelled(1)) == "Labelled(x=1, y=0, label='here')"
    match ev.Target("token", ("Spain", 0)):
        case ev.Target("token", (region, slot)):
            assert (region, slot) == ("Spain", 0)
        case _:
            pytest.fail("a Target matched by position")


def test_every_event_and_effect_is_a_value_with_its_own_fields() -> None:
    kinds = [kind for kind in vars(ev).values()
             if isinstance(kind, type) and issubclass(kind, (ev.Event, ev.Effect))
             and kind not in (ev.Event, ev.Effect)]
    assert len(kinds) >= 60
    for kind in kinds:
        assert kind.__match_args__ == kind._fields, kind


def test_a_default_factory_makes_a_new_default_for_each_value() -> None:
    first, second = Bag(), Bag()
    first.items.append(1)
    assert second.items == [] and Bag([2]).items == [2]
    assert Model().ui == Ui() and Model().ui.draft == Draft()  # the page's model, from scratch


def test_replace_changes_only_the_fields_named() -> None:
    point = Labelled(1, 2)
    assert replace(point, y=5) == Labelled(1, 5, "here")
    assert point == Labelled(1, 2)  # (a new value: the old one is as it was)
    with pytest.raises(TypeError, match="'z'"):
        replace(point, z=1)
    ui = Ui()
    assert replace(ui, notice="hello").notice == "hello"
    seat = Seat("Anna", "red")  # a dataclass: dataclasses.replace does it
    assert replace(seat, name="Bo") == Seat("Bo", "red")
