"""The network of an online game on this page (docs/online.md): the host's room while a game
with friends' seats is on the page, or this device's seat in a host's room.

Why thin: everything said is read and decided by the pure protocol (online/host.py,
online/guest.py); this module only opens the room (web/online.js, Trystero), hands each text
that arrives to the protocol, sends what it answers, and turns its news into events for the
store. So the network is one more source of events and one more subscriber
(browser/app.py): after every dispatch the host's room sends each device what changed.

A game that is not online opens nothing: :class:`OnlineRooms` asks web/online.js for a room
only when the game on the page has a friend's seat, or when the page was opened from an
invitation link.

The clock is here (docs/online.md, "Joining, and coming back" and "Who is here"): while a room
is open, every half second the protocol is given the time (``Host.tick``, ``Guest.tick``) and
says what is due — a ping, a hello again, an action sent again, the room opened anew (leave,
then join: the relays or the peer connection stalled). ``window.rattusOnlineLog`` keeps when
each step of a join happened (the tests print it for a slow join).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from model import page_events as ev
from model.ice_servers import ice_server, read_ice
from model.session import Session
from model.ui_state import Model, Online
from model.values import replace
from online import links
from online.guest import Guest
from online.host import Host, new_secret
from online.relay_link import is_relayed
from pyodide.ffi import create_proxy, to_js
from pyscript import window
from text.catalogue import t

from browser import storage
from browser.autosave import JOINED
from browser.relay_room import Ways


def site_version() -> str:
    """This page's Python, as a short digest of its files (app.zip, unpacked): two devices
    whose pages run other code (another deploy) are told so instead of misreading each other.
    Computed when a room opens, never at start."""
    import hashlib
    from pathlib import Path

    import rattus

    root = Path(rattus.__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for folder in ("rattus", "online", "model", "control", "text"):
        for path in sorted((root / folder).rglob("*")):
            if path.is_file():
                digest.update(path.relative_to(root).as_posix().encode() + b"\0")
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


#: Where this browser keeps its own secret for its rooms (online/links.py's ``room_of``).
KEY = "rattus.online.key"
#: The name this browser's player last gave as a guest.
NAME = "rattus.online.name"
#: This tab's id as a guest (sessionStorage: kept over a reload, not shared by tabs).
DEVICE = "rattus.online.device"
#: How often the protocol is given the time (ms).
CLOCK_MS = 500
#: A guest waiting this long (seconds) for the host is offered "Try again".
SLOW_S = 4.0
#: The TURN servers this device adds to every room (the online panel's setting).
TURN = "rattus.online.turn"


def now() -> float:
    """The page's clock in seconds (monotonic: a changed system clock moves nothing)."""
    return float(window.performance.now()) / 1000


