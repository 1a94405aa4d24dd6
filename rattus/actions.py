"""Actions and their notation: every decision of a player is one :class:`Action`.

The notation is short, readable and round-trips (``parse_action(str(a)) == a``); it is
documented with examples in ``docs/notation.md``:

    setup Gallia                 place 2 cubes during setup (R3.5)
    take King                    take a class card (R4.1)
    place Gallia 3               place 3 cubes in Gallia (R4.2, Peasant R6.4)
    king Gallia                  King: a cube from Gallia to the palace (R6.1)
    monk Gallia/2 Hispania       Monk: the 2nd rat token of Gallia to Hispania (R6.2)
    merchant Gallia Italia 2     Merchant: 2 cubes from Gallia to Italia (R6.5)
    witch Gallia/1               Witch: look at the 1st token of Gallia (R6.6)
    witch swap | witch done      Witch: swap the two tokens looked at, or stop
    plague Hispania              move the plague piece there (R4.3; Knight R6.3)
    neutral yes | neutral no     Knight: the plague piece counts as two neutral cubes (R6.3)
    spread Italia                put a drawn rat token on Italia (R5.1)
    end                          end a final-round turn (R7.2)

Slots number a region's rat tokens from 1, oldest first (the order they are revealed, R5.3).
Actions are interned: equal actions are the same object, which keeps ``legal_actions()`` cheap.
"""

from __future__ import annotations

from .board import REGIONS
from .cards import CARDS
from .constants import CUBES_PER_PLAYER, MAX_RATS, MERCHANT_MAX
from .errors import IllegalAction

_REGION_BY_NAME = {r.lower(): r for r in REGIONS}
_CARD_BY_NAME = {c.lower(): c for c in CARDS}


