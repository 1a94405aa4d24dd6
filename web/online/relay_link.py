"""The relays as the way of last resort (docs/online.md, "When no direct connection forms"):
an online game's messages carried through the Nostr relays themselves, for two devices
between which WebRTC found no path (carrier-grade or symmetric NATs, no TURN server).

Why pure Python here: what decides — who is reachable which way, how a message is cut into
pieces a public relay accepts and put together again, how fast pieces may go — is tested on
CPython (tests/web/test_relay_link.py). The browser edge (browser/relay_room.py) gives it
the clock and the pieces that arrived; web/online_relay.js encrypts, signs and carries them.

* **Who is here.** Every device says it is here (a *presence* piece) every
  :data:`HERE_S` seconds, with its Trystero id; a device heard on the relays that Trystero
  has not connected directly within :data:`FALLBACK_S` seconds is *joined through the
  relays*, under the id ``~`` + its Nostr key (:func:`relay_id`): the key signs every piece,
  so no other device of the room can speak under that id. If Trystero connects it later,
  the relay id leaves first and the direct id joins (the guest says hello again there).
* **Pieces.** The messages queued for the same devices go as one *frame*: a JSON list of
  texts, zlib-compressed, cut into pieces of :data:`PIECE_BYTES` (each one Nostr event),
  numbered per sender. A frame is delivered when all its pieces are in, once and in order;
  one left incomplete for :data:`INCOMPLETE_S` seconds is dropped, as is anything that
  does not fit (the room's key has already authenticated each piece in web/online_relay.js).
* **Rate.** A token bucket: at most :data:`RATE` pieces a second after a burst of
  :data:`BURST`; whatever waits for a token goes in the next frame (coalesced).
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, field

#: A relay peer's id: this mark and its Nostr key (64 hex digits).
MARK = "~"
#: The compressed bytes of a frame in one piece: in base64, within the piece's JSON, then
#: encrypted and in base64 again, an event's content stays under 15 kB (public relays
#: commonly take 16 to 64 kB).
PIECE_BYTES = 8_000
#: The most pieces of one frame (so at most 512 kB compressed); and once inflated, a
#: frame's texts are at most FRAME_LIMIT bytes (a bomb of zeros is refused as it inflates).
MAX_PIECES = 64
FRAME_LIMIT = 4_500_000
#: Seconds: how long a peer seen on the relays may take to connect directly before its
#: messages go through the relays; how often a device says it is here; how long a silent
#: relay peer is still counted here; how long an incomplete frame waits for its pieces.
FALLBACK_S = 5.0
HERE_S = 4.0
AWAY_S = 14.0
INCOMPLETE_S = 20.0
#: The most devices heard at once (a room has at most 4 seats and a few spectators; a device
#: of the room that makes new keys to flood it is not heard beyond that).
MAX_HEARD = 16
#: Pieces a second, and the burst: public relays limit each connection to a few events a
#: second; a move sends a frame (usually one piece) to each device that needs one.
RATE = 8.0
BURST = 8


def relay_id(key: str) -> str:
    return MARK + key


def is_relayed(peer: str | None) -> bool:
    """Whether messages to and from ``peer`` go through the relays (its id says so)."""
    return bool(peer) and str(peer).startswith(MARK)


class Bucket:
    """A token bucket: ``take`` is true at most ``rate`` times a second after ``burst``."""

    def __init__(self, rate: float = RATE, burst: int = BURST, now: float = 0.0):
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), now

    def take(self, now: float) -> bool:
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    def wait(self, now: float) -> float:
        """Seconds until a token is there."""
        have = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        return 0.0 if have >= 1.0 else (1.0 - have) / self.rate


def cut(frame: int, targets: list[str], texts: list[str]) -> list[str]:
    """A frame's pieces: each a JSON object with the frame's number ``i``, the piece's
    ``n`` of ``c``, the Nostr keys it is for ``t``, and its part of the compressed texts."""
    packed = zlib.compress(json.dumps(texts, separators=(",", ":")).encode("utf-8"), 6)
    parts = [packed[k:k + PIECE_BYTES] for k in range(0, len(packed), PIECE_BYTES)] or [b""]
    return [json.dumps({"i": frame, "n": n, "c": len(parts), "t": targets,
                        "d": base64.b64encode(part).decode("ascii")}, separators=(",", ":"))
            for n, part in enumerate(parts)]


def presence(trystero_id: str, leaving: bool = False, direct: bool = True) -> str:
    """The piece that says this device is here (or leaves), with its Trystero id; and, from
    a browser without WebRTC (``direct`` False), that no direct connection will ever form:
    the others join it through the relays at once instead of after FALLBACK_S."""
    if leaving:
        return json.dumps({"bye": trystero_id})
    return json.dumps({"here": trystero_id} if direct else {"here": trystero_id, "direct": False})


def inflate(parts: list[bytes]) -> list[str] | None:
    """A complete frame's texts, or None if it does not inflate to a list of texts within
    FRAME_LIMIT."""
    unzip = zlib.decompressobj()
    try:
        data = unzip.decompress(b"".join(parts), FRAME_LIMIT)
        if unzip.unconsumed_tail or not unzip.eof:
            return None
        texts = json.loads(data.decode("utf-8"))
    except (zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        return None
    return texts


@dataclass
class Heard:
    """A device heard on the relays."""

    trystero: str  # the Trystero id its presence gave (to match a direct connection)
    first: float  # when it was first heard (since its last absence)
    last: float  # when it was last heard
    joined: bool = False  # told to the page as a peer reachable through the relays
    direct: bool = True  # it can connect directly (its browser has WebRTC)
    frames: dict[int, dict] = field(default_factory=dict)  # incomplete frames by number
    delivered: int = 0  # the last frame number delivered (later ones only)


class Link:
    """One device's side of the relay way: ``me`` is its Nostr key, ``trystero`` its
    Trystero id; ``direct`` False: this browser has no WebRTC, so every device is joined
    through the relays as soon as it is heard. Pure: the caller passes the time (seconds)
    to every call."""

    def __init__(self, me: str, trystero: str, now: float = 0.0, direct: bool = True):
        self.me, self.trystero, self.can_direct = me, trystero, direct
        self.bucket = Bucket(now=now)
        self.heard: dict[str, Heard] = {}
        self.direct: dict[str, float | None] = {}  # Trystero id -> None while connected,
        # else when it left (a relay peer of that id waits FALLBACK_S again)
        self._queue: list[tuple[tuple[str, ...], str]] = []
        self._pieces: list[str] = []
        self._frame = 0
        self._next_here = now  # at once: the others learn of this device
        self.dropped = 0  # pieces that did not fit (the tests and the console read it)

    # -- what goes out ----------------------------------------------------------------------
    def send(self, peers: list[str], text: str) -> None:
        """``text`` to the relay peers ``peers`` (ids from :func:`relay_id`)."""
        keys = tuple(sorted({p[len(MARK):] for p in peers if is_relayed(p)}))
        if keys:
            self._queue.append((keys, text))

    def due(self, now: float) -> list[str]:
        """The pieces to publish now (as many as the bucket allows): the presence when it
        is due, else the pieces of the frame under way, else a new frame of everything
        queued for the same devices."""
        out: list[str] = []
        while now >= self._next_here or self._pieces or self._queue:
            if not self.bucket.take(now):
                break
            if now >= self._next_here:
                self._next_here = now + HERE_S
                out.append(self.here())
                continue
            if not self._pieces:
                self._pieces = self._frames()
            out.append(self._pieces.pop(0))
        return out

    def wait(self, now: float) -> float:
        """Seconds until :meth:`due` may have something to publish."""
        if self._pieces or self._queue:
            return self.bucket.wait(now)
        return max(0.0, self._next_here - now)

    def say_here_soon(self, now: float) -> None:
        """A new device was heard: it learns of this one at once (not in HERE_S)."""
        self._next_here = min(self._next_here, now)

    def _frames(self) -> list[str]:
        """Everything queued, one frame per set of devices (in the order first queued)."""
        groups: dict[tuple[str, ...], list[str]] = {}
        for keys, text in self._queue:
            groups.setdefault(keys, []).append(text)
        self._queue = []
        pieces: list[str] = []
        for keys, texts in groups.items():
            self._frame += 1
            pieces += cut(self._frame, list(keys), texts)
        return pieces

    # -- what comes in ----------------------------------------------------------------------
    def receive(self, sender: str, text: str, now: float) -> tuple[list, list]:
        """A piece from the device whose Nostr key ``sender`` signed it: the messages it
        completes, as ``(peer, text)``, and news of peers, as ``(peer, joined)``."""
        try:
            piece = json.loads(text)
        except (ValueError, RecursionError):
            piece = None
        if not isinstance(piece, dict) or sender == self.me:
            self.dropped += 1
            return [], []
        news: list[tuple[str, bool]] = []
        if "bye" in piece:
            heard = self.heard.pop(sender, None)
            if heard is not None and heard.joined:
                news.append((relay_id(sender), False))
            return [], news
        heard = self.heard.get(sender)
        if heard is None and len(self.heard) >= MAX_HEARD:
            self.dropped += 1
            return [], []
        if "here" in piece:
            if not isinstance(piece["here"], str) or len(piece["here"]) > 64:
                self.dropped += 1
                return [], []
            if heard is None:
                heard = self.heard[sender] = Heard(piece["here"], now, now)
                self.say_here_soon(now)
            heard.trystero, heard.last = piece["here"], now
            heard.direct = piece.get("direct", True) is not False
            return [], self.tick(now)
        if heard is None:  # (its presence is on its way: the frame is still taken)
            heard = self.heard[sender] = Heard("", now, now)
        heard.last = now
        return self._piece(sender, heard, piece, now), []

    def _piece(self, sender: str, heard: Heard, piece: dict, now: float) -> list:
        i, n, c, targets, data = (piece.get(k) for k in ("i", "n", "c", "t", "d"))
        if (type(i) is not int or type(n) is not int or type(c) is not int
                or not 0 <= n < c <= MAX_PIECES or not isinstance(data, str)
                or len(data) > PIECE_BYTES * 4 // 3 + 4 or not isinstance(targets, list)):
            self.dropped += 1
            return []
        if self.me not in targets or i <= heard.delivered:
            return []  # another device's, or an old one (a copy from a second relay)
        try:
            part = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            self.dropped += 1
            return []
        frame = heard.frames.setdefault(i, {"c": c, "parts": {}, "at": now})
        if frame["c"] != c:
            self.dropped += 1
            return []
        frame["parts"][n] = part
        self._forget_incomplete(heard, now)
        if len(frame["parts"]) < c:
            return []
        del heard.frames[i]
        heard.delivered = i  # (frames before it that are still incomplete: lost)
        for old in [k for k in heard.frames if k < i]:
            del heard.frames[old]
        texts = inflate([frame["parts"][k] for k in range(c)])
        if texts is None:
            self.dropped += 1
            return []
        return [(relay_id(sender), t) for t in texts]

    def _forget_incomplete(self, heard: Heard, now: float) -> None:
        for k in [k for k, f in heard.frames.items() if now - f["at"] > INCOMPLETE_S]:
            del heard.frames[k]
        while len(heard.frames) > 8:  # (a sender that floods with pieces of new frames)
            del heard.frames[min(heard.frames)]

    # -- who is reachable which way --------------------------------------------------------
    def direct_peer(self, peer: str, joined: bool, now: float) -> list[tuple[str, bool]]:
        """Trystero connected (or lost) ``peer`` directly: the news to pass on, in order —
        a relay peer of the same device leaves before the direct one joins."""
        news: list[tuple[str, bool]] = []
        if joined:
            self.direct[peer] = None
            for key, heard in self.heard.items():
                if heard.joined and heard.trystero == peer:
                    heard.joined = False
                    news.append((relay_id(key), False))
        else:
            self.direct[peer] = now
        news.append((peer, joined))
        return news

    def tick(self, now: float) -> list[tuple[str, bool]]:
        """Relay peers that join (heard, no direct connection for FALLBACK_S since they
        were first heard or their direct connection was lost, and heard since) or leave
        (silent for AWAY_S)."""
        news: list[tuple[str, bool]] = []
        for key in list(self.heard):
            heard = self.heard[key]
            if now - heard.last > AWAY_S:
                del self.heard[key]
                if heard.joined:
                    news.append((relay_id(key), False))
                continue
            if heard.joined or not heard.trystero:
                continue
            if heard.trystero in self.direct:
                left = self.direct[heard.trystero]
                if left is None or heard.last <= left:
                    continue  # connected directly, or not heard since it left
                since = max(heard.first, left)
            else:
                since = heard.first
            fallback = FALLBACK_S if self.can_direct and heard.direct else 0.0
            if now - since >= fallback:
                heard.joined = True
                news.append((relay_id(key), True))
        return news

    def joined(self) -> list[str]:
        """The relay peers joined now."""
        return [relay_id(k) for k, h in self.heard.items() if h.joined]

    def leave(self) -> list[str]:
        """The piece that tells the others this device leaves (sent at once)."""
        return [presence(self.trystero, leaving=True)]

    def here(self) -> str:
        """The piece that says this device is here."""
        return presence(self.trystero, direct=self.can_direct)