def shown(seconds: float | None) -> int | None:
    """Seconds as the page shows them: in 5 s steps below a minute, then whole minutes —
    the status is said anew only when this changes (not every tick)."""
    if seconds is None:
        return None
    return int(seconds // 5 * 5) if seconds < 60 else int(seconds // 60 * 60)


def note(what: str) -> None:
    """One step of a join, with the page's clock (``window.rattusOnlineLog``)."""
    log = getattr(window, "rattusOnlineLog", None)
    if log is None:
        window.rattusOnlineLog = to_js([])
        log = window.rattusOnlineLog
    log.push(f"{now():.2f} {what}")
    if log.length > 400:  # (a long game: the last steps are what a test reads)
        log.splice(0, 100)


def network_settings(network: links.Network, turn: str | None) -> dict:
    """web/online.js's settings for a room: the relays, the link's ICE servers (each an
    RTCIceServer with its credentials) and the TURN servers kept on this device."""
    settings: dict = {"relays": list(network.relays)}
    kept = [ice_server(s) for s in read_ice(turn)[0]]
    if network.ice == ("none",):  # (the local network only: no server at all)
        settings["ice"] = "none"
    elif network.ice is not None:  # the link's replace Trystero's; this device's beside them
        settings["ice"] = [ice_server(s) for s in network.ice] + kept
    elif kept:  # beside Trystero's STUN servers
        settings["turn"] = kept
    return settings


def way_of(peer: str | None) -> str:
    """How this page reaches ``peer``: "direct", "relay", or "" (no device)."""
    return "" if peer is None else ("relay" if is_relayed(peer) else "direct")


class OnlineRooms:
    """The page's room, if any: a subscriber of the store and the runner of its effects."""

    def __init__(self, model: Callable[[], Model], dispatch: Callable[[ev.Event], None],
                 network: links.Network):
        self.model, self.dispatch = model, dispatch
        self._site: str | None = None
        self.network = network
        self.session: Session | None = None  # the game whose room is open (host)
        self.host: Host | None = None
        self.guest: Guest | None = None
        self.invitation: links.Invitation | None = None
        self.room: Ways | None = None  # the room's ways (browser/relay_room.py), once open
        self.relays = "connecting"
        self.host_here = False
        self._remembered: tuple | None = None  # (link, names) last kept in the joined list
        self._remote: frozenset[int] = frozenset()  # the friends' seats the status shows
        self._proxies: list = []
        self.direct = True  # this browser can connect directly (it has WebRTC)
        self._room_args: tuple[str, str] | None = None
        self._clock = None  # the interval that gives the protocol the time
        self._reopening = False
        self._refused = ""  # the host's last answer to a hello (said once, not at each hello)
        hashchange = create_proxy(lambda *_: self._address_changed())
        self._proxies.append(hashchange)
        window.addEventListener("hashchange", hashchange)
        self._turn: str | None = None  # the TURN servers kept on this device (read once)

    @property
    def site(self) -> str:
        if self._site is None:
            self._site = site_version()
        return self._site

    def effects(self) -> dict:
        return {ev.SendAction: self._send_action, ev.AskWhy: self._ask_why,
                ev.TakeSeat: lambda _e: self._to_host(self._guest().hello(take_over=True)),
                ev.CopyText: self._copy, ev.ShareText: self._share, ev.NameMe: self._name_me,
                ev.OpenLink: self._open_link, ev.LeaveRoom: self._leave,
                ev.RetryJoin: self._retry, ev.KeepTurn: self._keep_turn}

    # -- the host ---------------------------------------------------------------------------
    def send_first(self, model: Model) -> None:
        """Before the page saves and paints: what changed goes out at once, so the other
        devices paint while this one does (tools/bench_online.py)."""
        if self.guest is None and self.host is not None and self.room is not None \
                and model.held is self.session:
            self.host.waiting = model.at_table
            self._send_all(self.host.publish())

    def __call__(self, model: Model) -> None:
        """After every dispatch: open or close the host's room as the game on the page asks,
        and send every device what changed for it."""
        if self.guest is not None:
            return
        s = model.held
        wanted = s if s is not None and (s.remote or s.played_by) else None
        if self.host is not None:
            self.host.waiting = model.at_table
        if wanted is not self.session:
            if wanted is None:
                self._close()
            elif self._rematch(wanted, model):
                return
            else:
                self._open_host(wanted)
        else:
            if self.host is not None and self.room is not None:
                self._send_all(self.host.publish())
            if wanted is not None and (wanted.remote != self._remote  # a computer took a seat
                                       or model.ui.online is None):  # a fresh screen
                self._remote = wanted.remote
                self._status()

    def _rematch(self, s: Session, model: Model) -> bool:
        """A new game at the open table (a rematch: its ``table`` is this room's slot): the
        same room, seats and invitations; every device is told and sent the new game."""
        if self.host is None or self.session is None or s.table is None \
                or s.table != (self.session.table or self.session.slot):
            return False
        self.session, self._remote = s, s.remote
        self.host.waiting = model.at_table
        self._send_all(self.host.rematch())
        self._status(always=True)
        return True

    def _open_host(self, s: Session) -> None:
        """The room of the game on the page: the same room for the same kept game, so a
        reload (or the game resumed later) finds its guests again (links.room_of)."""
        self._close()
        self.session, self._remote = s, s.remote
        key = storage.read(KEY)
        if key is None:
            key = links.new_key()
            storage.write(key, KEY)
        friends = sorted(s.remote | set(s.played_by))  # (a seat the computer plays too)
        slot = s.table or s.slot  # (a rematch: its first game's room)
        if slot is not None and storage.read(KEY) == key:
            room, password, secrets = links.room_of(key, slot, friends)
        else:  # the browser keeps nothing: a room for this page only
            room, password = links.new_room()
            secrets = {seat: new_secret() for seat in friends}
        self.host = Host(self.site, secrets, lambda: self.model().held, now())
        base = str(window.location.origin) + str(window.location.pathname)
        self.invitations = tuple(
            (seat, links.link(base, links.Invitation(room, password, seat, secret),
                              self.network)) for seat, secret in secrets.items())
        self.watch = links.link(base, links.Invitation(room, password, None), self.network)
        self.relays = "connecting"
        self._status()
        asyncio.ensure_future(self._join(room, password))

    def _status(self, always: bool = False) -> None:
        """The room as the page shows it (model/ui_state.py's ``Online``); ``always``: said
        even if it looks the same (a rematch: the new game's table checks who is here)."""
        if self.host is not None and self.session is not None:
            players = len(self.session.seats)
            current = self.model().ui.online
            away = self.host.away_for(players)
            online = Online("host", tuple(self.invitations), self.watch,
                            tuple(a is None for a in away), self.relays,
                            away_for=tuple(shown(a) for a in away),
                            here=tuple(self.host.here(players)),
                            shown_again=current.shown_again if current is not None
                            else frozenset(), ways=self._ways(players), direct=self.direct)
        elif self.guest is not None:
            online = self._guest_status()
        else:
            online = None
        if online is not None:
            online = self._network_status(online)
        if always or online != self.model().ui.online:  # (a dispatch repaints: for news)
            self.dispatch(ev.OnlineStatus(online))

    def _keep_turn(self, effect: ev.KeepTurn) -> None:
        """The TURN servers for this device's next rooms (the open one keeps its own)."""
        storage.write(effect.text, TURN)
        self._turn = effect.text
        self._status()

    def _network_status(self, online: Online) -> Online:
        """What the panel says of the network settings: the TURN servers kept here, the
        link's ICE servers that could not be read."""
        if self._turn is None:
            self._turn = storage.read(TURN) or ""
        return replace(online, turn=self._turn, ice_problems=self.network.problems)

    def _ways(self, players: int) -> tuple[str, ...]:
        """Per seat, the way to the device that holds it (what the panel shows)."""
        assert self.host is not None
        return tuple(way_of(self.host.holder(seat)) for seat in range(players))

    # -- a guest ----------------------------------------------------------------------------
    def join(self, invitation: links.Invitation) -> None:
        """This page plays ``invitation``'s seat (or watches) in a host's room, under the
        name this browser's player gave last (if any)."""
        self.invitation = invitation
        name = storage.read(NAME) or ""
        device = storage.read(DEVICE, "sessionStorage")
        if device is None:  # this tab's id: a reload is the same device, another tab is not
            device = links.new_key()[:22]
            storage.write(device, DEVICE, "sessionStorage")
        self.guest = Guest(self.site, invitation.seat, invitation.secret, name, device)
        self.dispatch(ev.OnlineStatus(Online("guest", seat=invitation.seat)))
        asyncio.ensure_future(self._join(invitation.room, invitation.password))

    def _guest_status(self) -> Online:
        """A guest's standing: welcomed or what it waits for, and who is here."""
        guest = self._guest()
        current = self.model().ui.online or Online("guest", seat=guest.seat)
        t_now = now()
        away: list[float | None] = []
        connected: tuple[bool, ...] = ()  # (who else is here is the host's word: while the
        if guest.welcomed:  # host is not heard nobody knows, rather than a stale "connected")
            away = guest.seen_away(t_now) if guest.away_for else []
            connected = (tuple(a is None for a in away) if away
                         else tuple(guest.table.connected))
        self.host_here = guest.welcomed
        host_away = shown(guest.host_away_for) if not guest.welcomed else None
        return replace(current, relays=self.relays, host_here=guest.welcomed,
                       joined=guest.welcomed or guest.table.received, connected=connected,
                       away_for=tuple(shown(a) for a in away), host_away_for=host_away,
                       waiting=guest.waiting(t_now, self.relays), way=way_of(guest.host),
                       slow=guest.looked_for(t_now) >= SLOW_S, direct=self.direct)

    def bad_link(self) -> None:
        """The address holds an invitation cut short (or mangled): said at once, not taken
        for no link at all — over the welcome, which offers what to do meanwhile."""
        self.dispatch(ev.ShowWelcome())
        self.dispatch(ev.Problem(t("online.refused.link")))

    def _address_changed(self) -> None:
        """A link pasted into this tab changes only the ``#``: an invitation there (whole or
        cut) is opened as a new page load would open it."""
        fragment = str(window.location.hash or "")
        if links.is_invitation(fragment) and links.read(fragment) != self.invitation:
            window.location.reload()

    def _leave(self, _effect: ev.LeaveRoom) -> None:
        """This guest left its seat (its page plays something else now): the room closes
        here; its invitation still works, from "Your games" too."""
        if self.room is not None:
            self.room.leave()
        self.room, self.guest, self.invitation, self.host_here = None, None, None, False
        location = window.location  # (a reload now opens no seat: the invitation is dropped)
        window.history.replaceState(None, "", str(location.pathname) + str(location.search))

    def _guest(self) -> Guest:
        if self.guest is None:
            raise ValueError("this page plays no seat of a host's game")
        return self.guest

    def _remember(self) -> None:
        """This game in the browser's list of joined games ("Your games": rejoin)."""
        guest = self._guest()
        link = str(window.location.href)
        names = guest.table.names
        if (link, names) == self._remembered:
            return
        self._remembered = (link, names)
        text = links.joined_with(storage.read(JOINED), link, names, guest.seat,
                                 float(window.Date.now()) / 1000)
        storage.write(text, JOINED)

    def _open_link(self, effect: ev.OpenLink) -> None:
        """A joined game's link in this tab: a new page load. Another address is loaded by
        going there (a reload right after would load this one again instead: Rejoin then
        did nothing); one that differs only after the ``#`` is loaded by the hashchange
        listener (:meth:`_address_changed`); the very address this tab shows, reloaded."""
        if str(window.location.href) == effect.link:
            window.location.reload()
        else:
            window.location.assign(effect.link)

    def _name_me(self, effect: ev.NameMe) -> None:
        guest = self._guest()
        guest.name = effect.name
        storage.write(effect.name, NAME)
        self._to_host(guest.hello())  # the same seat again, with the name

    def _send_action(self, effect: ev.SendAction) -> None:
        """The action goes to the host if it is here; else the guest keeps it and sends it
        after the next welcome (online/guest.py)."""
        guest = self._guest()
        text = guest.act(effect.action)[1]
        if guest.welcomed:
            self._to_host(text)

    def _ask_why(self, effect: ev.AskWhy) -> None:
        guest = self._guest()
        text = guest.why(effect.action)[1]
        if guest.welcomed:
            self._to_host(text)

    def _retry(self, _effect: ev.RetryJoin) -> None:
        note("retry")
        self._reopen()

    def _to_host(self, text: str) -> None:
        guest = self._guest()
        if self.room is not None:  # (to every peer until the host proved itself)
            self.room.send(guest.host, text)

    # -- the room ---------------------------------------------------------------------------
    async def _join(self, room: str, password: str) -> None:
        self._room_args = (room, password)
        note("open")
        settings = network_settings(self.network, storage.read(TURN))
        settings.update(room=room, password=password)
        ways = Ways(self._on_message, self._on_peer)  # the direct way, and the relays'
        on_message = create_proxy(lambda peer, text: self._on_message(str(peer), str(text)))
        on_peer = create_proxy(lambda peer, joined: ways.direct_peer(str(peer), bool(joined)))
        on_relays = create_proxy(lambda state, *_: self._on_relays(str(state)))
        self._proxies += [on_message, on_peer, on_relays]
        try:
            handle = await window.rattusOnline.open(
                to_js(settings, dict_converter=window.Object.fromEntries),
                on_message, on_peer, on_relays)
        except Exception as exc:  # noqa: BLE001 - the network library failed: said
            self.relays = "unreachable"
            window.console.warn(f"online: {exc}")
            self._status()
            return
        self.room = ways.attach(handle, settings)
        self.direct = handle.direct is not False  # (no WebRTC here: the relays carry all)
        window.rattusRoom = handle  # test hook: e2e/test_online.py sends forged messages
        if self.guest is not None:
            self.guest.start(now())
        self._start_clock()
        if self.host is not None:
            self._send_all(self.host.publish())

    def _start_clock(self) -> None:
        if self._clock is None:
            tick = create_proxy(lambda *_: self._tick())
            self._proxies.append(tick)
            self._clock = window.setInterval(tick, CLOCK_MS)

    def _tick(self) -> None:
        """What the time asks: pings, hellos again, actions again, the room anew."""
        if self.room is None:
            return
        if self.host is not None:
            self._send_all(self.host.tick(now()))
            self._status()
            return
        guest = self.guest
        if guest is None:
            return
        tick = guest.tick(now())
        for text in tick.send:
            self._to_host(text)
        if tick.reopen:
            note("reopen")
            self._reopen()
        self._status()

    def _reopen(self) -> None:
        """Leave the room and join it again: new signalling, new peer connections."""
        if self.room is not None and not self._reopening and self._room_args is not None:
            asyncio.ensure_future(self._rejoin())

    async def _rejoin(self) -> None:
        self._reopening = True
        old, self.room = self.room, None
        try:
            if old is not None:
                await old.reset()
        except Exception as exc:  # noqa: BLE001 - a room that will not close: a new one anyway
            window.console.warn(f"online: {exc}")
        self._reopening = False
        if self._room_args is not None:
            await self._join(*self._room_args)

    def _on_message(self, peer: str, text: str) -> None:
        if self.host is not None:
            new = peer not in self.host.peers
            outcome = self.host.receive(peer, text, now())
            if new:  # (a hello, or a message from a device that holds no seat)
                note(f"from {peer[:6]}: {len(outcome.send)} answers, "
                     f"{'here' if peer in self.host.peers else 'not welcomed'}")
            self._send_all(outcome.send)
            if outcome.event is not None:
                self.dispatch(outcome.event)
            for kind, seat in outcome.news:  # a seat moved, a friend came back
                self.dispatch(ev.TableNews(kind, seat))
            self._status()  # who is connected may have changed
            return
        if self.guest is None:
            return
        news = self.guest.receive(text, peer, now())
        if news.kind == "welcome":
            note("welcome")
            self._refused = ""
            self.host_here, self.relays = True, "ok"  # (the relays did their part)
            self._status()
        elif news.kind == "state":
            for again in news.resend:  # (actions the host may never have seen)
                self._to_host(again)
            if news.moved or self._remembered is None:
                self._remember()
            if not self.guest.table.step or news.moved:
                note(f"state {self.guest.table.step}")
            self.dispatch(ev.GuestState(self.guest.table, news.moved, tuple(news.events)))
            self._status()
            if news.lost:
                self.dispatch(ev.GuestRefused("stale"))
        elif news.kind == "refused":
            if news.ref is None and news.reason == self._refused:
                return  # (the same answer to a hello said again: said once)
            self._refused = news.reason if news.ref is None else self._refused
            self.dispatch(ev.GuestRefused(news.reason, news.why, news.detail))
        elif news.kind == "taken_over":
            self.dispatch(ev.GuestRefused("taken"))
        elif news.kind == "rematch":  # the same table, a new game: its state follows
            self._remembered = None
        elif news.kind == "bad":  # a message that does not fit (or not the host's): nothing
            self._ask_again(news, peer)  # changes, but a lost state is asked for again

    def _ask_again(self, news, peer: str) -> None:
        """The host's state begins its log beyond what this page holds: one state was lost on
        the way (the relays may lose one, docs/online.md). Hello again: the host answers with
        the whole present state."""
        guest = self._guest()
        if news.detail == "log" and peer == guest.host and self.room is not None:
            self.room.send(peer, guest.hello())

    def _on_peer(self, peer: str, joined: bool) -> None:
        note(f"peer {'+' if joined else '-'}{peer[:6]}")
        if self.host is not None:
            if not joined:
                self._send_all(self.host.left(peer, now()))
                self._status()
            return
        guest = self.guest
        if guest is None:
            return
        if joined and not guest.welcomed and not guest.taken_over and self.room is not None:
            note("hello")
            self.room.send(peer, guest.hello())  # one of them is the host
        elif not joined and peer == guest.host:
            self.host_here = False
            guest.host, guest.welcomed = None, False
            guest.start(now())  # (hello again, to every device, until one welcomes it)
            self._status()

    def _on_relays(self, state: str) -> None:
        self.relays = state
        self._status()

    def _send_all(self, outgoing) -> None:
        if self.room is None:
            return
        for peer, text in outgoing:
            self.room.send(peer, text)

    def _close(self) -> None:
        if self.room is not None:
            self.room.leave()
        if self._clock is not None:
            window.clearInterval(self._clock)
            self._clock = None
        self.room, self.host, self.session = None, None, None
        self.dispatch(ev.OnlineStatus(None))

    # -- the invitations' buttons -------------------------------------------------------------
    def _copy(self, effect: ev.CopyText) -> None:
        try:
            window.navigator.clipboard.writeText(effect.text)
        except Exception:  # noqa: BLE001 - no clipboard: the link stays in its field to copy
            return
        self.dispatch(ev.Said(effect.done))

    def _share(self, effect: ev.ShareText) -> None:
        """The system's share sheet where there is one (phones), else a copy."""
        if getattr(window.navigator, "share", None) is None:
            self._copy(ev.CopyText(effect.text, t("online.copied")))
            return
        data = to_js({"title": effect.title, "url": effect.text},
                     dict_converter=window.Object.fromEntries)
        window.navigator.share(data).catch(create_proxy(lambda *_: None))
