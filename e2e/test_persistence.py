"""Keeping games (README.md, *Playing*): a reload resumes exactly, undo takes back a slip
but never a revealed fact, save files round-trip, bad files or damaged storage change nothing,
and a new game never replaces a kept one (each game its own slot).

"Exactly" is checked twice: the engine's complete state (``window.rattusGameJson()``, the test
hook that returns ``Game.to_json()``) and what the page shows (status line, screen, seat at the
screen, the decision bar or pass prompt, the undo reason, the strike panel).
"""

from __future__ import annotations

import json
import random

from conftest import READY_TIMEOUT_MS, Guard
from playwright.sync_api import Page, expect
from uidriver import click, pass_if_asked, perform, shot, wait_actions
from uipaths import clicks_for

import rattus

SEED = 12  # Ann's first plague move spreads one rat token and strikes (found by search)


def state(page: Page) -> str:
    return page.evaluate("window.rattusGameJson()")


def seen(page: Page) -> dict:
    """What the page shows, in the parts a player reads."""
    body = page.locator("body")
    return {
        "status": page.locator("#status").inner_text(),
        "screen": body.get_attribute("data-screen"),
        "viewer": body.get_attribute("data-viewer"),
        "current": body.get_attribute("data-current"),
        "bar": page.locator("#bar").inner_text(),
        "undo": page.locator("#undo-why").inner_text(),
        "strike": page.locator("#strike").inner_text() if page.locator(
            "#strike").is_visible() else "",
        "log": page.locator("#log").inner_text(),
    }


def reload(page: Page) -> None:
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def reload_same(page: Page, name: str | None = None) -> dict:
    """Reload; the game and the screen must be exactly as before."""
    before_state, before = state(page), seen(page)
    reload(page)
    assert state(page) == before_state
    assert seen(page) == before
    if name:
        shot(page, name)
    return before


def tab_key(page: Page) -> str:
    """The storage key of this tab's game (its id is in the tab's sessionStorage)."""
    return "rattus.game." + page.evaluate("sessionStorage.getItem('rattus.tab.game')")


def kept_text(page: Page) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", tab_key(page))


def kept_once_written(page: Page, game_json: str, timeout_ms: int = 10_000) -> dict:
    """This tab's save, once it holds ``game_json``: a move's save is written when the page
    is idle (web/browser/autosave.py), a moment after the move is drawn."""
    page.wait_for_function(
        "([k, want]) => { const t = localStorage.getItem(k);"
        " return t !== null && JSON.stringify(JSON.parse(t).game) === JSON.stringify(want); }",
        arg=[tab_key(page), json.loads(game_json)], timeout=timeout_ms)
    text = kept_text(page)
    assert text is not None
    return json.loads(text)


def undo_reason(page: Page) -> str:
    return page.locator('#toolbar [data-choice="undo"]').get_attribute("data-reason")


