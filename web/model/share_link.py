"""Shareable replay links: a finished game as a short URL-safe token, ``#replay=…``.

Why a finished game only: the link holds the seed, and the seed decides every hidden face
(RULES R8.2). Once the game is over nothing is secret any more; a link to a running game
would tell its players what lies under the rat tokens. :func:`encode` refuses one.

The token (format version :data:`VERSION`), before base64url without padding::

    byte   0xA0 | version            (the high nibble marks a Rattus link)
    byte   (players - 2) | start << 2
    varint seed (zigzag: any whole number)
    per seat: byte colour index | kind index << 4   (setup_config.COLOURS, .KINDS)
              varint length, the name in UTF-8      (at most savefile.MAX_NAME characters)
    varint the number of actions
    the actions: one whole number in mixed radix, big-endian — at each step the index of the
              action among the legal ones sorted by notation, in base "how many were legal";
              a forced action (one legal) takes no room at all
    4 bytes CRC-32 of the header and of the history in notation

Why indices and not the notation: the legal actions are known at every step (a link is
replayed from its seed anyway, to check it), so an action costs log2(legal actions) bits —
a finished 4-player game fits in about a hundred characters where zlib over the notation
needs six or seven hundred. Why the checksum covers the history and not the bytes: a link
damaged into another legal game, or read by a page whose engine lists other legal actions,
replays into a different history, and is refused instead of showing a game nobody played.

:func:`decode` trusts nothing: every problem — damaged, foreign, too long, unfinished —
comes out as :class:`ShareError` with a catalogue key (``err.share.*``), never another
exception. Pure Python, standard library only (runs in Pyodide as on CPython).
"""

from __future__ import annotations

import base64
import binascii
import zlib

from text.catalogue import t

import rattus
from model.game_config import COLOURS, KINDS, Config, Seat
from model.save_file import MAX_NAME

VERSION = 1
MAGIC = 0xA0
#: The address fragment a link starts with.
PREFIX = "#replay="
#: Far longer than any real game's token (a 4-player game: about 100 characters).
MAX_TOKEN = 2000
#: More actions than any game of Rattus takes (the supply runs out, R7.1).
MAX_STEPS = 5000
_ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_COLOURS = list(COLOURS)


class ShareError(ValueError):
    """A replay link that cannot be opened. ``key`` is a catalogue key (``err.share.*``) and
    ``details`` its fields; :attr:`message` the sentence for the player."""

    def __init__(self, key: str, **details):
        super().__init__(f"{key} {details}" if details else key)
        self.key = key
        self.details = details

    @property
    def message(self) -> str:
        return t("err.share", reason=t(self.key, **self.details))


