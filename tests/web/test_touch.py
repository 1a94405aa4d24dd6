"""A phone: the words on a touch screen and the map's zoom geometry (zoom_geometry.py),
on CPython. The taps themselves are played in e2e/test_touch.py."""

from __future__ import annotations

import re
import string

import pytest
from control import zoom_geometry
from text import catalogue
from text.catalogue import EN, t

#: The touch variants: key -> text (``x.touch`` says ``x`` on a touch screen).
TOUCH = {k.removesuffix(".touch"): v for k, v in EN.items() if k.endswith(".touch")}


@pytest.fixture
def touch():
    catalogue.use_touch(True)
    yield
    catalogue.use_touch(False)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_text_that_says_click_says_tap_on_a_touch_screen() -> None:
    clicking = {k for k, v in EN.items() if re.search(r"\bclick", v, re.I)
                and not k.endswith(".touch")}
    assert clicking, "the desktop texts say click"
    assert clicking <= set(TOUCH), sorted(clicking - set(TOUCH))
    for key, text in TOUCH.items():
        assert key in EN, f"{key}: a touch variant of no text"
        assert not re.search(r"\bclick", text, re.I), key
        assert re.search(r"\btap", text, re.I), key
        assert fields(text) == fields(EN[key]), key  # the same numbers and names filled in


def test_the_page_says_tap_only_once_it_knows_the_screen_is_touched(touch) -> None:
    assert t("status.setup", name="Ann", count=2) == (
        "Ann: place 2 cubes — tap any highlighted region (setup).")
    assert t("why.pick_token") == "Tap a rat token (not the region)."
    assert t("btn.undo") == EN["btn.undo"]  # a text with no touch variant stays as it is
    catalogue.use_touch(False)
    assert "click any highlighted region" in t("status.setup", name="Ann", count=2)


def test_how_to_play_tells_how_to_zoom_by_the_buttons_names() -> None:
    from render import how_to_play
    from render.frame import DEMO_SEATS

    html = how_to_play.panel(DEMO_SEATS)
    assert "two fingers" in html and f"“{t('btn.whole_map')}”" in html and "{" not in html


def shown_at(point, size, view):
    """Where a point of the map shows in the box under Panzoom's ``scale(s) translate(x, y)``
    about the box's centre."""
    s, x, y = view
    return (size[0] / 2 + s * (point[0] - size[0] / 2 + x),
            size[1] / 2 + s * (point[1] - size[1] / 2 + y))


def test_a_zoom_near_the_edge_keeps_the_map_over_the_whole_box() -> None:
    size = (390, 320)
    view = zoom_geometry.centred((5, 310), size, 4.0)  # a token in the corner
    left, top = shown_at((0, 0), size, view)
    right, bottom = shown_at(size, size, view)
    assert left <= 0 and top <= 0 and right >= 390 - 1e-9 and bottom >= 320 - 1e-9
    assert shown_at((5, 310), size, view)[0] < 195  # still seen, towards its corner


def test_a_tap_takes_the_nearest_target_or_zooms_when_two_are_as_near() -> None:
    assert zoom_geometry.nearest([]) == (None, False)
    assert zoom_geometry.nearest([(12, "tok-Gallia-1"), (18, "tok-Gallia-2")]) == \
        ("tok-Gallia-1", False)
    assert zoom_geometry.nearest([(12, "tok-Gallia-1"), (12, "tok-Gallia-2")]) == (None, True)
    rings = zoom_geometry.ring_points(100, 100)
    assert max(r for r, _, _ in rings) == zoom_geometry.NEAR_PX == zoom_geometry.FINGER_PX / 2
    assert [r for r, _, _ in rings] == sorted(r for r, _, _ in rings)  # nearest first
