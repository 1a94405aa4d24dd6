"""Opening a saved game from a file: a good file is put on the page (after asking, if a game is
in progress); a bad one is refused with the reason, and nothing changes.
"""

from __future__ import annotations

from glue import card, choice, config, frame, run, turn_start
from model import page_events as ev
from model import save_file
from model.ui_state import Question, Ui
from text.catalogue import t

import rattus


def save_text(seed: int = 9, moves: int = 6) -> str:
    game = rattus.new_game(2, seed=seed)
    for _ in range(moves):
        game.apply(game.legal_actions()[0])
    return save_file.dumps(config(2, seed=seed), game)


def in_progress():
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("King"))
    return ui, s


def test_the_open_button_asks_for_a_file() -> None:
    ui, s, effects = run(Ui(), None, choice("import"))
    assert effects == (ev.PickFile(),)


def test_a_good_file_is_opened_when_no_game_is_on() -> None:
    text = save_text()
    ui, s, _ = run(Ui(), None, ev.FileRead("game.json", len(text), text))
    assert s is not None and len(s.game.history) == 6
    assert ui.notice == t("note.imported", name="game.json") and ui.notice_is_news
    assert s.log  # the log is rebuilt from the seed


def test_a_good_file_opens_beside_a_kept_game_without_asking() -> None:
    """The opened game takes a new slot: the one in progress stays in "Your games"."""
    ui, old = in_progress()
    text = save_text()
    ui, s, _ = run(ui, old, ev.FileRead("game.json", len(text), text))
    assert s is not old and ui.question is None and len(s.game.history) == 6
    assert ui.notice == t("note.imported", name="game.json")


def test_a_good_file_asks_first_when_the_game_in_progress_is_not_kept() -> None:
    ui, old = in_progress()
    ui, old, _ = run(ui, old, ev.StorageRefused())
    text = save_text()
    ui, s, _ = run(ui, old, ev.FileRead("game.json", len(text), text))
    assert s is old and isinstance(ui.question, Question)
    assert frame(ui, s).data["screen"] == "confirm"
    ui, s, _ = run(ui, s, choice("confirm-yes"))
    assert s is not old and len(s.game.history) == 6
    assert ui.notice == t("note.imported", name="game.json")


def test_keeping_the_current_game_changes_nothing() -> None:
    ui, old = in_progress()
    ui, old, _ = run(ui, old, ev.StorageRefused())
    before = old.game.to_json()
    text = save_text()
    ui, s, _ = run(ui, old, ev.FileRead("game.json", len(text), text), choice("confirm-no"))
    assert s is old and s.game.to_json() == before and ui.question is None


def test_a_damaged_file_is_refused_and_nothing_changes() -> None:
    ui, old = in_progress()
    before = old.game.to_json()
    text = save_text()[:-40]
    ui, s, effects = run(ui, old, ev.FileRead("cut.json", len(text), text))
    assert s is old and s.game.to_json() == before and effects == ()
    head, tail = t("err.import", name="cut.json", reason="\0").split("\0")
    reason = t("err.save.not_json", detail="\0").split("\0")[0]
    assert ui.notice.startswith(head + reason) and ui.notice.endswith(tail)
    assert not ui.notice_is_news


def test_an_edited_position_is_refused() -> None:
    ui, old = in_progress()
    text = save_text().replace('"palace":[0,0]', '"palace":[1,0]')
    ui, s, _ = run(ui, old, ev.FileRead("edited.json", len(text), text))
    assert s is old and ui.question is None
    head = t("err.import", name="edited.json", reason="\0").split("\0")[0]
    assert ui.notice.startswith(head + t("err.save.game", detail="\0").split("\0")[0])


def test_a_file_too_big_is_refused_unread() -> None:
    ui, old = in_progress()
    size = save_file.MAX_BYTES + 1
    ui, s, _ = run(ui, old, ev.FileRead("huge.json", size, ""))
    assert s is old
    assert ui.notice == t("err.import", name="huge.json",
                          reason=t("err.save.too_big", limit=save_file.MAX_BYTES // 1000))


def test_a_file_that_cannot_be_read_is_refused() -> None:
    ui, old = in_progress()
    ui, s, _ = run(ui, old, ev.FileUnreadable("x.json", "NotReadableError"))
    assert s is old
    assert ui.notice == t("err.import", name="x.json",
                          reason=t("err.save.damaged", detail="NotReadableError"))


def test_a_problem_with_a_file_shows_in_the_open_dialog() -> None:
    ui, s, _ = run(Ui(), None, choice("new-game"), ev.FileRead("empty.json", 0, ""))
    assert ui.screen == "new-game"
    assert ui.draft.problem == t("err.import", name="empty.json", reason=t("err.save.empty"))


def test_saving_asks_for_a_download_and_says_where() -> None:
    ui, s = in_progress()
    ui, s, effects = run(ui, s, choice("export"))
    assert effects == (ev.Download(),)
    ui, s, _ = run(ui, s, ev.Exported("rattus-1.json"))
    assert ui.notice == t("note.exported", name="rattus-1.json") and ui.notice_is_news
