"""Where the keyboard's focus goes: into a dialog that opens, back where it was when the dialog
closes, within the dialog on top while Tab is pressed, and somewhere sensible when the
focused element is painted away.

Why apart from painting: the painter (browser/paint.py) says what changed; this module keeps
the one piece of memory focus needs — the dialogs open, each with where to return — and the
keys (browser/dom_input.py) ask it for the dialog on top.
"""

from __future__ import annotations

from typing import Any

from control import keys
from pyscript import document

from browser import dom
from browser.map_view import MapView


class Focus:
    def __init__(self, map_view: MapView):
        self.map = map_view
        self.layers: list[tuple[str, Any]] = []  # open dialogs, each with where to return

    @property
    def top(self) -> str | None:
        """The dialog on top ("help": How to play over any other), None for none."""
        return self.layers[-1][0] if self.layers else None

    @staticmethod
    def selector(layer: str) -> str:
        return "#help .dialog" if layer == "help" else "#screen .dialog"

    def focusables(self, layer: str) -> list:
        box = dom.query(self.selector(layer))
        if box is None:
            return []
        nodes = box.querySelectorAll('button,a[href],input,select,textarea,[tabindex="0"]')
        return [n for n in (nodes.item(i) for i in range(nodes.length))
                if not getattr(n, "disabled", False) and n.getClientRects().length]

    def trap_tab(self, event, layer: str) -> None:
        """Tab and Shift+Tab cycle within the dialog on top (a focus trap)."""
        nodes = self.focusables(layer)
        if not nodes:
            return
        active = dom.js(document.activeElement)
        box = dom.query(self.selector(layer))
        first, last = nodes[0], nodes[-1]
        if active is None or not box.contains(active):
            event.preventDefault()
            (last if event.shiftKey else first).focus()
        elif event.shiftKey and active == first:
            event.preventDefault()
            last.focus()
        elif not event.shiftKey and active == last:
            event.preventDefault()
            first.focus()

    def dialogs(self, screen: str | None, help_open: bool, wanted: str | None, active) -> bool:
        """Dialogs take the focus and give it back: a dialog that opens takes it (its safe
        choice ``wanted``, else its first control); one that closes returns it where it was
        before it opened. True if a dialog opened (the focus is set)."""
        names = keys.open_layers(screen, help_open)
        old = self.layers
        k = 0
        while k < min(len(old), len(names)) and old[k][0] == names[k]:
            k += 1
        back = old[k][1] if k < len(old) else None  # where the lowest closed one came from
        layers = old[:k]
        for name in names[k:]:
            layers.append((name, back if back is not None else active))
            back = None
        self.layers = layers
        if len(names) > k:  # a dialog opened
            node = dom.query(wanted) if wanted else None
            if node is None:
                nodes = self.focusables(names[-1])
                node = nodes[0] if nodes else None
            if node is not None:
                node.focus()
            return True
        if k < len(old):  # a dialog closed: the focus back where it was
            if back is not None and back.isConnected and back != document.body:
                back.focus()
            else:
                self.lost()
        return False

    def lost(self) -> None:
        """The focused element went away in a render (a count button once chosen, a token
        moved): the focus goes to the map's stop, else the decision's first button."""
        if self.layers:
            nodes = self.focusables(self.layers[-1][0])
            if nodes:
                nodes[0].focus()
            return
        if not self.map.focus_stop(scroll=False):
            node = dom.query("#bar button")
            if node is not None:
                dom.focus_in_place(node)

    @staticmethod
    def to_continue() -> None:
        """A strike waits to be seen: a keyboard player's focus goes from the map to Continue
        (it would otherwise take a shortcut to get there)."""
        here = dom.js(document.activeElement)
        if here is None or here == document.body or dom.closest(here, "#map") is not None:
            seen = dom.query('[data-choice="story-seen"]')
            if seen is not None:
                seen.focus()
