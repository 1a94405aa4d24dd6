"""Frozen values declared by their annotations, as ``@dataclass(frozen=True)`` declares them,
for the page's many small event and effect classes (model/page_events.py) and its model
(model/ui_state.py).

Why not dataclasses there: a dataclass writes the source of its ``__init__``, ``__eq__``,
``__hash__``, ``__repr__`` and the rest and compiles it when its class is made, some 1.6 ms
per class in the page's Python (WebAssembly); the page's 70 events and effects cost 116 ms of
every start, before the player sees anything, and the model's 12 big ones 43 ms more. A
:class:`Value` class is made in microseconds: its methods are shared and read the fields
from the class (``_fields``, ``_defaults``), so a value is a little slower to make, which a
click's few events and models never notice. The type checker sees them as dataclasses
(``dataclass_transform``): it checks each constructor call.

What they keep of a frozen dataclass: fields in the order of their annotations, a parent
class's first; defaults from class attributes, or made for each value
(``field(default_factory=...)``); positional or keyword arguments; equality and hash by class
and fields; ``Name(field=value, ...)`` as repr; ``__match_args__``; no attribute set after
``__init__``; :func:`replace`.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from typing import Any, ClassVar, TypeVar, dataclass_transform

T = TypeVar("T")
_MISSING: Any = object()


class _Factory:
    """A field's default made anew for each value (``field(default_factory=...)``)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make


def field(*, default_factory: Callable[[], T]) -> T:
    """A field whose default is made for each value, as dataclasses' ``field`` makes it."""
    return _Factory(default_factory)  # type: ignore[return-value]


def replace(value: T, /, **changes: Any) -> T:
    """``value`` with some fields changed, as ``dataclasses.replace`` (which it calls for a
    dataclass): the one ``replace`` of the page's frozen values, whichever their kind."""
    if not isinstance(value, Value):
        return dataclasses.replace(value, **changes)  # type: ignore[type-var]
    unknown = set(changes) - set(value._fields)
    if unknown:
        raise TypeError(f"{type(value).__name__} has no field {sorted(unknown)[0]!r}")
    return type(value)(**{name: changes.get(name, getattr(value, name))
                          for name in value._fields})


@dataclass_transform(frozen_default=True, eq_default=True, field_specifiers=(field,))
class Value:
    """A frozen value: subclass it and annotate its fields (every annotation is a field)."""

    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = [name for name in inspect.get_annotations(cls) if name not in cls._fields]
        defaults = dict(cls._defaults)
        for name in own:
            default = cls.__dict__.get(name, _MISSING)
            if default is not _MISSING:
                defaults[name] = default
        cls._fields = (*cls._fields, *own)
        cls._defaults = defaults
        type.__setattr__(cls, "__match_args__", cls._fields)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        fields = self._fields
        if len(args) > len(fields):
            raise TypeError(f"{type(self).__name__}() takes {len(fields)} arguments, "
                            f"{len(args)} given")
        given = dict(zip(fields, args))
        for name, value in kwargs.items():
            if name not in fields or name in given:
                raise TypeError(f"{type(self).__name__}() got an unexpected or repeated "
                                f"argument {name!r}")
            given[name] = value
        for name in fields:
            value = given.get(name, self._defaults.get(name, _MISSING))
            if value is _MISSING:
                raise TypeError(f"{type(self).__name__}() is missing {name!r}")
            if type(value) is _Factory:
                value = value.make()
            object.__setattr__(self, name, value)

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")
