"""The page's "are you sure" questions (a model/ui_state.py Question, never
``window.confirm``): when one is asked, and what its answers do.

A new or opened game takes a new slot in "Your games" (control/kept_games.py), so the game it
replaces on the page stays kept; only a game the browser refused to keep is asked about first
(:func:`must_ask`).
"""

from __future__ import annotations

from model import page_events as ev
from model.ui_state import Ui


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


CHOICES = {"confirm-yes": answer(True), "confirm-no": answer(False)}
