"""Every board is Europe as it is (render/europe_real.py, drawn by tools/europe_board.py
from Natural Earth): measured as drawn, against the true land (tools/europe_geo.py), it is
Europe; R2.2 holds on the drawn shapes; each region's pile stands on its own land, over no
other pile nor the players' table or the supply; each sea link is drawn over water.
"""

from __future__ import annotations

import colorsys
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
import shapely
from render import board, europe_real
from render import board_layout as L

from rattus import REGIONS
from rattus.board import NEIGHBOUR_PAIRS, regions_in_play

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import europe_board  # noqa: E402
import europe_geo as G  # noqa: E402

LAND_PAIRS = {frozenset(p) for p, sea in NEIGHBOUR_PAIRS.items() if not sea}
ALL = list(L.ARRANGEMENTS.values())
MAPS = pytest.mark.parametrize("lay", ALL, ids=[lay.name for lay in ALL])
WHOLE = [lay for lay in ALL if lay.players == 4]  # (the whole of Europe: four players')
WHOLE_MAPS = pytest.mark.parametrize("lay", WHOLE, ids=[lay.name for lay in WHOLE])


def drawn(lay: L.Arrangement, in_play_only: bool = False) -> dict[str, shapely.Geometry]:
    """The regions as the page draws them (their path data read back); ``in_play_only``: the
    regions in play alone (a map framed to them cuts the others at its edge)."""
    return {r: europe_board.shapes_of(europe_real.LAND[lay.name][r]) for r in REGIONS
            if not in_play_only or r in regions_in_play(lay.players)}


def pile(lay: L.Arrangement, region: str) -> shapely.Geometry:
    return shapely.box(*(lambda b: (b.x, b.y, b.x + b.w, b.y + b.h))(lay.tile(region)))


@WHOLE_MAPS
def test_the_drawn_map_is_europe(lay: L.Arrangement) -> None:
    """After the affine map that best takes the true centres of the 12 regions to the drawn
    ones: the centres' residual is at most 0.15 of their spread and the drawn land overlaps
    the true land by an IoU of at least 0.75 (a box per region at its true place: 0.61)."""
    residual, iou = G.fit(drawn(lay), G.true_regions())
    print(f"{lay.name}: residual {residual:.3f} of the spread, IoU {iou:.3f}")
    assert residual <= 0.15 and iou >= 0.75, (residual, iou)


@MAPS
def test_land_neighbours_share_a_border_and_sea_neighbours_do_not_touch(lay) -> None:
    """R2.2 on the drawn shapes: the pairs whose land meets are exactly the land pairs, each
    along at least 12 units of border (a line a player sees); sea pairs and the rest keep
    water between them (on a map framed to the regions in play: among those in play)."""
    shapes = drawn(lay, in_play_only=True)
    met = G.contacts(shapes, 0.5)
    assert {frozenset(p) for p in met} == {p for p in LAND_PAIRS if p <= set(shapes)}
    assert min(met.values()) >= 12, met


@MAPS
def test_each_sea_link_crosses_water_between_its_two_lands(lay) -> None:
    """R2.2's sea pairs: the link drawn between them is at least 12 units long, lies over no
    region's land but (at its ends) its own two, and under no pile, nor the table or the
    supply."""
    shapes = drawn(lay)
    boxes = [pile(lay, r) for r in lay.piles] + [shapely.box(b.x, b.y, b.x + b.w, b.y + b.h)
                                                  for b in (lay.table, lay.supply)]
    for (a, b), sea in NEIGHBOUR_PAIRS.items():
        if not sea or not {a, b} <= set(regions_in_play(lay.players)):
            continue
        line = shapely.LineString(lay.link_segment(a, b))
        assert line.length >= 12, (a, b)
        for r, land in shapes.items():
            inside = line.intersection(land).length
            assert inside <= (3 if r in (a, b) else 0.5), (a, b, r, inside)  # (a corner)
        assert all(line.intersection(x).length < 0.5 for x in boxes), (a, b)


#: How much of each pile stands on its own region's land at least: a third on a desktop's map
#: (Italia's boot the least); on a phone's, where twelve piles cover most of a 390-unit
#: Europe, a tenth (Bulgaria's pile in the Aegean, on its coasts: the piles of Italia,
#: Hungaria and Turcia stand on the Balkans' land; with three players, 0.18)
OWN_LAND = {"wide": 1 / 3, "tall": 1 / 10}


