"""The browser edge on CPython: web/browser/app.py's dispatcher writing to a fake page
(fakepage.py).

Each test plays through ``App.dispatch`` (or the page's listeners) and checks what a player
would notice: the board and panels after a move, the notice line, the toolbar, focus in a
dialog, the autosave that survives a reload, a downloaded file, and the bots taking turns.
"""

from __future__ import annotations

import asyncio
import time

import fakepage  # first: puts the fake pyscript / pyodide.ffi modules in place
import pytest
from browser import storage
from browser.app import App
from control import update
from fakepage import Element, by_id, document, fire, window
from glue import decision, find, legal, new_session, offer, play, turn_start
from model import page_events as ev
from model import save_file
from model.session import Session
from model.ui_state import Question
from text.catalogue import t

import rattus


@pytest.fixture(autouse=True)
def fresh_page():
    fakepage.reset()


def make_app() -> App:
    return App(by_id("map"))


def attached(session) -> App:
    app = make_app()
    app.dispatch(ev.Attach(session, "", None))
    return app


def body() -> dict:
    return vars(document.body.dataset)


def tool(choice: str) -> Element:
    return document.querySelector(f'#toolbar [data-choice="{choice}"]')


def path(region: str) -> Element:
    return document.querySelector(f'.region[data-region="{region}"]')


def notice() -> str:
    """The notice line as the player sees it ("" while it is hidden)."""
    node = by_id("notice")
    return "" if node.hidden else node.textContent


def saves() -> int:
    """How many times a game was written to its slot (once the page is idle: the autosave
    writes then)."""
    fakepage.settle()
    return sum(1 for key in window.localStorage.writes if key.startswith(storage.PREFIX))


def autosaved() -> save_file.Loaded:
    """The game this tab keeps (the slot its sessionStorage names), once the page is idle."""
    fakepage.settle()
    return save_file.load(window.localStorage.items[storage.PREFIX + storage.tab_slot()])


def first_setup_region(s) -> str:
    return sorted(legal(s))[0].split()[1]


