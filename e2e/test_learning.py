"""Learning the game on the page (README.md, *Playing*): the welcome of a first visit, How
to play from anywhere (closing it gives the screen back exactly), and the lesson (a game
prepared near its end, control/coach.py) played to its end through clicks and taps, each
note shown once, at its moment, in sight and clear of what it talks about."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_touch import PHONES, BoardWatch
from uidriver import click, shot, wait_actions
from uipaths import choose, clicks_for, tags

import rattus


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    """The screenshots at 1280×800 (a laptop's screen)."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}


def screen_state(page: Page) -> dict:
    """What a player sees of the screen beneath How to play."""
    body = page.locator("body")
    return {"status": page.locator("#status").inner_text(),
            "bar": page.locator("#bar").inner_html(),
            **{k: body.get_attribute(f"data-{k}") for k in ("screen", "mode", "actions")}}


def test_a_first_visit_reaches_a_game_against_the_computer_in_one_click(
        page: Page, open_game, guard) -> None:
    open_game(page)
    welcome = page.locator('.dialog[data-screen="welcome"]')
    expect(welcome).to_be_visible()
    shot(page, "welcome")
    welcome.locator('[data-choice="quick-play"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    players = page.locator("#players")
    expect(players).to_contain_text("Computer (normal)")
    # you against two Normal computer players: who is who
    assert players.locator(".tag.bot").count() == 2
    assert players.locator('.tag.you[data-you="0"]').count() == 1
    expect(page.locator("#status")).to_contain_text("Player 1: place 2 cubes")


def test_how_to_play_from_the_welcome_and_from_a_game_gives_the_screen_back(
        page: Page, open_game, guard) -> None:
    open_game(page)
    page.locator('.dialog[data-screen="welcome"] [data-choice="help"]').click()
    howto = page.locator('#help .dialog[data-screen="rules"]')
    expect(howto).to_be_visible()
    for section in ("symbols", "cards", "legend"):
        howto.locator(f'a[data-help="{section}"]').click()
        expect(howto.locator(f"#help-{section}")).to_be_in_viewport()
        shot(page, f"howto_{section}")
    page.keyboard.press("Escape")
    expect(howto).to_have_count(0)
    expect(page.locator('.dialog[data-screen="welcome"]')).to_be_visible()  # back there
    # the middle of a game, in the middle of a pick
    open_game(page, "players=2&seed=5&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=5)
    for _ in range(4):
        action = game.legal_actions()[0]
        for what, value in clicks_for(game, action):
            click(page, what, value)
        game.apply(action)
        wait_actions(page, len(game.history))
    if page.locator('[data-choice="pass-ready"]').count():
        page.locator('[data-choice="pass-ready"]').click()
    page.locator('[data-choice="mode:plague"]').click()
    before = screen_state(page)
    page.locator('#status-help [data-choice^="help:"]').click()  # the "?" of this decision
    expect(howto).to_be_visible()
    expect(howto.locator("#help-plague")).to_be_in_viewport()
    shot(page, "howto_from_decision")
    howto.locator('[data-choice="close-rules"]').click()
    expect(howto).to_have_count(0)
    assert screen_state(page) == before


#: The lesson's notes every lesson shows, in the order it shows them (control/coach.py).
LESSON_NOTES = ["ending", "turn", "odds", "risk", "hint", "final", "final_plague", "end"]
PACE = "instant"


def lesson_note(page: Page) -> str | None:
    """The lesson's note on the screen now: in the side panel, or the summary in the
    results (one look, no waiting)."""
    return page.evaluate("() => { const n = document.querySelector("
                         "'#coach [data-note], .dialog [data-note]');"
                         " return n ? n.dataset.note : null; }")


def page_game(page: Page) -> rattus.Game:
    return rattus.Game.from_json(page.evaluate("rattusGameJson()"))


class Learner:
    """A new player in the lesson: reads each note ("Got it") before going on, and keeps
    the notes read, in order, across a reload (made when the note ``reload_at`` shows)."""

    def __init__(self, page: Page, prefix: str, reload_at: str | None = None,
                 check=None) -> None:
        self.page, self.prefix, self.reload_at, self.check = page, prefix, reload_at, check
        self.read: list[str] = []
        self.reloaded = False

    def read_notes(self) -> None:
        page = self.page
        while (note := lesson_note(page)) is not None and note != "end":
            assert note not in self.read, f"{note} shown twice ({self.read})"
            if note == self.reload_at and not self.reloaded:
                self.reload(note)
            self.read.append(note)
            shot(page, f"{self.prefix}_{note}")
            if self.check is not None:
                self.check(page, note)
            got_it = page.locator(f'#coach [data-choice="coach-ok:{note}"]')
            try:
                got_it.click(timeout=10_000)
            except PlaywrightTimeout:  # a computer's move put a new note in its place (R7.2's
                assert lesson_note(page) != note, note  # note, the more pressing): read next
                continue
            page.wait_for_function(
                "n => { const e = document.querySelector("
                "'#coach [data-note], .dialog [data-note]');"
                " return !e || e.dataset.note !== n; }", arg=note)

    def reload(self, note: str) -> None:
        """A reload in the middle of the lesson: the lesson, and the note showing, stay."""
        page = self.page
        page.reload()
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        expect(page.locator("#coach [data-note]")).to_have_attribute("data-note", note)
        page.select_option("#pace", PACE)
        self.reloaded = True


def play_lesson(page: Page, learner: Learner, press=click, choice=choose) -> rattus.Game:
    """The lesson through clicks (or ``press``: taps) to the end of the game: the player's
    moves at random (a new player), the computer's by the page."""
    rng, seen = random.Random(1), set()
    while True:
        page.wait_for_function("() => !document.body.dataset.busy")
        game = page_game(page)
        if game.is_over:
            return game
        learner.read_notes()
        if game.current_player != 0:  # the computer player (it waits for a note to be read)
            n = len(game.history)
            page.wait_for_function("n => Number(document.body.dataset.actions) > n"
                                   " || document.querySelector('#coach [data-note]')", arg=n)
            continue
        action = choice(game, rng, seen)
        seen |= tags(game, action)
        for what, value in clicks_for(game, action):
            press(page, what, value)
            learner.read_notes()  # a click's own moment (the plague piece picked up)
        wait_actions(page, len(game.history) + 1)


def test_the_lesson_played_to_its_end_reaches_the_final_plague_each_note_once_at_its_moment(
        page: Page, open_game, guard) -> None:
    """The lesson from the welcome to its summary through clicks: the ending told ahead
    (R7.1), Odds and Hint, the cards' risk, the final round (R7.2) and the final plague on
    every region (R7.3) — each note once, at its moment; a reload in the middle keeps the
    lesson and its notes go on; the summary offers a real game."""
    open_game(page)
    page.locator('.dialog[data-screen="welcome"] [data-choice="learn"]').click()
    expect(page.locator("#coach [data-note]")).to_have_attribute("data-note", "ending")
    assert page_game(page).view(0)["supply"] == 5  # near the end (model/lesson.py)
    page.select_option("#pace", PACE)
    learner = Learner(page, "lesson", reload_at="risk")
    game = play_lesson(page, learner)
    learner.read_notes()
    assert learner.reloaded
    assert game.view(None)["supply"] == 0  # R7.1: the supply ran out
    summary = page.locator('.dialog[data-screen="results"] [data-note="end"]')
    expect(summary).to_be_visible()
    shot(page, "lesson_end")
    read = learner.read + ["end"]
    assert [n for n in read if n in LESSON_NOTES] == LESSON_NOTES, read
    assert {"plague", "spread"} <= set(read), read  # the player's own move of the plague
    assert read.index("plague") < read.index("risk")  # (in the first turn)
    summary.locator('[data-choice="quick-play"]').click()  # a real game, without the lesson
    expect(page.locator("body")).to_have_attribute("data-actions", "0")
    expect(page.locator("#coach")).to_be_hidden()


def overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def check_note_in_sight(page: Page, note: str) -> None:
    """The note on the screen, and clear of what it talks about: the supply (the ending), the
    menu that holds Odds and Hint. (On a phone it is a sheet over the board's top while it is
    read — the board keeps its size and place — and "Got it" takes it away.)"""
    sheet = page.locator("#coach").bounding_box()
    view = page.viewport_size
    assert sheet is not None and view is not None
    assert sheet["y"] >= 0 and sheet["y"] + sheet["height"] <= view["height"] + 1, note
    talked_of = ["#menu-button"] if note in ("odds", "hint") else [".board .supply-box"]
    for selector in talked_of:
        box = page.locator(selector).bounding_box()
        assert box is not None and not overlap(sheet, box), f"{note} covers {selector}"


def simple_choice(game, rng, seen):
    """A player who leaves the Monk and the Witch alone (the lesson's notes are the point
    here; e2e/test_touch.py takes rat tokens by taps)."""
    return rng.choice([a for a in game.legal_actions() if a.kind not in ("monk", "witch")])


@pytest.mark.parametrize("phone", list(PHONES))
def test_the_lesson_on_a_phone_keeps_each_note_in_sight_and_the_board_still(
        browser, site_url, guard, phone: str) -> None:
    """390×844 in German and 360×740 in Danish, by taps: each note is on the screen and
    covers neither the supply nor the menu with Odds and Hint; the board's box, recorded
    before every tap and at every note, never changes (issue 41: the lesson's note, the
    warnings, the final round and its strikes take no room from it), and its pieces are a
    finger's size."""
    from tapdriver import tap

    width, height, lang, least_px = PHONES[phone]
    context = browser.new_context(base_url=site_url, service_workers="block",
                                  viewport={"width": width, "height": height},
                                  is_mobile=True, has_touch=True)
    guard.attach(context)
    page = context.new_page()
    watch = BoardWatch(least_px)

    def tap_watched(page: Page, what: str, value) -> None:
        watch.look(page, f"{what} {value}")
        tap(page, what, value)

    def check(page: Page, note: str) -> None:
        watch.look(page, f"note {note}")
        check_note_in_sight(page, note)

    try:
        page.goto(f"./?lang={lang}&pace=0")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        page.locator('.dialog[data-screen="welcome"] [data-choice="learn"]').tap()
        expect(page.locator("#coach [data-note]")).to_have_attribute("data-note", "ending")
        learner = Learner(page, f"lesson_phone_{lang}", check=check)
        game = play_lesson(page, learner, tap_watched, simple_choice)
        learner.read_notes()
        assert game.view(None)["supply"] == 0
        expect(page.locator('.dialog [data-note="end"]')).to_be_in_viewport()
        watch.look(page, "the lesson's end")
        shot(page, f"lesson_phone_{lang}_end")
        assert [n for n in learner.read + ["end"] if n in LESSON_NOTES] == LESSON_NOTES
        print(f"\nthe lesson in {lang} at {width}×{height}: " + watch.report((width, height)))
    finally:
        context.close()
