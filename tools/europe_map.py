"""Draws the board's map of Europe for each arrangement and writes it into
web/render/europe_map.py (``tools/europe_map.py``; ``--check`` says whether the file is up to
date, for tests/web/test_board_map.py).

How the map is made: an inflated cartogram, drawn from the tiles of render/board_layout.py
and R2.2's neighbour table (rattus/board.py), no outline data of anyone else. The board is
rasterised in 1-unit cells; each cell goes to

0. the sea, if it lies within 4 units of a sea link (R2.2 *sea*, drawn as the board draws it:
   ``Arrangement.link_segment``) and outside the two tiles' first 2 units: a dashed crossing
   always lies over water;
1. the region whose tile holds it (a tile's content never leaves its region's land);
2. else a region whose tile lies within a coast margin of 2–5 units (the margin waves along
   the board, so that coasts are not rulers), when every other region's tile that is no land
   neighbour of it lies :data:`WATER` further (7 units on TALL, 12 on WIDE: seas that read as
   water, at least 14 units across each sea link);
3. else, between two land neighbours (R2.2 without *sea*), the nearer of the two, where the
   cell lies nearly on the shortest way between their tiles (the lens of cells whose
   distances to the two tiles add up to at most their gap + 3 units): the land bridge
   Germania–Polonia, Italia–Hungaria, … closes over the gap, a border runs along its middle;
4. (before 2) to a drawn route where the shortest way would cross a third tile or squeeze
   between two (the WIDE board's Finland: Scandia–Russia over Polonia's top; Polonia's land
   reaching Tartaria between Russia and Hungaria);
5. else to a cape or an island of :data:`FEATURES` (Brittany, Sicily, Crete, Crimea, …);
6. else the sea.

Then cells of two regions that are no land neighbours (a sea pair, or no pair at all) and lie
within 2 units of each other go back to the sea, outside the tiles: sea pairs (Anglia–Gallia,
Scandia–Polonia, Hispania–Italia, Italia–Bulgaria, Turcia–Tartaria) always have water between
them, and land neighbours share a border. Each region's outline is traced around its cells and
cut into chains where the other side changes (another region, the sea); each chain is
simplified once (Douglas–Peucker, 1.6 units, never into a tile: drawn lines, not the cells'
steps) and used by both its sides, so that neighbouring shapes share their border line exactly.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from render import board_layout as L  # noqa: E402

from rattus import REGIONS  # noqa: E402
from rattus.board import NEIGHBOUR_PAIRS  # noqa: E402

OUT = ROOT / "web" / "render" / "europe_map.py"
SEA = -1
SLACK = 3.0  # how far off the shortest way a land bridge reaches
APART = 3.0  # the water kept between regions that are no land neighbours (land bridges)
#: … and between a coast and a tile that is no land neighbour: the WIDE board has room for
#: seas that read as water; the TALL one's tiles lie closer
WATER = {"tall": 7.0, "wide": 12.0}
STRAIT = 4.0  # the water kept each side of a sea link (render/board.py draws it dashed)
SIMPLIFY = 1.6

#: Land drawn along a route where the shortest way between two land neighbours crosses a
#: third tile: (region, points, half width) per arrangement; each part owned by its region.
ROUTES: dict[str, list[tuple[str, list[tuple[float, float]], float]]] = {
    "tall": [],
    # Finland and Karelia: Scandia's north-east reaching Russia over Polonia's top (the Baltic
    # under it, between Scandia and Polonia)
    "wide": [("Scandia", [(204.0, 9.5), (236.0, 9.5)], 5.5),
             ("Russia", [(236.0, 9.5), (348.0, 9.5)], 5.5),
             # Belarus and Ukraine's north: Polonia's land reaching Tartaria between Russia
             # and Hungaria
             ("Polonia", [(308.0, 177.0), (338.0, 177.0)], 3.5),
             ("Tartaria", [(338.0, 177.0), (358.0, 177.0)], 3.5)],
}


#: Land beyond the tiles, where the sea has room, that makes the map read as Europe: capes and
#: islands (region, centre x, y, radii x, y), per arrangement.
FEATURES: dict[str, list[tuple[str, float, float, float, float]]] = {
    "tall": [("Tartaria", 374.0, 458.0, 9.0, 7.0)],  # Crimea
    "wide": [("Gallia", 46.0, 222.0, 11.0, 6.0),  # Brittany
             ("Italia", 221.0, 488.0, 7.0, 17.0),  # the boot's foot, south-east
             ("Italia", 204.0, 521.0, 12.0, 6.0),  # Sicily, at its toe
             ("Italia", 114.0, 502.0, 5.0, 9.0),  # Sardinia
             ("Hispania", 68.0, 513.0, 8.0, 4.0),  # the Balearics
             ("Bulgaria", 272.0, 532.0, 15.0, 4.5),  # Crete
             ("Turcia", 445.0, 505.0, 10.0, 5.0),  # Cyprus
             ("Tartaria", 414.0, 348.0, 10.0, 8.0)],  # Crimea
}


def _land_pairs() -> set[frozenset[str]]:
    return {frozenset(p) for p, sea in NEIGHBOUR_PAIRS.items() if not sea}


def _box_dist(b: L.Box, x: float, y: float) -> float:
    dx = max(b.x - x, 0.0, x - (b.x + b.w))
    dy = max(b.y - y, 0.0, y - (b.y + b.h))
    return math.hypot(dx, dy)


def _boxes_gap(a: L.Box, b: L.Box) -> float:
    dx = max(a.x - (b.x + b.w), 0.0, b.x - (a.x + a.w))
    dy = max(a.y - (b.y + b.h), 0.0, b.y - (a.y + a.h))
    return math.hypot(dx, dy)


def _seg_dist(px: float, py: float, a, b) -> float:
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


def coast(x: float, y: float) -> float:
    """The coast margin at (x, y): 2 to 5 units, in long waves (capes and bays) and short
    ones (a drawn coast, not a ruler); narrow, so that the seas between the tiles read as
    water."""
    long = math.sin(x / 21 + 2 * math.sin(y / 37)) * math.cos(y / 17 - x / 53)
    return max(2.0, 3.4 + 1.5 * long + 0.4 * math.sin(x / 5.3 + y / 7.1))


def raster(lay: L.Arrangement) -> list[list[int]]:
    """Each 1-unit cell's region (its index in ``REGIONS``) or ``SEA``."""
    w, h = math.ceil(lay.width), math.ceil(lay.height)
    boxes = [lay.tile(r) for r in REGIONS]
    land = _land_pairs()
    routed = {frozenset(("Scandia", "Russia")), frozenset(("Polonia", "Tartaria"))} \
        if ROUTES[lay.name] else set()
    lens = [(REGIONS.index(a), REGIONS.index(b), _boxes_gap(lay.tile(a), lay.tile(b)))
            for pair in land if pair not in routed for a, b in [sorted(pair)]]
    neighbours = {(REGIONS.index(a), REGIONS.index(b)) for p in land for a in p for b in p
                  if a != b}
    routes = [(REGIONS.index(r), pts, half) for r, pts, half in ROUTES[lay.name]]
    features = [(REGIONS.index(r), fx, fy, rx, ry) for r, fx, fy, rx, ry in FEATURES[lay.name]]
    straits = [(REGIONS.index(a), REGIONS.index(b), *lay.link_segment(a, b))
               for (a, b), sea in NEIGHBOUR_PAIRS.items() if sea]
    water = WATER[lay.name]
    grid = [[SEA] * w for _ in range(h)]
    fixed = [[False] * w for _ in range(h)]
    for j in range(h):
        y = j + 0.5
        for i in range(w):
            x = i + 0.5
            d = [_box_dist(b, x, y) for b in boxes]
            near = min(range(len(d)), key=d.__getitem__)
            if d[near] == 0:
                grid[j][i] = near
                fixed[j][i] = True
                continue
            if any(d[a] > 2 and d[b] > 2 and _seg_dist(x, y, p, q) <= STRAIT
                   for a, b, p, q in straits):
                continue  # a sea link's water
            routed_to = [k for k, pts, half in routes if d[near] >= 1.5 and any(
                _seg_dist(x, y, p, q) <= half for p, q in zip(pts, pts[1:]))]
            if routed_to:
                grid[j][i] = routed_to[0]
                continue
            feature = [k for k, fx, fy, rx, ry in features
                       if ((x - fx) / rx) ** 2 + ((y - fy) / ry) ** 2 <= 1
                       and all(d[o] >= water for o in range(len(d))
                               if o != k and (k, o) not in neighbours)]
            if feature:
                grid[j][i] = feature[0]
                continue
            c = coast(x, y)
            if d[near] <= c:
                if all(d[o] >= d[near] + water for o in range(len(d))
                       if o != near and (near, o) not in neighbours):
                    grid[j][i] = near
                continue
            best, owner = SLACK, SEA
            for a, b, gap in lens:
                excess = d[a] + d[b] - gap
                if excess <= best:
                    best, owner = excess, (a if d[a] <= d[b] else b)
            grid[j][i] = owner
    # water between regions that are no land neighbours (outside the tiles)
    cut = []
    r = int(APART)
    for j in range(h):
        for i in range(w):
            k = grid[j][i]
            if k == SEA or fixed[j][i]:
                continue
            for jj in range(max(0, j - r), min(h, j + r + 1)):
                row = grid[jj]
                for ii in range(max(0, i - r), min(w, i + r + 1)):
                    o = row[ii]
                    if o != SEA and o != k and (k, o) not in neighbours:
                        cut.append((j, i))
                        break
                else:
                    continue
                break
    for j, i in cut:
        grid[j][i] = SEA
    _tidy(grid, fixed)
    return grid


