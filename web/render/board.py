"""The board: its tiles and links (drawn once), and per position the tiles' states, the rat
tokens, cubes, the plague piece, the supply, the players' table and what strikes and the aids
add.

Input is a seat's view (``Game.view``), never the game: a face appears only where the view
holds it (the Witch's holder, R6.6/R8.3) or for tokens revealed in a strike (public, R8.1).
Every thing has its own place in its tile (render/board_layout.py), so nothing is drawn over
anything; each drawn thing carries ``data-piece`` (a name that stays the same while it stays
where it is), by which the browser acts changes out (browser/motion.py).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from model.game_config import Seat, default_seats
from model.keymap import region_key, token_key
from model.targets import Offer
from text import catalogue
from text.catalogue import card, decimal, region, symbols, t, tn

from rattus import CARDS, REGIONS
from rattus.board import NEIGHBOUR_PAIRS
from rattus.cards import CARD_SYMBOL
from render import board_layout as L
from render import ending, europe_real, panels, pieces
from render.escaping import esc

if TYPE_CHECKING:
    from rattus.shapes import Face, RegionView, View

#: Patterns added to the board: legal targets get a hatch as well as a colour and a dashed
#: outline (shape, not colour alone); regions out of play a grey hatch; the paper of a map of
#: Europe as it is, a quiet speckle over land and sea (``.paper``).
DEFS = """
<pattern id="paper" patternUnits="userSpaceOnUse" width="41" height="37"><path
 d="M4 6h1M19 13h1M33 4h1M10 25h1M27 29h1M37 20h1M15 33h1M23 2h1" stroke="#6b4e1e"
 stroke-opacity=".22" stroke-width="1.3" stroke-linecap="round"/></pattern>
<pattern id="hatch-target" patternUnits="userSpaceOnUse" width="9" height="9"
 patternTransform="rotate(45)"><rect width="9" height="9" fill="#fff3bf"/>
<line x1="0" y1="0" x2="0" y2="9" stroke="#f0b450" stroke-width="2"/></pattern>
{risk_hatches}<pattern id="hatch-out" patternUnits="userSpaceOnUse" width="7" height="7"
 patternTransform="rotate(-45)"><rect width="7" height="7" fill="#d9d3c4"/>
<line x1="0" y1="0" x2="0" y2="7" stroke="#c2baa8" stroke-width="2"/></pattern>
""".replace("{risk_hatches}", "".join(
    # a target with Odds on: the hatch over the region's shade, so both read (style.css)
    f'<pattern id="hatch-risk-{i}" patternUnits="userSpaceOnUse" width="9" height="9" '
    f'patternTransform="rotate(45)"><rect width="9" height="9" style="fill: var(--risk-{i})"/>'
    f'<line x1="0" y1="0" x2="0" y2="9" stroke="#f0b450" stroke-width="2"/></pattern>\n'
    for i in range(1, 5)))

#: Advance widths (SVG units) used to size boxes around texts: generous, so that a wide font
#: (DejaVu Sans Bold) still fits.
CHAR_W = 7.6


def region_label(name: str) -> str:
    return region(name)


def skeleton(lay: L.Arrangement, title: str = "Rattus", first: bool = False) -> str:
    """The board's drawing that no position changes, in the arrangement ``lay``: the sea, the
    tiles (each region's clickable shape), the supply box and the players' table. The build
    puts it into the first screen (``first``: shown only while its screen wants ``lay``,
    :func:`first_sketch`); the page draws it anew when the screen wants the other arrangement
    (browser/map_view.py)."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {lay.width:g} {lay.height:g}" '
            f'id="map" role="group" aria-label="{esc(title)}" '
            f'class="board{" first" if first else ""}" data-board="{lay.name}" '
            f'style="--aspect: {aspect(lay)}">'
            f'{skeleton_inside(lay)}</svg>')


def aspect(lay: L.Arrangement) -> str:
    """The drawing's width over its height: the page sizes the board's box by it to fit the
    room the screen gives it (style.css ``--aspect``)."""
    return f"{lay.width / lay.height:.4f}"


def skeleton_inside(lay: L.Arrangement) -> str:
    """What :func:`skeleton`'s ``<svg>`` holds (the patterns and pictures first)."""
    return f'<defs>{DEFS}{pieces.defs()}</defs>{_skeleton_rects(lay, True)}'


