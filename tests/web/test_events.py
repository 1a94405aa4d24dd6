"""The remaining events of the update function (web/control/update.py) — a game attached, a
question asked, the page's own problems — what outlives a game, and the final round's two
exceptions (R7.2) on the page.
"""

from __future__ import annotations

import pytest
from control import update
from glue import (
    buttons,
    choice,
    decision,
    find,
    frame,
    legal,
    new_session,
    offer,
    region,
    run,
    turn_start,
)
from model import page_events as ev
from model import save_file
from model.game_config import Config, Seat
from model.ui_state import Model, Prefs, Question, Ui
from text.catalogue import t


class Teleport(ev.Event):
    """An event no handler knows."""


def test_an_unknown_event_is_a_programming_error() -> None:
    with pytest.raises(ValueError):
        update.update(Model(), Teleport())


def test_the_update_offer_survives_starting_resuming_and_opening_a_game() -> None:
    """"New version — reload" stays offered whatever game comes on the page: a new one, a
    lesson, a kept one resumed, one opened from a file (the offer is not the screen's)."""
    waiting = Model(prefs=Prefs(update_ready=True, odds=True, pace_ms=0))
    kept = new_session(2, seed=3)
    envelope = save_file.dumps(kept.config, kept.game)  # the same game, as a save file
    config = Config([Seat("Ann", "red"), Seat("Bob", "blue")], seed=5)
    for event in (ev.StartGame(config), ev.StartGame(config, lesson=True),
                  ev.Resume(kept, None, False), ev.Resume(kept, None, True),
                  ev.FileRead("game.json", len(envelope), envelope),
                  ev.Choice("quick-play")):
        m, s, _ = run(waiting, None, event)
        assert s is not None, event
        assert m.prefs == waiting.prefs, event  # the offer, the overlay, the pace: all kept
        assert 'data-choice="update-reload"' in frame(m, s).html["update"], event


def test_attach_puts_a_game_on_the_page_with_its_note() -> None:
    new = new_session(2, seed=3)
    ui, s, _ = run(Ui(screen="new-game"), None, ev.Attach(new, "Welcome back.", None))
    assert s is new and ui.screen is None
    assert ui.notice == "Welcome back." and ui.notice_is_news


def test_attach_keeps_the_address_pace_and_the_results_closed_state() -> None:
    new = new_session(2, seed=3, pace_ms=300)
    m, s, _ = run(Model(prefs=Prefs(pace_ms=0)), None,
                  ev.Attach(new, "", {"results_closed": True}))
    assert s.config.pace_ms == 0 and m.ui.results_closed


def test_start_makes_a_new_session_from_a_config() -> None:
    old = new_session(2, seed=1)
    ui, s, _ = run(Ui(), old, ev.StartGame(new_session(3, seed=4).config))
    assert s is not old and s.game.num_players == 3 and s.game.seed == 4


def test_attach_tells_the_last_strike_again() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"), region(home))
    while decision(s)["kind"] == "spread":
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    assert ui.story.items
    ui2, s2, _ = run(Ui(), None, ev.Attach(s, "", None))
    assert ui2.story.items == ui.story.items and ui2.story.on_map


def test_a_question_asked_is_shown_and_answered() -> None:
    ui, s, _home = turn_start()
    q = Question("Really?", "Yes", "No", on_yes=ev.Problem("said yes"))
    ui, s, _ = run(ui, s, ev.Ask(q))
    f = frame(ui, s)
    assert f.data["screen"] == "confirm" and "Really?" in f.html["screen"]
    assert f.focus == '[data-choice="confirm-no"]'  # the safe answer first
    ui, s, _ = run(ui, s, choice("confirm-yes"))
    assert ui.question is None and ui.notice == "said yes"


def test_a_question_without_an_answer_for_no_just_closes() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, ev.Ask(Question("Really?", "Yes", "No", on_yes=None)),
                   choice("confirm-no"))
    assert ui.question is None and ui.notice == ""


def test_while_a_question_is_open_the_board_waits_silently() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, ev.Ask(Question("Really?", "Yes", "No", on_yes=None)))
    before = s.game.to_json()
    ui, s, _ = run(ui, s, region(home))
    assert s.game.to_json() == before and ui.question is not None


def test_storage_refused_is_said() -> None:
    ui, s, _ = run(Ui(), None, ev.StorageRefused())
    assert ui.notice == t("err.storage_write") and not ui.notice_is_news


def test_show_dialog_says_the_problem_in_it() -> None:
    ui, s, _ = run(Ui(), None, ev.ShowDialog("The address has a problem."))
    assert ui.screen == "new-game" and ui.draft.problem == "The address has a problem."
    assert "The address has a problem." in frame(ui, s).html["screen"]


# -- the final round (R7.2) -------------------------------------------------------------------
def test_in_a_final_turn_the_knight_moves_the_plague_piece_without_a_strike() -> None:
    def final_knight(s):
        return decision(s)["kind"] == "final" and any(a.startswith("plague ") for a in legal(s))

    s = find(final_knight, seeds=range(1, 200), max_actions=6000)
    ui = Ui()
    assert "mode:plague" in buttons(ui, s)
    label = next(b.label for b in offer(ui, s).buttons if b.choice == "mode:plague")
    assert label == t("btn.mode.plague_final")
    ui, s, _ = run(ui, s, choice("mode:plague"))
    assert frame(ui, s).text["status"].startswith(
        t("status.plague_final", name=s.names[s.game.current_player]))
    target = sorted(offer(ui, s).regions)[0]
    ui, s, _ = run(ui, s, region(target))
    assert s.game.view(None)["plague"] == target
    assert not ui.story.items or not ui.story.on_map  # no strike in a final turn


def test_in_a_final_turn_the_peasant_places_one_cube() -> None:
    def final_peasant(s):
        return decision(s)["kind"] == "final" and any(a.startswith("place ") for a in legal(s))

    s = find(final_peasant, seeds=range(1, 200), max_actions=6000)
    ui, seat = Ui(), s.game.current_player
    assert t("status.opt.place_final") in frame(ui, s).text["status"]
    target = sorted(offer(ui, s).regions)[0]
    before = s.game.view(None)["board"][target]["cubes"][seat]
    ui, s, _ = run(ui, s, region(target))
    assert s.game.view(None)["board"][target]["cubes"][seat] == before + 1
