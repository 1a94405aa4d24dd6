"""Determinisation: a complete engine state sampled from what one seat may know (RULES R8).

A bot receives ``Game.view(seat)`` only. To simulate, it builds a :class:`rattus.state.State`
that agrees with every public fact of the view and with the seat's private knowledge (the
faces its Witch saw, R6.6), and gives the faces nobody has seen at random: all 49 tokens
(R1.3, R9) minus those revealed (R5.4) and those the seat knows are dealt over the face-down
slots of the board, the supply and the tokens removed at setup (normal tokens only, R3.3).
Every public fact narrows the deal: a face-down token placed at setup (``board[r]["starting"]``
in the view, R3.2) is one of the starting tokens not yet seen (R1.3); the removed ones are
normal tokens (R3.3).

    det = Determinizer(view)
    state = det.sample(rng)          # a fresh State each call
    game = det.game(rng)             # a rattus.Game, built by Game.from_view (rattus/worlds.py)
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..game import Game
from ..state import State
from ..tokens import TOKENS
from ..worlds import face_key, hidden_slots, state_from_view, unseen_tokens

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from ..shapes import View

__all__ = ["Determinizer", "determinize", "face_key"]


def _starting(view: View, region: str, index: int) -> bool:
    flags = view["board"][region].get("starting")
    return bool(flags) and flags[index]


class Determinizer:
    """Prepared once per view; :meth:`sample` then deals the unknown faces quickly.

    The State is built by the engine (:func:`rattus.worlds.state_from_view`) once, from a
    first deal; each sample clones it and deals again over the same places, which is what
    makes thousands of samples per decision affordable.
    """

    def __init__(self, view: View):
        self.view = view
        pool = unseen_tokens(view)
        #: Ids of the tokens whose faces this seat does not know (board, supply, removed).
        self.pool = pool
        self.pool_normal = [i for i in pool if not TOKENS[i].starting]
        self.pool_starting = [i for i in pool if TOKENS[i].starting]
        self.n_supply = view["supply"]
        self.n_removed = view["removed"]
        if len(self.pool_normal) < self.n_removed:
            raise ValueError("too few normal tokens left for those removed at setup (R3.3)")
        slots = hidden_slots(view)  # (region, index) to deal
        self._board_index = {x: k for k, x in enumerate(slots)}
        flagged = [(r, i) for r, i in slots if _starting(view, r, i)]
        #: Hidden slots known to hold a token placed at setup (R3.2): starting tokens first.
        self.setup_slots = flagged[:len(self.pool_starting)]
        taken = set(self.setup_slots)
        self.other_slots = [x for x in slots if x not in taken]
        self.unknown_slots = self.setup_slots + self.other_slots
        self.base = state_from_view(view, self._order(*self._deal(random.Random(0))))
        seat = view["seat"]
        self.known = self.base.knowledge[seat] if seat is not None else set()
        self.witch_looks = [tuple(w) if w is not None else None
                            for w in view["turn"]["witch_looks"]]

    def _deal(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """A random deal: (the tokens for :attr:`unknown_slots` — setup slots first — then
        the supply, the removed)."""
        starting = self.pool_starting[:]
        rng.shuffle(starting)
        k = len(self.setup_slots)
        normal = self.pool_normal[:]
        rng.shuffle(normal)
        cut = self.n_removed
        rest = normal[cut:] + starting[k:]
        rng.shuffle(rest)
        return starting[:k] + rest, normal[:cut]

    def _order(self, rest: list[int], removed: list[int]) -> list[int]:
        """A deal in the order ``state_from_view`` takes: hidden slots in board order,
        then the supply, then the removed."""
        where = dict(zip(self.unknown_slots, rest))
        n = len(self.unknown_slots)
        return [where[x] for x in sorted(where, key=self._board_index.__getitem__)] + \
            rest[n:] + removed

    def sample(self, rng: random.Random) -> State:
        """A complete State consistent with the view; unknown faces dealt at random."""
        rest, removed = self._deal(rng)
        s = self.base.clone()
        s.removed = removed
        k = 0
        for r, i in self.unknown_slots:
            s.rats[r][i] = rest[k]
            k += 1
        s.supply = rest[k:]
        looks = []
        for w in self.witch_looks:
            if w is None:  # a looked-at token already revealed: any revealed id will do
                looks.append(s.revealed[-1] if s.revealed else rest[0])
            else:
                looks.append(s.rats[w[0]][w[1] - 1])
        s.witch_looks = looks
        return s

    def game(self, rng: random.Random) -> Game:
        """A complete :class:`rattus.Game` consistent with the view (the deal of
        :meth:`sample` for the same ``rng`` state), built by ``Game.from_view``."""
        return Game.from_view(self.view, self._order(*self._deal(rng)))


def determinize(view: View, rng: random.Random | None = None) -> Game:
    """One complete, valid game consistent with ``view`` (see :class:`Determinizer`)."""
    return Determinizer(view).game(rng or random.Random())