def first_sketch(lay: L.Arrangement) -> str:
    """The skeleton of the arrangement the first screen shows only if its screen wants it
    (tools/first_screen.py, by CSS before any Python runs): its rects alone, no names (the
    page takes over the other one, ``#map``), and gone once Python draws."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {lay.width:g} {lay.height:g}" '
            f'class="board first-sketch" data-board="{lay.name}" aria-hidden="true" '
            f'style="--aspect: {aspect(lay)}">'
            f'{_skeleton_rects(lay, False)}</svg>')


def _skeleton_rects(lay: L.Arrangement, named: bool) -> str:
    """The sea, the land beyond the game (``.shore``) and, but on the first screen's sketch,
    the seas' names; then each region's land (render/europe_real.py): the clickable
    ``.region``, drawn as its state classes say (style.css ``.region.…``); over all the lands,
    each region's pile's plate (``.pile``: its box where it leaves its region's own land, on
    the sea or a neighbour's land, which it hides; a click on it is one on its region; the
    map view gives it its region's state classes, so that a region's land and its plate are
    drawn as one, and what a finger touches there is the pile); the supply box and the
    table."""
    lands, plates = [], []
    drawn = europe_real
    for r in REGIONS:
        # (the first screen's sketch: no control, no ids; its region named for its tint)
        name = f' id="region-{r}" data-region="{r}"' if named else f' data-region="{r}"'
        lands.append(f'<path{name} class="region" d="{drawn.LAND[lay.name][r]}"/>')
        if r not in lay.piles:  # (out of play on a map framed to the regions in play)
            continue
        on = f' id="pile-{r}" data-region="{r}"' if named else f' data-region="{r}"'
        plates.append(f'<path class="pile"{on} d="{drawn.PLATES[lay.name].get(r, "")}"/>')
    sx, sy, sw, sh = lay.supply
    tx, ty, tw, th = lay.table
    shores = drawn.SHORES[lay.name]
    rose = drawn.ROSE[lay.name]
    shallows = "".join(f'<path class="shallows s{i}" d="{d}"/>'
                       for i, d in enumerate(drawn.SHALLOWS[lay.name]))
    return (f'<rect class="sea" width="{lay.width:g}" height="{lay.height:g}" rx="6"/>'
            + shallows + (f'<path class="shore" d="{shores}"/>' if shores else "")
            + (_sea_names(lay) if named else "")
            + _compass_rose(*rose)
            + f'<g class="tiles">{"".join(lands)}</g>{_relief(lay)}'
            + f'<g class="piles">{"".join(plates)}</g>'
            # (the paper's pattern is in the board's <defs>, which the sketch has not)
            + (f'<rect class="paper" width="{lay.width:g}" height="{lay.height:g}" rx="6"/>'
               if named else "")
            + f'<rect class="box supply-box" x="{sx:g}" y="{sy}" width="{sw}" height="{sh}" '
            f'rx="9"/><rect class="box table-box" x="{tx:g}" y="{ty}" width="{tw}" '
            f'height="{th}" rx="9"/>')


def _relief(lay: L.Arrangement) -> str:
    """The rivers and the mountains' peaks on the land (render/europe_real.py: Natural
    Earth's rivers, a few ranges), under the piles and clear of them: a map's drawing, as the
    box's, that no click or screen reader meets."""
    rivers = europe_real.RIVERS[lay.name]
    h, w = L.PEAK_H, L.PEAK_W
    peaks = "".join(f"M{x - w:g} {y:g}l{w:g}-{h:g} {w:g} {h:g}"
                    for x, y in europe_real.PEAKS[lay.name])
    return ('<g class="relief" aria-hidden="true">'
            + (f'<path class="rivers" d="{rivers}"/>' if rivers else "")
            + (f'<path class="peaks" d="{peaks}"/>' if peaks else "") + "</g>")


def _compass_rose(x: float, y: float) -> str:
    """A map's compass rose on open water (render/europe_real.py ``ROSE``): north up, as the
    map is drawn."""
    r = L.COMPASS_R
    return (f'<g class="compass" transform="translate({x:g} {y:g})" aria-hidden="true">'
            f'<circle r="{r * 0.65:g}"/><path d="M0-{r}L3.5 0 0 {r}-3.5 0Z"/>'
            f'<path d="M-{r} 0L0 3.5 {r} 0 0-3.5Z"/><path class="north" d="M0-{r}L3.5 0H-3.5Z"/>'
            f'<text y="-{r + 3}">N</text></g>')


def _sea_names(lay: L.Arrangement) -> str:
    """The seas' names on the water (the map's ``SEA_NAMES``: Latin, as the regions' names,
    the same in every language): a map's lettering, unseen by a screen reader."""
    def lines(name: str, x: float) -> str:  # (a name where a line has no room: its words
        words = name.split("\n")            # one under the other)
        if len(words) == 1:
            return esc(name)
        return "".join(f'<tspan x="{x:g}"' + (f' dy="{L.SEA_LEADING:g}"' if i else "")
                       + f'>{esc(w)}</tspan>' for i, w in enumerate(words))

    names = "".join(f'<text x="{x:g}" y="{y:g}"'
                    + (f' transform="rotate({turn} {x:g} {y:g})"' if turn else "")
                    + f'>{lines(name, x)}</text>'
                    for name, x, y, turn in europe_real.SEA_NAMES[lay.name])
    return (f'<g class="sea-names" style="font-size:{L.SEA_NAME:g}px" aria-hidden="true">'
            f'{names}</g>' if names else "")


def _rat_glyph(r: float) -> str:
    """A rat in profile, drawn in a token's circle of radius ``r`` (the back of every rat
    token)."""
    k = 1.25 * r / L.TOKEN_R
    return (f'<g class="rat" transform="scale({k:g})">'
            '<path d="M-6 2.2C-6.4-2.8 1.5-4.6 4-1.3L7.4.6 4.2 2.2C2 3.6-3.8 3.7-6 2.2Z"/>'
            '<circle cx="2.3" cy="-2.7" r="1.5"/>'
            '<path class="tail" d="M-6 2.2q-2.6.6-2.7-2"/>'
            '<circle class="rat-eye" cx="4.24" cy="-.08" r=".64"/></g>')


def rat_back(r: float = L.TOKEN_R) -> str:
    """A face-down rat token of radius ``r``, centred on (0, 0) (the board's and its motions'
    one drawing)."""
    return f'<circle class="back" r="{r:g}"/>{_rat_glyph(r)}'


#: How far the plague piece's drawing reaches from its centre at scale 1 (its hat's top, its
#: base's rim): scaled to the pile's ``plague_r``
PLAGUE_REACH = 11.0


