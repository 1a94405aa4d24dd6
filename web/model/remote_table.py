"""A seat played from this device while the game lives on the host's: :class:`RemoteTable`.

Why: the frame, the digest, the odds overlay, the coach and the hint read the game only
through a :class:`model.seat_view.SeatTable`. This one is filled from the host's ``state``
messages (online/host.py, ``table_for``), which carry exactly what the seat
may know — its view (``Game.view(seat)``, R8), its legal actions when it is to act, the
public log events and who took each action — so a guest's page renders as a local seat's
would, and holds nothing its seat may not know. Once the game is over the host adds the
whole game (nothing is hidden then): the replay and the analysis read it (:meth:`finished`).

The log arrives as events, not lines: this page words them in its own language
(``text/narrate.py``), so a guest reading German beside a Danish host reads German.
Everything here is checked as it is read (:meth:`RemoteTable.take`): a host's message that
does not fit is refused whole (:class:`BadMessage`), the table unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from text.narrate import narrate_one

import rattus
from model import save_file
from model.game_config import COLOURS, KINDS, Seat, default_friend_name
from model.session import Session
from model.table_log import TableLog

if TYPE_CHECKING:
    from rattus.shapes import View

class BadMessage(ValueError):
    """A host's table that does not fit (online/messages.py says the same of a message):
    ``reason`` is a refusal code, ``detail`` what did not fit."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


#: The seat kinds a host may name: a human on some device, or a computer level.
SEAT_KINDS = frozenset(KINDS)


