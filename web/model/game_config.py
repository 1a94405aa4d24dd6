"""Who plays: seats (name, colour, human or computer level), start player, seed, bot pace.

Read from the new-game dialog or from URL parameters (``?players=3&seed=42&names=Ann,Bob,Cy
&start=1&bots=0,normal,0&colors=red,blue,green&pace=0``). A hand-edited address must never
crash the page: :func:`from_query` returns a problem text (from the catalogue) instead.
This module knows no game rule beyond the 2–4 seats of R1.2; the engine validates the rest.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from urllib.parse import parse_qs

from text.catalogue import t

from model.pace import PACES

#: Player colours offered (R3.1: each player chooses a colour), with their screen colours.
COLOURS: dict[str, str] = {
    "red": "#c8312b",
    "blue": "#2f5fb3",
    "green": "#237a31",
    "yellow": "#e0b000",
    "purple": "#7b3fa0",
    "black": "#333333",
}
DEFAULT_COLOURS = ("red", "blue", "green", "yellow")
#: The ink written on a player's colour (the letter and count on a cube, a swatch's letter):
#: whichever of dark and white contrasts more, at least 4.5:1 (WCAG AA; tests/web/test_contrast.py).
INKS = ("#ffffff", "#1e1810")
#: Who plays a seat: a human at this screen, a computer level, or a friend on another device
#: (online: docs/online.md — a human whose moves come over the network).
KINDS = ("human", "easy", "normal", "hard", "friend")
LEVELS = ("easy", "normal", "hard")
DEFAULT_PACE_MS = 300


@dataclass
class Seat:
    name: str
    colour: str
    kind: str = "human"  # "human", a bot level, or "friend" (on another device)

    @property
    def is_bot(self) -> bool:
        return self.kind in LEVELS

    @property
    def is_friend(self) -> bool:
        """Played from another device (online): a human, not at this screen."""
        return self.kind == "friend"


def default_friend_name(seat: int) -> str:
    """The name of a friend's seat nobody named yet: "Friend 3" (the host's page gives it;
    each device says it in its own language, online/host.py's ``named``)."""
    return t("player.friend_n", n=seat + 1)


def unnamed(seat: Seat, index: int) -> bool:
    """A friend's seat still under the name it was given by default: its friend has not
    named it (the table waits for the name, docs/online.md, "The table")."""
    return seat.is_friend and seat.name == default_friend_name(index)


@dataclass
class Config:
    seats: list[Seat]
    start: int = 0  # resolved seat (a "random" choice is drawn before the game starts)
    seed: int | None = None
    pace_ms: int = DEFAULT_PACE_MS
    extra: dict = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.seats)



def luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The contrast ratio of two ``#rrggbb`` colours (WCAG 2: 1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(colour_name: str) -> str:
    """The text colour for a player's colour (see :data:`INKS`)."""
    fill = COLOURS.get(colour_name, "#888888")
    return max(INKS, key=lambda ink: contrast(ink, fill))


def marks(seats) -> list[str]:
    """Each player's letter, written on their cubes and swatches so that players are told
    apart without colour: the initials of their names when they differ, else A, B, C, D by
    seat (never digits: on a cube the letter runs into the count, and "110" read as 110)."""
    initials = [next((ch.upper() for ch in s.name if ch.isalpha()), "") for s in seats]
    if all(initials) and len(set(initials)) == len(initials):
        return initials
    return [chr(ord("A") + i) for i in range(len(seats))]


def default_seats(n: int) -> list[Seat]:
    return [Seat(t("player.default", n=i + 1), DEFAULT_COLOURS[i]) for i in range(n)]


#: The names the page gives players by itself (catalogue key, number): a change of language
#: renames a player still called so.
DEFAULT_NAMES = (*(("player.default", n) for n in range(1, 5)),
                 *(("player.computer_n", n) for n in range(1, 4)), ("player.you", 0))


def default_names() -> tuple:
    """The default names in the language now in use, with their key and number."""
    return tuple((t(key, n=n), key, n) for key, n in DEFAULT_NAMES)


def named_for_kind(seats: list[Seat], index: int) -> str:
    """Seat ``index``'s name for who plays it: a name the page gives a computer ("Computer
    1") on a person's or a friend's seat becomes theirs ("Player 2", "Friend 3"), a person's
    ("Player 2", "You") on a computer's seat a computer's; a name a player typed stays."""
    seat = seats[index]
    people = {t("player.default", n=n) for n in range(1, 5)} | {t("player.you")}
    if seat.is_bot and seat.name in people:
        return t("player.computer_n", n=sum(1 for s in seats[:index] if s.is_bot) + 1)
    if not seat.is_bot and seat.name in _computer_names():
        return (default_friend_name(index) if seat.is_friend
                else t("player.default", n=index + 1))
    return seat.name