def plague_body(reach: float = PLAGUE_REACH) -> str:
    """The plague piece, centred on (0, 0), within ``reach`` of it: a black figure (a plague
    doctor: cloak, beaked mask, hat) on a red-rimmed base, as the box's black wooden piece."""
    k = reach / PLAGUE_REACH
    return ((f'<g transform="scale({k:.3g})">' if k != 1 else "<g>")
            + '<ellipse class="pp-base" cy="7.5" rx="10" ry="3.6"/>'
            '<path class="pp-fig" d="M-7 8.5C-7 .5-4.5-3 0-3S7 .5 7 8.5Z'
            'M2.4-5.6 8.6-2.4 2-2.6ZM-6.2-7.4h12.4v1.6H-6.2ZM-3.4-11h6.8v3.8h-6.8Z"/>'
            '<circle class="pp-fig" cy="-4.2" r="3.4"/></g>')


def _token(lay: L.Arrangement, region_name: str, slot: int, at: int, face: Face | None,
           starting: bool, target: bool, selected: bool, hinted: bool = False) -> str:
    """The ``slot``-th face-down rat token of a region (as the view counts them), drawn in
    token place ``at``: its back, or, where this seat's Witch saw it, its face (its threshold
    on the token, its symbols in its words)."""
    label = (t("token.aria_known", slot=slot, region=region(region_name),
               threshold=face["threshold"], symbols=symbols(face["symbols"]))
             if face else t("token.aria", slot=slot, region=region(region_name)))
    classes = ["token"]
    if starting:
        classes.append("starting")
    if target:
        classes.append("target")
    if selected:
        classes.append("selected")
    if hinted:
        classes.append("hinted")
    x, y = lay.token_at(region_name, at)
    attrs = (f'class="{" ".join(classes)}" data-region="{region_name}" data-slot="{slot}" '
             f'data-piece="token-{region_name}-{at}" '
             f'data-key="{token_key(region_name, slot)}" transform="translate({x:.1f} {y:.1f})"')
    if target:  # a stop of the arrow keys: focusable, in the map's one Tab stop (browser/app.py)
        attrs += f' role="button" tabindex="-1" aria-label="{esc(label)}"'
    else:
        attrs += f' aria-label="{esc(label)}" role="img"'
    parts = [f"<g {attrs}><title>{esc(label)}</title>"]  # the same words on hover
    r = lay.inside.token_r
    if target or selected or hinted:
        parts.append(f'<circle class="ring" r="{r + 3:g}"/>')
    if face is None:
        parts.append(rat_back(r))
    else:
        parts.append(f'<circle class="front known" r="{r:g}"/>'
                     f'<text class="thr" y="4.6">{face["threshold"]}</text>')
    parts.append("</g>")
    return "".join(parts)


def _revealed(lay: L.Arrangement, region_name: str, at: int, face: Face, outbreak: bool,
              fresh: bool, cubes: int, costs_none: bool = False, gone: bool = False) -> str:
    """A token revealed by the strike being told (public, R8.1), turned face up where it lay:
    its threshold on the token (its symbols in its words and the strike's story), red where
    the plague broke out and cost a cube (a threshold reached that hit no one is drawn calm,
    and says so on hover); hovering it says its threshold against the cubes counted and its
    symbols in words.

    Once the strike has been told the token is ``gone`` (R5.4: a revealed token leaves the
    game): still face up, so that what struck can be read, but greyed and crossed out, never
    like a rat token still on the board (style.css ``.revealed.gone``)."""
    if outbreak and costs_none:
        outbreak, verdict = False, t("strike.no_loss")
    else:
        verdict = t("strike.outbreak" if outbreak else "strike.nothing")
    words = t("strike.chip", threshold=face["threshold"], cubes=cubes,
              symbols=symbols(face["symbols"]), verdict=panels.closed(verdict))
    x, y = lay.token_at(region_name, at)
    cls = ("revealed" + (" outbreak" if outbreak else "") + (" fresh" if fresh else "")
           + (" gone" if gone else ""))
    r = lay.inside.token_r
    cross = (f'<path class="gone-cross" d="M-{r * .7:.1f} {r * .7:.1f}L{r * .7:.1f}-{r * .7:.1f}"/>'
             if gone else "")
    return (f'<g class="{cls}" data-piece="token-{region_name}-{at}" aria-hidden="true">'
            f'<title>{esc(words)}</title>'
            f'<g transform="translate({x:.1f} {y:.1f})"><g class="turn-over">'
            f'<circle class="front" r="{r:g}"/>'
            f'<text class="rv-thr" y="4.6">{face["threshold"]}</text>{cross}</g></g></g>')


def _waiting(lay: L.Arrangement, region_name: str, at: int) -> str:
    """A token the strike being told has still to turn over (R5.3: one at a time, oldest
    first), face down where it lies until its turn: a rat token still, but no target and not
    one the view counts (the engine has taken it off the board already)."""
    x, y = lay.token_at(region_name, at)
    return (f'<g class="waiting" data-piece="token-{region_name}-{at}" aria-hidden="true" '
            f'transform="translate({x:.1f} {y:.1f})">{rat_back(lay.inside.token_r)}</g>')


def _cubes(lay: L.Arrangement, region_name: str, counts: list[int], seats) -> str:
    """A region's cubes: one piece per player present, in their colour and shape, with the
    count written on it, each player in their own column of the tile."""
    parts = []
    for p, c in enumerate(counts):
        if not c:
            continue
        x, y = lay.cubes_at(region_name, p, len(seats))
        parts.append(f'<g class="cube" data-piece="cubes-{region_name}-{p}" '
                     f'transform="translate({x:.1f} {y:.1f})">'
                     f'{pieces.piece(p, seats[p].colour, lay.inside.piece, c)}</g>')
    return "".join(parts)