def test_reload_resumes_every_screen_and_undo_stops_at_revealed_facts(
        page: Page, open_game, guard) -> None:
    open_game(page, f"players=2&seed={SEED}&names=Ann,Bob&pace=0")
    assert "seed" not in page.url  # a reload resumes, it does not start the game again
    game = rattus.new_game(players=2, seed=SEED)
    undo = page.locator('#toolbar [data-choice="undo"]')
    expect(undo).to_be_disabled()
    assert undo_reason(page) == "start"
    expect(page.locator("#undo-why")).to_have_text("Nothing to undo yet.")
    for _ in range(4):  # setup, each in the first region offered
        perform(page, game, game.legal_actions()[0])
    assert undo_reason(page) == "turn"  # setup placements are final
    # mid-turn: Ann has taken a card
    perform(page, game, rattus.parse_action("take King"))
    expect(undo).to_be_enabled()
    expect(page.locator("#undo-why")).to_have_text("Takes back: Ann takes the King.")
    reload_same(page, "resume_mid_turn")
    # a placement undone: the engine's position before it, and the card is still taken
    before_place = state(page)
    view = game.view(None)
    target = next(a for a in game.legal_actions() if a.kind == "plague"
                  and view["board"][a.args[0]]["tokens"]
                  and sum(view["board"][a.args[0]]["cubes"]))
    place = next(a for a in game.legal_actions()
                 if a.kind == "place" and a.args[0] == target.args[0])
    perform(page, game, place)
    assert state(page) != before_place
    shot(page, "undo_enabled")
    undo.click()
    game.undo()
    wait_actions(page, len(game.history))
    expect(page.locator("#notice")).to_contain_text("Taken back: Ann places")
    assert state(page) == before_place == game.to_json()
    assert "places" not in page.locator("#log").inner_text().split("takes the King")[-1]
    perform(page, game, place)
    # the plague moves: a rat token is drawn, undo refused with the reason
    perform(page, game, target)
    assert game.phase == "spread"
    expect(undo).to_be_disabled()
    assert undo_reason(page) == "plague"
    expect(page.locator("#undo-why")).to_have_text(
        "No undo: the plague has moved (rat tokens drawn or revealed).")
    assert undo.get_attribute("aria-describedby") == "undo-why"
    shot(page, "undo_refused_plague")
    reload_same(page, "resume_spread")
    # the spread ends with a strike: the strike panel survives a reload
    events = []
    while game.phase == "spread":
        events = perform(page, game, game.legal_actions()[0])
    assert any(e["kind"] == "token_revealed" for e in events)
    expect(page.locator("#strike")).to_be_visible()
    # the turn is Bob's (a pass screen: two humans) and nothing before it can be undone
    assert undo_reason(page) == "turn"
    expect(page.locator("body")).to_have_attribute("data-screen", "pass")
    shown = reload_same(page, "resume_pass_after_strike")
    assert shown["screen"] == "pass" and shown["status"] == "Pass the device to Bob."
    assert shown["strike"] and shown["viewer"] == ""
    # Bob takes the device; a reload keeps him at the screen (no second pass screen)
    pass_if_asked(page)
    reload_same(page)
    expect(page.locator("body")).to_have_attribute("data-viewer", "1")
    # the Witch's look cannot be taken back
    perform(page, game, rattus.parse_action("take Witch"))
    assert undo_reason(page) is None or undo_reason(page) == ""
    look = next(a for a in game.legal_actions() if a.kind == "witch")
    perform(page, game, look)
    expect(undo).to_be_disabled()
    assert undo_reason(page) == "witch"
    expect(page.locator("#undo-why")).to_have_text(
        "No undo: the Witch has looked at a rat token.")
    shot(page, "undo_refused_witch")
    # a refused undo (keyboard users can still reach the reason): the state is unchanged
    before = state(page)
    page.evaluate("document.querySelector('#toolbar [data-choice=\"undo\"]').disabled = false")
    undo.click()
    expect(page.locator("#notice")).to_have_text("No undo: the Witch has looked at a rat token.")
    assert state(page) == before == game.to_json()
    reload_same(page, "resume_witch_stage")


def my_turn(page: Page, seat: int = 0) -> rattus.Game:
    """Wait until it is ``seat``'s turn (bots have played) and return the page's game."""
    page.wait_for_function(f"() => document.body.dataset.current === '{seat}'"
                           " && !document.body.dataset.busy", timeout=30_000)
    return rattus.Game.from_json(state(page))


def history(page: Page) -> list[str]:
    return json.loads(state(page))["history"]


