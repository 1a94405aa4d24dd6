"""Save files: the game on the page exported as a download, or a game opened from a file (the
model/save_file.py envelope). The download and the file chooser are effects the browser runs;
the file's text comes back as a ``FileRead`` event, and a bad file is refused with its reason,
changing nothing.
"""

from __future__ import annotations

from model import page_events as ev
from model import save_file
from model.session import Session
from model.ui_state import Question, Ui
from text.catalogue import t

from control.questions import must_ask


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
        from model.values import replace

        return ui.but(draft=replace(ui.draft, problem=text))
    return ui.say(text)


CHOICES = {"import": open_file, "export": export}
