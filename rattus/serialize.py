"""The save format: the complete state as versioned JSON (``docs/state-format.md``), and its
validation. A save holds hidden information (token identities), so it is a file for the
players' own machine, never something to show.

``load`` checks everything it reads — types, ranges, conservation of cubes (R1.2) and tokens
(R1.3), at most three rats a region (R5.2), regions in play (R2.1), a coherent phase — and
raises :class:`InvalidState` naming the first problem, never another exception.
"""

from __future__ import annotations

import json
import re

from .board import REGIONS
from .cards import CARDS
from .constants import (
    CUBES_PER_PLAYER,
    MAX_PLAYERS,
    MAX_RATS,
    MIN_PLAYERS,
    REMOVED_AT_SETUP,
    SETUP_CUBES,
    SETUP_PLACEMENTS,
    SPREAD_MAX,
    WITCH_LOOKS,
)
from .errors import InvalidState
from .state import PHASES, State
from .tokens import TOKENS
from .view import setup_tokens

FORMAT = "rattus-game"
#: A save nests 3 levels deep; far deeper text is refused before ``json.loads`` sees it: in
#: Pyodide, parsing ~20000 nested brackets overflows the WebAssembly stack, a fatal error that
#: kills the interpreter instead of raising (CPython raises RecursionError).
MAX_DEPTH = 64
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
VERSION = 1
_KNOWN_CARDS = set(CARDS)


def dump(s: State) -> str:
    """The state as a JSON text (keys in a fixed order, so equal states give equal text)."""
    return json.dumps({
        "format": FORMAT,
        "version": VERSION,
        "players": s.players,
        "seed": s.seed,
        "start_player": s.start_player,
        "phase": s.phase,
        "current_player": s.current,
        "cubes": {r: s.cubes[r] for r in s.regions},
        "palace": s.palace,
        "rats": {r: s.rats[r] for r in s.regions},
        "supply": s.supply,
        "removed": s.removed,
        "revealed": s.revealed,
        "cards": {c: s.cards.get(c) for c in CARDS},
        "plague": s.plague,
        "setup_queue": s.setup_queue,
        "turn": {
            "took_card": s.took_card,
            "placed": s.placed,
            "used": s.used,
            "witch_looks": s.witch_looks,
            "witch_stage": s.witch_stage,
            "spread_left": s.spread_left,
            "neutral": s.neutral,
        },
        "knowledge": [sorted(k) for k in s.knowledge],
        "last_regular": s.last_regular,
        "final_queue": s.final_queue,
        "turns": s.turns,
        "history": s.history,
        "undo_floor": s.undo_floor,
        "undo_block": s.undo_block,
        "setup_slots": _setup_slots(s),
    }, separators=(",", ":"))


def _setup_slots(s: State) -> dict:
    """Per region, parallel to ``rats``: whether each face-down token was placed there at
    setup (R3.2) — public, see ``view.setup_tokens``. Positional, not ids, so that a save's
    hidden identities can be permuted without touching it."""
    ids = setup_tokens(s)
    return {r: [t in ids for t in s.rats[r]] for r in s.regions}


def load(text: str | bytes | dict) -> State:
    """Parse and validate a save; raise :class:`InvalidState` naming the first problem."""
    try:
        return _load(text)
    except InvalidState:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as e:
        raise InvalidState(f"not a Rattus save: {e}") from None


