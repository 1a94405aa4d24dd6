"""The public face of the engine: :func:`new_game` and :class:`Game` (the view and events:
docs/view.md; the notation: docs/notation.md; saves: docs/state-format.md)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import rules, serialize, setup, worlds
from .actions import Action, parse_action, parse_partial
from .constants import MAX_PLAYERS, MIN_PLAYERS
from .errors import IllegalAction, InvalidState
from .events import Event
from .plague import ranking, scores
from .refusals import explain, refusal
from .state import State
from .view import view

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import View


def new_game(players: int = 2, seed: int | None = None, start_player: int = 0) -> Game:
    """Set up a game (R3.1–R3.5, dealt by ``setup.deal``): everything random is decided
    here by ``seed``.

    Without a seed one is drawn, and kept in the game so that it can be replayed (undo).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not (
            MIN_PLAYERS <= players <= MAX_PLAYERS):
        raise ValueError(f"Rattus is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players!r}")
    if isinstance(start_player, bool) or not isinstance(start_player, int) or not (
            0 <= start_player < players):
        raise ValueError(f"start_player must be a seat from 0 to {players - 1}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    return Game._wrap(setup.deal(players, seed, start_player))


class Game:
    """A game of Rattus. Decisions go in through :meth:`apply`; what a seat may see comes out
    through :meth:`view`; :meth:`legal_actions` is the single source of legality::

        g.legal_actions()      # list[Action]: every action legal now
        g.apply(action)        # Action or notation -> list[Event]; IllegalAction if not legal
        g.why_not(action)      # None if legal now, else {"reason", "details", "message"}: what
                               # apply would raise; also for a partial action ("place Gallia",
                               # "monk Gallia/1", "merchant Gallia [Italia]"); changes nothing
        g.view(seat)           # what seat may know (R8), JSON-ready: docs/view.md
        Game.from_view(view, deal)   # a complete game agreeing with a view (bots' samples)
        g.to_json(); Game.from_json(text)   # the save format: docs/state-format.md
    """

    __slots__ = ("_s", "_legal")
    _s: State
    _legal: list[Action] | None  # the legal actions of this position, once asked

    def __init__(self):
        raise TypeError("use rattus.new_game(...) or Game.from_json(...)")

    @classmethod
    def _wrap(cls, s: State) -> Game:
        g = object.__new__(cls)
        g._s, g._legal = s, None
        return g

    # -- who and what ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._s.players

    @property
    def current_player(self) -> int:
        """The seat whose decision is pending (the last to act once the game is over)."""
        return self._s.current

    @property
    def phase(self) -> str:
        """``setup``, ``turn``, ``spread``, ``neutral``, ``final`` or ``over``."""
        return self._s.phase

    @property
    def seed(self) -> int | None:
        return self._s.seed

    @property
    def history(self) -> list[str]:
        """Every action applied so far, in notation."""
        return list(self._s.history)

    @property
    def is_over(self) -> bool:
        return self._s.phase == "over"

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now: the single source of legality for
        the UI, the bots and :meth:`apply` (a fresh list; the caller may keep or change it)."""
        return list(self._legal_now())

    def _legal_now(self) -> list[Action]:
        """The legal actions, computed once per position (apply() clears the cache)."""
        if self._legal is None:
            self._legal = rules.legal_actions(self._s)
        return self._legal

    def is_legal(self, action: Action | str) -> bool:
        try:
            action = parse_action(action)
        except IllegalAction:
            return False
        return action in self._legal_now()

    def apply(self, action: Action | str) -> list[Event]:
        """Apply one decision of the current player; return what followed, as events.

        An illegal action raises :class:`IllegalAction` (with a ``reason`` key and a message
        that says why) and leaves the game exactly as it was.
        """
        action = parse_action(action)
        legal = self._legal_now()
        if action not in legal:
            raise explain(self._s, action, legal)
        self._legal = None
        return rules.apply(self._s, action)

    def why_not(self, action: Action | str) -> dict[str, Any] | None:
        """None if ``action`` is legal now; else why not, JSON-ready:
        ``{"reason": key, "details": {...}, "message": English text}`` — the very reason,
        details and message :meth:`apply` would raise (``bad_notation`` for text that does not
        parse). It also takes a *partial* action, the kind and its first arguments only
        (``"place Gallia"``, ``"monk Gallia/1"``, ``"merchant Gallia"``, ``"merchant Gallia
        Italia"``): None if some legal action starts like that. Never changes the game."""
        try:
            kind, args = parse_partial(action)
        except IllegalAction as e:
            return {"reason": e.reason, "details": dict(e.details), "message": str(e)}
        return refusal(self._s, kind, args, self._legal_now())

    def scores(self) -> list[int]:
        """Cubes in regions plus palace, per seat (R7.4); meaningful at any time."""
        return scores(self._s)

    def winner(self) -> int | None:
        """The winning seat with the R7.4 tie-break; None while the game runs."""
        return ranking(self._s)[0] if self.is_over else None

    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (R8); ``None`` gives the public view of a spectator."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self._s.players):
            raise ValueError(f"no seat {seat!r} in a {self._s.players}-player game")
        return view(self._s, seat, self._legal_now())

    # -- undo ---------------------------------------------------------------------------
    @property
    def undo_blocker(self) -> str | None:
        """None if :meth:`undo` is possible, else why not: ``start`` (nothing done yet),
        ``turn`` (nothing done this turn), ``witch`` (a Witch's look was seen),
        ``plague`` (the plague moved: rats spread or struck), ``over``, ``no-seed``."""
        s = self._s
        if s.phase == "over":
            return "over"
        if len(s.history) <= s.undo_floor:
            return s.undo_block
        if s.seed is None:
            return "no-seed"
        return None

    def undo(self) -> str:
        """Take back the current player's last action by replaying the game from its seed
        without it; never across revealed information (a strike, a Witch's look, a new turn).
        Returns the notation of the action taken back."""
        blocker = self.undo_blocker
        if blocker is not None:
            raise IllegalAction(f"nothing can be undone now ({blocker})", "undo_" + blocker)
        last = self._s.history[-1]
        replay = self.at(len(self._s.history) - 1)
        self._s, self._legal = replay._s, None
        return last

    def at(self, step: int) -> Game:
        """The game as it was after the first ``step`` actions of its history, replayed from
        its seed: for undo and for stepping through a finished game (replay)."""
        s = self._s
        if s.seed is None:
            raise ValueError("a game without a seed cannot be replayed")
        if not 0 <= step <= len(s.history):
            raise ValueError(f"step {step} is outside 0..{len(s.history)}")
        replay = new_game(s.players, s.seed, s.start_player)
        for text in s.history[:step]:
            replay.apply(text)
        return replay

    # -- copies and saves ----------------------------------------------------------------
    @classmethod
    def from_view(cls, view: View, deal: list[int]) -> Game:
        """A complete game that agrees with ``view`` (what one seat may know, R8) and places
        the tokens it does not show by ``deal``: :func:`rattus.worlds.unseen_tokens` in the
        order hidden board slots, supply (the last is drawn next), removed (normal tokens
        only, R3.3). For bots that search by sampling what they cannot see; the game has no
        seed, so it cannot be undone or replayed. Raises ``ValueError`` if the deal does not
        fit the view."""
        return cls._wrap(worlds.state_from_view(view, deal))

    def clone(self) -> Game:
        return Game._wrap(self._s.clone())

    def to_json(self) -> str:
        """The complete state (hidden parts included) as versioned JSON: the save format."""
        return serialize.dump(self._s)

    @classmethod
    def from_json(cls, text: str | bytes | dict) -> Game:
        """Load a save; raises :class:`InvalidState` naming the first problem found.

        A save that carries its seed must be the position its seed and history lead to: the
        history is replayed and compared, so a hand-edited position (a swapped hidden face,
        a moved cube) is refused, and undo, which replays, stays exact.
        """
        game = cls._wrap(serialize.load(text))
        s = game._s
        if s.seed is not None:
            replay = new_game(s.players, s.seed, s.start_player)
            for number, action in enumerate(s.history, 1):
                try:
                    replay.apply(action)
                except IllegalAction as e:
                    raise InvalidState(f"history action {number} ({action!r}) is not legal"
                                       f" there: {e}") from None
            if replay.to_json() != game.to_json():
                raise InvalidState("the position does not follow from its seed and history:"
                                   " the save has been edited")
        return game

    def __repr__(self) -> str:
        s = self._s
        return (f"<rattus.Game players={s.players} phase={s.phase} turn={s.turns}"
                f" current={s.current}>")
