"""Following the game (README.md, *Playing*): what the bots and the plague did is told where
a player looks.

* After every bot turn, "Since your last turn" lists every strike and every cube lost, as the
  engine's events say (R5.3–R5.5), and the newest log line is in the log's visible box.
* The pace chosen in the toolbar changes the wait before a bot's move (step by step: until
  "Next move"), and is remembered.
* The map does not move when a refusal or the Undo explanation appears.
* The end: the final plague (R7.3) is told region by region before the results.
"""

from __future__ import annotations

import json
import random

from playwright.sync_api import Page, expect
from test_bots import Mirror
from uidriver import click, pass_if_asked, perform, shot, wait_actions
from uipaths import choose, clicks_for, tags

import rattus
from rattus.bots import make_bot

NAMES = ["Me", "Rat", "Mouse"]


def digest_text(page: Page) -> str:
    box = page.locator("#digest")
    return box.inner_text() if box.is_visible() else ""


def newest_line_in_view(page: Page) -> bool:
    return page.evaluate("""() => {
        const box = document.querySelector('#log [role=log]');
        const last = box && box.querySelector('li:last-child');
        if (!last) return true;
        const a = box.getBoundingClientRect(), b = last.getBoundingClientRect();
        return b.bottom <= a.bottom + 1 && b.top >= a.top - 1;
    }""")


def test_after_each_bot_turn_the_digest_tells_every_strike_and_cube_lost(
        page: Page, open_game, guard) -> None:
    seed = 4
    levels = ["human", "normal", "normal"]
    open_game(page, f"players=3&seed={seed}&names={','.join(NAMES)}&bots=0,normal,normal"
                    f"&pace=0")
    game = rattus.new_game(players=3, seed=seed)
    mirror = Mirror(levels, seed)
    rng, seen = random.Random(seed), set()
    since: list[dict] = []  # the events since my last action
    checked = 0
    while not game.is_over:
        if mirror.is_bot(game.current_player):
            since += mirror.play(game)
            wait_actions(page, len(game.history))
            continue
        if game.phase != "setup" and since:
            page.wait_for_function("() => !document.body.dataset.busy")
            text = digest_text(page)
            kills = [e for e in since if e["kind"] == "cube_killed"]
            strikes = [e for e in since if e["kind"] == "strike"]
            assert text.count(" loses a cube in ") == len(kills), text
            assert text.count("The plague strikes ") == len(strikes), text
            for e in kills:
                assert f"{NAMES[e['seat']]} loses a cube in {e['region']}" in text
            assert newest_line_in_view(page)
            checked += 1
            if kills and checked < 40:
                shot(page, "digest")
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        since = []
        perform(page, game, action)
    assert checked >= 5  # the digest was checked at the start of many turns
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible()


def my_turn_game(page: Page) -> rattus.Game:
    page.wait_for_function("() => document.body.dataset.current === '0' "
                           "&& !document.body.dataset.busy")
    return rattus.Game.from_json(page.evaluate("rattusGameJson()"))


def test_the_pace_changes_the_wait_and_is_remembered(page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=6&names=Me,Rat&bots=0,easy&pace=0")
    game = my_turn_game(page)
    while game.phase == "setup":  # setup at the instant pace
        perform(page, game, game.legal_actions()[0])
        game = my_turn_game(page)
    page.select_option("#pace", "step")
    n = len(game.history)
    take = next(a for a in game.legal_actions() if a.kind == "plague")
    for what, value in clicks_for(game, take):
        click(page, what, value)
    game.apply(take)
    while game.phase == "spread":  # my spreads, then the bot's turn
        spread = game.legal_actions()[0]
        for what, value in clicks_for(game, spread):
            click(page, what, value)
        game.apply(spread)
    wait_actions(page, len(game.history))
    if page.locator('[data-choice="story-seen"]').count():
        page.locator('[data-choice="story-seen"]').click()
    nxt = page.locator('[data-choice="bot-next"]')
    expect(nxt).to_be_visible()
    expect(page.locator("#status")).to_contain_text("Next move")
    moved = len(game.history)
    page.wait_for_timeout(1500)  # step by step: the bot waits however long it takes
    assert json.loads(page.evaluate("rattusGameJson()"))["history"] == game.history
    shot(page, "pace_step")
    nxt.click()
    page.wait_for_function(f"() => Number(document.body.dataset.actions) === {moved + 1}")
    assert n < moved
    # slow: a pause before each move, longer than the instant pace's none
    page.select_option("#pace", "slow")
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("#pace")).to_have_value("slow")  # remembered
    assert page.evaluate("localStorage.getItem('rattus.pace')") == "slow"