def computer_label(name: str) -> str:
    """A computer player's name as the status says it: "Bob (computer)", but a default name
    as it is ("Computer 1", never "Computer 1 (computer)")."""
    return name if name in _computer_names() else t("games.bot", name=name)


def _computer_names() -> set[str]:
    """The names the page gives computers, in the language now in use ("Computer 1"…)."""
    return {t("player.computer_n", n=n) for n in range(1, 4)}


def renamed_defaults(seats: list[Seat], before: tuple) -> list[Seat]:
    """After a change of language: a seat still called by one of the former language's default
    names (``before``, from :func:`default_names`: "Player 2", "Computer 1") takes the new
    language's ("Spieler 2", "Computer 1" in its words); a name a player typed stays."""
    new: dict[str, str] = {}
    for old, key, n in before:  # (two keys with one text, "Player 1": the first one wins)
        new.setdefault(old, t(key, n=n))
    return [replace(s, name=new[s.name]) if s.name in new else s for s in seats]


class BadQuery(ValueError):
    """A URL parameter that cannot be used; the message is for the player."""


def resolve_start(start: str | int | None, players: int, seed: int | None) -> int:
    """A start seat: the given one, or a random one (drawn from the seed if there is one, so
    that a shared address gives the same game)."""
    if start in (None, "", "random"):
        rng = random.Random(seed) if seed is not None else random.SystemRandom()
        return rng.randrange(players) if start == "random" else 0
    return int(start)


def from_query(query: str) -> Config | None:
    """The game an address asks for, or None if it asks for none (show the dialog).

    Raises :class:`BadQuery` with a player-facing text when a parameter is wrong.
    """
    q = {k: v[-1].strip() for k, v in parse_qs(query.lstrip("?"), keep_blank_values=True).items()}
    game_keys = {"players", "seed", "names", "start", "bots", "colors", "colours"}
    if not game_keys & q.keys():
        return None
    players_text = q.get("players", "2")
    if not players_text.isdigit() or not 2 <= int(players_text) <= 4:
        raise BadQuery(t("err.url.players"))
    n = int(players_text)
    seed = None
    if q.get("seed"):
        text = q["seed"]
        if not (text.isdigit() or (text.startswith("-") and text[1:].isdigit())):
            raise BadQuery(t("err.url.seed"))
        seed = int(text)
    seats = default_seats(n)
    named: set[int] = set()
    if "names" in q:  # (an empty one keeps its seat's own: "Ann,," leaves two friends unnamed)
        names = [x.strip() for x in q["names"].split(",")]
        if len(names) != n or any(len(x) > 40 for x in names):
            raise BadQuery(t("err.url.names", n=n, given=len(names)))
        for i, (seat, name) in enumerate(zip(seats, names, strict=True)):
            if name:
                seat.name = name
                named.add(i)
    colours_text = q.get("colors", q.get("colours"))
    if colours_text is not None:
        colours = [x.strip().lower() for x in colours_text.split(",")]
        if (len(colours) != n or len(set(colours)) != n
                or any(c not in COLOURS for c in colours)):
            raise BadQuery(t("err.url.colors", choices=", ".join(COLOURS)))
        for seat, colour in zip(seats, colours, strict=True):
            seat.colour = colour
    if "bots" in q:
        kinds = [x.strip().lower() for x in q["bots"].split(",")]
        if len(kinds) != n:
            raise BadQuery(t("err.url.bots"))
        for seat, kind in zip(seats, kinds, strict=True):
            kind = {"0": "human", "": "human", "1": "normal"}.get(kind, kind)
            if kind not in KINDS:
                raise BadQuery(t("err.url.bots"))
            seat.kind = kind
        for i, seat in enumerate(seats):  # (a friend nobody named: "Friend 3", asked on joining)
            if seat.is_friend and i not in named:
                seat.name = default_friend_name(i)
    start_text = q.get("start", "")
    if start_text not in ("", "random") and not (
            start_text.isdigit() and int(start_text) < n):
        raise BadQuery(t("err.url.start", max=n - 1))
    pace = DEFAULT_PACE_MS
    if "pace" in q:
        ms = _pace_ms(q["pace"])
        if ms is None:
            raise BadQuery(t("err.url.pace"))
        pace = ms
    return Config(seats=seats, start=resolve_start(start_text, n, seed), seed=seed,
                  pace_ms=pace)


def query_pace(query: str) -> int | None:
    """The ``pace`` parameter alone (it also applies to games started from the dialog)."""
    q = parse_qs(query.lstrip("?"))
    return _pace_ms(q.get("pace", [""])[-1])


def _pace_ms(value: str) -> int | None:
    """A pace from the address: milliseconds (``pace=300``, at most a minute) or the name the
    toolbar gives it (``pace=slow``, model/pace.py; "step" is a way of playing, not a time)."""
    if value.isdigit():
        return int(value) if int(value) <= 60_000 else None
    return PACES.get(value) if value in PACES and value != "step" else None
