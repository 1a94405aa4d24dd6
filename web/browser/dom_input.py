"""The page's input: DOM events turned into the store's events (model/page_events.py).

Why one listener per kind, delegated: the map and the panels are painted again and again, so
a listener on each element would be lost with it; one click and one keydown listener on the
SVG root and on the panel container read what was clicked from its data attributes. Keys:
arrows move on the map (control/keys.py) and among the decision's buttons, Escape and Tab in
a dialog (browser/focus.py), the shortcut keys (model/keymap.py) elsewhere.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from control import keys
from model import keymap, save_file
from model import page_events as ev
from model.ui_state import Model
from pyodide.ffi import create_proxy
from pyscript import document, window

from browser import dom, strike_strip, tabs
from browser.autosave import Autosave
from browser.focus import Focus
from browser.map_view import MapView

#: How far apart (CSS px, across plus down) two clicks of one double-click may land.
SPOT_PX = 12

#: Elements a click may land in, by the data attribute that says what was clicked.
TARGETS = ("[data-choice],[data-card],[data-take],[data-slot],[data-plague],[data-region],"
           "[data-step]")


class DomInput:
    def __init__(self, svg, map_view: MapView, focus: Focus, autosave: Autosave,
                 model: Callable[[], Model], dispatch: Callable[[ev.Event], None]):
        self.svg = svg
        self.map = map_view
        self.focus = focus
        self.autosave = autosave
        self.model = model
        self.dispatch = dispatch
        self.zoom = None  # a touch screen: taps near targets (browser/touch.py)
        self._proxies: list = []
        self._first_click: ev.Event | None = None  # what a double-click's first click meant
        self._first_at: tuple[float, float] | None = None  # and where it landed

    def bind(self) -> None:
        """One delegated click and keydown listener on the SVG root and on the panel
        container, and one change listener (proxies kept alive on the app)."""
        click = create_proxy(self._on_click)
        key = create_proxy(self._on_key)
        change = create_proxy(self._on_change)
        escape = create_proxy(self._on_document_key)
        focusin = create_proxy(self._on_map_focus)
        self._proxies += [click, key, change, escape, focusin]
        document.addEventListener("keydown", escape)
        pointer = create_proxy(self._on_pointer)
        self._proxies.append(pointer)
        document.addEventListener("pointerdown", pointer, True)
        strike_strip.bind()
        on_storage = create_proxy(self.autosave.on_storage)
        self._proxies.append(on_storage)
        window.addEventListener("storage", on_storage)
        tabs.on_lost(self.autosave.on_lost)
        self.svg.addEventListener("focusin", focusin)
        for node in (self.svg, dom.by_id("app")):
            node.addEventListener("click", click)
            node.addEventListener("keydown", key)
        # the import file input (in the toolbar) and the replay slider
        dom.by_id("app").addEventListener("change", change)

    def _on_click(self, event) -> None:
        target = event.target
        if event.currentTarget == self.svg:
            # handled here only: a re-render may detach the target before the event
            # bubbles on to the panel container's listener
            event.stopPropagation()
        elif dom.closest(target, "svg#map") is not None:
            return
        elif (page := dom.closest(target, "[data-strip-page]")) is not None:
            strike_strip.turn(page)  # (a strike strip's page button: scrolling, no event)
            return
        elif dom.closest(target, "[data-skip]") is not None:  # "Skip to the map"
            event.preventDefault()  # (no jump of the page to #map: the map's stop is focused)
            self.map.focus_stop()
            return
        node = dom.closest(target, TARGETS)
        if self.zoom is not None and event.currentTarget == self.svg:
            node = self.zoom.resolve(event, node)  # a tap near a target takes it
        meant = self._event_for(node) if node is not None else None
        on_map = event.currentTarget == self.svg
        if not self._counts(event, meant, on_map):
            return
        if isinstance(meant, ev.Target) and str(event.type) == "click":
            # a click's time (a key's is None): the click after one that completed an
            # action by itself is guarded by it (control/update.py ``guarded``)
            meant = ev.Target(meant.what, meant.value, float(event.timeStamp))
        if meant is not None:
            self.dispatch(meant)

    def _counts(self, event, meant: ev.Event | None, on_map: bool = False) -> bool:
        """Whether a click is heard. The second click of a double-click (``detail`` ≥ 2)
        lands where the first one's answer may have put a new button ("2 cubes", then "Move
        the plague piece" in its place): a button is heard then only if it means what the
        first click meant. Only a second click on the same spot is one (a touch screen counts
        quick taps a finger apart as a double tap too: a card, then a button, are both
        heard), and the board's regions and tokens never appear under a click."""
        detail = int(getattr(event, "detail", 0) or 0)
        at = (float(getattr(event, "clientX", 0) or 0), float(getattr(event, "clientY", 0) or 0))
        last, self._first_at = self._first_at, at
        same_spot = last is not None and abs(at[0] - last[0]) + abs(at[1] - last[1]) <= SPOT_PX
        if detail >= 2 and same_spot and not on_map:
            self._first_at = last  # (a third click of the same spot is still one of them)
            return meant is not None and meant == self._first_click
        self._first_click = meant
        return True

    def _event_for(self, node) -> ev.Event:
        """The event a clicked element stands for, read from its data attributes."""
        def get(name):
            return dom.attr(node, name)

        if get("data-choice") == "online-name":  # a guest's name, from its field (the
            row = node.parentElement  # side panel's, or the table's: the one beside it)
            field = row.querySelector("input") if row is not None else None
            field = field or dom.by_id("online-name")
            return ev.Choice("online-name", {"name": "" if field is None else str(field.value)})
        if get("data-choice") == "online-turn":  # the TURN servers, from their field
            field = dom.by_id("online-turn")
            return ev.Choice("online-turn", {"turn": "" if field is None else str(field.value)})
        if get("data-choice") is not None:
            return ev.Choice(get("data-choice"), self._dialog_fields())
        if get("data-step") is not None:
            return ev.ReplayGoto(int(get("data-step")))
        if get("data-card") is not None:
            return ev.Target("card", get("data-card"))
        if get("data-take") is not None:  # a card's icon on the board (render/board.py)
            return ev.Target("card", get("data-take"))
        if get("data-slot") is not None:
            return ev.Target("token", (get("data-region"), int(get("data-slot"))))
        if get("data-plague") is not None:
            return ev.Target("plague")
        return ev.Target("region", get("data-region"))

    def _dialog_fields(self) -> dict | None:
        """What the new-game dialog's fields hold, if it is open."""
        ui = self.model().ui
        if ui.screen != "new-game":
            return None
        fields = {}
        names = [(f"{field}.{i}", f'[data-field="{field}"][data-seat="{i}"]')
                 for i in range(len(ui.draft.config.seats))
                 for field in ("name", "colour", "kind")]
        for key, selector in (*names, ("start", '[data-field="start"]'),
                              ("seed", '[data-field="seed"]')):
            node = dom.query(f'[data-screen="new-game"] {selector}')
            if node is not None:
                fields[key] = str(node.value)
        return fields

    @staticmethod
    def _on_pointer(_event) -> None:
        """A mouse or a finger: the focus the page moves by itself after a tap (a dialog
        closed, a target gone) is not drawn on the map, where it would look like a choice
        (style.css); a key pressed draws it again."""
        document.body.dataset.input = "pointer"

    def _on_document_key(self, event) -> None:
        """Keys for the whole page: in a dialog, Tab stays inside it and Escape closes it
        (keys.ESCAPE); elsewhere Escape cancels a choice half made (keys.ON_BOARD) and the
        shortcut keys work (keymap.SHORTCUTS)."""
        key = str(event.key)
        document.body.dataset.input = "keys"  # the map's focus outline shows again (CSS)
        top = self.focus.top
        if top is not None:
            if key == "Escape" and top in keys.ESCAPE:
                node = dom.query(f'{self.focus.selector(top)} '
                                 f'[data-choice="{keys.ESCAPE[top]}"]')
                if node is not None:
                    event.preventDefault()
                    self.dispatch(ev.Choice(keys.ESCAPE[top], self._dialog_fields()))
            elif key == "Tab":
                self.focus.trap_tab(event, top)
            elif key in ("?", "h") and not self._typing(event):  # How to play, over any
                self.dispatch(ev.Choice("toggle-rules"))
            return
        if key == "Escape" and not self._typing(event):
            node = dom.query(f'#bar [data-choice="{keys.ON_BOARD}"]')
            if node is not None and not node.disabled:
                event.preventDefault()
                self.dispatch(ev.Choice(keys.ON_BOARD))
            return
        if (event.ctrlKey or event.altKey or event.metaKey or self._typing(event)
                or key not in keymap.SHORTCUTS):
            return
        kind, what = keymap.SHORTCUTS[key]
        event.preventDefault()
        if kind == "choice":
            node = dom.query(f'#toolbar [data-choice="{what}"]')
            if what == "undo" and node is not None and node.disabled:
                self.dispatch(ev.Choice(what))  # says why not (control/undo.py)
            elif node is not None and not node.disabled:
                self.dispatch(ev.Choice(what))
        elif what == "map":
            self.map.focus_stop()
        elif what == "cards":
            self._open_sheet("cards", "cards")
            node = dom.query("#cards [data-card].target") or dom.query("#cards [data-card]")
            if node is not None:
                node.focus()
        elif what == "decision":
            nodes = document.querySelectorAll("#bar button")
            enabled = [n for n in (nodes.item(i) for i in range(nodes.length)) if not n.disabled]
            if enabled:
                enabled[0].focus()
        elif what == "pace":
            node = dom.by_id("pace")
            if node is not None:
                node.focus()
        elif what == "board":
            self._open_sheet("board-text-toggle", "more")
            box, title = dom.by_id("board-text-toggle"), dom.by_id("board-text-title")
            if box is not None and title is not None:
                box.open = True
                title.focus()

    def _open_sheet(self, panel: str, sheet: str) -> None:
        """A shortcut to a side panel on a narrow screen, where it lies in a closed sheet: that
        sheet opens first (render/dock.py), as its tab would open it."""
        node = dom.by_id(panel)
        if node is not None and not dom.in_view(node):
            self.dispatch(ev.Choice(f"sheet:{sheet}"))

    @staticmethod
    def _typing(event) -> bool:
        return str(event.target.tagName) in ("INPUT", "SELECT", "TEXTAREA")

    def _on_map_focus(self, event) -> None:
        """A stop of the map focused (by Tab, an arrow, a click): it becomes the map's Tab
        stop, where the focus comes back to."""
        key = dom.attr(event.target, "data-key")
        if key is not None and key in self.map.stops:
            self.map.last = key
            self.map.rove(self.map.stops, [])

    def _on_key(self, event) -> None:
        target = event.target
        if event.key in keys.DIRECTIONS and event.currentTarget == self.svg:
            event.stopPropagation()
            if self.map.arrow(dom.attr(target, "data-key"), str(event.key)):
                event.preventDefault()  # (and no scrolling)
            return
        if event.key in keys.DIRECTIONS and self._arrow_in_group(target, str(event.key)):
            event.preventDefault()
            return
        if event.key not in ("Enter", " "):
            return
        if target.tagName in ("BUTTON", "INPUT", "SELECT", "TEXTAREA"):
            return  # native controls handle their own keys
        if event.currentTarget != self.svg and dom.closest(target, "svg#map") is not None:
            return
        if dom.attr(target, "role") == "button":
            if event.currentTarget == self.svg:
                event.stopPropagation()
            event.preventDefault()
            self._on_click(event)

    @staticmethod
    def _arrow_in_group(target, key: str) -> bool:
        """Arrow keys among the decision's buttons and among the class cards, where the eye
        goes (the map's geometry, keys.move, on their boxes): True if the focus moved."""
        group = dom.closest(target, "#bar, #cards")
        if group is None or str(target.tagName) in ("INPUT", "SELECT", "TEXTAREA"):
            return False
        found = group.querySelectorAll('button:not([disabled]), [role="button"][tabindex="0"]')
        nodes = [found.item(i) for i in range(found.length)]
        stops = {}
        for i, node in enumerate(nodes):
            box = node.getBoundingClientRect()
            if box.width and box.height:
                stops[str(i)] = (box.left + box.width / 2, box.top + box.height / 2)
        at = next((str(i) for i, node in enumerate(nodes) if node == target), None)
        to = keys.move(stops, at, key) if at is not None else None
        if to is None:
            return False
        nodes[int(to)].focus()
        return True

    def _on_change(self, event) -> None:
        target = event.target
        if target.id == "pace":
            self.dispatch(ev.PaceChosen(str(target.value)))
        elif target.id == "lang":
            self.dispatch(ev.LanguageChosen(str(target.value)))
        elif dom.attr(target, "data-seat") is not None:  # a seat's name, colour or kind
            self.dispatch(ev.DraftChanged(self._dialog_fields()))  # (the start list shows names)
        elif dom.attr(target, "data-field") == "replay":
            self.dispatch(ev.ReplayGoto(int(target.value)))
        elif target.id == "import-file":
            files = target.files
            file = dom.js(files.item(0)) if files is not None and files.length else None
            if file is not None:
                asyncio.ensure_future(self._read_file(file, target))

    async def _read_file(self, file, node) -> None:
        name = str(file.name)
        try:
            size = int(file.size)
            text = "" if size > save_file.MAX_BYTES else str(await file.text())
        except Exception as exc:  # noqa: BLE001 - an unreadable file: say so, change nothing
            self.dispatch(ev.FileUnreadable(name, f"{type(exc).__name__}: {exc}"))
            return
        finally:
            node.value = ""  # the same file can be chosen again
        self.dispatch(ev.FileRead(name, size, text))
