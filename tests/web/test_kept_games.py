"""The browser edge of "Your games" on CPython (fakepage.py): storage.py's slots, index and
migration, and browser/app.py telling the other tabs (a fake ``window.rattusTabs``) which game this
tab plays — a game another tab plays is never written by this one."""

from __future__ import annotations

import json

import fakepage  # first: puts the fake pyscript / pyodide.ffi modules in place
import pytest
from browser import storage
from browser.app import App
from fakepage import Tabs, by_id, document, window
from glue import legal, new_session
from model import page_events as ev
from model import save_file
from text.catalogue import t


@pytest.fixture(autouse=True)
def fresh_page():
    fakepage.reset()


def store() -> dict:
    """The storage as another tab or a reload finds it: once this page is idle (the
    autosave writes then)."""
    fakepage.settle()
    return window.localStorage.items


def slots() -> set[str]:
    return {k[len(storage.PREFIX):] for k in store() if k.startswith(storage.PREFIX)}


def app_with(session, tabs: Tabs | None = None) -> App:
    if tabs is not None:
        window.rattusTabs = tabs
    app = App(by_id("map"))
    app.bind()
    app.dispatch(ev.Attach(session, "", None))
    return app


def move(app: App) -> None:
    app.dispatch(ev.Target("region", sorted(legal(app.session))[0].split()[1]))


def test_each_new_game_gets_its_own_slot_and_entry() -> None:
    first = new_session(2, seed=1)
    app = app_with(first)
    move(app)
    second = new_session(3, seed=2)
    app.dispatch(ev.Attach(second, "", None))
    move(app)
    move(app)
    assert slots() == {first.slot, second.slot} and first.slot != second.slot
    kept = {e.id: e for e in storage.entries()}
    assert kept[first.slot].moves == 1 and kept[second.slot].moves == 2
    assert kept[second.slot].names == ("Ann", "Bob", "Cy")
    assert storage.entries()[0].id == second.slot  # the newest first
    assert storage.tab_slot() == second.slot  # the tab remembers its game (a reload)
    loaded = save_file.load(store()[storage.PREFIX + first.slot])
    assert loaded.game.history == first.game.history  # the first game was not overwritten


def test_the_old_single_autosave_becomes_a_kept_game() -> None:
    old = new_session(2, seed=5)
    old.apply(sorted(legal(old))[0])
    text = save_file.dumps(old.config, old.game, old.resume_state())
    store()[storage.OLD_KEY] = text
    assert storage.migrate() is None
    assert storage.OLD_KEY not in store()
    (slot,) = slots()
    assert store()[storage.PREFIX + slot] == text
    assert [e.id for e in storage.entries()] == [slot]
    assert storage.migrate() is None and slots() == {slot}  # once only


def test_a_damaged_old_autosave_is_set_aside_and_said() -> None:
    store()[storage.OLD_KEY] = "{garbage"
    problem = storage.migrate()
    assert problem is not None and problem.key == "err.save.not_json"
    assert store()[storage.ASIDE] == "{garbage" and storage.OLD_KEY not in store()
    assert slots() == set()


def test_a_damaged_index_is_rebuilt_from_the_saves() -> None:
    app = app_with(new_session(2, seed=1))
    move(app)
    slot = app.session.slot
    store()[storage.INDEX] = "[[["
    (e,) = storage.entries()
    assert e.id == slot and e.moves == 1 and e.names == ("Ann", "Bob")
    assert json.loads(store()[storage.INDEX])["games"][0]["id"] == slot


def test_delete_forgets_the_save_and_its_entry() -> None:
    app = app_with(new_session(2, seed=1))
    move(app)
    doomed = app.session.slot
    app.dispatch(ev.Attach(new_session(2, seed=2), "", None))
    move(app)
    app.dispatch(ev.Choice("games"))
    assert document.body.dataset.screen == "games"
    assert f"delete:{doomed}" in by_id("screen").innerHTML
    app.dispatch(ev.Choice(f"delete:{doomed}"))
    assert doomed in slots()  # asked first
    app.dispatch(ev.Choice("confirm-yes"))
    assert doomed not in slots() and [e.id for e in storage.entries()] == [app.session.slot]
    assert f"delete:{doomed}" not in by_id("screen").innerHTML  # the list, read again
    assert document.body.dataset.screen == "games"


