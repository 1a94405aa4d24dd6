"""The host's side of an online game: :class:`Host` — who holds which seat, what each device
is sent, and the checks on everything a guest sends.

Why the host decides: the host's page holds the only engine game (model/session.py); the
other devices hold a :class:`model.remote_table.RemoteTable` each. A guest sends only
actions (their notation) for its own seat; :meth:`Host.receive` checks the message
(online/messages.py), the sender's claim on the seat, that the seat is to act, and that the
action is legal now (``Game.legal_actions``; a refusal carries ``Game.why_not``), and only
then hands the action to the store as a page event (``RemoteMove``): the game changes where
every game changes, in the store's effects. Whatever is refused changes nothing.

What each device is sent (:func:`table_for`): its seat's view (``Game.view(seat)``, R8), its
legal actions when it is to act, the log as public events, the last strike's events as that
seat may see them, who is connected — never the whole state, never another seat's Witch
looks, never the host's hints. A spectator gets the public view. Once the game is over the
whole game goes too (nothing is hidden then: the replay and the analysis).

Seats are claimed, not guessed: each invitation carries its seat's secret. A second device
with the same secret is told the seat is taken (``refused`` ``seat-taken``) and may ask again
with ``take_over``; the first device is then told (``taken_over``) and its messages are
refused from then on. A device that comes back (a reload, a lost network) says hello again
and gets the present state.

Who is here (presence): every device says something at least every ``PING_S`` seconds
(a ``ping`` when it has nothing else to say; :meth:`Host.tick` sends the host's); a device
not heard for ``AWAY_S`` seconds is away — its seat says so on every device, with how long
ago it was last heard, and a newcomer with the seat's secret takes the seat at once (the
away device, if it wakes, is told ``taken_over``). Silence is counted only while this page
could listen: a stall of its own (a busy main thread, ``STALL_S``) is nobody's absence; and a
page reopened on a game under way calls nobody away before it could have heard them.

A guest's action carries the step it was chosen at: sent again after the host's reload, it is
applied at most once (the step has moved on if it was) — refused ``stale`` instead.

The host keeps no time and opens no connection: the browser edge passes it the time
(``now``, seconds) and what the network delivered, and sends what it returns.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from model import page_events as ev
from model.game_config import default_friend_name, unnamed
from model.session import Session

import rattus
from online import messages
from online.messages import BadMessage, encode

if TYPE_CHECKING:
    from collections.abc import Callable

#: What is sent: (the peer, the message's text).
Outgoing = tuple[str, str]


def new_secret() -> str:
    """A seat's secret for its invitation link (the part after ``#``: no server sees it)."""
    return secrets.token_urlsafe(16)


@dataclass
class Outcome:
    """What one received message leads to: messages to send, and an event for the store
    (an action to apply, a name to take) or None."""

    send: list[Outgoing] = field(default_factory=list)
    event: ev.Event | None = None
    #: What the host's player is told (docs/online.md, "The table"): ``("moved", seat)`` a
    #: seat taken over by another device; ``("back", seat)`` the friend of a seat the
    #: computer plays came back (the host may give the seat back).
    news: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class Peer:
    """A device in the room: the seat it holds (None: it watches) and what it was sent."""

    seat: int | None
    device: str = ""  # the tab's own id (its hello's ``device``)
    log: list[tuple[dict, int]] = field(default_factory=list)  # the log it holds
    last: Any = None  # the last table sent (nothing new: nothing sent)
    seen: float = 0.0  # when it was last heard (the browser edge's clock, seconds)


