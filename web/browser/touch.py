"""A phone or tablet (a touch screen): the toolbar folded into a menu, the map's pinch-zoom
and pan, and a tap that takes the target near it.

Why in the browser edge: all three read or move the page (pointer type, sizes on screen,
``elementFromPoint``) and drive Panzoom (``@panzoom/panzoom``, vendored by tools/build.py);
the geometry they ask for lives in zoom_geometry.py. The layout itself is CSS (style.css, the
``max-width: 600px`` and ``pointer: coarse`` rules). What a tap then does is the dispatcher's
business: a tap resolved here becomes the same event as a click on that target.
"""

from __future__ import annotations

from control import zoom_geometry
from pyodide.ffi import to_js
from pyscript import document, window

from browser import dom
from browser.dom import listen

#: What a tap on the map may stand for (app.TARGETS, inside the SVG).
MAP_TARGETS = "[data-slot],[data-plague],[data-region],[data-take]"



def touch_screen() -> bool:
    """True if the screen's main pointer is a finger (``pointer: coarse``): the page then says
    "tap" and lets the map be pinched."""
    try:
        return bool(window.matchMedia("(pointer: coarse)").matches)
    except Exception:  # noqa: BLE001 - an old browser: a mouse
        return False


def _upright_phone() -> bool:
    """The narrow layout (style.css): the page fits the screen and never scrolls."""
    return bool(window.matchMedia("(max-width: 600px)").matches)


def _js(options: dict):
    return to_js(options, dict_converter=window.Object.fromEntries)


# -- the toolbar's menu (a phone: the toolbar is folded away, style.css) ---------------------
def bind_menu() -> None:
    """The Menu button opens and closes the toolbar; choosing in it, a tap elsewhere or
    Escape closes it (and Escape gives the focus back to the button)."""
    button, toolbar = dom.by_id("menu-button"), dom.by_id("toolbar")
    if button is None or toolbar is None:
        return

    def is_open() -> bool:
        return dom.attr(button, "aria-expanded") == "true"

    def set_open(value: bool) -> None:
        button.setAttribute("aria-expanded", "true" if value else "false")
        document.body.dataset.menu = "open" if value else ""

    def on_button(_event) -> None:
        set_open(not is_open())

    def on_toolbar(event) -> None:
        if dom.closest(event.target, "button") is not None:  # a choice made (not the pace)
            set_open(False)

    def on_page(event) -> None:
        if is_open() and dom.closest(event.target, "#toolbar, #menu-button") is None:
            set_open(False)

    def on_key(event) -> None:
        if event.key == "Escape" and is_open():
            set_open(False)
            button.focus()

    listen(button, "click", on_button)
    listen(toolbar, "click", on_toolbar)
    listen(document, "pointerdown", on_page)
    listen(document, "keydown", on_key)


# -- the map: pinch-zoom, pan, zoom to the targets, a tap near a target -------------------------
class MapZoom:
    """Panzoom on the map's box (``#map-zoom``): pinch to zoom, drag to pan, "Whole map" to
    see it all. It never zooms before a choice: a phone's rat tokens and plague piece are a
    finger's size at 1:1 (render/board_layout.py ``PILE_TALL``); only a tap that falls
    between two targets zooms in on them."""

    def __init__(self, svg):
        self.svg = svg
        self.box = dom.by_id("map-zoom")
        self.pz = window.Panzoom(self.box, _js({
            "minScale": 1, "maxScale": zoom_geometry.MAX_SCALE, "contain": "outside",
            "cursor": "default", "step": 0.5, "animate": False}))
        self._touch_action = "none"  # (Panzoom's own default)
        self.zoom_taps = 0
        self.whole_button = dom.by_id("whole-map")
        listen(self.whole_button, "click", lambda _e: self.whole())
        listen(self.box, "panzoomchange", lambda _e: self._changed())
        self._changed()

    # the view
    def scale(self) -> float:
        return float(self.pz.getScale())

    def _changed(self) -> None:
        zoomed = self.scale() > 1.01
        document.body.dataset.zoom = f"{self.scale():.2f}"
        self.whole_button.hidden = not zoomed
        # A page that scrolls (a tablet, a phone held sideways: the map above the panels) is
        # scrolled by a finger on the whole map; zoomed in, the finger moves the map instead.
        # (A phone held upright never scrolls the page: its sheet scrolls on its own.)
        action = "none" if zoomed or _upright_phone() else "pan-y"
        if action != self._touch_action:
            self._touch_action = action
            self.pz.setOptions(_js({"touchAction": action}))

    def whole(self) -> None:
        self.pz.reset(_js({"animate": False}))
        self._changed()

    def _show(self, scale: float, x: float, y: float) -> None:
        # (Panzoom's own containment measures the box before the new scale is drawn: the
        # position is kept inside the map by zoom_geometry.centred instead)
        self.pz.zoom(scale, _js({"animate": False}))
        self.pz.pan(x, y, _js({"animate": False, "force": True, "contain": False}))
        self._changed()

    def _size(self) -> tuple[float, float]:
        return float(self.svg.clientWidth), float(self.svg.clientHeight)

    # a tap
    def _target_of(self, node):
        """The target a drawing under a finger stands for (a badge or a name stands for its
        region), or None if it is not a target now."""
        if node is None or dom.closest(node, "svg#map") is None:
            return None
        if node.classList.contains("target"):
            return node
        if dom.attr(node, "data-slot") is None and dom.attr(node, "data-region") is not None:
            return dom.query(f'.region.target[data-region="{dom.attr(node, "data-region")}"]',
                             self.svg)
        return None

    def resolve(self, event, node):
        """The element a tap on the map takes: the target under the finger, else the one
        nearest within half a finger (zoom_geometry.NEAR_PX), or a region's one wanted rat
        token; None when it zoomed in instead (several targets equally near)."""
        if str(event.type) != "click":  # Enter/Space: the element in focus, as it is
            return node
        hit = self._target_of(node)
        if hit is not None:
            return hit
        x, y = float(event.clientX), float(event.clientY)
        found, nodes = [], {}
        for radius, px, py in zoom_geometry.ring_points(x, y):
            under = dom.js(document.elementFromPoint(px, py))
            near = self._target_of(dom.closest(under, MAP_TARGETS)) if under else None
            if near is not None:
                key = dom.attr(near, "data-key") or ""
                found.append((radius, key))
                nodes[key] = near
        key, ambiguous = zoom_geometry.nearest(found)
        if key is not None:
            return nodes[key]
        if ambiguous:
            self._zoom_at(x, y)
            return None
        region = dom.attr(node, "data-region") if node is not None else None
        if region is not None:  # tokens wanted: this region's only one
            mine = list(self.svg.querySelectorAll(f'.token.target[data-region="{region}"]'))
            if len(mine) == 1:
                return mine[0]
        return node

    def _zoom_at(self, x: float, y: float) -> None:
        """Zoom in on a point of the screen (a tap between two targets), so that the next
        tap tells them apart."""
        rect = self.box.getBoundingClientRect()
        s = self.scale()
        px, py = (x - float(rect.left)) / s, (y - float(rect.top)) / s
        self._show(*zoom_geometry.centred((px, py), self._size(),
                                          min(zoom_geometry.MAX_SCALE,
                                              s * zoom_geometry.AMBIGUOUS_ZOOM)))
        self._count_zoom_tap()

    def _count_zoom_tap(self) -> None:
        """A tap that zoomed in rather than chose (``data-zoom-taps``: tests read it; a whole
        game by taps on the pieces makes none)."""
        self.zoom_taps += 1
        document.body.dataset.zoomTaps = str(self.zoom_taps)
