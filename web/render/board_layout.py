"""Where everything on the board goes: each region's pile of pieces on the map of Europe and
each thing's place in it.

Two arrangements (:class:`Arrangement`), the one the screen wants drawn (:data:`WIDE_QUERY`),
both Europe as it is (render/europe_real.py, drawn by tools/europe_board.py from Natural Earth),
each region's pieces a compact pile (:data:`PILE`) on its own land where the others leave room:

* :data:`WIDE`, a desktop screen's, landscape: the players' table and the supply at sea in the
  Atlantic;
* :data:`TALL`, a phone's, portrait, drawn about 1:1 on a 390 px phone: the map fills the
  width, the players' table and the supply below Europe (on Africa, beyond the game).

Inside a pile every kind of thing has a place of its own (:class:`Inside`), reserved whether
it is shown or not, so that nothing covers anything in any position the game can reach
(tests/web/test_board checks the boxes, e2e/test_board.py the drawn page):

    Region name
    (rat) (rat) (rat)  (plague)
    [seat][seat][seat][seat] (2 steps)
     −1    −2                (+2)      or, out of a strike: the odds

Sizes are SVG units: texts of 11–12 units; on a desktop rat tokens 24 and cube pieces 19;
on a phone (:data:`PILE_TALL`) what a finger takes 28 (1:1 on a 390 px phone), cube pieces
17.5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from render import europe_real

#: The screens that get the WIDE board: a desktop screen held landscape. The page asks the
#: browser (browser/app.py), the first screen's CSS is written from it (tools/first_screen.py),
#: and style.css's desktop layout keys on the same condition (tests/web/test_board.py).
WIDE_QUERY = "(min-width: 1001px) and (min-aspect-ratio: 4/3)"

GAP = 10
MARGIN = 5
#: A pile's plate's rounded corners (render/board.py; tools/europe_board.py draws it so)
PLATE_R = 7

TOKEN_R = 12  # rat tokens 24 units across
PLAGUE_HIT = 30  # the plague piece's place for a finger, when it may be picked up
PIECE = 20  # a seat's cube piece in the players' table (2 units less)

#: The supply box's size; the cards beside the board sit in it in two rows of three, each a
#: finger's tap on a phone (a tester could not take a card from a row of six 12-unit icons)
SUPPLY_W, SUPPLY_H = 88, 110
FREE_CARD = 22
#: … each a finger's target of its own: 28 units, 28 px on a 390 px phone and 26 on a 360 px
#: one, with no other card's place within it
FREE_CARD_HIT = 28
FREE_CARD_PITCH = 28.5
#: The players' table: a head row of icons, then a row per seat (the reserve, the palace, the
#: cards each holds)
TABLE_W, TABLE_H = 186, 150
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
    """Where each kind of thing lies inside a region's pile (units from its top left corner):
    the tokens in a row, the faces' symbols told by the strike's story and the token's words
    (no room for them beside a token)."""

    w: float
    h: float
    name: Point  # the name's baseline start
    token: Point  # the first rat token's centre
    token_step: Point  # from one token to the next
    #: the centres of the plague piece, "2 steps" (the Knight's destination: never where the
    #: plague piece stands, R6.3) and "+2" (the Knight's neutral cubes)
    side: tuple[Point, Point, Point]
    cubes: tuple[float, float, float]  # the seats' columns' left edge and span, the cubes' row
    piece: float  # a seat's cube piece
    loss: tuple[float, float, float]  # the loss marks' row, their width and height
    odds: Point  # the odds' left edge and baseline
    #: whether the odds and the loss marks share a row: the odds, an aid to a decision, give
    #: way while a strike is told there
    odds_give_way: bool = False
    token_r: float = TOKEN_R  # a rat token's radius
    #: the plague piece's reach from its centre (its drawing scaled to it: 28 units tall on a
    #: phone), and the place a finger picks it up from, when it may be picked up
    plague_r: float = 12.3
    plague_hit: float = PLAGUE_HIT


#: A pile on the map of Europe as it is (104 × 83: twelve of them leave most of the land in
#: sight on a desktop's map):
#:
#:     Region name
#:     (rat) (rat) (rat)  (plague)
#:     [seat][seat][seat][seat] (2 steps)
#:      −1    −2                (+2)      or, out of a strike: the odds
PILE = Inside(w=104, h=83, name=(4, 12), token=(13, 28), token_step=(25, 0),
              side=((92, 28), (92, 53), (92, 73)), cubes=(0, 80, 53), piece=19,
              loss=(73, 17, 15.4), odds=(2, 78), odds_give_way=True)

#: A phone's pile: the same size on the map, its pieces a finger's size at 1:1 (28 units: 28
#: px on a 390 px phone, 26 on a 360 px one): the rat tokens side by side, the plague piece
#: under the third one, beside the cubes (a little narrower than a desktop's), "+2" beside the
#: tokens:
#:
#:     Region name
#:     (rat)(rat)(rat) (+2)
#:     [s][s][s][s] (plague)      or "2 steps"
#:      −1  −2                    or, out of a strike: the odds
PILE_TALL = Inside(w=104, h=83, name=(4, 12), token=(14, 29), token_step=(28.3, 0),
                   side=((90, 57), (90, 57), (94.5, 29)), cubes=(0, 74, 55), piece=17.5,
                   loss=(74.5, 17, 13), odds=(2, 80.5), odds_give_way=True, token_r=14,
                   plague_r=14, plague_hit=28)


@dataclass(frozen=True, eq=False)
class Arrangement:
    """One way of laying the board out: the board's size, the supply box and the players'
    table, what a region's pile holds where (``inside``), each region's pile's top left corner
    on its map of Europe (``piles``) and each sea link's crossing (``crossings``). Two exist,
    :data:`TALL` and :data:`WIDE`; compared and hashed as themselves."""

    name: str
    width: float
    height: float
    supply: Box
    table: Box
    piles: dict[str, tuple[int, int]]
    crossings: dict[tuple[str, str], tuple[Point, Point]]
    #: whether a card another player holds is taken by a click on it in the players' table
    #: (R4.1): a desktop's pointer; on a phone its 12 units are no finger's target, and the
    #: card is taken from the cards' sheet (render/dock.py marks that tab)
    held_cards_targets: bool = True
    inside: Inside = PILE
    #: the players it is drawn for: with fewer than four the map is framed to the regions in
    #: play (R2.1), the others at its edge, dimmed, without a pile
    players: int = 4
    #: where a region out of play is named, on a map framed to the regions in play (its
    #: name's baseline start); one not here has no room on the map for its name
    labels: dict[str, Point] = field(default_factory=dict)

    @property
    def screen(self) -> str:
        """The screen it is drawn for (:data:`SCREENS`): "wide" or "tall"."""
        return self.name.split("-")[0]

    def tile(self, region: str) -> Box:
        """The region's pile's box."""
        x, y = self.piles[region]
        return Box(x, y, self.inside.w, self.inside.h)

    def token_at(self, region: str, slot: int) -> Point:
        """The centre of the ``slot``-th rat token (1–3, R5.2) of a region."""
        b, i = self.tile(region), self.inside
        return (b.x + i.token[0] + (slot - 1) * i.token_step[0],
                b.y + i.token[1] + (slot - 1) * i.token_step[1])

    def side_at(self, region: str, row: int) -> Point:
        """The right column's ``row``-th place (0 the plague piece, 1 "2 steps", 2 the
        Knight's neutral cubes)."""
        b, (x, y) = self.tile(region), self.inside.side[row]
        return b.x + x, b.y + y

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

    def named(self, region: str) -> bool:
        """Whether the region's name is written on this map (:meth:`name_at`)."""
        return region in self.piles or region in self.labels

    def name_at(self, region: str) -> Point:
        """Where the region's name is written: in its pile; out of play on a framed map, on
        its land (``labels``: a region with no room there is not named)."""
        if region not in self.piles:
            return self.labels[region]
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
        """Where a sea link (R2.2) is drawn: the crossing made for it (the shortest way over
        water between the two lands, under no pile)."""
        return self.crossings[(a, b)]


