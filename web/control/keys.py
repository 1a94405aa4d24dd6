"""Arrow keys on the map: which place the focus moves to, following the map's geography.

Why geometry rather than the neighbour lists: the arrow keys must go where the eye goes (Right
from Gallia is the region drawn to its right, across the sea or not), and which regions touch
is a rule the glue does not walk (tests/web/test_layers.py). The places ("stops") are the
regions in play, at their printed names, and the rat tokens the decision wants, where they
are drawn: Down from a region's name reaches its tokens, Left/Right go along them.

Pure Python (no browser): the page (browser/app.py) and the keyboard e2e test ask the same function.
"""

from __future__ import annotations

import math

#: The arrow keys' directions in SVG coordinates (y grows downwards).
DIRECTIONS = {"ArrowRight": (1.0, 0.0), "ArrowLeft": (-1.0, 0.0),
              "ArrowDown": (0.0, 1.0), "ArrowUp": (0.0, -1.0)}

#: A place counts as lying in a direction if it is within this angle of it (degrees)…
CONE_DEG = 70.0
#: … and among those the nearest wins, a place off the straight line costing this much more
#: per unit off it (the distance plus the offset).
SIDEWAYS_WEIGHT = 1.0


def move(stops: dict[str, tuple[float, float]], at: str, key: str) -> str | None:
    """The stop the arrow ``key`` leads to from the stop ``at``: the nearest one within
    :data:`CONE_DEG` of the arrow's direction, a place off the line weighing more. None:
    nothing lies that way (the focus stays). Every region can be reached from every other
    (tests/web/test_keyboard.py)."""
    if key not in DIRECTIONS or at not in stops:
        return None
    dx, dy = DIRECTIONS[key]
    x0, y0 = stops[at]
    cone = math.cos(math.radians(CONE_DEG))
    best: tuple[float, str] | None = None
    for name, (x, y) in stops.items():
        if name == at:
            continue
        vx, vy = x - x0, y - y0
        along = vx * dx + vy * dy
        if along <= 0.5:
            continue
        dist = math.hypot(vx, vy)
        side = abs(vx * dy - vy * dx)
        score = dist + SIDEWAYS_WEIGHT * side
        if along / dist >= cone and (best is None or (score, name) < best):
            best = (score, name)
    return best[1] if best else None


def first_stop(stops: dict[str, tuple[float, float]], targets: list[str]) -> str | None:
    """Where Tab enters the map when no stop had the focus before: the first target the
    decision offers (in board order), else the top-left region."""
    for key in targets:
        if key in stops:
            return key
    if not stops:
        return None
    return min(stops, key=lambda k: (stops[k][1] + stops[k][0], k))


#: What Escape presses in each dialog (``data-screen``; "help": How to play, over any other).
#: The welcome has none: it is the way into the page.
ESCAPE = {"help": "close-rules", "confirm": "confirm-no", "new-game": "dlg-cancel",
          "results": "close-results", "analysis": "close-analysis", "games": "games-close"}

#: What Escape presses on the board, outside any dialog: the decision's Cancel, which takes
#: back a choice half made (a region picked, a mode chosen) — present only while one is.
ON_BOARD = "cancel"


def open_layers(screen: str | None, help_open: bool) -> list[str]:
    """The dialogs on the screen, bottom first: the screen's dialog (a ``data-screen`` that
    is a dialog), then How to play over it."""
    layers = [screen] if screen in DIALOGS else []
    return layers + (["help"] if help_open else [])


#: The screens (``data-screen``) that are dialogs over the board.
DIALOGS = ("welcome", "new-game", "confirm", "results", "analysis", "games")
