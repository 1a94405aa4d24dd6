"""The map's zoom on a touch screen, as geometry: where to zoom so that a finger can take the
targets, and which target a tap meant.

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
#: The most the map zooms in by itself or by a pinch (tokens are ~4 px across at zoom 1).
MAX_SCALE = 8.0
#: The least zoom worth making by itself for a decision's tokens (less: the whole map stays).
WORTH_SCALE = 1.5
#: Room left around the targets a zoom frames (CSS px at the zoomed size).
MARGIN_PX = 30


def scale_for_pitch(pitch_px: float) -> float:
    """The zoom at which two targets ``pitch_px`` apart (at zoom 1) are a finger apart."""
    if pitch_px <= 0:
        return MAX_SCALE
    return min(MAX_SCALE, max(1.0, FINGER_PX / pitch_px))


def frame(points: list[tuple[float, float]], size: tuple[float, float],
          max_scale: float) -> tuple[float, float, float]:
    """``(scale, x, y)`` that shows all ``points`` (target centres) in a box of ``size``,
    as large as possible up to ``max_scale`` (never below 1: the whole map)."""
    w, h = size
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    fit = min((w - 2 * MARGIN_PX) / (x1 - x0) if x1 > x0 else max_scale,
              (h - 2 * MARGIN_PX) / (y1 - y0) if y1 > y0 else max_scale)
    scale = max(1.0, min(max_scale, fit))
    return centred(((x0 + x1) / 2, (y0 + y1) / 2), size, scale)


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


def crowded(at: tuple[float, float], others: list[tuple[float, float]]) -> bool:
    """True if another target's centre lies within a finger of ``at`` (screen pixels): a tap
    there could mean either, so the map zooms in before a tap takes one."""
    return any(0 < (x - at[0]) ** 2 + (y - at[1]) ** 2 < FINGER_PX ** 2 for x, y in others)