def _losses(lay: L.Arrangement, region_name: str, by_seat: dict[int, int], seats) -> str:
    """The cubes the strike being told has cost, under each player's column: a loss is seen
    where it happened, not only in the panel, in the loser's colour and shape (one red for
    all said only "a loss", never whose)."""
    marks_ = []
    for seat, n in sorted(by_seat.items()):
        x = lay.seat_column(region_name, seat, len(seats))
        y, (_y, w, h) = lay.loss_y(region_name), lay.inside.loss
        marks_.append(f'<g transform="translate({x:.1f} {y:.1f})">'
                      f'{pieces.loss_mark(seat, seats[seat].colour, w, h, n)}</g>')
    return f'<g class="losses" aria-hidden="true">{"".join(marks_)}</g>'


def _risk(lay: L.Arrangement, name: str, risk: dict) -> str:
    """The odds of a strike here now, for the player at the screen (render/odds_overlay.py):
    the cubes they can expect to lose and what it would cost the others, the whole sentence
    on hover."""
    x, y = lay.odds_at(name)
    parts = [pieces.icon("you", x, y - 9.5, 10), f'<text class="odds mine" x="{x + 12:.1f}" '
             f'y="{y:.1f}">{_loss_expected(risk["mine"])}</text>',
             pieces.icon("others", x + 45, y - 9.5, 10),
             f'<text class="odds others" x="{x + 57:.1f}" y="{y:.1f}">'
             f'{_loss_expected(risk["others"])}</text>']
    # a click on the odds is a click on its region (they sit where a player clicks)
    return (f'<g class="risk-badge level-{risk["level"]}" data-odds="{name}" '
            f'data-region="{name}" data-mine="{risk["mine"]:.4f}" '
            f'data-p-loss="{risk["p_loss"]:.4f}"><title>{esc(risk["words"])}</title>'
            + "".join(parts) + "</g>")


def _loss_expected(x: float) -> str:
    """An expected loss as the badge shows it: "−0.3"; one that rounds to no cube at all
    reads "0" (a "−0.0" read as a loss, and a negative zero, to a tester)."""
    return "0" if x < 0.05 else f"−{_cubes_expected(x)}"


def _cubes_expected(x: float) -> str:
    """An expected loss in at most three figures, so that it fits its half of the tile: one
    decimal below 10 ("2.7"), whole cubes from 10 on ("12")."""
    return decimal(x) if x < 9.95 else str(round(x))


def _side_mark(lay: L.Arrangement, name: str, row: int, text: str, cls: str, words: str) -> str:
    """A round mark in the tile's right column: the Knight's neutral cubes counted in a
    strike (R6.3)."""
    x, y = lay.side_at(name, row)
    return (f'<g class="{cls}" transform="translate({x:.1f} {y:.1f})" '
            f'aria-hidden="true"><title>{esc(words)}</title><circle r="9.5"/>'
            f'<text y="4.2">{esc(text)}</text></g>')


def _far_mark(lay: L.Arrangement, name: str, steps: int) -> str:
    """How many steps away a Knight's destination is (R6.3), as a route and not a count: a
    pale tag with a dashed rim (a path), two footprints and the number — unlike a player's
    piece or the Knight's neutral cubes, solid discs with a number on them. Its words on
    hover; the region's accessible name says the steps (:func:`region_aria`)."""
    x, y = lay.side_at(name, 1)
    return (f'<g class="far-mark" transform="translate({x:.1f} {y:.1f})" aria-hidden="true">'
            f'<title>{esc(t("map.far", n=steps))}</title>'
            f'<rect x="-11.5" y="-8.5" width="23" height="17" rx="3"/>'
            + pieces.icon("steps", -10.5, -5.5, 11, "ico steps-ico")
            + f'<text x="6.2" y="4.2">{steps}</text></g>')


def _plague(lay: L.Arrangement, name: str, clickable: bool, label: str) -> str:
    x, y = lay.side_at(name, 0)
    attrs = (f'class="plague-piece{" target" if clickable else ""}" data-plague="1" '
             f'data-key="plague" data-piece="plague" transform="translate({x:.1f} {y:.1f})"')
    if clickable:
        attrs += f' role="button" tabindex="-1" aria-label="{esc(label)}"'
    else:
        attrs += f' role="img" aria-label="{esc(label)}"'
    # picked up by a finger from a place around it (28 units on a phone: 26 px at 360 px):
    # not part of the drawing, which keeps its own place
    hit = (f'<circle class="plague-hit" data-plague="1" aria-hidden="true" cx="{x:.1f}" '
           f'cy="{y:.1f}" r="{lay.inside.plague_hit / 2:g}"/>' if clickable else "")
    return (f'{hit}<g {attrs}><title>{esc(label)}</title>'
            f'{plague_body(lay.inside.plague_r)}</g>')


def region_aria(name: str, board: RegionView | None, seats, plague_here: bool, target: bool,
                steps: int | None = None) -> str:
    """A region's accessible name: its rats, cubes and the plague piece; as a target, also
    how many steps away when the plague piece may go further than a neighbour (R6.3)."""
    if board is None:
        return t("aria.region_out", region=region(name))
    return _region_words(catalogue.edition(), name, len(board["tokens"]), tuple(board["cubes"]),
                         tuple(seat.colour for seat in seats), plague_here, target, steps)


