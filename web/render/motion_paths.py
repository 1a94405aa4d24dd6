"""Where each change of the last action travels on the board, and what travels: the plague
piece along its path (R4.3, R6.3), a rat token from the supply (R5.1) or between regions (R6.2,
R6.6), cubes from the reserve, between regions or to the palace (R4.2, R6.1, R6.5), a card to
its taker (R4.1), and at a strike each lost cube back to its reserve (R5.5).

Why here: the places are the board's, in the arrangement drawn (render/board_layout.py); the
browser only moves a drawing along the points it is given (browser/motion.py), after the board
already shows where things end, so a skipped or switched-off motion loses nothing.

A card changing hands is small on the board (a 12-unit icon in a row of the players' table),
so its flight is drawn large: a card of 32 units, about the icon's size where it starts and
ends and larger halfway (its icon 29 units), on an arc above the straight way, so that it is
seen on a phone too.
"""

from __future__ import annotations

from rattus.board import neighbours
from rattus.cards import CARD_SYMBOL, CARDS
from render import board, pieces
from render import board_layout as L


def _token(lay: L.Arrangement) -> str:
    """A rat token as ``lay`` draws it, centred on (0, 0): the board's own drawing."""
    return f'<g class="token">{board.rat_back(lay.inside.token_r)}</g>'


def _plague(lay: L.Arrangement) -> str:
    return f'<g class="plague-piece">{board.plague_body(lay.inside.plague_r)}</g>'


def _cube(lay: L.Arrangement, seat: int, seats, count: int | None = None) -> str:
    """A player's cube piece as ``lay`` draws it in a region (its size lands with it)."""
    return (f'<g class="cube">'
            f'{pieces.piece(seat, seats[seat].colour, lay.inside.piece, count)}</g>')


#: A flying card's height (board units), its icon's share of it, and its scale where it
#: starts and ends (about the icon it leaves and joins) and halfway: an icon of 29 units.
CARD_FLIGHT = 32
CARD_ICON = 0.7
CARD_SCALES = (0.45, 1.3, 0.45)


def _card(card: str) -> str:
    r = CARD_FLIGHT / 2
    icon = CARD_FLIGHT * CARD_ICON
    return (f'<g class="card-ghost"><rect x="{-r * 0.8:.1f}" y="{-r:.1f}" '
            f'width="{CARD_FLIGHT * 0.8:.1f}" height="{CARD_FLIGHT}" rx="3" fill="#fffaf0" '
            f'stroke="#3b2d1a" stroke-width="1.2"/>'
            + pieces.icon(CARD_SYMBOL[card], -icon / 2, -icon / 2, icon, "ico") + "</g>")


def _held(view, seat: int, card: str, lay: L.Arrangement, before: bool = False):
    """The centre of ``card``'s icon in ``seat``'s row of the players' table: where it is now
    (its taker's), or where it was (``before``: its former holder's, among the cards they
    still hold)."""
    held = [c for c in CARDS if view["cards"][c] == seat or (before and c == card)]
    x, y = lay.held_card_at(seat, held.index(card) if card in held else 0)
    return x + L.HELD_CARD / 2, y + L.HELD_CARD / 2


def _arc(a, b, lift: float = 40):
    """The point halfway from ``a`` to ``b``, lifted ``lift`` units (a card's flight), never
    so high that the card leaves the board."""
    return (a[0] + b[0]) / 2, max(CARD_FLIGHT * CARD_SCALES[1] / 2, (a[1] + b[1]) / 2 - lift)


def _via(start: str, end: str, players: int) -> list[str]:
    """A region the plague piece's two steps (R6.3) may have passed: the event says only
    where it went, so the way shown is through a neighbour of both (the first in the board's
    order), as a player would move it."""
    nbrs = neighbours(players)
    return [r for r in nbrs.get(start, ()) if end in nbrs.get(r, ())][:1]


