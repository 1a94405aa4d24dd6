"""The relays as the way of last resort (web/online/relay_link.py, docs/online.md): who is
reached through the relays and when, messages cut into pieces a public relay takes and put
together again, the rate the relays accept. Pure: every call is given the time.

Each test is one device's link (``me``) and the pieces other devices' links send it, as the
relay would deliver them after web/online_relay.js verified and decrypted each.
"""

from __future__ import annotations

import json
import random
import zlib

import pytest
from online import relay_link
from online.relay_link import (
    AWAY_S,
    FALLBACK_S,
    INCOMPLETE_S,
    MAX_PIECES,
    PIECE_BYTES,
    Bucket,
    Link,
    is_relayed,
    relay_id,
)

HOST, GUEST = "a" * 64, "b" * 64  # two devices' Nostr keys


def pair(now: float = 0.0) -> tuple[Link, Link]:
    """The host's link and a guest's, each having heard the other's presence at ``now``."""
    host, guest = Link(HOST, "host-trystero", now), Link(GUEST, "guest-trystero", now)
    for piece in host.due(now):
        guest.receive(HOST, piece, now)
    for piece in guest.due(now):
        host.receive(GUEST, piece, now)
    host.due(now)  # (the host's answer: it says it is here at once to a new device)
    return host, guest


def frames(pieces: list[str]) -> list[str]:
    """The pieces of frames (not presences)."""
    return [p for p in pieces if '"here"' not in p]


def carry(sender: Link, receiver: Link, now: float) -> list[tuple[str, str]]:
    """Everything ``sender`` may publish now, delivered to ``receiver``."""
    out = []
    for piece in sender.due(now):
        got, _news = receiver.receive(sender.me, piece, now)
        out += got
    return out


def test_a_device_heard_on_the_relays_joins_through_them_only_after_the_fallback_delay() -> None:
    """Seen on the relays, not connected directly: a few seconds for WebRTC first."""
    host, guest = pair()
    assert guest.tick(FALLBACK_S - 0.1) == []
    assert guest.tick(FALLBACK_S) == [(relay_id(HOST), True)]
    assert guest.joined() == [relay_id(HOST)] and is_relayed(relay_id(HOST))


def test_a_device_without_webrtc_is_joined_through_the_relays_at_once_by_the_others() -> None:
    """Its presence says no direct connection will form: nobody waits FALLBACK_S for one."""
    host = Link(HOST, "host-trystero", 0.0)
    guest = Link(GUEST, "guest-trystero", 0.0, direct=False)
    news = [n for piece in guest.due(0.0) for n in host.receive(GUEST, piece, 0.0)[1]]
    assert news == [(relay_id(GUEST), True)]


def test_a_device_without_webrtc_joins_everyone_it_hears_through_the_relays_at_once() -> None:
    host = Link(HOST, "host-trystero", 0.0)
    guest = Link(GUEST, "guest-trystero", 0.0, direct=False)
    news = [n for piece in host.due(0.0) for n in guest.receive(HOST, piece, 0.0)[1]]
    assert news == [(relay_id(HOST), True)]


def test_a_device_with_webrtc_still_waits_for_a_direct_connection_to_another_with_it() -> None:
    """Only the side without WebRTC skips the wait: two ordinary devices still try WebRTC."""
    host, guest = pair()
    assert host.tick(0.1) == [] and guest.tick(0.1) == []


def test_a_device_connected_directly_never_joins_through_the_relays() -> None:
    host, guest = pair()
    assert guest.direct_peer("host-trystero", True, 1.0) == [("host-trystero", True)]
    assert guest.tick(FALLBACK_S * 3) == []


def test_a_late_direct_connection_replaces_the_relay_way_relay_leaving_first() -> None:
    """The guest says hello again on the direct peer's join: the relay peer must be gone by
    then, or the page would still listen to it as the host."""
    host, guest = pair()
    guest.tick(FALLBACK_S)
    assert guest.direct_peer("host-trystero", True, 9.0) == [
        (relay_id(HOST), False), ("host-trystero", True)]
    assert guest.joined() == []


def test_a_lost_direct_connection_falls_back_to_the_relays_if_the_device_is_still_heard() -> None:
    host, guest = pair()
    guest.direct_peer("host-trystero", True, 1.0)
    guest.direct_peer("host-trystero", False, 10.0)
    assert guest.tick(11.0) == []  # not heard since it left (a page closed: nothing joins)
    for piece in host.due(12.0):
        guest.receive(HOST, piece, 12.0)
    assert guest.tick(10.0 + FALLBACK_S - 0.1) == []
    assert guest.tick(10.0 + FALLBACK_S) == [(relay_id(HOST), True)]


def test_a_silent_device_leaves_and_a_bye_leaves_at_once() -> None:
    host, guest = pair()
    guest.tick(FALLBACK_S)
    assert guest.tick(AWAY_S + 0.1) == [(relay_id(HOST), False)]
    host, guest = pair(100.0)
    guest.tick(100.0 + FALLBACK_S)
    _got, news = guest.receive(HOST, host.leave()[0], 106.0)
    assert news == [(relay_id(HOST), False)] and guest.joined() == []


def test_a_message_arrives_once_and_as_sent() -> None:
    host, guest = pair()
    host.send([relay_id(GUEST)], '{"type": "state"}')
    assert carry(host, guest, 1.0) == [(relay_id(HOST), '{"type": "state"}')]
    assert carry(host, guest, 2.0) == []