def test_resume_from_the_list_puts_the_kept_game_on_the_page() -> None:
    app = app_with(new_session(2, seed=1))
    move(app)
    first, history = app.session.slot, list(app.session.game.history)
    app.dispatch(ev.Attach(new_session(2, seed=2), "", None))
    app.dispatch(ev.Choice("games"))
    app.dispatch(ev.Choice(f"resume:{first}"))
    assert app.session.slot == first and app.session.game.history == history
    assert document.body.dataset.screen == "board"
    assert storage.tab_slot() == first


def test_storage_that_refuses_keeps_the_index_and_says_so() -> None:
    app = app_with(new_session(2, seed=1))
    move(app)
    index = store()[storage.INDEX]
    window.localStorage.refuse = True
    app.dispatch(ev.Attach(new_session(2, seed=2), "", None))
    fakepage.settle()
    assert by_id("notice").textContent == t("err.storage_write")
    move(app)
    assert len(app.session.game.history) == 1  # the game goes on
    assert store()[storage.INDEX] == index


def test_the_tab_says_which_game_it_plays_and_stops_when_another_takes_it() -> None:
    tabs = Tabs()
    app = app_with(new_session(2, seed=1), tabs)
    move(app)
    slot = app.session.slot
    assert tabs.said == [(slot, False)]
    saved = store()[storage.PREFIX + slot]
    tabs.lose(slot, "taken")  # another tab took it over
    assert document.body.dataset.screen == "elsewhere"
    assert by_id("notice").textContent == t("note.elsewhere.taken")
    assert tabs.said == [(slot, False)]  # (tabs.js forgot it already: nothing to say)
    move(app)  # refused: this tab no longer plays it
    assert by_id("notice").textContent == t("why.elsewhere")
    assert store()[storage.PREFIX + slot] == saved
    # the other tab plays on; "Play it here" resumes from its save, not this tab's copy
    other = save_file.load(saved)
    other.game.apply(other.game.legal_actions()[0])
    store()[storage.PREFIX + slot] = save_file.dumps(other.config, other.game,
                                                    {"screen_seat": 0, "pass_to": None})
    app.dispatch(ev.Choice("take-over"))
    assert app.session.game.history == other.game.history
    assert tabs.said[-1] == (slot, True) and document.body.dataset.screen == "board"
    assert by_id("notice").textContent == t("note.took_over")


def test_a_tab_follows_the_game_another_tab_plays() -> None:
    tabs = Tabs()
    app = app_with(new_session(2, seed=1), tabs)
    move(app)
    slot = app.session.slot
    tabs.lose(slot, "taken")
    other = save_file.load(store()[storage.PREFIX + slot])
    other.game.apply(other.game.legal_actions()[0])
    store()[storage.PREFIX + slot] = save_file.dumps(other.config, other.game)
    for listener in window.listeners["storage"]:
        listener(type("StorageEvent", (), {"key": storage.PREFIX + slot})())
    assert app.session.game.history == other.game.history
    assert document.body.dataset.screen == "elsewhere"  # still only shown


def test_a_game_open_in_another_tab_resumes_read_only_and_is_not_written() -> None:
    kept = new_session(2, seed=1)
    kept.apply(sorted(legal(kept))[0])
    store()[storage.PREFIX + "k-1"] = save_file.dumps(kept.config, kept.game,
                                                      {"screen_seat": 0, "pass_to": None})
    tabs = Tabs("k-1")  # a new tab: the game is played in another one
    window.rattusTabs = tabs
    app = App(by_id("map"))
    app.bind()
    app.dispatch(ev.Choice("games"))  # (no index yet: rebuilt from the saves)
    assert t("games.where.elsewhere") in by_id("screen").innerHTML
    assert "delete:k-1" not in by_id("screen").innerHTML
    app.dispatch(ev.Choice("resume:k-1"))
    assert app.session.slot == "k-1" and document.body.dataset.screen == "elsewhere"
    assert by_id("status").textContent == t("status.elsewhere")
    before = store()[storage.PREFIX + "k-1"]
    move(app)
    assert len(app.session.game.history) == 1 and by_id("notice").textContent == t(
        "why.elsewhere")
    assert store()[storage.PREFIX + "k-1"] == before and tabs.said == []
    assert storage.tab_slot() == "k-1"  # a reload shows it again
