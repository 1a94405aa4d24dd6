"""The welcome of a first visit: one click to a game against the computer, pass and play,
the guided first game, How to play, a game kept in this browser ("Your games") or a saved
game from a file.

Why a screen of its own: a newcomer should not meet a form first. A returning player never
sees it: the game in progress is resumed (main.py). Starting from here replaces nothing: a
new game takes a new slot in "Your games" (only a game the browser refused to keep is asked
about first, as by "New game").
"""

from __future__ import annotations

import coach
import dialog
import keeping
from messages import t
from setup_config import Config, Seat
from ui import Question, Ui


def show(ui: Ui, session) -> Ui:
    return ui.but(screen="welcome")


def quick_play(ui: Ui, session) -> Ui:
    """You against two Normal computer players (R1.2: 3 players)."""
    config = Config([Seat(t("player.you"), "red"),
                     Seat(t("player.computer_n", n=1), "blue", "normal"),
                     Seat(t("player.computer_n", n=2), "green", "normal")], start=0)
    return _begin(ui, session, ("start", config))


def learn(ui: Ui, session) -> Ui:
    """The guided first game, from the start (also "Restart the lesson")."""
    config = coach.lesson_config(t("player.you"), t("player.computer_n", n=1))
    return _begin(ui, session, ("lesson", config))


def pass_and_play(ui: Ui, session) -> Ui:
    """The new-game dialog, set for two people at one screen."""
    return dialog.show(ui.but(screen=None), None)


def _begin(ui: Ui, session, event: tuple) -> Ui:
    if keeping.must_ask(ui, session) and ui.coach is None:
        return ui.but(question=Question(t("confirm.new_game", summary=session.summary()),
                                        t("btn.confirm_new"), t("btn.confirm_back"),
                                        on_yes=event))
    return ui.but(screen=None).asking(("then", event))


CHOICES = {"quick-play": quick_play, "learn": learn, "pass-and-play": pass_and_play}
