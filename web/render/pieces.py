"""The game's pictures: one icon per token symbol (the six classes, Majority, All) and one
piece per player, drawn the same in every language.

Why pictures: the marks of letters meant two things (a player "A" and a token's "A" for all,
"B" a player and the Merchant) and read as "5+MaToToCaCo" in other languages. An icon is a
``<symbol>`` in the board's ``<defs>`` (:data:`DEFS`), used by ``<use href="#ico-…">`` on the
board, the cards, the strike panel and How to play: the page holds one drawing of each. The
words stay in accessible names and titles. Players are told apart by colour and by a shape of
their own (square, disc, hexagon, diamond by seat), never by a letter.
"""

from __future__ import annotations

from model.game_config import COLOURS, ink_on
from text.catalogue import t

from render.escaping import esc

#: Each token symbol's drawing on a 12×12 grid (R9: P B C K W R M A), as simple filled shapes
#: that stay readable at 10 px.
ICON_PATHS: dict[str, str] = {
    # Peasant: a pitchfork
    "P": '<path d="M5.2 12V6.2H3.4C2.2 6.2 1.6 5.2 1.6 4V.6h1.3V4c0 .5.2.9.7.9h1.6V.6h1.6'
         'v4.3h1.6c.5 0 .7-.4.7-.9V.6h1.3V4c0 1.2-.6 2.2-1.8 2.2H6.8V12z"/>',
    # Merchant: a purse of coins
    "B": '<path d="M4.2.8h3.6L6.9 3.3C9.6 4.2 11.3 6.4 11.3 8.6c0 2-2.2 3.2-5.3 3.2S.7 10.6.7 '
         '8.6c0-2.2 1.7-4.4 4.4-5.3z"/><path class="ico-cut" d="M4.4 7.2h3.2M4.4 9.2h3.2"/>',
    # Monk: the cross
    "C": '<path d="M4.9.4h2.2v3.3h3.3v2.2H7.1v6H4.9v-6H1.6V3.7h3.3z"/>',
    # Knight: a shield
    "K": '<path d="M6 .5l5 1.9v3.4c0 3-2 5.3-5 6.4-3-1.1-5-3.4-5-6.4V2.4z"/>'
         '<path class="ico-cut" d="M6 2.6v7.2M3.2 5.2h5.6"/>',
    # Witch: a pointed hat
    "W": '<path d="M6.3.3 9 8.2H3.2L5.4 3 3.6 2.2z"/><rect x=".4" y="8.6" width="11.2" '
         'height="2.2" rx="1.1"/>',
    # King: a crown
    "R": '<path d="M.8 3.4 3.6 6 6 1.6 8.4 6l2.8-2.6-1 7H1.8z"/><rect x="1.8" y="10.8" '
         'width="8.4" height="1.2"/>',
    # Majority: the tallest of three stacks
    "M": '<rect x=".6" y="7" width="3" height="4.6" rx=".5" opacity=".45"/>'
         '<rect x="4.5" y="4.6" width="3" height="7" rx=".5" opacity=".45"/>'
         '<rect x="8.4" y=".6" width="3" height="11" rx=".5"/>',
    # All: three people
    "A": '<circle cx="2.6" cy="4" r="1.7"/><circle cx="6" cy="2.6" r="1.9"/>'
         '<circle cx="9.4" cy="4" r="1.7"/><path d="M0 11c0-2.4 1.1-4.6 2.6-4.6S5.2 8.6 5.2 '
         '11zM3.2 11c0-3 1.2-6.2 2.8-6.2s2.8 3.2 2.8 6.2zM6.8 11c0-2.4 1.1-4.6 2.6-4.6S12 8.6 '
         '12 11z"/>',
}

