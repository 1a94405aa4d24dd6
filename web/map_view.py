"""The inline SVG map on the page: writes what ``render_map.draw`` made, touching only what
changed (a region path's attributes, the one overlay group's content)."""

from __future__ import annotations

from dom import js
from messages import t
from render_map import DEFS


class MapView:
    """Binds the inline SVG: remembers the region paths and writes what :func:`draw` made,
    touching only what changed."""

    def __init__(self, svg, anchors: dict, all_regions):
        self.svg = svg
        self.anchors = anchors
        self.all_regions = list(all_regions)
        self.paths = {r: js(svg.querySelector(f'path.region[data-region="{r}"]'))
                      for r in self.all_regions}
        self._path_state: dict[str, tuple] = {}
        self._overlay_html = None
        defs = js(svg.querySelector("defs"))
        if defs is not None:
            defs.insertAdjacentHTML("beforeend", DEFS)
        svg.insertAdjacentHTML("beforeend", '<g id="overlay"></g>')
        self.overlay = svg.querySelector("#overlay")
        svg.setAttribute("aria-label", t("ui.title"))
        # the board's drawings are styled by ".board …" (How to play draws them too)
        svg.setAttribute("class", ((js(svg.getAttribute("class")) or "") + " board").strip())

    def apply(self, states: dict, html: str) -> None:
        for r, state in states.items():
            path = self.paths.get(r)
            if path is None or self._path_state.get(r) == state:
                continue
            cls, aria, in_play = state
            path.setAttribute("class", cls)
            path.setAttribute("aria-label", aria)
            path.setAttribute("data-key", f"reg-{r}")
            if in_play:
                path.setAttribute("role", "button")
                path.setAttribute("tabindex", "0")
            else:
                path.setAttribute("role", "img")
                path.removeAttribute("tabindex")
            self._path_state[r] = state
        if html != self._overlay_html:
            self.overlay.innerHTML = html
            self._overlay_html = html
