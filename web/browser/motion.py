"""Acting changes out on the board: a drawing of what moved travels from where it was to where
it is now, one change after another, over the board that already shows the result.

Why over the result: the game is never waiting on a drawing — input is never blocked (the
drawings let clicks through), a click or a key ends them at once, and instant pace or reduced
motion simply draws nothing (render/frame.py gives no motion then). Each motion is played once,
under its key (the step, and the strike's token being told). The Web Animations API moves them:
the browser's own timing, no Python per frame.
"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from browser.dom import js

#: The motions ``window.rattusMotionLog`` keeps (the newest), so a long game's log stays small.
LOG_KEPT = 200


class Motion:
    def __init__(self, svg):
        self.layer = None
        self.mount(svg)
        self._played: set[str] = set()
        self._step = ""
        self._skip = create_proxy(lambda _event: self.skip())
        for kind in ("pointerdown", "keydown"):
            document.addEventListener(kind, self._skip, True)
        if js(getattr(window, "rattusMotionLog", None)) is None:
            window.rattusMotionLog = _js([])  # what moved, for the e2e tests

    def mount(self, svg) -> None:
        """The layer the drawings travel in, on top of the board (again after the board was
        drawn anew in another arrangement: browser/map_view.py ``arrange``)."""
        if js(svg.querySelector("#ghosts")) is None:
            svg.insertAdjacentHTML("beforeend", '<g id="ghosts" aria-hidden="true"></g>')
        self.layer = js(svg.querySelector("#ghosts"))

    def play(self, motion) -> None:
        """Play ``motion`` (render/frame.py's ``(key, [motion], ms)``) unless it was played."""
        if motion is None or self.layer is None:
            return
        key, moves, duration = motion
        step = key.split(":")[0]
        if step != self._step:  # a new position: what was played before is history
            self._step, self._played = step, set()
        if key in self._played or not moves:
            self._played.add(key)
            return
        self._played.add(key)
        delay = 0
        for move in moves:
            if not move["with"] and move is not moves[0]:
                delay += duration
            self._start(move, delay, duration)

    def _start(self, move, delay: int, duration: int) -> None:
        """A drawing of what moved, hidden until its turn comes (the animation's delay: nothing
        waits on the board meanwhile), then travelling along its points, then gone."""
        path = move["path"]
        self.layer.insertAdjacentHTML(
            "beforeend", f'<g class="ghost" data-motion="{move["kind"]}" style="visibility:hidden"'
            f' transform="translate({path[0][0]:.1f} {path[0][1]:.1f})">{move["ghost"]}</g>')
        ghost = self.layer.lastElementChild
        scales = move.get("scale") or [1] * len(path)  # (a card grows halfway: motion_paths)
        frames = [{"transform": f"translate({x:.1f}px, {y:.1f}px) scale({k})",
                   "visibility": "visible"} for (x, y), k in zip(path, scales)]
        each = duration * max(1, len(path) - 1)
        plague = move["kind"] == "plague_moved"
        # (the plague piece's drawing stands where it was until its turn comes)
        animation = ghost.animate(_js(frames), _js(
            {"duration": each, "delay": delay, "easing": "ease-in-out",
             "fill": "both" if plague else "forwards"}))
        if plague:
            # one plague piece on the board: the one in its new region (drawn anew as the game
            # goes on) waits for its drawing (two players saw two pieces while it travelled)
            self.layer.parentNode.classList.add("plague-travelling")

            def landed() -> None:
                ghost.remove()
                self._landed()
            animation.onfinish = _once(landed)
        else:
            animation.onfinish = _once(ghost.remove)
        log = window.rattusMotionLog
        log.push(json.dumps({"kind": move["kind"], "path": path}))
        if log.length > LOG_KEPT:
            log.splice(0, log.length - LOG_KEPT)

    def skip(self) -> None:
        """End every motion now: the board already shows where things are."""
        if self.layer is not None and self.layer.firstElementChild is not None:
            self.layer.innerHTML = ""
            self._landed()

    def _landed(self) -> None:
        """The plague piece shown again once no drawing of it is on its way (the last one
        landed, or the motions were ended)."""
        if self.layer is not None and js(
                self.layer.querySelector('[data-motion="plague_moved"]')) is None:
            self.layer.parentNode.classList.remove("plague-travelling")


def _once(call):
    """A JavaScript callback that calls ``call`` once and then frees itself (a proxy per
    motion would otherwise live as long as the page)."""
    def run(_event) -> None:
        proxy.destroy()
        call()
    proxy = create_proxy(run)
    return proxy


def _js(value):
    """A JSON value as a plain JavaScript one (objects, not Maps)."""
    return window.JSON.parse(json.dumps(value))
