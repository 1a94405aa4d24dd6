"""ICE servers as a link or a device's setting writes them (docs/online.md, "Network
settings"): ``stun:HOST[:PORT]`` or ``turn:USER:PASSWORD@HOST[:PORT][?transport=tcp]``
(``turns:`` alike), a ``:``, ``@``, ``,`` or ``%`` in the user or the password percent-encoded.

Why in the model: the same grammar is read from an address anyone can edit (online/links.py)
and checked by the store when a player keeps a TURN server on the device (the online
panel's field, control/online_play.py); what cannot be read is said, never used.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

#: An ICE server as a link writes it (see the module's docstring).
ICE = re.compile(r"^(?P<scheme>stun|turns?):(?:(?P<user>[^:@\s/]+):(?P<password>[^:@\s/]+)@)?"
                 r"(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])"
                 r"(?::(?P<port>[0-9]{1,5}))?(?:\?transport=(?P<transport>udp|tcp))?$")
#: The most ICE servers taken from a link or a device's setting.
MAX_ICE = 8


def ice_server(text: str) -> dict[str, str] | None:
    """The RTCIceServer a written ICE server stands for (``urls``, and ``username`` and
    ``credential`` for a TURN server), or None if it is malformed: a TURN server without
    its user and password, a STUN server with them, a port beyond 65535, anything else."""
    m = ICE.match(text.strip())
    if m is None or (m["port"] is not None and not 0 < int(m["port"]) < 65536):
        return None
    turn = m["scheme"] != "stun"
    if turn != (m["user"] is not None) or (m["transport"] and not turn):
        return None
    urls = f"{m['scheme']}:{m['host']}" + (f":{m['port']}" if m["port"] else "") + (
        f"?transport={m['transport']}" if m["transport"] else "")
    if not turn:
        return {"urls": urls}
    return {"urls": urls, "username": unquote(m["user"]), "credential": unquote(m["password"])}


def ice_text(urls: str, username: str = "", credential: str = "") -> str:
    """An ICE server as a link writes it (the inverse of :func:`ice_server`)."""
    scheme, _, rest = urls.partition(":")
    if not username:
        return urls
    return f"{scheme}:{quote(username, safe='')}:{quote(credential, safe='')}@{rest}"


def read_ice(text: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ICE servers in a comma-separated text (a link's ``ice``, a device's setting):
    those that read, and those that do not (to be said)."""
    good: list[str] = []
    bad: list[str] = []
    for item in (text or "").split(","):
        item = item.strip()
        if item:
            (good if ice_server(item) is not None else bad).append(item)
    return tuple(good[:MAX_ICE]), tuple(bad[:MAX_ICE])
