""""Show my turn" as the model keeps it (``Ui.plan``): whether the shown turn still holds
for the position on the page, and where the player is in it.

Why in the model: the frame marks the next step on the board and lists the steps
(render/), the update function plays them (control/turn_plan.py); both ask here. The plan::

    {"step": 12, "seat": 0, "at": 0, "auto": False, "then": "",
     "steps": (("take Monk", "take_card", {…details}), ("place Gallia 2", …), …)}

``step`` is the game's step the turn was searched for and ``at`` how many of its steps are
played: it holds while the game's step is ``step + at`` and that seat is to act (an undo,
another move, the end of the turn end it).
"""

from __future__ import annotations

from model.turn import human_turn


def current(plan: dict | None, table, replaying: bool = False) -> dict | None:
    """``plan`` if it still holds for ``table`` (a SeatTable) as it stands, else None."""
    if plan is None or table is None or replaying:
        return None
    if table.step != plan["step"] + plan["at"] or plan["at"] >= len(plan["steps"]):
        return None
    if not human_turn(table) or table.current != plan["seat"]:
        return None
    return plan


def after(plan: dict | None, action) -> dict | None:
    """The plan once ``action`` is played: one step further if it was the next step, else
    gone (the player went their own way); gone too after its last step."""
    if plan is None or plan["at"] >= len(plan["steps"]) \
            or plan["steps"][plan["at"]][0] != str(action):
        return None
    at = plan["at"] + 1
    return {**plan, "at": at} if at < len(plan["steps"]) else None
