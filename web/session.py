"""The session: one game, who plays it, who sits at the screen, and its log.

Why a separate object: the controller (app.py) and the renderers read from it, and later
features (autosave/resume, undo, save files, replay — issue 6) can be built on
:meth:`to_dict`/:meth:`from_dict` and the :attr:`on_change` hooks without touching the glue.

Hotseat privacy (RULES R8): :attr:`viewer` is the seat whose knowledge the screen may show.
With one human it is always that human; with several humans, a "pass to <name>" screen comes
between two different humans' turns (not during setup, where nobody knows a secret), and while
it shows, or while bots play, the screen shows only the public view (``viewer is None``).
"""

from __future__ import annotations

import json

from narrate import narrate
from setup_config import Config

import rattus

SESSION_VERSION = 1


class Session:
    def __init__(self, config: Config, game: rattus.Game | None = None):
        self.config = config
        self.game = game or rattus.new_game(config.players, seed=config.seed,
                                            start_player=config.start)
        if self.config.seed is None:
            self.config.seed = self.game.seed
        self.log: list[str] = []
        self.screen_seat: int | None = None  # the human the screen currently belongs to
        self.pass_to: int | None = None  # a pass screen for this seat is showing
        self.last_events: list[dict] = []
        #: Called as ``hook(session, action, events)`` after every applied action.
        self.on_change: list = []
        self.update_screen()

    # -- who plays, who watches ----------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.config.seats]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.config.seats) if not s.is_bot]

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and self.config.seats[seat].is_bot

    @property
    def current(self) -> int | None:
        return None if self.game.is_over else self.game.current_player

    @property
    def viewer(self) -> int | None:
        """The seat whose view the screen renders (None: the public view)."""
        if self.pass_to is not None:
            return None
        return self.screen_seat

    def update_screen(self) -> None:
        """Decide who sits at the screen after a change (see the module docstring)."""
        humans = self.humans
        if len(humans) == 0:
            self.screen_seat = None
            return
        if len(humans) == 1:
            self.screen_seat = humans[0]
            return
        cur = self.current
        if cur is None:  # game over: the public view for everyone around the table
            self.screen_seat, self.pass_to = None, None
            return
        if self.is_bot(cur):
            self.screen_seat = None
            return
        if self.screen_seat != cur:
            if self.game.phase == "setup":
                self.screen_seat = cur
            else:
                self.screen_seat, self.pass_to = None, cur

    def confirm_pass(self) -> None:
        """The player named on the pass screen took the device."""
        if self.pass_to is not None:
            self.screen_seat, self.pass_to = self.pass_to, None

    # -- playing -----------------------------------------------------------------------
    def apply(self, action) -> list[dict]:
        """Apply one action of the current player (the engine decides if it is legal)."""
        events = self.game.apply(action)
        self.last_events = events
        self.log.extend(narrate(events, self.names))
        self.update_screen()
        for hook in list(self.on_change):
            hook(self, action, events)
        return events

    # -- saving (issue 6 builds on this) --------------------------------------------------
    def to_dict(self) -> dict:
        return {
            "version": SESSION_VERSION,
            "config": self.config.to_dict(),
            "game": json.loads(self.game.to_json()),
            "log": list(self.log),
            "screen_seat": self.screen_seat,
            "pass_to": self.pass_to,
        }

    @classmethod
    def from_dict(cls, d: dict) -> Session:
        if d.get("version") != SESSION_VERSION:
            raise ValueError(f"unknown session version {d.get('version')!r}")
        game = rattus.Game.from_json(d["game"])
        s = cls(Config.from_dict(d["config"]), game)
        s.log = list(d.get("log", []))
        s.screen_seat, s.pass_to = d.get("screen_seat"), d.get("pass_to")
        return s