@MAPS
def test_each_pile_stands_on_its_own_land(lay) -> None:
    """A region's pieces are read by the land under them: each pile lies inside the map,
    over no other pile, the table or the supply (3 units apart), and stands on its own
    region's land (``OWN_LAND``); every region in play has one, no other region has."""
    shapes = drawn(lay)
    width, height = lay.width, lay.height
    assert set(lay.piles) == set(regions_in_play(lay.players))
    boxes = {r: pile(lay, r) for r in lay.piles}
    others = [shapely.box(b.x, b.y, b.x + b.w, b.y + b.h) for b in (lay.table, lay.supply)]
    for r, here in boxes.items():
        assert shapely.box(0, 0, width, height).contains(here), r
        share = here.intersection(shapes[r]).area / here.area
        assert share >= OWN_LAND[lay.screen], (r, share)
        for other in [b for k, b in boxes.items() if k != r] + others:
            assert here.distance(other) >= 3, r
    # (what room the piles want of the land in play: over 1 on a phone, docs/europe-map.md)
    land = shapely.union_all([shapes[r] for r in lay.piles])
    sea = sum(b.difference(shapely.union_all(list(shapes.values()))).area for b in boxes.values())
    want = sum(b.area for b in boxes.values())
    print(f"{lay.name}: piles {want:.0f} units² on {land.area:.0f} of land in play "
          f"({want / land.area:.2f}); {sea / want:.0%} of the piles on the sea")


@MAPS
def test_a_piles_plate_is_where_it_leaves_its_own_land(lay) -> None:
    """A region's pieces are read by what lies under them: on its own land they stand on its
    colour, as on the box, and no plate hides it; where a pile leaves its land (on the sea,
    on a neighbour's land, on land out of play, R2.1) its plate lies under it, hiding that
    land, and is drawn as its region's land is (its state's classes: style.css), so that a
    region's outline as a target or the plague's goes round its pieces."""
    shapes = drawn(lay)
    for r in lay.piles:
        plate = europe_board.shapes_of(europe_real.PLATES[lay.name].get(r, ""))
        here = pile(lay, r)
        off_land = here.difference(shapes[r])
        # (its coast drawn simpler than the land's, to 2 units, in whole units: a little
        # either way, most off a skerried coast's)
        assert plate.intersection(shapes[r]).area <= 0.03 * here.area, r
        corners = 4 * (1 - math.pi / 4) * L.PLATE_R ** 2
        missed = off_land.area - corners - plate.intersection(off_land).area
        assert missed <= 0.06 * here.area, r
        assert plate.difference(here.buffer(1)).area <= 1, r
    css = (Path(board.__file__).parents[1] / "style.css").read_text(encoding="utf-8")
    for state in ("target", "selected", "plague-region", "risk-1", "risk-0"):
        assert re.search(rf"\.board \.pile\.{state}\b", css), state