def test_reload_mid_strike_and_during_a_bot_turn(page: Page, open_game, guard) -> None:
    """One human against a bot at a visible pace: a reload while the strike is being told,
    and one while the bot plays; the game goes on from exactly where it was."""
    open_game(page, f"players=2&seed={SEED}&names=Ann,Rat&bots=0,easy&pace=600")
    while True:
        game = my_turn(page)
        if game.phase != "setup":
            break
        perform(page, game, game.legal_actions()[0])
    view = game.view(None)
    target = next(a for a in game.legal_actions() if a.kind == "plague"
                  and view["board"][a.args[0]]["tokens"])
    perform(page, game, next(a for a in game.legal_actions() if a.kind == "take"))
    perform(page, game, next(a for a in game.legal_actions()
                             if a.kind == "place" and a.args[0] == target.args[0]))
    perform(page, game, target)
    while True:  # the spread; its last placement strikes
        spread = game.legal_actions()[0]
        probe = game.clone()
        if any(e["kind"] == "token_revealed" for e in probe.apply(spread)):
            break
        perform(page, game, spread)
    for what, value in clicks_for(game, spread):
        click(page, what, value)
    page.wait_for_selector("body[data-busy='1']", state="attached")
    before = state(page)
    reload(page)  # mid-strike: the autosave was written before the story began
    after = history(page)
    assert after[:len(json.loads(before)["history"])] == json.loads(before)["history"]
    if len(after) == len(json.loads(before)["history"]):  # (as dicts: a failure names the
        restored, held = json.loads(state(page)), json.loads(before)  # fields that differ)
        assert {k: v for k, v in restored.items() if held.get(k) != v} == {}, \
            {k: v for k, v in held.items() if restored.get(k) != v}
    expect(page.locator("#strike")).to_be_visible()
    expect(page.locator("#strike li.strike-token").first).to_be_visible()
    shot(page, "resume_after_strike_bot_turn")
    # the bot's turn: it plays on after a reload in the middle of it
    page.wait_for_function("() => document.body.dataset.current === '1'")
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {len(after)}",
                           timeout=30_000)
    mid = history(page)
    reload(page)
    assert history(page)[:len(mid)] == mid
    game = my_turn(page)  # the bot finished its turn after the reload
    assert len(game.history) > len(mid)
    expect(page.locator("#status")).to_contain_text("Ann")


def test_export_then_import_in_a_fresh_context(page: Page, open_game, guard, browser,
                                               base_url) -> None:
    open_game(page, "players=3&seed=5&names=Ann,Bob,Cy&colors=green,yellow,black"
                    "&bots=0,0,easy&pace=0")
    game = rattus.new_game(players=3, seed=5)
    rng = random.Random(5)
    while len(game.history) < 14 or game.current_player != 0:
        if game.current_player == 2:
            page.wait_for_function("() => document.body.dataset.current !== '2'")
            game = rattus.Game.from_json(state(page))
            continue
        legal = game.legal_actions()
        plague = [a for a in legal if a.kind == "plague"]
        perform(page, game, plague[0] if plague and rng.random() < 0.5 else rng.choice(legal))
    pass_if_asked(page)
    with page.expect_download() as info:
        page.locator('#toolbar [data-choice="export"]').click()
    download = info.value
    assert download.suggested_filename.endswith(".json")
    text = open(download.path(), encoding="utf-8").read()
    saved = json.loads(text)
    assert saved["format"] == "rattus-savefile" and saved["version"] == 1
    assert saved["game"] == json.loads(state(page))
    assert [s["name"] for s in saved["seats"]] == ["Ann", "Bob", "Cy"]
    assert [s["kind"] for s in saved["seats"]] == ["human", "human", "easy"]
    # a fresh browser context: no autosave; the file is opened from the welcome
    context = browser.new_context(base_url=base_url)
    other = Guard()
    other.attach(context)
    try:
        fresh = context.new_page()
        open_game(fresh)
        expect(fresh.locator('.dialog[data-screen="welcome"]')).to_be_visible()
        with fresh.expect_file_chooser() as chooser:  # the welcome's own button
            fresh.locator('.dialog [data-choice="import"]').click()
        chooser.value.set_files(files=[{
            "name": download.suggested_filename, "mimeType": "application/json",
            "buffer": text.encode()}])
        expect(fresh.locator("body")).to_have_attribute("data-actions", str(len(game.history)))
        assert state(fresh) == state(page)
        expect(fresh.locator("#notice")).to_contain_text("Game opened from")
        # two humans: the opened game starts with a hand-over, never a seat's secrets
        assert fresh.locator("body").get_attribute("data-screen") == "pass"
        assert fresh.locator("#status").inner_text() == "Pass the device to Ann."
        assert not fresh.locator("#players .tag.you").count()  # nobody at the screen yet
        pass_if_asked(fresh)  # Ann takes it: "you" in the players' panel, as on the first
        assert fresh.locator("#players").inner_text() == page.locator("#players").inner_text()
        assert fresh.locator("#log").inner_text() == page.locator("#log").inner_text()
        shot(fresh, "imported")
        reload(fresh)  # and it was autosaved there
        assert state(fresh) == state(page)
    finally:
        context.close()
    assert other.problems() == []