#: Pictures of the board's own places: the palace, the reserve, the board (regions).
PLACE_PATHS: dict[str, str] = {
    "palace": '<path d="M1 11V5l2-1.6V2h1.4v.4L6 1l1.6 1.4V2H9v1.4L11 5v6H7.4V8H4.6v3z"/>',
    "reserve": '<path d="M1 4.2 6 2l5 2.2v6.6L6 13 1 10.8z" opacity=".5"/>'
               '<path d="M1 4.2 6 6.4l5-2.2L6 2z"/>',
    "regions": '<path d="M.6 2.2 4.4.8l3.2 1.4 3.8-1.4v9.6l-3.8 1.4-3.2-1.4-3.8 1.4z"/>',
    # a route: two footprints, one ahead of the other (the Knight's steps, R6.3)
    "steps": '<ellipse cx="3.4" cy="6.4" rx="1.9" ry="2.7"/><ellipse cx="3.4" cy="10.6" '
             'rx="1.4" ry="1.1"/><ellipse cx="8.6" cy="2.9" rx="1.9" ry="2.5"/>'
             '<ellipse cx="8.6" cy="6.9" rx="1.4" ry="1.1"/>',
    "you": '<circle cx="6" cy="3.4" r="2.6"/><path d="M1.4 12c0-3 2-5.4 4.6-5.4s4.6 2.4 4.6 '
           '5.4z"/>',
    "others": '<circle cx="3.6" cy="4" r="2"/><circle cx="8.4" cy="4" r="2"/><path d="M0 12c0-2.8 '
              '1.6-5.2 3.6-5.2S7.2 9.2 7.2 12zM4.8 12c0-2.8 1.6-5.2 3.6-5.2S12 9.2 12 12z"/>',
    # a bell: this device sounds when its turn comes (an online game)
    "bell": '<path d="M6 .8c-2.2 0-3.6 1.7-3.6 4v2.6L1 9.4h10L9.6 7.4V4.8C9.6 2.5 8.2.8 6 .8z"/>'
            '<circle cx="6" cy="10.6" r="1.3"/>',
}

#: The shape of each seat's pieces (seat 0, 1, 2, 3), as a path around (0, 0) of size 1
#: (scaled by the piece's size): a player is told apart without colour.
SHAPES: tuple[str, ...] = ("square", "disc", "hexagon", "diamond")
_SHAPE_PATHS = {
    "square": "M-.46-.46H.46V.46H-.46z",
    "disc": "M-.5 0A.5 .5 0 1 0 .5 0A.5 .5 0 1 0-.5 0z",
    "hexagon": "M0-.52.45-.26V.26L0 .52-.45.26V-.26z",
    "diamond": "M0-.56.56 0 0 .56-.56 0z",
}


def defs() -> str:
    """The symbols every picture of the page uses (put once into the board's ``<defs>``)."""
    icons = "".join(f'<symbol id="ico-{s}" viewBox="0 0 12 12">{p}</symbol>'
                    for s, p in {**ICON_PATHS, **PLACE_PATHS}.items())
    return icons + BEVEL


#: The light on a wooden piece: its top-left catches it, its bottom-right is in its own shade
#: (over the piece's colour, whatever its shape; clear in the middle, where its count stands).
BEVEL = ('<linearGradient id="piece-bevel" x1="0" y1="0" x2="1" y2="1">'
         '<stop offset="0" stop-color="#fff" stop-opacity=".6"/>'
         '<stop offset=".38" stop-color="#fff" stop-opacity="0"/>'
         '<stop offset=".62" stop-color="#000" stop-opacity="0"/>'
         '<stop offset="1" stop-color="#000" stop-opacity=".4"/></linearGradient>')


def icon(symbol: str, x: float, y: float, size: float, cls: str = "ico") -> str:
    """A symbol's picture inside the board's SVG, its top left corner at (x, y)."""
    return (f'<use class="{cls} ico-{symbol}" href="#ico-{symbol}" x="{x:.1f}" y="{y:.1f}" '
            f'width="{size:g}" height="{size:g}"/>')


def icon_html(symbol: str, words: str = "") -> str:
    """A symbol's picture in the page's text (cards, the strike panel, How to play): an inline
    SVG using the board's symbol; ``words`` are its name for screen readers and on hover."""
    label = (f' role="img" aria-label="{esc(words)}"><title>{esc(words)}</title>' if words
             else ' aria-hidden="true">')
    return (f'<svg class="ico-inline ico-{symbol}" viewBox="0 0 12 12"{label}'
            f'<use href="#ico-{symbol}"/></svg>')


