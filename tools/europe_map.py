"""Draws the phone's board's map of Europe (render/board_layout.py TALL) and writes it into
web/render/europe_map.py (``tools/europe_map.py``; ``--check`` says whether the file is up to
date, for tests/web/test_board_map.py). The desktop's board is Europe as it is
(tools/europe_board.py); the phone's follows it next (docs/europe-map.md), and this tool goes.

How the map is made: an inflated cartogram. Our own drawing of Europe's coasts, in board units
around the tiles of render/board_layout.py (no outline data of anyone else): a mainland, land
given to a region (Great Britain, Scandinavia and Finland, Jutland, the islands, a strip that
joins two land neighbours of R2.2 where a third tile lies between them) and seas cut out of
the land (the Black Sea with Crimea, the Caspian). The board is rasterised in 1-unit cells;
each cell goes to

1. the region whose tile holds it (a tile's content never leaves its region's land);
2. else the region a drawn piece of land is given to;
3. else the sea, if a drawn sea holds it;
4. else, on the mainland, the region whose tile is nearest, give or take a wave
   (:func:`wobble`: a border drawn as a line, not along the middle between two tiles);
5. else the sea.

Then cells of two regions that are no land neighbours (a sea pair, or no pair at all) and lie
within 3 units of each other go back to the sea, outside the tiles: sea pairs (Anglia–Gallia,
Scandia–Polonia, Hispania–Italia, Italia–Bulgaria, Turcia–Tartaria) always have water between
them, and land neighbours share a border (tests/web/test_board_map.py checks both, and that
each sea link crosses water). Each region's outline is traced around its cells and cut into
chains where the other side changes (another region, the sea); each chain is simplified once
(Douglas–Peucker, 1.6 units, never into a tile: drawn lines, not the cells' steps) and used by
both its sides, so that neighbouring shapes share their border line exactly.
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
SHORE = len(REGIONS)  # land beyond the game
APART = 3.0  # the water kept between regions that are no land neighbours
SIMPLIFY = 1.6


#: The drawn coasts, per arrangement (board units; our own drawing, after a map of Europe): land
#: whose cells go to the nearest region (``mainland``), land given to a region (an island, a
#: peninsula, a strip that joins two land neighbours), land beyond the game (``shores``:
#: Ireland, Africa, Asia, drawn paler under the supply and the table) and the seas cut out of
#: them (the Black Sea, the Caspian). A tile is land whatever the drawing says.
Poly = list[tuple[float, float]]
MAINLAND: dict[str, list[Poly]] = {"tall": [[
    (4, 212), (10, 202), (17, 198), (16, 180), (24, 170), (60, 169), (100, 170), (114, 169),
    (150, 169), (200, 169), (230, 170), (266, 169), (294, 169), (295, 140), (296, 124),
    (300, 119), (340, 119), (390, 119), (390, 640), (300, 640), (290, 636), (200, 636),
    (196, 600), (198, 520), (197, 486), (194, 477), (191, 474), (178, 479), (150, 479),
    (108, 480), (103.5, 470), (103.5, 400), (103.5, 332), (98, 326), (90.5, 334),
    (90.5, 400), (90.5, 476),
    (88, 479), (40, 480), (0, 479), (0, 322), (17, 318), (16, 260), (18, 230), (10, 222),
    (4, 218)]]}
OWNED: dict[str, list[tuple[str, Poly]]] = {"tall": [
    ("Anglia", [(10, 1), (60, 1), (96, 4), (97, 30), (94, 44), (98, 60), (97, 90),
                (102, 110), (104, 132), (99, 150), (96, 157), (60, 157), (30, 157), (8, 158),
                (2, 156), (4, 148), (0, 130), (2, 110), (1, 80), (3, 50), (0, 30), (3, 10)]),
    ("Scandia", [(146, 2), (200, 0), (240, 1), (246, 6), (246, 20), (244, 50), (248, 80),
                 (245, 110), (248, 140), (242, 156), (230, 157), (210, 157), (200, 157),
                 (186, 157), (170, 157), (156, 157), (146, 150), (142, 136), (146, 126),
                 (140, 110), (145, 96), (139, 80), (145, 70), (140, 50), (145, 40), (141, 24),
                 (145, 10)]),
    ("Scandia", [(236, 1), (296, 1), (296, 60), (270, 62), (264, 40), (262, 18), (248, 16)]),
    ("Russia", [(268, 58), (297, 58), (297, 117), (310, 119), (310, 126), (296, 140),
                (282, 120), (272, 90)]),
    ("Germania", [(162, 172), (160, 160), (166, 156), (194, 156), (200, 166), (198, 172)]),
    ("Bulgaria", [(286, 481), (290, 470), (298, 452), (304, 448), (306, 454), (298, 468),
                  (294, 482)]),
]}
SHORES: dict[str, list[Poly]] = {"tall": []}
SEAS: dict[str, list[Poly]] = {"tall": [
    # the Black Sea, Crimea reaching into it
    [(292, 462), (300, 454), (312, 455), (316, 464), (326, 468), (332, 460), (336, 455),
     (390, 455), (390, 487), (330, 487), (300, 486), (294, 476)],
    # the Adriatic's mouth, between Italia and Bulgaria
    [(190.5, 476), (192, 471), (200, 475.5), (200.5, 484), (197, 490)],
]}

#: The seas' names, in Latin as the regions' (no translation), written on the water: none on
#: the phone's board (its straits hold no words); (name, x, y, degrees turned).
SEA_NAMES: dict[str, list[tuple[str, float, float, int]]] = {"tall": []}


def _land_pairs() -> set[frozenset[str]]:
    return {frozenset(p) for p, sea in NEIGHBOUR_PAIRS.items() if not sea}


def _box_dist(b: L.Box, x: float, y: float) -> float:
    dx = max(b.x - x, 0.0, x - (b.x + b.w))
    dy = max(b.y - y, 0.0, y - (b.y + b.h))
    return math.hypot(dx, dy)


def _seg_dist(px: float, py: float, a, b) -> float:
    (x1, y1), (x2, y2) = a, b
    dx, dy = x2 - x1, y2 - y1
    t = max(0.0, min(1.0, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy or 1)))
    return math.hypot(px - x1 - t * dx, py - y1 - t * dy)


def _fill(poly: Poly, w: int, h: int) -> list[list[bool]]:
    """The cells whose centres lie inside the polygon (even-odd, row by row)."""
    inside = [[False] * w for _ in range(h)]
    edges = list(zip(poly, poly[1:] + poly[:1]))
    for j in range(h):
        y = j + 0.5
        xs = sorted(x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                    for (x1, y1), (x2, y2) in edges if (y1 > y) != (y2 > y))
        row = inside[j]
        for a, b in zip(xs[::2], xs[1::2]):
            for i in range(max(0, math.ceil(a - 0.5)), min(w, math.ceil(b - 0.5))):
                row[i] = True
    return inside


def wobble(k: int, x: float, y: float) -> float:
    """A region's reach, waved: borders between land neighbours run as drawn lines, not along
    the middle of the gap between their tiles."""
    return 5 * math.sin(x / 13 + 1.7 * k) * math.cos(y / 17 - k)


def _cells(lay: L.Arrangement) -> tuple[list[list[int]], list[list[bool]]]:
    """Cells from the drawn coasts: a tile's own cells, a sea link's water, land given to a
    region, the seas cut out, the mainland's cells to the nearest region (waved), the shores
    beyond the game, else the sea."""
    w, h = math.ceil(lay.width), math.ceil(lay.height)
    boxes = [lay.tile(r) for r in REGIONS]
    owned = [(REGIONS.index(r), _fill(p, w, h)) for r, p in OWNED[lay.name]]
    seas = [_fill(p, w, h) for p in SEAS[lay.name]]
    main = [_fill(p, w, h) for p in MAINLAND[lay.name]]
    shores = [_fill(p, w, h) for p in SHORES[lay.name]]
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
            elif (given := next((k for k, m in owned if m[j][i]), None)) is not None:
                grid[j][i] = given
            elif any(m[j][i] for m in seas):
                continue
            elif any(m[j][i] for m in main):
                grid[j][i] = min(range(len(d)), key=lambda k: d[k] + wobble(k, x, y))
            elif any(m[j][i] for m in shores):
                grid[j][i] = SHORE
    return grid, fixed


def raster(lay: L.Arrangement) -> list[list[int]]:
    """Each 1-unit cell's region (its index in ``REGIONS``), ``SHORE`` or ``SEA``."""
    grid, fixed = _cells(lay)
    _apart(grid, fixed)
    _tidy(grid, fixed)
    return grid