def bad_files(good: dict) -> list[tuple[str, bytes, str]]:
    """(name, content, words the message must contain)."""
    g = good["game"]
    out = [("empty.json", b"", "the file is empty"),
           ("notes.txt", b"shopping: milk, eggs", "not JSON"),
           ("cut.json", json.dumps(good).encode()[:300], "truncated"),
           ("other.json", b'{"format": "chess-pgn", "moves": []}', "not a Rattus save"),
           ("future.json", json.dumps({**good, "version": 2}).encode(), "format version 2")]
    counts = json.loads(json.dumps(good))
    counts["game"]["palace"][0] = 20  # with cubes on the board: more than 20 (R1.2)
    out.append(("counts.json", json.dumps(counts).encode(), "R1.2"))
    dup = json.loads(json.dumps(good))
    region = next(r for r, ids in g["rats"].items() if ids)
    dup["game"]["supply"][0] = dup["game"]["rats"][region][0]  # a token id twice
    out.append(("duplicate.json", json.dumps(dup).encode(), "not valid"))
    swap = json.loads(json.dumps(good))
    sg = swap["game"]
    known = {i for k in sg["knowledge"] for i in k}
    region, slot = next((r, i) for r, ids in sg["rats"].items() for i, x in enumerate(ids)
                        if x not in known)
    sg["rats"][region][slot], sg["supply"][0] = sg["supply"][0], sg["rats"][region][slot]
    out.append(("swapped.json", json.dumps(swap).encode(), "edited"))
    seats = json.loads(json.dumps(good))
    seats["seats"][1]["colour"] = seats["seats"][0]["colour"]
    out.append(("seats.json", json.dumps(seats).encode(), "share a colour"))
    return out


