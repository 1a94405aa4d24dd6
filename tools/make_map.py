#!/usr/bin/env python3
"""Generate the board map: ``web/map/europe.svg`` and ``web/map/anchors.json``.

Source: Natural Earth admin-0 countries (public domain) as TopoJSON, from the npm
package ``world-atlas`` (pinned in package.json; default file
``node_modules/world-atlas/countries-50m.json`` relative to the repository root).

Pipeline (Python 3.11, standard library only, deterministic):

1. Decode the TopoJSON arcs (delta-encoded, quantized) into longitude/latitude.
2. Project every arc with a spherical Lambert conformal conic (standard parallels
   43°N and 62°N, central meridian 15°E) straight into SVG user units.
3. Simplify each arc on its own (Douglas–Peucker in user units).  Shared borders
   are shared arcs, so neighbouring regions keep exactly the same border.
4. Merge the countries of each region (RULES R2): an arc used twice inside one
   region is an internal border and is dropped; the remaining arcs are stitched
   into rings, so each region is one ``<path>`` whose stroke is its outer border.
5. Clip to the frame (and European Russia to the meridian 60°E, the Urals), drop
   islands too small to see, round to 1 decimal.
6. Write the SVG (regions, context land, sea links with arrow markers) and the
   anchors (label / rat tokens / cubes / plague piece / revealed tokens per region, the
   palace box), checked to keep what the UI draws at them from overlapping.

Choices that are not in RULES R2:
- Russia (region) is European Russia: Russia west of 60°E.  The part east of 60°E
  is drawn as context land.
- Kaliningrad is drawn as part of Polonia (it lies between Poland and Lithuania).
- Crimea is drawn as part of Tartaria (Natural Earth's admin-0 polygons give it to
  Russia; R2 places Ukraine in Tartaria, and Crimea is where historical Tartary
  touched the Black Sea).
- Faroe Islands, Iceland, Greenland, the Caucasus, North Africa, the Middle East and
  Asia are context land (not regions).

Run:  python3 tools/make_map.py            (writes web/map/europe.svg, anchors.json)
      python3 tools/make_map.py --debug-svg /tmp/debug.svg   (also draws the anchors)
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCE = ROOT / "node_modules" / "world-atlas" / "countries-50m.json"
DEFAULT_OUT = ROOT / "web" / "map"

sys.path.insert(0, str(ROOT))
from rattus.board import NEIGHBOUR_PAIRS, REGIONS  # noqa: E402

# --------------------------------------------------------------------------- data

#: Natural Earth country names (as spelled in world-atlas) forming each region (R2).
REGION_COUNTRIES: dict[str, tuple[str, ...]] = {
    "Anglia": ("United Kingdom", "Ireland", "Isle of Man", "Guernsey", "Jersey"),
    "Scandia": ("Norway", "Sweden", "Denmark", "Finland", "Åland"),
    "Gallia": ("France", "Belgium", "Netherlands", "Luxembourg", "Monaco"),
    "Hispania": ("Spain", "Portugal", "Andorra"),
    "Germania": ("Germany", "Switzerland", "Austria", "Czechia", "Liechtenstein"),
    "Italia": ("Italy", "San Marino", "Vatican", "Malta"),
    "Polonia": ("Poland", "Lithuania", "Latvia", "Estonia", "Belarus"),
    "Hungaria": ("Hungary", "Slovakia", "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia"),
    "Bulgaria": ("Bulgaria", "Macedonia", "Albania", "Montenegro", "Kosovo", "Greece"),
    "Turcia": ("Turkey", "Cyprus", "N. Cyprus"),
    "Tartaria": ("Romania", "Moldova", "Ukraine"),
    "Russia": ("Russia",),
}

URALS_LON = 60.0  # European Russia ends here

#: Russian polygons given to another region, picked by a point inside them.
RUSSIA_EXCLAVES = {
    "Polonia": (20.5, 54.7),  # Kaliningrad
    "Tartaria": (34.1, 45.0),  # Crimea
}

#: Polygons of region countries left out (picked by a point inside them): Jan Mayen.
DROPPED = ((-8.5, 71.0),)

#: Countries whose polygons reach into this lon/lat box are considered at all.
INTEREST_BOX = (-45.0, 20.0, 110.0, 85.0)

# Projection: spherical Lambert conformal conic.
STD_PARALLELS = (43.0, 62.0)
CENTRAL_MERIDIAN = 15.0
ORIGIN_LAT = 52.0
EARTH_KM = 6371.0

#: The frame in projected km (x right, y down, origin at 15°E 52°N): from west of
#: Portugal/Ireland to past the Urals, from the Kara Sea coast to Malta and Cyprus.
FRAME_KM = (-2310.0, -2500.0, 3140.0, 1970.0)  # x0, y0, x1, y1
WIDTH = 1000
SCALE = WIDTH / (FRAME_KM[2] - FRAME_KM[0])  # user units per km
HEIGHT = round((FRAME_KM[3] - FRAME_KM[1]) * SCALE)

SIMPLIFY_TOLERANCE = 0.45  # user units (Douglas–Peucker)
MIN_ISLAND_AREA = 6.0  # user units²; smaller rings are dropped
CLIP_MARGIN = 4.0  # clip a bit outside the viewBox so frame cuts are never visible

#: Sea links (R2.2): end points in lon/lat just off each coast (first, second region
#: of the pair), and how far the curve bows (fraction of its length, + = to the left
#: when going from the first to the second point).
SEA_LINKS: dict[tuple[str, str], tuple[tuple[float, float], tuple[float, float], float]] = {
    ("Anglia", "Gallia"): ((-1.2, 50.45), (-0.6, 49.5), 0.35),
    ("Anglia", "Scandia"): ((1.95, 53.15), (6.3, 58.0), -0.25),
    ("Scandia", "Polonia"): ((15.8, 55.95), (18.2, 54.95), -0.3),
    ("Hispania", "Italia"): ((3.25, 41.75), (7.9, 40.6), 0.25),
    ("Italia", "Bulgaria"): ((17.3, 38.85), (20.6, 38.0), -0.3),
    ("Turcia", "Tartaria"): ((34.6, 42.15), (34.2, 44.2), -0.35),
}

#: Anchors per region.  Each region's label point is hand-placed (lon/lat); the other
#: anchors default to a cluster around it (offsets in user units from the label), or are
#: hand-placed (lon/lat) where the region's shape needs it.  The cluster: the name, the row
#: of rat tokens under it, the row of cube stacks under that, the plague piece left of the
#: tokens and the column of tokens revealed by a strike right of them.  The script checks
#: them: inside the region and clear of its border (all but ``reveal``, which floats beside
#: the region for the few seconds a strike is told), and no two footprints overlapping.
ANCHOR_KINDS = ("label", "tokens", "cubes", "plague", "reveal")
ANCHOR_OFFSETS = {
    "tokens": (0.0, 24.0),
    "cubes": (0.0, 62.0),
    "plague": (-57.0, 24.0),
    "reveal": (62.0, 12.0),
}
ANCHORS_LONLAT: dict[str, dict[str, tuple[float, float]]] = {
    "Anglia": {
        "label": (-1.6, 53.95),
        "tokens": (-2.0, 52.8),
        "cubes": (-1.1, 51.05),
        "plague": (-7.5, 53.15),  # Ireland
        "reveal": (3.55, 54.6),  # over the North Sea, clear of Germania
    },
    "Scandia": {"label": (13.5, 62.8), "plague": (13.45, 64.15)},
    "Gallia": {
        "label": (2.4, 47.0),
        "plague": (2.0, 48.5),
        "reveal": (-4.1, 45.4),  # over the Bay of Biscay, clear of Italia
    },
    "Hispania": {"label": (-3.7, 40.9)},
    "Germania": {"label": (10.2, 51.3), "plague": (10.25, 52.75)},
    "Italia": {  # down the boot: the name and the rats in the Po valley
        "label": (11.2, 46.0),
        "tokens": (10.3, 44.9),
        "cubes": (12.2, 43.1),
        "plague": (15.8, 40.75),  # Apulia: the boot further up is narrower than the piece
        "reveal": (9.2, 41.5),  # over the Tyrrhenian Sea
    },
    "Polonia": {
        "label": (24.95, 55.5),
        "plague": (25.95, 57.0),
        "reveal": (30.15, 54.6),  # clear of Tartaria
    },
    "Hungaria": {
        "label": (18.5, 46.9),
        "plague": (19.05, 48.4),  # Slovakia
        "reveal": (23.05, 47.25),  # clear of Bulgaria
    },
    "Bulgaria": {  # the name in Bulgaria, the rest down into Macedonia and Greece
        "label": (25.2, 43.1),
        "tokens": (24.3, 42.0),
        "cubes": (21.25, 40.2),
        "plague": (20.55, 42.05),  # Albania and Macedonia
        "reveal": (26.2, 39.9),  # over the Aegean
    },
    "Turcia": {"label": (33.65, 39.75)},
    "Tartaria": {"label": (31.2, 50.5)},
    "Russia": {"label": (44.0, 57.5)},
}
#: Half-widths (user units) that should fit inside the region around each anchor: the
#: middle of the name, the middle rat token, the middle cube stacks, the plague piece.
ANCHOR_HALF_WIDTH = {"label": 12.0, "tokens": 18.0, "cubes": 16.0, "plague": 6.0}
MIN_ANCHOR_CLEARANCE = 4.0  # user units from the region's border
#: The plague piece (radius 12, its stroke) stands wholly on its region's land, off the coast.
MIN_PLAGUE_CLEARANCE = 14.0  # user units from its centre to the region's border
MIN_ANCHOR_SPACING = 22.0  # user units between two anchors of one region

#: What web/render/board.py and web/style.css draw at each anchor, as a box (x0, y0, x1, y1)
#: relative to it, at its largest: three rat tokens 25 apart (radius 11, a 4-unit target
#: ring) with the symbol bar of a known token under them; four cube stacks 19 wide, 3 apart;
#: the plague piece (radius 12 and its stroke); three revealed-token badges stacked 24 apart
#: (22 high, up to 66 wide for "5+" and five symbols).  The name's box is sized per region
#: (``label_box``).  Boxes of one region must not overlap: a known token's symbols used to run
#: into the cubes, and the plague piece, pushed aside by tokens, onto the coast or the name.
FOOTPRINT = {
    "tokens": (-40.0, -15.0, 40.0, 24.6),
    "cubes": (-42.5, -10.0, 42.5, 10.0),
    "plague": (-13.5, -13.5, 13.5, 13.5),
    "reveal": (-16.75, -11.75, 50.0, 59.75),
}
#: The name in 15px bold: its advance per letter (DejaVu Sans, wider than most system fonts)
#: plus its 1.75-unit halo, from the cap height to the descenders.
LABEL_CHAR_WIDTH = 10.2
LABEL_BOX_Y = (-12.0, 4.0)
MIN_FOOTPRINT_GAP = 2.0  # user units between two boxes of one region


def label_box(region: str) -> tuple[float, float, float, float]:
    half = len(region) * LABEL_CHAR_WIDTH / 2 + 2.0
    return (-half, LABEL_BOX_Y[0], half, LABEL_BOX_Y[1])


#: Where the UI draws the palace (R1.1): open sea, top-left (Norwegian Sea).
PALACE = {"x": 194, "y": 28, "w": 150, "h": 128}

# --------------------------------------------------------------------- geometry


def _tan_half(lat_deg: float) -> float:
    return math.tan(math.pi / 4 + math.radians(lat_deg) / 2)


_P1, _P2 = (math.radians(p) for p in STD_PARALLELS)
_N = math.log(math.cos(_P1) / math.cos(_P2)) / math.log(
    _tan_half(STD_PARALLELS[1]) / _tan_half(STD_PARALLELS[0])
)
_F = math.cos(_P1) * _tan_half(STD_PARALLELS[0]) ** _N / _N
_RHO0 = _F / _tan_half(ORIGIN_LAT) ** _N


def project(lon: float, lat: float) -> tuple[float, float]:
    """Lon/lat in degrees to SVG user units (x right, y down)."""
    lat = max(min(lat, 89.9), -89.9)
    rho = _F / _tan_half(lat) ** _N
    theta = _N * math.radians(lon - CENTRAL_MERIDIAN)
    x_km = EARTH_KM * rho * math.sin(theta)
    y_km = -EARTH_KM * (_RHO0 - rho * math.cos(theta))
    return (x_km - FRAME_KM[0]) * SCALE, (y_km - FRAME_KM[1]) * SCALE


def _seg_dist2(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    px, py = p[0] - ax, p[1] - ay
    d2 = dx * dx + dy * dy
    if d2 == 0:
        return px * px + py * py
    t = max(0.0, min(1.0, (px * dx + py * dy) / d2))
    ex, ey = px - t * dx, py - t * dy
    return ex * ex + ey * ey


def simplify(points: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Douglas–Peucker, iterative; keeps both end points."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    tol2 = tol * tol
    stack = [(0, len(points) - 1)]
    while stack:
        i, j = stack.pop()
        best, best_k = -1.0, -1
        for k in range(i + 1, j):
            d = _seg_dist2(points[k], points[i], points[j])
            if d > best:
                best, best_k = d, k
        if best > tol2:
            keep[best_k] = True
            stack.append((i, best_k))
            stack.append((best_k, j))
    return [p for p, k in zip(points, keep, strict=True) if k]


def ring_area(ring) -> float:
    """Signed area (shoelace)."""
    s = 0.0
    for i in range(len(ring)):
        x1, y1 = ring[i - 1]
        x2, y2 = ring[i]
        s += x1 * y2 - x2 * y1
    return s / 2


def clip_half_plane(ring, inside, cross):
    """Sutherland–Hodgman against one half-plane."""
    out = []
    n = len(ring)
    for i in range(n):
        cur, prev = ring[i], ring[i - 1]
        cin, pin = inside(cur), inside(prev)
        if cin:
            if not pin:
                out.append(cross(prev, cur))
            out.append(cur)
        elif pin:
            out.append(cross(prev, cur))
    return out


def clip_rect(ring, x0, y0, x1, y1):
    def at_x(x):
        return lambda p, q: (x, p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0]))

    def at_y(y):
        return lambda p, q: (p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1]), y)

    for inside, cross in (
        (lambda p: p[0] >= x0, at_x(x0)),
        (lambda p: p[0] <= x1, at_x(x1)),
        (lambda p: p[1] >= y0, at_y(y0)),
        (lambda p: p[1] <= y1, at_y(y1)),
    ):
        if not ring:
            break
        ring = clip_half_plane(ring, inside, cross)
    return ring


def clip_meridian(ring, lon: float, keep_west: bool):
    """Clip to one side of a meridian (a straight line through the cone's apex)."""
    apex = project(CENTRAL_MERIDIAN, 90.0)
    foot = project(lon, 20.0)
    dx, dy = foot[0] - apex[0], foot[1] - apex[1]

    def side(p):  # > 0: east of the meridian
        return dy * (p[0] - apex[0]) - dx * (p[1] - apex[1])

    def inside(p):
        return side(p) <= 0 if keep_west else side(p) >= 0

    def cross(p, q):
        sp, sq = side(p), side(q)
        t = sp / (sp - sq)
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)

    return clip_half_plane(ring, inside, cross)


