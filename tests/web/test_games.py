"""Your games (kept_games.py, render/kept_games_panel.py): the index of kept games, which game a new
tab opens, the list's resume and delete, and a tab whose game another tab plays — pure
transitions and frames, no browser."""

from __future__ import annotations

from control import kept_games
from glue import card, choice, frame, new_session, overlay, play, region, run, turn_start
from model import page_events as ev
from model.ui_state import Model, Question, Ui
from text.catalogue import t


def entry(slot: str, updated: float, names=("Ann", "Bob"), turn=1, moves=5, over=False,
          winner=None) -> kept_games.Entry:
    return kept_games.Entry(slot, updated, tuple(names), (False,) * len(names), turn, moves, over,
                       winner)


# -- the index ------------------------------------------------------------------------------------
def test_the_index_round_trips_newest_first() -> None:
    kept = [entry("a-1", 100.0), entry("b-2", 300.0, ("Cy", "Di", "Ed"), over=True,
                                          winner="Di"), entry("c-3", 200.0)]
    back = kept_games.parse_index(kept_games.dump_index(kept))
    assert [e.id for e in back] == ["b-2", "c-3", "a-1"]
    assert back[0] == kept[1]


def test_a_damaged_index_is_said_so_and_bad_entries_are_dropped() -> None:
    assert kept_games.parse_index(None) == []  # nothing kept yet
    assert kept_games.parse_index("{not json") is None
    assert kept_games.parse_index('{"version": 9, "games": []}') is None
    good = entry("a-1", 1.0).to_json()
    text = kept_games.dump_index([entry("a-1", 1.0)]).replace(
        "]}", ',{"id":"../x","names":[]},{"id":"b-2"},' + str(good).replace("'", '"')
        .replace("False", "false").replace("None", "null") + "]}")
    assert [e.id for e in kept_games.parse_index(text)] == ["a-1"]  # no bad id, no duplicate


def test_an_entry_says_who_plays_how_far_and_who_won() -> None:
    s = new_session(2, seed=4, kinds=["human", "easy"])
    e = kept_games.entry_of("x-1", s.config, s.game, 50.0)
    assert (e.names, e.bots, e.turn, e.moves, e.over) == (("Ann", "Bob"), (False, True), 0,
                                                          0, False)
    _ui, s, _home = turn_start()
    e = kept_games.entry_of("x-1", s.config, s.game, 50.0)
    assert e.turn == 1 and e.moves == 4  # setup done, Ann's first turn (R3.5, R4)


def test_a_new_tab_opens_the_newest_game_no_other_tab_plays() -> None:
    kept = [entry("old-1", 100.0), entry("new-2", 300.0), entry("mid-3", 200.0)]
    assert kept_games.for_new_tab(kept, set()) == "new-2"
    assert kept_games.for_new_tab(kept, {"new-2"}) == "mid-3"
    assert kept_games.for_new_tab(kept, {"new-2", "mid-3", "old-1"}) is None  # the welcome
    assert kept_games.for_new_tab([], set()) is None


def test_a_new_tab_does_not_open_a_finished_game() -> None:
    kept = [entry("done-1", 300.0, over=True, winner="Ann"), entry("live-2", 200.0)]
    assert kept_games.for_new_tab(kept, set()) == "live-2"
    assert kept_games.for_new_tab(kept, {"live-2"}) is None  # the welcome, not the results


# -- the screen -----------------------------------------------------------------------------------
def listed(session, *entries, elsewhere=()):
    ui, s, effects = run(Ui(), session, choice("games"))
    assert effects == (ev.ListGames(),)
    return run(ui, s, ev.GamesListed(list(entries), set(elsewhere), 60))


