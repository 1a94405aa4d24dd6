"""Online play when no direct connection forms (docs/online.md, "When no direct connection
forms"): the game's messages go through the Nostr relays themselves, encrypted with a key
from the room's password, in pieces, at a rate public relays accept.

One guest's browser can make no direct connection at all: an init script wraps its
``RTCPeerConnection`` so that it never signals an ICE candidate (the ``icecandidate`` events
are dropped and the ``a=candidate`` lines stripped from its descriptions) and takes none of
the others' (stripped from the descriptions it is given too, ``addIceCandidate`` ignored) —
as two phones behind carrier-grade NATs without a TURN server. Over the real local relay
(tools/relay.py) it plays a whole 3-player game with the host and a guest that is connected
directly; its page says it is connected through the relays, and it never holds a face its
seat may not know.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote

import pytest
from conftest import Guard
from no_direct import NO_DIRECT
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from test_online import (
    ends_alike_everywhere,
    forget_closed_peers,
    play_online,
    start_online,
)

#: What Trystero and Chromium say on the console while they try to connect the page that
#: cannot be connected (expected here: the relays then carry the game).
TRYING = re.compile(r"could not connect to peer|ICE failed|Trystero peer error|"
                    r"Trystero: .*(timed out|connection)", re.IGNORECASE)


def forget_failed_connections(guard: Guard) -> None:
    guard.console_errors[:] = [m for m in guard.console_errors if not TRYING.search(m)]
    forget_closed_peers(guard)


@pytest.fixture
def no_direct_third(devices):
    """``devices`` whose third device (the second guest) can make no direct connection."""
    made: list[Page] = []

    def open_device() -> Page:
        page = devices()
        made.append(page)
        if len(made) == 3:
            page.add_init_script(NO_DIRECT)
        return page

    return open_device


def test_a_guest_without_any_direct_connection_plays_through_the_relays(
        no_direct_third, relay: str, guard: Guard) -> None:  # noqa: F811
    seed = 4
    host, guests = start_online(no_direct_third, relay, ["human", "friend", "friend"], seed)
    cut_off, direct = guests[2], guests[1]
    assert cut_off.evaluate("window.rattusNoDirect || 0") > 0  # it did try WebRTC
    # each device says how it reaches the others
    expect(cut_off.locator('#online [data-way="host"]')).to_have_attribute("data-how", "relay")
    expect(cut_off.locator("#online .online-way-note")).to_be_visible()
    expect(direct.locator('#online [data-way="host"]')).to_have_attribute("data-how", "direct")
    expect(host.locator('#online [data-way="2"]')).to_have_attribute("data-how", "relay")
    expect(host.locator('#online [data-way="1"]')).to_have_attribute("data-how", "direct")
    play_online(host, guests, seed)  # every device renders each action; no face it may not know
    forget_failed_connections(guard)
    game = ends_alike_everywhere(host, [host, *guests.values()], seed)
    # the whole game (the final state, the largest message) came in pieces through the relay
    stats = cut_off.evaluate("window.rattusRelayStats")
    assert stats["received"] > len(game.history) and stats["rejected"] == 0
    expect(cut_off.locator('#online [data-way="host"]')).to_have_attribute("data-how", "relay")


OPEN_RELAY = """([url, room]) => {
  window.pieces = [];
  return window.rattusOnline.relay({room: room, password: 'pw', relays: [url]},
    (key, text) => window.pieces.push(text)).then(way => { window.way = way; return way.self; });
}"""


def test_the_local_relay_takes_the_largest_piece_and_refuses_what_public_relays_refuse(
        devices, relay: str) -> None:  # noqa: F811
    """A piece of the largest size the fallback cuts (relay_link.PIECE_BYTES of a frame in
    base64, in its JSON with up to three devices' keys: under 11 kB before encryption, about
    14.7 kB of event content after) reaches the other device; a 20 kB one is refused by the
    relay, as a public relay's 16 kB limit would, and reaches nobody."""
    pages = [devices() for _ in range(2)]
    for p in pages:
        p.goto("./?players=2&pace=0")
        p.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    keys = [p.evaluate(OPEN_RELAY, [relay, "test-room"]) for p in pages]
    assert keys[0] != keys[1] and len(keys[0]) == 64
    sender, receiver = pages

    def reaches(text: str) -> bool:
        """Published (again, until the receiver's subscription is surely at the relay)."""
        for _ in range(10):
            sender.evaluate("text => window.way.publish(text)", text)
            try:
                receiver.wait_for_function("text => window.pieces.includes(text)", arg=text,
                                           timeout=1_500)
                return True
            except PlaywrightError:
                continue
        return False

    largest = "p" * 11_000
    assert reaches(largest)
    sender.evaluate("text => window.way.publish(text)", "q" * 20_000)
    sender.wait_for_function("() => window.rattusRelayStats.refused > 0", timeout=10_000)
    assert reaches("after")
    assert set(receiver.evaluate("window.pieces")) == {largest, "after"}


