"""The messages between a host's page and the other devices of an online game, as text.

Why one module: everything that crosses the network is read here first, so that nothing
else in the page ever sees a message that is not of a known type, of this protocol, within
its size, with fields of the right types. A message is a JSON object ``{"v": PROTOCOL,
"type": …, …}`` (docs/online.md lists them). :func:`read` turns the text into a plain dict or
raises :class:`BadMessage` with a refusal code (``too-big``, ``malformed``, ``protocol``,
``unknown-type``), which the host sends back as a ``refused`` message.

A device asks (``hello``, ``act``); only the host answers with the game (``state``), so the
limits are two: what a guest may send is small (an action's notation, a name), what the host
sends carries a seat's view and the log.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from model import remote_table

import rattus
from rattus.serialize import check_nesting

#: The protocol's number: a page on another number is told to reload (the site changed).
PROTOCOL = 1
#: The largest message a guest may send (a hello with a name, an action's notation).
GUEST_LIMIT = 4_096
#: The largest message the host may send (a seat's view, the log, the game once over).
HOST_LIMIT = 2_000_000
#: A view nests 6 levels deep; deeper text is refused before ``json.loads`` sees it (in
#: Pyodide a very deep nesting overflows the WebAssembly stack instead of raising).
MAX_DEPTH = 32
#: The longest player name a guest may give (the new-game dialog's own limit).
NAME_LIMIT = 24
#: A seat secret's length: ``secrets.token_urlsafe(16)`` gives 22 characters.
SECRET_LIMIT = 64
#: Presence (docs/online.md, "Who is here"): each side says ``ping`` this often (seconds)
#: when it has nothing else to say; a device not heard for ``AWAY_S`` is away. A closed
#: tab or a sleeping phone says nothing at all: silence is the only sign every device sees.
#: ``AWAY_S`` leaves room for a page that was busy a few seconds (a computer's turn, a long
#: render on a slow phone) after its last ping: such a device is not away.
PING_S = 2.5
AWAY_S = 10.0
#: A page whose code has not run for this long (seconds: its clock ticks every half second)
#: was busy: it could not hear anyone meanwhile, so that time is nobody's silence (what was
#: sent to it waits in its queue), and it pings at once when it runs again.
STALL_S = 1.5

#: The guest's messages and their fields: name -> (type, required).
GUEST_TYPES: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    # claim a seat with its secret (seat None: watch); take_over: the seat is taken, take it
    "hello": {"site": (str, True), "seat": ((int, type(None)), True),
              "secret": (str, False), "name": (str, False), "take_over": (bool, False),
              # this tab's own id (kept over a reload): the same tab back, not another device
              "device": (str, False)},
    # one action for the guest's seat, in the engine's notation; ref is echoed in the answer
    # step: the game's step the action was chosen at (a resend after the host's reload is
    # applied at most once: the step has moved on if it was applied already)
    "act": {"action": (str, True), "ref": (int, False), "step": (int, False)},
    # why a click of the guest's does nothing: the host answers with Game.why_not
    "why": {"action": (str, True), "ref": (int, False)},
    # the guest's page is still there, holding the state of ``step`` (-1: none yet): the
    # host sends its state anew if that is not the last one it sent (lost on the way)
    "ping": {"step": (int, False)},
}
#: The host's messages: checked the same way when a guest reads them.
HOST_TYPES: dict[str, dict[str, tuple[type | tuple[type, ...], bool]]] = {
    # proof: host_proof(the seat's secret), which only the host (and the guest) can make
    "welcome": {"seat": ((int, type(None)), True), "site": (str, True),
                "proof": (str, False)},
    "state": {"seat": ((int, type(None)), True), "table": (dict, True)},
    "refused": {"reason": (str, True), "ref": ((int, type(None)), False),
                "why": ((dict, type(None)), False), "detail": ((str, int, type(None)), False)},
    "taken_over": {"seat": (int, True)},
    # the host's page is still there (the guest answers nothing)
    "ping": {},
    # a new game at the same table (docs/online.md, "Rematch"): drop the old one; its state
    # follows
    "rematch": {},
}


# A message that is not read: ``reason`` is the refusal code sent back (one class with the
# remote table's, which reads the host's tables below the online package's layer).
BadMessage = remote_table.BadMessage


def host_proof(secret: str) -> str:
    """What the host's welcome carries to show it knows the seat's secret: another guest in
    the room (who knows only its own) cannot pose as the host to this one."""
    return hashlib.sha256(("rattus-host:" + secret).encode("utf-8")).hexdigest()[:32]


def encode(kind: str, **fields: Any) -> str:
    """A message as the text that is sent."""
    return json.dumps({"v": PROTOCOL, "type": kind, **fields}, separators=(",", ":"))


def read(text: Any, types: dict = GUEST_TYPES, limit: int = GUEST_LIMIT) -> dict:
    """The message in ``text`` as a dict, checked against ``types`` (the guest's messages by
    default: what the host reads). The size is checked before anything is parsed, so a huge
    message costs its length and no more."""
    if isinstance(text, bytes | bytearray):
        if len(text) > limit:
            raise BadMessage("too-big", str(len(text)))
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BadMessage("malformed", "not UTF-8") from exc
    if not isinstance(text, str):
        raise BadMessage("malformed", "not text")
    if len(text) > limit or len(text.encode("utf-8")) > limit:
        raise BadMessage("too-big", str(len(text)))
    try:
        check_nesting(text, MAX_DEPTH)
    except rattus.InvalidState as exc:
        raise BadMessage("malformed", "nested too deep") from exc
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise BadMessage("malformed", "not JSON") from exc
    if not isinstance(message, dict):
        raise BadMessage("malformed", "not an object")
    if message.get("v") != PROTOCOL:
        raise BadMessage("protocol", str(message.get("v")))
    kind = message.get("type")
    fields = types.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise BadMessage("unknown-type", str(kind)[:40])
    for name, (want, required) in fields.items():
        if name not in message:
            if required:
                raise BadMessage("malformed", f"{kind} without {name}")
            continue
        value = message[name]
        if not isinstance(value, want) or (isinstance(value, bool) and want is not bool
                                           and bool not in _tuple(want)):
            raise BadMessage("malformed", f"{kind}.{name}")
    _limits(message)
    return message


def _tuple(want: type | tuple[type, ...]) -> tuple[type, ...]:
    return want if isinstance(want, tuple) else (want,)


def _limits(message: dict) -> None:
    """The lengths of the guest's strings and the range of a seat (a bool is no seat)."""
    if len(message.get("name", "")) > NAME_LIMIT:
        raise BadMessage("malformed", "name too long")
    if len(message.get("secret", "")) > SECRET_LIMIT or len(
            message.get("device", "")) > SECRET_LIMIT:
        raise BadMessage("malformed", "secret too long")
    seat = message.get("seat")
    if seat is not None and not 0 <= seat < 4:
        raise BadMessage("malformed", "seat")
