"""The replay: step through a game move by move with the board as it was — the
engine's ``Game.at(step)``, shown in its public view only — and leave it to find the live game
unchanged. Also: a finished game opened from a file resumes at the results after a reload.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect
from test_persistence import my_turn, reload, seen, state
from uidriver import click, perform, shot

import rattus


def finished_game(seed: int = 21) -> rattus.Game:
    game = rattus.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        plague = [a for a in legal if a.kind == "plague"]
        game.apply(plague[0] if plague and rng.random() < 0.5 else rng.choice(legal))
    return game


def open_file(page: Page, game: rattus.Game, names=("Ann", "Bob")) -> None:
    envelope = {"format": "rattus-savefile", "version": 1, "game": json.loads(game.to_json()),
                "seats": [{"name": n, "colour": c, "kind": "human"}
                          for n, c in zip(names, ("red", "blue"), strict=False)],
                "pace_ms": 0}
    page.set_input_files("#import-file", files=[{
        "name": "finished.json", "mimeType": "application/json",
        "buffer": json.dumps(envelope).encode()}])


def shows_position(page: Page, position: rattus.Game) -> None:
    """The board and panels show ``position``'s public view."""
    view = position.view(None)
    players = page.locator("#players")
    for p in range(position.num_players):
        expect(players.locator(f'[data-reserve="{p}"]')).to_have_text(str(view["reserve"][p]))
        expect(players.locator(f'[data-palace="{p}"]')).to_have_text(str(view["palace"][p]))
    expect(players.locator(".supply")).to_contain_text(f": {view['supply']}")
    plague = page.locator(f'#map .region[data-region="{view["plague"]}"]')
    expect(plague).to_have_attribute("aria-label", _contains("plague here"))
    for region in view["regions"]:
        tokens = page.locator(f'#map .token[data-region="{region}"]')
        expect(tokens).to_have_count(len(view["board"][region]["tokens"]))
    assert page.locator("#map .token .front").count() == 0  # no face is ever public


def _contains(words: str):
    import re
    return re.compile(re.escape(words))


def step_shown(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-replay-step"))


def test_replay_a_finished_game(page: Page, open_game, guard) -> None:
    game = finished_game()
    total = len(game.history)
    open_game(page)
    open_file(page, game)
    results = page.locator('.dialog[data-screen="results"]')
    expect(results).to_be_visible()
    # the results screen resumes after a reload
    before_state, before = state(page), seen(page)
    reload(page)
    expect(results).to_be_visible()
    assert state(page) == before_state == game.to_json() and seen(page) == before
    results.locator('[data-choice="replay-enter:0"]').click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-screen", "replay")
    assert step_shown(page) == 0
    expect(page.locator("#status")).to_contain_text("move 0 of")
    shows_position(page, game.at(0))
    bar = page.locator(".replay-bar")
    expect(bar.locator('[data-choice="replay:back"]')).to_be_disabled()
    for step in range(1, 7):  # forward, one move at a time
        bar.locator('[data-choice="replay:forward"]').click()
        expect(body).to_have_attribute("data-replay-step", str(step))
        shows_position(page, game.at(step))
    expect(page.locator("#status")).to_contain_text(f"move 6 of {total}")
    bar.locator('[data-choice="replay:back"]').click()
    expect(body).to_have_attribute("data-replay-step", "5")
    shows_position(page, game.at(5))
    # jump to a log line: the first strike
    line = page.locator("#log li[data-step]", has_text="outbreak").first
    target = int(line.get_attribute("data-step"))
    line.click()
    expect(body).to_have_attribute("data-replay-step", str(target))
    shows_position(page, game.at(target))
    expect(page.locator("#strike")).to_be_visible()  # the strike of that move is told
    expect(page.locator("#log li.at").first).to_be_visible()
    shot(page, "replay_strike")
    # the slider, and the end
    page.evaluate("""() => { const s = document.querySelector('[data-field="replay"]');
                             s.value = '40'; s.dispatchEvent(new Event('change',
                             {bubbles: true})); }""")
    expect(body).to_have_attribute("data-replay-step", "40")
    shows_position(page, game.at(40))
    bar.locator(f'[data-choice="replay:{total}"]').click()
    expect(body).to_have_attribute("data-replay-step", str(total))
    shows_position(page, game)
    expect(bar.locator('[data-choice="replay:forward"]')).to_be_disabled()
    # board clicks do nothing in the replay
    click(page, "region", game.view(None)["regions"][0])
    expect(page.locator("#notice")).to_contain_text("This is the replay")
    bar.locator('[data-choice="replay-leave"]').click()
    expect(results).to_be_visible()
    assert state(page) == game.to_json()


def past_setup(page: Page) -> rattus.Game:
    """The setup cubes placed (each the first legal place), until it is my turn to play."""
    while True:
        game = my_turn(page)
        if game.phase != "setup":
            return game
        perform(page, game, game.legal_actions()[0])


def test_replay_during_a_game_is_public_and_leaves_it_unchanged(page: Page, open_game,
                                                                guard) -> None:
    open_game(page, "players=2&seed=12&names=Ann,Rat&bots=0,easy&pace=800")
    game = past_setup(page)
    perform(page, game, rattus.parse_action("take Witch"))
    perform(page, game, next(a for a in game.legal_actions() if a.kind == "witch"))
    assert page.locator("#map .token .front").count() == 1  # Ann knows one face
    live_state, live = state(page), seen(page)
    page.locator('#toolbar [data-choice="replay-enter"]').click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-screen", "replay")
    assert step_shown(page) == len(game.history)
    expect(page.locator("#viewer")).to_contain_text("public view")
    shows_position(page, game)  # the same position, without Ann's look
    undo = page.locator('#toolbar [data-choice="undo"]')
    expect(undo).to_be_disabled()
    expect(page.locator("#undo-why")).to_have_text("Leave the replay to undo.")
    shot(page, "replay_live")
    page.locator('.replay-bar [data-choice="replay:0"]').click()
    shows_position(page, game.at(0))
    page.locator('.replay-bar [data-choice="replay-leave"]').click()
    expect(body).to_have_attribute("data-screen", "board")
    assert state(page) == live_state and seen(page) == live
    assert page.locator("#map .token .front").count() == 1
    # the bot waits while the replay shows
    perform(page, game, rattus.parse_action("witch done"))
    events = perform(page, game, next(a for a in game.legal_actions() if a.kind == "plague"))
    while game.phase == "spread":
        events = perform(page, game, game.legal_actions()[0])
    expect(body).to_have_attribute("data-current", "1")
    n = len(game.history)
    page.locator('#toolbar [data-choice="replay-enter"]').click()
    page.wait_for_timeout(1800)  # over twice the pace
    assert json.loads(state(page))["history"] == game.history  # the bot did not move
    page.locator('.replay-bar [data-choice="replay-leave"]').click()
    if any(e["kind"] == "token_revealed" for e in events):  # the bot waits for the strike
        page.locator('[data-choice="story-seen"]').click()  # to have been seen
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {n}",
                           timeout=30_000)


