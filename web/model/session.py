"""The session: one game, who plays it, who sits at the screen, and its log.

Why a separate object: the transitions (control/update.py) drive it and the renderers read
from it; the dispatcher autosaves it (browser/storage.py) whenever :attr:`version` moved on, save
files go through :meth:`to_dict` / :meth:`from_dict` (the envelope of save_file.py), and undo
is the engine's ``Game.undo``.

The log is derived, never stored: a loaded game is replayed from its seed (:meth:`rebuild`),
which gives the same lines as when it was played, and the step of each line (for undo, which
drops the lines of the action taken back, and for the replay's "jump to a log line").

Hotseat privacy (RULES R8): :attr:`viewer` is the seat whose knowledge the screen may show.
With one human it is always that human; with several humans, a "pass to <name>" screen comes
between two different humans' turns when the engine says the decision may involve private
knowledge (the view's ``decision.private``: not during setup), and while it shows, or while
bots play, the screen shows only the public view (``viewer is None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from text.catalogue import t
from text.narrate import entries, narrate_one

import rattus
from model import save_file
from model.game_config import Config, Seat
from model.table_log import TableLog

if TYPE_CHECKING:
    from rattus.shapes import View

class Session(TableLog):
    #: This page holds the game (model/remote_table.py: a seat played from another device's).
    holds_game = True

    def __init__(self, config: Config, game: rattus.Game | None = None):
        self.config = config
        self.game = game or rattus.new_game(config.players, seed=config.seed,
                                            start_player=config.start)
        if self.config.seed is None:
            self.config.seed = self.game.seed
        self.log: list[str] = []
        self.log_steps: list[int] = []  # per log line: the number of actions it follows
        self.log_events: list[dict] = []  # per log line: the (public) event it tells
        self.actors: list[int] = []  # per action of the history: the seat that took it
        self.screen_seat: int | None = None  # the human the screen currently belongs to
        self.pass_to: int | None = None  # a pass screen for this seat is showing
        #: The last strike told (public: revealed faces): (step, events), or None.
        self.last_strike: tuple[int, list] | None = None
        #: Counts every change (an action, an undo, a pass-screen confirmation): the
        #: dispatcher saves the game when it moved on.
        self.version = 0
        #: The game's slot in "Your games" (control/kept_games.py, browser/storage.py): None until
        #: first saved.
        self.slot: str | None = None
        #: The seats played from other devices (online/host.py): humans, but not at this
        #: screen, so no pass screen is ever shown for them and their view never drawn here.
        self.remote = frozenset(i for i, s in enumerate(config.seats) if s.is_friend)
        #: Who played a friend's seat when (online: docs/online.md, "Seats given and taken
        #: back"): per seat, its changes of hands ``(kind, turn)`` — a computer level from
        #: that round, or ``friend`` again; the results say it ("Bo (computer from round 3)").
        self.played_by: dict[int, list[tuple[str, int]]] = {}
        #: when the computer took a friend's seat (its count of actions): a seat given back
        #: before the computer moved leaves no trace in the results (kept for this page only)
        self._given_at: dict[int, int] = {}
        #: The kept slot whose online room (its invitations) this game's table uses: a
        #: rematch's is its first game's, so the friends' links and pages go on (None: its own).
        table = config.extra.get("table")
        self.table: str | None = table if isinstance(table, str) else None
        self.update_screen()

    # -- who plays, who watches ----------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return self.config.seats

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.config.seats]

    @property
    def humans(self) -> list[int]:
        """The human seats at this screen (not those played from another device)."""
        return [i for i, s in enumerate(self.config.seats)
                if not s.is_bot and i not in self.remote]

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
        if self.is_bot(cur) or cur in self.remote:  # (a friend plays on their own device)
            self.screen_seat = None
            return
        if self.screen_seat != cur:
            if not self.game.view(None)["decision"]["private"]:
                self.screen_seat = cur
            else:
                self.screen_seat, self.pass_to = None, cur

    def confirm_pass(self) -> None:
        """The player named on the pass screen took the device."""
        if self.pass_to is not None:
            self.screen_seat, self.pass_to = self.pass_to, None
            self.version += 1

    # -- what the seat at the screen may know (model/seat_view.py) ------------------------
    @property
    def step(self) -> int:
        return len(self.game.history)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def phase(self) -> str:
        return self.game.phase

    @property
    def pace_ms(self) -> int:
        return self.config.pace_ms

    def view(self) -> View:
        return self.game.view(self.viewer)

    def public_view(self) -> View:
        return self.game.view(None)

    def legal(self) -> list:
        cur = self.current
        if cur is None or self.pass_to is not None or self.viewer != cur:
            return []
        return self.game.legal_actions()

    def pass_knows(self) -> int:
        return 0 if self.pass_to is None else self.game.view(self.pass_to)["knows"]

    def finished(self) -> Session | None:
        return self if self.game.is_over else None

    # -- playing -----------------------------------------------------------------------
    def apply(self, action) -> list[rattus.Event]:
        """Apply one action of the current player (the engine decides if it is legal)."""
        seat = self.game.current_player
        events = self.game.apply(action)
        self.actors.append(seat)
        self._record(events, len(self.game.history))
        self.update_screen()
        self.version += 1
        return events

    def _record(self, events, step: int) -> None:
        told = entries(events, self.names)
        self.log.extend(line for _, line in told)
        self.log_events.extend(e for e, _ in told)
        self.log_steps.extend([step] * len(told))
        if any(e["kind"] == "token_revealed" for e in events):
            self.last_strike = (step, events)

    def note(self, entry: dict) -> None:
        """A line of the page's own in the log at this step (a hint asked for: ``entry`` is
        ``{"kind": "hint", ...}``, worded by text/narrate.py); not an event of the game, so a
        reload, which rebuilds the log from the game, drops it."""
        self.log.append(narrate_one(entry, self.names) or "")
        self.log_steps.append(len(self.game.history))
        self.log_events.append({**entry, "note": True})

    def rename(self, seats: list) -> None:
        """The players' names changed (a default name in another language, setup_config's
        ``renamed_defaults``, a friend's own name), or who plays a seat (a computer for an
        absent friend): the log says the new ones, and the autosave keeps them."""
        if [(s.name, s.kind) for s in seats] != [(s.name, s.kind) for s in self.seats]:
            number = int(self.game.view(None)["turn"]["number"])  # (0: the setup, R3)
            turn = max(1, (number - 1) // len(seats) + 1)  # the round: each seat one turn
            for i, (old, new) in enumerate(zip(self.seats, seats, strict=True)):
                if old.kind != new.kind and (old.is_friend or new.is_friend
                                             or i in self.played_by):
                    given = self._given_at.pop(i, None)
                    if (new.is_friend and given is not None and self.played_by.get(i)
                            and i not in self.actors[given:]):
                        # the computer made no move for the friend: the results say none
                        self.played_by[i].pop()
                        if not self.played_by[i]:
                            del self.played_by[i]
                        continue
                    if not new.is_friend:
                        self._given_at[i] = len(self.actors)
                    self.played_by.setdefault(i, []).append((new.kind, turn))
            self.config.seats = seats
            self.remote = frozenset(i for i, s in enumerate(seats) if s.is_friend)
            self.retell()
            self.update_screen()
            self.version += 1

    def summary(self) -> str:
        return t("save.summary", names=", ".join(self.names), moves=len(self.game.history))

    @property
    def in_progress(self) -> bool:
        """A game that asking first protects: started (a move made) and not over."""
        return not self.game.is_over and len(self.game.history) > 0

    @property
    def undo_blocker(self) -> str | None:
        """Why the player at the screen cannot undo now (a ``Game.undo_blocker`` key, or
        ``not-yours``: only the player whose turn it is, at the screen, takes back a move —
        never a bot's); None if they can."""
        blocker = self.game.undo_blocker
        if blocker is not None:
            return blocker
        cur = self.current
        if self.is_bot(cur) or self.pass_to is not None or self.viewer != cur:
            return "not-yours"
        return None

    def undo(self) -> str:
        """Take back the last action of this turn (``Game.undo``: a replay from the seed);
        its log lines go too. Returns the notation of the action taken back."""
        if self.undo_blocker is not None:
            raise rattus.IllegalAction(f"nothing to undo ({self.undo_blocker})",
                                       "undo_" + str(self.undo_blocker))
        taken = self.game.undo()
        step = len(self.game.history)
        while self.log_steps and self.log_steps[-1] > step:
            self.log.pop()
            self.log_steps.pop()
            self.log_events.pop()
        del self.actors[step:]
        self.update_screen()
        self.version += 1
        return taken

    def rebuild(self) -> None:
        """Derive the log (and the last strike) by replaying the game from its seed."""
        self.log, self.log_steps, self.log_events, self.last_strike = [], [], [], None
        self.actors = []
        history = self.game.history
        replay = self.game.at(0)  # the game as set up from its seed
        for step, action in enumerate(history, 1):
            self.actors.append(replay.current_player)
            self._record(replay.apply(action), step)

    # -- saving: the save_file.py envelope ----------------------------------------------
    def resume_state(self) -> dict:
        out: dict = {"screen_seat": self.screen_seat, "pass_to": self.pass_to}
        if self.table is not None:
            out["table"] = self.table
        if self.played_by:
            out["played_by"] = {str(k): [list(c) for c in v] for k, v in self.played_by.items()}
        return out

    def to_dict(self, resume: dict | None = None) -> dict:
        """The save-file envelope; ``resume`` (who sits at the screen, and what else the page
        wants back after a reload) is added for the autosave."""
        return save_file.dump(self.config, self.game, resume)

    @classmethod
    def from_dict(cls, d, resume: bool = False) -> Session:
        """A session from a save (text or object; :class:`savefile.SaveError` if it is bad).
        With ``resume`` the screen is given back to whoever had it (autosave); without, a
        loaded file starts as a fresh hand-over (a pass screen when several humans play)."""
        return cls.from_loaded(save_file.load(d), resume)

    @classmethod
    def from_loaded(cls, loaded: save_file.Loaded, resume: bool = False) -> Session:
        s = cls(loaded.config, loaded.game)
        s.rebuild()
        if resume and loaded.resume:
            s.screen_seat = loaded.resume["screen_seat"]
            s.pass_to = loaded.resume["pass_to"]
            s.played_by = dict(loaded.resume.get("played_by", {}))
            s.table = loaded.resume.get("table", s.table)
            s.update_screen()  # a saved screen that no longer fits gets a pass screen
        return s
