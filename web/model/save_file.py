"""Save files: a game and who plays it, as one JSON envelope (export, import, autosave).

The envelope (``FORMAT``, version ``VERSION``)::

    {"format": "rattus-savefile", "version": 1,
     "game": <Game.to_json() as an object: the complete state, hidden faces included>,
     "seats": [{"name": "Ann", "colour": "red", "kind": "human"}, ...],
     "pace_ms": 300,
     "resume": {"screen_seat": 0, "pass_to": null, "results_closed": false,
                "lesson": {"seen": ["ending"], "note": "ending"}}}   (optional; lesson:
                                                                     during the lesson only)

Why its own module: a file from anywhere is untrusted input. :func:`load` checks the envelope
(format, version, seats: names, distinct known colours, known seat kinds), then hands the game
to ``Game.from_json``, which checks the position and replays its history from the seed, so a
hand-edited position — even one that keeps every count right — is refused. Every problem comes
out as :class:`SaveError` with a catalogue key (never another exception), so the page can say
what is wrong and leave the current game alone.

A save must carry its seed: without it the history cannot be replayed, so neither checked nor
undone nor replayed. A bare engine save (``"format": "rattus-game"``) is accepted too, with
default seats. Pure Python, no browser imports: unit-tested on CPython (tests/web/test_savefile.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import rattus
from model.game_config import COLOURS, DEFAULT_PACE_MS, KINDS, Config, Seat, default_seats
from rattus.serialize import check_nesting

FORMAT = "rattus-savefile"
VERSION = 1
#: Far larger than any real game (a finished 4-player game is ~10 kB): refuse before parsing.
MAX_BYTES = 1_000_000
#: The envelope nests 4 levels deep; deeper text is refused before ``json.loads`` sees it (in
#: Pyodide a very deep nesting overflows the WebAssembly stack instead of raising), by the
#: engine's one guard, ``rattus.serialize.check_nesting``.
MAX_DEPTH = 64
MAX_NAME = 40
MAX_PACE_MS = 60_000


class SaveError(ValueError):
    """A save that cannot be used. ``key`` is a catalogue key (``err.save.*``) and
    ``details`` its fields; ``str()`` is a short English text for logs."""

    def __init__(self, key: str, **details):
        super().__init__(f"{key} {details}" if details else key)
        self.key = key
        self.details = details


@dataclass
class Loaded:
    """A save that passed every check."""

    config: Config
    game: rattus.Game
    resume: dict = field(default_factory=dict)


def dump(config: Config, game: rattus.Game, resume: dict | None = None) -> dict:
    """The envelope for ``game`` played by ``config.seats`` (JSON-ready)."""
    out = {
        "format": FORMAT,
        "version": VERSION,
        "game": json.loads(game.to_json()),
        "seats": [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in config.seats],
        "pace_ms": config.pace_ms,
    }
    if resume is not None:
        out["resume"] = dict(resume)
    return out


def dumps(config: Config, game: rattus.Game, resume: dict | None = None) -> str:
    return json.dumps(dump(config, game, resume), separators=(",", ":"), ensure_ascii=False)


def load(data: str | bytes | dict) -> Loaded:
    """Check a save (text, bytes or an already parsed object); raise :class:`SaveError`."""
    try:
        return _load(data)
    except SaveError:
        raise
    except rattus.InvalidState as exc:
        raise SaveError("err.save.game", detail=str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - whatever a file holds, say it, never crash
        raise SaveError("err.save.damaged", detail=f"{type(exc).__name__}: {exc}") from None


def _parse(data) -> object:
    if isinstance(data, (bytes, bytearray)):
        if len(data) > MAX_BYTES:
            raise SaveError("err.save.too_big", limit=MAX_BYTES // 1000)
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise SaveError("err.save.not_text") from None
    if not isinstance(data, str):
        return data
    if len(data) > MAX_BYTES:
        raise SaveError("err.save.too_big", limit=MAX_BYTES // 1000)
    data = data.lstrip("\ufeff")
    if not data.strip():
        raise SaveError("err.save.empty")
    try:
        check_nesting(data, MAX_DEPTH)
    except rattus.InvalidState:
        raise SaveError("err.save.not_json",
                        detail=f"nested more than {MAX_DEPTH} levels") from None
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise SaveError("err.save.not_json",
                        detail=f"{exc.msg}, line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise SaveError("err.save.not_json", detail="nested too deeply") from None


def _load(data) -> Loaded:
    obj = _parse(data)
    if not isinstance(obj, dict):
        raise SaveError("err.save.foreign")
    fmt = obj.get("format")
    if fmt == "rattus-game":  # a bare engine save: default seats
        obj = {"format": FORMAT, "version": VERSION, "game": obj}
    elif fmt != FORMAT:
        raise SaveError("err.save.foreign")
    version = obj.get("version")
    if version != VERSION or isinstance(version, bool):
        raise SaveError("err.save.version", version=_short(version), supported=VERSION)
    game_data = obj.get("game")
    if not isinstance(game_data, dict):
        raise SaveError("err.save.field", field="game")
    seed = game_data.get("seed")
    if seed is None or isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError("err.save.no_seed")
    game = rattus.Game.from_json(game_data)  # InvalidState -> err.save.game (see load)
    n = game.num_players
    seats = _seats(obj["seats"], n) if "seats" in obj else default_seats(n)
    pace = obj.get("pace_ms", DEFAULT_PACE_MS)
    if isinstance(pace, bool) or not isinstance(pace, int) or not 0 <= pace <= MAX_PACE_MS:
        raise SaveError("err.save.field", field="pace_ms")
    config = Config(seats=seats, start=game_data["start_player"], seed=game.seed, pace_ms=pace)
    resume = obj.get("resume")
    return Loaded(config, game, _resume(resume, config, game) if resume is not None else {})


def _seats(data, n: int) -> list[Seat]:
    if not isinstance(data, list) or len(data) != n:
        raise SaveError("err.save.seats", problem=f"{n} players expected")
    seats = []
    for i, s in enumerate(data, 1):
        if not isinstance(s, dict):
            raise SaveError("err.save.seats", problem=f"seat {i} is not an object")
        name, colour, kind = s.get("name"), s.get("colour"), s.get("kind", "human")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or any(
                ord(c) < 32 for c in name):
            raise SaveError("err.save.seats", problem=f"name of seat {i}")
        if colour not in COLOURS:
            raise SaveError("err.save.seats", problem=f"colour of seat {i}")
        if kind not in KINDS:
            raise SaveError("err.save.seats", problem=f"player type of seat {i}")
        seats.append(Seat(name.strip(), colour, kind))
    if len({s.colour for s in seats}) != n:
        raise SaveError("err.save.seats", problem="two seats share a colour")
    return seats


def _resume(data, config: Config, game: rattus.Game) -> dict:
    """Who sat at the screen (autosave only). Anything odd is dropped, never trusted: the
    worst case is an extra pass screen, never a seat's secrets shown to another."""
    if not isinstance(data, dict):
        return {}
    humans = [i for i, s in enumerate(config.seats) if not s.is_bot]
    out: dict = {}
    seat = data.get("screen_seat")
    if seat is None or (type(seat) is int and seat in humans):
        out["screen_seat"] = seat
    pass_to = data.get("pass_to")
    if pass_to is None or (type(pass_to) is int and pass_to in humans and not game.is_over
                           and pass_to == game.current_player):
        out["pass_to"] = pass_to
    if len(out) < 2:
        return {}
    if type(data.get("results_closed")) is bool:
        out["results_closed"] = data["results_closed"]
    if isinstance(data.get("lesson"), dict):  # the lesson's notes (ui_state.Coach checks it)
        out["lesson"] = data["lesson"]
    table = data.get("table")  # an online rematch's room: its first game's slot
    if isinstance(table, str) and 0 < len(table) <= 64:
        out["table"] = table
    played = _played_by(data.get("played_by"), config)
    if played:
        out["played_by"] = played
    return out


def _played_by(data, config: Config) -> dict[int, list[tuple[str, int]]]:
    """Who played a friend's seat when (an online game: model/session.py's ``played_by``);
    anything odd is dropped."""
    out: dict[int, list[tuple[str, int]]] = {}
    if not isinstance(data, dict):
        return out
    for key, changes in list(data.items())[:4]:
        if not (isinstance(key, str) and key.isdigit() and int(key) < config.players
                and isinstance(changes, list)):
            continue
        kept = [(c[0], c[1]) for c in changes[:64]
                if isinstance(c, list) and len(c) == 2 and c[0] in KINDS
                and type(c[1]) is int and c[1] >= 0]
        if kept:
            out[int(key)] = kept
    return out


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."