UNDO_WHY = """() => { const e = document.getElementById('undo-why');
  const r = e.getBoundingClientRect();
  return {text: e.textContent, scroll: e.scrollHeight, client: e.clientHeight,
          top: r.top, bottom: r.bottom, right: r.right,
          visible: document.elementFromPoint(r.left + 4, r.bottom - 4) === e}; }"""


def _undo_note_in_german(page: Page) -> None:
    """A live game in German, a move made, then the replay: the undo note says to leave it
    (four lines in German in the toolbar's three-line box)."""
    page.goto("./?players=2&seed=12&names=Annegret,Bernhard&bots=0,easy&pace=0&lang=de")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
    game = past_setup(page)
    perform(page, game, rattus.parse_action("take Merchant"))
    expect(page.locator("#undo-why")).to_contain_text("Nimmt zurück: Annegret")
    menu = page.locator(".menu-button")
    if menu.is_visible():  # a phone: the toolbar is in the menu
        menu.click()
    page.locator('#toolbar [data-choice="replay-enter"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "replay")
    expect(page.locator("#undo-why")).to_contain_text("Verlasse die Wiederholung")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_undo_note_in_the_replay_is_read_whole(browser, site_url, guard, size) -> None:
    """The note beside Undo ("Takes back: …", in the replay "Leave the replay to undo")
    is never cut off: at 1280×800 it is whole at once, hover or not — a note longer than its
    three-line box grows upwards from the box's foot, over the title row (nothing moves); on
    a phone the menu shows it whole. A screen reader has it whole as Undo's description."""
    ctx = ({"viewport": {"width": 1280, "height": 800}} if size == "desktop" else
           {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True})
    context = browser.new_context(**ctx, base_url=site_url, service_workers="block")
    guard.attach(context)
    page = context.new_page()
    _undo_note_in_german(page)
    undo = page.locator('#toolbar [data-choice="undo"]')
    assert undo.get_attribute("aria-describedby") == "undo-why"
    if size == "phone":
        if page.locator("body").get_attribute("data-menu") != "open":
            page.locator(".menu-button").click()
        note = page.evaluate(UNDO_WHY)
        assert note["scroll"] <= note["client"] + 1 and note["visible"], note
        shot(page, "replay_undo_note_phone")
        context.close()
        return
    before = page.evaluate(UNDO_WHY)
    assert before["scroll"] <= before["client"] + 1 and before["visible"], before
    assert before["bottom"] - before["top"] > 40  # (taller than its box of three lines, 39 px)
    board = page.locator("#map").bounding_box()
    page.locator("#undo-why").hover()
    whole = page.evaluate(UNDO_WHY)
    assert whole["scroll"] <= whole["client"] + 1 and whole["visible"], whole
    assert whole["top"] == pytest.approx(before["top"], abs=1)  # where it stood
    assert whole["right"] == pytest.approx(before["right"], abs=1)
    assert page.locator("#map").bounding_box() == board  # nothing moved
    shot(page, "replay_undo_note_hover")
    context.close()