class Host:
    """The room on the host's page: ``secrets`` per seat played from another device."""

    def __init__(self, site: str, seat_secrets: dict[int, str], session: Callable[[], Any],
                 now: float = 0.0):
        self.site = site
        self.secrets = dict(seat_secrets)
        self._session = session  # the game on the page now (the store's model.session)
        self.peers: dict[str, Peer] = {}
        self.now = now  # the last time the browser edge gave (nothing here keeps a clock)
        self._pinged = now
        self._awake = now  # when this page's code last ran (a tick, a message)
        self._opened = now
        game = session()
        self._resumed = game is not None and game.step > 0  # a game under way (a reload)
        self._gone: dict[int, float] = {}  # seat -> when its device, now gone, was last heard
        self._here: dict[str, bool] = {}  # who was here at the last tick
        #: The table waits for the host's Start (or every friend): no action is taken yet.
        self.waiting = False

    # -- who is where ---------------------------------------------------------------------
    def holder(self, seat: int) -> str | None:
        """The peer that holds ``seat`` now, if any."""
        return next((p for p, peer in self.peers.items() if peer.seat == seat), None)

    def is_here(self, peer: str) -> bool:
        """``peer`` was heard within ``AWAY_S`` seconds."""
        p = self.peers.get(peer)
        return p is not None and self.now - p.seen <= messages.AWAY_S

    def away_for(self, players: int) -> list[float | None]:
        """Per seat: None if its device is here (the host's own seats and the computer's
        always are), else how many seconds ago its device was last heard (0.0: never, on
        this host page's life)."""
        out: list[float | None] = []
        remote = self._remote()
        for seat in range(players):
            holder = self.holder(seat)
            if seat not in remote or (holder is not None and self.is_here(holder)):
                out.append(None)
                continue
            if holder is None and seat not in self._gone and self._resumed \
                    and self.now - self._opened <= messages.AWAY_S:
                out.append(None)  # (this page just opened: its friends are finding it)
                continue
            seen = self.peers[holder].seen if holder is not None else self._gone.get(seat)
            out.append(0.0 if seen is None else max(0.0, self.now - seen))
        return out

    def connected(self, players: int) -> list[bool]:
        """Per seat: a device is here (the host's own seats and the computer's always)."""
        return [away is None for away in self.away_for(players)]

    def here(self, players: int) -> list[bool]:
        """Per seat: a friend's device holds it (also a seat the computer plays for now,
        whose friend came back to watch it) and was heard within ``AWAY_S`` seconds."""
        return [(holder := self.holder(seat)) is not None and self.is_here(holder)
                for seat in range(players)]

    def rematch(self) -> list[Outgoing]:
        """A new game at the same table (the same room, seats and secrets): every device is
        told to drop the old game (``rematch``), then sent the new one's state."""
        out: list[Outgoing] = []
        for peer, p in self.peers.items():
            p.log, p.last = [], None
            out.append((peer, encode("rematch")))
        return out + self.publish()

    def left(self, peer: str, now: float | None = None) -> list[Outgoing]:
        """The network lost ``peer``: its seat is free again (its secret still claims it);
        the others learn it is away."""
        if now is not None:
            self._listen(now)
        gone = self.peers.pop(peer, None)
        if gone is None:
            return []
        if gone.seat is not None:
            self._gone[gone.seat] = gone.seen
        return self.publish()

    def tick(self, now: float) -> list[Outgoing]:
        """The browser edge's clock, about every second: a ``ping`` to every device when the
        host has been quiet ``PING_S`` seconds, and the present state to every device whose
        state changed (a device that fell silent is away now)."""
        self._listen(now)
        out: list[Outgoing] = []
        if now - self._pinged >= messages.PING_S:
            self._pinged = now
            out = [(peer, encode("ping")) for peer in self.peers]
        here = {peer: self.is_here(peer) for peer in self.peers}
        if here != self._here:  # (a table is made only when someone came or went)
            self._here = here
            out += self.publish()
        return out

    def _listen(self, now: float) -> None:
        """The clock moves on to ``now``. If this page's code has not run for ``STALL_S``
        (it was busy), it heard nobody meanwhile: that time is not counted in anyone's
        silence (docs/online.md, "Who is here")."""
        deaf = now - self._awake
        if deaf > messages.STALL_S:
            for p in self.peers.values():
                p.seen = min(now, p.seen + deaf)
            self._pinged = min(self._pinged, now - messages.PING_S)  # (they did not hear
        self._awake = self.now = now  # this page either: a ping at the next tick)

    # -- what comes in --------------------------------------------------------------------
    def receive(self, peer: str, text: Any, now: float | None = None) -> Outcome:
        """One message from ``peer`` (at ``now``): the answer, and what the store should
        do. Anything heard from a device shows it is here."""
        if now is not None:
            self._listen(now)
        if peer in self.peers:
            self.peers[peer].seen = self.now
        try:
            message = messages.read(text)
        except BadMessage as exc:
            return self._refuse(peer, exc.reason, detail=exc.detail)
        kind = message["type"]
        if kind == "hello":
            return self._hello(peer, message)
        if kind == "ping":  # (it is here again: the others may learn it)
            held = self.peers.get(peer)
            if (held is not None and held.last is not None and "step" in message
                    and message["step"] != held.last[1]):  # a state was lost on the way
                held.last, held.log = None, []
            return Outcome(self.publish())
        if kind == "why":
            return self._why(peer, message)
        return self._act(peer, message)

    def _hello(self, peer: str, m: dict) -> Outcome:
        if m["site"] != self.site:
            return self._refuse(peer, "site", detail=self.site)
        seat = m["seat"]
        session = self._session()
        if session is None:
            return self._refuse(peer, "no-game")
        if seat is None:  # a spectator: the public view
            self.peers[peer] = Peer(None, seen=self.now)
            return Outcome([(peer, encode("welcome", seat=None, site=self.site)),
                            *self._state_for(peer)])
        secret = self.secrets.get(seat)  # (also a seat the computer plays now: to watch it)
        if secret is None or not secrets.compare_digest(str(m.get("secret", "")), secret):
            return self._refuse(peer, "bad-secret", detail=seat)
        holder = self.holder(seat)
        send: list[Outgoing] = []
        news: list[tuple[str, int]] = []
        device = str(m.get("device", ""))
        if holder is not None and holder != peer:
            if device and self.peers[holder].device == device:  # the same tab, reloaded
                del self.peers[holder]  # (before the network noticed that it left)
            elif not m.get("take_over") and self.is_here(holder):
                return self._refuse(peer, "seat-taken", detail=seat)
            else:  # taken over, or its device is away (closed, asleep): the newcomer's
                del self.peers[holder]
                send.append((holder, encode("taken_over", seat=seat)))
                news.append(("moved", seat))
        if seat not in session.remote and holder is None:
            news.append(("back", seat))  # the computer plays it: the friend watches
        self.peers[peer] = Peer(seat, device, seen=self.now)
        send.append((peer, encode("welcome", seat=seat, site=self.site,
                                  proof=messages.host_proof(secret))))
        name = str(m.get("name", "")).strip()
        event = None
        if name and name != session.names[seat]:
            event = ev.RemoteName(seat, name)
        else:
            send.extend(self.publish())
        return Outcome(send, event, news)

    def _turn_of(self, peer: str, ref: Any, step: Any = None) -> tuple[Any, int] | Outcome:
        """The game and the sender's seat if the sender holds the seat to act; else the
        refusal to send. An action chosen at another step than the game's now is ``stale``
        (sent again after the host's reload, it was applied already, or the game moved on
        without it): an action is applied at most once."""
        holder = self.peers.get(peer)
        if holder is not None and holder.seat in self.secrets and \
                holder.seat not in self._remote():
            return self._refuse(peer, "computer", ref)  # given to the computer for now
        if holder is None or holder.seat is None or holder.seat not in self._remote():
            return self._refuse(peer, "no-seat", ref)
        if self.waiting:
            return self._refuse(peer, "not-started", ref)
        session = self._session()
        if session is None:
            return self._refuse(peer, "no-game", ref)
        if step is not None and step != session.step:
            return self._refuse(peer, "stale", ref, detail=session.step)
        game = session.game
        if game.is_over or game.current_player != holder.seat:
            return self._refuse(peer, "not-your-turn", ref, detail=session.current)
        return game, holder.seat

    def _remote(self) -> frozenset[int]:
        session = self._session()
        return frozenset() if session is None else session.remote

    def _why(self, peer: str, m: dict) -> Outcome:
        """A guest's refused click: the engine's reason (it never changes the game)."""
        ref = m.get("ref")
        turn = self._turn_of(peer, ref)
        if isinstance(turn, Outcome):
            return turn
        game, _seat = turn
        why = game.why_not(m["action"][:200]) or {"reason": "not_now", "details": {}}
        return self._refuse(peer, "illegal", ref,
                            why={"reason": why["reason"], "details": why["details"]})

    def _act(self, peer: str, m: dict) -> Outcome:
        ref = m.get("ref")
        turn = self._turn_of(peer, ref, m.get("step"))
        if isinstance(turn, Outcome):
            return turn
        game, seat = turn
        try:
            action = rattus.parse_action(m["action"])
        except rattus.IllegalAction as exc:
            return self._refuse(peer, "illegal", ref, why={"reason": exc.reason,
                                                           "details": dict(exc.details)})
        if action not in game.legal_actions():
            why = game.why_not(action) or {"reason": "not_now", "details": {}}
            return self._refuse(peer, "illegal", ref,
                                why={"reason": why["reason"], "details": why["details"]})
        return Outcome([], ev.RemoteMove(seat, str(action)))

    def _refuse(self, peer: str, reason: str, ref: Any = None, why: dict | None = None,
                detail: Any = None) -> Outcome:
        fields: dict[str, Any] = {"reason": reason}
        if ref is not None:
            fields["ref"] = ref
        if why is not None:
            fields["why"] = why
        if detail not in (None, ""):
            fields["detail"] = detail if isinstance(detail, int | str) else str(detail)
        return Outcome([(peer, encode("refused", **fields))])

    # -- what goes out --------------------------------------------------------------------
    def publish(self) -> list[Outgoing]:
        """The present state to every device whose state changed (the store's subscriber
        calls this after every dispatch: most dispatches change nothing it sends)."""
        out: list[Outgoing] = []
        for peer in list(self.peers):
            out.extend(self._state_for(peer))
        return out

    def _state_for(self, peer: str) -> list[Outgoing]:
        session = self._session()
        p = self.peers[peer]
        if session is None:
            return []
        told = public_log(session)
        start = _common(p.log, told)
        away = self.away_for(len(session.seats))
        table = table_for(session, p.seat, [a is None for a in away], told, start,
                          self.waiting, self.here(len(session.seats)))
        table["away_for"] = [None if a is None else round(a, 1) for a in away]
        key = (table["version"], table["step"], tuple(table["connected"]),
               tuple(s["name"] for s in table["seats"]), start, len(told), self.waiting,
               tuple(table["here"]))
        if key == p.last:
            return []
        p.last, p.log = key, told
        return [(peer, encode("state", seat=p.seat, table=table))]


