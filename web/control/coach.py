"""The lesson ("Learn to play"): a guided game that reaches the end, each note once, at its
moment.

Why a prepared game (model/lesson.py): a new player must see, within the lesson, how a game
ends — the supply runs out (R7.1), the final round (R7.2), the final plague on every region
(R7.3) — and why the cards they hold are a risk then (R5.5); from a setup that takes far
too long. The lesson starts with 5 tokens in the supply: about two turns of the player.

Why from the state: a note appears when the game reaches its moment, judged from the view
(its ``decision``, ``supply``, ``last_regular``), the pick in progress and the strike being
told — never from a script of moves, so the lesson never blocks a legal move and leaving it
leaves the game as it is. The schedule (:func:`arising`):

* the player's first turn: ``ending`` (the supply, how the game ends), ``turn`` (A, B, C),
  ``odds`` (the Odds overlay);
* when the plague piece is picked up, a spread to place, a strike told: ``plague``,
  ``spread``, ``strike`` (the Knight's question, if the player takes the Knight: ``neutral``);
* the player's next turn: ``risk`` (the cards held), ``hint`` (the Hint button);
* the final round: ``final``; the game over: ``final_plague`` beside the board, then ``end``,
  the summary with the offer of a real game, in the results.

Each note shows once (``Coach.seen``); a note still showing when a newer moment comes counts
as told. The coach's state is saved with the game (``Coach.to_json``), so a reload keeps the
lesson where it was.
"""

from __future__ import annotations

from functools import cache

from model import lesson
from model.game_config import Config
from model.values import replace

#: The lesson's game: the same position every time (model/lesson.py).
LESSON_SEED = lesson.SEED

#: Every note of the lesson, in the order a lesson usually meets them.
NOTES = ("ending", "turn", "odds", "plague", "spread", "neutral", "strike", "risk", "hint",
         "final", "final_plague", "end")


def lesson_config(you: str, bot: str) -> Config:
    return lesson.config(you, bot)


def arising(ui, session) -> list[str]:
    """The notes whose moment it is, for the player at the screen, the most pressing first
    (a moment of a click before the notes of the turn)."""
    s = session
    if s is None or s.viewer is None:
        return []
    view = s.view()
    decision = view["decision"]
    kind = decision["kind"]
    out = []
    struck = getattr(s, "last_strike", None)  # (the strike before the lesson is not its own)
    if ui.story.items and ui.story.on_map and struck and struck[0] > len(lesson.MOVES):
        out.append("strike")
    if kind == "over":  # R7.3 struck: first the board, then the summary
        return out + ["final_plague", "end"]
    ending = view["last_regular"] is not None  # R7.2: the final round (before a strike:
    if ending:  # the computer players wait for this one, Coach.holds_bots)
        out.insert(0, "final")
    if decision["seat"] != s.viewer:
        return out
    if kind == "turn" and ui.pick.mode == "plague":
        out.append("plague")
    elif kind in ("spread", "neutral"):
        out.append(kind)
    if kind == "final" or (kind == "turn" and view["turn"]["number"] > _first_turn()):
        out += ["risk", "hint"]  # the next turn: what the end will cost, and help
    if kind == "turn" and not ending:
        out += ["ending", "turn", "odds"]
    return out


@cache
def _first_turn() -> int:
    """The number of the lesson's first turn (R4), read from its position once."""
    return lesson.position().view(None)["turn"]["number"]


def update(ui, session):
    """The coach after a step: the most pressing note not yet told becomes the note. A note
    showing stays while its moment lasts, unless a more pressing one comes (then it counts
    as told); once its moment has passed, the next note takes its place."""
    coach = ui.coach
    if coach is None:
        return ui
    now = arising(ui, session)
    new = [c for c in now if c not in coach.seen]
    showing = coach.note is not None and coach.note in now
    if showing and (not new or now.index(new[0]) > now.index(coach.note)):
        return ui  # (a click that is no moment of its own, a pace chosen: the note stays)
    if not new:  # a note whose moment has passed goes, once the player is to move again
        stale = coach.note is not None and _players_move(session)
        return ui.but(coach=replace(coach, note=None)) if stale else ui
    return ui.but(coach=replace(coach, seen=coach.seen | {new[0]}, note=new[0]))


def _players_move(session) -> bool:
    s = session
    return (s is not None and s.viewer is not None and not s.is_over
            and s.view()["decision"]["seat"] == s.viewer)


def dismiss(ui, session, note: str | None = None):
    """"Got it": the note goes (the next one shows when its moment comes, at once if it is
    now). With ``note`` (the button says which note it was under): only that note — a
    computer's move may have put a new note in its place between the player's look and the
    click, and that one must be read, not dismissed unseen."""
    if ui.coach is None or (note is not None and ui.coach.note != note):
        return ui
    return ui.but(coach=replace(ui.coach, note=None))


def leave(ui, session):
    """Leave the lesson: the game goes on, without notes."""
    return ui.but(coach=None)
