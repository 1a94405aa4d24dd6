"""The page's events (what comes in) and effects (what the update function asks for), as small
frozen values (model/values.py: made at start without the dataclasses' compiled code): the
list of them is this module.

Why values: an event is what happened — a click, a key, a bot's chosen move, a file read, a
tick of the strike being told — and the update function (control/update.py) turns it into the
next model and a tuple of effects; the store (control/store.py) runs each effect from a table
by its class. Neither side needs the other's code, and a test builds the same values a page
would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from model.values import Value

if TYPE_CHECKING:
    from model.game_config import Config, Seat
    from model.remote_table import RemoteTable
    from model.session import Session
    from model.ui_state import Online, Question


class Event(Value):
    """Something that happened: the store runs it through the update function."""


class Effect(Value):
    """Something the update function asks for and cannot do itself: the store runs it."""


# -- events: the player -----------------------------------------------------------------------
class Target(Event):
    """A region, a rat token (``(region, slot)``), a class card or the plague piece clicked."""

    what: str  # "region", "token", "card", "plague"
    value: Any = None
    #: When it was clicked (the DOM event's ``timeStamp``, ms): a click that follows an
    #: action completed by itself closely is not read as the next decision
    #: (control/update.py ``guarded``); None for a key (a keyboard's choice is deliberate).
    at: float | None = None


class Choice(Event):
    """A ``data-choice`` button; ``fields``: the new-game dialog's inputs while it is open."""

    value: str
    fields: dict | None = None


class DraftChanged(Event):
    """A field of the new-game dialog changed (the start-player list shows the names)."""

    fields: dict | None


class ReplayGoto(Event):
    step: int


class PaceChosen(Event):
    name: str  # a key of model/pace.py's PACES


class AddressPace(Event):
    """The address's ``pace`` (ms): for this visit's games, not remembered."""

    pace_ms: int


class LanguageChosen(Event):
    code: str


class FileRead(Event):
    """A save file chosen: its name, its size in bytes and its text ("" when too big)."""

    name: str
    size: int
    text: str


class FileUnreadable(Event):
    name: str
    detail: str


# -- events: games coming and going ------------------------------------------------------------
class StartGame(Event):
    """Start a new game with these settings (the store makes its session: ``GameMade``)."""

    config: Config
    lesson: bool = False  # the guided first game (control/coach.py)


class Attach(Event):
    """Put ``session`` on the page: new, opened from a file, or a lesson."""

    session: Session
    note: str = ""
    resume: dict | None = None
    lesson: bool = False


class Resume(Event):
    """A kept game on the page; ``elsewhere``: another tab plays it (this one only shows it);
    ``note`` None: the same game, followed as the other tab plays it (the notice stays)."""

    session: Session
    resume: dict | None
    elsewhere: bool
    note: str | None = ""


class OpenShared(Event):
    """A replay link opened: its game on the page, straight into its replay."""

    session: Session


class ShowWelcome(Event):
    pass


class ShowHelp(Event):
    """How to play open at ``section`` as it stands (opened before Python ran)."""

    section: str


class ShowDialog(Event):
    """The new-game dialog, saying ``problem``."""

    problem: str = ""


class BackToDialog(Event):
    """"No" to replacing the game: the new-game dialog again, as it was."""


class Ask(Event):
    question: Question


# -- events: the game moving on ----------------------------------------------------------------
class BotMove(Event):
    seat: int
    action: Any  # notation or rattus.Action


class RemoteMove(Event):
    """An action of a seat played from another device, already checked by the host's room
    (online/host.py: that device holds the seat, the seat is to act, the action is legal)."""

    seat: int
    action: str  # the notation


class RemoteName(Event):
    """The name a guest gave when it took its seat (online/host.py)."""

    seat: int
    name: str


class OnlineStatus(Event):
    """The room of an online game changed (browser/online_room.py): invitations, who is
    connected, the relays, the host's answers to this guest."""

    online: Online | None


class TableNews(Event):
    """The host's room has news for the host's player (online/host.py's ``Outcome.news``):
    ``moved`` (a seat taken over by another device), ``back`` (the friend of a seat the
    computer plays came back)."""

    kind: str
    seat: int


class GiveSeat(Event):
    """The host gives a friend's seat to the computer (``kind``: a level) or back to the
    friend (``friend``), once confirmed (docs/online.md, "Seats given and taken back")."""

    seat: int
    kind: str


class TakeSeatConfirmed(Event):
    """A guest said yes: play its seat here, though another device holds it."""


class LeaveTable(Event):
    """A guest said yes: leave the online seat (its page then offers a new game)."""


class Said(Event):
    """News for the notice line from the browser (an invitation link copied)."""

    text: str


class GuestState(Event):
    """A guest's table took the host's new state (``moved``: the game moved on; ``events``:
    the last strike as this seat may see it, to tell)."""

    table: RemoteTable
    moved: bool
    events: tuple = ()


class GuestRefused(Event):
    """The host refused this guest's message: a code of docs/online.md, and for an illegal
    action the engine's reason (``why``)."""

    reason: str
    why: dict | None = None
    detail: Any = None


class ActionApplied(Event):
    """The store applied an action (``ApplyAction``): the engine's events it gave."""

    events: tuple


