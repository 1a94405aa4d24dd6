"""What a ``data-choice`` button does: a table from its value to a handler.

Why a table: the toolbar, the dialogs and the decision bar share one delegated listener, so
every button's value arrives here; listing them as ``value → handler`` (exact values, then
prefixes that carry an argument) makes adding a control one line. The page's own controls
(dialogs, saving, the replay, panels) work at any time; a move choice only when the player at
the screen may act (:meth:`app.App.may_act`), and then only if the current offer holds it —
else it is refused with the reason. A handler that returns ``False`` does not apply now: the
value is then treated as a move choice (as any value no page control takes).
"""

from __future__ import annotations

from controls import Pick


class Choices:
    def __init__(self, app):
        self.app = app
        dialog, keeper, replay = app.dialog, app.keeper, app.replay_controls
        #: The page's controls, by exact value.
        self.page = {
            "dlg-start": dialog.start,
            "dlg-cancel": dialog.cancel,
            "confirm-yes": lambda: keeper.answer(True),
            "confirm-no": lambda: keeper.answer(False),
            "new-game": dialog.show,
            "import": keeper.open_file_picker,
            "export": keeper.export,
            "undo": keeper.undo,
            "replay-enter": replay.enter,
            "replay-leave": replay.leave,
            "toggle-log": self.toggle_log,
            "toggle-rules": self.toggle_rules,
            "close-rules": self.close_rules,
            "close-results": self.close_results,
            "pass-ready": self.pass_ready,
        }
        #: The page's controls whose value carries an argument: prefix → handler(rest).
        self.page_prefixed = (
            ("dlg-players:", lambda n: dialog.resize(int(n))),
            ("replay-enter:", lambda step: replay.enter(int(step))),
            ("replay:", replay.step),
        )
        #: Controls of the move being picked (only when the player may act).
        self.move = {"cancel": self.cancel_pick}
        self.move_prefixed = (("mode:", self.toggle_mode),)

    def choose(self, value: str) -> None:
        app = self.app
        if _run(self.page, self.page_prefixed, value):
            return
        if not app.may_act():
            return
        if _run(self.move, self.move_prefixed, value):
            return
        for button in app.offer.buttons:
            if button.choice == value and button.action is not None:
                app.act(button.action)
                return
        app.refuse("why.not_now")

    # -- the page's controls ---------------------------------------------------------------
    def toggle_log(self) -> None:
        app = self.app
        app.show_log = not app.show_log
        app.render()

    def toggle_rules(self) -> None:
        app = self.app
        app.screen = None if app.screen == "rules" else "rules"
        app.render()

    def close_rules(self) -> None:
        self.app.screen = None
        self.app.render()

    def close_results(self) -> None:
        app = self.app
        app.results_closed = True
        app.keeper.save()
        app.render()

    def pass_ready(self) -> bool:
        """The next player is at the screen (no game, or a replay open: not the pass's)."""
        app = self.app
        s = app.session
        if s is None or app.replay is not None:
            return False
        s.confirm_pass()
        app.pick, app.notice = Pick(), ""
        app.render()
        return True

    # -- the move being picked -------------------------------------------------------------
    def toggle_mode(self, mode: str) -> None:
        app = self.app
        app.pick = Pick() if app.pick.mode == mode else Pick(mode)
        app.notice = ""
        app.render()

    def cancel_pick(self) -> None:
        app = self.app
        app.pick, app.notice = Pick(), ""
        app.render()


def _run(exact: dict, prefixed: tuple, value: str) -> bool:
    """Run the handler for ``value``; False if there is none or it does not apply now."""
    handler = exact.get(value)
    if handler is not None:
        return handler() is not False
    for prefix, handler in prefixed:
        if value.startswith(prefix):
            return handler(value[len(prefix):]) is not False
    return False
