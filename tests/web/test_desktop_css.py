"""A desktop's map column is the board's width (style.css): the figures style.css and the
build take from the board's drawing agree with it.

* The build writes the shown board's aspect on ``#app`` (``--board-aspect``, by the same
  ``WIDE_QUERY`` that picks the board: tools/first_screen.py); style.css falls back on the
  WIDE board's.
* The media query that lays the side column's panels in two columns (a side column of 600 px
  or more beside a board as high as the window) is written with the WIDE board's aspect: a
  media query cannot read a custom property.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import fakepage  # noqa: F401  (first: the fake pyscript / pyodide.ffi modules)
import pytest
from render import board
from render import board_layout as L

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
TOP_H = 28 + 10 + 3.45 * .7 * 16  # px: --top-h, the title row and the toolbar (style.css)
MARGINS = 12 + 4  # px: #app's padding above and below, the map box's padding below
SIDE = 600  # px: the side column's width from which it has two columns
GAPS = 24 + 14  # px: #app's padding left and right, the column gap


def test_the_build_writes_each_boards_aspect_on_app() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    import first_screen

    drawn = first_screen.board_drawings()
    assert f"#app{{--board-aspect:{board.aspect(L.TALL)}}}" in drawn
    wide = drawn[drawn.index(f"@media {L.WIDE_QUERY}"):]
    assert f"#app{{--board-aspect:{board.aspect(L.WIDE)}}}" in wide


def test_style_css_falls_back_on_the_wide_boards_aspect() -> None:
    fallbacks = re.findall(r"var\(--board-aspect, ([\d.]+)\)", CSS)
    assert fallbacks and {float(f) for f in fallbacks} == {float(board.aspect(L.WIDE))}
    assert "--top-h: calc(28px + 10px + 3.45 * .7rem)" in CSS


def test_the_two_columns_query_is_the_wide_boards() -> None:
    """100vw − GAPS − (100vh − MARGINS − TOP_H) × aspect ≥ SIDE."""
    aspect = float(board.aspect(L.WIDE))
    found = re.findall(r"@media[^{]*min-width: calc\(([\d.]+)px \+ ([\d.]+)vh\)", CSS)
    assert len(found) == 1
    px, vh = map(float, found[0])
    assert vh == pytest.approx(100 * aspect, abs=0.01)
    assert px == pytest.approx(GAPS + SIDE - (MARGINS + TOP_H) * aspect, abs=1)