def _apart(grid: list[list[int]], fixed: list[list[bool]]) -> None:
    """Water between regions that are no land neighbours (outside the tiles)."""
    h, w = len(grid), len(grid[0])
    neighbours = {(REGIONS.index(a), REGIONS.index(b)) for p in _land_pairs() for a in p
                  for b in p if a != b}
    cut = []
    r = int(APART)
    for j in range(h):
        for i in range(w):
            k = grid[j][i]
            if k in (SEA, SHORE) or fixed[j][i]:
                continue
            for jj in range(max(0, j - r), min(h, j + r + 1)):
                row = grid[jj]
                for ii in range(max(0, i - r), min(w, i + r + 1)):
                    o = row[ii]
                    if o not in (SEA, SHORE) and o != k and (k, o) not in neighbours:
                        cut.append((j, i))
                        break
                else:
                    continue
                break
    for j, i in cut:
        grid[j][i] = SEA


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


def _dp(points: list[tuple[float, float]], tol: float, ok=lambda a, b: True
        ) -> list[tuple[float, float]]:
    """Douglas–Peucker, keeping a point wherever the straight line would not be ``ok`` (would
    enter a tile)."""
    if len(points) < 3:
        return points
    a, b = points[0], points[-1]
    far, at = -1.0, 0
    for i in range(1, len(points) - 1):
        d = _seg_dist(points[i][0], points[i][1], a, b)
        if d > far:
            far, at = d, i
    if far <= tol and ok(a, b):
        return [a, b]
    return _dp(points[:at + 1], tol, ok)[:-1] + _dp(points[at:], tol, ok)


