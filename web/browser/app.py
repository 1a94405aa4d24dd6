"""The page put together: the store, its effects and its subscribers, registered here in one
place.

Every input becomes an event (model/page_events.py): a click or a key (browser/dom_input.py),
a bot's chosen move (browser/bots_runner.py), a file read, a tick of the strike being told, an
answer of the storage. The store (control/store.py) runs

    event → update (pure) → effects → subscribers: autosave, paint, bots, the network

so that no handler renders, saves or wakes the bots by itself. The subscribers, in order:
:class:`browser.autosave.Autosave` (the game written, the other tabs told),
:class:`browser.paint.Painter` (the frame on the DOM), the bots' runner and the online room
(:class:`browser.online_room.OnlineRooms`: each device sent what changed for it; it opens a
room only for a game with a friend's seat, or a page opened from an invitation).
"""

from __future__ import annotations

import traceback

from control.store import Store
from model import page_events as ev
from model.session import Session
from model.ui_state import Model, Prefs, Ui
from online import links
from pyodide.ffi import create_proxy
from pyscript import window
from render.board_layout import TALL, WIDE, WIDE_QUERY

import rattus
from browser import dom
from browser.autosave import Autosave, resumed
from browser.bots_runner import BotRunner
from browser.dom_input import DomInput
from browser.effects import BrowserEffects
from browser.focus import Focus
from browser.map_view import MapView
from browser.motion import Motion
from browser.online_room import OnlineRooms
from browser.paint import Painter


class App:
    def __init__(self, svg):
        self.svg = svg
        self.map = MapView(svg, rattus.REGIONS)
        self.store = Store(Model(prefs=Prefs(motion=not dom.reduced_motion(),
                                             board=self._board_wanted())),
                           on_error=self._warn)
        self.autosave = Autosave(self._model, self.dispatch)
        self.focus = Focus(self.map)
        self.painter = Painter(self.map, self.focus)
        self.painter.motion = Motion(svg)
        self.bots = BotRunner(self._model, self.dispatch)
        self.input = DomInput(svg, self.map, self.focus, self.autosave, self._model,
                              self.dispatch)
        browser = BrowserEffects(self._model, self.dispatch, self.autosave,
                                 self.painter.reveal_next)
        query = str(window.location.search or "")
        self.online = OnlineRooms(self._model, self.dispatch, links.network_of(query))
        self.store.run_effects({**browser.table(), **self.autosave.effects(),
                                **self.online.effects()})
        # the other devices first: they paint while this one saves and paints
        for subscriber in (self.online.send_first, self.autosave, self.painter,
                           self.bots.kick, self.online):
            self.store.subscribe(subscriber)

    def _model(self) -> Model:
        return self.store.model

    @property
    def model(self) -> Model:
        return self.store.model

    @property
    def ui(self) -> Ui:
        return self.store.model.ui

    @property
    def session(self) -> Session | None:
        """The game this page holds (None while it plays a seat of a host's game)."""
        return self.store.model.held

    @property
    def zoom(self):
        return self.painter.zoom

    @zoom.setter
    def zoom(self, zoom) -> None:
        """A touch screen (browser/touch.py): pinch and pan the map, and a tap near a target
        takes it."""
        self.painter.zoom = self.input.zoom = zoom

    def bind(self) -> None:
        self.input.bind()
        self._watch_screen()

    @staticmethod
    def _board_wanted(answer: bool | None = None) -> str:
        """The board's arrangement the screen wants (render/board_layout.py): WIDE on a
        landscape desktop screen (``WIDE_QUERY``, which style.css's desktop layout keys on
        too), TALL elsewhere."""
        if answer is None:
            try:
                answer = bool(window.matchMedia(WIDE_QUERY).matches)
            except Exception:  # noqa: BLE001 - an old browser: the phone's board fits all
                answer = False
        return WIDE.name if answer else TALL.name

    def _watch_screen(self) -> None:
        """A resize or a rotation that changes the answer to ``WIDE_QUERY`` is an event: the
        board is drawn anew in the arrangement the screen now wants."""
        try:
            query = window.matchMedia(WIDE_QUERY)
            listen = query.addEventListener
        except Exception:  # noqa: BLE001 - an old browser (or the test's page): not watched
            return
        self._on_screen = create_proxy(lambda event: self.dispatch(
            ev.BoardFits(self._board_wanted(bool(event.matches)))))
        listen("change", self._on_screen)

    def dispatch(self, event: ev.Event) -> None:
        """An event through the store; an applied action's time to its paint goes to
        ``window.rattusTimings``, and to the frame that shows it to ``window.rattusFrames``
        (tools/bench_ui.py)."""
        t0 = dom.now_ms()
        before = self._moves()
        self.store.dispatch(event)
        if before is not None and self._moves() == (before[0], before[1] + 1):
            window.rattusTimings.push(dom.now_ms() - t0)
            window.rattusFrameAfter(t0)

    def _moves(self) -> tuple | None:
        s = self.store.model.held
        return None if s is None else (s, len(s.game.history))

    @staticmethod
    def resumed(loaded, slot: str) -> Session:
        return resumed(loaded, slot)

    @staticmethod
    def _warn(exc: Exception) -> None:
        """An unexpected error: in the console (the store says it on the page)."""
        window.console.warn("".join(traceback.format_exception(exc)))
