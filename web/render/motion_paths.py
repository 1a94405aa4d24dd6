"""Where each change of the last action travels on the board, and what travels: the plague
piece along its path (R4.3, R6.3), a rat token from the supply (R5.1) or between regions (R6.2,
R6.6), cubes from the reserve, between regions or to the palace (R4.2, R6.1, R6.5), a card to
its taker (R4.1), and at a strike each lost cube back to its reserve (R5.5).

Why here: the places are the board's (render/board_layout.py); the browser only moves a drawing
along the points it is given (browser/motion.py), after the board already shows where things
end, so a skipped or switched-off motion loses nothing.
"""

from __future__ import annotations

from rattus.board import neighbours
from rattus.cards import CARD_SYMBOL, CARDS
from render import board, pieces
from render import board_layout as L

#: A drawing of each kind of thing that travels, centred on (0, 0): the board's own.
_TOKEN = f'<g class="token">{board.rat_back()}</g>'
_PLAGUE = f'<g class="plague-piece">{board.plague_body()}</g>'


def _cube(seat: int, seats, count: int | None = None) -> str:
    return f'<g class="cube">{pieces.piece(seat, seats[seat].colour, L.PIECE, count)}</g>'


def _card(card: str) -> str:
    return ('<g class="card-ghost"><circle r="9" fill="#fffaf0" stroke="#3b2d1a"/>'
            + pieces.icon(CARD_SYMBOL[card], -6, -6, 12, "ico") + "</g>")


def _via(start: str, end: str, players: int) -> list[str]:
    """A region the plague piece's two steps (R6.3) may have passed: the event says only
    where it went, so the way shown is through a neighbour of both (the first in the board's
    order), as a player would move it."""
    nbrs = neighbours(players)
    return [r for r in nbrs.get(start, ()) if end in nbrs.get(r, ())][:1]


def paths(acted, view, seats) -> list[dict]:
    """Each change of ``acted`` (model/motions.py) as ``{"kind", "ghost", "path", "with"}``:
    what travels, the points it passes (board units) and whether it moves together with the
    one before (the two tokens of a Witch's swap)."""
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
            out.append({"kind": kind, "ghost": _PLAGUE, "with": False,
                        "path": [L.side_at(r, 0) for r in way]})
        elif kind == "rat_spread":
            out.append({"kind": kind, "ghost": _TOKEN, "with": False,
                        "path": [L.supply_at(), L.token_at(e["region"], slots_taken[i])]})
        elif kind in ("cubes_placed", "setup_placed"):
            out.append({"kind": kind, "ghost": _cube(e["seat"], seats, e["count"]),
                        "with": False, "path": [L.table_at(e["seat"], "reserve"),
                                                L.cubes_at(e["region"], e["seat"], n)]})
        elif kind == "king":
            out.append({"kind": kind, "ghost": _cube(e["seat"], seats), "with": False,
                        "path": [L.cubes_at(e["region"], e["seat"], n),
                                 L.table_at(e["seat"], "palace")]})
        elif kind == "merchant":
            out.append({"kind": kind, "ghost": _cube(e["seat"], seats, e["count"]),
                        "with": False, "path": [L.cubes_at(e["region"], e["seat"], n),
                                                L.cubes_at(e["to"], e["seat"], n)]})
        elif kind == "monk":
            out.append({"kind": kind, "ghost": _TOKEN, "with": False,
                        "path": [L.token_at(e["region"], e["slot"]),
                                 L.token_at(e["to"], slots_taken[i])]})
        elif kind == "witch_swap":
            a, b = L.token_at(*e["a"]), L.token_at(*e["b"])
            out.append({"kind": kind, "ghost": _TOKEN, "with": False, "path": [a, b]})
            out.append({"kind": kind, "ghost": _TOKEN, "with": True, "path": [b, a]})
        elif kind == "card_taken":
            start = (L.free_cards_at(CARDS.index(e["card"])) if e["from_seat"] is None
                     else L.table_at(e["from_seat"], "cards"))
            out.append({"kind": kind, "ghost": _card(e["card"]), "with": False,
                        "path": [(start[0] + L.FREE_CARD / 2, start[1] + L.FREE_CARD / 2)
                                 if e["from_seat"] is None
                                 else start, L.table_at(e["seat"], "cards")]})
    return out


def kills(item: dict, seats) -> list[dict]:
    """The cubes a revealed token cost (R5.5), each going back to its owner's reserve, one
    after the other."""
    return [{"kind": "cube_killed", "ghost": _cube(seat, seats), "with": False,
             "path": [L.cubes_at(item["region"], seat, len(seats)), L.table_at(seat, "reserve")]}
            for seat, _symbol in item["kills"]]