@functools.lru_cache(maxsize=512)
def _region_words(_edition: tuple, name: str, n: int, counts: tuple[int, ...],
                  colours: tuple[str, ...], plague_here: bool, target: bool,
                  steps: int | None) -> str:
    rats = t("aria.rats.0") if n == 0 else tn("aria.rats", n)
    cubes = ", ".join(t("aria.cubes_of", colour=t("colour." + colours[p]), count=c)
                      for p, c in enumerate(counts) if c) or t("aria.no_cubes")
    text = t("aria.region", region=region(name), rats=rats, cubes=cubes,
             plague=t("aria.plague_here") if plague_here else "")
    return text + (t("aria.target_far", n=steps) if target and steps else
                   t("aria.target") if target else "")


def _links(lay: L.Arrangement, view: View) -> str:
    """The sea links between neighbours in play (R2.2; R2.1: a region out of play is nobody's
    neighbour), each a dashed crossing over the water (``Arrangement.link_segment``); land
    neighbours share a border on the map and need no line."""
    return _links_between(lay, frozenset(view["regions"]))


@functools.lru_cache(maxsize=8)
def _links_between(lay: L.Arrangement, in_play: frozenset[str]) -> str:
    parts = []
    for (a, b), sea in NEIGHBOUR_PAIRS.items():
        if sea and a in in_play and b in in_play:
            (x0, y0), (x1, y1) = lay.link_segment(a, b)
            parts.append(f'<path class="link sea" data-link="{a}-{b}" '
                         f'd="M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}"/>')
    return f'<g class="links" aria-hidden="true">{"".join(parts)}</g>'


def _card_on_board(c: str, x: float, y: float, takeable: bool, size: float = L.HELD_CARD,
                   new: bool = False, hit: float | None = None) -> str:
    """A class card as the board shows it, beside the board or by its holder's row: its icon;
    a card the player may take now (R4.1) is a target there too, as on the card panel, over
    ``hit`` units (its place, the icon in its middle); a card ``new`` in its row (just taken)
    has a ring that fades (style.css ``.held-card.new``)."""
    if hit is not None:  # (x, y: the place's corner; the icon in its middle)
        x, y = x + (hit - size) / 2, y + (hit - size) / 2
    words = card(c)
    if takeable:
        words = t("card.aria_take_short", card=card(c))
    # (data-take, not data-card: the card panel's card keeps its one name for the tests)
    attrs = (f' data-take="{c}" role="button" aria-label="{esc(words)}"' if takeable else "")
    cls = "held-card" + (" target" if takeable else "") + (" new" if new else "")
    ring = (f'<circle class="new-ring" cx="{x + size / 2:.1f}" cy="{y + size / 2:.1f}" '
            f'r="{size / 2 + 1.5:.1f}"/>' if new else "")
    # the card itself: a small upright card (its place's height, three quarters as wide) with
    # the class's icon on it, four fifths of the place's size
    cw, ch, ico = size * 0.86, size * 1.12, size * 0.8
    cx, cy = x + size / 2, y + size / 2
    return (f'<g class="{cls}" data-piece="card-{c}"{attrs}><title>{esc(words)}</title>'
            f'{ring}<circle class="hit" cx="{cx:.1f}" cy="{cy:.1f}" '
            f'r="{(hit or size + 1) / 2:.1f}"/>'
            f'<rect class="card-face" x="{cx - cw / 2:.1f}" y="{cy - ch / 2:.1f}" '
            f'width="{cw:.1f}" height="{ch:.1f}" rx="{size / 8:.1f}"/>'
            + pieces.icon(CARD_SYMBOL[c], cx - ico / 2, cy - ico / 2, ico, "ico card-ico")
            + "</g>")


def _supply(lay: L.Arrangement, view: View, offer) -> str:
    """The supply (R3.3): how many rat tokens are left, and the class cards beside the board
    (R4.1)."""
    x, y, w, _h = lay.supply
    n = view["supply"]
    tx, ty = lay.supply_at()
    words = tn("map.supply", n)
    # each card in a place of its own: a card taken leaves its place empty, the others stay
    cards = "".join(_card_on_board(c, *lay.free_cards_at(i), c in offer.cards, L.FREE_CARD,
                                   hit=L.FREE_CARD_HIT)
                    for i, c in enumerate(CARDS) if view["cards"][c] is None)
    low = " low" if "decision" in view and ending.low_supply(view) else ""
    # the moves that would empty it, in words (R7.1a): the engine names them in the view
    note = ending.supply_note(view) if "decision" in view else None
    if note:
        words = f"{words}. {note}"
    warn = ending.supply_label(view) if "decision" in view else None
    label = (f'<text class="box-label supply-warn" x="{x + 6}" y="{y + 45}">{esc(warn)}</text>'
             if warn else
             f'<text class="box-label" x="{x + 6}" y="{y + 45}">{esc(t("map.supply_label"))}'
             f'</text>')
    return (f'<g class="supply{low}" role="img" aria-label="{esc(words)}">'
            f'<title>{esc(words)}</title>'
            f'<g class="token" transform="translate({tx} {ty})">{rat_back()}</g>'
            f'<text class="supply-count" x="{x + 38}" y="{y + 27}">{n}</text>'
            f'{label}</g><g class="free-cards">{cards}</g>')


