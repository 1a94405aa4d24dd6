"""Keeping games (issue 6): the autosave, undo, save files, and asking before a game is lost.

Why together: these are the ways a game outlives a click — it is autosaved after every change
(persist.py, through the session's ``on_change`` hook), a move can be taken back
(``Game.undo``, via :meth:`Session.undo`), and it can be exported as a download or opened from
the toolbar's file input (the savefile.py envelope). Anything that would replace a game in
progress asks first, in the page (:meth:`Keeper.ask`), never with ``window.confirm``.
"""

from __future__ import annotations

import dom
import persist
import savefile
from controls import Pick
from messages import t
from pyscript import window
from session import Session


class Keeper:
    """Keeps the app's game; the question it asks is ``app.confirm`` (rendered by the app)."""

    def __init__(self, app):
        self.app = app
        self.storage_ok = True

    # -- the autosave --------------------------------------------------------------------
    def autosave(self, session, action, events) -> None:
        """The session's ``on_change`` hook: save the game if it is still the one shown."""
        if session is self.app.session:
            self.save()

    def save(self) -> None:
        app = self.app
        s = app.session
        if s is None:
            return
        if not persist.save(s, {"results_closed": app.results_closed}) and self.storage_ok:
            self.storage_ok = False  # say it once
            app.notice = t("err.storage_write")

    # -- asking first ----------------------------------------------------------------------
    def in_progress(self) -> bool:
        """A game that asking first protects: started (a move made) and not over."""
        s = self.app.session
        return s is not None and not s.game.is_over and len(s.game.history) > 0

    def summary(self, session: Session | None = None) -> str:
        s = session or self.app.session
        return t("save.summary", names=", ".join(s.names), moves=len(s.game.history))

    def ask(self, text: str, yes: str, no: str, on_yes, on_no=None) -> None:
        """An "are you sure" step in the page; ``yes``/``no`` are the button labels."""
        app = self.app
        app.confirm = {"text": text, "yes": yes, "no": no, "on_yes": on_yes, "on_no": on_no}
        app.render()

    def answer(self, yes: bool) -> None:
        app = self.app
        asked, app.confirm = app.confirm, None
        if asked is None:
            return
        then = asked["on_yes"] if yes else asked["on_no"]
        if then is not None:
            then()
        app.render()
        app.bots.kick()

    # -- undo ------------------------------------------------------------------------------
    def undo(self) -> None:
        app = self.app
        s = app.session
        if s is None or app.replay is not None or app.busy:
            return
        blocker = s.undo_blocker
        if blocker is not None:
            app.notice = t("undo.why." + blocker)
            app.render()
            return
        what = self.last_move_text()
        s.undo()
        app.pick = Pick()
        app.inform(t("undo.done", action=what) if what else "")
        app.render()

    def last_move_text(self) -> str:
        """The log lines of the last move (what undo would take back)."""
        s = self.app.session
        step = len(s.game.history)
        lines = [x for x, k in zip(s.log, s.log_steps, strict=True) if k == step]
        return " ".join(lines)

    # -- save files ------------------------------------------------------------------------
    def export(self) -> None:
        """Download the game as a save file (the envelope of savefile.py)."""
        app = self.app
        s = app.session
        if s is None:
            return
        stamp = str(window.Date.new().toISOString())[:16].replace(":", "")
        name = f"rattus-{stamp}-{len(s.game.history)}.json"
        window.rattusDownload(name, savefile.dumps(s.config, s.game))
        app.inform(t("note.exported", name=name))
        app.render()

    def open_file_picker(self) -> None:
        node = dom.by_id("import-file")
        if node is not None:
            node.click()

    async def import_file(self, file, node) -> None:
        """Check a chosen file; a bad one is refused with the reason and changes nothing."""
        app = self.app
        name = str(file.name)
        try:
            if int(file.size) > savefile.MAX_BYTES:
                raise savefile.SaveError("err.save.too_big", limit=savefile.MAX_BYTES // 1000)
            text = str(await file.text())
            loaded = savefile.load(text)
            session = Session.from_loaded(loaded)
        except savefile.SaveError as problem:
            self._problem(t("err.import", name=name,
                            reason=t(problem.key, **problem.details)))
            return
        except Exception as exc:  # noqa: BLE001 - an unreadable file: say so, change nothing
            self._problem(t("err.import", name=name, reason=t(
                "err.save.damaged", detail=f"{type(exc).__name__}: {exc}")))
            return
        finally:
            node.value = ""  # the same file can be chosen again

        def go():
            app.attach(session, note=t("note.imported", name=name))

        if self.in_progress():
            self.ask(t("confirm.import", summary=self.summary(), name=name),
                     t("btn.open_file_game"), t("btn.keep_current"), go)
        else:
            go()

    def _problem(self, text: str) -> None:
        """Say a problem where it is seen: in the new-game dialog if it is open."""
        app = self.app
        if app.screen == "new-game":
            app.dialog.problem = text
        else:
            app.notice = text
        app.render()