def _tidy(grid: list[list[int]], fixed: list[list[bool]]) -> None:
    """Specks and one-cell spurs (a cell with at most one side of its own) go to what
    surrounds them, twice over: a coast drawn as a line, not as noise."""
    h, w = len(grid), len(grid[0])
    for _ in range(2):
        for j in range(h):
            for i in range(w):
                if fixed[j][i]:
                    continue
                v = grid[j][i]
                around = [grid[jj][ii] if 0 <= ii < w and 0 <= jj < h else SEA
                          for ii, jj in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1))]
                if around.count(v) <= 1:
                    grid[j][i] = max(set(around), key=lambda o: (around.count(o), o == SEA))


def _loops(grid: list[list[int]], k: int) -> list[list[tuple[int, int]]]:
    """The outlines of region ``k``'s cells: closed loops of cell corners, land on the left
    of each step (counter-clockwise around land in y-down coordinates: clockwise on screen)."""
    h, w = len(grid), len(grid[0])

    def at(i, j):
        return grid[j][i] if 0 <= i < w and 0 <= j < h else SEA

    nxt: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for j in range(h):
        for i in range(w):
            if grid[j][i] != k:
                continue
            if at(i, j - 1) != k:
                nxt.setdefault((i + 1, j), []).append((i, j))
            if at(i, j + 1) != k:
                nxt.setdefault((i, j + 1), []).append((i + 1, j + 1))
            if at(i - 1, j) != k:
                nxt.setdefault((i, j), []).append((i, j + 1))
            if at(i + 1, j) != k:
                nxt.setdefault((i + 1, j + 1), []).append((i + 1, j))
    loops = []
    while nxt:
        start = min(nxt)
        loop, p, prev = [start], start, None
        while True:
            outs = nxt[p]
            if len(outs) == 1:
                q = outs.pop()
            else:  # a pinch: turn so as to keep to this cell's side
                q = _turn(prev, p, outs)
                outs.remove(q)
            if not outs:
                del nxt[p]
            prev, p = p, q
            if p == start:
                break
            loop.append(p)
        loops.append(loop)
    return loops


