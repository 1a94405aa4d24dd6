"""The map's zoom on a touch screen, as geometry: which target a tap meant, and where a zoom
at a tap between two targets goes.

Why here and not in the browser edge (browser/touch.py): these are plain numbers, checkable on
CPython; browser/touch.py measures the page, asks these functions, and moves the map.

Coordinates are the map's CSS pixels at zoom 1 (the SVG as laid out across the phone's
width), with the origin at its top-left corner. The zoom is Panzoom's: the box is drawn
``scale(s) translate(x, y)`` about its centre, so a point ``p`` shows at
``c + s * (p - c + (x, y))``, ``c`` the box's centre.
"""

from __future__ import annotations

#: The side of a target a finger takes reliably (WCAG 2.5.5, Apple's and Google's guides).
FINGER_PX = 44
#: How far from its edge a tap still takes a target: half a finger.
NEAR_PX = FINGER_PX / 2
#: Rings (CSS px from the tap) looked at for a target near a tap, closest first, and the
#: directions looked at on each ring.
RINGS = (6, 12, 18, NEAR_PX)
DIRECTIONS = 12
#: The most the map zooms in, at a tap between two targets or by a pinch.
MAX_SCALE = 8.0
#: How much a tap that falls between two targets zooms in (a tap on a target takes it at once)
AMBIGUOUS_ZOOM = 2.0


def centred(point: tuple[float, float], size: tuple[float, float],
            scale: float) -> tuple[float, float, float]:
    """``(scale, x, y)`` that puts ``point`` in the middle of the box, as near as the map's
    edges allow: the zoomed map always covers the whole box (no empty strip beside it)."""
    (px, py), (w, h) = point, size

    def clamp(t: float, c: float) -> float:
        room = c * (1 - 1 / scale)
        return max(-room, min(room, t))

    return scale, clamp(w / 2 - px, w / 2), clamp(h / 2 - py, h / 2)


def ring_points(x: float, y: float) -> list[tuple[float, float, float]]:
    """Points around a tap, ``(radius, x, y)``, nearest ring first."""
    from math import cos, pi, sin

    return [(r, x + r * cos(2 * pi * k / DIRECTIONS), y + r * sin(2 * pi * k / DIRECTIONS))
            for r in RINGS for k in range(DIRECTIONS)]


def nearest(found: list[tuple[float, str]]) -> tuple[str | None, bool]:
    """The target a tap meant from what lies around it, ``(radius, key)`` pairs: the one
    found on the nearest ring, or ``(None, True)`` when two targets lie equally near (the
    tap is ambiguous: zoom in rather than guess), ``(None, False)`` when none is near."""
    if not found:
        return None, False
    closest = min(r for r, _ in found)
    keys = {key for r, key in found if r == closest}
    if len(keys) == 1:
        return keys.pop(), False
    return None, True
