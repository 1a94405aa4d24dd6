"""Games that survive tabs and storage: every game its own slot in "Your games",
each tab on its own game (a reload resumes it), a game open in two tabs never overwritten by
the second one, and storage that refuses to write costs nothing but a message.

Two tabs are two pages of one browser context (they share localStorage, each has its own
sessionStorage, and they talk over a BroadcastChannel, as two tabs of one browser do).
"""

from __future__ import annotations

import json
import time

from playwright.sync_api import BrowserContext, Page, expect
from test_persistence import reload, state
from uidriver import perform, shot, wait_actions

import rattus

READY_MS = 90_000


def open_tab(context: BrowserContext, query: str = "") -> Page:
    """A new tab of the same browser, opened at the game (``query``: a game's address)."""
    tab = context.new_page()
    tab.goto("./" + (f"?{query}" if query else ""))
    tab.wait_for_selector("body[data-ready]", state="attached", timeout=READY_MS)
    return tab


def kept(page: Page) -> dict[str, dict]:
    """The games kept in the browser: id -> the save (its game's history)."""
    return page.evaluate("""() => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
            const key = localStorage.key(i);
            if (key.startsWith('rattus.game.')) {
                out[key.slice(12)] = JSON.parse(localStorage.getItem(key));
            }
        }
        return out;
    }""")


def histories(page: Page) -> list[list[str]]:
    return sorted(save["game"]["history"] for save in kept(page).values())


def kept_histories(page: Page, want: list[list[str]], timeout_s: float = 10.0) -> None:
    """The games kept in the browser come to be ``want``: a move's save is written once
    its page is idle (web/browser/autosave.py), a moment after the move is drawn."""
    deadline = time.monotonic() + timeout_s
    while (now := histories(page)) != want and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert now == want


def play(page: Page, game: rattus.Game, n: int) -> None:
    """``n`` actions through the page: the first legal one each time."""
    for _ in range(n):
        perform(page, game, game.legal_actions()[0])


def screen(page: Page) -> str:
    return page.locator("body").get_attribute("data-screen")


