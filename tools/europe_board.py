"""Draws the boards whose Europe is Europe as it is (tools/europe_geo.py: Natural Earth's land,
grouped into R2's regions, projected for Europe, a gentle cartogram) and writes them into
web/render/europe_real.py (``tools/europe_board.py``; ``--check`` says whether the file is
up to date, for tests/web/test_europe_board.py).

Per arrangement (render/board_layout.py ``ARRANGEMENTS``: a screen's size in board units, and
a count of players: with fewer than four the map is framed to the regions in play) it
writes each region's land, the land beyond the game, each region's pile (its pieces' box:
render/board_layout.py ``PILE``, placed on its own land where the others leave room:
``europe_geo.piles``), each sea link's crossing (R2.2: the shortest way over water, at least
12 units, under no pile) and the seas' names where they fit on open water. The drawing is
simplified in board units, the regions together (each border drawn once, shared by both
sides), and written in whole units with relative moves: a few kilobytes for the first screen.
"""

from __future__ import annotations

import math
import sys
from functools import cache
from pathlib import Path

import shapely
import shapely.ops
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import europe_geo as G  # noqa: E402
from render import board_layout as L  # noqa: E402

from rattus import REGIONS  # noqa: E402
from rattus.board import NEIGHBOUR_PAIRS, regions_in_play  # noqa: E402

OUT = ROOT / "web" / "render" / "europe_real.py"
TOLERANCE = 1.2  # board units: the coasts' detail kept
SMALLEST = 6.0  # board units²: smaller islands are crumbs, not drawn
LINK_LEAST = 12  # a sea link's crossing is at least this long (a line a player sees)
#: What each arrangement's map shows beyond the frame (km) for the players' table and the
#: supply (render/board_layout.py): a desktop's the Atlantic west of it, a phone's the
#: Mediterranean's south shore and Africa below Europe
BEYOND_FRAME = {"wide": ("west", 900.0), "tall": ("south", 1500.0)}

#: The seas' names (Latin, as the regions') and where each lies (longitude, latitude).
#: (named in this order where room is short: the North Sea, between the most regions, first)
SEAS = (("Mare Germanicum", 3.5, 56.0), ("Mare Atlanticum", -14.0, 50.0),
        ("Mare Balticum", 19.0, 57.0), ("Mare Mediterraneum", 18.0, 34.5),
        ("Pontus Euxinus", 34.0, 43.3), ("Mare Caspium", 50.5, 42.0))
#: A few mountain ranges, each a ridge of places (longitude, latitude), drawn as little peaks
#: along it where the land is free (a map's drawing, as the box has; no part of any rule).
RIDGES = (("Pyrenaei", ((-1.6, 43.0), (0.4, 42.7), (2.4, 42.5))),
          ("Alpes", ((6.9, 44.4), (6.8, 45.8), (8.5, 46.4), (10.5, 46.6), (12.6, 47.0),
                     (14.6, 47.3))),
          ("Apenninus", ((8.8, 44.4), (11.2, 44.0), (13.2, 42.6), (15.3, 41.0),
                         (16.1, 39.5))),
          ("Carpates", ((18.6, 49.4), (21.5, 49.2), (24.0, 48.3), (25.4, 47.3), (25.9, 45.9),
                        (24.0, 45.5), (22.4, 45.3))),
          ("Haemus", ((22.6, 43.4), (24.6, 42.8), (26.9, 42.7))),
          ("Alpes Dinaricae", ((15.4, 45.0), (17.4, 43.9), (19.4, 42.7))),
          ("Caucasus", ((38.8, 44.0), (42.0, 43.3), (45.0, 42.4), (48.5, 41.3))),
          ("Montes Scandici", ((7.0, 60.5), (9.8, 62.4), (13.3, 64.8), (16.5, 67.6),
                               (20.0, 69.2))),
          ("Taurus", ((29.8, 37.0), (33.0, 36.9), (36.3, 37.6))),
          ("Atlas", ((-8.6, 31.0), (-5.5, 32.3), (-2.5, 33.4), (1.5, 34.6))),
          ("Montes Urales", ((59.0, 54.0), (59.3, 58.0), (59.6, 62.0))))
