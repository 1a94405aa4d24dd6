"""The page's events (what comes in) and effects (what the update function asks for), as small
frozen dataclasses: the list of them is this module.

Why values: an event is what happened — a click, a key, a bot's chosen move, a file read, a
tick of the strike being told — and the update function (control/update.py) turns it into the
next model and a tuple of effects; the store (control/store.py) runs each effect from a table
by its class. Neither side needs the other's code, and a test builds the same values a page
would.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from model.game_config import Config, Seat
    from model.remote_table import RemoteTable
    from model.session import Session
    from model.ui_state import Online, Question


class Event:
    """Something that happened: the store runs it through the update function."""


class Effect:
    """Something the update function asks for and cannot do itself: the store runs it."""


# -- events: the player -----------------------------------------------------------------------
@dataclass(frozen=True)
class Target(Event):
    """A region, a rat token (``(region, slot)``), a class card or the plague piece clicked."""

    what: str  # "region", "token", "card", "plague"
    value: Any = None


@dataclass(frozen=True)
class Choice(Event):
    """A ``data-choice`` button; ``fields``: the new-game dialog's inputs while it is open."""

    value: str
    fields: dict | None = None


@dataclass(frozen=True)
class DraftChanged(Event):
    """A field of the new-game dialog changed (the start-player list shows the names)."""

    fields: dict | None


@dataclass(frozen=True)
class ReplayGoto(Event):
    step: int


@dataclass(frozen=True)
class PaceChosen(Event):
    name: str  # a key of model/pace.py's PACES


@dataclass(frozen=True)
class AddressPace(Event):
    """The address's ``pace`` (ms): for this visit's games, not remembered."""

    pace_ms: int


@dataclass(frozen=True)
class LanguageChosen(Event):
    code: str


@dataclass(frozen=True)
class FileRead(Event):
    """A save file chosen: its name, its size in bytes and its text ("" when too big)."""

    name: str
    size: int
    text: str


@dataclass(frozen=True)
class FileUnreadable(Event):
    name: str
    detail: str


# -- events: games coming and going ------------------------------------------------------------
@dataclass(frozen=True)
class StartGame(Event):
    """Start a new game with these settings (the store makes its session: ``GameMade``)."""

    config: Config
    lesson: bool = False  # the guided first game (control/coach.py)


@dataclass(frozen=True)
class Attach(Event):
    """Put ``session`` on the page: new, opened from a file, or a lesson."""

    session: Session
    note: str = ""
    resume: dict | None = None
    lesson: bool = False


@dataclass(frozen=True)
class Resume(Event):
    """A kept game on the page; ``elsewhere``: another tab plays it (this one only shows it);
    ``note`` None: the same game, followed as the other tab plays it (the notice stays)."""

    session: Session
    resume: dict | None
    elsewhere: bool
    note: str | None = ""


@dataclass(frozen=True)
class OpenShared(Event):
    """A replay link opened: its game on the page, straight into its replay."""

    session: Session


@dataclass(frozen=True)
class ShowWelcome(Event):
    pass


@dataclass(frozen=True)
class ShowHelp(Event):
    """How to play open at ``section`` as it stands (opened before Python ran)."""

    section: str


@dataclass(frozen=True)
class ShowDialog(Event):
    """The new-game dialog, saying ``problem``."""

    problem: str = ""


@dataclass(frozen=True)
class BackToDialog(Event):
    """"No" to replacing the game: the new-game dialog again, as it was."""


@dataclass(frozen=True)
class Ask(Event):
    question: Question


# -- events: the game moving on ----------------------------------------------------------------
@dataclass(frozen=True)
class BotMove(Event):
    seat: int
    action: Any  # notation or rattus.Action


@dataclass(frozen=True)
class RemoteMove(Event):
    """An action of a seat played from another device, already checked by the host's room
    (online/host.py: that device holds the seat, the seat is to act, the action is legal)."""

    seat: int
    action: str  # the notation


@dataclass(frozen=True)
class RemoteName(Event):
    """The name a guest gave when it took its seat (online/host.py)."""

    seat: int
    name: str


@dataclass(frozen=True)
class OnlineStatus(Event):
    """The room of an online game changed (browser/online_room.py): invitations, who is
    connected, the relays, the host's answers to this guest."""

    online: Online | None


@dataclass(frozen=True)
class Said(Event):
    """News for the notice line from the browser (an invitation link copied)."""

    text: str


@dataclass(frozen=True)
class GuestState(Event):
    """A guest's table took the host's new state (``moved``: the game moved on; ``events``:
    the last strike as this seat may see it, to tell)."""

    table: RemoteTable
    moved: bool
    events: tuple = ()


@dataclass(frozen=True)
class GuestRefused(Event):
    """The host refused this guest's message: a code of docs/online.md, and for an illegal
    action the engine's reason (``why``)."""

    reason: str
    why: dict | None = None
    detail: Any = None


@dataclass(frozen=True)
class ActionApplied(Event):
    """The store applied an action (``ApplyAction``): the engine's events it gave."""

    events: tuple


@dataclass(frozen=True)
class StrikeStep(Event):
    """One more struck token told (the strike's telling, at the pace chosen)."""


@dataclass(frozen=True)
class StrikeDone(Event):
    pass


@dataclass(frozen=True)
class HintReady(Event):
    step: int  # the number of actions the hint was searched for
    action: str
    reason: str
    details: dict


@dataclass(frozen=True)
class TurnReady(Event):
    """"Show my turn" found the turn Hard would play (``rattus.bots.hint.show_turn``)."""

    step: int  # the number of actions the turn was searched for
    seat: int
    actions: tuple  # the steps' notations, in order
    reasons: tuple  # each step's (reason key, details)


