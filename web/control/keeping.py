"""Keeping games (issue 6): undo, save files, and asking before a game is lost.

Why together: these are the ways a game outlives a click — a move can be taken back
(``Game.undo``, via :meth:`Session.undo`), and a game can be exported as a download or opened
from a file (the save_file.py envelope). A new or opened game takes a new slot in "Your games"
(control/kept_games.py), so the game it replaces on the page stays kept; only a game the browser
refused to keep is asked about first (:func:`must_ask`), in the page (a ui.Question), never with
``window.confirm``. The autosave itself is the dispatcher's (browser/app.py: after every event whose
change the session counted).

Pure transitions: the download and the file chooser are effects the dispatcher runs; the file's
text comes back as a ``("file", …)`` event.
"""

from __future__ import annotations

from model import page_events as ev
from model import save_file
from model.session import Session
from model.ui_state import Pick, Question, Ui
from text.catalogue import t


def undo(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    if session is None or ui.replay is not None or ui.busy:
        return ui
    if ui.elsewhere:
        return ui.say(t("why.elsewhere"))
    blocker = session.undo_blocker
    if blocker is not None:
        return ui.say(t("undo.why." + blocker))
    what = session.last_move_text()
    return ui.but(pick=Pick()).news(t("undo.done", action=what) if what else ""), \
        (ev.TakeBack(),)


def must_ask(ui: Ui, session) -> bool:
    """Would replacing the game on the page lose it? Only a game in progress that this
    browser refused to keep: any other stays in "Your games" (control/kept_games.py), a new game
    taking a new slot."""
    return session is not None and session.in_progress and ui.unkept


def answer(yes: bool):
    def answered(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
        asked = ui.question
        if asked is None:
            return ui
        ui = ui.but(question=None)
        then = asked.on_yes if yes else asked.on_no
        return (ui, (ev.Then(then),)) if then is not None else ui
    return answered


# -- save files ------------------------------------------------------------------------------
def export(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    return ui if session is None else (ui, (ev.Download(),))


def on_exported(ui: Ui, session, name: str) -> Ui:
    return ui.news(t("note.exported", name=name))


def open_file(ui: Ui, session) -> tuple[Ui, ev.Effects]:
    return ui, (ev.PickFile(),)


def on_file(ui: Ui, session, name: str, size: int, text: str) -> Ui | tuple[Ui, ev.Effects]:
    """Check a chosen file; a bad one is refused with the reason and changes nothing."""
    try:
        if size > save_file.MAX_BYTES:
            raise save_file.SaveError("err.save.too_big", limit=save_file.MAX_BYTES // 1000)
        loaded = save_file.load(text)
        new = Session.from_loaded(loaded)
    except save_file.SaveError as problem:
        return _problem(ui, t("err.import", name=name,
                              reason=t(problem.key, **problem.details)))
    except Exception as exc:  # noqa: BLE001 - an unreadable file: say so, change nothing
        return on_file_unreadable(ui, session, name, f"{type(exc).__name__}: {exc}")
    go = ev.Attach(new, t("note.imported", name=name))
    if must_ask(ui, session):
        return ui.but(question=Question(
            t("confirm.import", summary=session.summary(), name=name),
            t("btn.open_file_game"), t("btn.keep_current"), on_yes=go))
    return ui, (ev.Then(go),)


def on_file_unreadable(ui: Ui, session, name: str, detail: str) -> Ui:
    return _problem(ui, t("err.import", name=name, reason=t("err.save.damaged",
                                                             detail=detail)))


def _problem(ui: Ui, text: str) -> Ui:
    """Say a problem where it is seen: in the new-game dialog if it is open."""
    if ui.screen == "new-game":
        from dataclasses import replace

        return ui.but(draft=replace(ui.draft, problem=text))
    return ui.say(text)


CHOICES = {
    "confirm-yes": answer(True),
    "confirm-no": answer(False),
    "import": open_file,
    "export": export,
    "undo": undo,
}
