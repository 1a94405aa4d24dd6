"""The room's two ways to a device, behind one ``send``: Trystero's direct WebRTC channel, and
the relays as the way of last resort (online/relay_link.py decides, web/online_relay.js
carries). browser/online_room.py sees the same (peer, text) and (peer, joined) callbacks
whichever way a message came; a peer reachable only through the relays has an id that says
so (``relay_link.is_relayed``), which is how the panel tells each device's way.

Why a module of its own: the direct room is online_room's; this one only adds the relay way
to it (its clock, its pump, its rate) and keeps online_room's changes to a few lines.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from online.relay_link import Link, is_relayed
from pyodide.ffi import create_proxy, to_js
from pyscript import window


class Ways:
    """One room's ways: created before Trystero's room opens (its news of direct peers
    pass through :meth:`direct_peer`), then :meth:`open` with Trystero's handle."""

    def __init__(self, on_message: Callable[[str, str], None],
                 on_peer: Callable[[str, bool], None]):
        self.on_message, self.on_peer = on_message, on_peer
        self.direct: Any = None  # web/online.js's handle (Trystero)
        self.relay: Any = None  # web/online_relay.js's handle, once open
        self.link: Link | None = None
        self._closed = False
        self._pumping = False
        self._proxies: list = []

    def attach(self, direct, settings: dict) -> Ways:
        """Trystero's room ``direct`` is open: it carries at once; the relay way opens beside
        it (same relays, same room and password) in the background."""
        self.direct = direct
        # (no WebRTC in this browser: web/online.js's room has no direct way)
        self.link = Link("", str(direct.self), time.monotonic(),
                         direct=getattr(direct, "direct", True) is not False)
        asyncio.ensure_future(self._open_relay(settings))
        return self

    async def _open_relay(self, settings: dict) -> None:
        """If the relay way cannot open, the direct way goes on alone (said in the console)."""
        assert self.link is not None
        on_piece = create_proxy(lambda key, text: self._on_piece(str(key), str(text)))
        self._proxies.append(on_piece)
        try:
            relay = await window.rattusOnline.relay(
                to_js({k: settings[k] for k in ("room", "password", "relays")},
                      dict_converter=window.Object.fromEntries), on_piece)
        except Exception as exc:  # noqa: BLE001 - no relay way: said, the direct one goes on
            window.console.warn(f"online: no relay way: {exc}")
            return
        if self._closed:
            relay.leave()
            return
        self.relay, self.link.me = relay, str(relay.self)
        window.rattusWays = create_proxy(self.ways)  # (the tests: each peer's way)
        self._proxies.append(window.rattusWays)
        asyncio.ensure_future(self._run())

    # -- the room's interface (online_room's self.room) --------------------------------------
    @property
    def self(self) -> str:
        return str(self.direct.self) if self.direct is not None else ""

    def send(self, peer: str | None, text: str) -> None:
        """``text`` to ``peer`` its way (None: to every device, each its way)."""
        if peer is None or not is_relayed(peer):
            self.direct.send(peer, text)
        if self.link is not None and (peer is None or is_relayed(peer)):
            self.link.send(self.link.joined() if peer is None else [peer], text)
            self._soon()

    def leave(self) -> None:
        self._closed = True
        if self.relay is not None and self.link is not None:
            for piece in self.link.leave():
                self.relay.publish(piece)
            self.relay.leave()
        if self.direct is not None:
            self.direct.leave()
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies = []

    async def reset(self) -> None:
        """The room opened anew (online_room's rejoin): the relay way left, the direct
        room left with its peer connections closed (web/online.js's reset)."""
        direct, self.direct = self.direct, None
        self.leave()
        if direct is not None:
            await direct.reset()

    def ways(self) -> object:
        """Each peer joined through the relays (the tests read it)."""
        return to_js(self.link.joined() if self.link is not None else [])

    # -- the news -------------------------------------------------------------------------
    def direct_peer(self, peer: str, joined: bool) -> None:
        """Trystero's news of a direct peer, in order with the relay way's."""
        if self.link is None:
            self.on_peer(peer, joined)
            return
        for p, j in self.link.direct_peer(peer, joined, time.monotonic()):
            self.on_peer(p, j)

    def _on_piece(self, key: str, text: str) -> None:
        if self.link is None or self._closed:
            return
        messages, news = self.link.receive(key, text, time.monotonic())
        for peer, joined in news:
            self.on_peer(peer, joined)
        for peer, message in messages:
            self.on_message(peer, message)
        self._soon()  # (a new device heard: this one says it is here at once)

    # -- the pump --------------------------------------------------------------------------
    def _soon(self) -> None:
        """Publish what is due once the present run of the page's code is done: the messages
        sent in it go as one frame per device."""
        if not self._pumping and self.relay is not None:
            self._pumping = True
            asyncio.get_event_loop().call_soon(self._pump)

    def _pump(self) -> None:
        self._pumping = False
        if self.link is None or self.relay is None or self._closed:
            return
        for piece in self.link.due(time.monotonic()):
            self.relay.publish(piece)

    async def _run(self) -> None:
        """Presence, joins and leaves, and pieces that waited for the bucket."""
        while not self._closed and self.link is not None:
            now = time.monotonic()
            for peer, joined in self.link.tick(now):
                self.on_peer(peer, joined)
            self._pump()
            await asyncio.sleep(min(0.5, max(0.03, self.link.wait(time.monotonic()))))