class StrikeStep(Event):
    """One more struck token told (the strike's telling, at the pace chosen)."""


class StrikeDone(Event):
    pass


class HintReady(Event):
    step: int  # the number of actions the hint was searched for
    action: str
    reason: str
    details: dict


class TurnReady(Event):
    """"Show my turn" found the turn Hard would play (``rattus.bots.hint.show_turn``)."""

    step: int  # the number of actions the turn was searched for
    seat: int
    actions: tuple  # the steps' notations, in order
    reasons: tuple  # each step's (reason key, details)


# -- events: the page and the browser ----------------------------------------------------------
class LanguageReady(Event):
    """The language is in use (``ok``), or its catalogue could not be had; ``before``: the
    former language's default player names (renamed in the game)."""

    code: str
    ok: bool
    before: tuple = ()


class UpdateReady(Event):
    """A new version of the site is installed and waits (sw.js)."""


class BoardFits(Event):
    """The screen changed shape (a resize, a rotation): the board's arrangement it wants now
    ("tall" or "wide", render/board_layout.py), as the browser answers ``WIDE_QUERY``."""

    board: str


class StorageRefused(Event):
    """The browser refused to keep the game (full, switched off)."""


class Exported(Event):
    name: str


class Shared(Event):
    url: str


class Problem(Event):
    text: str


class Failed(Event):
    """Something went wrong that should not have: said, and the page plays on."""

    detail: str


class GamesListed(Event):
    """"Your games" as read from storage; ``elsewhere``: the slots other tabs play."""

    entries: tuple
    elsewhere: frozenset = frozenset()
    tz_minutes: int = 0
    joined: tuple = ()  # online games joined as a guest (model/ui_state.py's Joined)


class DeleteGame(Event):
    """Deleting a kept game confirmed."""

    slot: str
    summary: str


class Elsewhere(Event):
    """This tab's game is played in another tab: ``"open"`` or ``"taken"``."""

    why: str


# -- effects on the session (run by the store: the only place a session changes) ---------------
class ApplyAction(Effect):
    """Apply an action to the game on the page (then ``ActionApplied``)."""

    action: Any


class SendAction(Effect):
    """A guest's action, to the host (who applies it if it is legal: online/host.py)."""

    action: str


class AskWhy(Effect):
    """A guest's refused click: the host says why not (``Game.why_not`` of ``action``)."""

    action: str


class NameMe(Effect):
    """A guest's name for its seat, to the host (and remembered by this browser)."""

    name: str


class KeepTurn(Effect):
    """The TURN servers this device adds to its online games (the online panel's setting,
    already read: online/links.py's ``read_ice``); empty: none."""

    text: str


class OpenLink(Effect):
    """Open an invitation link in this tab (a guest rejoining from "Your games")."""

    link: str


class TakeSeat(Effect):
    """A guest takes its seat over from the device that holds it."""


class RetryJoin(Effect):
    """A guest's page opens its room anew ("Try again": the relays or the connection to
    the host stalled)."""
class LeaveRoom(Effect):
    """A guest leaves the host's room (its page plays something else now)."""


class CopyText(Effect):
    """Put ``text`` on the clipboard (an invitation link), then say ``done``."""

    text: str
    done: str


class ShareText(Effect):
    """The system's share sheet for ``text`` (an invitation link), where there is one."""

    text: str
    title: str


class TakeBack(Effect):
    """Undo the last action of this turn (``Session.undo``)."""


class ConfirmPass(Effect):
    """The player named on the pass screen took the device."""


class NoteInLog(Effect):
    """A line of the page's own in the log (a hint asked for)."""

    entry: dict


class RetellLog(Effect):
    """Word every log line again (another language is in use)."""


class RenameSeats(Effect):
    seats: tuple[Seat, ...]


class SetGamePace(Effect):
    pace_ms: int


class MakeGame(Effect):
    """A new session from ``config`` (a random seed is drawn here), then ``Attach``."""

    config: Config
    lesson: bool = False


class Then(Effect):
    """Dispatch ``event`` next (a dialog or a question handing over to another step)."""

    event: Event


# -- effects on the browser (browser/effects.py) -----------------------------------------------
class TellStrike(Effect):
    """Reveal the struck tokens one by one, at the pace chosen."""


class Download(Effect):
    """The game as a save file, downloaded."""


class PickFile(Effect):
    """The browser's file chooser, for a save file."""


class UseLanguage(Effect):
    code: str


class RememberPace(Effect):
    name: str


class SideTop(Effect):
    """A new game: its side column from the top."""


class ShareLink(Effect):
    """The finished game's replay link, to the clipboard."""


class ThinkHint(Effect):
    """Search the hint for the player at the screen."""


class ThinkTurn(Effect):
    """Search the whole turn Hard would play for the player at the screen (one search)."""


class Reveal(Effect):
    """After this render, scroll the element into view (its top edge, or its bottom)."""

    key: str
    top: bool = False


class ReloadForUpdate(Effect):
    """Save the game, let the new version take over and reload."""


class ListGames(Effect):
    """Read "Your games" from storage (then ``GamesListed``)."""


class ResumeGame(Effect):
    slot: str


class DeleteKept(Effect):
    slot: str


class TakeOver(Effect):
    """"Play it here": the game's latest save becomes this tab's."""


Effects = tuple[Effect, ...]
