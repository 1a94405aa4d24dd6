"""The store: the one place where the page's state changes.

``dispatch(event)`` runs ``update(model, event) -> (model, effects)`` (control/update.py),
keeps the new model, runs each effect from a table by its class, then tells every subscriber
(autosave, other tabs, the painter, the bots — registered by the page, browser/app.py). So no
handler renders, saves or wakes the bots by itself, and nothing calls the update function but
the store.

The session is changed only here, by the effects on it (:data:`SESSION_EFFECTS`: an action
applied, a move taken back, a pass screen confirmed, a log note, players renamed, the pace),
which is why the update function can stay pure. Effects on the browser (a download, a timer,
storage) come from the page's own table, so that the store runs on CPython too (tests/web/).

Events raised while one runs (an effect that reports back, a field's ``change`` fired by a
paint that removes the focused field) wait in a queue: the loop never re-enters itself, and
the subscribers hear once, when the queue is empty. A dialog's draft raised so is dropped (the
running event read the fields already).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from model import lesson
from model import page_events as ev
from model.session import Session
from model.ui_state import Model

from control.update import update

EffectRunner = Callable[[Any], None]
Subscriber = Callable[[Model], None]


class Store:
    def __init__(self, model: Model | None = None,
                 effects: dict[type, EffectRunner] | None = None,
                 on_error: Callable[[Exception], None] | None = None):
        self.model = model or Model()
        self._effects: dict[type, EffectRunner] = {
            ev.ApplyAction: self._apply, ev.TakeBack: self._take_back,
            ev.ConfirmPass: self._confirm_pass, ev.NoteInLog: self._note,
            ev.RenameSeats: self._rename, ev.RetellLog: self._retell,
            ev.SetGamePace: self._set_pace,
            ev.MakeGame: self._make_game, ev.Then: lambda e: self.dispatch(e.event),
            **(effects or {}),
        }
        self._subscribers: list[Subscriber] = []
        self._queue: deque[ev.Event] = deque()
        self._dispatching = False
        self._failures = 0  # errors in this dispatch: one is said (a broken painter would loop)
        self._on_error = on_error

    def subscribe(self, subscriber: Subscriber) -> None:
        """Call ``subscriber(model)`` after every dispatch, in the order subscribed."""
        self._subscribers.append(subscriber)

    def run_effects(self, table: dict[type, EffectRunner]) -> None:
        """Add runners to the effect table (the browser's: browser/effects.py)."""
        self._effects.update(table)

    def dispatch(self, event: ev.Event) -> None:
        if self._dispatching:
            if not isinstance(event, ev.DraftChanged):
                self._queue.append(event)
            return
        self._dispatching = True
        self._failures = 0
        try:
            self._queue.append(event)
            while self._queue:
                while self._queue:
                    self._step(self._queue.popleft())
                for subscriber in self._subscribers:  # (one may dispatch: it waits its turn)
                    self._guarded(subscriber, self.model)
        finally:
            self._dispatching = False

    def _step(self, event: ev.Event) -> None:
        try:
            self.model, effects = update(self.model, event)
            for effect in effects:
                runner = self._effects.get(type(effect))
                if runner is None:
                    raise ValueError(f"no runner for the effect {effect!r}")
                runner(effect)
        except Exception as exc:  # noqa: BLE001 - never let one event break the page
            self._failed(exc)

    def _guarded(self, subscriber: Subscriber, model: Model) -> None:
        try:
            subscriber(model)
        except Exception as exc:  # noqa: BLE001 - a painter's error is said, like any
            self._failed(exc)

    def _failed(self, exc: Exception) -> None:
        if self._on_error is None:
            raise exc
        self._on_error(exc)
        self._failures += 1
        if self._failures == 1:
            self._queue.append(ev.Failed(f"{type(exc).__name__}: {exc}"))

    # -- the effects on the session --------------------------------------------------------
    @property
    def _session(self) -> Session:
        session = self.model.held
        if session is None:
            raise ValueError("no game on the page")
        return session

    def _apply(self, effect: ev.ApplyAction) -> None:
        self.dispatch(ev.ActionApplied(tuple(self._session.apply(effect.action))))

    def _take_back(self, effect: ev.TakeBack) -> None:
        self._session.undo()

    def _confirm_pass(self, effect: ev.ConfirmPass) -> None:
        self._session.confirm_pass()

    def _note(self, effect: ev.NoteInLog) -> None:
        self._session.note(effect.entry)

    def _rename(self, effect: ev.RenameSeats) -> None:
        self._session.rename(list(effect.seats))

    def _retell(self, effect: ev.RetellLog) -> None:
        """The log in the words now in use: a game held here, or a seat played from here."""
        if self.model.session is not None:
            self.model.session.retell()

    def _set_pace(self, effect: ev.SetGamePace) -> None:
        self._session.config.pace_ms = effect.pace_ms

    def _make_game(self, effect: ev.MakeGame) -> None:
        """A new game; the lesson's is its prepared position (model/lesson.py), its log
        told from the start."""
        if not effect.lesson:
            self.dispatch(ev.Attach(Session(effect.config)))
            return
        session = Session(effect.config, lesson.position())
        session.rebuild()
        self.dispatch(ev.Attach(session, lesson=True))
