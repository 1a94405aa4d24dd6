"""The page's state as one value, :class:`Model`: what outlives a game, the screen of the game
on the page, and the session.

Why one value: the update function (control/update.py) takes a model and an event and returns
the next model and the effects to run, and rendering (render/frame.py) reads only the model,
so a click can be followed from input to screen in one place and tested on CPython. Values
are replaced, never mutated (model/values.py ``replace``).

Why three parts: :class:`Prefs` (the pace, the overlays, the update offer) outlives every
game, so putting a new game on the page replaces :class:`Ui` whole and cannot drop a
preference; the session (model/session.py) is the game itself, which the update function
only reads: its changes are effects the store runs (control/store.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from model.game_config import Config, default_seats
from model.values import Value, field, replace

if TYPE_CHECKING:
    from model.page_events import Event
    from model.remote_table import RemoteTable
    from model.replay import Replay
    from model.session import Session


class Pick(Value):
    """A decision in progress: a mode (an ability, moving the plague, choosing a count) and
    what was chosen so far."""

    mode: str | None = None  # None, "place", "plague", "King", "Monk", "Merchant", "Witch"
    region: str | None = None  # place: the region; Merchant: the source; Monk: the token's
    slot: int | None = None  # Monk: the token
    to: str | None = None  # Merchant: the destination


class Done(Value):
    """An action a click completed by itself: the legal actions left its later steps one
    answer (the Monk's one destination, one count of cubes…), so it was taken at that click
    instead of asking. The notice line says so (``text``), and the next click on the board
    is guarded (control/update.py ``guarded``): the player may have aimed it at the step
    that was not asked.

    ``at`` is the completing click's time (the DOM event's ``timeStamp``, ms; None for a
    key); any click on the board within ``soon_ms`` of it is held; a click on ``aimed``
    (the destination the page chose, None when the click was on it already) is held
    within ``aimed_ms`` (a key's at any time); ``step`` is the game's step at that click
    (the guard holds there and one step on, once the action is applied — on a guest's page
    the host applies it — and no further: any other move ends it)."""

    text: str
    step: int
    soon_ms: int
    aimed: str | None = None
    aimed_ms: int = 0
    at: float | None = None
    #: The click after it was held (and said so): the guard is spent, the words stay until
    #: the next move or click on the board.
    spent: bool = False

    def marks(self) -> dict[str, str]:
        """The guard as the page's body carries it (``data-guard-until``,
        ``data-guard-aimed``, ``data-aimed-until``, in the events' clock): for the tests'
        drivers, which click as fast as a page answers and must not be taken for a player's
        second click (e2e/uidriver.py ``unguarded``)."""
        at = self.at
        if self.spent:
            return {"guardUntil": "", "guardAimed": "", "aimedUntil": ""}
        return {"guardUntil": "" if at is None else str(at + self.soon_ms),
                "guardAimed": self.aimed or "",
                "aimedUntil": "" if at is None or self.aimed is None
                else str(at + self.aimed_ms)}


class Question(Value):
    """An "are you sure" step in the page: the text, the two labels, and the event each
    answer dispatches (None: nothing more happens)."""

    text: str
    yes: str
    no: str
    on_yes: Event | None
    on_no: Event | None = None


class Story(Value):
    """The last strike, as the engine's events told it (R5.3–R5.5): the revealed tokens
    with their kills, the regions struck, and how far the telling has come."""

    items: tuple = ()
    regions: tuple = ()
    final: bool = False  # the final plague (R7.3)
    neutral: int = 0  # the Knight's neutral cubes counted (R6.3) …
    neutral_region: str | None = None  # … in this region (the final plague strikes all)
    upto: int = 0  # tokens shown so far
    on_map: bool = False  # drawn on the map (the strike of the last move)
    hold: bool = False  # the bots wait until the player at the screen has seen it

    @classmethod
    def from_events(cls, events) -> Story | None:
        """The strike(s) in ``events`` as the tokens revealed, each with its kills, and the
        regions struck (R5.3–R5.5 as the engine's events tell them); None if none struck."""
        items: list[dict] = []
        regions: list[str] = []
        neutral, neutral_region, final = 0, None, False
        for e in events:
            kind = e["kind"]
            if kind == "strike":
                regions.append(e["region"])
                if e.get("neutral"):
                    neutral, neutral_region = int(e["neutral"]), e["region"]
            elif kind == "final_plague":
                final = True
            elif kind == "token_revealed":
                items.append({"region": e["region"], "face": e["face"], "cubes": e["cubes"],
                              "threshold": e["threshold"], "outbreak": e["outbreak"],
                              "kills": []})
            elif kind == "cube_killed" and items:
                items[-1]["kills"].append((e["seat"], e["symbol"]))
        if not items:
            return None
        return cls(tuple(items), tuple(regions), final, neutral, neutral_region, len(items),
                   False)


class Draft(Value):
    """The new-game dialog's draft and the problem it shows. ``config`` follows what is typed;
    ``shown`` is what the dialog's fields were last drawn from: typing changes only the
    start-player list (drawn from ``config``), so a field being typed in is never redrawn
    under the player's fingers; opening, resizing or a problem redraws it all."""

    config: Config = field(default_factory=lambda: Config(default_seats(2)))
    problem: str = ""
    shown: Config | None = None


class Coach(Value):
    """The guided first game (control/coach.py): the notes shown so far, each once, and the
    note on screen now."""

    seen: frozenset[str] = frozenset()
    note: str | None = None

    def to_json(self) -> dict:
        """What the autosave keeps of the lesson (a reload goes on where it was)."""
        return {"seen": sorted(self.seen), "note": self.note}

    @property
    def holds_bots(self) -> bool:
        """The final round's note (R7.2) holds the computer players until it is read: their
        final turns would end the game at once, before the player saw it begin."""
        return self.note == "final"

    @classmethod
    def from_json(cls, data) -> Coach | None:
        """The lesson's state from a save; None when it is not one (never trusted: a bad
        value only loses the lesson's notes, never the game)."""
        if not isinstance(data, dict):
            return None
        seen, note = data.get("seen"), data.get("note")
        if (not isinstance(seen, list) or len(seen) > 40
                or not all(isinstance(n, str) and len(n) <= 40 for n in seen)
                or not (note is None or (isinstance(note, str) and note in seen))):
            return None
        return cls(frozenset(seen), note)


class Entry(Value):
    """One kept game, as "Your games" lists it (control/kept_games.py; never its hidden
    tokens: names and counts)."""

    id: str
    updated: float  # seconds since the epoch: the last save
    names: tuple[str, ...]
    bots: tuple[bool, ...]  # per seat: a computer player
    turn: int  # regular turns begun (R4; 0 during setup, R3)
    moves: int
    over: bool
    winner: str | None = None

    def to_json(self) -> dict:
        return {"id": self.id, "updated": self.updated, "names": list(self.names),
                "bots": list(self.bots), "turn": self.turn, "moves": self.moves,
                "over": self.over, "winner": self.winner}


class Joined(Value):
    """An online game this browser joined as a guest (online/links.py keeps the list): its
    invitation link, who plays, which seat was this device's, when it was last heard of."""

    link: str
    names: tuple[str, ...]
    seat: int | None  # None: watched
    updated: float


class Listing(Value):
    """The "Your games" screen: the entries, newest first, and which are open in other tabs."""

    entries: tuple[Entry, ...] = ()
    elsewhere: frozenset[str] = field(default_factory=frozenset)
    tz_minutes: int = 0  # the browser's offset from UTC (Date.getTimezoneOffset, negated)
    joined: tuple[Joined, ...] = ()  # online games joined as a guest, newest first


class Prefs(Value):
    """What outlives a game: chosen once, kept while games come and go."""

    pace_ms: int | None = None  # the pace chosen (toolbar, remembered) or the address's
    stepping: bool = False  # the "step by step" pace: each bot move waits for "Next"
    motion: bool = True  # False when the player asked for reduced motion: no animation
    show_log: bool = True
    odds: bool = False  # the outbreak odds overlay (off by default)
    turn_alert: bool = False  # an online game: a sound and a vibration when this seat's turn comes
    update_ready: bool = False  # a new version of the site waits (sw.js): offer the reload
    #: The screen the board is drawn for (render/board_layout.py SCREENS): "wide" on a
    #: landscape desktop screen, "tall" elsewhere; the browser says it at start and when
    #: the screen changes (``BoardFits``), and the page draws the board in it.
    board: str = "tall"

    def but(self, **changes) -> Prefs:
        return replace(self, **changes)


class Online(Value):
    """An online game as this page sees its room (docs/online.md): the host's invitations
    and who is connected, or a guest's standing with the host. The browser edge
    (browser/online_room.py) says it anew (``OnlineStatus``) whenever it changes."""

    role: str  # "host" or "guest"
    invitations: tuple[tuple[int, str], ...] = ()  # host: (seat, link) per friend's seat
    watch: str = ""  # host: the link to watch
    connected: tuple[bool, ...] = ()  # per seat: a device is there
    relays: str = "connecting"  # "connecting", "ok", "unreachable"
    host_here: bool = False  # guest: the host's device is in the room
    joined: bool = False  # guest: the host gave it its seat
    problem: str = ""  # guest: a refusal code that stops it playing ("seat-taken", …)
    seat: int | None = None  # guest: the seat it plays (None: it watches)
    # presence (docs/online.md, "Who is here"): per seat, how many seconds ago its device
    # was last heard if it is away (None: here), in steps the page shows (browser/online_room)
    away_for: tuple[int | None, ...] = ()
    host_away_for: int | None = None  # guest: the host's device away this long (seconds)
    # guest, no welcome yet (online/guest.py's ``Guest.waiting``): "relays", "host" (looking
    # for its device), "answer" (it answered: its game is not open yet), "closed" (no answer
    # for a while: the game is not open on the host's device now)
    waiting: str = ""
    slow: bool = False  # guest: that wait is long already: a button to try again
    #: host: per seat, a friend's device holds it (also a seat the computer plays now)
    here: tuple[bool, ...] = ()
    #: host: the seats whose QR code and link are shown although their friend is here
    shown_again: frozenset[int] = field(default_factory=frozenset)
    #: host: the seats whose friend came back while the computer plays them (to give back)
    back: frozenset[int] = field(default_factory=frozenset)
    # how each device is reached: "direct" (WebRTC) or "relay" (through the relays); the
    # host: per seat ("" where no device is); a guest: ``way``, its way to the host
    ways: tuple[str, ...] = ()
    way: str = ""
    direct: bool = True  # this browser can connect directly (False: no WebRTC in it)
    turn: str = ""  # the TURN servers kept on this device (the panel's setting)
    ice_problems: tuple[str, ...] = ()  # ICE servers of the link that could not be read

    def is_connected(self, seat: int | None) -> bool:
        """Whether a device is there for ``seat`` now (False: away, or not known)."""
        return seat is not None and 0 <= seat < len(self.connected) and self.connected[seat]


class Ui(Value):
    """The screen of the game on the page: replaced whole when another game comes."""

    screen: str | None = None  # "welcome", "new-game" (None: the board; results are derived)
    help: str | None = None  # How to play is open at this section (over any screen)
    coach: Coach | None = None  # during the guided first game (control/coach.py)
    pick: Pick = Pick()
    notice: str = ""
    notice_is_news: bool = False  # news (a file saved, a move taken back), not a refusal
    question: Question | None = None
    replay: Replay | None = None  # the replay's cursor while the replay is open
    results_closed: bool = False
    results_closed_before: bool = False  # kept while the replay hides the results
    busy: bool = False  # a strike is being told: moves and bots wait
    story: Story = Story()
    #: What the last action changed on the board, to be acted out there (model/motions.py):
    #: the engine's events of the kinds that move something, public fields only.
    acted: tuple = ()
    hint: dict | None = None  # Hard's suggestion for this position: action, sentence, step
    hinting: bool = False  # the hint is being searched
    #: "Show my turn": the turn Hard would play from this position (control/turn_plan.py)
    plan: dict | None = None
    planning: bool = False  # the turn is being searched
    # (made when the Ui is: its default names are in the language in use then, not at import)
    draft: Draft = field(default_factory=Draft)
    go: bool = False  # "Next" pressed (step by step): one bot move may be made
    games: Listing | None = None  # while "Your games" is open (control/kept_games.py)
    elsewhere: bool = False  # this game is played in another tab: shown, not played or saved
    unkept: bool = False  # the browser refused to keep this game: replacing it asks first
    online: Online | None = None  # an online game's room (None: not online)
    done: Done | None = None  # an action a click completed by itself: the next click guarded
    #: a phone or a narrow window: the side panels' sheet open over the board (SHEETS), or ""
    sheet: str = ""
    #: an online game: the host said Start, or every friend came (docs/online.md, "The
    #: table"); until then the game waits at its table
    started: bool = False

    def but(self, **changes) -> Ui:
        return replace(self, **changes)

    def say(self, text: str) -> Ui:
        """A refusal or a problem in the notice line."""
        return replace(self, notice=text, notice_is_news=False)

    def news(self, text: str) -> Ui:
        """News in the notice line (not styled as a refusal)."""
        return replace(self, notice=text, notice_is_news=bool(text))


#: The sheets of a narrow screen (style.css), each one tap from the dock: a sheet covers the
#: board, never the status line or the decision's buttons.
SHEETS = ("cards", "players", "history", "more")


class Model(Value):
    """The whole state of the page: the store (control/store.py) holds one."""

    prefs: Prefs = Prefs()
    ui: Ui = field(default_factory=Ui)
    #: The game on the page: held here (a Session), or played from this device while it
    #: lives on a host's page (a RemoteTable: online/, docs/online.md).
    session: Session | RemoteTable | None = None

    def but(self, **changes) -> Model:
        return replace(self, **changes)

    @property
    def held(self) -> Session | None:
        """The game on the page if this page holds it (None for a seat played here while
        the game lives on a host's page): what saves, bots, undo, hints and replays need."""
        s = self.session
        return s if s is not None and s.holds_game else None  # type: ignore[return-value]

    @property
    def at_table(self) -> bool:
        """The online game on this (the host's) page waits at its table: see
        :func:`waits_at_table`."""
        return waits_at_table(self.ui, self.session)

    @property
    def paused(self) -> bool:
        """Bots wait while the replay or a question is on the screen, until a strike has been
        seen, while the game is played in another tab, (step by step) until "Next", and in
        the lesson until the final round's note is read."""
        ui = self.ui
        return (ui.replay is not None or ui.question is not None or ui.story.hold
                or self.at_table
                or ui.elsewhere or (self.prefs.stepping and not ui.go)
                or (ui.coach is not None and ui.coach.holds_bots))


def waits_at_table(ui: Ui, session) -> bool:
    """A game held here with friends' seats, no action taken yet, that the host has not
    started (nor every friend come to): nobody acts, the computer waits (docs/online.md)."""
    return (session is not None and session.holds_game and bool(session.remote)
            and not session.game.history and not ui.started)
