"""Where everything on the board goes: each region's tile on the map of Europe and each
thing's place in it.

The board is a map (render/europe_map.py, drawn by tools/europe_map.py): an inflated cartogram
in which each region's land holds a tile, its content box, placed roughly where the region lies
(Hispania south-west, Scandia north, Russia and Tartaria east, Turcia south-east, Anglia an
island), its land reaching its land neighbours of R2.2 (a shared border) and the sea lying
between sea neighbours (a dashed crossing). An outline of Europe at its true shapes could not
hold a region's three rat tokens, four players' cubes, the plague piece and what strikes and
the aids add, readable on a phone; inflated around the tiles, it can. Inside a tile every kind
of thing has a place of its own, reserved whether it is shown or not:

    +--------------------------------+
    | Region name                    |   name row
    | (rat) [face]          (plague) |   three token rows: the token, its face's symbols
    | (rat) [face]          (2 steps)|   beside it (the Witch's knowledge, a strike's
    | (rat) [face]          (+2)     |   reveals), and a column for the plague piece, …
    | [seat 1][seat 2][seat 3][seat 4]   one column per seat: its cubes here
    |  −1      −2                    |   cubes lost in the strike being told
    |  odds: you −1.2  others −0.4   |   the odds overlay
    +--------------------------------+

so that nothing covers anything in any position the game can reach (tests/web/test_board
checks the boxes, e2e/test_board.py the drawn page). The sizes are SVG units drawn
about 1:1 on a 390 px phone: texts of 11–12 units, rat tokens 24, pieces 20.

Two arrangements of the same tiles (:class:`Arrangement`): :data:`TALL`, a portrait board for a
phone (four rows, the players' table under the tiles), and :data:`WIDE`, a landscape one for a
desktop screen (three rows of four, the middle one shifted east, the supply and the table in a
fifth column), which a portrait board would leave two thirds empty. The page draws the one its
screen wants (:data:`WIDE_QUERY`); what is inside a tile is the same in both. Moving a tile
means drawing the map anew (``tools/europe_map.py``; tests/web/test_board_map.py checks it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

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


@dataclass(frozen=True, eq=False)
class Arrangement:
    """One way of laying the board out: where each region's tile lies (``grid``, in tile
    columns and rows, fractions allowed: roughly where it lies on a map of Europe, R2's
    table), the board's size, the supply box and the players' table, and the links that
    cannot be straight (``over``: drawn over the top of the tiles between them). Two exist,
    :data:`TALL` and :data:`WIDE`; compared and hashed as themselves."""

    name: str
    grid: dict[str, tuple[float, float]]
    width: float
    height: float
    supply: Box
    table: Box
    top: float = MARGIN  # the tiles' first row's top edge
    #: whether a card another player holds is taken by a click on it in the players' table
    #: (R4.1): a desktop's pointer; on a phone its 12 units are no finger's target, and the
    #: card is taken from the cards' sheet (render/dock.py marks that tab)
    held_cards_targets: bool = True

    def tile(self, region: str) -> Box:
        col, row = self.grid[region]  # (whole units: a token's 24 units are 24 px on a phone)
        return Box(round(MARGIN + col * PITCH_X), round(self.top + row * PITCH_Y), TILE_W, TILE_H)

    def token_at(self, region: str, slot: int) -> Point:
        """The centre of the ``slot``-th rat token (1–3, R5.2) of a region."""
        b = self.tile(region)
        return b.x + TOKEN_X, b.y + TOKEN_Y0 + (slot - 1) * TOKEN_PITCH

    def strip_at(self, region: str, slot: int) -> Box:
        x, y = self.token_at(region, slot)
        return Box(x - TOKEN_X + STRIP_X, y - STRIP_H / 2, STRIP_W, STRIP_H)

    def side_at(self, region: str, row: int) -> Point:
        """The right column's ``row``-th place (0 the plague piece, 1 "2 steps", 2 the
        Knight's neutral cubes)."""
        b = self.tile(region)
        return b.x + SIDE_X, b.y + TOKEN_Y0 + row * TOKEN_PITCH

    def seat_column(self, region: str, seat: int, players: int) -> float:
        """The centre of ``seat``'s column in a tile (its cubes, its losses): one column per
        seat, so a player's pieces are always in the same place."""
        b = self.tile(region)
        w = (TILE_W - 4) / max(players, 1)
        return b.x + 2 + w * (seat + 0.5)

    def cubes_at(self, region: str, seat: int, players: int) -> Point:
        return self.seat_column(region, seat, players), self.tile(region).y + CUBES_Y

    def name_at(self, region: str) -> Point:
        b = self.tile(region)
        return b.x + NAME_X, b.y + NAME_Y

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
        """The part of the line between two tiles' centres that lies in the gap between them:
        a sea link (R2.2) is drawn there, over the water, so it crosses nothing inside a
        tile."""
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

#: The WIDE board's top margin: room for the north coast (Finland and Karelia, over Polonia's
#: top, render/europe_map.py)
_WIDE_TOP = 16
#: The fifth column's left edge (the supply, then the table), over Asia, east of Russia
_FIFTH = 512

#: A desktop's board, landscape: the twelve regions in three rows of four, placed with room
#: between them for the seas and coasts of Europe (tools/europe_map.py draws them): the North
#: Sea and the Channel round Anglia, the Baltic between Scandia and Polonia (Polonia lower, as
#: it lies south of Sweden), the Bay of Biscay and the Gulf of Lion round Hispania, the
#: Tyrrhenian Sea between Hispania and Italia, the Adriatic between Italia and Bulgaria, the
#: Black Sea between Tartaria and Turcia; the middle row shifted east (Hispania south-west of
#: Gallia, Tartaria south-east of Russia); the supply box and the players' table in a fifth
#: column over Asia. Its size (703 × 606) is what a 1280 × 800 screen draws with 12 px text.
WIDE = Arrangement(
    name="wide",
    grid={"Anglia": _at(34, 26, _WIDE_TOP), "Scandia": _at(156, 16, _WIDE_TOP),
          "Polonia": _at(296, 40, _WIDE_TOP), "Russia": _at(394, 20, _WIDE_TOP),
          "Gallia": _at(72, 210, _WIDE_TOP), "Germania": _at(180, 206, _WIDE_TOP),
          "Hungaria": _at(290, 214, _WIDE_TOP), "Tartaria": _at(404, 198, _WIDE_TOP),
          "Hispania": _at(28, 394, _WIDE_TOP), "Italia": _at(168, 392, _WIDE_TOP),
          "Bulgaria": _at(298, 406, _WIDE_TOP), "Turcia": _at(414, 432, _WIDE_TOP)},
    width=_FIFTH + TABLE_W + MARGIN,
    height=606,
    supply=Box(_FIFTH, _WIDE_TOP, SUPPLY_W, SUPPLY_H),
    table=Box(_FIFTH, _WIDE_TOP + SUPPLY_H + GAP, TABLE_W, TABLE_H),
    top=_WIDE_TOP)

ARRANGEMENTS = {a.name: a for a in (TALL, WIDE)}
