"""Invitation links: which room, its password, which seat and the seat's secret — all after
the ``#``, which a browser never sends to any server (docs/online.md).

    https://…/rattus/?relays=wss://relay.example#play=ROOM.PASSWORD.1.SECRET
    https://…/rattus/#play=ROOM.PASSWORD.w                       (to watch)

Why its own module: the link is read from an address anyone can edit, so it is checked here
(:func:`read`: None for anything that is not an invitation of the right shape), and the host
writes it here (:func:`link`), so both sides agree. The relays and the ICE setting travel in
the query (``?relays=…&ice=none``): a club's own relay must reach every device of its game.

ICE servers (``?ice=…``, comma-separated) are written ``stun:HOST[:PORT]`` or
``turn:USER:PASSWORD@HOST[:PORT][?transport=tcp]`` (model/ice_servers.py's grammar, which
the store also checks the panel's TURN field with). A TURN server's password in a link is no
secret from whoever holds the link — and the query, unlike the ``#`` part, reaches the web
server that serves the page: a club gives short-lived TURN credentials, or keeps them on
each device instead.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from urllib.parse import parse_qs, quote, urlencode

from model.ice_servers import read_ice
from model.ui_state import Joined

#: The letters of room names, passwords and secrets (``secrets.token_urlsafe``).
TOKEN = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
WATCH = "w"
MAX_RELAYS = 8


@dataclass(frozen=True)
class Invitation:
    room: str
    password: str
    seat: int | None  # None: to watch
    secret: str = ""


@dataclass(frozen=True)
class Network:
    """Where the devices find each other: relays (empty: Trystero's public Nostr relays)
    and the ICE servers (``None``: Trystero's; ``("none",)``: host candidates only), as the
    address gave them; ``problems``: the ICE servers it gave that could not be read (said on
    the page, not used)."""

    relays: tuple[str, ...] = ()
    ice: tuple[str, ...] | None = None
    problems: tuple[str, ...] = ()


def new_room() -> tuple[str, str]:
    """A room's name and its password (each 128 bits, random)."""
    return secrets.token_urlsafe(16), secrets.token_urlsafe(16)


def new_key() -> str:
    """This browser's own secret for its rooms (kept in its storage, never sent)."""
    return secrets.token_urlsafe(32)


def room_of(key: str, slot: str, seats) -> tuple[str, str, dict[int, str]]:
    """The room, password and seat secrets of the game kept as ``slot`` by the browser whose
    secret is ``key``: derived, not stored, so a host that reloads (or resumes the game from
    "Your games") opens the same room with the same invitations, and its guests rejoin by
    themselves. Each is 128 bits of an HMAC-SHA256 of the browser's secret."""
    def derive(what: str) -> str:
        mac = hmac.new(key.encode("utf-8"), f"{slot}:{what}".encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(mac.digest()[:16]).decode("ascii").rstrip("=")

    return derive("room"), derive("password"), {seat: derive(f"seat{seat}") for seat in seats}


def link(base: str, invitation: Invitation, network: Network = Network()) -> str:
    """The link that opens ``invitation`` on another device (``base``: the page's address
    without query or fragment)."""
    query: dict[str, str] = {}
    if network.relays:
        query["relays"] = ",".join(network.relays)
    if network.ice is not None:
        query["ice"] = ",".join(network.ice)
    seat = WATCH if invitation.seat is None else str(invitation.seat)
    parts = [invitation.room, invitation.password, seat] + (
        [invitation.secret] if invitation.seat is not None else [])
    return (base + (("?" + urlencode(query, safe=":/,")) if query else "")
            + "#play=" + ".".join(quote(p) for p in parts))


def is_invitation(fragment: str) -> bool:
    """The address's fragment means to be an invitation (``#play=…``), whole or not: a cut
    one is told as such, not taken for no link at all."""
    return fragment.lstrip("#").startswith("play=")


def read(fragment: str) -> Invitation | None:
    """The invitation in an address's fragment (``#play=…``), or None."""
    text = fragment.lstrip("#")
    if not text.startswith("play="):
        return None
    parts = text[len("play="):].split(".")
    if len(parts) not in (3, 4) or not all(TOKEN.match(p) for p in parts[:2]):
        return None
    room, password, seat = parts[:3]
    if seat == WATCH and len(parts) == 3:
        return Invitation(room, password, None)
    if len(parts) == 4 and seat in ("0", "1", "2", "3") and TOKEN.match(parts[3]):
        return Invitation(room, password, int(seat), parts[3])
    return None


def network_of(query: str) -> Network:
    """The relays and ICE servers an address names (``?relays=wss://a,wss://b&ice=none``);
    only ``ws://`` and ``wss://`` relays and well-formed ``stun:``/``turn:`` servers
    (model/ice_servers.py) are taken; the others are kept in ``problems``, to be said."""
    q = {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}
    relays = tuple(r.strip() for r in q.get("relays", "").split(",")
                   if re.match(r"^wss?://[^\s\"'<>]+$", r.strip()))[:MAX_RELAYS]
    ice_text = q.get("ice")
    ice: tuple[str, ...] | None = None
    problems: tuple[str, ...] = ()
    if ice_text == "none":
        ice = ("none",)
    elif ice_text:
        good, problems = read_ice(ice_text)
        ice = good or None
    return Network(relays, ice, problems)


#: How many joined games a browser keeps to rejoin.
MAX_JOINED = 8


def joined_with(text: str | None, link: str, names: list[str], seat: int | None,
                now: float) -> str:
    """The list of joined games (the text kept in storage) with this one first: one entry
    per invitation (room and seat), whatever the address's query said (a language, relays)."""
    same = _seat_of(link)
    kept = [j for j in read_joined(text) if j.link != link and _seat_of(j.link) != same]
    new = Joined(link, tuple(names), seat, now)
    return json.dumps([{"link": j.link, "names": list(j.names), "seat": j.seat,
                        "updated": j.updated} for j in [new, *kept][:MAX_JOINED]])


def read_joined(text: str | None) -> list[Joined]:
    """The joined games in the stored text, newest first; anything odd dropped."""
    try:
        data = json.loads(text or "[]")
    except (ValueError, RecursionError):
        return []
    out = []
    for item in data if isinstance(data, list) else []:
        if not isinstance(item, dict):
            continue
        link, names, seat, updated = (item.get("link"), item.get("names"), item.get("seat"),
                                      item.get("updated"))
        if not isinstance(link, str) or read(link.partition("#")[2]) is None:
            continue
        if (not isinstance(names, list)
                or not all(isinstance(n, str) for n in names) or not 2 <= len(names) <= 4
                or not (seat is None or (type(seat) is int and 0 <= seat < len(names)))
                or not isinstance(updated, int | float)):
            continue
        out.append(Joined(link, tuple(n[:40] for n in names), seat, float(updated)))
    return out[:MAX_JOINED]


def _seat_of(link: str) -> tuple[str, int | None] | None:
    invitation = read(link.partition("#")[2])
    return None if invitation is None else (invitation.room, invitation.seat)


def not_hosted(joined: list[Joined], rooms: set[str]) -> list[Joined]:
    """The joined games but those of ``rooms`` (this browser's own hosted games, listed as
    kept games already: a host who opened its own invitation sees the game once)."""
    return [j for j in joined if (_seat_of(j.link) or ("", None))[0] not in rooms]