def test_the_map_stays_put_when_a_notice_or_an_undo_reason_appears(
        page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=3&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=3)
    while game.phase == "setup":
        perform(page, game, game.legal_actions()[0])
    pass_if_asked(page)
    box = page.locator("#map").bounding_box()
    held = next(c for c in rattus.CARDS if game.view(None)["cards"][c] is None)
    perform(page, game, rattus.parse_action(f"take {held}"))
    assert page.locator("#map").bounding_box() == box  # the Undo explanation changed
    page.locator(f'[data-card="{held}"]').click()  # already mine: refused, with a reason
    expect(page.locator("#notice")).to_be_visible()
    assert page.locator("#map").bounding_box() == box
    page.locator('#toolbar [data-choice="undo"]').click()  # news in the notice
    expect(page.locator("#notice")).to_contain_text("Taken back")
    assert page.locator("#map").bounding_box() == box


def test_the_final_plague_is_told_region_by_region_before_the_results(
        page: Page, open_game, guard) -> None:
    """An all-bot game near its end, resumed at the slow pace: the final round's turns and
    the final plague (R7.2, R7.3) are told token by token before the results show."""
    game = rattus.new_game(players=3, seed=21)
    bots = {seat: make_bot("easy", seed=seat) for seat in range(3)}
    ending = None  # the action after which the final round begins (R7.1)
    while ending is None:
        seat = game.current_player
        legal = game.legal_actions()
        events = game.apply(legal[0] if len(legal) == 1
                            else bots[seat].choose(game.view(seat), legal))
        if any(e["kind"] == "final_round" for e in events):
            ending = len(game.history)
    game = game.at(ending - 2)  # two moves before: the page plays the end
    save = {"format": "rattus-savefile", "version": 1, "game": json.loads(game.to_json()),
            "seats": [{"name": n, "colour": c, "kind": "easy"}
                      for n, c in zip(NAMES, ("red", "blue", "green"), strict=True)],
            "pace_ms": 1200}
    open_game(page, "")
    page.evaluate("t => localStorage.setItem('rattus.autosave', t)", json.dumps(save))
    page.evaluate("() => localStorage.setItem('rattus.pace', 'slow')")
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("#log")).to_contain_text("so the game is ending", timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('#map .revealed').length > 0 "
                           "&& document.body.dataset.busy", timeout=60_000)
    counts = set()
    results = page.locator('.dialog[data-screen="results"]')
    while not results.is_visible():
        counts.add(page.locator("#map .revealed").count())
        if len(counts) == 2:
            shot(page, "final_plague")
        page.wait_for_timeout(150)
    assert len(counts) >= 3, counts  # told token by token, not all at once
    expect(page.locator("#strike")).to_contain_text("Final plague")
    shot(page, "results_after_final_plague")


def test_on_a_phone_a_card_a_computer_took_from_you_is_told_first_at_your_next_turn(
        browser, site_url, guard) -> None:
    """R4.1 on a 390×844 phone (its panels are sheets; the desktop shows the digest beside
    the board): a player who takes class cards plays against a computer by taps until the
    computer takes one of theirs; at their next turn the status box's first news is that
    card, in view without a tap, and gone once they move."""
    from tapdriver import perform as tap_perform
    from test_languages import say

    context = browser.new_context(base_url=site_url, service_workers="block",
                                  viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    guard.attach(context)
    page = context.new_page()
    try:
        page.goto("./?players=2&seed=4&names=Me,Rat&bots=0,easy&pace=0")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        mine: set[str] = set()
        while True:
            game = my_turn_game(page)
            assert not game.is_over, "the computer never took a card of mine"
            cards = game.view(0)["cards"]
            taken = sorted(c for c in mine if cards[c] == 1)
            if taken:
                break
            mine = {c for c, holder in cards.items() if holder == 0}
            legal = game.legal_actions()
            action = next((a for a in legal if a.kind == "take"), legal[0])
            tap_perform(page, game, action)
        digest = page.locator("#status-digest")
        expect(digest).to_be_in_viewport()
        first = say("en", "digest.took_yours").format(name="Rat",
                                                       card=say("en", f"card.{taken[0]}"))
        expect(digest).to_contain_text(say("en", "digest.short").format(what=first))
        shot(page, "phone_digest_card_taken")
        legal = game.legal_actions()
        tap_perform(page, game, next((a for a in legal if a.kind == "take"), legal[0]))
        expect(digest).to_be_hidden()
    finally:
        context.close()