def public_log(session: Session) -> list[tuple[dict, int]]:
    """The log as a guest may read it: each public event with its step; the page's own
    notes (the host's hints, which may rest on the host's private knowledge) left out."""
    return [(e, k) for e, k in zip(session.log_events, session.log_steps, strict=True)
            if not e.get("note")]


def _common(sent: list, told: list) -> int:
    """How many log entries the device already holds as they are now (an undo drops some)."""
    n = min(len(sent), len(told))
    if sent[:n] == told[:n]:
        return n
    i = 0
    while i < n and sent[i] == told[i]:
        i += 1
    return i


def table_for(session: Session, seat: int | None, connected: list[bool],
              told: list[tuple[dict, int]] | None = None, start: int = 0,
              waiting: bool = False, here: list[bool] | None = None) -> dict:
    """What the device of ``seat`` (None: a spectator) may know of the game now — the table
    a :class:`model.remote_table.RemoteTable` reads. ``waiting``: the table waits for the
    host's Start (no legal action for anyone); ``here``: per seat, a friend's device holds
    it (who has arrived at the table)."""
    game = session.game
    if told is None:
        told = public_log(session)
    current = session.current
    mine = seat is not None and current == seat and not waiting
    blocker = game.undo_blocker or ("not-yours" if not mine else "online")
    last = []
    if session.last_strike is not None and session.last_strike[0] == session.step:
        last = [e.visible_to(seat) if hasattr(e, "visible_to") else dict(e)
                for e in session.last_strike[1]]
    return {
        "seats": [seat_fields(s, p) for p, s in enumerate(session.seats)],
        "view": game.view(seat),
        "legal": [str(a) for a in game.legal_actions()] if mine else [],
        "step": session.step,
        "version": session.version,
        "current": current,
        "over": game.is_over,
        "undo": blocker,
        "pace_ms": session.pace_ms,
        "log": {"from": start, "events": [e for e, _ in told[start:]],
                "steps": [k for _, k in told[start:]]},
        "actors": list(session.actors),
        "connected": connected,
        "waiting": waiting,
        "here": here if here is not None else [False] * len(session.seats),
        "played_by": played_by(session),
        "events": last,
        "final": session.to_dict() if game.is_over else None,
    }


def seat_fields(seat, index: int) -> dict:
    """A seat as every device is sent it; a friend's seat nobody named yet says so
    (``named``: false) instead of its name in the host's language: each device says
    "Friend 3" in its own."""
    fields = {"name": seat.name, "colour": seat.colour, "kind": seat.kind}
    # (also while the computer plays it: its friend's name, "Freund 3" on a German page)
    if unnamed(seat, index) or (seat.is_bot and seat.name == default_friend_name(index)):
        fields["named"] = False
    return fields


def played_by(session: Session) -> dict[str, list]:
    """Who played each seat when (model/session.py's ``played_by``): per seat, its changes
    of hands ``[kind, turn]`` (a computer level from that turn, or ``friend`` back)."""
    return {str(seat): [list(change) for change in changes]
            for seat, changes in session.played_by.items()}