class Action:
    """One decision of a player: a kind (``"place"``, ``"plague"``…) and its arguments."""

    __slots__ = ("kind", "args", "_text", "__weakref__")
    _interned: dict[tuple, Action] = {}

    kind: str
    args: tuple
    _text: str  # the notation, computed once: str(), ==, hash() read it

    def __new__(cls, kind: str, *args) -> Action:
        key = (kind, *args)
        found = cls._interned.get(key)
        if found is None or found.args != args or any(
                type(a) is not type(b) for a, b in zip(found.args, args)):
            _check_shape(kind, args)
            found = object.__new__(cls)
            object.__setattr__(found, "kind", kind)
            object.__setattr__(found, "args", tuple(args))
            object.__setattr__(found, "_text", _format(kind, args))
            cls._interned[key] = found
        return found

    def __setattr__(self, name, value):
        raise AttributeError("actions are immutable")

    def __reduce__(self):
        return (Action, (self.kind, *self.args))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action({self._text!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self._text == other._text  # the notation names an action exactly
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._text)


#: The argument types of each kind of action (the Witch has two forms).
_SHAPES: dict[str, tuple[tuple[type, ...], ...]] = {
    "setup": ((str,),), "take": ((str,),), "place": ((str, int),), "king": ((str,),),
    "monk": ((str, int, str),), "merchant": ((str, str, int),),
    "witch": ((str, int), (str,)), "plague": ((str,),), "neutral": ((str,),),
    "spread": ((str,),), "end": ((),),
}


def _check_shape(kind: str, args: tuple) -> None:
    """Refuse a malformed Action (unknown kind, wrong arity, ``True`` for a count…), so that
    one never reaches the rules or the interning table."""
    shapes = _SHAPES.get(kind)
    if shapes is None or not any(
            len(shape) == len(args) and all(type(a) is t for a, t in zip(args, shape))
            for shape in shapes):
        raise IllegalAction(f"malformed action {kind!r} {args!r}")


def notation(kind: str, args: tuple) -> str:
    """The canonical text of an action, or of a partial one (``monk Gallia/1``)."""
    if kind in ("monk", "witch") and len(args) >= 2 and isinstance(args[1], int):
        return " ".join([f"{kind} {args[0]}/{args[1]}", *map(str, args[2:])])
    return " ".join([kind, *map(str, args)])


_format = notation


def parse_action(text: str | Action) -> Action:
    """Parse the notation of ``str(action)`` (case-insensitive, extra spaces allowed).

    Raises :class:`IllegalAction` naming what is wrong; whether the action is legal *now* is
    for ``Game.apply`` to say.
    """
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise IllegalAction(f"an action is written as text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise IllegalAction("empty action")
    kind, rest = words[0].lower(), words[1:]
    parser = _PARSERS.get(kind)
    if parser is None:
        raise IllegalAction(f"unknown action {words[0]!r} in {text!r}")
    try:
        return parser(rest)
    except IllegalAction as e:
        raise IllegalAction(f"{e} in {text!r}") from None


#: Partial actions (``Game.why_not``): kind -> how many argument words may stand for the whole.
PARTIAL_WORDS: dict[str, tuple[int, ...]] = {"place": (1,), "monk": (1,), "merchant": (1, 2)}


def parse_partial(text: str | Action) -> tuple[str, tuple]:
    """``(kind, args)`` of a full action, or of the start of one: ``place Gallia`` (any
    count), ``monk Gallia/1`` (any destination), ``merchant Gallia`` and ``merchant Gallia
    Italia`` (any destination, any count). Raises :class:`IllegalAction` (the full parser's
    message) for anything else."""
    try:
        action = parse_action(text)
        return action.kind, action.args
    except IllegalAction:
        words = text.split() if isinstance(text, str) else []
        kind = words[0].lower() if words else ""
        if len(words) - 1 not in PARTIAL_WORDS.get(kind, ()):
            raise
    rest = words[1:]
    try:
        if kind == "monk":
            return kind, _slot(rest[0])
        return kind, tuple(_region(w) for w in rest)
    except IllegalAction as e:
        raise IllegalAction(f"{e} in {text!r}") from None


def _arity(words: list[str], n: int) -> None:
    if len(words) != n:
        raise IllegalAction(f"expected {n} argument{'s' if n != 1 else ''}, got {len(words)}")


def _region(word: str) -> str:
    region = _REGION_BY_NAME.get(word.lower())
    if region is None:
        raise IllegalAction(f"unknown region {word!r}")
    return region


def _slot(word: str) -> tuple[str, int]:
    name, sep, number = word.partition("/")
    if not sep or not _is_number(number) or not 1 <= int(number) <= MAX_RATS:  # R5.2
        raise IllegalAction(f"expected a rat token as Region/slot (slot 1-{MAX_RATS}),"
                            f" got {word!r}")
    return _region(name), int(number)


def _is_number(word: str) -> bool:
    """ASCII digits only: str.isdigit() also accepts '²' or '①', which int() rejects with a
    ValueError instead of the IllegalAction that parse_action promises."""
    return word.isascii() and word.isdigit()


def _count(word: str, low: int, high: int) -> int:
    if not _is_number(word) or not low <= int(word) <= high:
        raise IllegalAction(f"expected a number from {low} to {high}, got {word!r}")
    return int(word)


def _choice(word: str, choices: tuple[str, ...]) -> str:
    if word.lower() not in choices:
        raise IllegalAction(f"expected one of {', '.join(choices)}, got {word!r}")
    return word.lower()


def _take(w):
    _arity(w, 1)
    card = _CARD_BY_NAME.get(w[0].lower())
    if card is None:
        raise IllegalAction(f"unknown class card {w[0]!r}")
    return Action("take", card)


def _witch(w):
    _arity(w, 1)
    if w[0].lower() in ("swap", "done"):
        return Action("witch", w[0].lower())
    return Action("witch", *_slot(w[0]))


def _one_region(kind):
    def parse(w):
        _arity(w, 1)
        return Action(kind, _region(w[0]))
    return parse


def _place(w):
    _arity(w, 2)
    return Action("place", _region(w[0]), _count(w[1], 1, CUBES_PER_PLAYER))


def _monk(w):
    _arity(w, 2)
    return Action("monk", *_slot(w[0]), _region(w[1]))


def _merchant(w):
    _arity(w, 3)
    return Action("merchant", _region(w[0]), _region(w[1]), _count(w[2], 1, MERCHANT_MAX))


def _neutral(w):
    _arity(w, 1)
    return Action("neutral", _choice(w[0], ("yes", "no")))


def _end(w):
    _arity(w, 0)
    return Action("end")


_PARSERS = {
    "setup": _one_region("setup"),
    "take": _take,
    "place": _place,
    "king": _one_region("king"),
    "monk": _monk,
    "merchant": _merchant,
    "witch": _witch,
    "plague": _one_region("plague"),
    "neutral": _neutral,
    "spread": _one_region("spread"),
    "end": _end,
}