def test_bad_files_and_damaged_storage_change_nothing(page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=3&names=Ann,Bob&bots=0,easy&pace=0")
    for _ in range(2):
        game = my_turn(page)
        perform(page, game, game.legal_actions()[0])
    game = my_turn(page)
    perform(page, game, rattus.parse_action("take Monk"))
    before, shown = state(page), seen(page)
    good = kept_once_written(page, before)
    assert good["game"] == json.loads(before)
    for name, content, words in bad_files(good):
        page.set_input_files("#import-file", files=[{
            "name": name, "mimeType": "application/json", "buffer": content}])
        notice = page.locator("#notice")
        expect(notice).to_contain_text(f"Could not open “{name}”")
        expect(notice).to_contain_text(words)
        expect(notice).to_contain_text("The current game is unchanged.")
        assert state(page) == before
        if name == "swapped.json":
            shot(page, "import_refused")
    assert {k: v for k, v in seen(page).items() if k != "status"} == \
        {k: v for k, v in shown.items() if k != "status"}
    # the autosave was not touched by any of them
    assert json.loads(kept_text(page)) == good
    # damaged storage: a clear message and the new-game dialog, never a blank page
    for content, words in (("{\"format\": \"rattus-save", "not JSON"),
                           ("garbage", "not JSON"),
                           (json.dumps({**good, "game": {**good["game"], "turns": 99}}),
                            "edited")):
        key = tab_key(page)
        page.evaluate("([k, t]) => localStorage.setItem(k, t)", [key, content])
        reload(page)
        dialog = page.locator('.dialog[data-screen="new-game"]')
        expect(dialog).to_be_visible()
        expect(dialog.locator("[data-problem]")).to_contain_text(
            "The game saved in this browser could not be loaded")
        expect(dialog.locator("[data-problem]")).to_contain_text(words)
        assert page.evaluate("localStorage.getItem('rattus.autosave.damaged')") == content
        assert page.evaluate("k => localStorage.getItem(k)", key) is None
    shot(page, "storage_damaged")
    # the offer of a new game works
    dialog.locator('[data-choice="dlg-start"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    assert guard.console_errors == []


def test_a_move_not_yet_written_is_written_when_the_page_goes_away(
        page: Page, open_game, guard) -> None:
    """A move's save waits until the page is idle (browser/autosave.py: not on the click's
    path); a page that goes away first (``pagehide``: a reload, a closed tab) writes it then.
    The click and the page going away come in one task here, so the page is never idle
    between them."""
    open_game(page, f"players=2&seed={SEED}&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=SEED)
    for _ in range(4):  # setup
        perform(page, game, game.legal_actions()[0])
    key = tab_key(page)
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).game.history.length === 4", arg=key)
    written = page.evaluate("""k => {
        const moves = () => JSON.parse(localStorage.getItem(k)).game.history.length;
        document.querySelector('#cards [data-card="King"]').click();
        const before = moves();
        window.dispatchEvent(new PageTransitionEvent("pagehide"));
        return [document.body.dataset.actions, before, moves()];
    }""", key)
    assert written == ["5", 4, 5]  # shown at once, written when the page went away
    game.apply(rattus.parse_action("take King"))
    reload(page)
    assert state(page) == game.to_json()
    assert guard.console_errors == []


def test_new_games_take_new_slots_and_only_an_unkept_game_is_asked_about(
        page: Page, open_game, guard) -> None:
    """A game in progress stays kept ("Your games", test_games.py) when an address, New game
    or a file puts another game on the page: nothing is asked, nothing is lost."""
    open_game(page, "players=2&seed=4&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=4)
    for _ in range(3):
        perform(page, game, game.legal_actions()[0])
    before = state(page)

    def histories() -> list[list[str]]:
        texts = page.evaluate("() => Object.keys(localStorage)"
                              ".filter(k => k.startsWith('rattus.game.'))"
                              ".map(k => localStorage.getItem(k))")
        return sorted(json.loads(text)["game"]["history"] for text in texts)

    # an address with game parameters: its game, at once, in a new slot
    open_game(page, "players=3&seed=9&pace=0")
    expect(page.locator("body")).to_have_attribute("data-actions", "0")
    assert json.loads(state(page))["players"] == 3 and "seed" not in page.url
    assert page.locator('.dialog[data-screen="confirm"]').count() == 0
    assert game.history in histories() and len(histories()) == 2
    third = state(page)
    # a broken address: this tab's game is resumed behind the dialog that says what is wrong
    open_game(page, "players=9")
    dialog = page.locator('.dialog[data-screen="new-game"]')
    expect(dialog.locator("[data-problem]")).to_contain_text("“players”")
    dialog.locator('[data-choice="dlg-cancel"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    assert state(page) == third
    # New game → dialog → Start: a new game, the others kept
    page.locator('#toolbar [data-choice="new-game"]').click()
    dialog.locator('[data-choice="dlg-start"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    assert len(histories()) == 3 and game.history in histories()
    # a file opened: a new slot too
    text = json.dumps({"format": "rattus-savefile", "version": 1,
                       "game": json.loads(before)})
    page.set_input_files("#import-file", files=[{
        "name": "other.json", "mimeType": "application/json", "buffer": text.encode()}])
    expect(page.locator("#notice")).to_contain_text("Game opened from “other.json”")
    assert state(page) == before and len(histories()) == 4
    # storage that refuses to write (full, switched off): the game plays on, and says so
    page.add_init_script("Storage.prototype.setItem = function () {"
                         " throw new DOMException('full', 'QuotaExceededError'); };")
    open_game(page, "players=2&seed=9&pace=0")
    expect(page.locator("#notice")).to_contain_text("does not let the page keep the game")
    game = rattus.new_game(players=2, seed=9)
    perform(page, game, game.legal_actions()[0])
    assert len(histories()) == 4