def shape_path(seat: int, size: float) -> str:
    """The outline of ``seat``'s pieces, ``size`` across, centred on (0, 0)."""
    d = _SHAPE_PATHS[SHAPES[seat % len(SHAPES)]]
    return f'<path class="shape" d="{d}" transform="scale({size:g})"/>'


def piece(seat: int, colour: str, size: float, count: int | None = None) -> str:
    """One of a player's pieces, centred on (0, 0): their shape in their colour, raised by a
    darker edge and lit from the top left (:data:`BEVEL`) like a small wooden block; with
    ``count`` written on it in the ink that contrasts."""
    fill = COLOURS.get(colour, "#888")
    body = shape_path(seat, size)
    text = ""
    if count is not None:
        # (never under the board's smallest text, 11 units: a phone's pieces are smaller)
        font = max(11.0, size * 0.6 if count < 10 else size * 0.55)
        text = (f'<text class="piece-count" y="{font * 0.36:.1f}" fill="{ink_on(colour)}" '
                f'style="font-size:{font:.1f}px">{count}</text>')
    return (f'<g class="piece seat-{seat}" style="--fill:{fill}">'
            f'<g class="piece-edge" transform="translate(0 1.6)">{body}</g>'
            f'<g class="piece-top">{body}</g><g class="piece-bevel">{body}</g>{text}</g>')


#: Each shape's path's width and height for a size of 1: a loss mark fills its place in
#: the tile whatever the shape (a diamond stands taller and narrower than a square).
_SHAPE_EXTENTS = {"square": (.92, .92), "disc": (1.0, 1.0), "hexagon": (.9, 1.04),
                  "diamond": (1.12, 1.12)}


def loss_mark(seat: int, colour: str, width: float, height: float, lost: int) -> str:
    """The cubes a strike cost a player in a region, centred on (0, 0), ``width`` by
    ``height``: their shape in their colour, as their cube pieces are, but flat (no wooden
    edge: it is no piece standing there) and drawn wide enough to hold "−n", with a dashed
    red rim on a dark one — a loss, and whose, without reading the column it stands in,
    without colour, and on any hatch."""
    fill = COLOURS.get(colour, "#888")
    shape = SHAPES[seat % len(SHAPES)]
    w, h = _SHAPE_EXTENTS[shape]
    font = 11  # (the board's smallest text)
    outline = (f'd="{_SHAPE_PATHS[shape]}" transform="scale({width / w:.2f} {height / h:.2f})" '
               'vector-effect="non-scaling-stroke"')
    # (on a dark rim first: yellow on a target's yellow hatch is read by its edge)
    return (f'<g class="loss-mark seat-{seat}" style="--fill:{fill};--ink:{ink_on(colour)}">'
            f'<path class="rim" {outline}/><path class="shape" {outline}/>'
            f'<text class="loss" y="{font * 0.36:.1f}" style="font-size:{font}px">'
            f'\u2212{lost}</text></g>')


def piece_html(seat: int, colour: str, words: str = "") -> str:
    """A player's piece in the page's text (the players' panel, the cards, the strike panel)."""
    label = (f' role="img" aria-label="{esc(words)}"' if words else ' aria-hidden="true"')
    return (f'<svg class="piece-inline" viewBox="-9 -9 18 20"{label}>'
            f'{piece(seat, colour, 15)}</svg>')


def with_icons(text: str, icons: dict[str, str]) -> str:
    """``text`` (made by ``t`` with each field of ``icons`` filled by :func:`slot`) escaped,
    with each slot replaced by its symbol's picture: a sentence such as "each outbreak showing
    {sym} costs…" keeps its words in every language and shows the icon in the middle."""
    html = esc(text)
    for name, symbol in icons.items():
        html = html.replace(slot(name), icon_html(symbol, _words(symbol)))
    return html


def slot(name: str) -> str:
    """A placeholder for an icon inside a sentence (see :func:`with_icons`): no text holds it."""
    return f"\x00{name}\x00"


def _words(symbol: str) -> str:
    return t("sym." + symbol)
