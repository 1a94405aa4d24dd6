"""The new-game dialog: who plays (R3.1: each player chooses a colour), who starts, the seed;
what was typed is kept; a game in progress is only replaced once the player says so.
"""

from __future__ import annotations

from glue import card, choice, frame, new_session, run, turn_start
from model import page_events as ev
from model.ui_state import Model, Question, Ui
from text.catalogue import t

FIELDS = {"name.0": "Ann", "name.1": "Bob", "colour.0": "red", "colour.1": "blue",
          "kind.0": "human", "kind.1": "human", "start": "0", "seed": "7"}


def opened(session=None):
    ui, s, _ = run(Ui(), session, choice("new-game"))
    return ui, s


def test_new_game_opens_the_dialog() -> None:
    ui, s = opened()
    assert ui.screen == "new-game"
    f = frame(ui, s)
    assert f.data["screen"] == "new-game"
    assert 'data-choice="dlg-start"' in f.html["screen"]
    assert f.text["status"] == t("status.new_game")


def test_the_dialog_starts_like_the_game_on_the_page_with_a_new_seed() -> None:
    ui, s = opened(new_session(3, seed=5))
    seats = ui.draft.config.seats
    assert [x.name for x in seats] == ["Ann", "Bob", "Cy"]
    assert ui.draft.config.seed is None


def test_more_players_keep_the_names_typed_so_far() -> None:
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-players:3", {**FIELDS, "name.0": "Zoe",
                                                   "name.1": "Yan"}))
    seats = ui.draft.config.seats
    assert [x.name for x in seats] == ["Zoe", "Yan", t("player.default", n=3)]
    assert len({x.colour for x in seats}) == 3  # the new seat gets a free colour (R3.1)
    assert 'value="Zoe"' in frame(ui, s).html["screen"]


def test_fewer_players_drop_the_last_seats() -> None:
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-players:4", FIELDS))
    ui, s, _ = run(ui, s, choice("dlg-players:2", {**FIELDS, "name.2": "Cy", "name.3": "Di",
                                                   "colour.2": "green",
                                                   "colour.3": "yellow"}))
    assert [x.name for x in ui.draft.config.seats] == ["Ann", "Bob"]


def test_an_empty_name_is_a_problem() -> None:
    ui, s = opened()
    ui, s2, effects = run(ui, s, choice("dlg-start", {**FIELDS, "name.1": "  "}))
    assert s2 is None and effects == ()
    assert ui.draft.problem == t("dlg.err.names")
    assert ui.screen == "new-game"
    assert t("dlg.err.names") in frame(ui, s2).html["screen"]


def test_a_seat_given_to_a_person_or_a_computer_takes_its_name_from_the_page() -> None:
    """A computer's seat the page called "Computer 1", given to a person, is "Player 2" (the
    pass screen never asks to hand the device to "Computer 1"); a person's default name on a
    computer's seat becomes a computer's; a typed name stays."""
    ui, s = opened()
    computer = t("player.computer_n", n=1)
    ui, s, _ = run(ui, s, choice("dlg-start", {**FIELDS, "name.0": t("player.default", n=1),
                                               "name.1": computer, "kind.0": "normal"}))
    assert [(x.name, x.kind) for x in s.seats] == [(computer, "normal"),
                                                   (t("player.default", n=2), "human")]
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-start", {**FIELDS, "kind.1": "easy"}))
    assert [x.name for x in s.seats] == ["Ann", "Bob"]


def test_two_players_of_one_colour_is_a_problem() -> None:
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-start", {**FIELDS, "colour.1": "red"}))
    assert s is None and ui.draft.problem == t("dlg.err.colours")


def test_a_seed_that_is_not_a_number_is_a_problem() -> None:
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-start", {**FIELDS, "seed": "forty-two"}))
    assert s is None and ui.draft.problem == t("dlg.err.seed")


def test_a_valid_draft_starts_the_game() -> None:
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-start", {**FIELDS, "name.0": "Zoe", "start": "1"}))
    assert s is not None and ui.screen is None
    assert s.names == ["Zoe", "Bob"]
    assert s.config.seed == 7 and s.game.seed == 7
    assert s.game.current_player == 1  # the start player chosen (R3.5)
    assert frame(ui, s).data["screen"] == "board"


def test_a_kept_game_in_progress_is_not_asked_about() -> None:
    """A new game takes a new slot in "Your games": the one in progress stays kept."""
    ui, old, _home = turn_start()
    ui, old, _ = run(ui, old, card("King"), choice("new-game"))
    ui, s, _ = run(ui, old, choice("dlg-start", FIELDS))
    assert s is not old and ui.question is None and ui.screen is None


def test_starting_asks_first_when_the_browser_did_not_keep_the_game() -> None:
    ui, old, _home = turn_start()
    ui, old, _ = run(ui, old, ev.StorageRefused(), card("King"), choice("new-game"))
    ui, s, _ = run(ui, old, choice("dlg-start", FIELDS))
    assert s is old and isinstance(ui.question, Question)
    assert Model(ui=ui).paused
    f = frame(ui, s)
    assert f.data["screen"] == "confirm"
    assert old.summary() in f.html["screen"]