def test_your_games_lists_each_game_with_its_date_players_and_progress() -> None:
    here = new_session(2, seed=1)
    here.slot = "h-1"
    ui, s, _ = listed(here, entry("h-1", 0.0, moves=0, turn=0),
                      entry("o-2", 86400.0 * 365, ("Ann", "Cy", "Di"), turn=3, moves=40),
                      entry("f-3", 3600.0, over=True, winner="Bob"),
                      elsewhere={"f-3"})
    f = frame(ui, s)
    assert f.data["screen"] == "games"
    html = f.html["screen"]
    rows = html.split('<li class="games-row"')[1:]
    assert [r.split('data-game="')[1].split('"')[0] for r in rows] == ["o-2", "f-3", "h-1"]
    assert "Ann, Cy, Di" in rows[0] and t("games.turn", turn=3, moves=40) in rows[0]
    assert t("games.saved", when="1971-01-01 01:00") in rows[0]  # local time (UTC+1)
    assert t("games.over_won", name="Bob") in rows[1] and 'data-status="over"' in rows[1]
    assert t("games.where.elsewhere") in rows[1] and "delete:f-3" not in rows[1]
    assert t("games.where.here") in rows[2] and "delete:h-1" not in rows[2]
    assert t("games.setup", moves=0) in rows[2]
    assert "delete:o-2" in rows[0] and "resume:o-2" in rows[0]
    assert f">{t('btn.resume')}<" in rows[0]  # this tab's own game: only back to it
    assert f">{t('btn.back_to_game')}<" in rows[2] and f">{t('btn.resume')}<" not in rows[2]


def test_resume_asks_the_dispatcher_for_the_game_or_closes_on_the_one_here() -> None:
    here = new_session(2, seed=1)
    here.slot = "h-1"
    ui, s, _ = listed(here, entry("h-1", 2.0), entry("o-2", 1.0))
    _ui, _s, effects = run(ui, s, choice("resume:o-2"))
    assert effects == (ev.ResumeGame("o-2"),)
    closed, _s, effects = run(ui, s, choice("resume:h-1"))
    assert effects == () and closed.screen is None and frame(closed, s).data["screen"] == "board"
    gone, _s, effects = run(ui, s, choice("resume:zz-9"))
    assert effects == () and gone.notice == t("err.games.gone")


def test_delete_asks_first_and_no_keeps_the_game() -> None:
    ui, s, _ = listed(None, entry("o-2", 1.0, ("Ann", "Bob"), moves=5))
    ui, s, effects = run(ui, s, choice("delete:o-2"))
    assert effects == () and isinstance(ui.question, Question)
    assert frame(ui, s).data["screen"] == "confirm"
    assert "Ann, Bob, 5 moves" in frame(ui, s).html["screen"]
    _no, _s, effects = run(ui, s, choice("confirm-no"))
    assert effects == (ev.ListGames(),)  # back to the list, nothing deleted
    yes, _s, effects = run(ui, s, choice("confirm-yes"))
    assert effects == (ev.DeleteKept("o-2"),)
    assert yes.notice == t("note.deleted", summary="Ann, Bob, 5 moves") and yes.notice_is_news


def test_the_game_here_and_one_played_elsewhere_cannot_be_deleted() -> None:
    here = new_session(2, seed=1)
    here.slot = "h-1"
    ui, s, _ = listed(here, entry("h-1", 2.0), entry("e-2", 1.0), elsewhere={"e-2"})
    for slot, why in (("h-1", "why.games.here"), ("e-2", "why.games.elsewhere")):
        after, _s, effects = run(ui, s, choice(f"delete:{slot}"))
        assert effects == () and after.question is None and after.notice == t(why)


def test_close_goes_back_to_the_game_or_to_the_welcome() -> None:
    ui, s, _ = listed(None)
    assert t("games.empty") in frame(ui, s).html["screen"]
    ui, s, _ = run(ui, s, choice("games-close"))
    assert ui.screen == "welcome"
    game = new_session(2)
    ui, s, _ = listed(game)
    ui, s, _ = run(ui, s, choice("games-close"))
    assert ui.screen is None and frame(ui, s).data["screen"] == "board"


def test_the_welcome_offers_your_games() -> None:
    ui, s, _ = run(Ui(), None, ev.ShowWelcome())
    assert 'data-choice="games"' in frame(ui, s).html["screen"]