#: The peaks' spacing along a ridge and a peak's box (half its width, its height), in units
PEAK_STEP = 9.0
PEAK = (L.PEAK_W, L.PEAK_H)
#: A piece of a pile's plate smaller than this (units²) is not drawn (:func:`_plate`)
PLATE_LEAST = 6.0
PLATE_TOLERANCE = 2.0  # units: the detail of a plate's coast
PLATE_ISLET = 40.0  # units²: an island of its own smaller than this lies under its plate
#: A river's stretch shorter than this (units), once cut round the pieces, is not drawn
RIVER_LEAST = 8.0

#: The compass rose: where it would lie (longitude, latitude), per arrangement: the Atlantic
#: off Portugal on a desktop's map, the Sahara beside the supply on a phone's
COMPASS = {"wide": (-20.0, 40.0), "tall": (28.0, 22.0)}
#: The shallows drawn round the coasts, lighter near the land: (reach, smoothing) in units
SHALLOWS = ((9.0, 3.0), (4.0, 2.0))
#: A sea name's advance per letter (its italics measure 0.55–0.64 of their size in
#: Chromium: with room), and its box's height (its letters and their descenders)
NAME_EM = 0.65 * L.SEA_NAME
NAME_HIGH = L.SEA_NAME + 4
NAMES_APART = 30.0  # units between two seas' names (and between a name and the rose)


@cache
def _cartogram() -> dict[str, BaseGeometry]:
    """The regions in km (the cartogram of europe_geo), and the rivers and the mountains'
    ridges (``"rivers"``, ``"ridges"``) moved with them."""
    ridges = shapely.MultiLineString([[G.project(shapely.Point(p)).coords[0] for p in ridge]
                                      for _name, ridge in RIDGES])
    carried = G.lensed({"rivers": G.true_rivers(), "ridges": ridges})
    return G.cartogram(G.simplified(G.lensed(G.true_regions()), 5, 1500), G.GROWTH,
                       carry=carried)


def regions() -> dict[str, BaseGeometry]:
    """The regions in km, as every board draws them."""
    return {r: g for r, g in _cartogram().items() if r in REGIONS}


def map_window(lay: L.Arrangement) -> tuple[float, float, float, float]:
    """The part of the projection ``lay``'s map shows (km): the frame and what its screen
    shows beyond it (``BEYOND_FRAME``); with fewer than four players, that window zoomed in
    (the same shape, so a board keeps its size) until the frame's part of it holds the
    regions in play (``europe_geo.frame``), centred on them."""
    x0, y0, x1, y1 = G.FRAME
    side, km = BEYOND_FRAME[lay.screen]
    whole = (x0 - km, y0, x1, y1) if side == "west" else (x0, y0 - km, x1, y1)
    if lay.players >= 4:
        return whole
    bx0, by0, bx1, by1 = G.frame(regions(), lay.players)
    zoom = max((bx1 - bx0) / (x1 - x0), (by1 - by0) / (y1 - y0))
    dx = (bx0 + bx1) / 2 - zoom * (x0 + x1) / 2
    dy = (by0 + by1) / 2 - zoom * (y0 + y1) / 2
    wx0, wy0, wx1, wy1 = whole
    return (zoom * wx0 + dx, zoom * wy0 + dy, zoom * wx1 + dx, zoom * wy1 + dy)


def on_map(lay: L.Arrangement, lon: float, lat: float) -> tuple[float, float]:
    """Where a place on Earth lies on ``lay``'s map (board units)."""
    return _at(lon, lat, map_window(lay), lay.width, lay.height)


def _at(lon: float, lat: float, window, width: float, height: float) -> tuple[float, float]:
    x, y = shapely.get_coordinates(G.to_board(G.project(shapely.Point(lon, lat)), window,
                                              width, height))[0]
    return float(x), float(y)


