"""The inline SVG map on the page: writes what ``render/board.py``'s ``draw`` made, touching only
what changed (a region path's attributes, the content of an overlay layer: the links, the
supply, the players' table, each region's things)."""

from __future__ import annotations

from typing import Any

from control.keys import first_stop, move
from render import board
from render.board_layout import Arrangement
from text.catalogue import t

from browser.dom import by_id, focus_in_place, js, write_around_focus


class MapView:
    """Binds the inline SVG: remembers the region paths and writes what :func:`draw` made,
    touching only what changed."""

    def __init__(self, svg, all_regions):
        self.svg = svg
        self.all_regions = list(all_regions)
        #: the arrangement drawn (render/board_layout.py): the first screen's is tall
        self.arrangement = str(js(svg.getAttribute("data-board")) or "tall")
        self._find_regions()
        self._path_state: dict[str, tuple] = {}
        self._roving: str | None = None  # the stop in the Tab order (tabindex 0)
        self.stops: dict[str, tuple[float, float]] = {}  # the arrow keys' places (keynav)
        self.last: str | None = None  # the stop the player last focused
        self._layers: dict[str, Any] = {}  # each overlay layer's <g>, in drawing order
        self._layer_html: dict[str, str] = {}  # what each holds
        svg.insertAdjacentHTML("beforeend", '<g id="overlay"></g>')
        self.overlay = svg.querySelector("#overlay")
        svg.setAttribute("aria-label", t("ui.title"))
        # not a Tab stop itself (Chromium makes a clipping SVG root one): its one stop is the
        # region or token of the roving tabindex (rove)
        svg.setAttribute("tabindex", "-1")
        # the board's drawings are styled by ".board …" (How to play draws them too)
        svg.setAttribute("class", ((js(svg.getAttribute("class")) or "") + " board").strip())

    def arrange(self, lay: Arrangement) -> None:
        """The board drawn anew, whole, in the arrangement ``lay`` (the screen wants the other
        one: model/ui_state.py ``Prefs.board``): its size, the skeleton, and every layer at
        the next :meth:`apply` (the motions' layer too: browser/motion.py ``mount``). The
        ``<svg>`` itself stays, and with it what listens to it."""
        svg = self.svg
        svg.setAttribute("viewBox", f"0 0 {lay.width} {lay.height}")
        svg.setAttribute("data-board", lay.name)
        svg.style.setProperty("--aspect", board.aspect(lay))
        svg.innerHTML = board.skeleton_inside(lay)
        svg.insertAdjacentHTML("beforeend", '<g id="overlay"></g>')
        self.overlay = svg.querySelector("#overlay")
        self._find_regions()
        self._path_state, self._layers, self._layer_html = {}, {}, {}
        self._roving = None
        self.arrangement = lay.name

    def _find_regions(self) -> None:
        """Each region's land and its pile's plate in the drawing (a region out of play on a
        map framed to those in play has no plate)."""
        self.paths = {r: js(self.svg.querySelector(f'.region[data-region="{r}"]'))
                      for r in self.all_regions}
        self.plates = {r: js(self.svg.querySelector(f'.pile[data-region="{r}"]'))
                       for r in self.all_regions}

    def settle_first_screen(self) -> None:
        """The first screen's sketch of the other arrangement (tools/first_screen.py) goes,
        and the map is no longer the first screen's (whose CSS shows it or the sketch by the
        screen's shape): from now on the page draws the arrangement its screen wants."""
        holder = js(getattr(self.svg, "parentNode", None))
        while holder is not None:
            sketch = js(holder.querySelector("svg.first-sketch"))
            if sketch is None:
                break
            sketch.remove()
        if "first" in str(js(self.svg.getAttribute("class")) or "").split():
            self.svg.classList.remove("first")

    def apply(self, states: dict, layers: dict[str, str]) -> None:
        for r, state in states.items():
            path = self.paths.get(r)
            if path is None or self._path_state.get(r) == state:
                continue
            cls, aria, in_play = state
            path.setAttribute("class", cls)
            plate = self.plates.get(r)
            if plate is not None:  # (its pile's plate: drawn as its region is)
                plate.setAttribute("class", "pile" + cls.removeprefix("region"))
            path.setAttribute("aria-label", aria)
            path.setAttribute("data-key", f"reg-{r}")
            if in_play:  # a stop of the arrow keys; one stop at a time is in the Tab order
                path.setAttribute("role", "button")
                path.setAttribute("aria-keyshortcuts", "M")
                path.setAttribute("tabindex", "0" if self._roving == f"reg-{r}" else "-1")
            else:
                path.setAttribute("role", "img")
                path.removeAttribute("tabindex")
                path.removeAttribute("aria-keyshortcuts")
            self._path_state[r] = state
        self._draw_layers(layers)

    def _draw_layers(self, layers: dict[str, str]) -> None:
        """Each overlay layer whose SVG changed is written, and only it: an action changes a
        region or two, and what stays keeps its nodes (the focus on a rat token included)."""
        if list(layers) != list(self._layers):  # (the first frame: the layers made, in order)
            self.overlay.innerHTML = ""
            for key in layers:
                self.overlay.insertAdjacentHTML("beforeend", f'<g id="layer-{key}"></g>')
            self._layers = {k: by_id(f"layer-{k}") for k in layers}
            self._layer_html = {}
        for key, html in layers.items():
            if self._layer_html.get(key) == html:
                continue
            self._layers[key].innerHTML = html
            self._layer_html[key] = html
            self._drawn(key)

    def _drawn(self, key: str) -> None:
        roving = self._roving or ""
        if roving.startswith("tok-") and key == "region-" + roving.split("-")[1]:
            self._roving = None  # its tokens were drawn anew (tabindex -1)

    def keep_focused(self, node, key: str, layers: dict[str, str]) -> bool:
        """The focused rat token drawn again in its layer (its ``data-key``): that layer is
        written around it now, and the focus stays on it (browser/dom.py ``keep_focused``);
        True if it was."""
        for name, html in layers.items():
            layer = self._layers.get(name)
            if layer is None or self._layer_html.get(name) == html or not layer.contains(node):
                continue
            if not write_around_focus(layer, html, key):
                return False
            self._layer_html[name] = html
            self._drawn(name)
            return True
        return False

    def rewrites(self, node, layers: dict[str, str]) -> bool:
        """Whether writing ``layers`` would replace ``node`` (a rat token in a layer that
        changed)."""
        return any(self._layer_html.get(key) != html and key in self._layers
                   and self._layers[key].contains(node) for key, html in layers.items())

    def rove(self, stops: dict, targets: list[str]) -> None:
        """Roving tabindex: the map is one Tab stop, on the stop the player last focused if
        it is still there, else the decision's first target (keynav.first_stop)."""
        self.stops = stops
        self._set_roving(self.next_stop(stops, targets))

    def next_stop(self, stops: dict, targets: list[str]) -> str | None:
        """The stop :meth:`rove` makes the map's Tab stop for ``stops``."""
        return self.last if self.last in stops else first_stop(stops, targets)

    def node(self, key: str):
        """The map's element of the stop ``key`` (None: not drawn)."""
        return js(self.svg.querySelector(f'[data-key="{key}"]'))

    def _set_roving(self, key: str | None) -> None:
        if key == self._roving:
            return
        if self._roving is not None:
            old = js(self.svg.querySelector(f'[data-key="{self._roving}"]'))
            if old is not None:
                old.setAttribute("tabindex", "-1")
        self._roving = None
        if key is not None:
            node = js(self.svg.querySelector(f'[data-key="{key}"]'))
            if node is not None:
                node.setAttribute("tabindex", "0")
                self._roving = key

    def arrow(self, at: str | None, key: str) -> bool:
        """An arrow key on the stop ``at``: focus the stop that way (keynav.move); True if
        the focus moved."""
        to = move(self.stops, at, key) if at else None
        if to is None:
            return False
        node = js(self.svg.querySelector(f'[data-key="{to}"]'))
        if node is None:
            return False
        self.last = to
        self._set_roving(to)
        node.focus()
        return True

    def focus_stop(self, scroll: bool = True) -> bool:
        """Give the focus to the map's Tab stop (the "M" key; or, not ``scroll``ing it into
        view, after the focused element went away); True if there was one."""
        if self._roving is None:
            return False
        node = js(self.svg.querySelector(f'[data-key="{self._roving}"]'))
        if node is None:
            return False
        if scroll:
            node.focus()
        else:
            focus_in_place(node)
        return True
