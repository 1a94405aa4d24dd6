"""The replay: step through a game's past positions, move by move, from its seed.

Why positions come from the engine: ``Game.at(step)`` replays the history from the seed, so
the board shown is exactly the one that was (no copy of state kept by the page). Stepping
forward by one applies the next action to the position in hand instead of replaying it all.

Only the public view is ever shown (``view(None)``): during a game a past position must not
show any seat's private knowledge (a Witch's look, R8), and after it nobody's knowledge is
special. The live game is only read, never changed: leaving the replay returns to it as it was.
Pure Python (the engine API only); control/replay_controls.py puts it on the page.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

import rattus

if TYPE_CHECKING:
    from rattus.shapes import View


class Replay:
    """A cursor over ``game``'s history: :attr:`step` actions applied (0: the set-up board)."""

    def __init__(self, game: rattus.Game, step: int | None = None,
                 strike: str | None = None):
        self.game = game
        #: The region whose strike the replay was opened at (a moment of the analysis): at
        #: that step the replay shows that strike alone — the final plague strikes every
        #: region in one step (R7.3). None: the step's strikes, all of them.
        self.strike = strike
        self.history = game.history  # a copy: the live game is not touched
        self.total = len(self.history)
        self.step = 0
        self.position: rattus.Game = game.at(0)  # the set-up board, until goto moves on
        #: The events of the action that led to the position shown (public: for the strike).
        self.events: list[rattus.Event] = []
        self.goto(self.total if step is None else step)

    def goto(self, step: int) -> None:
        step = max(0, min(int(step), self.total))
        if step == self.step:
            return
        if step == self.step + 1:
            self.events = self.position.apply(self.history[step - 1])
        elif step == 0:
            self.position, self.events = self.game.at(0), []
        else:
            self.position = self.game.at(step - 1)
            self.events = self.position.apply(self.history[step - 1])
        self.step = step

    def moved(self, step: int) -> Replay:
        """The cursor at ``step``, as a new value (the UI state is never changed in place);
        a step forward plays one action on a copy of the position in hand."""
        moved = copy.copy(self)
        if int(step) != self.step:
            moved.strike = None  # (another step: its own strikes)
        if int(step) == self.step + 1 <= self.total:
            moved.position = self.position.clone()
        moved.goto(step)
        return moved

    def view(self) -> View:
        """The position shown, as a spectator sees it."""
        return self.position.view(None)

    @property
    def public_events(self) -> list[dict]:
        return [e.visible_to(None) if hasattr(e, "visible_to") else dict(e)
                for e in self.events]

    @property
    def action(self) -> str | None:
        """The notation of the action that led here (None at the start)."""
        return self.history[self.step - 1] if self.step > 0 else None
