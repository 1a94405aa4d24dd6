"""The welcome of a first visit: one click to a game against the computer, playing with
friends online, pass and play, the guided first game, How to play, a game kept in this
browser ("Your games") or a saved game from a file.

Why a screen of its own: a newcomer should not meet a form first. A returning player never
sees it: the game in progress is resumed (main.py). Starting from here replaces nothing: a
new game takes a new slot in "Your games" (only a game the browser refused to keep is asked
about first, as by "New game").
"""

from __future__ import annotations

from model import page_events as ev
from model.game_config import Config, Seat
from model.ui_state import Question, Ui
from text.catalogue import t

from control import coach, new_game_dialog, questions


def show(ui: Ui, session) -> Ui:
    return ui.but(screen="welcome")


def quick_play(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    """You against two Normal computer players (R1.2: 3 players)."""
    config = Config([Seat(t("player.you"), "red"),
                     Seat(t("player.computer_n", n=1), "blue", "normal"),
                     Seat(t("player.computer_n", n=2), "green", "normal")], start=0)
    return _begin(ui, session, ev.StartGame(config))


def learn(ui: Ui, session) -> Ui | tuple[Ui, ev.Effects]:
    """The guided first game, from the start (also "Restart the lesson")."""
    config = coach.lesson_config(t("player.you"), t("player.computer_n", n=1))
    return _begin(ui, session, ev.StartGame(config, lesson=True))


def pass_and_play(ui: Ui, session) -> Ui:
    """The new-game dialog, set for two people at one screen."""
    return new_game_dialog.show(ui.but(screen=None), None)


def friends(ui: Ui, session) -> Ui:
    """"Play with friends online": the new-game dialog set for a table with friends on
    their own devices (you and two friends; computers for the rest if wanted)."""
    return new_game_dialog.friends(ui.but(screen=None), None)


def _begin(ui: Ui, session, event: ev.Event) -> Ui | tuple[Ui, ev.Effects]:
    if questions.must_ask(ui, session) and ui.coach is None:
        return ui.but(question=Question(t("confirm.new_game", summary=session.summary()),
                                        t("btn.confirm_new"), t("btn.confirm_back"),
                                        on_yes=event))
    return ui.but(screen=None), (ev.Then(event),)


CHOICES = {"quick-play": quick_play, "learn": learn, "pass-and-play": pass_and_play,
           "friends": friends}