def point_in_rings(pt, rings) -> bool:
    """Non-zero/even-odd agree for our rings: even-odd test over all rings."""
    x, y = pt
    c = False
    for ring in rings:
        n = len(ring)
        for i in range(n):
            x1, y1 = ring[i]
            x2, y2 = ring[i - 1]
            if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
                c = not c
    return c


def dist_to_rings(pt, rings) -> float:
    return math.sqrt(min(_seg_dist2(pt, r[i - 1], r[i]) for r in rings for i in range(len(r))))


# --------------------------------------------------------------------- topology


class Topology:
    def __init__(self, data: dict):
        tr = data.get("transform")
        self.arcs_lonlat: list[list[tuple[float, float]]] = []
        self.arcs_key: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for arc in data["arcs"]:
            if tr:
                (sx, sy), (tx, ty) = tr["scale"], tr["translate"]
                x = y = 0
                q = []
                for dx, dy in arc:
                    x += dx
                    y += dy
                    q.append((x, y))
                pts = [(qx * sx + tx, qy * sy + ty) for qx, qy in q]
                key = (q[0], q[-1])
            else:
                pts = [(float(a), float(b)) for a, b, *_ in arc]
                key = (tuple(arc[0][:2]), tuple(arc[-1][:2]))
            self.arcs_lonlat.append(pts)
            self.arcs_key.append(key)
        self.countries: dict[str, list[list[list[int]]]] = {}
        for g in data["objects"]["countries"]["geometries"]:
            name = g["properties"]["name"]
            if g["type"] == "Polygon":
                polys = [g["arcs"]]
            elif g["type"] == "MultiPolygon":
                polys = g["arcs"]
            else:
                polys = []
            self.countries.setdefault(name, []).extend(polys)
        self._projected: dict[int, list[tuple[float, float]]] = {}

    def ring_lonlat(self, ring: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for a in ring:
            pts = self.arcs_lonlat[a] if a >= 0 else self.arcs_lonlat[~a][::-1]
            out.extend(pts if not out else pts[1:])
        return out

    def polygon_bbox(self, poly):
        pts = self.ring_lonlat(poly[0])
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return min(xs), min(ys), max(xs), max(ys)

    def arc(self, a: int) -> list[tuple[float, float]]:
        """Projected, simplified arc ``a`` (negative: reversed)."""
        i = a if a >= 0 else ~a
        if i not in self._projected:
            pts = [project(lon, lat) for lon, lat in self.arcs_lonlat[i]]
            self._projected[i] = simplify(pts, SIMPLIFY_TOLERANCE)
        pts = self._projected[i]
        return pts if a >= 0 else pts[::-1]

    def ends(self, a: int):
        s, e = self.arcs_key[a if a >= 0 else ~a]
        return (s, e) if a >= 0 else (e, s)

    def merge(self, polys) -> list[list[tuple[float, float]]]:
        """Union of polygons sharing arcs: drop arcs used twice, stitch the rest."""
        count: dict[int, int] = {}
        for poly in polys:
            for ring in poly:
                for a in ring:
                    i = a if a >= 0 else ~a
                    count[i] = count.get(i, 0) + 1
        boundary = [
            a for poly in polys for ring in poly for a in ring if count[a if a >= 0 else ~a] == 1
        ]
        by_start: dict[tuple[int, int], list[int]] = {}
        for a in boundary:
            by_start.setdefault(self.ends(a)[0], []).append(a)
        used: set[int] = set()
        rings = []
        for a0 in boundary:
            if a0 in used:
                continue
            chain = [a0]
            used.add(a0)
            start, end = self.ends(a0)
            while end != start:
                nxt = next((b for b in by_start.get(end, []) if b not in used), None)
                if nxt is None:
                    raise ValueError(f"cannot close a ring at arc {a0}")
                chain.append(nxt)
                used.add(nxt)
                end = self.ends(nxt)[1]
            pts: list[tuple[float, float]] = []
            for a in chain:
                seg = self.arc(a)
                pts.extend(seg if not pts else seg[1:])
            if len(pts) > 1 and pts[0] == pts[-1]:
                pts.pop()
            rings.append(pts)
        return rings


# ------------------------------------------------------------------------ build


def _bbox_hits(b, box) -> bool:
    return not (b[2] < box[0] or b[0] > box[2] or b[3] < box[1] or b[1] > box[3])


def _contains_lonlat(topo: Topology, poly, lon: float, lat: float) -> bool:
    return point_in_rings((lon, lat), [topo.ring_lonlat(poly[0])])


def _finish(rings: list[list[tuple[float, float]]],
            keep: Callable[[list[tuple[float, float]]], list[tuple[float, float]]] = lambda r: r,
            ) -> list[list[tuple[int, int]]]:
    """Clip to the frame, drop specks, round to 0.1 (as integers of tenths)."""
    out = []
    m = CLIP_MARGIN
    for ring in rings:
        ring = keep(ring)
        if not ring:
            continue
        ring = clip_rect(ring, -m, -m, WIDTH + m, HEIGHT + m)
        if len(ring) < 3 or abs(ring_area(ring)) < MIN_ISLAND_AREA:
            continue
        q: list[tuple[int, int]] = []
        for x, y in ring:
            p = (round(x * 10), round(y * 10))
            if not q or q[-1] != p:
                q.append(p)
        while len(q) > 1 and q[0] == q[-1]:
            q.pop()
        if len(q) >= 3:
            out.append(q)
    return out


def build(data: dict):
    topo = Topology(data)
    missing = [c for cs in REGION_COUNTRIES.values() for c in cs if c not in topo.countries]
    if missing:
        raise SystemExit(f"countries not in the source: {missing}")
    owner = {c: r for r, cs in REGION_COUNTRIES.items() for c in cs}

    region_polys: dict[str, list] = {r: [] for r in REGIONS}
    context_polys: list = []
    russia_polys: list = []
    for name in sorted(topo.countries):
        for poly in topo.countries[name]:
            if not _bbox_hits(topo.polygon_bbox(poly), INTEREST_BOX):
                continue
            region = owner.get(name)
            if region and any(_contains_lonlat(topo, poly, *pt) for pt in DROPPED):
                continue
            if name == "Russia":
                for r, (lon, lat) in RUSSIA_EXCLAVES.items():
                    if _contains_lonlat(topo, poly, lon, lat):
                        region = r
                        break
                else:
                    russia_polys.append(poly)
                    continue
            if region is None:
                context_polys.append(poly)
            else:
                region_polys[region].append(poly)

    russia_rings = topo.merge(russia_polys)
    regions = {}
    for r in REGIONS:
        if r == "Russia":
            rings = _finish(russia_rings, lambda g: clip_meridian(g, URALS_LON, keep_west=True))
        else:
            rings = _finish(topo.merge(region_polys[r]))
        regions[r] = rings
    context = _finish(topo.merge(context_polys))
    context += _finish(russia_rings, lambda g: clip_meridian(g, URALS_LON, keep_west=False))

    borders = land_borders(topo, {**region_polys, "Russia": russia_polys})
    return regions, context, borders


def land_borders(topo: Topology, region_polys) -> dict[tuple[str, str], tuple[float, float]]:
    """Regions sharing a land border, with a point on the longest shared arc."""
    arc_regions: dict[int, set[str]] = {}
    for r, polys in region_polys.items():
        for poly in polys:
            for ring in poly:
                for a in ring:
                    arc_regions.setdefault(a if a >= 0 else ~a, set()).add(r)
    best: dict[tuple[str, str], tuple[float, int]] = {}
    order = {r: i for i, r in enumerate(REGIONS)}
    for i, rs in sorted(arc_regions.items()):
        if len(rs) != 2:
            continue
        a, b = sorted(rs, key=order.__getitem__)
        if (b, a) in NEIGHBOUR_PAIRS:  # name the pair as R2.2 (board.py) does
            a, b = b, a
        pts = topo.arc(i)
        length = sum(math.dist(pts[k - 1], pts[k]) for k in range(1, len(pts)))
        if length > best.get((a, b), (0.0, -1))[0]:
            best[(a, b)] = (length, i)
    out = {}
    rank = {pair: i for i, pair in enumerate(NEIGHBOUR_PAIRS)}
    for pair, (_, i) in sorted(best.items(), key=lambda kv: (rank.get(kv[0], 99), kv[0])):
        out[pair] = _halfway(topo.arc(i))
    return out


def _halfway(pts) -> tuple[float, float]:
    """The point halfway along a polyline."""
    half = sum(math.dist(pts[k - 1], pts[k]) for k in range(1, len(pts))) / 2
    for k in range(1, len(pts)):
        step = math.dist(pts[k - 1], pts[k])
        if step >= half and step > 0:
            t = half / step
            return (
                pts[k - 1][0] + (pts[k][0] - pts[k - 1][0]) * t,
                pts[k - 1][1] + (pts[k][1] - pts[k - 1][1]) * t,
            )
        half -= step
    return pts[-1]


# ------------------------------------------------------------------------ output


def path_d(rings: list[list[tuple[int, int]]]) -> str:
    """Rings (in tenths of a unit) as compact relative path data."""

    def num(v: int) -> str:
        s = f"{abs(v) // 10}" if v % 10 == 0 else f"{abs(v) / 10:.1f}"
        if s.startswith("0."):
            s = s[1:]
        return ("-" if v < 0 else "") + s

    parts: list[str] = []
    px = py = 0
    for ring in rings:
        x, y = ring[0]
        seq = [f"M{num(x)} {num(y)}" if not parts else f"m{num(x - px)} {num(y - py)}"]
        sx, sy = x, y
        lx, ly = x, y
        pairs = []
        for x, y in ring[1:]:
            pairs.append(_pair(num(x - lx), num(y - ly)))
            lx, ly = x, y
        seq.append("l" + _join(pairs) if pairs else "")
        seq.append("z")
        parts.append("".join(seq))
        px, py = sx, sy  # after z the current point is the subpath start
    return "".join(parts)


def _pair(a: str, b: str) -> str:
    return a + ("" if b.startswith("-") else " ") + b


def _join(pairs: list[str]) -> str:
    out = pairs[0]
    for p in pairs[1:]:
        out += p if p.startswith("-") else " " + p
    return out


def fmt(v: float) -> str:
    s = f"{round(v, 1):.1f}"
    return s[:-2] if s.endswith(".0") else s


def sea_link_path(a_pt, b_pt, bow: float) -> str:
    (x1, y1), (x2, y2) = a_pt, b_pt
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    dx, dy = x2 - x1, y2 - y1
    # Left of the direction a -> b on screen (y down) is (dy, -dx).
    cx, cy = mx + dy * bow, my - dx * bow
    return f"M{fmt(x1)} {fmt(y1)}Q{fmt(cx)} {fmt(cy)} {fmt(x2)} {fmt(y2)}"


def footprint(region: str, kind: str, at: tuple[float, float]):
    """The box (x0, y0, x1, y1) that what is drawn at anchor ``kind`` covers, in user units."""
    x0, y0, x1, y1 = label_box(region) if kind == "label" else FOOTPRINT[kind]
    return (at[0] + x0, at[1] + y0, at[0] + x1, at[1] + y1)


def _box_gap(a, b) -> float:
    """How far apart two boxes are (negative: by how much they overlap)."""
    return max(b[0] - a[2], a[0] - b[2], b[1] - a[3], a[1] - b[3])


def make_anchors(regions) -> tuple[dict, list[str]]:
    out: dict = {}
    problems: list[str] = []
    for r in REGIONS:
        rings = [[(x / 10, y / 10) for x, y in ring] for ring in regions[r]]
        pts = {}
        lx, ly = project(*ANCHORS_LONLAT[r]["label"])
        for kind in ANCHOR_KINDS:
            if kind in ANCHORS_LONLAT[r]:
                x, y = project(*ANCHORS_LONLAT[r][kind])
            else:
                x, y = lx + ANCHOR_OFFSETS[kind][0], ly + ANCHOR_OFFSETS[kind][1]
            pts[kind] = (round(x, 1), round(y, 1))
            if kind not in ANCHOR_HALF_WIDTH:
                continue
            hw = ANCHOR_HALF_WIDTH[kind]
            for probe in ((x, y), (x - hw, y), (x + hw, y)):
                if not point_in_rings(probe, rings):
                    problems.append(
                        f"{r}.{kind}: {fmt(probe[0])},{fmt(probe[1])} is outside the region"
                    )
                elif (d := dist_to_rings(probe, rings)) < MIN_ANCHOR_CLEARANCE:
                    problems.append(
                        f"{r}.{kind}: {fmt(probe[0])},{fmt(probe[1])} is {d:.1f} from the border"
                    )
        x, y = pts["plague"]
        if point_in_rings((x, y), rings) and dist_to_rings((x, y), rings) < MIN_PLAGUE_CLEARANCE:
            problems.append(f"{r}.plague: the piece reaches over the region's border")
        boxes = {k: footprint(r, k, p) for k, p in pts.items()}
        for i, k1 in enumerate(ANCHOR_KINDS):
            for k2 in ANCHOR_KINDS[i + 1 :]:
                if (d := math.dist(pts[k1], pts[k2])) < MIN_ANCHOR_SPACING:
                    problems.append(f"{r}.{k1} and {r}.{k2} are {d:.1f} apart")
                if (g := _box_gap(boxes[k1], boxes[k2])) < MIN_FOOTPRINT_GAP:
                    problems.append(f"{r}.{k1} and {r}.{k2} are drawn {g:.1f} apart")
        x0, y0, x1, y1 = boxes["reveal"]
        if x0 < 0 or y0 < 0 or x1 > WIDTH or y1 > HEIGHT:
            problems.append(f"{r}.reveal: the revealed tokens leave the map")
        out[r] = {k: {"x": p[0], "y": p[1]} for k, p in pts.items()}
    # The final plague reveals tokens everywhere at once: no region's column covers a name.
    for r in REGIONS:
        column = footprint(r, "reveal", (out[r]["reveal"]["x"], out[r]["reveal"]["y"]))
        for other in REGIONS:
            name = footprint(other, "label", (out[other]["label"]["x"], out[other]["label"]["y"]))
            if other != r and _box_gap(column, name) < MIN_FOOTPRINT_GAP:
                problems.append(f"{r}.reveal covers the name of {other}")
    return out, problems


def render_svg(regions, context, anchors=None) -> str:
    w, h = fmt(WIDTH), fmt(HEIGHT)
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<!-- Generated by tools/make_map.py from Natural Earth (public domain) via world-atlas."
        " Do not edit by hand. -->",
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" id="map" role="group"'
        ' aria-label="Map of Europe">',
        "<defs>",
        '<marker id="sea-arrow" class="sea-arrow" viewBox="0 0 10 10" refX="9" refY="5"'
        ' markerWidth="5" markerHeight="5" orient="auto-start-reverse">'
        '<path d="M0 0L10 5L0 10z" fill="#345"/></marker>',
        "</defs>",
        f'<rect id="sea" class="sea" x="0" y="0" width="{w}" height="{h}" fill="#cfe3ee"/>',
        '<g id="land-context" class="land-context" fill="#e2ded3" pointer-events="none"'
        ' aria-hidden="true">',
        f'<path class="context" d="{path_d(context)}"/>',
        "</g>",
        '<g id="regions" fill="#f4ecd2" stroke="#6b5a3a" stroke-width="1" stroke-linejoin="round">',
    ]
    for r in REGIONS:
        lines.append(
            f'<path id="region-{r}" class="region" data-region="{r}" d="{path_d(regions[r])}"/>'
        )
    lines.append("</g>")
    lines.append(
        '<g id="sea-links" fill="none" stroke="#345" stroke-width="1.6" stroke-dasharray="5 4"'
        ' stroke-linecap="round" pointer-events="none">'
    )
    for (a, b), sea in NEIGHBOUR_PAIRS.items():
        if not sea:
            continue
        (lon1, lat1), (lon2, lat2), bow = SEA_LINKS[(a, b)]
        d = sea_link_path(project(lon1, lat1), project(lon2, lat2), bow)
        lines.append(
            f'<path id="sea-link-{a}-{b}" class="sea-link" data-a="{a}" data-b="{b}" d="{d}"'
            ' marker-start="url(#sea-arrow)" marker-end="url(#sea-arrow)"/>'
        )
    lines.append("</g>")
    if anchors is not None:  # debug only
        colours = {
            "label": "#c00",
            "tokens": "#06c",
            "cubes": "#080",
            "plague": "#808",
            "reveal": "#f80",
        }
        lines.append('<g id="debug">')
        for lon in range(-12, 62, 2):
            pts = " ".join(
                f"{fmt(x)},{fmt(y)}" for x, y in (project(lon, lat / 2) for lat in range(60, 150))
            )
            lines.append(f'<polyline points="{pts}" fill="none" stroke="#aaa" stroke-width=".3"/>')
        for lat in range(32, 74, 2):
            pts = " ".join(
                f"{fmt(x)},{fmt(y)}" for x, y in (project(lon / 2, lat) for lon in range(-30, 130))
            )
            lines.append(f'<polyline points="{pts}" fill="none" stroke="#aaa" stroke-width=".3"/>')
            for lon in range(-10, 62, 10):
                x, y = project(lon, lat)
                lines.append(
                    f'<text x="{fmt(x)}" y="{fmt(y)}" font-size="5" fill="#555">{lon},{lat}</text>'
                )
        for r, a in anchors["regions"].items():
            for kind, p in a.items():
                x0, y0, x1, y1 = footprint(r, kind, (p["x"], p["y"]))
                lines.append(
                    f'<rect x="{fmt(x0)}" y="{fmt(y0)}" width="{fmt(x1 - x0)}"'
                    f' height="{fmt(y1 - y0)}" fill="{colours[kind]}" opacity=".3"/>'
                )
                lines.append(f'<circle cx="{p["x"]}" cy="{p["y"]}" r="2" fill="{colours[kind]}"/>')
            lab = a["label"]
            lines.append(
                f'<text x="{lab["x"]}" y="{lab["y"] - 6}" font-size="11" text-anchor="middle"'
                f' font-family="sans-serif">{r}</text>'
            )
        p = anchors["palace"]
        lines.append(
            f'<rect x="{p["x"]}" y="{p["y"]}" width="{p["w"]}" height="{p["h"]}" fill="none"'
            ' stroke="#c00"/>'
        )
        for pt in anchors["borders"].values():
            lines.append(f'<circle cx="{pt["x"]}" cy="{pt["y"]}" r="2.5" fill="#f80"/>')
        lines.append("</g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def anchors_json(anchors: dict) -> str:
    """JSON with one line per region / border / small object (easy to read and diff)."""

    def block(d: dict) -> str:
        rows = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in d.items()]
        return "{\n" + ",\n".join(rows) + "\n }"

    rows = []
    for key, value in anchors.items():
        text = block(value) if key in ("regions", "borders") else json.dumps(value)
        rows.append(f" {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(rows) + "\n}\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--source", type=Path, default=DEFAULT_SOURCE, help="world-atlas countries TopoJSON"
    )
    ap.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output folder (europe.svg, anchors.json)"
    )
    ap.add_argument("--debug-svg", type=Path, help="also write an SVG with the anchors drawn")
    args = ap.parse_args(argv)

    data = json.loads(args.source.read_text(encoding="utf-8"))
    regions, context, borders = build(data)
    region_anchors, problems = make_anchors(regions)

    land_pairs = {tuple(p) for p, sea in NEIGHBOUR_PAIRS.items() if not sea}
    found = set(borders)
    if found != land_pairs:
        problems.append(
            f"land borders on the map differ from R2.2: extra {sorted(found - land_pairs)},"
            f" missing {sorted(land_pairs - found)}"
        )
    anchors = {
        "generated_by": "tools/make_map.py (do not edit by hand)",
        "viewBox": [0, 0, WIDTH, HEIGHT],
        "palace": PALACE,
        "regions": region_anchors,
        "borders": {
            f"{a}|{b}": {"x": round(p[0], 1), "y": round(p[1], 1)} for (a, b), p in borders.items()
        },
    }
    svg = render_svg(regions, context)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "europe.svg").write_text(svg, encoding="utf-8")
    (args.out / "anchors.json").write_text(anchors_json(anchors), encoding="utf-8")
    if args.debug_svg:
        args.debug_svg.write_text(render_svg(regions, context, anchors), encoding="utf-8")
    print(f"europe.svg: {len(svg.encode())} bytes, viewBox 0 0 {fmt(WIDTH)} {fmt(HEIGHT)}")
    for p in problems:
        print("WARNING:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