def test_the_welcome_says_how_long_a_game_against_the_computer_takes() -> None:
    """Play-tests: a game against two computer players takes 5–8 minutes; the welcome says so
    beside that choice, and promises no half hour."""
    ui, s, _ = run(Ui(), None, ev.ShowWelcome())
    html = frame(ui, s).html["screen"]
    quick = html.split('data-choice="quick-play"', 1)[1].split("</li>", 1)[0]
    assert "5–8" in quick
    assert "30" not in html


# -- a game another tab plays ---------------------------------------------------------------------
def test_a_game_played_in_another_tab_is_shown_but_not_played() -> None:
    ui, s, home = turn_start()
    before = s.game.to_json()
    ui, s, _ = run(ui, s, ev.Elsewhere("taken"))
    assert ui.notice == t("note.elsewhere.taken") and Model(ui=ui).paused  # bots wait too
    f = frame(ui, s)
    assert f.data["screen"] == "elsewhere" and f.text["status"] == t("status.elsewhere")
    assert 'data-choice="take-over"' in f.html["bar"]
    assert f.undo["disabled"] and f.disabled["hint"]
    states, _layers = f.map  # nothing on the map invites a click
    assert not any("target" in cls.split() for cls, _aria, _in in states.values())
    assert 'role="button"' not in overlay(f)
    for event in (region(home), card("King"), choice("undo"), choice("hint")):
        ui, s, effects = run(ui, s, event)
        assert s.game.to_json() == before and effects == ()
        assert ui.notice in (t("why.elsewhere"),)


def test_a_game_already_open_elsewhere_is_resumed_read_only_and_taken_over() -> None:
    s = new_session(2, seed=3)
    s.slot = "k-1"
    ui, s2, _ = run(Ui(), None, ev.Resume(s, None, True))
    assert s2 is s and ui.elsewhere
    f = frame(ui, s2)  # said once by the status line, explained once by the bar
    assert f.text["status"] == t("status.elsewhere") and ui.notice == ""
    assert t("ui.elsewhere") in f.html["bar"] and "take-over" in f.html["bar"]
    ui, s2, effects = run(ui, s2, choice("take-over"))
    assert effects == (ev.TakeOver(),)
    # the dispatcher read the latest save and puts it here, to be played
    latest = new_session(2, seed=3)
    play(latest, sorted(str(a) for a in latest.game.legal_actions())[0])
    latest.slot = "k-1"
    ui, s3, _ = run(ui, s2, ev.Resume(latest, None, False, t("note.took_over")))
    assert s3 is latest and not ui.elsewhere and ui.notice == t("note.took_over")
    assert frame(ui, s3).data["screen"] == "board"


def test_following_the_other_tab_keeps_what_this_tab_said() -> None:
    s = new_session(2, seed=3)
    s.slot = "k-1"
    ui, s, _ = run(Ui(), None, ev.Resume(s, None, True))
    ui = ui.say(t("why.elsewhere"))  # as after a refused click
    moved = new_session(2, seed=3)
    play(moved, sorted(str(a) for a in moved.game.legal_actions())[0])
    ui, s2, _ = run(ui, s, ev.Resume(moved, None, True, None))
    assert s2 is moved and ui.elsewhere and ui.notice == t("why.elsewhere")


def test_a_new_game_is_not_asked_about_unless_the_browser_refused_to_keep_it() -> None:
    ui, s, _home = turn_start()
    ui, old, _ = run(ui, s, card("King"))
    ui2, s2, _ = run(ui, old, choice("quick-play"))
    assert s2 is not old and ui2.question is None
    ui, old, _ = run(ui, old, ev.StorageRefused())
    assert ui.unkept and ui.notice == t("err.storage_write")
    ui3, s3, _ = run(ui, old, choice("quick-play"))
    assert s3 is old and isinstance(ui3.question, Question)
    assert not run(ui3, s3, choice("confirm-yes"))[0].unkept  # the new game: kept again
