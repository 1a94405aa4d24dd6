"""The guided first game ("Learn to play"): a coach note the first time each concept arises.

Why from the state: a note appears when the game reaches its moment — the player's first
setup placement, first turn, first move of the plague piece, first spread, first strike seen,
each card the player first holds, the Knight's question, the final round, the end — judged
from the view's ``decision``, the pick in progress and the strike being told, never from a
script of moves. So the lesson is an ordinary game (a fixed set-up against one Easy bot):
it never blocks a legal move, and leaving it leaves the game as it is.
"""

from __future__ import annotations

from dataclasses import replace

from model.game_config import Config, Seat

from rattus import CARDS

#: The lesson's game: the same set-up every time (a gentle board for a first game).
LESSON_SEED = 2024


def lesson_config(you: str, bot: str) -> Config:
    return Config([Seat(you, "red"), Seat(bot, "blue", "easy")], start=0, seed=LESSON_SEED)


def arising(ui, session) -> list[str]:
    """The concepts the player at the screen meets now, in the order they should be told."""
    s = session
    if s is None or s.viewer is None:
        return []
    view = s.view()
    decision = view["decision"]
    kind = decision["kind"]
    mine = decision["seat"] == s.viewer
    out = []
    if ui.story.items and ui.story.on_map:
        out.append("strike")
    if kind == "over":
        return out + ["end"]
    if kind == "final" or view["final_queue"] or view["last_regular"] is not None:
        out.append("final")
    if not mine:
        return out
    out += [f"card.{c}" for c in CARDS if view["cards"].get(c) == s.viewer]
    if kind == "setup":
        out.append("setup")
    elif kind == "turn":
        out.append("plague" if ui.pick.mode == "plague" else "turn")
    elif kind in ("spread", "neutral"):
        out.append(kind)
    return out


def update(ui, session):
    """The coach after a step: the newest concept not yet told becomes the note (an older
    note still showing is replaced: it counts as told)."""
    coach = ui.coach
    if coach is None:
        return ui
    now = arising(ui, session)
    new = [c for c in now if c not in coach.seen]
    if not new:  # a note whose moment has passed goes, once the player is to move again
        stale = coach.note is not None and coach.note not in now and _players_move(session)
        return ui.but(coach=replace(coach, note=None)) if stale else ui
    return ui.but(coach=replace(coach, seen=coach.seen | {new[0]}, note=new[0]))


def _players_move(session) -> bool:
    s = session
    return (s is not None and s.viewer is not None and not s.is_over
            and s.view()["decision"]["seat"] == s.viewer)


def dismiss(ui, session):
    """"Got it": the note goes (the next concept shows when it arises)."""
    return ui if ui.coach is None else ui.but(coach=replace(ui.coach, note=None))


def leave(ui, session):
    """Leave the lesson: the game goes on, without notes."""
    return ui.but(coach=None)
