"""The replay on the page: entering, stepping, leaving, and drawing a past position.

Why apart from replay.py: that module is the pure cursor over the history (tested on CPython);
this one is its glue — it opens the cursor on ``app.replay`` while the live game waits (bots
pause, clicks on the board are refused, see :meth:`app.App.paused`) and renders the position
in its public view only. The live game is only read: leaving returns to it exactly as it was.
"""

from __future__ import annotations

import dom
import render_panels as panels
from controls import Offer, Pick
from messages import t
from pyscript import document
from replay import Replay


class ReplayControls:
    """What the replay's buttons, slider and log lines do; the cursor is ``app.replay``."""

    def __init__(self, app):
        self.app = app
        #: Whether the results were closed before the replay (it hides them meanwhile).
        self.results_closed_before = False

    def enter(self, step: int | None = None) -> None:
        app = self.app
        s = app.session
        if s is None or app.replay is not None:
            return
        if app.busy:
            app.notice = t("replay.why.busy")
            app.render()
            return
        app.pick, app.notice, app.screen = Pick(), "", None
        self.results_closed_before = app.results_closed
        app.results_closed = True
        app.replay = Replay(s.game, step)
        app.render()

    def goto(self, step: int) -> None:
        app = self.app
        if app.replay is None:
            return
        app.replay.goto(step)
        app.render()

    def step(self, arg: str) -> bool:
        """A replay button: ``forward``, ``back`` or a step number. False if no replay is
        open (then the value is not the replay's: the app treats it as a move choice)."""
        r = self.app.replay
        if r is None:
            return False
        self.goto(r.step + 1 if arg == "forward" else r.step - 1 if arg == "back" else int(arg))
        return True

    def leave(self, render: bool = True) -> None:
        """Back to the live game, exactly as it was (it was only read)."""
        app = self.app
        if app.replay is None:
            return
        app.replay = None
        app.results_closed = self.results_closed_before
        app.notice = ""
        if render:
            app.render()
        app.bots.kick()

    def render(self) -> None:
        """A past position, public view only; the live game is not touched."""
        app = self.app
        s, r = app.session, app.replay
        view = r.view()
        seats = s.config.seats
        events = r.public_events
        story, regions = panels.strike_story(events)
        app.map.render(view, Offer(), seats, story or None, len(story))
        dom.set_html("players", panels.players(view, seats, r.position.is_over))
        dom.set_html("cards", panels.cards(view, seats, Offer()))
        dom.set_html("bar", panels.replay_bar(r.step, r.total, s.game.is_over))
        if r.step == 0:
            status = t("status.replay_start", total=r.total)
        else:
            # the move's first log line (the log below marks all of them)
            lines = [x for x, k in zip(s.log, s.log_steps, strict=True) if k == r.step]
            status = t("status.replay", step=r.step, total=r.total,
                       what=lines[0] if lines else r.action)
        dom.set_text("status", status)
        app.render_notice()
        final = any(e["kind"] == "final_plague" for e in events)
        neutral = any(e["kind"] == "strike" and e.get("neutral") for e in events)
        dom.set_html("strike", panels.strike_panel(story, regions, seats, len(story), final,
                                                    neutral))
        dom.show("strike", bool(story))
        if app.show_log:
            dom.set_html("log", panels.log(s.log, s.log_steps, r.step))
        dom.show("log", app.show_log)
        here, lines = dom.query("#log li.at"), dom.query("#log ol")
        if here is not None and lines is not None:  # scroll the log only, not the side panel
            lines.scrollTop = here.offsetTop - lines.offsetTop - lines.clientHeight // 2
        dom.set_text("viewer", t("ui.replay_public"))
        app.render_screen()
        ds = document.body.dataset
        ds.replayStep = str(r.step)
        ds.mode = ""
