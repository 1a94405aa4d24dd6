"""The common bot interface.

A bot decides for the seat whose decision is pending, from that seat's view
(``Game.view(seat)``, RULES R8) and the legal actions (``Game.legal_actions()``) only; it never
sees the true state. Two ways to ask it:

    action = bot.choose(view, legal)          # all at once

    search = bot.start(view, legal)           # in slices, e.g. between browser frames
    while not search.step(seconds=0.05):      # True once the search is finished
        ...                                   # yield to the event loop here
    action = search.best()

Everything random comes from the bot's own ``random.Random(seed)``, so a bot with a seed makes
the same choices for the same inputs (apart from what a time budget cuts short).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..actions import Action

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from ..shapes import View


def acting_seat(view: View) -> int:
    """The seat a bot decides for: the seat of its view. A spectator's view (seat None,
    R8.4) has no decision to make."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a bot decides from a seat's view, not a spectator's")
    return seat


class Search:
    """A decision in progress. :meth:`step` works a while and says whether it is finished;
    :meth:`best` gives the best action found so far (always a legal one)."""

    def __init__(self, legal: list[Action]):
        if not legal:
            raise ValueError("no legal action to choose from")
        self.legal = list(legal)
        self.done = False
        self._best: Action = self.legal[0]
        self.iterations = 0

    def step(self, iterations: int | None = None, seconds: float | None = None) -> bool:
        self.done = True
        return True

    def run(self) -> Action:
        while not self.step():
            pass
        return self.best()

    def best(self) -> Action:
        return self._best


class Done(Search):
    """A search that is finished from the start: the decision is already made."""

    def __init__(self, legal: list[Action], action: Action):
        super().__init__(legal)
        self._best = action
        self.done = True


class Bot:
    """Base class: subclasses implement :meth:`decide` (instant) or override :meth:`start`."""

    level = "base"

    def __init__(self, seed: int | None = None, time_budget: float | None = None):
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_budget = time_budget

    def choose(self, view: View, legal: list[Action]) -> Action:
        """The action this bot takes, from ``view`` and the ``legal`` actions only."""
        return self.start(view, legal).run()

    def start(self, view: View, legal: list[Action]) -> Search:
        if len(legal) == 1:
            return Done(legal, legal[0])
        return Done(legal, self.decide(view, legal))

    def decide(self, view: View, legal: list[Action]) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level={self.level} seed={self.seed}>"