#: The seas' names' letters (units, italics): 11 px and more on a 360 px phone, where a unit
#: is drawn 0.92 px (render/board.py writes them; tools/europe_board.py finds them room)
SEA_NAME = 12.0
SEA_LEADING = 13.0  # (a name written in two lines: its lines' distance)
#: A mountain's peak drawn on the map: its half width and its height (units; the tool that
#: places them keeps this box free: tools/europe_board.py ``PEAK``)
PEAK_W, PEAK_H = 4.0, 6.0
#: The compass rose's reach from its centre (its N a little above), on a map of Europe as it is
COMPASS_R = 17

#: The screens a board is drawn for, and its size there in board units: a desktop's, landscape
#: (1280 × 800 draws it at 1.25 px a unit), and a phone's, portrait (1:1 on a 390 px phone)
SCREENS = {"wide": (720, 580), "tall": (390, 620)}
#: The counts of players each screen has a board for (R2.1: 2 and 3 play on fewer regions)
PLAYER_COUNTS = (4, 3, 2)


def board_name(screen: str, players: int) -> str:
    """The name of the board for ``screen`` and ``players`` (``ARRANGEMENTS``' key)."""
    return screen if players >= 4 else f"{screen}-{players}"


def _board(screen: str, players: int) -> Arrangement:
    """The board of a screen and a count of players: Europe as it is (render/europe_real.py,
    drawn by tools/europe_board.py from Natural Earth, a gentle cartogram), each region's pile
    on its own land where the others leave room; with fewer than four players the map is
    framed to the regions in play, at the same size.

    * a desktop's, landscape: from Cabo da Roca to the Volga and from Crete to the North Cape,
      the players' table and the supply at sea, in the Atlantic west of Anglia;
    * a phone's, portrait: the same Europe filling the width (its upper 460 units, a little
      taller than the projection's: a phone's room is tall), the players' table and the
      supply below it, on the Mediterranean's south shore (a card another player holds is
      taken from the cards' sheet: ``held_cards_targets``)."""
    name = board_name(screen, players)
    width, height = SCREENS[screen]
    band = height - MARGIN - TABLE_H  # (a phone's: below Europe)
    wide = screen == "wide"
    return Arrangement(
        name=name, width=width, height=height, players=players,
        table=Box(MARGIN, MARGIN if wide else band, TABLE_W, TABLE_H),
        supply=(Box(MARGIN, MARGIN + TABLE_H + GAP, SUPPLY_W, SUPPLY_H) if wide else
                Box(MARGIN + TABLE_W + GAP, band + TABLE_H - SUPPLY_H, SUPPLY_W, SUPPLY_H)),
        piles=europe_real.PILES[name], crossings=europe_real.CROSSINGS[name],
        labels=europe_real.LABELS[name], held_cards_targets=wide,
        inside=PILE if wide else PILE_TALL)


ARRANGEMENTS = {board_name(s, n): _board(s, n) for s in SCREENS for n in PLAYER_COUNTS}
WIDE = ARRANGEMENTS["wide"]
TALL = ARRANGEMENTS["tall"]