class RemoteTable(TableLog):
    """What this device knows of the host's game, for its seat (None: a spectator)."""

    holds_game = False  # the host's page holds it
    pass_to: int | None = None  # no pass screens: each device is one seat's
    slot: str | None = None

    def __init__(self, seat: int | None):
        self.seat = seat
        self.version = 0
        self.log, self.log_steps, self.log_events, self.actors = [], [], [], []
        self._seats: list[Seat] = []
        self._view: View | None = None
        self._legal: list[rattus.Action] = []
        self._step = 0
        self._current: int | None = None
        self._over = False
        self._undo: str | None = "start"
        self._pace = 0
        self.connected: list[bool] = []
        #: The table waits for the host's Start (docs/online.md, "The table").
        self.waiting = False
        #: Per seat: a friend's device holds it (who has arrived at the table).
        self.here: list[bool] = []
        #: Who played a friend's seat when: per seat, ``(kind, turn)`` changes of hands.
        self.played_by: dict[int, list[tuple[str, int]]] = {}
        #: The last action's events as this seat may see them (a strike to tell).
        self.events: list[dict] = []
        #: this device's seat, the computer's a while, is its own again (by the last state)
        self.given_back = False
        self._finished: Session | None = None
        self._final: Any = None

    # -- reading the host's state ----------------------------------------------------------
    def take(self, table: Any) -> bool:
        """Take a ``state`` message's table; True if the game moved on (a new step, an undo,
        other names), False if nothing but the connected devices changed. Raises
        :class:`BadMessage` (the table unchanged) if it does not fit."""
        if not isinstance(table, dict):
            raise BadMessage("malformed", "table")
        seats = _seats(table.get("seats"))
        view = table.get("view")
        if not isinstance(view, dict) or view.get("seat") != self.seat:
            raise BadMessage("malformed", "view")
        legal = _list(table.get("legal"), str)
        try:
            actions = [rattus.parse_action(a) for a in legal]
        except rattus.IllegalAction as exc:
            raise BadMessage("malformed", "legal") from exc
        step, version = _int(table.get("step")), _int(table.get("version"))
        current = table.get("current")
        if current is not None and (_int(current) >= len(seats)):
            raise BadMessage("malformed", "current")
        log = table.get("log")
        if not isinstance(log, dict):
            raise BadMessage("malformed", "log")
        start = _int(log.get("from"))
        events = _list(log.get("events"), dict)
        steps = _list(log.get("steps"), int)
        if len(events) != len(steps) or start > len(self.log_events):
            raise BadMessage("malformed", "log")
        for e in events:
            if not isinstance(e.get("kind"), str):
                raise BadMessage("malformed", "log event")
        actors = _list(table.get("actors"), int)
        undo = table.get("undo")
        if undo is not None and not isinstance(undo, str):
            raise BadMessage("malformed", "undo")
        connected = _list(table.get("connected"), bool)
        here = _list(table.get("here", []), bool)
        played = _played_by(table.get("played_by", {}), len(seats))
        last = _list(table.get("events"), dict)
        final = table.get("final")
        finished = self._finished
        if final is not None and final != self._final:
            try:
                finished = Session.from_dict(final)
            except save_file.SaveError as exc:
                raise BadMessage("malformed", "final") from exc
        names = [s.name for s in seats]
        try:
            lines = [narrate_one(e, names) or "" for e in events]
            retold = ([narrate_one(e, names) or "" for e in self.log_events[:start]]
                      if names != self.names else self.log[:start])
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise BadMessage("malformed", "log event") from exc
        moved = (step, version, names) != (self._step, self.version, self.names)
        mine = self.viewer
        self.given_back = (mine is not None and mine < min(len(seats), len(self._seats))
                           and self._seats[mine].is_bot and seats[mine].is_friend)
        # everything fits: take it whole
        self._seats, self._view, self._legal = seats, view, actions  # type: ignore[assignment]
        self._step, self.version, self._current = step, version, current
        self._over = bool(table.get("over"))
        self._undo, self._pace = undo, _int(table.get("pace_ms", 0))
        self.connected, self.events = connected, last
        self.waiting, self.here, self.played_by = bool(table.get("waiting")), here, played
        self.log = retold + lines
        self.log_events = self.log_events[:start] + events
        self.log_steps = self.log_steps[:start] + steps
        self.actors = actors
        self._final, self._finished = final, finished
        return moved

    # -- the SeatTable (model/seat_view.py) ------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return self._seats

    @property
    def names(self) -> list[str]:
        return [s.name for s in self._seats]

    @property
    def viewer(self) -> int | None:
        return self.seat

    @property
    def current(self) -> int | None:
        return self._current

    @property
    def step(self) -> int:
        return self._step

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def phase(self) -> str:
        return str(self.view()["phase"])

    @property
    def undo_blocker(self) -> str | None:
        return self._undo

    @property
    def pace_ms(self) -> int:
        return self._pace

    @property
    def received(self) -> bool:
        """A state has come (before it, there is nothing to draw)."""
        return self._view is not None

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self._seats) and self._seats[seat].is_bot

    def view(self) -> View:
        if self._view is None:
            raise ValueError("no state from the host yet")
        return self._view

    def stand_down(self) -> None:
        """This device no longer plays its seat (taken over on another device): it offers
        no action until the host sends a state again (the seat taken back)."""
        self._legal = []

    def public_view(self) -> View:
        """The public view (the results read it once the game is over, from the whole game
        the host sent then); before that, this seat's own view is all this device has."""
        if self._finished is not None:
            return self._finished.public_view()
        return self.view()

    def legal(self) -> list[rattus.Action]:
        return list(self._legal)

    def pass_knows(self) -> int:
        return 0

    def finished(self) -> Session | None:
        return self._finished


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise BadMessage("malformed", "number")
    return value


def _list(value: Any, kind: type) -> list:
    if not isinstance(value, list) or not all(isinstance(x, kind) and
                                              not (kind is int and isinstance(x, bool))
                                              for x in value):
        raise BadMessage("malformed", "list")
    return value


def _played_by(value: Any, players: int) -> dict[int, list[tuple[str, int]]]:
    if not isinstance(value, dict):
        raise BadMessage("malformed", "played_by")
    out: dict[int, list[tuple[str, int]]] = {}
    for key, changes in value.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < players):
            raise BadMessage("malformed", "played_by")
        out[int(key)] = [(c[0], _int(c[1])) for c in _list(changes, list)
                         if len(c) == 2 and c[0] in SEAT_KINDS]
    return out


def _seats(value: Any) -> list[Seat]:
    if not isinstance(value, list) or not 2 <= len(value) <= 4:
        raise BadMessage("malformed", "seats")
    seats = []
    for p, s in enumerate(value):
        if (not isinstance(s, dict) or not isinstance(s.get("name"), str)
                or s.get("colour") not in COLOURS or s.get("kind") not in SEAT_KINDS):
            raise BadMessage("malformed", "seats")
        # (a friend nobody named yet: "Friend 3" in this device's language, not the host's)
        name = default_friend_name(p) if s.get("named") is False else s["name"]
        seats.append(Seat(name, s["colour"], s["kind"]))
    return seats