def test_a_copy_from_a_second_relay_is_not_delivered_again() -> None:
    host, guest = pair()
    host.send([relay_id(GUEST)], "once")
    piece = frames(host.due(1.0))[0]
    assert guest.receive(HOST, piece, 1.0)[0] == [(relay_id(HOST), "once")]
    assert guest.receive(HOST, piece, 1.1)[0] == []


def test_a_large_table_goes_in_pieces_small_enough_for_public_relays() -> None:
    """The host's table near the game's end is ~100 kB+; incompressible here on purpose."""
    rng = random.Random(3)
    big = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(120_000))
    host, guest = pair()
    host.send([relay_id(GUEST)], big)
    pieces = []
    now = 1.0
    while len(pieces) < 11:  # (the bucket lets a few out a second)
        pieces += host.due(now)
        now += 0.25
    assert len(pieces) > 8
    # each piece, once encrypted (12-byte IV, 16-byte tag) and in base64: under 16 kB
    assert max((len(p.encode()) + 28) * 4 // 3 + 4 for p in pieces) < 16_000
    random.Random(1).shuffle(pieces)  # (any order: each piece says where it goes)
    got = [m for p in pieces for m in guest.receive(HOST, p, now)[0]]
    assert got == [(relay_id(HOST), big)]


def test_an_incomplete_frame_is_dropped_after_a_while() -> None:
    host, guest = pair()
    host.send([relay_id(GUEST)], "".join(chr(0x4e00 + i % 20000) for i in range(30_000)))
    pieces = frames(host.due(1.0))
    assert len(pieces) >= 2
    assert guest.receive(HOST, pieces[-1], 1.0)[0] == []  # one piece; the others lost
    heard = guest.heard[HOST]
    assert heard.frames
    host.send([relay_id("c" * 64)], "to another device: a piece that reaches this one")
    later = 2.0 + INCOMPLETE_S
    while not (piece := frames(host.due(later))):
        later += 0.5
    guest.receive(HOST, piece[0], later)
    assert not heard.frames


def test_messages_for_another_device_are_not_delivered() -> None:
    host, guest = pair()
    host.send([relay_id("c" * 64)], "for someone else")
    assert carry(host, guest, 1.0) == []


def test_messages_queued_together_go_in_one_frame_per_device() -> None:
    """Coalesced: the texts sent in one run of the page's code cost one event."""
    host, guest = pair()
    host.due(0.5)  # (its presence, already said)
    for k in range(5):
        host.send([relay_id(GUEST)], f"m{k}")
    pieces = host.due(1.0)
    assert len(pieces) == 1
    assert [t for _p, t in guest.receive(HOST, pieces[0], 1.0)[0]] == [f"m{k}" for k in range(5)]


def test_the_rate_stays_within_what_relays_accept() -> None:
    """However much is sent, at most RATE pieces a second after a burst of BURST."""
    host, _guest = pair()
    sent = 0
    for tick in range(100):  # ten seconds in steps of 0.1 s, a message every step
        host.send([relay_id(GUEST)], "".join(chr(0x4e00 + (tick * 7919 + i) % 20000)
                                             for i in range(6000)))
        sent += len(host.due(1.0 + tick / 10))
    assert sent <= relay_link.BURST + relay_link.RATE * 10 + 1


def test_the_bucket_refills_at_its_rate() -> None:
    bucket = Bucket(rate=5.0, burst=2, now=0.0)
    assert [bucket.take(0.0) for _ in range(3)] == [True, True, False]
    assert bucket.wait(0.0) == pytest.approx(0.2)
    assert bucket.take(0.2)


@pytest.mark.parametrize("piece", [
    "not json", "[1, 2]", json.dumps({"i": 1, "n": 0, "c": 0, "t": [GUEST], "d": ""}),
    json.dumps({"i": 1, "n": 2, "c": 2, "t": [GUEST], "d": ""}),
    json.dumps({"i": "1", "n": 0, "c": 1, "t": [GUEST], "d": ""}),
    json.dumps({"i": 1, "n": 0, "c": MAX_PIECES + 1, "t": [GUEST], "d": ""}),
    json.dumps({"i": 1, "n": 0, "c": 1, "t": [GUEST], "d": "not base64!"}),
    json.dumps({"i": 1, "n": 0, "c": 1, "t": [GUEST], "d": "eJzLSM3JyVcozy/KSQEAGgQEXQ=="[:-4]}),
    json.dumps({"here": "x" * 100}),
])
def test_a_piece_that_does_not_fit_is_dropped(piece: str) -> None:
    """A device of the room that sends rubbish changes nothing (it is counted, not read)."""
    _host, guest = pair()
    assert guest.receive(HOST, piece, 1.0)[0] == []
    assert guest.dropped == 1


def test_a_frame_that_inflates_beyond_the_limit_is_dropped() -> None:
    """A zip bomb: 64 MB of zeros in a few pieces; refused while it inflates."""
    bomb = zlib.compress(b"[" + b" " * 64_000_000 + b"]", 9)
    assert len(bomb) < PIECE_BYTES * MAX_PIECES
    assert relay_link.inflate([bomb]) is None


def test_a_devices_own_pieces_are_not_read() -> None:
    host, _guest = pair()
    assert host.receive(HOST, relay_link.presence("me"), 1.0) == ([], [])


def test_a_flood_of_new_keys_is_not_heard_beyond_a_rooms_size() -> None:
    """A device of the room that makes key after key fills no memory: the devices already
    heard are still heard."""
    _host, guest = pair()
    for k in range(100):
        guest.receive(f"{k:064x}", relay_link.presence(f"t{k}"), 1.0)
    assert len(guest.heard) == relay_link.MAX_HEARD and HOST in guest.heard
