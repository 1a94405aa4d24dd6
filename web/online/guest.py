"""A guest's side of an online game: :class:`Guest` — the messages it sends, and what the
host's answers mean for its page.

Why apart from the table: :class:`model.remote_table.RemoteTable` is what the page renders;
this is the conversation around it — saying hello with the seat's secret (again after a
reload or a lost connection: the host answers with the present state), sending an action's
notation and matching the host's refusal to it, learning that another device took the seat
over. Every host message is read by online/messages.py first; one that does not fit is
dropped and said (:attr:`News.kind` ``bad``), the table unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from model.remote_table import RemoteTable

from online import messages
from online.messages import BadMessage, encode


@dataclass(frozen=True)
class News:
    """What a host's message meant: ``kind`` is ``state`` (the table changed; ``moved``: the
    game moved on), ``welcome``, ``refused`` (``reason``, the engine's ``why`` for an
    illegal action, the ``ref`` of the action refused), ``taken_over``, ``rematch`` (a new
    game at the same table: :attr:`Guest.table` is a fresh one) or ``bad``."""

    kind: str
    moved: bool = False
    reason: str = ""
    why: dict | None = None
    ref: int | None = None
    detail: Any = None
    events: list = field(default_factory=list)


class Guest:
    """The device of ``seat`` (None: a spectator) in a host's room."""

    def __init__(self, site: str, seat: int | None, secret: str = "", name: str = "",
                 device: str = ""):
        self.site, self.seat, self.secret, self.name = site, seat, secret, name
        self.device = device  # this tab's id, kept over a reload (sessionStorage)
        self.table = RemoteTable(seat)
        self.welcomed = False
        self.taken_over = False
        self.host: str | None = None  # the peer that proved it is the host (its welcome)
        self._ref = 0

    def hello(self, take_over: bool = False) -> str:
        """The first message to the host (and again after any reconnection: the host's page
        may be another peer after its reload, so the proof is asked for again)."""
        self.host = None
        fields: dict[str, Any] = {"site": self.site, "seat": self.seat}
        if self.seat is not None:
            fields["secret"] = self.secret
            if take_over:
                fields["take_over"] = True
        if self.name:
            fields["name"] = self.name[:messages.NAME_LIMIT]
        if self.device:
            fields["device"] = self.device
        if take_over:
            self.taken_over = False
        return encode("hello", **fields)

    def act(self, action: Any) -> tuple[int, str]:
        """An action of this seat (an Action or its notation) as a message, with its ref."""
        self._ref += 1
        return self._ref, encode("act", action=str(action), ref=self._ref)

    def why(self, action: Any) -> tuple[int, str]:
        """Ask the host why a click of this seat does nothing (the action it meant)."""
        self._ref += 1
        return self._ref, encode("why", action=str(action)[:200], ref=self._ref)

    def receive(self, text: Any, peer: str | None = None) -> News:
        """A message from ``peer``: only the peer whose welcome proved it knows this seat's
        secret is heard from then on (another guest cannot pose as the host)."""
        if self.host is not None and peer is not None and peer != self.host:
            return News("bad", reason="not-the-host")
        try:
            m = messages.read(text, messages.HOST_TYPES, messages.HOST_LIMIT)
        except BadMessage as exc:
            return News("bad", reason=exc.reason, detail=exc.detail)
        kind = m["type"]
        if kind == "welcome":
            if m["seat"] != self.seat or (self.seat is not None and m.get("proof") !=
                                          messages.host_proof(self.secret)):
                return News("bad", reason="not-the-host")
            self.welcomed, self.host = True, peer
            return News("welcome")
        if kind == "refused":  # (before a welcome too: the host says why it gave none)
            return News("refused", reason=m["reason"], why=m.get("why"), ref=m.get("ref"),
                        detail=m.get("detail"))
        if self.host is None and peer is not None:  # no game before a proven welcome
            return News("bad", reason="not-the-host")
        if kind == "taken_over":
            self.taken_over, self.welcomed = True, False
            return News("taken_over")
        if kind == "rematch":  # the same table, a new game: its state comes next
            self.table = RemoteTable(self.seat)
            return News("rematch")
        if m["seat"] != self.seat:
            return News("bad", reason="malformed", detail="seat")
        try:
            moved = self.table.take(m["table"])
        except BadMessage as exc:
            return News("bad", reason=exc.reason, detail=exc.detail)
        return News("state", moved=moved, events=list(self.table.events) if moved else [])
