"""A guest's side of an online game: :class:`Guest` — the messages it sends, and what the
host's answers mean for its page.

Why apart from the table: :class:`model.remote_table.RemoteTable` is what the page renders;
this is the conversation around it — saying hello with the seat's secret (again after a
reload or a lost connection: the host answers with the present state), sending an action's
notation and matching the host's refusal to it, learning that another device took the seat
over. Every host message is read by online/messages.py first; one that does not fit is
dropped and said (:attr:`News.kind` ``bad``), the table unchanged.

Why it keeps trying (docs/online.md, "Joining, and coming back"): a message can be lost —
the host's page may be reloading, its Python not ready yet, the network between two
connections. So :meth:`Guest.tick`, called by the browser edge about every second with the
time, says ``hello`` again until the host welcomes this device (0.5 s, then 1, 2, 3 s
apart), says ``ping`` while it is welcomed (the host learns it is here), takes the host for
away when it has not been heard for ``AWAY_S`` seconds (and says hello again), and asks the
page to open its room anew when no welcome came for a while. An action stays this device's
until the host's state shows it applied or the host refused it: it is sent again after the
next welcome (the host applies it at most once: it carries the step it was chosen at).
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
    #: Texts to send the host now (this device's actions the host has not answered yet, sent
    #: again after a welcome: the host may have reloaded and never seen them).
    resend: list = field(default_factory=list)
    #: This device's actions the game moved on without (the seat was played otherwise).
    lost: int = 0


@dataclass(frozen=True)
class Tick:
    """What the time asks of the page: texts to send (to the host; to every device in the
    room while no host has proved itself), whether the host is away now, and whether to
    open the room anew (no welcome for a while: the relays or the connection stalled)."""

    send: list = field(default_factory=list)
    host_away: bool = False
    reopen: bool = False


#: The pauses between hellos while no welcome came (seconds): the last one repeats.
HELLO_GAPS = (0.5, 1.0, 2.0, 3.0)
#: No welcome this long (seconds) after the room opened: open it anew, and then after twice
#: as long, up to ``REOPEN_MAX``.
REOPEN_S = 8.0
REOPEN_MAX = 30.0
#: An action not answered this long (seconds) is sent again (the host applies it at most
#: once: it answers ``stale`` if it did already).
RESEND_S = 3.0
#: No answer from any host's device this long (seconds) since this page began to look for
#: it: the game is not open on the host's device now — said (ask the host to open it), while
#: the page goes on trying quietly (docs/online.md, "Joining, and coming back").
CLOSED_S = 15.0
#: The refusals after which saying hello again would change nothing (the player must act).
FINAL = frozenset({"site", "bad-secret"})


@dataclass
class Pending:
    """An action sent and not yet answered: its text and the step it was chosen at."""

    ref: int
    text: str
    step: int
    sent: float = 0.0  # when it was last sent (the browser edge's clock)


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
        self.pending: dict[int, Pending] = {}  # ref -> an action the host has not answered
        self._resend = False  # a welcome came: the next state says which actions to resend
        self.heard = 0.0  # when the host was last heard (the browser edge's clock)
        self.since = 0.0  # when this device began to wait for a welcome (its room opened)
        self._pinged = 0.0
        self._next_hello = 0.0
        self._hellos = 0  # hellos said since the last welcome
        self._reopens = 0
        self.problem = ""  # a refusal that stops the hellos (another site, a wrong secret)
        self.host_away_for: float | None = None  # seconds the host was not heard (None: here)
        self.away_for: list[float | None] = []  # per seat, as the host last said it
        self._away_at = 0.0  # when ``away_for`` was said
        self._now = 0.0  # the last time the browser edge gave
        self._awake = 0.0  # when this page's code last ran (a tick, a message)
        #: since when this page has looked for the host's device with no answer (None: it
        #: was welcomed, or a device answered); kept over the room's reopenings
        self._looking: float | None = None
        self._answer_at: float | None = None  # when a host's device last answered a hello
        self._settled: set[int] = set()  # actions the game moved on from (a late answer)

    def start(self, now: float) -> None:
        """The page opened (or opened anew) its room at ``now``: a welcome is waited for."""
        self.since, self._next_hello, self._hellos = now, now, 0
        self._awake = now
        if self.welcomed:
            self.heard = now
        elif self._looking is None and self._answer_at is None:
            self._looking = now

    def waiting(self, now: float, relays: str) -> str:
        """What this page waits for, as it may truthfully say it ("" once welcomed): the
        relays (``relays`` is the browser edge's "connecting", "ok" or "unreachable"); the
        host's device, which answered (its game not open yet); or no answer: still looking
        for it, or — after ``CLOSED_S`` — the game is not open on the host's device now.
        Only an answer says the host's device is here: a peer in the room may be anyone."""
        if self.welcomed:
            return ""
        if self._answer_at is not None:
            return "answer"
        if relays != "ok":
            return "relays"
        if self._looking is not None and now - self._looking >= CLOSED_S:
            return "closed"
        return "host"

    def looked_for(self, now: float) -> float:
        """How long this page has waited for the host's device (0: it is here)."""
        return 0.0 if self.welcomed or self._looking is None else now - self._looking

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
            self.problem = ""
        return encode("hello", **fields)

    def act(self, action: Any) -> tuple[int, str]:
        """An action of this seat (an Action or its notation) as a message, with its ref
        and the step it was chosen at; kept until the host answers it."""
        self._ref += 1
        fields: dict[str, Any] = {"action": str(action), "ref": self._ref}
        if self.table.received:
            fields["step"] = self.table.step
        text = encode("act", **fields)
        if self.table.received:
            self.pending[self._ref] = Pending(self._ref, text, self.table.step, self._now)
        return self._ref, text

    def tick(self, now: float) -> Tick:
        """What is due at ``now`` (docs/online.md, "Joining, and coming back")."""
        self._now = now
        self._listen(now)
        if self.taken_over or self.problem:
            return Tick()
        if self.welcomed:
            if now - self.heard <= messages.AWAY_S:
                self.host_away_for = None
                due = []
                for p in self.pending.values():  # unanswered: lost on the way?
                    if now - p.sent >= RESEND_S:
                        p.sent = now
                        due.append(p.text)
                if now - self._pinged >= messages.PING_S:
                    self._pinged = now  # (with the step it holds: the host sends it anew
                    due.append(encode(  # if a state was lost on the way)
                        "ping", step=self.table.step if self.table.received else -1))
                return Tick(due)
            # the host fell silent (its page closed, reloading, asleep): ask again
            self.welcomed, self.host, self._answer_at = False, None, None
            self._looking = self.heard
            self.since, self._next_hello, self._hellos = now, now, 0
        if self._answer_at is not None and now - self._answer_at > messages.AWAY_S:
            self._looking, self._answer_at = self._answer_at, None  # (its answers stopped)
        if self.heard:
            self.host_away_for = max(0.0, now - self.heard)
        send: list[str] = []
        if now >= self._next_hello:
            send.append(self.hello())
            self._next_hello = now + HELLO_GAPS[min(self._hellos, len(HELLO_GAPS) - 1)]
            self._hellos += 1
        wait = min(REOPEN_S * 2 ** self._reopens, REOPEN_MAX)
        reopen = now - self.since >= wait
        if reopen:
            self._reopens += 1
            self.since, self._next_hello, self._hellos = now, now, 0
        return Tick(send, host_away=self.heard > 0, reopen=reopen)

    def seen_away(self, now: float) -> list[float | None]:
        """Per seat, how long its device has been away as of ``now`` (None: here)."""
        gone = max(0.0, now - self._away_at)
        return [None if a is None else a + gone for a in self.away_for]

    def why(self, action: Any) -> tuple[int, str]:
        """Ask the host why a click of this seat does nothing (the action it meant)."""
        self._ref += 1
        return self._ref, encode("why", action=str(action)[:200], ref=self._ref)

    def receive(self, text: Any, peer: str | None = None, now: float | None = None) -> News:
        """A message from ``peer`` (at ``now``): only the peer whose welcome proved it knows
        this seat's secret is heard from then on (another guest cannot pose as the host)."""
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
            self.welcomed, self.host, self._resend = True, peer, True
            self._reopens, self.problem, self.host_away_for = 0, "", None
            self._looking, self._answer_at = None, None
            self._heard(now)
            return News("welcome")
        if kind == "refused":  # (before a welcome too: the host says why it gave none)
            return self._refused(m, peer, now)
        if self.host is None and peer is not None:  # no game before a proven welcome
            return News("bad", reason="not-the-host")
        self._heard(now)
        if kind == "ping":
            return News("ping")
        if kind == "taken_over":
            self.taken_over, self.welcomed = True, False
            self.pending.clear()  # (the seat is played elsewhere: nothing of it is resent)
            self.table.stand_down()  # (nothing on its board is to be chosen any more)
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
        self._presence(m["table"].get("away_for"), now)
        lost = self._settle()
        resend = []
        if self._resend:
            for p in self.pending.values():
                p.sent = self._now if now is None else now
                resend.append(p.text)
        self._resend = False
        return News("state", moved=moved, events=list(self.table.events) if moved else [],
                    resend=resend, lost=lost)

    def _listen(self, now: float) -> None:
        """A stall of this page's own (a long render: its code did not run for ``STALL_S``)
        is not the host's silence: the host's messages wait in the queue meanwhile."""
        deaf = now - self._awake
        if deaf > messages.STALL_S:
            if self.heard:
                self.heard = min(now, self.heard + deaf)
            self._pinged = min(self._pinged, now - messages.PING_S)  # (the host heard
        self._awake = now  # nothing from this page either: a ping at once)

    def _heard(self, now: float | None) -> None:
        if now is not None:
            self._listen(now)
            self.heard = now
            self._pinged = max(self._pinged, now - messages.PING_S / 2)

    def _presence(self, away: Any, now: float | None) -> None:
        """Who is away, as the host said it (an odd list is ignored: presence only)."""
        if isinstance(away, list) and len(away) == len(self.table.seats) and all(
                a is None or (isinstance(a, int | float) and not isinstance(a, bool)
                              and 0 <= a < 1e9) for a in away):
            self.away_for = [None if a is None else float(a) for a in away]
            self._away_at = self.heard if now is None else now

    def _settle(self) -> int:
        """Drop the actions the game has moved on from: applied (the seat acted at that
        step), or overtaken (another actor then: counted, the page says so)."""
        lost = 0
        for ref, p in list(self.pending.items()):
            if p.step != self.table.step:
                del self.pending[ref]
                self._settled.add(ref)
                actors = self.table.actors
                if not (p.step < len(actors) and actors[p.step] == self.seat):
                    lost += 1
        return lost

    def _refused(self, m: dict, peer: str | None, now: float | None) -> News:
        ref = m.get("ref")
        if self.host is not None and peer == self.host:
            self._heard(now)
        if not self.welcomed and ref is None:  # a host's device answered this page's hello
            self._answer_at, self._looking = self._now if now is None else now, None
        if (ref in self.pending and m["reason"] == "stale") or (
                ref in self._settled and m["reason"] in ("stale", "not-your-turn")):
            # a resend of an action the host has applied already, or the game moved on
            # without it: the host's next state tells which (:meth:`_settle`)
            return News("bad", reason="answered")
        if ref is not None:
            self.pending.pop(ref, None)
        if m["reason"] in FINAL and ref is None:
            self.problem = m["reason"]
        return News("refused", reason=m["reason"], why=m.get("why"), ref=ref,
                    detail=m.get("detail"))