def drawing(lay: L.Arrangement) -> dict:
    """One map: its regions' shapes (board units), the land beyond, the piles, the crossings,
    the names of the regions out of play and the seas' names."""
    width, height = int(lay.width), int(lay.height)
    km = regions()
    window = map_window(lay)
    reserved = (lay.table, lay.supply)
    shapes = {r: g.intersection(box(0, 0, width, height))
              for r, g in G.board_shapes(km, window, width, height, TOLERANCE).items()}
    beyond = (G.to_board(G.beyond(), window, width, height).simplify(TOLERANCE)
              .intersection(box(0, 0, width, height)))
    shapes = {r: _whole(g) for r, g in shapes.items()}
    # (the land beyond meets the regions where their cartogram put them, not under them)
    beyond = beyond.difference(shapely.union_all(list(shapes.values())))
    in_play = regions_in_play(lay.players)
    piles = G.piles(shapes, in_play, width, height, (int(lay.inside.w), int(lay.inside.h)),
                    reserved=reserved + _straits(shapes, in_play))
    pile_box = {r: box(x, y, x + lay.inside.w, y + lay.inside.h)
                for r, (x, y) in piles.items()}
    boxes = shapely.union_all([*pile_box.values(), *(box(x, y, x + w, y + h)
                                                      for x, y, w, h in reserved)])
    plates = {r: _plate(shapes[r], pile_box[r]) for r in piles}
    crossings = {}
    for (a, b), sea in NEIGHBOUR_PAIRS.items():
        if sea and a in piles and b in piles:
            crossings[(a, b)] = _crossing(shapes, a, b, pile_box)
    land = shapely.union_all([*shapes.values(), beyond]).buffer(2)
    taken = shapely.union_all([boxes, *(shapely.LineString(way).buffer(3)
                                        for way in crossings.values())])
    labels = {}
    for r in (r for r in REGIONS if r not in in_play):
        label = _label_place(shapes[r], width, height, taken)
        if label is not None:
            labels[r] = label
            taken = taken.union(_label_box(*label))
    names = []
    for name, lon, lat in SEAS:
        placed = _sea_name_place(name, lon, lat, window, width, height, land, taken)
        if placed is not None:  # (two seas' names apart: two labels, not one)
            names.append(placed)
            taken = taken.union(_name_box(*placed).buffer(NAMES_APART))
    coast = shapely.union_all([*shapes.values(), beyond])
    shallows = tuple(_whole(_band(coast, reach, tolerance, width, height))
                     for reach, tolerance in SHALLOWS)
    # (on open water, or on the land beyond the game, as an old map's rose on the Sahara)
    rose = _free_place(*COMPASS[lay.screen], window, width, height,
                       (2 * L.COMPASS_R, 2 * L.COMPASS_R + 10),
                       shapely.union_all([*(g.buffer(2) for g in shapes.values()), taken]))
    if rose is None:
        raise ValueError("no room for the compass rose on open water or land beyond the game")
    # (the rivers and the peaks on the land, kept 2 units off every piece, link and name)
    free = shapely.make_valid(coast.buffer(0).buffer(-1.5)).difference(
        shapely.make_valid(taken.buffer(2)))
    carried = {k: G.to_board(_cartogram()[k], window, width, height) for k in ("rivers", "ridges")}
    rivers = carried["rivers"].simplify(TOLERANCE).intersection(free)
    rivers = shapely.MultiLineString([line for line in shapely.get_parts(shapely.line_merge(
        rivers)) if isinstance(line, shapely.LineString) and line.length >= RIVER_LEAST])
    peaks = _peaks(carried["ridges"], free)
    return {"land": shapes, "beyond": _whole(beyond), "piles": piles,
            "crossings": crossings, "labels": labels, "names": names, "shallows": shallows,
            "rose": (round(rose[0]), round(rose[1] + 5)), "rivers": rivers, "peaks": peaks,
            "plates": plates}