def shapes(lay: L.Arrangement) -> dict[str, str]:
    """Each region's land as SVG path data, and the borders between land neighbours."""
    grid = raster(lay)
    boxes = [lay.tile(r) for r in REGIONS] + [lay.supply, lay.table]
    chains: dict[tuple, list] = {}
    out: dict[str, str] = {}
    for k, name in enumerate([*REGIONS, "shore"]):
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


def _lines(name: str, d: str) -> list[str]:
    if not d:
        return [f"        {name!r}: '',"]
    return [f"        {name!r}: ("] + [f"            {d[i:i + 84]!r}"
                                        for i in range(0, len(d), 84)] + ["        ),"]


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
    near = [b for b in boxes if any(_box_dist(b, x, y) < 40 for x, y in raw[::4] + raw[-1:])]
    simple = _dp(raw, SIMPLIFY, lambda p, q: not any(_crosses(b, p, q) for b in near))
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
    data = {lay.name: shapes(lay) for lay in (L.TALL,)}
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
        for r in REGIONS:
            lines.extend(_lines(r, regions[r]))
        lines.append("    },")
    lines += ["}", "", "#: Land beyond the game, drawn paler: Ireland, Africa, Asia (none on TALL)",
              "SHORES: dict[str, str] = {"]
    for name, regions in data.items():
        lines.extend(line[4:] for line in _lines(name, regions["shore"]))
    lines += ["}", "", "#: The seas' names: (name, x, y, degrees turned), written on the water.",
              "SEA_NAMES: dict[str, tuple[tuple[str, float, float, int], ...]] = {"]
    for name, names in SEA_NAMES.items():
        lines += [f"    {name!r}: (", *(f"        {tuple(n)!r}," for n in names), "    ),"]
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
