"""Europe as it is, for the board: Natural Earth's countries (the npm package ``world-atlas``,
public domain, read at build time only) grouped into the 12 regions of docs/RULES.md R2,
projected for Europe and cut to the board's frame, then a cartogram that gives the small
regions room for their pieces.

Why a module of its own: the board's map (tools/europe_map.py) is drawn from it, and the test
that the drawn board is still Europe (tests/web/test_europe_geography.py) measures the drawing
against :func:`true_regions` with :func:`fit`: the same grouping, projection and frame.

* **Grouping** (R2's table): each region is the modern countries it is shown as, so that the
  land borders between regions are exactly R2.2's land pairs and its sea pairs face each other
  across water (checked by the test). Two pieces move: Kaliningrad to Polonia (Prussia, and
  a Russian exclave would touch nothing of Russia) and Crimea to Tartaria (the Crimean
  Tatars; Natural Earth's drawing of it varies).
* **Projection:** Lambert azimuthal equal-area centred on 52° N 15° E (as EPSG:3035, Europe's
  own, centred a little further east for Russia): areas true, so that a cartogram's growth is
  measured in real land.
* **Frame:** Cabo da Roca to the Volga, Crete to the Arctic Circle (a rectangle of the
  projection, :data:`FRAME`): Russia, Scandia's north and Anatolia's east end at the board's
  edge, as they do on the box.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import numpy as np
import shapely
from pyproj import Transformer
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry

ROOT = Path(__file__).resolve().parents[1]
ATLAS = ROOT / "node_modules" / "world-atlas" / "countries-50m.json"

#: The countries each region is shown as (R2's table; Natural Earth's names).
REGION_COUNTRIES: dict[str, tuple[str, ...]] = {
    "Anglia": ("United Kingdom", "Ireland", "Isle of Man"),
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

#: Land in the frame that is in no region: drawn paler, beyond the game (Africa's north coast,
#: the Caucasus and the Near East, Kazakhstan's west).
BEYOND = ("Morocco", "Algeria", "Tunisia", "Libya", "Egypt", "Syria", "Iraq", "Iran", "Lebanon",
          "Israel", "Palestine", "Jordan", "Georgia", "Armenia", "Azerbaijan", "Kazakhstan")

#: Pieces given to another region (lon/lat boxes): Kaliningrad, Crimea.
MOVED = (((19.0, 54.0, 23.0, 55.5), "Russia", "Polonia"),
         ((32.0, 44.0, 36.7, 46.2), "Russia", "Tartaria"))

PROJECTION = "+proj=laea +lat_0=52 +lon_0=15 +datum=WGS84 +units=km +no_defs"
#: The board's frame in the projection (km): west of Cabo da Roca to the Volga, south of
#: Crete to the Arctic Circle.
FRAME = (-2200.0, -1900.0, 2250.0, 1700.0)
#: The longitudes and latitudes read before projecting (a little more than the frame).
_LONLAT = (-12.0, 33.0, 50.0, 72.0)


def _topology(path: Path) -> dict[str, list[list[list[tuple[float, float]]]]]:
    """A TopoJSON file's countries as lon/lat polygons (rings of points): its arcs are
    quantized and delta-encoded, and a negative index is an arc read backwards."""
    topo = json.loads(path.read_text(encoding="utf-8"))
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)

    def ring(indices: list[int]) -> list[tuple[float, float]]:
        out: list[tuple[float, float]] = []
        for i in indices:
            points = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(points if not out else points[1:])
        return out

    countries = {}
    for geometry in topo["objects"]["countries"]["geometries"]:
        kind = geometry["type"]
        polygons = ([geometry["arcs"]] if kind == "Polygon" else
                    geometry["arcs"] if kind == "MultiPolygon" else [])
        countries[geometry["properties"]["name"]] = [[ring(r) for r in p] for p in polygons]
    return countries


def _country(rings_by_polygon) -> BaseGeometry:
    return shapely.union_all([shapely.make_valid(Polygon(p[0], p[1:])) for p in rings_by_polygon])


@cache
def _projector() -> Transformer:
    return Transformer.from_crs("EPSG:4326", PROJECTION, always_xy=True)


def project(geometry: BaseGeometry) -> BaseGeometry:
    """lon/lat → the board's projection (km; y north)."""
    return shapely.transform(geometry, lambda xy: np.column_stack(
        _projector().transform(xy[:, 0], xy[:, 1])))


@cache
def true_regions() -> dict[str, BaseGeometry]:
    """Each region's land, projected and cut to :data:`FRAME` (km, y north)."""
    countries = _topology(ATLAS)
    lonlat = box(*_LONLAT)
    regions = {r: shapely.union_all([_country(countries[c]) for c in names]).intersection(lonlat)
               for r, names in REGION_COUNTRIES.items()}
    for (x0, y0, x1, y1), source, target in MOVED:
        piece = regions[source].intersection(box(x0, y0, x1, y1))
        regions[source] = regions[source].difference(box(x0, y0, x1, y1))
        regions[target] = shapely.union_all([regions[target], piece])
    frame = box(*FRAME)
    return {r: shapely.make_valid(project(g)).intersection(frame) for r, g in regions.items()}