def _turn(prev, p, outs):
    if prev is None:
        return outs[0]
    dx, dy = p[0] - prev[0], p[1] - prev[1]
    # in y-down coordinates with land on the left, prefer the left turn
    left = (p[0] + dy, p[1] - dx)
    return left if left in outs else outs[0]


def _other_side(grid, a, b) -> int:
    """Who lies right of the step a→b (the region traced lies left)."""
    h, w = len(grid), len(grid[0])
    i, j = _right_cell(a[0], a[1], b[0] - a[0], b[1] - a[1])
    return grid[j][i] if 0 <= i < w and 0 <= j < h else SEA


def _right_cell(x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
    if dx == 1:
        return x, y
    if dx == -1:
        return x - 1, y - 1
    if dy == 1:
        return x - 1, y
    return x, y - 1


def _dp(points: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    if len(points) < 3:
        return points
    a, b = points[0], points[-1]
    far, at = -1.0, 0
    for i in range(1, len(points) - 1):
        d = _seg_dist(points[i][0], points[i][1], a, b)
        if d > far:
            far, at = d, i
    if far <= tol:
        return [a, b]
    return _dp(points[:at + 1], tol)[:-1] + _dp(points[at:], tol)


def shapes(lay: L.Arrangement) -> dict[str, str]:
    """Each region's land as SVG path data, and the borders between land neighbours."""
    grid = raster(lay)
    boxes = [lay.tile(r) for r in REGIONS] + [lay.supply, lay.table]
    chains: dict[tuple, list] = {}
    out: dict[str, str] = {}
    for k, name in enumerate(REGIONS):
        parts = []
        for loop in _loops(grid, k):
            n = len(loop)
            sides = [_other_side(grid, loop[i], loop[(i + 1) % n]) for i in range(n)]
            # the loop's corners where the other side changes (or only its corners)
            breaks = [i for i in range(n) if sides[i] != sides[i - 1]]
            turns = {i for i in range(n)
                     if (loop[i][0] - loop[i - 1][0], loop[i][1] - loop[i - 1][1])
                     != (loop[(i + 1) % n][0] - loop[i][0], loop[(i + 1) % n][1] - loop[i][1])}
            if not breaks:
                first = min(range(n), key=lambda i: loop[i])
                breaks = [first]
            pts: list[tuple[float, float]] = []
            for bi, s in enumerate(breaks):
                e = breaks[(bi + 1) % len(breaks)]
                idx = list(range(s, e + 1)) if e > s else list(range(s, n)) + list(range(e + 1))
                corner = [loop[i] for i in idx if i in turns or i in (s, e)]
                seg = _chain(chains, corner, k, sides[s], boxes)
                pts.extend(seg[:-1])
            parts.append(_path(pts))
        out[name] = "".join(parts)
    return out


def _path(pts: list[tuple[float, float]]) -> str:
    """A closed outline in short path data: its first corner, then each step relative."""
    (x0, y0), rest = pts[0], pts[1:]
    steps = " ".join(f"{round(x - px, 1):g} {round(y - py, 1):g}"
                     for (px, py), (x, y) in zip(pts, rest))
    return f"M{x0:g} {y0:g}l{steps}z".replace(" -", "-")


def _chain(chains, corner, k, other, boxes):
    """A chain simplified once and shared by its two sides (reversed for the second), as far
    as it may be without entering a tile."""
    key = (frozenset((k, other)), frozenset((corner[0], corner[-1])), len(corner))
    if other != SEA and key in chains:
        return list(reversed(chains[key]))
    raw = [(float(x), float(y)) for x, y in corner]
    near = [b for b in boxes if any(_box_dist(b, x, y) < 12 for x, y in raw[::4] + raw[-1:])]
    tries = [lambda: _dp(raw, SIMPLIFY), lambda: _dp(raw, 0.6), lambda: raw]
    for attempt in tries:
        simple = attempt()
        if not any(_crosses(b, p, q) for b in near for p, q in zip(simple, simple[1:])):
            break
    if other != SEA:
        chains[key] = simple
    return simple


def _crosses(box: L.Box, p, q) -> bool:
    """Whether the segment p–q enters the box (more than a tenth of a unit deep)."""
    x0, y0, x1, y1 = box.x + .1, box.y + .1, box.x + box.w - .1, box.y + box.h - .1
    t0, t1 = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for pp, qq in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pp == 0:
            if qq < 0:
                return False
            continue
        t = qq / pp
        if pp < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def module() -> str:
    data = {lay.name: shapes(lay) for lay in (L.TALL, L.WIDE)}
    lines = ['"""The board\'s map of Europe: each region\'s land, per arrangement, as SVG path',
             "data (render/board.py draws it under the tiles' contents).",
             "",
             "Written by tools/europe_map.py, whose docstring says how it is made (an inflated",
             "cartogram around render/board_layout.py's tiles, borders from R2.2): do not edit by",
             'hand; run ``.venv/bin/python tools/europe_map.py`` after moving a tile."""',
             "",
             "LAND: dict[str, dict[str, str]] = {"]
    for name, regions in data.items():
        lines.append(f"    {name!r}: {{")
        for r, d in regions.items():
            lines.append(f"        {r!r}: (")
            for i in range(0, len(d), 84):
                lines.append(f"            {d[i:i + 84]!r}")
            lines.append("        ),")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> int:
    text = module()
    if "--check" in sys.argv:
        return 0 if OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
