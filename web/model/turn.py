"""Who may act now, and what the player at the screen may click: read by the update function
(a click allowed or refused) and by the frame (the targets drawn), from one place.

Why here, under both: which targets are live is a question of the state (the seat at the
screen, its legal actions, a replay or another tab in the way), not of drawing or of control.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from text.catalogue import t

from model import targets
from model.seat_view import SeatTable
from model.ui_state import Ui

if TYPE_CHECKING:
    from rattus.shapes import View


def still_to_play(view: View) -> list[int]:
    """The seats still to play a final turn, in their order — the engine's queue
    (``final_queue``, R7.2) with the one playing now first."""
    queue = list(view["final_queue"])
    now_playing = view["current_player"]
    if view["decision"]["kind"] == "final" and now_playing is not None \
            and now_playing not in queue:
        queue.insert(0, now_playing)  # the final turn being played (R7.2)
    return queue


def human_turn(table: SeatTable | None) -> bool:
    """The seat to act is a human's, and it sits at the screen (no pass screen between)."""
    s = table
    return (s is not None and not s.is_over and s.pass_to is None
            and not s.is_bot(s.current) and s.viewer == s.current)


def current_offer(ui: Ui, table: SeatTable | None, view: View | None = None) -> targets.Offer:
    """What the player at the screen may click now (nothing when it is not their move);
    ``view``: the viewer's view, when the caller has it already."""
    s = table
    if ui.replay is not None or ui.elsewhere or s is None or not human_turn(s):
        return targets.Offer()
    cur = s.current
    if cur is None:  # (the game is over: human_turn said no already)
        return targets.Offer()
    return targets.offer(s.legal(), view or s.view(), ui.pick, s.names[cur])


def why_cannot_act(ui: Ui, table: SeatTable | None) -> str | None:
    """None if the player at the screen may pick a move now; else the notice to show ("" when
    no game is on, or a dialog or question covers the board)."""
    s = table
    if s is None or ui.screen == "new-game" or ui.question is not None:
        return ""
    if ui.replay is not None:
        return t("why.replay")
    if ui.elsewhere:
        return t("why.elsewhere")
    if ui.busy:
        return t("why.busy")
    if s.is_over or s.current is None:  # (nobody is to move once it is over)
        return t("why.game_over")
    if s.pass_to is not None:
        return t("why.pass_first", name=s.names[s.pass_to])
    if not human_turn(s):
        if ui.story.hold:  # the computer players wait for this player's Continue
            return t("why.seen_first")
        return t("why.not_your_turn", name=s.names[s.current])
    return None
