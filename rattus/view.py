"""What one seat may know of the game (RULES R8): public information plus that seat's
private knowledge, nothing more. UIs render from this; bots decide from it.
Every key is documented in ``docs/view.md``; ``shapes.View`` gives their types.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .actions import Action
from .board import steps_from
from .constants import CUBES_PER_PLAYER, KNIGHT_STEPS, MAX_RATS, SPREAD_MAX, limits
from .plague import ranking, scores
from .setup import placed_at_setup
from .state import State
from .tokens import TOKENS

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import Decision, Place, View


def view(s: State, seat: int | None, legal: list[Action] | None = None) -> View:
    """A JSON-ready dict of R8.1 plus the R8.3 knowledge of ``seat`` (None: a spectator).

    Face-down tokens appear per region as a list, oldest first; an entry is the token's face
    if this seat's Witch saw it (R6.6), otherwise None. Token identities never appear.
    ``legal`` is ``rules.legal_actions(s)`` when the caller has it (``Game`` caches it);
    otherwise it is computed, and only when a plague move may be pending.
    """
    known = s.knowledge[seat] if seat is not None else ()
    setup = setup_tokens(s)
    over = s.phase == "over"
    on_board = [sum(column) for column in zip(*s.cubes.values())]  # R1.2
    result: View = {
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
                "starting": [t in setup for t in s.rats[r]],
            }
            for r in s.regions
        },
        "palace": list(s.palace),
        "reserve": [CUBES_PER_PLAYER - b - p for b, p in zip(on_board, s.palace)],
        "on_board": on_board,
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
        "decision": decision(s, legal),
        "knows": len(known),
        "limits": limits(),
    }
    if over:
        result["winner"], result["tied"] = ranking(s)
    return result


def setup_tokens(s: State) -> frozenset[int]:
    """The tokens placed face down at setup, one a region (R3.2): starting tokens (R1.3).

    Public (R8.1): everyone saw them placed, and every later move of a face-down token is
    public (a spread adds one, the Monk moves one, the Witch's swap shows which two moved,
    a strike reveals the oldest), so everyone can tell which face-down token is one of them.
    Derived once from the seed's deal (``setup.placed_at_setup``); a seedless game (a bot's
    sample) carries it in the State (``worlds.state_from_view``); a seedless save has none.
    """
    ids = s.setup_tokens
    if ids is None:
        ids = frozenset() if s.seed is None else placed_at_setup(s.players, s.seed)
        s.setup_tokens = ids
    return ids


def decision(s: State, legal: list[Action] | None = None) -> Decision:
    """The pending decision, public (R8.1): its kind, whose it is, whether it can involve
    knowledge only that seat has (R8.3), and the plague moves open to it.

    ``private`` is False during setup (no Witch can have been used: nobody knows a face,
    R3.5) and once the game is over; otherwise the acting seat may hold a Witch's private
    look (R6.6). ``plague_reach`` maps each region a legal ``plague`` action reaches to its
    steps from the plague region (1 = a neighbour, R4.3; 2 = the Knight's second step, R6.3);
    it is taken from the legal actions, the single source of legality. ``spread_draws`` says,
    for each of those regions, how many rat tokens the spread there would draw from the
    supply (R5.1, R5.2 and its Ruling), and ``empties_supply`` which of them would draw the
    last one, so that the game ends after this turn (R7.1a). ``empties_reserve`` says whether
    a placement open now would put the acting seat's last reserve cubes on the board, which
    ends the game after this turn unless a strike sends some back (R7.1b).
    """
    # the kinds are the phase names (state.PHASES), plus "witch": finishing her use (R6.6)
    kind = "witch" if s.witch_stage else s.phase
    reach: dict[str, int] = {}
    if kind in ("turn", "final"):
        if legal is None:
            legal = rules.legal_actions(s)
        # rules.legal_actions lists the plague moves last (a final turn: before "neutral
        # yes" and "end"), so a scan from the end stops early
        targets = []
        for a in reversed(legal):
            if a.kind == "plague":
                targets.append(a.args[0])
            elif a.kind not in ("end", "neutral"):
                break
        if targets:
            steps = steps_from(s.nbrs, s.plague, KNIGHT_STEPS)
            reach = {r: steps[r] for r in reversed(targets)}  # board order
    draws = {r: spread_draws(s, r) for r in reach} if kind == "turn" else dict.fromkeys(reach, 0)
    left = s.reserve(s.current) if kind == "turn" else 0
    empties_reserve = kind == "turn" and any(
        a.kind == "place" and a.args[1] >= left for a in legal or ())
    return {
        "kind": kind,
        "seat": None if kind == "over" else s.current,
        "private": kind not in ("setup", "over"),
        "plague_reach": reach,
        "spread_left": s.spread_left,
        "witch_stage": s.witch_stage,
        "spread_draws": draws,
        "empties_supply": [r for r, n in draws.items() if n and n >= len(s.supply)],
        "empties_reserve": empties_reserve,
    }


def spread_draws(s: State, region: str) -> int:
    """The rat tokens a spread in ``region`` draws now (R5.1): one for one rat there, two for
    two or three; never more than its neighbours' free places (R5.2: each draw goes onto a
    neighbour below three, whichever the player chooses) nor than the supply holds (R5.2's
    Ruling). A final turn's Knight move spreads nothing (R7.2): the caller gives 0 there."""
    wanted = min(len(s.rats[region]), SPREAD_MAX)
    free = sum(MAX_RATS - len(s.rats[n]) for n in s.nbrs[region])
    return min(wanted, free, len(s.supply))


def _where(s: State, token: int) -> Place | None:
    """Where a token the Witch looked at lies now ([region, slot]), None once revealed."""
    place = s.slot_of(token)
    return list(place) if place else None
