"""Learning the game on the page (README.md, *Playing*): the welcome of a first visit, How
to play from anywhere (closing it gives the screen back exactly), and the guided first game
played to its end through clicks, each coach note shown once, at its moment."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from test_bots import Mirror
from uidriver import click, shot, wait_actions
from uipaths import choose, clicks_for, tags

import rattus

LESSON_SEED = 2024  # web/control/coach.py: the lesson's fixed set-up


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
    expect(players).to_contain_text("computer")
    assert players.locator(".tag").count() == 2  # you against two computer players
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


def test_the_guided_first_game_to_its_end_with_each_note_once_at_its_moment(
        page: Page, open_game, guard) -> None:
    open_game(page)
    page.locator('.dialog[data-screen="welcome"] [data-choice="learn"]').click()
    expect(page.locator("#coach [data-note]")).to_have_attribute("data-note", "setup")
    shot(page, "coach_setup")
    page.select_option("#pace", "instant")
    game = rattus.new_game(players=2, seed=LESSON_SEED)
    mirror = Mirror(["human", "easy"], LESSON_SEED)
    rng, seen = random.Random(1), set()
    notes: list[str] = []  # each note, in the order they appeared
    took: set[str] = set()  # the cards the player took

    def note_now(where: str) -> None:
        note = page.evaluate("() => { const n = document.querySelector('#coach [data-note]');"
                             " return n ? n.dataset.note : null; }")  # one look, no waiting
        if note:
            if not notes or notes[-1] != note:
                assert note not in notes, f"{note} shown twice ({where})"
                notes.append(note)

    while not game.is_over:
        if mirror.is_bot(game.current_player):
            mirror.play(game)
            wait_actions(page, len(game.history))
            continue
        note_now("turn start")
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        if action.kind == "take":
            took.add(action.args[0])
        for what, value in clicks_for(game, action):
            click(page, what, value)
            note_now(f"{what} {value}")
            if action.kind == "plague" and what == "choice" and "plague" not in notes:
                assert notes[-1] == "plague"  # told when the plague piece is picked up
        events = game.apply(action)
        wait_actions(page, len(game.history))
        if any(e["kind"] == "token_revealed" for e in events):
            note_now("strike")
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible()
    note_now("end")
    shot(page, "coach_end")
    # every note as the page showed it (a note may come and go between two looks)
    shown = [line.split()[0] for line in page.evaluate("window.rattusCoachLog")]
    assert len(shown) == len(set(shown)), shown  # each note once
    assert [n for n in notes if n in shown] == notes  # the ones seen here, in that order
    notes = shown
    for moment in ("setup", "turn", "plague", "spread", "strike", "final", "end"):
        assert moment in notes, notes
    card_notes = {n.split(".", 1)[1] for n in notes if n.startswith("card.")}
    assert card_notes <= took  # a card's note only for a card the player held
    assert card_notes or not took
