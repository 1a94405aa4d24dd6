"""What one seat may know of the game (RULES R8): public information plus that seat's
private knowledge, nothing more. UIs render from this; bots decide from it.
"""

from __future__ import annotations

from .plague import ranking, scores
from .state import State
from .tokens import TOKENS


def view(s: State, seat: int | None) -> dict:
    """A JSON-ready dict of R8.1 plus the R8.3 knowledge of ``seat`` (None: a spectator).

    Face-down tokens appear per region as a list, oldest first; an entry is the token's face
    if this seat's Witch saw it (R6.6), otherwise None. Token identities never appear.
    """
    known = s.knowledge[seat] if seat is not None else ()
    over = s.phase == "over"
    result = {
        "seat": seat,
        "players": s.players,
        "start_player": s.start_player,
        "phase": s.phase,
        "current_player": None if over else s.current,
        "regions": list(s.regions),
        "neighbours": {r: list(ns) for r, ns in s.nbrs.items()},
        "board": {
            r: {
                "tokens": [TOKENS[t].face() if t in known else None for t in s.rats[r]],
                "cubes": list(s.cubes[r]),
            }
            for r in s.regions
        },
        "palace": list(s.palace),
        "reserve": [s.reserve(p) for p in range(s.players)],
        "cards": dict(s.cards),
        "plague": s.plague,
        "supply": len(s.supply),
        "removed": len(s.removed),
        "revealed": [TOKENS[t].face() for t in s.revealed],
        "turn": {
            "number": s.turns,
            "took_card": s.took_card,
            "placed": s.placed,
            "used": list(s.used),
            "witch_looks": [_where(s, t) for t in s.witch_looks],
            "witch_stage": s.witch_stage,
            "spread_left": s.spread_left,
            "neutral": s.neutral,
        },
        "setup_queue": list(s.setup_queue),
        "last_regular": s.last_regular,
        "final_queue": list(s.final_queue),
        "scores": scores(s),
        "winner": None,
        "tied": [],
    }
    if over:
        result["winner"], result["tied"] = ranking(s)
    return result


def _where(s: State, token: int) -> list | None:
    """Where a token the Witch looked at lies now ([region, slot]), None once revealed."""
    place = s.slot_of(token)
    return list(place) if place else None