def _table(lay: L.Arrangement, view: View, seats, offer,
           taken: frozenset[str] = frozenset()) -> str:
    """Each player's cubes in regions, in the palace (R6.1) and in reserve (R1.2), and the
    class cards they hold: always in view, on the board. A card just ``taken`` (R4.1: from
    beside the board or from another player) is marked new in its taker's row for a moment
    (style.css), where its flight lands (render/motion_paths.py)."""
    x, y, _w, _h = lay.table
    head = y + 4
    icons = "".join(f'<g><title>{esc(words)}</title>'
                    + pieces.icon(col, x + L.TABLE_COLS[col] - 6, head, 12, "ico head") + "</g>"
                    for col, words in (("regions", t("map.regions")), ("palace", t("map.palace")),
                                       ("reserve", t("map.reserve"))))
    rows = []
    cur = view["current_player"]
    held: dict[int, list[str]] = {}
    for c in CARDS:
        holder = view["cards"][c]
        if holder is not None:
            held.setdefault(holder, []).append(c)
    for p, seat in enumerate(seats):
        ry = lay.table_row_y(p)
        counts = {"regions": view["on_board"][p], "palace": view["palace"][p],
                  "reserve": view["reserve"][p]}
        words = t("map.table_row", name=seat.name, board=counts["regions"],
                  palace=counts["palace"], reserve=counts["reserve"])
        turn = " turn" if p == cur else ""
        px, _ = lay.table_at(p, "piece")
        cells = [f'<rect class="row-bg{turn}" x="{x + 3}" y="{ry - L.TABLE_ROW / 2 + 1:.1f}" '
                 f'width="{lay.table.w - 6}" height="{L.TABLE_ROW - 2}" rx="5"/>',
                 f'<g transform="translate({px} {ry:.1f})">'
                 f'{pieces.piece(p, seat.colour, L.PIECE - 2)}</g>']
        for col, n in counts.items():
            cx, _ = lay.table_at(p, col)
            cells.append(f'<text class="table-count" data-piece="{col}-{p}" x="{cx}" '
                         f'y="{ry + 4.5:.1f}">{n}</text>')
        for i, c in enumerate(held.get(p, [])):
            cells.append(_card_on_board(c, *lay.held_card_at(p, i),
                                        c in offer.cards and lay.held_cards_targets,
                                        L.HELD_CARD, new=c in taken))
        rows.append(f'<g class="table-row seat-{p}{turn}" role="img" aria-label="{esc(words)}">'
                    f'<title>{esc(words)}</title>{"".join(cells)}</g>')
    return f'<g class="players-table"><g aria-hidden="true">{icons}</g>{"".join(rows)}</g>'


def draw(all_regions, view: View, offer, seats, story=None,
         upto: int | None = None, telling: bool = False,
         risks: dict | None = None, *, lay: L.Arrangement,
         taken: frozenset[str] = frozenset()) -> tuple[dict, dict[str, str]]:
    """The board for ``view``: each tile's state (class, accessible name, in play) and the
    overlay's SVG in layers, bottom first (the links, the supply, the players' table, the
    regions' names, then each region's tokens, cubes, plague piece and the faces revealed by
    the strike being told — the first ``upto`` tokens of ``story``, a ui.Story; while
    ``telling``, the newest token turns over, and only it: a redraw for another reason must
    not replay what is already shown). ``risks`` (render/odds_overlay.py, when the odds
    overlay is on): each region shaded by its risk, with the odds in its tile. ``lay``: the
    board's arrangement (render/board_layout.py); ``taken``: the cards the last action took
    (R4.1), marked new in their taker's row.

    Why layers: an action changes one region or two, and the browser writes only the layers
    whose SVG changed (browser/map_view.py) — the rest of the board, and the focus on it,
    stay as they are."""
    in_play = set(view["regions"])
    board = view["board"]
    reach = view["decision"]["plague_reach"] if offer.far else {}
    revealed: dict[str, list[tuple[int, dict]]] = {}
    lost: dict[str, dict[int, int]] = {}
    waiting: dict[str, int] = {}  # tokens the strike being told has still to turn, per region
    gone = False
    if story is not None:  # faces revealed by the strike being told (public)
        shown = story.items[:upto]
        for index, item in enumerate(shown):
            revealed.setdefault(item["region"], []).append((index, item))
            for seat, _symbol in item["kills"]:  # each cube lost, where it was lost
                by_seat = lost.setdefault(item["region"], {})
                by_seat[seat] = by_seat.get(seat, 0) + 1
        fresh_index = len(shown) - 1 if telling else -1
        for item in story.items[len(shown):]:
            waiting[item["region"]] = waiting.get(item["region"], 0) + 1
    gone = not telling  # the strike told: its tokens have left the game (R5.4)
    # (the names apart: a new decision marks other targets, and their names only change)
    names: list[str] = []
    layers = {"links": _links(lay, view), "supply": _supply(lay, view, offer),
              "table": _table(lay, view, seats, offer, taken), "names": ""}
    states = {}
    for r in all_regions:
        target = r in offer.regions
        far = target and r in offer.far
        cls = ["region"]
        if r not in in_play:
            cls.append("out")
        elif target:
            cls.append("target")
            if far:
                cls.append("far")
        if offer.hint == ("region", r):
            cls.append("hinted")
        if r in (offer.selected_region, offer.selected_to):
            cls.append("selected")
        if view["plague"] == r:
            cls.append("plague-region")
        risk = (risks or {}).get(r)
        if risks is not None and r in in_play:
            cls.append(f"risk-{risk['level'] if risk else 0}")
        aria = region_aria(r, board.get(r), seats, view["plague"] == r, target,
                           reach.get(r) if far else None)
        if risk:
            aria = f"{panels.closed(aria)} {risk['words']}"
        states[r] = (" ".join(cls), aria, r in in_play)
        out = r not in in_play
        if not lay.named(r):  # out of play, at the edge of a map framed to those in play
            layers[f"region-{r}"] = ""
            continue
        nx, ny = lay.name_at(r)
        names.append(
            f'<text class="region-label{" out" if out else ""}{" target" if target else ""}"'
            f' data-region="{r}" x="{nx:.1f}" y="{ny:.1f}" aria-hidden="true">'
            f'{esc(region_label(r))}</text>')
        if out:
            names.append(f'<text class="out-note" x="{nx:.1f}" y="{ny + 18:.1f}"'
                         f' aria-hidden="true">{esc(t("map.out_of_play"))}</text>')
            layers[f"region-{r}"] = ""
            continue
        shown_here = revealed.get(r, [])
        board_here = board[r]
        faces = board_here["tokens"]
        starting = board_here.get("starting") or [False] * len(faces)
        neutral = (story.neutral if story is not None and story.neutral
                   and story.neutral_region == r and shown_here else 0)
        layers[f"region-{r}"] = _region_layer(RegionThings(
            catalogue.edition(), lay.name, r, tuple(seat.colour for seat in seats),
            reach[r] if far else None,
            _risk_key(risk) if risk and max(risk["mine"], risk["others"]) >= 0.05 else None,
            tuple((index == fresh_index, _face_key(item["face"]), item["outbreak"],
                   item["cubes"], not item["kills"], gone) for index, item in shown_here),
            tuple((_face_key(face) if face else None, bool(starting[i]),
                   (r, i + 1) in offer.tokens, offer.selected_token == (r, i + 1),
                   offer.hint == ("token", (r, i + 1))) for i, face in enumerate(faces)),
            tuple(board_here["cubes"]), tuple(sorted(lost.get(r, {}).items())), neutral,
            None if view["plague"] != r else offer.plague_clickable, waiting.get(r, 0)))
    layers["names"] = "".join(names)
    return states, layers


