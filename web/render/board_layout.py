"""Where everything on the board goes: each region's box on the map of Europe and each
thing's place in it.

Two arrangements (:class:`Arrangement`), the one the screen wants drawn (:data:`WIDE_QUERY`):

* :data:`WIDE`, a desktop screen's, landscape: Europe as it is (render/europe_real.py, drawn by
  tools/europe_board.py from Natural Earth), each region's pieces a compact pile
  (:data:`PILE`) on its own land where the others leave room, the players' table and the
  supply at sea in the Atlantic;
* :data:`TALL`, a phone's, portrait, drawn about 1:1 on a 390 px phone: tiles on a grid
  (:data:`TILE`) placed roughly where each region lies, with a map inflated around them
  (render/europe_map.py, drawn by tools/europe_map.py: moving a tile means drawing it anew).
  It becomes Europe as it is next (docs/europe-map.md).

Inside a region's box every kind of thing has a place of its own (:class:`Inside`), reserved
whether it is shown or not, so that nothing covers anything in any position the game can
reach (tests/web/test_board checks the boxes, e2e/test_board.py the drawn page). The tile:

    +--------------------------------+
    | Region name                    |   name row
    | (rat) [face]          (plague) |   three token rows: the token, its face's symbols
    | (rat) [face]          (2 steps)|   beside it (the Witch's knowledge, a strike's
    | (rat) [face]          (+2)     |   reveals), and a column for the plague piece, …
    | [seat 1][seat 2][seat 3][seat 4]   one column per seat: its cubes here
    |  −1      −2                    |   cubes lost in the strike being told
    |  odds: you −1.2  others −0.4   |   the odds overlay
    +--------------------------------+

and the pile (:data:`PILE`): the same things in four rows, the tokens side by side. Sizes are
SVG units: texts of 11–12 units, rat tokens 24, cube pieces 19–20.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from render import europe_real

#: The screens that get the WIDE board: a desktop screen held landscape. The page asks the
#: browser (browser/app.py), the first screen's CSS is written from it (tools/first_screen.py),
#: and style.css's desktop layout keys on the same condition (tests/web/test_board.py).
WIDE_QUERY = "(min-width: 1001px) and (min-aspect-ratio: 4/3)"

TILE_W = 88
TILE_H = 150
GAP = 10
MARGIN = 5
PITCH_X = TILE_W + GAP
PITCH_Y = TILE_H + GAP

TOKEN_R = 12  # rat tokens 24 units across
TOKEN_X = 16  # the token column's centre, from the tile's left edge
TOKEN_Y0 = 36  # the first token row's centre
TOKEN_PITCH = 26
STRIP_X = 30  # a face's symbols: a box right of its token
STRIP_W = 32
STRIP_H = 22
SIDE_X = TILE_W - 12  # the right column's centre: plague piece, "2 steps", "+2"
PLAGUE_HIT = 30  # the plague piece's place for a finger, when it may be picked up
PIECE = 20  # a seat's cube piece
CUBES_Y = 112  # the cube row's centre
LOSS_Y = 132.6  # the loss marks' centre: between the cube row and the odds
LOSS_H = 15.4  # a loss mark's height and width: the seat's shape, flat, with "−n" on it
LOSS_W = 19  # (within a seat's column of four: 21)
ODDS_Y = 150  # the odds' baseline
ODDS_X = 2  # the odds' left edge: the others' figure ends inside the tile (at a phone's edge)
NAME_X = 6
NAME_Y = 16

#: The supply box's size; the cards beside the board sit in it in two rows of three, each a
#: finger's tap on a phone (a tester could not take a card from a row of six 12-unit icons)
SUPPLY_W, SUPPLY_H = TILE_W, 110
FREE_CARD = 22
#: … each a finger's target of its own: 27 units, 24 px on a 360 px phone (WCAG 2.5.8), with
#: no other card's place within it
FREE_CARD_HIT = 27
FREE_CARD_PITCH = 28.5
#: The players' table: a head row of icons, then a row per seat (the reserve, the palace, the
#: cards each holds)
TABLE_W, TABLE_H = TILE_W + PITCH_X, TILE_H
TABLE_HEAD = 18
TABLE_ROW = 32
HELD_CARD = 12  # a held card's icon in its holder's row, three to a line
HELD_PITCH = 14

#: The players' table's columns: the player's piece, their cubes in regions, in the palace
#: (R6.1), in reserve (R1.2), then the cards they hold.
TABLE_COLS = {"piece": 16, "regions": 46, "palace": 78, "reserve": 110, "cards": 132}

Point = tuple[float, float]


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def centre(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2


@dataclass(frozen=True)
class Inside:
    """Where each kind of thing lies inside a region's box (units from its top left corner):
    the tile of :data:`TALL` (tokens in a column, a face's symbols beside each) or the
    compact pile of a map drawn from real geography (:data:`PILE`: tokens in a row, the
    faces' symbols told by the strike's story and the token's words instead)."""

    w: float
    h: float
    name: Point  # the name's baseline start
    token: Point  # the first rat token's centre
    token_step: Point  # from one token to the next
    side_x: float  # the side column's centre: the plague piece, "2 steps", "+2"
    side_y: tuple[float, float, float]
    cubes: tuple[float, float, float]  # the seats' columns' left edge and span, the cubes' row
    piece: float  # a seat's cube piece
    loss: tuple[float, float, float]  # the loss marks' row, their width and height
    odds: Point  # the odds' left edge and baseline
    strips: bool  # whether a face's symbols have a box beside its token
    #: whether the odds and the loss marks share a row: the odds, an aid to a decision, give
    #: way while a strike is told there
    odds_give_way: bool = False


#: Today's tile (see the drawing above)
TILE = Inside(w=TILE_W, h=TILE_H, name=(NAME_X, NAME_Y), token=(TOKEN_X, TOKEN_Y0),
              token_step=(0, TOKEN_PITCH), side_x=SIDE_X,
              side_y=(TOKEN_Y0, TOKEN_Y0 + TOKEN_PITCH, TOKEN_Y0 + 2 * TOKEN_PITCH),
              cubes=(2, TILE_W - 4, CUBES_Y), piece=PIECE, loss=(LOSS_Y, LOSS_W, LOSS_H),
              odds=(ODDS_X, ODDS_Y), strips=True)

#: A pile on the map of Europe as it is (104 × 83: twelve of them leave most of the land in
#: sight on a desktop's map):
#:
#:     Region name
#:     (rat) (rat) (rat)  (plague)
#:     [seat][seat][seat][seat] (2 steps)
#:      −1    −2                (+2)      or, out of a strike: the odds
PILE = Inside(w=104, h=83, name=(4, 12), token=(13, 28), token_step=(25, 0), side_x=92,
              side_y=(28, 53, 73), cubes=(0, 80, 53), piece=19, loss=(73, 17, 15.4),
              odds=(2, 78), strips=False, odds_give_way=True)


@dataclass(frozen=True, eq=False)
class Arrangement:
    """One way of laying the board out: the board's size, the supply box and the players'
    table, what a region's box holds where (``inside``), and where each region's box lies:
    on a map of Europe as it is, its pile's corner (``piles``, with each sea link's
    ``crossings``); else its tile's place on a grid (``grid``, in tile columns and rows,
    fractions allowed: roughly where it lies on a map of Europe, R2's table). Two exist,
    :data:`TALL` and :data:`WIDE`; compared and hashed as themselves."""

    name: str
    grid: dict[str, tuple[float, float]]  # (TALL's tiles; a map of Europe as it is: ``piles``)
    width: float
    height: float
    supply: Box
    table: Box
    top: float = MARGIN  # the tiles' first row's top edge
    #: whether a card another player holds is taken by a click on it in the players' table
    #: (R4.1): a desktop's pointer; on a phone its 12 units are no finger's target, and the
    #: card is taken from the cards' sheet (render/dock.py marks that tab)
    held_cards_targets: bool = True
    inside: Inside = TILE
    #: a map of Europe as it is (render/europe_real.py): each region's pile's top left corner
    #: and each sea link's crossing; None for TALL's tiles on the grid
    piles: dict[str, tuple[int, int]] | None = None
    crossings: dict[tuple[str, str], tuple[Point, Point]] | None = None

    @property
    def as_it_is(self) -> bool:
        """Whether this board is Europe as it is (a pile per region on its land), not tiles
        on a grid with a map drawn around them."""
        return self.piles is not None

    def tile(self, region: str) -> Box:
        """The region's box: its tile, or its pile on a map of Europe as it is."""
        if self.piles is not None:
            x, y = self.piles[region]
            return Box(x, y, self.inside.w, self.inside.h)
        col, row = self.grid[region]  # (whole units: a token's 24 units are 24 px on a phone)
        return Box(round(MARGIN + col * PITCH_X), round(self.top + row * PITCH_Y), TILE_W, TILE_H)

    def token_at(self, region: str, slot: int) -> Point:
        """The centre of the ``slot``-th rat token (1–3, R5.2) of a region."""
        b, i = self.tile(region), self.inside
        return (b.x + i.token[0] + (slot - 1) * i.token_step[0],
                b.y + i.token[1] + (slot - 1) * i.token_step[1])

    def strip_at(self, region: str, slot: int) -> Box | None:
        """The box beside a token for its face's symbols, where the box has one."""
        if not self.inside.strips:
            return None
        x, y = self.token_at(region, slot)
        return Box(x - TOKEN_X + STRIP_X, y - STRIP_H / 2, STRIP_W, STRIP_H)

    def side_at(self, region: str, row: int) -> Point:
        """The right column's ``row``-th place (0 the plague piece, 1 "2 steps", 2 the
        Knight's neutral cubes)."""
        b = self.tile(region)
        return b.x + self.inside.side_x, b.y + self.inside.side_y[row]

    def seat_column(self, region: str, seat: int, players: int) -> float:
        """The centre of ``seat``'s column in a tile (its cubes, its losses): one column per
        seat, so a player's pieces are always in the same place."""
        left, span, _y = self.inside.cubes
        return self.tile(region).x + left + span / max(players, 1) * (seat + 0.5)

    def cubes_at(self, region: str, seat: int, players: int) -> Point:
        return self.seat_column(region, seat, players), self.tile(region).y + self.inside.cubes[2]

    def loss_y(self, region: str) -> float:
        return self.tile(region).y + self.inside.loss[0]

    def odds_at(self, region: str) -> Point:
        b = self.tile(region)
        return b.x + self.inside.odds[0], b.y + self.inside.odds[1]

    def name_at(self, region: str) -> Point:
        b = self.tile(region)
        return b.x + self.inside.name[0], b.y + self.inside.name[1]

    def centre(self, region: str) -> Point:
        return self.tile(region).centre()

    def supply_at(self) -> Point:
        """Where new rat tokens come from (R3.3's supply): the supply box's rat stack."""
        return self.supply.x + 20, self.supply.y + 22

    def table_row_y(self, seat: int) -> float:
        """The centre of ``seat``'s row in the players' table."""
        return self.table.y + TABLE_HEAD + TABLE_ROW * (seat + 0.5)

    def table_at(self, seat: int, column: str) -> Point:
        return self.table.x + TABLE_COLS[column], self.table_row_y(seat)

    def held_card_at(self, seat: int, i: int) -> Point:
        """The top left corner of the ``i``-th card ``seat`` holds (in the order of
        ``rattus.CARDS``), in their row of the players' table: three to a line."""
        x, y = self.table_at(seat, "cards")
        return x + (i % 3) * HELD_PITCH, y - 13 + (i // 3) * HELD_PITCH

    def free_cards_at(self, i: int) -> Point:
        """The top left corner of the ``i``-th class card's place beside the board (R4.1, in
        the order of ``rattus.CARDS``), in the supply box: each card keeps its place."""
        x, y = self.supply.x, self.supply.y
        return x + 1.5 + (i % 3) * FREE_CARD_PITCH, y + 53 + (i // 3) * FREE_CARD_PITCH

    def link_segment(self, a: str, b: str) -> tuple[Point, Point]:
        """Where a sea link (R2.2) is drawn: on a map of Europe as it is, the crossing made
        for it (the shortest way over water between the two lands, under no pile); between
        TALL's tiles, the part of the line between their centres that lies in the gap
        between them, over the water, so it crosses nothing inside a tile."""
        if self.crossings is not None:
            return self.crossings[(a, b)]
        (x1, y1), (x2, y2) = self.centre(a), self.centre(b)
        dx, dy = x2 - x1, y2 - y1
        t1 = _leave(self.tile(a), x1, y1, dx, dy)
        t2 = 1 - _leave(self.tile(b), x2, y2, -dx, -dy)
        return (x1 + dx * t1, y1 + dy * t1), (x1 + dx * t2, y1 + dy * t2)


def _leave(box: Box, x: float, y: float, dx: float, dy: float) -> float:
    """How far along (dx, dy) from (x, y), inside ``box``, the line leaves it (0..1)."""
    ts = []
    if dx:
        ts += [(box.x - x) / dx, (box.x + box.w - x) / dx]
    if dy:
        ts += [(box.y - y) / dy, (box.y + box.h - y) / dy]
    return min(t for t in ts if t > 0)


def _at(x: float, y: float, top: float = MARGIN) -> tuple[float, float]:
    """The grid place (columns, rows) of a tile whose top left corner is at (x, y)."""
    return (x - MARGIN) / PITCH_X, (y - top) / PITCH_Y


#: The phone's board, portrait (drawn about 1:1 on a 390 px phone): four rows of tiles, the
#: supply box top right, the players' table bottom left. Its width holds four tiles and no
#: more, so the map's directions are bent furthest here and its seas are narrow (16 units
#: between the tiles, 12–13 of water, across the Channel, the Baltic and the Tyrrhenian
#: Sea): Gallia a little east of Hispania (Italia under Gallia's corner and Germania: the
#: Alps), Tartaria a little east of Russia (below it), Bulgaria a little above Turcia.
TALL = Arrangement(
    name="tall",
    grid={"Anglia": _at(5, 5), "Scandia": _at(152, 5), "Russia": _at(299, 125),
          "Gallia": _at(23, 171), "Germania": _at(117, 171), "Polonia": _at(209, 171),
          "Hispania": _at(2, 325), "Italia": _at(104, 325), "Hungaria": _at(201, 325),
          "Tartaria": _at(302, 301), "Bulgaria": _at(201, 481), "Turcia": _at(302, 490)},
    width=390, height=MARGIN + 3 * PITCH_Y + TILE_H + MARGIN,
    supply=Box(MARGIN + 3 * PITCH_X, MARGIN, SUPPLY_W, SUPPLY_H),
    table=Box(MARGIN, MARGIN + 3 * PITCH_Y, TABLE_W, TABLE_H), held_cards_targets=False)

#: The compass rose's reach from its centre (its N a little above), on a map of Europe as it is
COMPASS_R = 17

#: The maps of Europe as it is (tools/europe_board.py draws them into render/europe_real.py):
#: the map's size, per arrangement, in board units
REAL_MAPS = {"wide": (720, 580)}

#: A desktop's board, landscape: Europe as it is (Natural Earth's, a gentle cartogram:
#: tools/europe_geo.py), from Cabo da Roca to the Volga and from Crete to the North Cape,
#: each region's pile on its own land where the others leave room (render/europe_real.py);
#: the players' table and the supply at sea, in the Atlantic west of Anglia. Its shape
#: (1.24 : 1) is a desktop map area's: 1280 × 800 draws it at 1.25 px a unit.
_MAP_W, _MAP_H = REAL_MAPS["wide"]
WIDE = Arrangement(
    name="wide", grid={}, width=_MAP_W, height=_MAP_H,
    table=Box(MARGIN, MARGIN, TABLE_W, TABLE_H),
    supply=Box(MARGIN, MARGIN + TABLE_H + GAP, SUPPLY_W, SUPPLY_H),
    inside=PILE, piles=europe_real.PILES["wide"], crossings=europe_real.CROSSINGS["wide"])

ARRANGEMENTS = {a.name: a for a in (TALL, WIDE)}