def test_the_map_module_is_what_the_tool_draws() -> None:
    """render/europe_real.py is what tools/europe_board.py draws today (the pile's size, the
    frame or the grouping changed: run the tool)."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "europe_board.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, "run .venv/bin/python tools/europe_board.py"


#: The seas each map has room to name at least (a phone's piles cover its other seas)
SEAS_NAMED = {"wide": {"Mare Atlanticum", "Mare Germanicum", "Mare Mediterraneum"},
              "wide-3": {"Mare Atlanticum", "Mare Germanicum", "Mare Mediterraneum"},
              "wide-2": {"Mare Atlanticum", "Mare Germanicum", "Mare Mediterraneum"},
              "tall": {"Mare Germanicum"}, "tall-3": {"Mare Germanicum"},
              "tall-2": {"Mare Atlanticum", "Mare Germanicum", "Mare Mediterraneum"}}


@MAPS
def test_the_seas_are_named_on_open_water(lay) -> None:
    """The map names its seas as a map does (Latin, as the regions): each name's box (0.65
    of its size a letter: its italics measure 0.55–0.64 in Chromium; centred on its x,
    ``text-anchor: middle``) lies on no land, no pile, no sea link, the table or the supply;
    its letters are 11 px or more on a 360 px phone (a unit drawn 0.92 px there)."""
    assert L.SEA_NAME * 360 / 390 >= 11
    names = europe_real.SEA_NAMES[lay.name]
    assert {n.replace("\n", " ") for n, *_ in names} >= SEAS_NAMED[lay.name]
    taken = shapely.union_all(
        [*drawn(lay).values(), europe_board.shapes_of(europe_real.SHORES[lay.name]),
         *(pile(lay, r) for r in lay.piles),
         *(shapely.box(b.x, b.y, b.x + b.w, b.y + b.h) for b in (lay.table, lay.supply)),
         *(shapely.LineString(way).buffer(1) for way in lay.crossings.values())])
    for name, x, y, turn in names:
        lines = name.split("\n")  # (where a line has no room: its words one under the other)
        half = 0.65 * L.SEA_NAME * max(len(line) for line in lines) / 2
        high, foot = L.SEA_NAME + 0.5, 3 + (len(lines) - 1) * L.SEA_LEADING
        text = (shapely.box(x - half, y - high, x + half, y + foot) if turn == 0
                else shapely.box(x - high, y - half, x + foot, y + half))
        assert not text.intersects(taken), name


@MAPS
def test_rivers_and_mountains_lie_on_the_land_clear_of_every_piece(lay) -> None:
    """Illustrated like the box: Natural Earth's rivers and a few ranges' peaks are drawn on
    the land (in whole units, within a unit of it), and no pile, sea link, the table or the
    supply meets them: no piece is ever drawn over a river or a mountain."""
    rivers = europe_board.lines_of(europe_real.RIVERS[lay.name])
    peaks = [shapely.box(x - L.PEAK_W, y - L.PEAK_H, x + L.PEAK_W, y)
             for x, y in europe_real.PEAKS[lay.name]]
    assert rivers.length >= 400 and len(peaks) >= 8, (rivers.length, len(peaks))
    land = shapely.union_all([*drawn(lay).values(),
                              europe_board.shapes_of(europe_real.SHORES[lay.name])]).buffer(1)
    taken = shapely.union_all(
        [*(pile(lay, r) for r in lay.piles),
         *(shapely.box(b.x, b.y, b.x + b.w, b.y + b.h) for b in (lay.table, lay.supply)),
         *(shapely.LineString(way).buffer(1) for way in lay.crossings.values())])
    assert land.contains(rivers) and not rivers.intersects(taken)
    for peak in peaks:
        assert land.contains(peak) and not peak.intersects(taken), peak.bounds


@WHOLE_MAPS
def test_the_land_beyond_the_game_is_drawn(lay) -> None:
    """Africa and Georgia are drawn (paler, ``SHORES``: no region's), south of the
    Mediterranean and east of the Black Sea; no region's land is."""
    shores = europe_board.shapes_of(europe_real.SHORES[lay.name])
    for place, lon, lat in (("Algeria", 3.0, 34.5), ("Tunisia", 9.5, 34.0),
                            ("Georgia", 42.0, 42.3)):
        assert shores.contains(shapely.Point(europe_board.on_map(lay, lon, lat))), place
    for r, land in drawn(lay).items():
        assert land.intersection(shores).area < 4, r  # (corners in whole units: a sliver)


@MAPS
def test_each_regions_land_is_what_takes_its_clicks(lay: L.Arrangement) -> None:
    """The board's skeleton draws each region's land as the ``.region`` that takes the clicks
    and carries the state classes (style.css draws the land by them: ``.region.target``);
    its pile's plate takes its clicks too, and all the plates lie over all the lands (a pile
    may stand on a neighbour's land: a finger on it takes the pile's region)."""
    svg = board.skeleton(lay)
    for r in REGIONS:
        land = (f'<path id="region-{r}" data-region="{r}" class="region" '
                f'd="{europe_real.LAND[lay.name][r]}"/>')
        assert land in svg, r
        assert (f'<path class="pile" id="pile-{r}" data-region="{r}"' in svg) == (r in lay.piles)
    last_land = max(svg.index(f'id="region-{r}"') for r in REGIONS)
    assert all(svg.index(f'id="pile-{r}"') > last_land for r in lay.piles)


def test_the_phone_board_is_the_map_above_and_the_table_below() -> None:
    """On a phone the map fills the width and the players' table and the supply stand below
    Europe, not on its land: every pile lies above them."""
    assert L.TALL.width == 390
    below = min(L.TALL.table.y, L.TALL.supply.y)
    assert all(L.TALL.tile(r).y + L.TALL.tile(r).h < below for r in REGIONS)
    assert L.TALL.supply.x >= L.TALL.table.x + L.TALL.table.w
    assert max(L.TALL.table.y + L.TALL.table.h, L.TALL.supply.y + L.TALL.supply.h) \
        <= L.TALL.height


@pytest.mark.parametrize("lay", [lay for lay in ALL if lay.screen == "tall"],
                         ids=lambda lay: lay.name)
def test_the_phone_boards_table_and_supply_stand_on_africa(lay: L.Arrangement) -> None:
    """The land beyond the game goes on below Europe as Africa does (to the Sahel): a phone's
    players' table and supply stand on it, not on a sea where Africa was cut off (box
    owners: "Africa ends in sea"), and the compass rose lies on no region's land."""
    shore = europe_board.shapes_of(europe_real.SHORES[lay.name])
    for b in (lay.table, lay.supply):
        here = shapely.box(b.x, b.y, b.x + b.w, b.y + b.h)
        assert here.intersection(shore).area >= 0.9 * here.area, (lay.name, b)
    x, y = europe_real.ROSE[lay.name]
    rose = shapely.Point(x, y).buffer(L.COMPASS_R)
    assert not any(rose.intersects(g) for g in drawn(lay).values())


@pytest.mark.parametrize("screen", L.SCREENS)
@pytest.mark.parametrize("players", [2, 3])
def test_fewer_players_see_their_regions_larger(screen: str, players: int) -> None:
    """R2.1: with 2 or 3 players the board frames the regions in play, at the board's size:
    the map is zoomed in on them (2 players: 1.24 times), those out of play are at its edge,
    dimmed and without a pile, and take less of the land than on the whole map; each named
    where its land has room, its name clear of every pile and link."""
    lay, whole = L.ARRANGEMENTS[L.board_name(screen, players)], L.ARRANGEMENTS[screen]
    assert (lay.width, lay.height) == (whole.width, whole.height)
    w, w4 = europe_board.map_window(lay), europe_board.map_window(whole)
    zoom = (w4[2] - w4[0]) / (w[2] - w[0])
    in_play = set(regions_in_play(players))

    def out_share(arrangement: L.Arrangement) -> float:
        shapes = drawn(arrangement)
        land = sum(g.area for g in shapes.values())
        return sum(g.area for r, g in shapes.items() if r not in in_play) / land

    print(f"{lay.name}: zoom {zoom:.2f}; regions out of play {out_share(lay):.2f} of the land "
          f"(the whole map: {out_share(whole):.2f})")
    assert zoom >= (1.2 if players == 2 else 1.02)
    assert out_share(lay) < out_share(whole) - 0.04
    taken = shapely.union_all([pile(lay, r) for r in lay.piles]
                              + [shapely.LineString(way) for way in lay.crossings.values()])
    for r, (x, y) in lay.labels.items():
        assert r not in in_play
        assert not europe_board._label_box(x, y).intersects(taken), r


def test_land_neighbours_are_told_apart_by_their_tints() -> None:
    """Each region is a tint of its own, as on the box, and two regions whose land meets
    (R2.2's land pairs) are never of one colour: their hues lie 40° or more apart (box
    owners: "Scandia, Germania and Tartaria the same green"), every tint a light parchment
    under which a region's dark name reads (lightness 0.7 or more)."""
    css = (Path(board.__file__).parents[1] / "style.css").read_text(encoding="utf-8")
    tints = dict(re.findall(
        r'\.board \.region\[data-region="(\w+)"\] \{ --tint: (#[0-9a-f]{6}); \}', css))
    assert set(tints) == set(REGIONS)
    hls = {r: colorsys.rgb_to_hls(*(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)))
           for r, c in tints.items()}
    for pair in LAND_PAIRS:
        a, b = sorted(pair)
        apart = abs(hls[a][0] - hls[b][0]) * 360
        assert min(apart, 360 - apart) >= 40, (a, b, tints[a], tints[b])
    assert all(light >= 0.7 for _hue, light, _sat in hls.values())