def paths(acted, view, seats, lay: L.Arrangement) -> list[dict]:
    """Each change of ``acted`` (model/motions.py) as ``{"kind", "ghost", "path", "with"}``:
    what travels, the points it passes (board units, in the arrangement ``lay``) and whether it
    moves together with the one before (the two tokens of a Witch's swap); a card's flight
    also has ``"scale"``, its size at each point."""
    n = len(seats)
    out: list[dict] = []
    # a token arriving in a region took the last free place there: count back from the view
    arrivals: dict[str, int] = {}
    slots_taken: dict[int, int] = {}
    for i in range(len(acted) - 1, -1, -1):
        e = acted[i]
        to = e["region"] if e["kind"] == "rat_spread" else e.get("to") if e["kind"] == "monk" \
            else None
        if to is not None:
            here = len(view["board"].get(to, {}).get("tokens", []))
            slots_taken[i] = max(1, min(3, here - arrivals.get(to, 0)))
            arrivals[to] = arrivals.get(to, 0) + 1
    for i, e in enumerate(acted):
        kind = e["kind"]
        if kind == "plague_moved":
            way = [e["region"], *_via(e["region"], e["to"], n), e["to"]] if e["steps"] == 2 \
                else [e["region"], e["to"]]
            out.append({"kind": kind, "ghost": _plague(lay), "with": False,
                        "path": [lay.side_at(r, 0) for r in way]})
        elif kind == "rat_spread":
            out.append({"kind": kind, "ghost": _token(lay), "with": False,
                        "path": [lay.supply_at(), lay.token_at(e["region"], slots_taken[i])]})
        elif kind in ("cubes_placed", "setup_placed"):
            out.append({"kind": kind, "ghost": _cube(lay, e["seat"], seats, e["count"]),
                        "with": False, "path": [lay.table_at(e["seat"], "reserve"),
                                                lay.cubes_at(e["region"], e["seat"], n)]})
        elif kind == "king":
            out.append({"kind": kind, "ghost": _cube(lay, e["seat"], seats), "with": False,
                        "path": [lay.cubes_at(e["region"], e["seat"], n),
                                 lay.table_at(e["seat"], "palace")]})
        elif kind == "merchant":
            out.append({"kind": kind, "ghost": _cube(lay, e["seat"], seats, e["count"]),
                        "with": False, "path": [lay.cubes_at(e["region"], e["seat"], n),
                                                lay.cubes_at(e["to"], e["seat"], n)]})
        elif kind == "monk":
            out.append({"kind": kind, "ghost": _token(lay), "with": False,
                        "path": [lay.token_at(e["region"], e["slot"]),
                                 lay.token_at(e["to"], slots_taken[i])]})
        elif kind == "witch_swap":
            a, b = lay.token_at(*e["a"]), lay.token_at(*e["b"])
            out.append({"kind": kind, "ghost": _token(lay), "with": False, "path": [a, b]})
            out.append({"kind": kind, "ghost": _token(lay), "with": True, "path": [b, a]})
        elif kind == "card_taken":  # (R4.1 from beside the board or from another player)
            if e["from_seat"] is None:
                x, y = lay.free_cards_at(CARDS.index(e["card"]))
                start = (x + L.FREE_CARD_HIT / 2, y + L.FREE_CARD_HIT / 2)  # (its middle)
            else:
                start = _held(view, e["from_seat"], e["card"], lay, before=True)
            end = _held(view, e["seat"], e["card"], lay)
            out.append({"kind": kind, "ghost": _card(e["card"]), "with": False,
                        "path": [start, _arc(start, end), end], "scale": list(CARD_SCALES)})
    return out


def kills(item: dict, seats, lay: L.Arrangement) -> list[dict]:
    """The cubes a revealed token cost (R5.5), each going back to its owner's reserve, one
    after the other."""
    return [{"kind": "cube_killed", "ghost": _cube(lay, seat, seats), "with": False,
             "path": [lay.cubes_at(item["region"], seat, len(seats)),
                      lay.table_at(seat, "reserve")]}
            for seat, _symbol in item["kills"]]
