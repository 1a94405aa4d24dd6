"""Undo: take back the last action of this turn (``Game.undo``, through the store's
``TakeBack`` effect); only the player whose turn it is, at the screen (``Session.undo_blocker``
says why not otherwise).
"""

from __future__ import annotations

from model import page_events as ev
from model.ui_state import Pick, Ui
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
    return ui.but(pick=Pick(), done=None).news(t("undo.done", action=what) if what else ""), \
        (ev.TakeBack(),)


CHOICES = {"undo": undo}