@cache
def beyond() -> BaseGeometry:
    """The land in the frame that no region holds (drawn beyond the game), projected."""
    countries = _topology(ATLAS)
    land = shapely.union_all([_country(countries[c]) for c in BEYOND]).intersection(box(*_LONLAT))
    return shapely.make_valid(project(land)).intersection(box(*FRAME))


def pieces_of(geometry: BaseGeometry) -> list[Polygon]:
    return [p for p in getattr(geometry, "geoms", [geometry]) if isinstance(p, Polygon)]


def _keep(geometry: BaseGeometry, smallest: float) -> BaseGeometry:
    """``geometry`` without its islands smaller than ``smallest`` (km²): the Channel's and the
    Aegean's crumbs, too small to see on a phone."""
    kept = [p for p in pieces_of(geometry) if p.area >= smallest]
    return MultiPolygon(kept) if len(kept) > 1 else kept[0]


def simplified(regions: dict[str, BaseGeometry], tolerance: float,
               smallest: float) -> dict[str, BaseGeometry]:
    """The regions simplified together (a coverage: each border, simplified once, stays shared
    by both its sides), without the smallest islands."""
    names = list(regions)
    simple = shapely.coverage_simplify(np.array([regions[r] for r in names], dtype=object),
                                       tolerance)
    return {r: _keep(shapely.make_valid(g), smallest) for r, g in zip(names, simple)}


def cartogram(regions: dict[str, BaseGeometry], growth: dict[str, float],
              rounds: int = 40, damping: float = 0.15) -> dict[str, BaseGeometry]:
    """Dougenik, Chrisman and Niemeyer's rubber-sheet cartogram (1985): each region pushes or
    pulls every point of the map towards the area it wants (its own times ``growth``, the
    total kept), by a force that fades with distance, a little each round. Every point moves
    by where it is, so a border shared by two regions stays shared; the frame's edges stay
    where they are (the board's edge), so that land is not lost there.

    Why this one: the small regions (Anglia, Italia) need room for a region's pieces and the
    vast ones (Russia, Scandia's north) have room to spare; pushing borders inland costs the
    map's likeness nothing, and growing into the sea only what it must."""
    names = list(regions)
    shapes = np.array([regions[r] for r in names], dtype=object)
    want = np.array([regions[r].area * growth.get(r, 1.0) for r in names])
    want *= sum(regions[r].area for r in names) / want.sum()
    x0, y0, x1, y1 = FRAME
    for _ in range(rounds):
        areas = np.array([g.area for g in shapes])
        centres = np.array([g.centroid.coords[0] for g in shapes])
        radius = np.sqrt(areas / math.pi)
        mass = np.sqrt(want / math.pi) - radius
        points = shapely.get_coordinates(shapes)
        away = points[:, None, :] - centres[None]
        dist = np.maximum(np.linalg.norm(away, axis=2), 1e-9)
        inside = dist < radius
        force = np.where(inside, mass * (dist / radius) ** 2 * (4 - 3 * dist / radius),
                         mass * radius / dist)
        move = (away / dist[..., None] * force[..., None]).sum(axis=1) * damping
        edge = ((np.abs(points[:, 0] - x0) < 1e-6) | (np.abs(points[:, 0] - x1) < 1e-6)
                | (np.abs(points[:, 1] - y0) < 1e-6) | (np.abs(points[:, 1] - y1) < 1e-6))
        move[edge] = 0
        shapes = shapely.set_coordinates(shapes.copy(), points + move)
    return {r: shapely.make_valid(g) for r, g in zip(names, shapes)}


def fit(drawn: dict[str, BaseGeometry], truth: dict[str, BaseGeometry]) -> tuple[float, float]:
    """How far a drawing of the regions (any units, y down or up) is from ``truth``: the
    affine map that best takes the true centres of the regions to the drawn ones (least
    squares), then (1) the centres' residual over their spread (root mean squares) and (2) the
    drawn land's intersection over union with the true land taken by that map."""
    names = list(truth)
    true_c = np.array([truth[r].centroid.coords[0] for r in names])
    drawn_c = np.array([drawn[r].centroid.coords[0] for r in names])
    lhs = np.hstack([true_c, np.ones((len(names), 1))])
    m, *_ = np.linalg.lstsq(lhs, drawn_c, rcond=None)
    residual = math.sqrt(((lhs @ m - drawn_c) ** 2).sum(axis=1).mean())
    spread = math.sqrt(((drawn_c - drawn_c.mean(axis=0)) ** 2).sum(axis=1).mean())
    (a, d), (b, e), (xoff, yoff) = m
    true_land = shapely.union_all([shapely.affinity.affine_transform(truth[r],
                                                                     [a, b, d, e, xoff, yoff])
                                   for r in names])
    drawn_land = shapely.union_all([shapely.make_valid(drawn[r]) for r in names])
    iou = true_land.intersection(drawn_land).area / true_land.union(drawn_land).area
    return residual / spread, iou


def contacts(regions: dict[str, BaseGeometry], touch: float) -> dict[tuple[str, str], float]:
    """Each pair of regions whose land comes within ``touch`` of each other, with the length
    of the border they share (units of ``regions``): what R2.2's land pairs must have, and no
    other pair."""
    names = list(regions)
    grown = {r: regions[r].buffer(touch / 2) for r in names}
    found = {}
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if grown[a].intersects(grown[b]):
                found[(a, b)] = grown[a].intersection(grown[b]).area / touch
    return found
