"""A complete game state that agrees with one seat's view (RULES R8) — a possible world.

A view shows every public fact (R8.1) and the seat's private knowledge (R8.3), but not the
faces nobody has seen, the supply's order or the tokens removed at setup (R8.2). Given an
assignment of those — a *deal* — :func:`state_from_view` builds the one complete state that
agrees with both. Bots search by dealing the unknown faces at random (``bots/determinize.py``);
the building itself belongs here, beside the State it fills, so that no bot touches the
engine's private constructors.

    deal = unseen_tokens(view)                # the ids to place, ascending
    # … put them in some order: hidden slots, then supply, then removed (normal ones, R3.3)
    game = rattus.Game.from_view(view, deal)  # or state_from_view(view, deal) for a State
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .state import State
from .tokens import TOKENS

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import Face, View

# Face key -> token ids with that face, starting tokens first. Faces repeat (R9: e.g. "1 M C"
# is both a starting and a normal token); giving the faces a view shows starting ids first
# keeps as many normal ids as possible for the removed pile, which takes normal ones (R3.3).
_IDS_BY_FACE: dict[tuple, list[int]] = {}
for _i, _t in sorted(enumerate(TOKENS), key=lambda it: (not it[1].starting, it[0])):
    _IDS_BY_FACE.setdefault((_t.threshold, _t.symbols), []).append(_i)


def face_key(face: Face) -> tuple:
    """The key of a face as views show it ({"threshold": 3, "symbols": [...]})."""
    return (face["threshold"], tuple(face["symbols"]))


class _Shown:
    """The token ids given to the faces a view shows: revealed ones (R5.4), then the board's
    known ones (R6.6) region by region, each face the first free id with that face."""

    def __init__(self, view: View):
        self.used: set[int] = set()
        self.revealed = [self._claim(f) for f in view["revealed"]]
        self.rows: dict[str, list[int | None]] = {}
        for region in view["regions"]:
            faces = view["board"][region]["tokens"]
            self.rows[region] = [None if f is None else self._claim(f) for f in faces]
        self.known = {t for row in self.rows.values() for t in row if t is not None}

    def _claim(self, face: Face) -> int:
        for i in _IDS_BY_FACE.get(face_key(face), ()):
            if i not in self.used:
                self.used.add(i)
                return i
        raise ValueError(f"the view shows more tokens {face} than the game has (R9)")


def unseen_tokens(view: View) -> list[int]:
    """The ids of the tokens whose faces ``view`` does not show, ascending: what a deal for
    :func:`state_from_view` places (face-down and unknown, in the supply, removed)."""
    used = _Shown(view).used
    return [i for i in range(len(TOKENS)) if i not in used]


def hidden_slots(view: View) -> list[tuple[str, int]]:
    """The board's face-down tokens the view shows as None, as (region, index from 0), in the
    order a deal fills them: regions in board order, each oldest first."""
    return [(r, i) for r in view["regions"]
            for i, face in enumerate(view["board"][r]["tokens"]) if face is None]


def state_from_view(view: View, deal: Sequence[int]) -> State:
    """The complete State that agrees with ``view`` and gives the unseen tokens by ``deal``.

    ``deal`` is :func:`unseen_tokens` in the order they go: first the board's hidden slots
    (:func:`hidden_slots`), then the supply (bottom first: the last is drawn next), then the
    tokens removed at setup (normal tokens only, R3.3). The seat's Witch knowledge (R8.3) is
    kept; the state has no seed and no history (it cannot be undone or replayed). Raises
    ``ValueError`` if the view does not add up or the deal does not fit it.
    """
    shown = _Shown(view)
    players = view["players"]
    s = State(players)
    if list(s.regions) != list(view["regions"]):
        raise ValueError("the view's regions do not match its player count (R2.1)")
    pool = [i for i in range(len(TOKENS)) if i not in shown.used]
    slots = hidden_slots(view)
    n_supply, n_removed = view["supply"], view["removed"]
    if len(pool) != len(slots) + n_supply + n_removed:
        raise ValueError(f"the view's token counts do not add up to the {len(TOKENS)} tokens"
                         " (R1.3)")
    if sorted(deal) != pool:
        raise ValueError("the deal must place each unseen token exactly once")
    removed = list(deal[len(deal) - n_removed:])
    if any(TOKENS[t].starting for t in removed):
        raise ValueError("only normal tokens are removed at setup (R3.3)")

    s.seed = None
    s.start_player = view["start_player"]
    hidden = dict(zip(slots, deal))  # the deal fills the hidden slots first
    for r in s.regions:
        s.cubes[r] = list(view["board"][r]["cubes"])
        s.rats[r] = [hidden[r, i] if t is None else t for i, t in enumerate(shown.rows[r])]
    s.supply = list(deal[len(slots):len(deal) - n_removed])
    s.removed = removed
    s.revealed = shown.revealed
    s.palace = list(view["palace"])
    s.cards = dict(view["cards"])
    s.plague = view["plague"]
    s.phase = view["phase"]
    current = view["current_player"]
    s.current = current if current is not None else (view.get("last_regular") or 0)
    s.setup_queue = list(view["setup_queue"])
    turn = view["turn"]
    s.took_card = turn["took_card"]
    s.placed = turn["placed"]
    s.used = list(turn["used"])
    s.witch_stage = turn["witch_stage"]
    s.spread_left = turn["spread_left"]
    s.neutral = turn["neutral"]
    s.witch_looks = [s.rats[w[0]][w[1] - 1] if w is not None
                     else (s.revealed[-1] if s.revealed else deal[0])  # revealed since
                     for w in turn["witch_looks"]]
    s.knowledge = [set() for _ in range(players)]
    if view["seat"] is not None:
        s.knowledge[view["seat"]] = set(shown.known)
    s.last_regular = view["last_regular"]
    s.final_queue = list(view["final_queue"])
    s.turns = turn["number"]
    s.history, s.undo_floor, s.undo_block = [], 0, "start"
    s.setup_tokens = frozenset(  # R3.2: the view marks the tokens placed at setup
        t for r in s.regions for t, first in zip(s.rats[r], view["board"][r].get("starting", ()))
        if first)
    return s
