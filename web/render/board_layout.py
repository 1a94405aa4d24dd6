"""Where everything on the board goes: the schematic board's tiles and each thing's place.

Why a schematic board: the outline of Europe could not hold a region's three rat tokens, four
players' cubes, the plague piece and what strikes and the aids add, readable on a phone; things
were drawn over each other. Here each region is a tile placed roughly where it lies (the
neighbours of R2.2 drawn as links: land a road, sea a dashed crossing), and inside a tile every
kind of thing has a place of its own, reserved whether it is shown or not:

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
checks the boxes, e2e/test_board_geometry.py the drawn page). The sizes are SVG units drawn
about 1:1 on a 390 px phone: texts of 11–12 units, rat tokens 24, pieces 20.
"""

from __future__ import annotations

from typing import NamedTuple

WIDTH = 390
TILE_W = 88
TILE_H = 150
GAP = 10
MARGIN = 5
PITCH_X = TILE_W + GAP
PITCH_Y = TILE_H + GAP
HEIGHT = MARGIN + 3 * PITCH_Y + TILE_H + MARGIN

#: Each region's place on the board, in tile columns and rows (fractions allowed): roughly
#: where it lies on a map of Europe (R2's table).
GRID: dict[str, tuple[float, float]] = {
    "Anglia": (0, 0), "Scandia": (1.5, 0), "Russia": (3, 0.75),
    "Gallia": (0, 1), "Germania": (1, 1), "Polonia": (2, 1),
    "Hispania": (0, 2), "Italia": (1, 2), "Hungaria": (2, 2), "Tartaria": (3, 1.85),
    "Bulgaria": (2, 3), "Turcia": (3, 3),
}

TOKEN_R = 12  # rat tokens 24 units across
TOKEN_X = 16  # the token column's centre, from the tile's left edge
TOKEN_Y0 = 36  # the first token row's centre
TOKEN_PITCH = 26
STRIP_X = 30  # a face's symbols: a box right of its token
STRIP_W = 32
STRIP_H = 22
SIDE_X = TILE_W - 12  # the right column's centre: plague piece, "2 steps", "+2"
PIECE = 20  # a seat's cube piece
CUBES_Y = 112  # the cube row's centre
LOSS_Y = 132.6  # the loss marks' centre: between the cube row and the odds
LOSS_H = 15.4  # a loss mark's height and width: the seat's shape, flat, with "−n" on it
LOSS_W = 19  # (within a seat's column of four: 21)
ODDS_Y = 150  # the odds' baseline
ODDS_X = 2  # the odds' left edge: the others' figure ends inside the tile (at a phone's edge)
NAME_X = 6
NAME_Y = 16

#: The supply box (top right) and the players' table (bottom left: the reserve, the palace,
#: the cards each holds).
SUPPLY = (MARGIN + 3 * PITCH_X, MARGIN, TILE_W, 110)
#: The cards beside the board, in the supply box: two rows of three, each a finger's tap on a
#: phone (a tester could not take a card from a row of six 12-unit icons)
FREE_CARD = 22
FREE_CARD_PITCH = 27
TABLE = (MARGIN, MARGIN + 3 * PITCH_Y, TILE_W + PITCH_X, TILE_H)
TABLE_HEAD = 18
TABLE_ROW = 32


class Box(NamedTuple):
    x: float
    y: float
    w: float
    h: float

    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


def tile(region: str) -> Box:
    col, row = GRID[region]
    return Box(MARGIN + col * PITCH_X, MARGIN + row * PITCH_Y, TILE_W, TILE_H)


def token_at(region: str, slot: int) -> tuple[float, float]:
    """The centre of the ``slot``-th rat token (1–3, R5.2) of a region."""
    b = tile(region)
    return b.x + TOKEN_X, b.y + TOKEN_Y0 + (slot - 1) * TOKEN_PITCH


def strip_at(region: str, slot: int) -> Box:
    x, y = token_at(region, slot)
    return Box(x - TOKEN_X + STRIP_X, y - STRIP_H / 2, STRIP_W, STRIP_H)


def side_at(region: str, row: int) -> tuple[float, float]:
    """The right column's ``row``-th place (0 the plague piece, 1 "2 steps", 2 the Knight's
    neutral cubes)."""
    b = tile(region)
    return b.x + SIDE_X, b.y + TOKEN_Y0 + row * TOKEN_PITCH


def seat_column(region: str, seat: int, players: int) -> float:
    """The centre of ``seat``'s column in a tile (its cubes, its losses): one column per seat,
    so a player's pieces are always in the same place."""
    b = tile(region)
    w = (TILE_W - 4) / max(players, 1)
    return b.x + 2 + w * (seat + 0.5)


def cubes_at(region: str, seat: int, players: int) -> tuple[float, float]:
    return seat_column(region, seat, players), tile(region).y + CUBES_Y


def name_at(region: str) -> tuple[float, float]:
    b = tile(region)
    return b.x + NAME_X, b.y + NAME_Y


def centre(region: str) -> tuple[float, float]:
    return tile(region).centre()


def supply_at() -> tuple[float, float]:
    """Where new rat tokens come from (R3.3's supply): the supply box's rat stack."""
    x, y, _w, _h = SUPPLY
    return x + 20, y + 22


def table_row_y(seat: int) -> float:
    """The centre of ``seat``'s row in the players' table."""
    return TABLE[1] + TABLE_HEAD + TABLE_ROW * (seat + 0.5)


#: The players' table's columns: the player's piece, their cubes in regions, in the palace
#: (R6.1), in reserve (R1.2), then the cards they hold.
TABLE_COLS = {"piece": 16, "regions": 46, "palace": 78, "reserve": 110, "cards": 132}


def table_at(seat: int, column: str) -> tuple[float, float]:
    return TABLE[0] + TABLE_COLS[column], table_row_y(seat)


def free_cards_at(i: int) -> tuple[float, float]:
    """The top left corner of the ``i``-th class card's place beside the board (R4.1, in the
    order of ``rattus.CARDS``), in the supply box: each card keeps its place."""
    x, y, _w, _h = SUPPLY
    return x + 5 + (i % 3) * FREE_CARD_PITCH, y + 54 + (i // 3) * FREE_CARD_PITCH


def _leave(box: Box, x: float, y: float, dx: float, dy: float) -> float:
    """How far along (dx, dy) from (x, y), inside ``box``, the line leaves it (0..1)."""
    ts = []
    if dx:
        ts += [(box.x - x) / dx, (box.x + box.w - x) / dx]
    if dy:
        ts += [(box.y - y) / dy, (box.y + box.h - y) / dy]
    return min(t for t in ts if t > 0)


def link_segment(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The part of the line between two tiles' centres that lies in the gap between them: a
    link is drawn there, so it crosses nothing inside a tile."""
    (x1, y1), (x2, y2) = centre(a), centre(b)
    dx, dy = x2 - x1, y2 - y1
    t1 = _leave(tile(a), x1, y1, dx, dy)
    t2 = 1 - _leave(tile(b), x2, y2, -dx, -dy)
    return (x1 + dx * t1, y1 + dy * t1), (x1 + dx * t2, y1 + dy * t2)
