"""A phone's status box: it keeps one height (style.css), so that the board never moves as
the words change. Words that do not fit are marked (``data-status-more``: a sign at the box's
foot) and open over the board's top at a tap on the box (``data-status-open``); the box
folds again by itself when the status changes, or at a tap anywhere else.

Why in the browser edge: only the page knows whether words fit (its fonts, its width); what
the words are is the frame's (render/frame.py), and nothing here changes the game.
"""

from __future__ import annotations

from pyscript import document

from browser import dom
from browser.dom import listen


class StatusBox:
    def __init__(self) -> None:
        self.row = dom.query(".status-row")
        self.status = dom.by_id("status")
        self.words = ""
        self.open = False
        if self.row is None or self.status is None:
            return
        listen(self.row, "click", self._on_tap)
        listen(self.status, "keydown", self._on_key)
        listen(document, "pointerdown", self._elsewhere)

    def after_paint(self) -> None:
        """After each render: new words fold the box, and whether they fit is said again
        (measured only then: a measure lays the page out)."""
        if self.row is None:
            return
        words = str(self.row.textContent)
        if words == self.words:
            return
        self.words = words
        self._set(False)
        more = int(self.row.scrollHeight) > int(self.row.clientHeight) + 1
        value = "1" if more else ""
        if (dom.attr(document.body, "data-status-more") or "") != value:
            document.body.dataset.statusMore = value

    def _set(self, value: bool) -> None:
        value = value and bool(document.body.dataset.statusMore)  # (only words that overflow)
        if value != self.open:
            self.open = value
            document.body.dataset.statusOpen = "1" if value else ""

    def _on_tap(self, event) -> None:
        """A tap on the box's words or on its sign at the foot; not on a button in it (the
        decision's "?")."""
        if dom.closest(event.target, "button, a") is None:
            self._set(not self.open)

    def _on_key(self, event) -> None:
        if event.key in ("Enter", " ") and document.body.dataset.statusMore:
            event.preventDefault()  # (not a scroll of the page)
            self._set(not self.open)
        elif event.key == "Escape" and self.open:
            self._set(False)

    def _elsewhere(self, event) -> None:
        if self.open and dom.closest(event.target, ".status-row") is None:
            self._set(False)
