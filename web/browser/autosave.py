"""Keeping the game on the page: the autosave, the other tabs, and "Your games" read and
written (browser/storage.py, browser/tabs.py).

Why a subscriber: after every dispatch the store tells :meth:`Autosave.__call__` the model;
it notes a save when the session counted a change (``Session.version``), tells the other
tabs which game this tab plays, and remembers it for a reload. The storage's answers come
back as events (``GamesListed``, ``Resume``, ``StorageRefused``), like a click.

Why a move's save is written a moment later: serialising the game and writing
``localStorage`` takes as long as drawing the move, so it waits until the page has shown the
move and is idle (``requestIdleCallback``, at most :data:`SAVE_WITHIN_MS` later; a game new on
the page is written at once). It is never lost: it is
written at once before the page goes away or is hidden (``pagehide``, ``visibilitychange``),
before a reload the page makes (:meth:`Autosave.save_now`), before this tab reads the storage
(your games, a take-over) and before another game takes the page.
"""

from __future__ import annotations

from collections.abc import Callable

from model import page_events as ev
from model.session import Session
from model.ui_state import Model
from online import links
from pyodide.ffi import create_proxy
from pyscript import document, window
from text.catalogue import t

from browser import storage, tabs

#: The online games this browser joined as a guest (online/links.py: ``joined_with``).
JOINED = "rattus.online.joined"

#: The longest a noted save waits for the page to be idle (ms).
SAVE_WITHIN_MS = 200