@dataclass(frozen=True)
class RegionThings:
    """Everything a region's layer draws, as plain values: the layer is drawn from these alone,
    so a drawing is kept for as long as they are the same (most regions, most actions)."""

    edition: tuple  # the catalogue's language and wording (text.catalogue.edition)
    arrangement: str  # the board's (render/board_layout.py ARRANGEMENTS)
    region: str
    colours: tuple[str, ...]  # each seat's, in seat order
    far_steps: int | None  # a Knight's destination this many steps away (R6.3)
    risk: tuple | None  # the odds shown (level, mine, others, p_loss, words)
    #: the strike's faces turned here: (fresh, face, outbreak, cubes, calm, gone)
    revealed: tuple
    tokens: tuple  # each rat token: (face known or None, starting, target, selected, hinted)
    cubes: tuple[int, ...]  # per seat
    lost: tuple  # (seat, cubes lost) in the strike being told
    neutral: int  # the Knight's neutral cubes counted in it
    plague: bool | None  # the plague piece here: clickable or not; None: not here
    #: the strike being told: its tokens here still face down, waiting their turn (R5.3)
    waiting: int = 0


def _face_key(face: Face) -> tuple:
    return face["threshold"], tuple(face["symbols"])


def _risk_key(risk: dict) -> tuple:
    return risk["level"], risk["mine"], risk["others"], risk["p_loss"], risk["words"]


@functools.lru_cache(maxsize=512)
def _region_layer(things: RegionThings) -> str:
    """A region's layer: the Knight's steps, the odds, the faces a strike turned, the rat
    tokens, the cubes, the losses, the neutral cubes and the plague piece."""
    r, parts = things.region, []
    lay = L.ARRANGEMENTS[things.arrangement]
    seats = [Seat("", colour, "human") for colour in things.colours]
    if things.far_steps is not None:
        parts.append(_far_mark(lay, r, things.far_steps))
    told = bool(things.revealed or things.lost or things.neutral)
    if things.risk is not None and not (told and lay.inside.odds_give_way):
        level, mine, others, p_loss, words = things.risk
        parts.append(_risk(lay, r, {"level": level, "mine": mine, "others": others,
                               "p_loss": p_loss, "words": words}))
    for at, (fresh, (threshold, syms), outbreak, cubes, calm, gone) in enumerate(
            things.revealed, start=1):
        face: Face = {"threshold": threshold, "symbols": list(syms)}
        parts.append(_revealed(lay, r, at, face, outbreak, fresh, cubes, calm, gone))
    turned = len(things.revealed)
    for at in range(turned + 1, turned + things.waiting + 1):
        parts.append(_waiting(lay, r, at))
    for i, (known, starting, target, selected, hinted) in enumerate(things.tokens):
        slot = i + 1
        at = min(turned + things.waiting + slot, 3)
        seen: Face | None = (None if known is None else
                             {"threshold": known[0], "symbols": list(known[1])})
        parts.append(_token(lay, r, slot, at, seen, starting, target, selected, hinted))
    parts.append(_cubes(lay, r, list(things.cubes), seats))
    if things.lost:
        parts.append(_losses(lay, r, dict(things.lost), seats))
    if things.neutral:
        parts.append(_side_mark(lay, r, 2, f"+{things.neutral}", "neutral-mark",
                                t("strike.neutral_mark", n=things.neutral)))
    if things.plague is not None:
        parts.append(_plague(lay, r, things.plague, t("map.plague") + ": " + region(r)))
    return "".join(parts)


def token_xy(lay: L.Arrangement, region_name: str, slot: int) -> tuple[float, float]:
    """Where the ``slot``-th rat token of a region is drawn (no strike being told)."""
    return lay.token_at(region_name, slot)