async def until(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


# -- one move through the loop -------------------------------------------------------------------
def test_a_click_applies_the_move_and_the_page_shows_it() -> None:
    s = new_session(2)
    app = attached(s)
    where = first_setup_region(s)
    assert body()["actions"] == "0" and body()["current"] == "0"
    assert by_id("status").textContent.startswith("Ann:")
    players, label = by_id("players").innerHTML, path(where).getAttribute("aria-label")
    app.dispatch(ev.Target("region", where))
    assert s.game.history == [f"setup {where}"]
    assert body()["actions"] == "1" and body()["current"] == "1"
    assert by_id("status").textContent.startswith("Bob:")
    assert by_id("viewer").textContent == t("ui.you_are", name="Bob")
    assert by_id("players").innerHTML != players
    assert path(where).getAttribute("aria-label") != label  # Ann's cubes on the map
    assert "red 2" in path(where).getAttribute("aria-label")
    assert notice() == ""
    assert len(window.rattusTimings) == 1 and window.rattusTimings[0] >= 0
    saved = autosaved()  # what a reload would resume
    assert saved.game.history == s.game.history
    assert saved.resume["screen_seat"] == 1

def test_a_move_redraws_only_the_region_it_changed() -> None:
    """The board is written by layers: a setup cube placed in one region (R3.4) rewrites that
    region's layer, the players' table and the names (the next player's targets), and leaves
    every other region's tokens and cubes as they were — their nodes, and a keyboard player's
    focus on one, stay."""
    s = new_session(2)
    app = attached(s)
    where = first_setup_region(s)
    layers = {r: by_id(f"layer-region-{r}") for r in rattus.REGIONS}
    assert all(layers.values()) and "data-piece" in layers[where].innerHTML
    before = {r: node.innerHTML for r, node in layers.items()}
    for node in layers.values():
        node.innerHTML = "as it was"  # (what the page holds is not read back: only written)
    app.dispatch(ev.Target("region", where))
    rewritten = {r for r, node in layers.items() if node.innerHTML != "as it was"}
    assert rewritten == {where}
    assert layers[where].innerHTML != before[where]



def test_a_click_on_the_map_reaches_the_dispatcher_once() -> None:
    s = new_session(2)
    app = attached(s)
    app.bind()
    where = first_setup_region(s)
    event = fire("click", path(where))
    assert event.stopped  # the panel container does not see it again
    assert s.game.history == [f"setup {where}"]
    assert len(window.rattusTimings) == 1


def test_enter_on_a_highlighted_region_plays_it_like_a_click() -> None:
    s = new_session(2)
    app = attached(s)
    app.bind()
    where = first_setup_region(s)
    assert path(where).getAttribute("role") == "button"
    event = fire("keydown", path(where), key="Enter")
    assert event.prevented
    assert s.game.history == [f"setup {where}"]
    fire("keydown", path(where), key="a")  # other keys do nothing
    assert len(s.game.history) == 1


def test_the_undo_button_says_why_it_is_off_and_what_it_takes_back() -> None:
    ui, s, home = turn_start()
    app = attached(s)
    undo = tool("undo")
    assert undo.disabled and undo.title == t("undo.why.turn")
    assert by_id("undo-why").textContent == t("undo.why.turn")
    app.dispatch(ev.Target("card", "King"))  # Ann takes a class card: can be taken back
    assert not undo.disabled
    assert undo.title == by_id("undo-why").textContent
    assert undo.title.startswith(t("undo.ok", what="")) and undo.dataset.reason == ""
    app.bind()
    fire("click", undo)
    assert s.game.history[-1] != "take King" and undo.disabled
    assert notice().startswith(t("undo.done", action=""))


# -- the autosave ----------------------------------------------------------------------------------
def test_an_event_that_changes_no_game_does_not_save_again() -> None:
    s = new_session(2)
    app = attached(s)
    app.dispatch(ev.Target("region", first_setup_region(s)))
    writes = saves()
    app.dispatch(ev.Choice("toggle-log"))
    assert by_id("log").hidden
    app.dispatch(ev.Target("card", "King"))  # no card in setup: refused
    assert notice() != ""
    app.dispatch(ev.Choice("toggle-log"))
    assert not by_id("log").hidden
    assert saves() == writes
    assert len(window.rattusTimings) == 1  # only the move counted


def test_storage_that_refuses_writes_is_said_once_per_game() -> None:
    window.localStorage.refuse = True
    s = new_session(2)
    app = attached(s)
    fakepage.settle()  # (the autosave writes once the page is idle)
    said = [notice()]
    for _ in range(3):
        app.dispatch(ev.Target("region", first_setup_region(s)))
        fakepage.settle()
        said.append(notice())
    assert said == [t("err.storage_write"), "", "", ""]
    assert len(s.game.history) == 3  # the game plays on
    app.dispatch(ev.Attach(new_session(2, seed=2), "", None))
    fakepage.settle()
    assert notice() == t("err.storage_write")  # a new game: said again
    assert not any(k.startswith(storage.PREFIX) for k in window.localStorage.items)


def reload() -> App:
    """A reload of the page: a fresh page keeping the tab's storage, and what main.py does
    with this tab's game (``persist.load`` of its slot, then a ``resume``); the page that
    goes away hears ``pagehide`` first."""
    for listener in window.listeners.get("pagehide", []):
        listener(None)
    kept, tab = dict(window.localStorage.items), dict(window.sessionStorage.items)
    fakepage.reset()
    window.localStorage.items.update(kept)
    window.sessionStorage.items.update(tab)
    slot = storage.tab_slot()
    saved, damaged = storage.load(slot)
    assert damaged is None
    app = make_app()
    app.dispatch(ev.Resume(App.resumed(saved, slot), saved.resume, False))
    return app


def finished() -> Session:
    return find(lambda s: s.game.is_over, seeds=range(1, 3))


def written_history(s: Session) -> list[str] | None:
    """The moves of ``s`` as its slot holds them now (None: nothing written yet), read
    without letting the page become idle."""
    text = window.localStorage.items.get(storage.PREFIX + str(s.slot))
    return None if text is None else save_file.load(text).game.history


def test_a_move_is_written_once_the_page_is_idle_and_before_it_goes_away() -> None:
    """The autosave is not on the click's path: the move is shown first, and written when the
    page is idle — or at once when the page is hidden or goes away (a closed tab, a reload,
    a phone locked), so that no move is ever lost."""
    s = new_session(2)
    app = attached(s)
    fakepage.settle()
    app.dispatch(ev.Target("region", first_setup_region(s)))
    assert body()["actions"] == "1" and written_history(s) == []  # shown, not yet written
    fakepage.settle()
    assert written_history(s) == s.game.history
    app.dispatch(ev.Target("region", first_setup_region(s)))
    assert len(written_history(s) or []) == 1
    for listener in window.listeners["pagehide"]:  # the page goes away before it is idle
        listener(None)
    assert written_history(s) == s.game.history and len(s.game.history) == 2
    app.dispatch(ev.Target("region", first_setup_region(s)))
    document.visibilityState = "hidden"  # another tab, or the phone locked
    for listener in document.listeners["visibilitychange"]:
        listener(None)
    assert written_history(s) == s.game.history and len(s.game.history) == 3
    writes = len(window.localStorage.writes)
    fakepage.settle()  # (the write asked for at idle finds nothing left to write)
    assert len(window.localStorage.writes) == writes


def test_a_move_not_yet_written_is_written_before_another_game_takes_the_page() -> None:
    first = new_session(2, seed=1)
    app = attached(first)
    app.dispatch(ev.Target("region", first_setup_region(first)))
    second = new_session(2, seed=2)
    app.dispatch(ev.Attach(second, "", None))  # before the page was idle
    assert written_history(first) == first.game.history and len(first.game.history) == 1
    app.dispatch(ev.Choice("games"))  # the list reads the storage: what waits is written
    assert written_history(second) == []


def test_a_reload_comes_back_to_the_same_position_and_seat() -> None:
    s = new_session(2)
    app = attached(s)
    for _ in range(3):
        app.dispatch(ev.Target("region", first_setup_region(s)))
    shown = (body(), by_id("status").textContent, by_id("players").innerHTML)
    again = reload()
    assert again.session.game.history == s.game.history
    assert (body(), by_id("status").textContent, by_id("players").innerHTML) == shown


def test_closed_results_stay_closed_after_a_reload() -> None:
    app = attached(finished())
    assert body()["screen"] == "results"
    app.dispatch(ev.Choice("close-results"))
    assert body()["screen"] == "board" and autosaved().resume["results_closed"]
    reload()
    assert body()["screen"] == "board"


def test_a_reload_during_the_replay_of_a_finished_game_shows_the_results_again() -> None:
    """The replay hides the results while it is open (``results_closed``); the autosave keeps
    what the player chose, so opening the replay writes nothing."""
    app = attached(finished())
    assert body()["screen"] == "results"
    writes = saves()
    app.dispatch(ev.Choice("replay-enter"))  # the player never closed the results
    assert body()["screen"] == "replay" and saves() == writes
    reload()
    assert body()["screen"] == "results"


# -- effects ---------------------------------------------------------------------------------------
def test_saving_to_a_file_downloads_the_game_and_names_the_file() -> None:
    s = new_session(2)
    app = attached(s)
    app.dispatch(ev.Target("region", first_setup_region(s)))
    writes = saves()
    app.bind()
    fire("click", tool("export"))
    assert len(window.downloads) == 1
    name, text = window.downloads[0]
    assert name == "rattus-2025-03-14T0926-1.json"
    loaded = save_file.load(text)
    assert loaded.game.history == s.game.history
    assert loaded.game.to_json() == s.game.to_json()
    assert [seat.name for seat in loaded.config.seats] == ["Ann", "Bob"]
    assert notice() == t("note.exported", name=name)
    assert by_id("notice").className == "info"  # news, not a refusal
    assert saves() == writes


def test_opening_a_file_clicks_the_hidden_file_input() -> None:
    app = attached(new_session(2))
    app.bind()
    fire("click", tool("import"))
    assert by_id("import-file").clicks == 1


class File:
    def __init__(self, name: str, text: str, size: int | None = None):
        self.name, self._text = name, text
        self.size = len(text.encode()) if size is None else size

    async def text(self) -> str:
        return self._text


class Files:
    def __init__(self, *files):
        self._files, self.length = files, len(files)

    def item(self, i: int):
        return self._files[i]


def test_a_chosen_save_file_is_read_and_opened() -> None:
    s = new_session(2, seed=7)
    play(s, f"setup {first_setup_region(s)}")
    app = make_app()
    app.dispatch(ev.ShowDialog(""))
    app.bind()
    node = by_id("import-file")
    node.value, node.files = "C:\\fakepath\\game.json", Files(
        File("game.json", save_file.dumps(s.config, s.game)))

    async def choose() -> None:
        fire("change", node)
        await until(lambda: app.session is not None)

    asyncio.run(choose())
    assert app.session.game.history == s.game.history
    assert notice() == t("note.imported", name="game.json")
    assert body()["screen"] == "board" and body()["actions"] == "1"
    assert node.value == ""  # the same file can be chosen again
    assert autosaved().game.history == s.game.history


def test_a_file_too_large_is_refused_without_being_read() -> None:
    app = attached(new_session(2))
    app.bind()
    node = by_id("import-file")
    node.files = Files(File("huge.json", "{}", size=save_file.MAX_BYTES + 1))
    before = app.session

    async def choose() -> None:
        fire("change", node)
        await until(lambda: notice() != "")

    asyncio.run(choose())
    assert app.session is before
    assert notice().startswith(t("err.import", name="huge.json", reason="")[:20])
    assert t("err.save.too_big", limit=save_file.MAX_BYTES // 1000) in notice()


def test_an_error_inside_a_transition_is_said_and_changes_nothing(monkeypatch) -> None:
    s = new_session(2)
    app = attached(s)
    writes = saves()
    where = first_setup_region(s)

    def broken(ui, action):
        raise RuntimeError("boom")

    monkeypatch.setattr(update, "act", broken)
    app.dispatch(ev.Target("region", where))
    assert notice() == t("err.internal", detail="RuntimeError: boom")
    assert len(window.warnings) == 1 and "RuntimeError: boom" in window.warnings[0]
    assert s.game.history == [] and body()["actions"] == "0"
    assert saves() == writes
    assert window.rattusTimings == []
    monkeypatch.undo()  # the page is not stuck: the next click plays
    app.dispatch(ev.Target("region", where))
    assert s.game.history == [f"setup {where}"] and notice() == ""


def test_reduced_motion_is_read_from_the_browser() -> None:
    assert make_app().model.prefs.motion
    window.reduced_motion = True
    assert not make_app().model.prefs.motion


# -- dialogs and focus -----------------------------------------------------------------------------
def confirm_dialog() -> Element:
    """The question's "no" button as the browser builds it from #screen's HTML."""
    no = Element("button", data_choice="confirm-no")
    by_id("screen").add(Element(data_screen="confirm").add(no))
    return no


def test_a_question_takes_the_focus_on_its_safe_answer() -> None:
    app = attached(new_session(2))
    no = confirm_dialog()
    app.dispatch(ev.Ask(Question("Sure?", "Yes", "No", None)))
    assert 'data-choice="confirm-no"' in by_id("screen").innerHTML
    assert not by_id("screen").hidden and body()["screen"] == "confirm"
    assert document.activeElement is no


def test_a_question_takes_the_focus_and_gives_it_back_where_the_player_was() -> None:
    """A dialog takes the focus (even from a button the player had focused) and,
    once answered, returns it there."""
    app = attached(new_session(2))
    no = confirm_dialog()
    tool("undo").focus()
    app.dispatch(ev.Ask(Question("Sure?", "Yes", "No", None)))
    assert document.activeElement is no
    app.dispatch(ev.Choice("confirm-no"))
    assert body()["screen"] != "confirm"
    assert document.activeElement is tool("undo")


def test_the_new_game_dialog_focuses_its_first_field() -> None:
    app = make_app()
    name = Element("input", data_field="name", data_seat="0")
    by_id("screen").add(Element(class_="dialog", data_screen="new-game").add(name))
    app.dispatch(ev.ShowDialog(""))
    assert body()["screen"] == "new-game" and 'data-screen="new-game"' in by_id("screen").innerHTML
    assert document.activeElement is name


# -- a strike told over time -----------------------------------------------------------------------
def test_a_strike_is_told_token_by_token_then_the_board_is_free() -> None:
    """Ann's Monk puts a second rat token into her home; the plague piece moves there and
    strikes her cubes: two tokens revealed, one at a time (test_bots_and_strikes.striking)."""
    ui, s, home = turn_start(pace_ms=300)
    app = attached(s)
    here = s.game.view(None)["plague"]
    seen = []

    async def play_it() -> None:
        for event in (ev.Target("card", "Monk"), ev.Choice("mode:Monk"),
                      ev.Target("token", (here, 1)), ev.Target("region", home),
                      ev.Choice("mode:plague"), ev.Target("region", home)):
            app.dispatch(event)
        while decision(s)["kind"] == "spread":
            app.dispatch(ev.Target("region", sorted(offer(app.ui, s).regions)[0]))
        assert body()["busy"] == "1" and tool("undo").disabled
        assert not by_id("strike").hidden
        moves = len(s.game.history)
        app.dispatch(ev.Target("card", "King"))  # meanwhile a click waits
        assert notice() == t("why.busy") and len(s.game.history) == moves
        while body()["busy"]:
            seen.append(by_id("strike").innerHTML.count('class="strike-token'))
            await asyncio.sleep(0.02)

    asyncio.run(play_it())
    assert seen[0] == 0 and 1 in seen and max(seen) <= 2
    assert by_id("strike").innerHTML.count('class="strike-token') == 2
    assert body()["busy"] == ""


# -- bots ------------------------------------------------------------------------------------------
def test_a_bot_takes_its_turn_through_the_dispatcher() -> None:
    s = new_session(2, kinds=["easy", "human"])  # the bot (Ann) places first
    app = make_app()
    events = []
    dispatch = app.bots.dispatch
    app.bots.dispatch = lambda event: (events.append(event), dispatch(event))

    async def run() -> None:
        app.dispatch(ev.Attach(s, "", None))
        assert body()["actions"] == "0"
        await until(lambda: not app.bots.running)

    asyncio.run(run())
    assert len(s.game.history) == 1
    assert [type(e) for e in events] == [ev.BotMove] and events[0].seat == 0
    assert str(events[0].action) == s.game.history[0]
    assert body()["actions"] == "1" and body()["current"] == "1"
    assert by_id("status").textContent.startswith("Bob:")
    assert len(window.rattusBotTimes) == 1 and len(window.rattusTimings) == 1
    assert autosaved().game.history == s.game.history


@pytest.mark.parametrize("pause, resume", [
    (ev.Choice("replay-enter"), ev.Choice("replay-leave")),
    (ev.Ask(Question("Sure?", "Yes", "No", None)), ev.Choice("confirm-no")),
], ids=["replay", "question"])
def test_a_bot_waits_while_the_game_is_paused(pause, resume) -> None:
    s = new_session(2, kinds=["human", "easy"])
    play(s, f"setup {first_setup_region(s)}")  # now the bot's turn, twice
    app = make_app()

    async def run() -> None:
        app.dispatch(ev.Attach(s, "", None))  # wakes the bot…
        app.dispatch(pause)  # …but the player pauses before it moved
        assert app.model.paused and app.bots.running
        await asyncio.sleep(0.3)
        assert len(s.game.history) == 1 and body()["actions"] == "1"
        app.dispatch(resume)
        await until(lambda: not app.bots.running)

    asyncio.run(run())
    assert len(s.game.history) == 3  # the bot placed its two setup rounds (R3.5: A B B A)
    assert body()["actions"] == "3"
    assert by_id("status").textContent.startswith("Ann:")


def test_showing_the_log_brings_it_into_view() -> None:
    """The log may sit below the fold of the side column: shown, it scrolls into
    view; hidden, nothing moves."""
    app = attached(new_session())
    log = by_id("log")
    app.dispatch(ev.Choice("toggle-log"))  # hide
    assert getattr(log, "scrolled_into_view", 0) == 0 and log.hidden
    app.dispatch(ev.Choice("toggle-log"))  # show again
    assert log.scrolled_into_view == 1 and not log.hidden


# -- a new version of the site (sw.js) -------------------------------------------------------
def test_a_new_version_is_offered_and_taken_only_after_the_game_is_saved() -> None:
    """A new deploy waits until the player takes it; taking it saves the game first,
    so the reload into the new version resumes exactly this game."""
    s = new_session(2)
    app = attached(s)
    app.bind()
    app.dispatch(ev.Choice("update-reload"))  # nothing offered: nothing happens
    assert window.updates == []
    assert by_id("update").hidden
    app.dispatch(ev.Target("region", first_setup_region(s)))
    app.dispatch(ev.UpdateReady())
    offer_line = by_id("update")
    assert not offer_line.hidden
    assert t("btn.update") in offer_line.innerHTML and t("update.ready") in offer_line.innerHTML
    key = storage.PREFIX + app.session.slot
    fakepage.settle()
    window.localStorage.items.pop(key)  # whatever happened to the last autosave
    assert 'data-choice="update-reload"' in offer_line.innerHTML
    app.dispatch(ev.Choice("update-reload"))  # its click (e2e/test_offline.py clicks)
    assert len(window.updates) == 1
    saved = save_file.load(window.updates[0][key])  # saved before the new version took over
    assert saved.game.history == s.game.history
    assert saved.resume["screen_seat"] == 1


def test_the_offer_of_a_new_version_stays_when_another_game_comes() -> None:
    """"New version — reload" stays on the page when a game starts, is resumed from "Your
    games" or is opened from a file (it is not the game's: model/ui_state.py's Prefs)."""
    app = attached(new_session(2))
    app.dispatch(ev.UpdateReady())
    kept = new_session(2, seed=5)
    envelope = save_file.dumps(kept.config, kept.game)
    for event in (ev.Choice("quick-play"), ev.Resume(kept, None, False),
                  ev.FileRead("kept.json", len(envelope), envelope)):
        before = app.session
        app.dispatch(event)
        assert app.session is not before, event  # another game is on the page
        assert not by_id("update").hidden, event
        assert 'data-choice="update-reload"' in by_id("update").innerHTML, event
