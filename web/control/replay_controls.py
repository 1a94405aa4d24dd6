"""The replay's transitions: entering, stepping and leaving.

Why apart from model/replay.py: that module is the cursor over the history (engine calls only);
this one opens it in the UI state while the live game waits (bots pause, clicks on the board
are refused: ``Ui.paused``), and closes it. The live game is only read: leaving returns to it
exactly as it was. The replay shows the public view only (render/frame.py renders it).
"""

from __future__ import annotations

from model.replay import Replay
from model.ui_state import Pick, Ui
from text.catalogue import t


def enter(ui: Ui, session, step: str | None = None) -> Ui:
    """Open the replay: at the end, at ``step``, or at a strike (``"<step>:<region>"``, a
    moment of the analysis: that step, showing that region's strike)."""
    if session is None or ui.replay is not None:
        return ui
    if ui.busy:
        return ui.say(t("replay.why.busy"))
    at, _, strike = (step or "").partition(":")
    return ui.but(pick=Pick(), notice="", screen=None, results_closed_before=ui.results_closed,
                  results_closed=True,
                  replay=Replay(session.game, int(at) if at else None, strike or None))


def goto(ui: Ui, session, step: int) -> Ui:
    if ui.replay is None:
        return ui
    return ui.but(replay=ui.replay.moved(int(step)))  # (the live game is not touched)


def move(ui: Ui, session, arg: str) -> Ui | None:
    """A replay button: ``forward``, ``back`` or a step number. None if no replay is open
    (then the value is not the replay's: it is taken as a move choice)."""
    r = ui.replay
    if r is None:
        return None
    return goto(ui, session, r.step + 1 if arg == "forward" else
                r.step - 1 if arg == "back" else int(arg))


def leave(ui: Ui, session) -> Ui:
    """Back to the live game, exactly as it was (it was only read)."""
    if ui.replay is None:
        return ui
    return ui.but(replay=None, results_closed=ui.results_closed_before, notice="")


CHOICES = {"replay-enter": lambda ui, session: enter(ui, session), "replay-leave": leave}
PREFIXED = (("replay-enter:", enter), ("replay:", move))