class Autosave:
    def __init__(self, model: Callable[[], Model], dispatch: Callable[[ev.Event], None]):
        self.model = model
        self.dispatch = dispatch
        self._saved: tuple | None = None  # (session, version, results_closed, coach) written
        self._session: Session | None = None  # the game on the page at the last save
        self._playing: str | None = None  # the slot this tab told the other tabs it plays
        self._remembered: str | None = None  # the slot this tab's sessionStorage holds
        self._taking = False  # "Play it here": the next game this tab plays is taken over
        self._storage_ok = True
        self._due: tuple | None = None  # (session, kept) noted and not yet written
        self._waiting = False  # a write of it asked for once the page is idle
        self._later = create_proxy(lambda *_args: self.flush())
        window.addEventListener("pagehide", self._later)
        document.addEventListener("visibilitychange", create_proxy(self._on_visibility))

    def effects(self) -> dict[type, Callable]:
        return {ev.ListGames: lambda _e: self.list_games(),
                ev.ResumeGame: lambda e: self.resume_game(e.slot),
                ev.DeleteKept: self._delete, ev.TakeOver: lambda _e: self.take_over()}

    # -- the subscriber --------------------------------------------------------------------
    def __call__(self, model: Model) -> None:
        self._autosave(model)
        self._tell_tabs(model)

    def _autosave(self, model: Model) -> None:
        s, ui = model.held, model.ui
        if s is not self._session:  # another game on the page: it says a refusal once
            self.flush()  # (the game leaving the page: its last change first)
            self._session, self._storage_ok = s, True
            if s is not None and s.slot is not None:  # just read from storage: kept already
                self._saved = (s, s.version, ui.results_closed, ui.coach)
        if s is None or ui.elsewhere:  # another tab plays it: its saves, not ours
            self._due = None
            return
        # the replay hides the results while it is open: a reload brings back what was before
        closed = ui.results_closed_before if ui.replay is not None else ui.results_closed
        key = (s, s.version, closed, ui.coach)  # (a note of the lesson seen is kept too)
        if key == self._saved:
            return
        moved = self._saved is not None and self._saved[0] is s  # (else: new on the page)
        self._saved = key
        kept: dict = {"results_closed": closed}
        if ui.coach is not None:
            kept["lesson"] = ui.coach.to_json()
        storage.claim_slot(s)  # (its id now: the other tabs and a reload are told it below)
        self._due = (s, kept)
        if not moved:  # a game new on the page: kept at once ("Your games", the other tabs)
            self.flush()
        elif not self._waiting:
            self._waiting = True
            if hasattr(window, "requestIdleCallback"):
                window.requestIdleCallback(self._later, window.JSON.parse(
                    f'{{"timeout": {SAVE_WITHIN_MS}}}'))
            else:  # (Safari)
                window.setTimeout(self._later, 0)

    def flush(self) -> None:
        """Write the save noted, if one waits."""
        self._waiting = False
        due, self._due = self._due, None
        if due is None:
            return
        if not storage.save(*due) and self._storage_ok:
            self._storage_ok = False  # say it once
            self.dispatch(ev.StorageRefused())

    def _on_visibility(self, _event) -> None:
        """Hidden (another tab, the phone locked): a page hidden may be ended unannounced."""
        if str(document.visibilityState) == "hidden":
            self.flush()

    def save_now(self) -> None:
        """Write the game whatever the last autosave held (before a reload into an update)."""
        self._saved = None
        self._autosave(self.model())
        self.flush()

    def _tell_tabs(self, model: Model) -> None:
        """Tell the other tabs which game this one plays (none while it only shows a game
        another tab plays), and remember this tab's game for a reload (sessionStorage)."""
        s = model.session
        shown = s.slot if s is not None else None
        playing = shown if not model.ui.elsewhere else None
        if playing != self._playing:
            self._playing = playing
            tabs.play(playing, self._taking)  # taken over: the tab that played it stops
            self._taking = False
        if shown is not None and shown != self._remembered:
            self._remembered = shown
            storage.remember_tab(shown)

    # -- your games (control/kept_games.py) ------------------------------------------------
    def list_games(self) -> None:
        self.flush()  # (this game's entry as it is now)
        offset = -int(window.Date.new().getTimezoneOffset())
        entries = tuple(storage.entries())
        key = storage.read("rattus.online.key")  # (browser/online_room.py's KEY)
        rooms = {links.room_of(key, e.id, ())[0] for e in entries} if key else set()
        joined = tuple(links.not_hosted(links.read_joined(storage.read(JOINED)), rooms))
        self.dispatch(ev.GamesListed(entries, frozenset(tabs.elsewhere()), offset, joined))

    def _delete(self, effect: ev.DeleteKept) -> None:
        self.flush()
        storage.delete(effect.slot)
        self.list_games()

    def resume_game(self, slot: str) -> None:
        """A kept game on the page; told so if another tab plays it (then only shown)."""
        self.flush()
        loaded, problem = storage.load(slot)
        if loaded is None:
            self.dispatch(ev.Problem(t("err.games.gone") if problem is None else
                                     t("err.storage", reason=t(problem.key, **problem.details))))
            self.list_games()
            return
        self.dispatch(ev.Resume(resumed(loaded, slot), loaded.resume, slot in tabs.elsewhere()))

    def take_over(self) -> None:
        """"Play it here": the game's latest save (the other tab may have played on) becomes
        this tab's, and the tab that played it is told to stop."""
        self.flush()
        s = self.model().held
        if s is None or s.slot is None:
            return
        loaded, _problem = storage.load(s.slot)
        self._taking = True  # said to the other tabs once this tab plays it (_tell_tabs)
        if loaded is None:  # deleted meanwhile: the game on the page is kept again
            self._saved = None
            self.dispatch(ev.Resume(s, None, False, t("note.took_over")))
        else:
            self.dispatch(ev.Resume(resumed(loaded, s.slot), loaded.resume, False,
                                    t("note.took_over")))

    def on_lost(self, slot: str, why: str) -> None:
        """Another tab plays this tab's game now: this one stops saving it (what it noted
        last is written first: it was played here before the other tab took it)."""
        self.flush()
        s = self.model().session
        if s is not None and s.slot == slot:
            self._playing = None
            self.dispatch(ev.Elsewhere(why))

    def on_storage(self, event) -> None:
        """Another tab wrote to the storage: a game this tab only shows follows that tab's
        moves; an open "Your games" list is brought up to date."""
        key = str(event.key or "")
        model = self.model()
        s, ui = model.session, model.ui
        if ui.screen == "games" and ui.question is None and key == storage.INDEX:
            self.list_games()
        elif (s is not None and ui.elsewhere and key == storage.PREFIX + str(s.slot)
              and ui.screen is None and ui.question is None and ui.replay is None
              and s.slot is not None):
            loaded, _problem = storage.load(s.slot)
            if loaded is not None:
                self.dispatch(ev.Resume(resumed(loaded, s.slot), loaded.resume, True, None))


def resumed(loaded, slot: str) -> Session:
    """A kept game's session, with the screen given back to whoever had it."""
    session = Session.from_loaded(loaded, resume=True)
    session.slot = slot
    return session