# -- writing ---------------------------------------------------------------------------------
def encode(session) -> str:
    """The token of ``session``'s finished game (for ``#replay=<token>``).

    Raises ``ValueError`` for a game that is not over (its link would reveal the hidden faces)
    or has no seed (it could not be replayed)."""
    game, config = session.game, session.config
    if not game.is_over:
        raise ValueError("an unfinished game has no replay link (it would reveal hidden faces)")
    if game.seed is None:
        raise ValueError("a game without a seed cannot be replayed")
    players = game.num_players
    seats = config.seats
    if len(seats) != players:
        raise ValueError("the seats do not match the game")
    start = game.at(0).current_player  # R3.5: the start player places first
    header = bytearray([MAGIC | VERSION, (players - 2) | start << 2])
    header += _varint(_zigzag(game.seed))
    for seat in seats:
        if seat.colour not in COLOURS or seat.kind not in KINDS:
            raise ValueError(f"seat {seat!r} has no colour or kind a link can hold")
        name = (seat.name.strip() or "?")[:MAX_NAME].encode("utf-8")
        header.append(_COLOURS.index(seat.colour) | KINDS.index(seat.kind) << 4)
        header += _varint(len(name)) + name
    history = game.history
    header += _varint(len(history))

    replay = rattus.new_game(players, game.seed, start)
    digits: list[tuple[int, int]] = []  # (index, radix) of each unforced action
    for action in history:
        legal = _legal(replay)
        if len(legal) > 1:
            digits.append((legal.index(action), len(legal)))
        replay.apply(action)
    value = 0
    for index, radix in reversed(digits):  # the first action is the lowest digit
        value = value * radix + index
    body = value.to_bytes((value.bit_length() + 7) // 8, "big")
    crc = _crc(bytes(header), history)
    return _b64(bytes(header) + body + crc.to_bytes(4, "big"))


def link(session) -> str:
    """The address fragment of ``session``'s finished game: ``#replay=<token>``."""
    return PREFIX + encode(session)


def token_of(fragment: str) -> str | None:
    """The token in an address fragment (``#replay=…``), or None if it names no replay."""
    if not isinstance(fragment, str) or not fragment.startswith(PREFIX):
        return None
    return fragment[len(PREFIX):]


# -- reading ---------------------------------------------------------------------------------
def decode(token) -> tuple[Config, rattus.Game]:
    """The seats and the finished game a token holds, replayed from its seed and checked:
    every action legal where it was taken (the engine's ``apply``), the game over, the
    checksum right. Raises :class:`ShareError` — and nothing else — for any other token."""
    try:
        return _decode(token)
    except ShareError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever a link holds, say so, never crash
        raise ShareError("err.share.damaged", detail=f"{type(exc).__name__}") from None


def _decode(token) -> tuple[Config, rattus.Game]:
    if not isinstance(token, str):
        raise ShareError("err.share.foreign")
    token = token.strip()
    if token.startswith(PREFIX):
        token = token[len(PREFIX):]
    if not token:
        raise ShareError("err.share.empty")
    if len(token) > MAX_TOKEN:
        raise ShareError("err.share.too_long", limit=MAX_TOKEN)
    if not _ALPHABET.issuperset(token):
        raise ShareError("err.share.foreign")
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("err.share.damaged", detail="base64") from None
    if not raw or raw[0] & 0xF0 != MAGIC:
        raise ShareError("err.share.foreign")
    if raw[0] & 0x0F != VERSION:
        raise ShareError("err.share.version", version=raw[0] & 0x0F, supported=VERSION)
    reader = _Reader(raw[:-4])
    reader.byte()
    first = reader.byte()
    players, start = (first & 3) + 2, first >> 2
    if players > rattus.constants.MAX_PLAYERS or start >= players:
        raise ShareError("err.share.damaged", detail="players")
    seed = _unzigzag(reader.varint())
    seats = []
    for _ in range(players):
        code = reader.byte()
        colour, kind = code & 0x0F, code >> 4
        if colour >= len(_COLOURS) or kind >= len(KINDS):
            raise ShareError("err.share.damaged", detail="seat")
        name = reader.take(reader.varint()).decode("utf-8")
        if not name.strip() or len(name) > MAX_NAME or any(ord(c) < 32 for c in name):
            raise ShareError("err.share.damaged", detail="name")
        seats.append(Seat(name, _COLOURS[colour], KINDS[kind]))
    if len({s.colour for s in seats}) != players:
        raise ShareError("err.share.damaged", detail="colours")
    steps = reader.varint()
    if steps > MAX_STEPS:
        raise ShareError("err.share.damaged", detail="steps")
    header = raw[:reader.at]
    body = raw[reader.at:-4]
    value = int.from_bytes(body, "big")

    game = rattus.new_game(players, seed, start)
    for _ in range(steps):
        if game.is_over:
            raise ShareError("err.share.damaged", detail="moves after the end")
        legal = _legal(game)
        if len(legal) > 1:
            value, index = divmod(value, len(legal))
        else:
            index = 0
        game.apply(legal[index])
    if value:
        raise ShareError("err.share.damaged", detail="moves left over")
    if _crc(header, game.history).to_bytes(4, "big") != raw[-4:]:
        raise ShareError("err.share.damaged", detail="checksum")
    if not game.is_over:
        raise ShareError("err.share.unfinished")
    return Config(seats=seats, start=start, seed=seed), game


# -- the pieces ------------------------------------------------------------------------------
def _legal(game: rattus.Game) -> list[str]:
    """The legal actions in notation, sorted: an order that does not depend on how the
    engine happens to list them."""
    return sorted(str(a) for a in game.legal_actions())


def _crc(header: bytes, history: list[str]) -> int:
    return zlib.crc32(header + b"\n" + "\n".join(history).encode("utf-8"))


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _zigzag(n: int) -> int:
    return n * 2 if n >= 0 else -n * 2 - 1


def _unzigzag(n: int) -> int:
    return n // 2 if n % 2 == 0 else -(n + 1) // 2


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Reader:
    """Bytes read one field at a time; running out is a damaged link."""

    def __init__(self, data: bytes):
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise ShareError("err.share.damaged", detail="cut short")
        self.at += 1
        return self.data[self.at - 1]

    def take(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise ShareError("err.share.damaged", detail="cut short")
        self.at += n
        return self.data[self.at - n:self.at]

    def varint(self) -> int:
        n = shift = 0
        for _ in range(40):  # a seed of up to 280 bits; more is no link of ours
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return n
        raise ShareError("err.share.damaged", detail="number")
