""""Show my turn": the whole turn the Hard computer player would play, step by step.

Why apart from the hint (update.py's ``ask_hint``): the hint is one action; a shown turn is
a list the player then walks through — each step marked on the board as the hint is, played
by the player's own clicks or by "Play this step" / "Play the whole turn". The search is the
browser's (``ThinkTurn``: ``rattus.bots.hint.show_turn``, one search for the turn, from the
seat's view only, R8); this module turns its answer into ``Ui.plan`` (its shape and
whether it still holds: model/shown_turn.py) and plays its steps. The engine decides what
is legal: a step is played only if it is among the seat's legal actions.
"""

from __future__ import annotations

from model import page_events as ev
from model import shown_turn
from model.turn import human_turn
from model.ui_state import Model, Pick, Ui
from text.catalogue import t, tn

import rattus

Result = Ui | Model | tuple[Ui | Model, ev.Effects]


def ask(ui: Ui, session, blocked) -> Result:
    """Search the turn (the browser runs it in slices); ``blocked`` is the page's answer when
    the player at the screen cannot act now (update.py's ``_blocked``), or None."""
    if blocked is not None:
        return blocked
    if ui.planning:
        return ui
    return ui.but(planning=True, plan=None).news(t("plan.thinking")), (ev.ThinkTurn(),)


def on_ready(m: Model, e: ev.TurnReady) -> Result:
    """The turn arrived: kept with each step's reason (worded when drawn, in the language
    of the moment: text/hint_words.py), shown if the position is still the one it was
    searched for."""
    ui, session = m.ui.but(planning=False), m.session
    if session is None or session.step != e.step or not human_turn(session) \
            or session.current != e.seat:
        return ui.news("")  # the position moved on meanwhile: the turn is stale
    steps = tuple((action, reason, details)  # (worded when drawn: in the language then)
                  for action, (reason, details) in zip(e.actions, e.reasons, strict=True))
    last = rattus.parse_action(e.actions[-1]) if e.actions else None
    then = (t("plan.then_look") if last is not None and last.kind == "witch"
            and len(last.args) > 1 and isinstance(last.args[1], int) else "")
    plan = {"step": e.step, "seat": e.seat, "at": 0, "auto": False, "steps": steps,
            "then": then}
    note = ev.NoteInLog({"kind": "plan", "seat": e.seat, "actions": list(e.actions)})
    return ui.but(plan=plan, hint=None, pick=Pick()).news(tn("plan.ready", len(steps))), \
        (note,) if m.held is not None else ()


def next_action(ui: Ui, table) -> rattus.Action | None:
    """The plan's next step, if the plan holds and the engine allows it now."""
    plan = shown_turn.current(ui.plan, table, ui.replay is not None)
    if plan is None:
        return None
    action = rattus.parse_action(plan["steps"][plan["at"]][0])
    return action if action in table.legal() else None


def close(ui: Ui, session) -> Ui:
    return ui.but(plan=None, notice="")


def auto(ui: Ui) -> Ui:
    """"Play the whole turn": the steps after this one follow as each is applied."""
    return ui.but(plan={**ui.plan, "auto": True}) if ui.plan is not None else ui


def follow_on(m: Model) -> tuple[Ui, ev.Effects]:
    """After an action is applied: the next step, when the whole turn is being played and
    the plan still holds (a game held on this page: a guest's page plays one step a click);
    the plan one step further."""
    ui, held = m.ui, m.held
    if held is None or ui.plan is None or not ui.plan["auto"] or ui.busy:
        return ui, ()
    action = next_action(ui, held)
    if action is None:
        return ui, ()
    return ui.but(plan=shown_turn.after(ui.plan, action)), (ev.ApplyAction(action),)
