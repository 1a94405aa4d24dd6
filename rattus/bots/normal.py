"""The Normal bot: a one-ply search with the static evaluation of ``evaluate.py``.

Each legal action is simulated on determinised clones of the view (``determinize.py``) and
the resulting state is scored by the seat's expected advantage (expected final scores, R7.4).
Actions whose outcome depends on hidden faces (moving the plague: the spread and the strike,
R5; the Knight's neutral cubes, R6.3; the last ``end``, which starts the final plague, R7.3)
are averaged over several determinisations; the others are deterministic given the
evaluation (which never reads a sampled face) and need only one.

A regular turn is a sequence of decisions ending with the plague move (R4.3): the bot takes
the optional action that improves its evaluation most (a card, R4.1; cubes, R4.2; an ability,
R6) and, when none improves it, moves the plague where the evaluation likes it best.
The Witch (R6.6) is valued by a small rule: looking is worth something where the bot has
cubes at stake, and a swap is taken when the evaluation, with both faces known, prefers it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .. import rules
from ..actions import Action
from ..constants import MAX_RATS
from .base import Bot, acting_seat
from .determinize import Determinizer
from .evaluate import DEFAULT, Params, advantage, expected_scores

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from ..shapes import View

#: Kinds whose result depends on hidden faces (strikes) or leads to them.
STOCHASTIC = frozenset({"plague", "spread", "neutral", "end"})
#: Kinds that end (or finish) a turn: taken only when no optional action helps.
TERMINAL = frozenset({"plague", "end"})
EPS = 0.02


def _witch_bonus(view: View, action: Action) -> float | None:
    """A heuristic worth of a Witch look (R6.6), or None when it is pointless."""
    region, slot = action.args
    seat = acting_seat(view)
    spot = view["board"][region]
    if spot["tokens"][slot - 1] is not None:
        return None  # already known
    mine = spot["cubes"][seat]
    others = sum(spot["cubes"]) - mine
    if view["turn"]["witch_stage"] == 0:
        return 0.05 + 0.08 * mine if mine else None
    # second look: a token to swap with, best where rivals stand and the bot does not
    return 0.03 + 0.05 * (others - mine) if others > mine else None


def _pressure(view: View, region: str) -> float:
    """How much moving the plague to ``region`` hurts rivals more than the bot (R5.3): its
    rats times the rivals' cubes there minus the bot's own."""
    spot = view["board"][region]
    rats = len(spot["tokens"])
    if not rats:
        return 0.0
    mine = spot["cubes"][acting_seat(view)]
    return min(rats, MAX_RATS) * (sum(spot["cubes"]) - 2 * mine)


def score_actions(view: View, legal: list[Action], rng: random.Random, samples: int = 6,
                  params: Params = DEFAULT, det: Determinizer | None = None):
    """Score every legal action by the seat's expected advantage after it.

    Returns ``(base, scores)``: the advantage of the current state and a list of floats
    parallel to ``legal``.
    """
    seat = acting_seat(view)
    det = det or Determinizer(view)
    states = [det.sample(rng) for _ in range(max(1, samples))]
    first = states[0]
    base = advantage(expected_scores(first, seat, params), seat)
    scores = []
    for a in legal:
        if a.kind == "witch" and len(a.args) == 2:
            bonus = _witch_bonus(view, a)
            scores.append(base + bonus if bonus is not None else base - 1.0)
            continue
        pool = states if a.kind in STOCHASTIC else (first,)
        total = 0.0
        if a.kind == "plague" and view["phase"] == "turn":
            total += len(pool) * params.push * _pressure(view, a.args[0])
        for st in pool:
            s = st.clone()
            rules.apply(s, a)
            total += advantage(expected_scores(s, seat, params), seat)
        scores.append(total / len(pool))
    return base, scores


def pick(view: View, legal: list[Action], base: float, scores: list[float],
         rng: random.Random) -> Action:
    """The Normal bot's choice from the scores of :func:`score_actions`."""
    noisy = [sc + rng.random() * 1e-6 for sc in scores]
    if view["phase"] in ("turn", "final"):
        optional = [(sc, a) for sc, a in zip(noisy, legal) if a.kind not in TERMINAL]
        if optional:
            sc, a = max(optional, key=lambda x: x[0])
            if sc > base + EPS:
                return a
        terminal = [(sc, a) for sc, a in zip(noisy, legal) if a.kind in TERMINAL]
        if view["phase"] == "final":
            terminal = [(sc, a) for sc, a in terminal if a.kind == "end"] or terminal
        if terminal:
            return max(terminal, key=lambda x: x[0])[1]
    return max(zip(noisy, legal), key=lambda x: x[0])[1]


class NormalBot(Bot):
    level = "normal"

    def __init__(self, seed=None, time_budget=None, samples: int = 6,
                 params: Params = DEFAULT):
        super().__init__(seed, time_budget)
        self.samples = samples
        self.params = params

    def decide(self, view: View, legal: list[Action]) -> Action:
        base, scores = score_actions(view, legal, self.rng, self.samples, self.params)
        return pick(view, legal, base, scores, self.rng)