def _load(text) -> State:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidState("not a Rattus save: the file is not UTF-8 text") from None
    if isinstance(text, str):
        if not text.strip():
            raise InvalidState("not a Rattus save: the file is empty")
        check_nesting(text)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise InvalidState(f"not a Rattus save: not valid JSON ({e.msg} at line {e.lineno},"
                               f" column {e.colno}); the file may be truncated") from None
    else:
        data = text
        check_nesting(data)
    r = _Reader(data, "save")
    r.expect_object()
    if data.get("format") != FORMAT:
        raise InvalidState(f"not a Rattus save: 'format' is {data.get('format')!r},"
                           f" expected {FORMAT!r}")
    version = r.integer("version", 0, 10**6)
    if version != VERSION:
        raise InvalidState(f"unsupported save version {version}: this version of the game"
                           f" reads version {VERSION}")
    players = r.integer("players", MIN_PLAYERS, MAX_PLAYERS)
    s = State(players)
    seat = (0, players - 1)
    s.seed = r.optional_int("seed", -(2**63), 2**63)
    s.start_player = r.integer("start_player", *seat)
    s.phase = r.choice("phase", PHASES)
    s.current = r.integer("current_player", *seat)

    cubes = r.child("cubes").regions(s.regions)
    for region in s.regions:
        s.cubes[region] = cubes.child(region).int_list(players, players, 0, CUBES_PER_PLAYER)
    s.palace = r.int_list("palace", players, players, 0, CUBES_PER_PLAYER)
    for p in range(players):
        if s.on_board(p) + s.palace[p] > CUBES_PER_PLAYER:
            raise InvalidState(f"seat {p} has {s.on_board(p) + s.palace[p]} cubes on the board"
                               f" and in the palace, more than the {CUBES_PER_PLAYER} they own"
                               f" (R1.2)")

    rats = r.child("rats").regions(s.regions)
    token_ids = (0, len(TOKENS) - 1)
    for region in s.regions:
        s.rats[region] = rats.child(region).int_list(0, MAX_RATS, *token_ids)
    s.supply = r.int_list("supply", 0, len(TOKENS), *token_ids)
    s.removed = r.int_list("removed", 0, len(TOKENS), *token_ids)
    s.revealed = r.int_list("revealed", 0, len(TOKENS), *token_ids)
    _check_tokens(s)

    cards = r.child("cards")
    cards.expect_object()
    for key in cards.data:
        if key not in _KNOWN_CARDS:
            raise InvalidState(f"unknown class card {key!r} in cards")
    s.cards = {c: cards.optional_int(c, *seat) if c in cards.data else None for c in CARDS}
    s.plague = r.choice("plague", s.regions)
    s.setup_queue = r.int_list("setup_queue", 0, SETUP_PLACEMENTS * players, *seat)

    t = r.child("turn")
    s.took_card = t.boolean("took_card")
    s.placed = t.boolean("placed")
    s.used = t.str_list("used", _KNOWN_CARDS)
    s.witch_looks = t.int_list("witch_looks", 0, WITCH_LOOKS, *token_ids)
    s.witch_stage = t.integer("witch_stage", 0, WITCH_LOOKS)
    s.spread_left = t.integer("spread_left", 0, SPREAD_MAX)
    s.neutral = t.boolean("neutral")

    knowledge = r.array("knowledge", players, players)
    s.knowledge = [set(r.child("knowledge").item(i).int_list(0, len(TOKENS), *token_ids))
                   for i in range(len(knowledge))]
    s.last_regular = r.optional_int("last_regular", *seat)
    s.final_queue = r.int_list("final_queue", 0, players - 1, *seat)
    s.turns = r.integer("turns", 0, 10**6)
    s.history = r.str_list("history", None)
    s.undo_floor = r.integer("undo_floor", 0, len(s.history))
    s.undo_block = r.choice("undo_block", ("start", "turn", "witch", "plague"))
    if "setup_slots" in data:  # optional: older saves derive it from their seed
        slots = r.child("setup_slots").regions(s.regions)
        ids = set()
        for region in s.regions:
            flags = slots.child(region).array(None, len(s.rats[region]), len(s.rats[region]))
            for i, flag in enumerate(flags):
                if not isinstance(flag, bool):
                    raise InvalidState(f"save.setup_slots.{region}[{i}]: expected true or"
                                       f" false, got {flag!r}")
                if flag:
                    ids.add(s.rats[region][i])
        s.setup_tokens = frozenset(ids)
    _check_phase(s)
    return s