def test_two_tabs_on_two_games_keep_both(page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=4&names=Ann,Bob&pace=0")
    first = rattus.new_game(players=2, seed=4)
    play(page, first, 3)
    other = open_tab(page.context, "players=3&seed=9&names=Cy,Di,Ed&pace=0")
    second = rattus.new_game(players=3, seed=9)
    play(other, second, 2)
    play(page, first, 1)  # the first tab plays on: its game, not the other one's
    kept_histories(page, sorted([first.history, second.history]))
    # each tab reloads to its own game, exactly
    reload(page)
    reload(other)
    assert state(page) == first.to_json()
    assert state(other) == second.to_json()
    play(other, second, 1)
    reload(other)
    assert state(other) == second.to_json()
    kept_histories(page, sorted([first.history, second.history]))
    # a third tab: both games are played in other tabs, so it opens the welcome
    third = open_tab(page.context)
    expect(third.locator('.dialog[data-screen="welcome"]')).to_be_visible()
    assert third.locator("body").get_attribute("data-actions") is None
    # the second tab closed: a new tab opens the most recent game no tab plays
    other.close()
    fourth = open_tab(page.context)
    assert state(fourth) == second.to_json()
    assert screen(fourth) != "elsewhere"


def test_two_tabs_on_one_game_do_not_overwrite_each_other(page: Page, open_game,
                                                          guard) -> None:
    open_game(page, "players=2&seed=4&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=4)
    play(page, game, 2)
    second = open_tab(page.context)  # the only game is played in the first tab: welcome
    expect(second.locator('.dialog[data-screen="welcome"]')).to_be_visible()
    second.locator('.dialog [data-choice="games"]').click()
    row = second.locator(".games-row")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("(open in another tab)")
    expect(row.locator('[data-choice^="delete:"]')).to_have_count(0)  # not from here
    shot(second, "games_open_elsewhere")
    row.locator('[data-choice^="resume:"]').click()
    # the second tab shows the game, says it is played elsewhere, and does not play it
    expect(second.locator("body")).to_have_attribute("data-screen", "elsewhere")
    expect(second.locator("#bar")).to_contain_text("Played in another tab")
    expect(second.locator("#notice")).to_be_hidden()  # said once, not three times
    expect(second.locator("#status")).to_have_text(
        "This game is open in another tab: this tab only shows it.")
    assert state(second) == game.to_json()
    shot(second, "elsewhere_read_only")
    second.locator("#map text.region-label").first.click(force=True)
    expect(second.locator("#notice")).to_contain_text("choose “Play it here”")
    assert state(second) == game.to_json()
    # the first tab plays on; the second follows (it reads the other tab's saves)
    play(page, game, 1)
    wait_actions(second, len(game.history))
    assert state(second) == game.to_json()
    # "Play it here": the second tab plays, the first one is told and stops saving
    second.locator('[data-choice="take-over"]').click()
    expect(second.locator("#notice")).to_contain_text("You play this game here now")
    expect(page.locator("body")).to_have_attribute("data-screen", "elsewhere")
    expect(page.locator("#notice")).to_contain_text("Taken over in another tab")
    shot(page, "elsewhere_taken_over")
    play(second, game, 1)
    kept_histories(page, [game.history])  # one game, as the second tab played it
    wait_actions(page, len(game.history))  # the first tab now follows the second
    assert state(page) == game.to_json()
    page.locator("#map text.region-label").first.click(force=True)
    expect(page.locator("#notice")).to_contain_text("choose “Play it here”")
    kept_histories(page, [game.history])
    # a reload of the first tab comes back to its game, still only shown
    reload(page)
    expect(page.locator("body")).to_have_attribute("data-screen", "elsewhere")
    assert state(page) == game.to_json()
    kept_histories(page, [game.history])


def test_your_games_resumes_and_deletes(page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=4&names=Ann,Bob&pace=0")
    first = rattus.new_game(players=2, seed=4)
    play(page, first, 4)  # setup done: Ann's first turn (R3.5)
    # a new game from the toolbar: no question, the first one stays kept
    page.locator('#toolbar [data-choice="new-game"]').click()
    dialog = page.locator('.dialog[data-screen="new-game"]')
    dialog.locator('[data-choice="dlg-start"]').click()
    expect(page.locator("body")).to_have_attribute("data-actions", "0")
    assert len(kept(page)) == 2
    page.locator('#toolbar [data-choice="games"]').click()
    games = page.locator('.dialog[data-screen="games"]')
    rows = games.locator(".games-row")
    expect(rows).to_have_count(2)
    newest, older = rows.nth(0), rows.nth(1)
    expect(newest).to_contain_text("(open in this tab)")
    expect(newest).to_contain_text("setting up, 0 moves")
    expect(older).to_contain_text("Ann, Bob")
    expect(older).to_contain_text("In progress · turn 1, 4 moves")
    expect(older).to_contain_text("Last played 20")
    assert newest.locator('[data-choice^="delete:"]').count() == 0  # the game on the page
    shot(page, "your_games")
    # resume the first game: exactly as it was
    older.locator('[data-choice^="resume:"]').click()
    expect(page.locator("body")).to_have_attribute("data-actions", "4")
    assert state(page) == first.to_json()
    # delete the other one: asked first; "Keep it" keeps it
    page.locator('#toolbar [data-choice="games"]').click()
    doomed = rows.filter(has_not_text="(open in this tab)")
    doomed.locator('[data-choice^="delete:"]').click()
    confirm = page.locator('.dialog[data-screen="confirm"]')
    expect(confirm).to_contain_text("It cannot be brought back")
    confirm.locator('[data-choice="confirm-no"]').click()
    expect(rows).to_have_count(2)
    assert len(kept(page)) == 2
    doomed.locator('[data-choice^="delete:"]').click()
    confirm.locator('[data-choice="confirm-yes"]').click()
    expect(rows).to_have_count(1)
    expect(games).to_contain_text("Deleted:")
    kept_histories(page, [first.history])
    games.locator('[data-choice="games-close"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    reload(page)
    assert state(page) == first.to_json()


def test_the_single_autosave_of_earlier_versions_becomes_a_kept_game(page: Page, open_game,
                                                                      guard) -> None:
    open_game(page, "players=2&seed=4&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=4)
    play(page, game, 2)
    kept_histories(page, [game.history])
    (saved,) = kept(page).values()
    # the storage as an earlier version left it: one slot, no index; a new tab opens it
    page.evaluate("t => { localStorage.clear(); localStorage.setItem('rattus.autosave', t); }",
                  json.dumps(saved))
    context = page.context
    page.close()
    tab = open_tab(context)
    assert state(tab) == game.to_json()
    assert tab.evaluate("localStorage.getItem('rattus.autosave')") is None
    kept_histories(tab, [game.history])
    expect(tab.locator("body")).to_have_attribute("data-screen", "board")


def test_storage_that_refuses_says_so_and_the_game_goes_on(page: Page, open_game,
                                                           guard) -> None:
    page.add_init_script("Storage.prototype.setItem = function () {"
                         " throw new DOMException('full', 'QuotaExceededError'); };")
    open_game(page, "players=2&seed=9&names=Ann,Bob&pace=0")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("does not let the page keep the game")
    expect(notice).to_contain_text("use “Save” to download it as a file")
    shot(page, "storage_full")
    game = rattus.new_game(players=2, seed=9)
    play(page, game, 3)  # the game goes on
    assert state(page) == game.to_json()
    assert kept(page) == {}
    with page.expect_download() as info:  # and the file keeps it
        page.locator('#toolbar [data-choice="export"]').click()
    text = open(info.value.path(), encoding="utf-8").read()
    assert json.loads(text)["game"]["history"] == game.history
    # replacing it now would lose it: a new game asks first
    page.locator('#toolbar [data-choice="new-game"]').click()
    page.locator('.dialog[data-screen="new-game"] [data-choice="dlg-start"]').click()
    expect(page.locator('.dialog[data-screen="confirm"]')).to_be_visible()
    page.locator('[data-choice="confirm-no"]').click()
    page.locator('[data-choice="dlg-cancel"]').click()
    assert state(page) == game.to_json()
