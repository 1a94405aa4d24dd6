"""The board's Europe is Natural Earth's (tools/europe_geo.py): the regions grouped from modern
countries as R2's table shows them, so that the real land borders are exactly R2.2's land
pairs and its sea pairs face each other across water; a cartogram that gives small regions room
stays Europe.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import shapely

from rattus import REGIONS
from rattus.board import NEIGHBOUR_PAIRS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import europe_geo as G  # noqa: E402

LAND_PAIRS = {frozenset(p) for p, sea in NEIGHBOUR_PAIRS.items() if not sea}
SEA_PAIRS = {frozenset(p) for p, sea in NEIGHBOUR_PAIRS.items() if sea}


@pytest.fixture(scope="module")
def truth():
    return G.true_regions()


def test_every_region_is_drawn_from_its_countries(truth) -> None:
    """R2: twelve regions, each its countries' land inside the board's frame."""
    assert list(truth) == list(REGIONS)
    for region, land in truth.items():
        assert land.area > 200_000, region  # (km²: Italia, the smallest, has 301 000)
        assert shapely.box(*G.FRAME).contains(land), region


def test_land_neighbours_share_a_border_and_no_others_touch(truth) -> None:
    """R2.2: the regions whose real land borders meet are exactly the land pairs, each along
    at least 50 km."""
    met = G.contacts(truth, 1.0)
    assert {frozenset(p) for p in met} == LAND_PAIRS
    assert min(met.values()) >= 50, met


def test_sea_neighbours_face_each_other_across_water(truth) -> None:
    """R2.2: a sea pair's lands are apart, and a straight way over the water joins them, at
    most half as long again as the gap, crossing no other region's land (the North Sea between
    Anglia and Scandia, the Black Sea between Tartaria and Turcia)."""
    for pair in SEA_PAIRS:
        a, b = sorted(pair)
        gap = truth[a].distance(truth[b])
        assert 20 < gap < 400, (a, b, gap)
        others = shapely.union_all([truth[r] for r in REGIONS if r not in pair])
        near = truth[a].boundary.intersection(truth[b].buffer(1.5 * gap))
        ways = [shapely.shortest_line(shapely.Point(p), truth[b])
                for p in shapely.get_coordinates(near)]
        assert any(not way.intersects(others) for way in ways), (a, b)


def test_the_cartogram_keeps_the_borders_and_stays_europe(truth) -> None:
    """A cartogram that grows Anglia and Italia by half and trims Russia keeps every border of
    R2.2 (the same pairs touch, sea pairs stay apart) and stays close to the true map (after
    an affine fit of the centres: residual under 0.1 of their spread, land's IoU over 0.75)."""
    grown = G.cartogram(G.simplified(truth, 6, 1500),
                        {"Anglia": 1.5, "Italia": 1.5, "Russia": 0.75})
    assert all(g.is_valid for g in grown.values())
    assert grown["Anglia"].area > 1.3 * truth["Anglia"].area
    assert grown["Russia"].area < 0.85 * truth["Russia"].area
    assert {frozenset(p) for p in G.contacts(grown, 1.0)} == LAND_PAIRS
    residual, iou = G.fit(grown, truth)
    assert residual < 0.1 and iou > 0.75, (residual, iou)


def test_on_both_boards_borders_and_seas_can_be_seen(truth) -> None:
    """R2.2 on small maps of the cartogram (390 × 440, a phone's; 527 × 470; four players;
    Jutland's neck widened by its lens): the land pairs share at least 12 units of
    border and no other pair touches, and each sea pair has a straight way of at least 12
    units over water between its lands that crosses no other region's (where its link goes);
    the whole still Europe (IoU over 0.75)."""
    grown = G.cartogram(G.simplified(G.lensed(truth), 5, 1500), G.GROWTH)
    assert G.fit(grown, truth)[1] > 0.75
    for width, height in ((390, 440), (527, 470)):
        shapes = G.board_shapes(grown, G.frame(grown, 4), width, height, 0.6)
        met = G.contacts(shapes, 0.5)
        assert {frozenset(p) for p in met} == LAND_PAIRS
        assert min(met.values()) >= 12, (width, met)
        for pair in SEA_PAIRS:
            assert G.sea_crossing(shapes, *sorted(pair), least=12) is not None, (width, pair)