def stops(view: View, offer, lay: L.Arrangement) -> tuple[dict, list[str]]:
    """The places the arrow keys move between (control/keys.py), by ``data-key``: each region in
    play at its name, and each rat token the decision wants where it is drawn; and the targets
    among them, in board order (where Tab enters the map)."""
    places: dict[str, tuple[float, float]] = {}
    targets: list[str] = []
    for r in view["regions"]:
        places[region_key(r)] = lay.name_at(r)
        if r in offer.regions:
            targets.append(region_key(r))
        n = len(view["board"][r]["tokens"])
        for slot in range(1, n + 1):
            if (r, slot) in offer.tokens:
                places[token_key(r, slot)] = lay.token_at(r, slot)
                targets.append(token_key(r, slot))
    return places, targets


#: What the board legend of How to play shows, each drawn by the board's own functions.
LEGEND = ("target", "far", "out", "token", "starting", "known", "revealed", "cubes", "loss",
          "odds", "plague", "sea", "supply", "table")


#: The position the legend's supply and table show: 23 tokens left, the first player's row.
#: (No card is drawn: the figures' windows show the supply's rat stack and the table's first
#: columns, and what no window shows is not drawn, sixteen times over, into the first screen.)
_LEGEND_VIEW: View = {  # type: ignore[typeddict-item]
    "supply": 23, "cards": {c: None for c in CARDS},
    "current_player": 0, "on_board": [6, 4], "palace": [1, 0], "reserve": [13, 16]}
_LEGEND_SUPPLY: View = {**_LEGEND_VIEW,
                         "cards": {c: 0 for c in CARDS}}

#: What a legend figure needs not: it is a picture (``aria-hidden``), no control, no hover text
_LEGEND_DROP = re.compile(
    r'<title>[^<]*</title>| (?:aria-label|role|tabindex|data-[a-z-]+)="[^"]*"')


def legend_figure(kind: str, seats) -> str:
    """A small picture of one thing the board draws, as the board draws it (for How to play):
    the legend can never drift from the board. Each is drawn in a tile's corner (Anglia's),
    shown through a window onto that place."""
    # (the region's state drawn on a piece of land of its own: style.css .region.…)
    box = '<rect class="region {c}" x="{x}" y="{y}" width="60" height="40"/>'
    seats = list(seats) + default_seats(4)[len(seats):]  # four columns: two pieces in view
    lay = L.TALL  # (How to play draws the phone's pile: its things in their places)
    ax, ay, _w, _h = lay.tile("Anglia")
    tx, ty = lay.token_at("Anglia", 1)
    cx, cy = lay.cubes_at("Anglia", 0, 4)
    sx, sy, _sw, _sh = lay.supply
    rx, ry = lay.table_at(0, "piece")
    px, py = lay.side_at("Anglia", 0)
    ox, oy = lay.odds_at("Anglia")
    window = {"token": (tx - 12, ty - 20), "starting": (tx - 12, ty - 20),
              "known": (tx - 17, ty - 22), "odds": (ox - 3, oy - 42),
              "revealed": (tx - 17, ty - 22), "cubes": (cx - 14, cy - 20),
              "loss": (cx - 14, cy - 6), "plague": (px - 40, py - 20),
              "far": (px - 40, py + 6), "supply": (sx + 2, sy + 2),
              "table": (rx - 12, ry - 20)}
    face: Face = {"threshold": 2, "symbols": ["M", "A", "W"]}
    body = {
        "target": box.format(x=ax, y=ay, c="target"),
        "far": box.format(x=px - 50, y=py + 6, c="target far")
        + _far_mark(lay, "Anglia", 2),
        "out": box.format(x=ax, y=ay, c="out"),
        "token": _token(lay, "Anglia", 1, 1, None, False, False, False),
        "starting": _token(lay, "Anglia", 1, 1, None, True, False, False),
        "odds": f'<rect class="region risk-3" x="{ax}" y="{ay}" width="{lay.inside.w:g}" '
                f'height="{lay.inside.h:g}"/>' + _risk(lay, "Anglia", {
                    "level": 3, "mine": 1.2, "others": 0.4, "p_loss": 0.6, "words": ""}),
        "known": _token(lay, "Anglia", 1, 1, {"threshold": 3, "symbols": ["M", "B"]}, False, False,
                        False),
        "revealed": _revealed(lay, "Anglia", 1, face, True, False, 3),
        "cubes": _cubes(lay, "Anglia", [2, 1, 0, 0], seats),
        "loss": _losses(lay, "Anglia", {0: 1}, seats),
        "plague": _plague(lay, "Anglia", False, t("map.plague")),
        "sea": f'<path class="link sea" d="M{ax} {ay + 11}L{ax + 60} {ay + 11}"/>'
               f'<rect class="region" x="{ax - 2}" y="{ay + 21}" width="32" height="21"/>'
               f'<rect class="region" x="{ax + 30}" y="{ay + 21}" width="32" height="21"/>',
        "supply": f'<rect class="box" x="{sx}" y="{sy}" width="{lay.supply.w}" '
                  f'height="{lay.supply.h}" rx="9"/>' + _supply(lay, _LEGEND_SUPPLY, Offer()),
        "table": f'<rect class="box" x="{lay.table.x}" y="{lay.table.y}" width="{lay.table.w}" '
                 f'height="{lay.table.h}" rx="9"/>' + _table(lay, _LEGEND_VIEW, seats[:1], Offer()),
    }[kind]
    x, y = window.get(kind, (ax, ay))
    # a face's symbol box and the odds' two numbers are wider: the same figure, seen farther
    w = {"odds": 90, "known": 66, "revealed": 66}.get(kind, 60)
    return (f'<svg class="board legend-fig" viewBox="{x:.0f} {y:.0f} {w} {w * 2 / 3:.0f}" '
            f'width="84" height="56" aria-hidden="true">{_LEGEND_DROP.sub("", body)}</svg>')