def test_no_to_the_question_returns_to_the_dialog_as_typed() -> None:
    ui, old, _home = turn_start()
    ui, old, _ = run(ui, old, ev.StorageRefused(), card("King"), choice("new-game"))
    ui, s, _ = run(ui, old, choice("dlg-start", {**FIELDS, "name.0": "Zoe"}))
    before = old.game.to_json()
    ui, s, _ = run(ui, s, choice("confirm-no"))
    assert s is old and s.game.to_json() == before
    assert ui.question is None and ui.screen == "new-game"
    assert ui.draft.config.seats[0].name == "Zoe"


def test_yes_to_the_question_starts_the_new_game() -> None:
    ui, old, _home = turn_start()
    ui, old, _ = run(ui, old, ev.StorageRefused(), card("King"), choice("new-game"))
    ui, s, _ = run(ui, old, choice("dlg-start", FIELDS), choice("confirm-yes"))
    assert s is not old and len(s.game.history) == 0 and s.game.seed == 7
    assert ui.question is None and ui.screen is None


def test_a_game_not_started_is_replaced_without_asking() -> None:
    ui, old = opened(new_session(2, seed=1))
    ui, s, _ = run(ui, old, choice("dlg-start", FIELDS))
    assert s is not old and ui.question is None


def test_cancel_closes_the_dialog_and_keeps_the_game() -> None:
    ui, old, _home = turn_start()
    ui, s, _ = run(ui, old, choice("new-game"), choice("dlg-cancel", FIELDS))
    assert s is old and ui.screen is None


def test_the_dialog_closes_the_replay() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("King"), choice("replay-enter"), choice("new-game"))
    assert ui.replay is None and ui.screen == "new-game"


def test_typing_a_name_updates_the_start_list_but_never_redraws_the_fields() -> None:
    """A redraw under the player's fingers would lose what is being typed: typing changes only
    the start-player list (it follows renamed players)."""
    ui, s, _ = run(Ui(), None, ev.ShowDialog(""))
    before = frame(ui, s)
    ui, s, _ = run(ui, s, ev.DraftChanged({"name.0": "Ann", "name.1": "Bob"}))
    after = frame(ui, s)
    assert after.html["screen"] == before.html["screen"]
    assert ">Ann</option>" in after.html["dlg-start"] and ">Bob</option>" in after.html["dlg-start"]
    ui, s, _ = run(ui, s, choice("dlg-players:3", {"name.0": "Ann", "name.1": "Bob"}))
    assert 'value="Ann"' in frame(ui, s).html["screen"]  # a resize redraws, as typed


def test_the_dialogs_default_names_are_in_the_language_spoken_when_the_page_starts() -> None:
    """A page that starts in another language offers that language's default names, not the
    English ones of the moment its modules were imported."""
    import gettext

    from text import catalogue

    class Marked(gettext.NullTranslations):
        """A stand-in language: every text marked, so that it is told from English."""

        def pgettext(self, context, message):
            return "«" + message + "»"

    try:
        catalogue.install("xx", Marked())
        ui, _s, _ = run(Model().ui, None, choice("pass-and-play"))
        names = [seat.name for seat in ui.draft.config.seats]
        assert names == ["«Player 1»", "«Player 2»"]  # (English: "Player 1", "Player 2")
    finally:
        catalogue.install("en", None)


def test_a_seat_added_to_a_game_against_the_computer_is_one_more_computer_player() -> None:
    """Opened over "Play against the computer" (you and two computers), a third opponent
    is a computer player of the same strength, named like the others, not "Player 4"."""
    ui, s, _ = run(Ui(), None, choice("quick-play"))
    ui, s, _ = run(ui, s, choice("new-game"))
    ui, s, _ = run(ui, s, choice("dlg-players:4"))
    added = ui.draft.config.seats[3]
    assert added.kind == "normal"
    assert added.name == t("player.computer_n", n=3)
    assert len({x.colour for x in ui.draft.config.seats}) == 4  # R3.1


def test_a_seat_added_among_players_at_the_screen_is_a_player_at_the_screen() -> None:
    ui, s = opened()
    ui, s, _ = run(ui, s, choice("dlg-players:3", FIELDS))
    added = ui.draft.config.seats[2]
    assert (added.kind, added.name) == ("human", t("player.default", n=3))


def test_the_lesson_can_be_started_again_from_the_new_game_dialog() -> None:
    """The welcome shows once; after it, "Learn to play" is in the new-game dialog, and the
    game in progress stays kept in "Your games" (as for a new game)."""
    ui, old, _home = turn_start()
    ui, old, _ = run(ui, old, choice("new-game"))
    assert 'data-choice="learn"' in frame(ui, old).html["screen"]
    ui, s, _ = run(ui, old, choice("learn"))
    assert s is not old and ui.coach is not None and ui.screen is None
    assert ui.coach.note == "ending"  # the lesson from its start