# -- events: the page and the browser ----------------------------------------------------------
@dataclass(frozen=True)
class LanguageReady(Event):
    """The language is in use (``ok``), or its catalogue could not be had; ``before``: the
    former language's default player names (renamed in the game)."""

    code: str
    ok: bool
    before: tuple = ()


@dataclass(frozen=True)
class UpdateReady(Event):
    """A new version of the site is installed and waits (sw.js)."""


@dataclass(frozen=True)
class StorageRefused(Event):
    """The browser refused to keep the game (full, switched off)."""


@dataclass(frozen=True)
class Exported(Event):
    name: str


@dataclass(frozen=True)
class Shared(Event):
    url: str


@dataclass(frozen=True)
class Problem(Event):
    text: str


@dataclass(frozen=True)
class Failed(Event):
    """Something went wrong that should not have: said, and the page plays on."""

    detail: str


@dataclass(frozen=True)
class GamesListed(Event):
    """"Your games" as read from storage; ``elsewhere``: the slots other tabs play."""

    entries: tuple
    elsewhere: frozenset = field(default_factory=frozenset)
    tz_minutes: int = 0
    joined: tuple = ()  # online games joined as a guest (model/ui_state.py's Joined)


@dataclass(frozen=True)
class DeleteGame(Event):
    """Deleting a kept game confirmed."""

    slot: str
    summary: str


@dataclass(frozen=True)
class Elsewhere(Event):
    """This tab's game is played in another tab: ``"open"`` or ``"taken"``."""

    why: str


# -- effects on the session (run by the store: the only place a session changes) ---------------
@dataclass(frozen=True)
class ApplyAction(Effect):
    """Apply an action to the game on the page (then ``ActionApplied``)."""

    action: Any


@dataclass(frozen=True)
class SendAction(Effect):
    """A guest's action, to the host (who applies it if it is legal: online/host.py)."""

    action: str


@dataclass(frozen=True)
class AskWhy(Effect):
    """A guest's refused click: the host says why not (``Game.why_not`` of ``action``)."""

    action: str


@dataclass(frozen=True)
class NameMe(Effect):
    """A guest's name for its seat, to the host (and remembered by this browser)."""

    name: str


@dataclass(frozen=True)
class OpenLink(Effect):
    """Open an invitation link in this tab (a guest rejoining from "Your games")."""

    link: str


@dataclass(frozen=True)
class TakeSeat(Effect):
    """A guest takes its seat over from the device that holds it."""


@dataclass(frozen=True)
class CopyText(Effect):
    """Put ``text`` on the clipboard (an invitation link), then say ``done``."""

    text: str
    done: str


@dataclass(frozen=True)
class ShareText(Effect):
    """The system's share sheet for ``text`` (an invitation link), where there is one."""

    text: str
    title: str


@dataclass(frozen=True)
class TakeBack(Effect):
    """Undo the last action of this turn (``Session.undo``)."""


@dataclass(frozen=True)
class ConfirmPass(Effect):
    """The player named on the pass screen took the device."""


@dataclass(frozen=True)
class NoteInLog(Effect):
    """A line of the page's own in the log (a hint asked for)."""

    entry: dict


@dataclass(frozen=True)
class RetellLog(Effect):
    """Word every log line again (another language is in use)."""


@dataclass(frozen=True)
class RenameSeats(Effect):
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class SetGamePace(Effect):
    pace_ms: int


@dataclass(frozen=True)
class MakeGame(Effect):
    """A new session from ``config`` (a random seed is drawn here), then ``Attach``."""

    config: Config
    lesson: bool = False


@dataclass(frozen=True)
class Then(Effect):
    """Dispatch ``event`` next (a dialog or a question handing over to another step)."""

    event: Event


# -- effects on the browser (browser/effects.py) -----------------------------------------------
@dataclass(frozen=True)
class TellStrike(Effect):
    """Reveal the struck tokens one by one, at the pace chosen."""


@dataclass(frozen=True)
class Download(Effect):
    """The game as a save file, downloaded."""


@dataclass(frozen=True)
class PickFile(Effect):
    """The browser's file chooser, for a save file."""


@dataclass(frozen=True)
class UseLanguage(Effect):
    code: str


@dataclass(frozen=True)
class RememberPace(Effect):
    name: str


@dataclass(frozen=True)
class SideTop(Effect):
    """A new game: its side column from the top."""


@dataclass(frozen=True)
class ShareLink(Effect):
    """The finished game's replay link, to the clipboard."""


@dataclass(frozen=True)
class ThinkHint(Effect):
    """Search the hint for the player at the screen."""


@dataclass(frozen=True)
class ThinkTurn(Effect):
    """Search the whole turn Hard would play for the player at the screen (one search)."""


@dataclass(frozen=True)
class Reveal(Effect):
    """After this render, scroll the element into view (its top edge, or its bottom)."""

    key: str
    top: bool = False


@dataclass(frozen=True)
class ReloadForUpdate(Effect):
    """Save the game, let the new version take over and reload."""


@dataclass(frozen=True)
class ListGames(Effect):
    """Read "Your games" from storage (then ``GamesListed``)."""


@dataclass(frozen=True)
class ResumeGame(Effect):
    slot: str


@dataclass(frozen=True)
class DeleteKept(Effect):
    slot: str


@dataclass(frozen=True)
class TakeOver(Effect):
    """"Play it here": the game's latest save becomes this tab's."""


Effects = tuple[Effect, ...]