def _peaks(ridges: BaseGeometry, room: BaseGeometry) -> tuple[tuple[int, int], ...]:
    """The little peaks drawn along the mountains' ridges: one each ``PEAK_STEP`` units, where
    a peak's box lies on free land (``room``: the land with nothing taken near it)."""
    out = []
    for ridge in shapely.get_parts(ridges):
        steps = int(ridge.length // PEAK_STEP)
        for i in range(steps + 1):
            at = ridge.interpolate(i * PEAK_STEP + (ridge.length - steps * PEAK_STEP) / 2)
            w, h = PEAK
            if room.contains(box(at.x - w, at.y - h, at.x + w, at.y)):
                out.append((round(at.x), round(at.y)))
    return tuple(out)


def _plate(land: BaseGeometry, pile: BaseGeometry) -> BaseGeometry:
    """A pile's plate: its box (rounded as the page draws it) where it leaves its region's
    own land. On its own land the region's colour shows under its pieces, as on the box;
    off it, on the sea or on a neighbour's land, the plate (drawn as its region's state:
    style.css) says whose pieces they are and hides the land they are not on."""
    plate = pile.buffer(-L.PLATE_R).buffer(L.PLATE_R, quad_segs=4).difference(land)
    # (its coast a little simpler than the land's, and over its islets: a few bytes less for
    # the first screen)
    plate = shapely.make_valid(plate.simplify(PLATE_TOLERANCE))
    parts = [Polygon(p.exterior, [hole for hole in p.interiors
                                  if Polygon(hole).area >= PLATE_ISLET])
             for p in G.pieces_of(plate) if p.area >= PLATE_LEAST]
    return shapely.union_all(parts) if parts else Polygon()


def _straits(shapes: dict[str, BaseGeometry], in_play: tuple[str, ...]
             ) -> tuple[tuple[float, float, float, float], ...]:
    """Per sea link between regions in play, the middle of the shortest way over water
    between its two lands (a box round its middle ``LINK_LEAST`` units): kept free of every
    pile, so that each link is seen (R2.2), however close the piles crowd its coasts."""
    kept = []
    for (a, b), sea in NEIGHBOUR_PAIRS.items():
        if not (sea and a in in_play and b in in_play):
            continue
        way = G.sea_crossing(shapes, a, b, LINK_LEAST)
        if way is None:
            raise ValueError(f"no sea crossing between {a} and {b}")
        line = shapely.LineString(way)
        half = LINK_LEAST / 2 / line.length
        x0, y0, x1, y1 = shapely.ops.substring(line, 0.5 - half, 0.5 + half,
                                               normalized=True).bounds
        kept.append((x0, y0, x1 - x0, y1 - y0))
    return tuple(kept)


def _crossing(shapes: dict[str, BaseGeometry], a: str, b: str, pile_box: dict
              ) -> tuple[tuple[float, float], tuple[float, float]]:
    """A sea link's line: the shortest way over water from ``a``'s land to ``b``'s that
    crosses no other region's land and no other pile, and shows at least ``LINK_LEAST``
    units beside ``a``'s and ``b``'s own piles (a pile may stand on its coast: the line is
    drawn from its edge)."""
    own = pile_box[a].union(pile_box[b])
    piles = shapely.union_all([g for r, g in pile_box.items() if r not in (a, b)])
    best = None
    for way in G.sea_ways(shapes, a, b, LINK_LEAST, avoid=piles,
                          starts=shapely.get_coordinates(shapes[a].boundary.segmentize(2))):
        seen = max(shapely.get_parts(way.difference(own)), key=lambda line: line.length,
                   default=None)
        if seen is None or seen.length < LINK_LEAST:
            continue
        if best is None or way.length < best[0]:
            best = (way.length, seen)
    if best is None:
        raise ValueError(f"no sea crossing between {a} and {b} in sight")
    (x0, y0), (x1, y1) = best[1].coords[0], best[1].coords[-1]
    return (round(x0, 1), round(y0, 1)), (round(x1, 1), round(y1, 1))


#: The box a region out of play is named in: its name (12-unit bold) and "out of play" under
#: it (11-unit italics, the longest language's: "nicht im Spiel"), from the name's baseline
#: start (render/board.py writes them there)
LABEL = (-2.0, -12.0, 96.0, 35.0)


def _label_box(x: float, y: float) -> BaseGeometry:
    dx, dy, w, h = LABEL
    return box(x + dx, y + dy, x + dx + w, y + dy + h)


def _label_place(land: BaseGeometry, width: int, height: int, taken: BaseGeometry
                 ) -> tuple[int, int] | None:
    """Where a region out of play is named on a map framed to the regions in play: the place
    nearest its land's pole of inaccessibility whose box lies on the map, at least half on
    its own land, over no pile, link or name; None if its land on the map has none."""
    if land.is_empty or land.area < LABEL[2] * LABEL[3] / 2:
        return None
    biggest = max(G.pieces_of(land), key=lambda g: g.area)
    px, py = shapely.maximum_inscribed_circle(biggest, 0.5).coords[0]
    x0, y0, x1, y1 = land.bounds
    inside = box(2, 2, width - 2, height - 2)
    best = None
    for y in range(int(y0), int(y1) + 1, 3):
        for x in range(int(x0), int(x1) + 1, 3):
            here = _label_box(x, y)
            if (not inside.contains(here) or here.intersects(taken)
                    or here.intersection(land).area < here.area / 2):
                continue
            far = math.hypot(here.centroid.x - px, here.centroid.y - py)
            if best is None or far < best[0]:
                best = (far, (x, y))
    return best[1] if best else None


def _band(land: BaseGeometry, reach: float, tolerance: float, width: int, height: int
          ) -> BaseGeometry:
    """The water within ``reach`` of the land (with the land: it is drawn under it), smooth
    (``tolerance``) and without the crumbs of its islets."""
    band = (land.buffer(reach, join_style="round").simplify(tolerance)
            .intersection(box(0, 0, width, height)))
    return shapely.union_all([g for g in shapely.get_parts(band) if g.area > 30])


def _whole(geometry: BaseGeometry) -> BaseGeometry:
    """``geometry`` with its corners in whole units, as the page draws it (its polygons
    alone: rounding leaves a sliver's lines behind)."""
    parts = shapely.get_parts(shapely.set_precision(geometry, 1.0))
    return shapely.union_all([g for p in parts for g in G.pieces_of(p)
                              if isinstance(g, Polygon) and g.area >= SMALLEST])


def _name_box(name: str, x: float, y: float, turn: int) -> BaseGeometry:
    """The box a sea's name takes, written at (x, y) as render/board.py writes it: a line,
    or its words one under the other (``name`` holds a line break: ``L.SEA_LEADING``
    apart), the first baseline at y."""
    lines = name.split("\n")
    half = max(len(line) for line in lines) * NAME_EM / 2 + 1
    top = L.SEA_NAME + 0.5
    foot = NAME_HIGH - L.SEA_NAME - 1 + (len(lines) - 1) * L.SEA_LEADING  # (from the baseline)
    return (box(x - half, y - top, x + half, y + foot) if turn == 0
            else box(x - top, y - half, x + foot, y + half))


def _free_place(lon: float, lat: float, window, width: int, height: int,
                size: tuple[float, float], taken: BaseGeometry) -> tuple[float, float] | None:
    """The centre of the box of ``size`` nearest to a place on Earth that lies on the map,
    2 units from its edge, and meets nothing ``taken``; None if there is none near."""
    px, py = _at(lon, lat, window, width, height)
    w, h = size
    best = None
    for dy in range(-90, 91, 3):
        for dx in range(-90, 91, 3):
            cx, cy = px + dx, py + dy
            here = box(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if not box(2, 2, width - 2, height - 2).contains(here) or here.intersects(taken):
                continue
            if best is None or math.hypot(dx, dy) < best[0]:
                best = (math.hypot(dx, dy), (cx, cy))
    return best[1] if best else None


def _sea_name_place(name: str, lon: float, lat: float, window, width: int, height: int,
                    land: BaseGeometry, taken: BaseGeometry) -> tuple[str, int, int, int] | None:
    """Where a sea's name is written: (name, x, y, turn) as render/board.py writes it
    (``text-anchor: middle``: the baseline's middle; turned -90° about it, the letters run up
    the board with their tops left of x): level if it can be, else turned, else its words
    one under the other (``name`` with a line break), the nearest place to the sea's own
    whose box lies on open water, on the map, under no pile and off the sea links; None if
    the sea has no such place."""
    blocked = shapely.union_all([land, taken])
    stacked = name.replace(" ", "\n")
    for written, turn in ((name, 0), (name, -90), (stacked, 0)):
        if written == stacked and " " not in name:
            continue
        lines = written.split("\n")
        length = max(len(line) for line in lines) * NAME_EM + 2
        high = NAME_HIGH + (len(lines) - 1) * L.SEA_LEADING
        drop = L.SEA_NAME + 0.5 - high / 2  # (from the box's middle to its first baseline)
        size = (length, high) if turn == 0 else (high, length)
        at = _free_place(lon, lat, window, width, height, size, blocked)
        if at is not None:
            x, y = at
            return ((written, round(x), round(y + drop), 0) if turn == 0
                    else (written, round(x + drop), round(y), -90))
    return None


def path_data(geometry: BaseGeometry) -> str:
    """SVG path data of polygons in whole units: moves relative, each ring closed, a hole
    wound against its outline (SVG's nonzero fill leaves it open, as even-odd would)."""
    out = []
    for polygon in G.pieces_of(geometry):
        polygon = orient(polygon)
        for ring in (polygon.exterior, *polygon.interiors):
            pts = [(round(x), round(y)) for x, y in ring.coords[:-1]]
            pts = [p for i, p in enumerate(pts) if p != pts[i - 1]]
            if len(pts) < 3:
                continue
            moves = " ".join(f"{x1 - x0} {y1 - y0}" for (x0, y0), (x1, y1) in zip(pts, pts[1:]))
            out.append(f"M{pts[0][0]} {pts[0][1]}l{moves}".replace(" -", "-") + "z")
    return "".join(out)


def line_data(geometry: BaseGeometry) -> str:
    """SVG path data of lines in whole units, moves relative (the rivers)."""
    out = []
    for line in shapely.get_parts(geometry):
        pts = [(round(x), round(y)) for x, y in line.coords]
        pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
        if len(pts) < 2:
            continue
        moves = " ".join(f"{x1 - x0} {y1 - y0}" for (x0, y0), (x1, y1) in zip(pts, pts[1:]))
        out.append(f"M{pts[0][0]} {pts[0][1]}l{moves}".replace(" -", "-"))
    return "".join(out)


def lines_of(d: str) -> BaseGeometry:
    """The lines that :func:`line_data` wrote (for the tests: the rivers as drawn)."""
    return shapely.MultiLineString([_points(part) for part in d.split("M")[1:]])


def _points(part: str) -> list[tuple[float, float]]:
    """The points of one move of path data as :func:`path_data` and :func:`line_data` write
    it, its ``M`` gone: ``x y`` then ``l`` and relative moves."""
    head, _, moves = part.partition("l")
    x, y = (float(v) for v in head.split())
    nums = [float(v) for v in moves.replace("-", " -").split()]
    points = [(x, y)]
    for dx, dy in zip(nums[::2], nums[1::2]):
        x, y = x + dx, y + dy
        points.append((x, y))
    return points


def shapes_of(d: str) -> BaseGeometry:
    """The polygons that :func:`path_data` wrote (for the tests: the drawing as drawn)."""
    rings = [Polygon(_points(part[1:])) for part in d.split("z") if part]
    out: BaseGeometry = shapely.geometry.GeometryCollection()
    for ring in rings:  # (a ring inside another is its hole: even-odd, as SVG fills it)
        out = out.symmetric_difference(ring)
    return out


def _lines(name: str, d: str, indent: str) -> list[str]:
    chunks = [d[i:i + 86] for i in range(0, len(d), 86)] or [""]
    return [f"{indent}{name!r}: (", *(f"{indent}    {c!r}" for c in chunks), f"{indent}),"]


def module() -> str:
    lines = ['"""The boards whose Europe is Europe as it is: each region\'s land, the land beyond',
             "the game, each region's pile, each sea link's crossing, the seas' names, the",
             "rivers and the mountains, per arrangement (render/board_layout.py).",
             "",
             "Written by tools/europe_board.py from Natural Earth (public domain; NOTICE): do not",
             'edit by hand; run ``.venv/bin/python tools/europe_board.py``."""',
             "", "Way = tuple[tuple[float, float], tuple[float, float]]", "",
             "LAND: dict[str, dict[str, str]] = {}",
             "SHORES: dict[str, str] = {}  # land beyond the game",
             "PILES: dict[str, dict[str, tuple[int, int]]] = {}",
             "CROSSINGS: dict[str, dict[tuple[str, str], Way]] = {}",
             "#: where a region out of play is named (a map framed to the regions in play)",
             "LABELS: dict[str, dict[str, tuple[float, float]]] = {}",
             "SEA_NAMES: dict[str, tuple[tuple[str, float, float, int], ...]] = {}",
             "ROSE: dict[str, tuple[int, int]] = {}  # the compass rose's centre",
             "#: the water near the coasts, far then near (drawn under the land, lighter)",
             "SHALLOWS: dict[str, tuple[str, str]] = {}",
             "#: Natural Earth's rivers, cut round the pieces, and the mountains' peaks",
             "RIVERS: dict[str, str] = {}",
             "PEAKS: dict[str, tuple[tuple[int, int], ...]] = {}",
             "#: each pile's plate: its box off its region's own land (on the sea, or on other",
             "#: regions' land, which it hides), drawn under its pieces",
             "PLATES: dict[str, dict[str, str]] = {}"]
    for name in L.ARRANGEMENTS:
        d = drawing(L.ARRANGEMENTS[name])
        lines += ["", f"LAND[{name!r}] = {{"]
        for r in REGIONS:
            lines += _lines(r, path_data(d["land"][r]), "    ")
        lines += ["}", f"SHORES[{name!r}] = ("]
        lines += _lines("", path_data(d["beyond"]), "")[1:-1]
        lines += [")", f"PILES[{name!r}] = {{"]
        lines += [f"    {r!r}: {d['piles'][r]!r}," for r in REGIONS if r in d["piles"]]
        lines += ["}", f"CROSSINGS[{name!r}] = {{"]
        lines += [f"    {pair!r}: {way!r}," for pair, way in d["crossings"].items()]
        lines += ["}", f"LABELS[{name!r}] = {{"]
        lines += [f"    {r!r}: {d['labels'][r]!r}," for r in REGIONS if r in d["labels"]]
        lines += ["}", f"SEA_NAMES[{name!r}] = ("]
        lines += [f"    {n!r}," for n in d["names"]]
        lines += [")", f"ROSE[{name!r}] = {d['rose']!r}", f"SHALLOWS[{name!r}] = ("]
        for band in d["shallows"]:
            lines += ["    ("] + _lines("", path_data(band), "    ")[1:-1] + ["    ),"]
        lines += [")", f"RIVERS[{name!r}] = ("]
        lines += _lines("", line_data(d["rivers"]), "")[1:-1]
        lines += [")", f"PLATES[{name!r}] = {{"]
        for r in REGIONS:
            if r in d["plates"]:
                lines += _lines(r, path_data(d["plates"][r]), "    ")
        lines += ["}"]
        lines += [f"PEAKS[{name!r}] = ("]
        peaks = [f"{p!r}," for p in d["peaks"]]
        lines += ["    " + " ".join(peaks[i:i + 8]) for i in range(0, len(peaks), 8)] + [")"]
    return "\n".join(lines) + "\n"


def main() -> int:
    text = module()
    if "--check" in sys.argv:
        return 0 if OUT.exists() and OUT.read_text(encoding="utf-8") == text else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