def check_nesting(data, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than ``limit`` levels: raise :class:`InvalidState` ("not a
    Rattus save: nested more than … levels deep"). ``data`` is JSON text (checked before
    ``json.loads`` sees it; brackets inside strings do not count) or an already parsed
    object (lists and dicts, walked without recursion). The one guard for every JSON file the
    engine or the page reads: in Pyodide a very deep nesting overflows the WebAssembly stack,
    a fatal error instead of an exception."""
    if _depth_over(data, limit):
        raise InvalidState(f"not a Rattus save: nested more than {limit} levels deep")


def _depth_over(data, limit: int) -> bool:
    if isinstance(data, (str, bytes, bytearray)):
        if not isinstance(data, str):
            data = bytes(data).decode("utf-8", "replace")
        depth = 0
        for bracket in _BRACKET.findall(_STRING.sub("", data)):
            if bracket in "[{":
                depth += 1
                if depth > limit:
                    return True
            else:
                depth -= 1
        return False
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in node if isinstance(child, (dict, list)))
    return False


def _check_tokens(s: State) -> None:
    """Every one of the 49 tokens is in exactly one place (R1.3), no region holds more than
    three (R5.2), and the setup removed the right number (R3.3)."""
    places = [(f"rats of {r}", ts) for r, ts in s.rats.items()]
    places += [("supply", s.supply), ("removed", s.removed), ("revealed", s.revealed)]
    seen: dict[int, str] = {}
    for name, ids in places:
        for t in ids:
            if t in seen:
                raise InvalidState(f"rat token #{t} is both in {seen[t]} and in {name}: each of"
                                   f" the {len(TOKENS)} tokens is in one place only (R1.3)")
            seen[t] = name
    if len(seen) != len(TOKENS):
        raise InvalidState(f"{len(TOKENS) - len(seen)} rat token(s) are missing: the"
                           f" {len(TOKENS)} tokens must all be accounted for (R1.3)")
    expected = REMOVED_AT_SETUP[s.players]
    if len(s.removed) != expected:
        raise InvalidState(f"{len(s.removed)} tokens removed at setup; with {s.players} players"
                           f" it is {expected} (R3.3)")
    if any(TOKENS[t].starting for t in s.removed):
        raise InvalidState("a starting token is among those removed at setup (R3.3)")


def _check_phase(s: State) -> None:
    """The turn-state fields agree with the phase."""
    n = s.players
    if s.phase == "setup":
        if not s.setup_queue or s.setup_queue[0] != s.current:
            raise InvalidState("setup: current_player must be the first of setup_queue")
    elif s.setup_queue:
        raise InvalidState(f"setup_queue must be empty in phase {s.phase!r}")
    for p in set(s.setup_queue):  # R3.5: each placement still due takes 2 from the reserve
        if s.reserve(p) < SETUP_CUBES * s.setup_queue.count(p):
            raise InvalidState(f"seat {p} has {s.reserve(p)} cubes in the reserve, too few for"
                               f" the setup placements still due (R3.5)")
    final_phase = s.phase in ("final", "over")
    if final_phase != (s.last_regular is not None):
        raise InvalidState("last_regular is set exactly when the final round has begun")
    if len(set(s.final_queue)) != len(s.final_queue) or (s.final_queue and not final_phase):
        raise InvalidState("final_queue must hold distinct seats, and only in the final round")
    if s.phase == "spread" and not s.spread_left:
        raise InvalidState("phase 'spread' needs spread_left > 0")
    if s.phase == "spread" and not s.supply:  # R5.2 Ruling: nothing left to draw
        raise InvalidState("phase 'spread' needs a token in the supply (R5.2)")
    if s.phase == "spread" and all(len(s.rats[r]) >= MAX_RATS for r in s.nbrs[s.plague]):
        raise InvalidState("phase 'spread' needs a neighbour of the plague region with fewer"
                           f" than {MAX_RATS} rat tokens (R5.2)")
    if s.phase not in ("spread",) and s.spread_left:
        raise InvalidState("spread_left must be 0 outside phase 'spread'")
    if len(s.witch_looks) < s.witch_stage:
        raise InvalidState("witch_stage counts more looks than witch_looks holds")
    if s.phase in ("spread", "neutral", "setup", "over") and s.witch_stage:
        raise InvalidState(f"the Witch cannot be in use in phase {s.phase!r}")
    for p in range(n):
        if not s.knowledge[p] <= {t for ts in s.rats.values() for t in ts}:
            raise InvalidState(f"seat {p} knows a token that is not face down on the board")


class _Reader:
    """Typed access to one JSON object, with error messages that name the field."""

    def __init__(self, data, path: str):
        self.data, self.path = data, path

    def fail(self, what: str):
        raise InvalidState(f"{self.path}: {what}")

    def expect_object(self) -> None:
        if not isinstance(self.data, dict):
            self.fail(f"expected an object, got {type(self.data).__name__}")

    def _get(self, key: str):
        self.expect_object()
        if key not in self.data:
            raise InvalidState(f"{self.path}: missing field {key!r}")
        return self.data[key]

    def child(self, key: str) -> _Reader:
        return _Reader(self._get(key), f"{self.path}.{key}")

    def item(self, index: int) -> _Reader:
        return _Reader(self.data[index], f"{self.path}[{index}]")

    def regions(self, in_play) -> _Reader:
        self.expect_object()
        for key in self.data:
            if key not in REGIONS:
                self.fail(f"unknown region {key!r}")
            if key not in in_play:
                self.fail(f"{key} is not in play with this many players (R2.1)")
        return self

    def _int(self, value, where: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidState(f"{where}: expected a whole number, got {value!r}")
        if not low <= value <= high:
            raise InvalidState(f"{where}: {value} is out of range {low}..{high}")
        return value

    def integer(self, key: str, low: int, high: int) -> int:
        return self._int(self._get(key), f"{self.path}.{key}", low, high)

    def optional_int(self, key: str, low: int, high: int) -> int | None:
        value = self._get(key)
        return None if value is None else self._int(value, f"{self.path}.{key}", low, high)

    def boolean(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise InvalidState(f"{self.path}.{key}: expected true or false, got {value!r}")
        return value

    def choice(self, key: str, choices) -> str:
        value = self._get(key)
        if value not in choices:
            raise InvalidState(f"{self.path}.{key}: {value!r} is not one of"
                               f" {', '.join(map(str, choices))}")
        return value

    def array(self, key: str | None, low: int, high: int) -> list:
        value = self.data if key is None else self._get(key)
        where = self.path if key is None else f"{self.path}.{key}"
        if not isinstance(value, list):
            raise InvalidState(f"{where}: expected a list, got {type(value).__name__}")
        if not low <= len(value) <= high:
            raise InvalidState(f"{where}: has {len(value)} entries, expected {low}..{high}")
        return value

    def int_list(self, *args) -> list[int]:
        if len(args) == 4:  # this reader is the list itself
            key, (low_n, high_n, low, high) = None, args
        else:
            key, low_n, high_n, low, high = args
        where = self.path if key is None else f"{self.path}.{key}"
        return [self._int(v, f"{where}[{i}]", low, high)
                for i, v in enumerate(self.array(key, low_n, high_n))]

    def str_list(self, key: str, allowed) -> list[str]:
        values = self.array(key, 0, 10**6)
        for i, v in enumerate(values):
            if not isinstance(v, str) or (allowed is not None and v not in allowed):
                raise InvalidState(f"{self.path}.{key}[{i}]: unexpected {v!r}")
        return values
