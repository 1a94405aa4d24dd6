"""What the page may know of the game on it, for the seat at the screen: :class:`SeatTable`.

Why an interface: the frame, the digest, the odds overlay and the hint read the game only
through it — the seat's view (``Game.view``, R8), the legal actions when that seat is to act,
the log as told to the table — never the engine's whole game. So a page that holds no engine
game at all (a seat played from another device) can render from the same few values; the
session (model/session.py) is the one that holds a game. Only the replay and the post-game
analysis read the whole game, through :meth:`SeatTable.finished`, once it is over (nothing is
hidden then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import rattus
    from model.game_config import Seat
    from model.session import Session
    from rattus.shapes import View


class SeatTable(Protocol):
    holds_game: bool  # the engine's game is on this page (False: on an online host's page)
    pass_to: int | None  # a pass screen for this seat is showing (hotseat)
    slot: str | None  # the game's slot in "Your games"
    version: int  # counts every change (an action, an undo, a pass confirmed)
    log: list[str]  # the game's log lines, as told to everyone
    log_steps: list[int]  # per log line: the number of actions it follows
    log_events: list[dict]  # per log line: the public event it tells

    @property
    def seats(self) -> list[Seat]: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def current(self) -> int | None: ...
    @property
    def step(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def undo_blocker(self) -> str | None: ...
    @property
    def pace_ms(self) -> int: ...

    def is_bot(self, seat: int | None) -> bool: ...
    def view(self) -> View:
        """The viewer's view (the public view when nobody sits at the screen)."""
    def public_view(self) -> View: ...
    def legal(self) -> list[rattus.Action]:
        """The legal actions when the seat at the screen is to act; else none."""
    def pass_knows(self) -> int:
        """How many things the seat named on the pass screen knows (a count, no face)."""
    def since_last_turn(self, seat: int) -> list[tuple[int, str]]: ...
    def lost_since_last_turn(self, seat: int) -> int: ...
    def taken_from(self, seat: int) -> list[tuple[str, int]]: ...
    def last_actor(self) -> int | None: ...
    def lines_of(self, step: int) -> list[str]: ...
    def last_move_text(self) -> str: ...
    def newest_strike(self) -> tuple[int, list[dict]] | None: ...
    def finished(self) -> Session | None:
        """The whole game once it is over (replay links, the analysis); None before."""
