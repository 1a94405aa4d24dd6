"""Determinisation: a complete engine state sampled from what one seat may know (RULES R8).

A bot receives ``Game.view(seat)`` only. To simulate, it builds a :class:`rattus.state.State`
that agrees with every public fact of the view and with the seat's private knowledge (the
faces its Witch saw, R6.6), and gives the faces nobody has seen at random: all 49 tokens
(R1.3, R9) minus those revealed (R5.4) and those the seat knows are dealt over the face-down
slots of the board, the supply and the tokens removed at setup (normal tokens only, R3.3).

    det = Determinizer(view)
    state = det.sample(rng)          # a fresh State each call
    game = det.game(rng)             # the same, wrapped as a rattus.Game
"""

from __future__ import annotations

import random

from ..game import Game
from ..state import State
from ..tokens import TOKENS

# Face key -> token ids with that face, starting tokens first. Faces repeat (R9: e.g. "1 M C"
# is both a starting and a normal token); preferring starting ids for the faces we see keeps
# as many normal ids as possible for the removed pile, which takes normal tokens only (R3.3).
_IDS_BY_FACE: dict[tuple, list[int]] = {}
for _i, _t in sorted(enumerate(TOKENS), key=lambda it: (not it[1].starting, it[0])):
    _IDS_BY_FACE.setdefault((_t.threshold, _t.symbols), []).append(_i)


def face_key(face: dict) -> tuple:
    """The key of a face as views show it ({"threshold": 3, "symbols": [...]})."""
    return (face["threshold"], tuple(face["symbols"]))


class Determinizer:
    """Prepared once per view; :meth:`sample` then deals the unknown faces quickly."""

    def __init__(self, view: dict):
        self.view = view
        players = view["players"]
        seat = view["seat"]
        used: set[int] = set()

        def claim(face: dict) -> int:
            for i in _IDS_BY_FACE.get(face_key(face), ()):
                if i not in used:
                    used.add(i)
                    return i
            raise ValueError(f"the view shows more tokens {face} than the game has (R9)")

        revealed = [claim(f) for f in view["revealed"]]
        base = State(players)
        self.base = base
        base.seed = None
        base.start_player = view["start_player"]
        if list(base.regions) != list(view["regions"]):
            raise ValueError("the view's regions do not match its player count (R2.1)")
        self.unknown_slots: list[tuple[str, int]] = []  # (region, index) to deal
        known: set[int] = set()
        for r in base.regions:
            spot = view["board"][r]
            base.cubes[r] = list(spot["cubes"])
            row = []
            for i, face in enumerate(spot["tokens"]):
                if face is None:
                    row.append(-1)
                    self.unknown_slots.append((r, i))
                else:
                    t = claim(face)
                    known.add(t)
                    row.append(t)
            base.rats[r] = row
        base.palace = list(view["palace"])
        base.revealed = revealed
        base.cards = dict(view["cards"])
        base.plague = view["plague"]
        base.phase = view["phase"]
        current = view["current_player"]
        base.current = current if current is not None else (view.get("last_regular") or 0)
        base.setup_queue = list(view["setup_queue"])
        turn = view["turn"]
        base.took_card = turn["took_card"]
        base.placed = turn["placed"]
        base.used = list(turn["used"])
        base.witch_stage = turn["witch_stage"]
        base.spread_left = turn["spread_left"]
        base.neutral = turn["neutral"]
        self.witch_looks = [tuple(w) if w is not None else None for w in turn["witch_looks"]]
        base.knowledge = [set() for _ in range(players)]
        if seat is not None:
            base.knowledge[seat] = known
        base.last_regular = view["last_regular"]
        base.final_queue = list(view["final_queue"])
        base.turns = turn["number"]
        base.history = []
        base.undo_floor = 0
        base.undo_block = "start"
        self.known = known
        pool = [i for i in range(len(TOKENS)) if i not in used]
        self.n_supply = view["supply"]
        self.n_removed = view["removed"]
        if len(pool) != len(self.unknown_slots) + self.n_supply + self.n_removed:
            raise ValueError("the view's token counts do not add up to the 49 tokens (R1.3)")
        self.pool_normal = [i for i in pool if not TOKENS[i].starting]
        self.pool_starting = [i for i in pool if TOKENS[i].starting]
        if len(self.pool_normal) < self.n_removed:
            raise ValueError("too few normal tokens left for those removed at setup (R3.3)")
        #: Ids of the tokens whose faces this seat does not know (board, supply, removed).
        self.pool = pool

    def sample(self, rng: random.Random) -> State:
        """A complete State consistent with the view; unknown faces dealt at random."""
        s = self.base.clone()
        normal = self.pool_normal[:]
        rng.shuffle(normal)
        cut = self.n_removed
        s.removed = normal[:cut]
        rest = normal[cut:] + self.pool_starting
        rng.shuffle(rest)
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
        """:meth:`sample` wrapped as a :class:`rattus.Game`."""
        return Game._wrap(self.sample(rng))


def determinize(view: dict, rng: random.Random | None = None) -> Game:
    """One complete, valid game consistent with ``view`` (see :class:`Determinizer`)."""
    return Determinizer(view).game(rng or random.Random())