#: Each RTCPeerConnection's configuration, as the page gave it (TURN servers and all).
RECORD_RTC = """(() => {
  window.rtcConfigs = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config, ...rest) {
      window.rtcConfigs.push(JSON.parse(JSON.stringify(config || {})));
      super(config, ...rest);
    }
  };
})();"""


def ice_servers(page: Page) -> list[dict]:
    page.wait_for_function("() => window.rtcConfigs.length > 0", timeout=30_000)
    return page.evaluate("window.rtcConfigs[0].iceServers")


def test_turn_servers_reach_webrtc_with_their_credentials(
        devices, relay: str, guard: Guard) -> None:  # noqa: F811
    """The link's ``?ice=`` (a TURN user with a ``:``, a password with an ``@``) replaces
    Trystero's STUN servers; one that cannot be read is said on the page and not used. A
    TURN server kept on the device (the panel's field) is added to Trystero's STUN servers."""
    turn = "turn:1700000000%3Abob:pw%402@127.0.0.1:3479?transport=tcp"
    linked = devices()
    linked.add_init_script(RECORD_RTC)
    linked.goto("./?players=2&names=Ann,Bob&bots=0,friend&seed=3&pace=0"
                f"&relays={relay}&ice={quote(turn + ',turn:nopassword.example', safe='')}")
    assert ice_servers(linked) == [{"urls": "turn:127.0.0.1:3479?transport=tcp",
                                    "username": "1700000000:bob", "credential": "pw@2"}]
    expect(linked.locator("#online .online-ice-bad")).to_contain_text("turn:nopassword.example")
    invitation = linked.locator('#online input[data-link="1"]').input_value()
    query = invitation.split("?", 1)[1].split("#", 1)[0]
    assert parse_qs(query)["ice"] == [turn]  # the invitation carries it (not the odd one)

    kept = devices()
    kept.add_init_script(RECORD_RTC)
    kept.add_init_script(
        "localStorage.setItem('rattus.online.turn', 'turn:ann:pw@127.0.0.1:3478')")
    kept.goto(f"./?players=2&names=Ann,Bob&bots=0,friend&seed=3&pace=0&relays={relay}")
    servers = ice_servers(kept)
    assert {"urls": "turn:127.0.0.1:3478", "username": "ann", "credential": "pw"} in servers
    assert any(s["urls"].startswith("stun:") for s in servers)  # (Trystero's, kept)
    expect(kept.locator("#online-turn")).to_have_value("turn:ann:pw@127.0.0.1:3478")
    forget_failed_connections(guard)
    guard.console_errors[:] = [m for m in guard.console_errors  # (no TURN server listens)
                               if "WebSocket connection to" not in m]


#: A device of the room's own making, sending events straight to the relay: built with the
#: module's own sealing (web/online_relay.js), then spoilt where the test says.
FORGE = """async ([url, what]) => {
  const relay = await import('./online_relay.js');
  const {schnorr} = await import('./vendor/trystero/noble/index.js');
  const room = await relay.roomKey('test-room', 'pw');
  const secret = schnorr.keygen().secretKey;
  let event;
  if (what === 'wrong-key') {  // the room's topic, another password's key
    const other = await relay.roomKey('test-room', 'not the password');
    event = await relay.sealEvent({key: other.key, topic: room.topic}, secret, 'forged');
  } else if (what === 'bad-signature') {  // the room's key, another event's signature
    event = await relay.sealEvent(room, secret, 'forged');
    event.sig = (await relay.sealEvent(room, secret, 'other')).sig;
  } else {
    event = await relay.sealEvent(room, secret, what);
  }
  window.forger = window.forger || new Promise((resolve) => {
    const socket = new WebSocket(url);
    socket.onopen = () => resolve(socket);
  });
  (await window.forger).send(JSON.stringify(['EVENT', event]));
}"""


def test_a_piece_that_fails_its_signature_or_the_rooms_key_is_dropped(
        devices, relay: str) -> None:  # noqa: F811
    """Whoever knows the room's topic but not its password gets nothing through: the
    receiving page drops the piece that fails the room's key before Python sees it. An
    event whose signature is not its key's is refused by the relay itself (every relay
    checks, and so does the page, for a relay that would not)."""
    receiver, forger = devices(), devices()
    for p in (receiver, forger):
        p.goto("./?players=2&pace=0")
        p.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    receiver.evaluate(OPEN_RELAY, [relay, "test-room"])
    for _ in range(10):  # until the receiver's subscription is surely at the relay
        forger.evaluate(FORGE, [relay, "ready"])
        try:
            receiver.wait_for_function("() => window.pieces.includes('ready')", timeout=1_500)
            break
        except PlaywrightError:
            continue
    rejected = receiver.evaluate("window.rattusRelayStats.rejected")
    for what in ("wrong-key", "bad-signature", "good"):
        forger.evaluate(FORGE, [relay, what])
    receiver.wait_for_function("() => window.pieces.includes('good')", timeout=10_000)
    assert set(receiver.evaluate("window.pieces")) == {"ready", "good"}
    assert receiver.evaluate("window.rattusRelayStats.rejected") == rejected + 1
