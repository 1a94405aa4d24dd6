"""The table fits every screen: the decision always in view, the board as large as the screen
allows.

Positions of 2-, 3- and 4-player games, at the first moment of every kind of decision (a
turn, cubes, the Witch, the Merchant, the Monk, the King, the Knight, the spread, the final
round), a pass screen and the results, and the lesson's first note, are opened in the page in
German — the longest language — on two touch phones (390×844, 360×740) and two desktops
(1280×800, 1920×1080). On each: the status text is whole (not clipped, no hidden inner
scroll), every enabled button of the decision lies inside the viewport, the page cannot be
scrolled, on a phone every target on the board is at least 24 px, and on a desktop the board
covers at least half of the screen.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Browser, Page
from uidriver import wait_actions
from uipaths import choose, tags

import rattus

SIZES = {
    "phone 390×844": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                      "has_touch": True},
    "phone 360×740": {"viewport": {"width": 360, "height": 740}, "is_mobile": True,
                      "has_touch": True},
    "desktop 1280×800": {"viewport": {"width": 1280, "height": 800}},
    "desktop 1920×1080": {"viewport": {"width": 1920, "height": 1080}},
}
SEEDS = {2: 5, 3: 7, 4: 11}
FINGER = 24  # px: the smallest target on the board a finger may be asked to tap (WCAG 2.5.8)
BOARD_SHARE = 0.5  # of a desktop screen

#: What the screen shows now, measured in one pass (CSS px).
MEASURE = """() => {
  const inside = r => r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5
    && r.bottom <= innerHeight + 0.5;
  const shown = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
  const status = document.getElementById('status');
  const texts = [status, document.getElementById('status-note')].filter(shown).map(el => ({
    id: el.id, inside: inside(el.getBoundingClientRect()),
    clipped: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
    text: el.textContent}));
  const dialog = document.querySelector('#screen:not([hidden]) .dialog');
  const buttons = [...document.querySelectorAll(
      '#bar button:not([disabled]), #status-help button, .notes button:not([disabled])')]
    .filter(shown).map(el => ({what: el.textContent.trim(),
                               inside: inside(el.getBoundingClientRect())}));
  const targets = [...document.querySelectorAll(
      '#map .region.target, #map .token.target, #map .plague-hit, ' +
      '#map .held-card.target')]
    .filter(shown).map(el => { const r = el.getBoundingClientRect();
      return {what: (el.getAttribute('class') || '') + ' ' + (el.dataset.region ||
              el.dataset.take || ''), px: Math.min(r.width, r.height)}; });
  const board = document.getElementById('map').getBoundingClientRect();
  const page = document.scrollingElement;
  return {texts, buttons, targets, dialog: dialog ? inside(dialog.getBoundingClientRect()) : null,
          scrolls: page.scrollHeight > innerHeight || page.scrollWidth > innerWidth,
          scrollY: scrollY, share: board.width * board.height / (innerWidth * innerHeight)};
}"""


def positions() -> list[tuple[str, rattus.Game]]:
    """(name, game) at the first moment of each kind of decision, in 2-, 3- and 4-player games
    played by a test player who seeks out every kind (e2e/uipaths.py), and each game's end."""
    found: list[tuple[str, rattus.Game]] = []
    seen_anywhere: set[str] = set()
    for players, seed in SEEDS.items():
        game = rattus.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        seen: set[str] = set()
        while not game.is_over:
            action = choose(game, rng, seen)
            new = tags(game, action) - seen
            # each kind once over the three games, and at least the turn in each game
            fresh = sorted(new - seen_anywhere) or (["take"] if "take" in new else [])
            if fresh:
                found.append((f"{players}p {'+'.join(fresh)}", game.clone()))
            seen |= new
            seen_anywhere |= new
            game.apply(action)
        found.append((f"{players}p results", game))
    return found


def open_position(page: Page, game: rattus.Game) -> None:
    """A save file of ``game`` opened through the page (every seat a person: hotseat)."""
    names = ("Anna", "Bernhard", "Christiane", "Dietrich")[:game.num_players]
    colours = ("red", "blue", "green", "yellow")[:game.num_players]
    envelope = {"format": "rattus-savefile", "version": 1, "game": json.loads(game.to_json()),
                "seats": [{"name": n, "colour": c, "kind": "human"}
                          for n, c in zip(names, colours, strict=True)],
                "pace_ms": 0}
    page.set_input_files("#import-file", files=[{
        "name": "position.json", "mimeType": "application/json",
        "buffer": json.dumps(envelope).encode()}])
    wait_actions(page, len(game.history))


def check(page: Page, size: str, moment: str) -> dict:
    m = page.evaluate(MEASURE)
    where = f"{size}, {moment}"
    for text in m["texts"]:
        assert text["inside"] and not text["clipped"], (where, text)
    assert all(b["inside"] for b in m["buttons"]), (where, m["buttons"])
    assert m["dialog"] in (None, True), (where, "a dialog out of the screen")
    assert not m["scrolls"] and m["scrollY"] == 0, (where, "the page scrolls")
    if size.startswith("phone"):
        small = [t for t in m["targets"] if t["px"] < FINGER]
        assert not small, (where, small)
    elif m["dialog"] is None:  # (a dialog over the board: the board is not what is measured)
        assert m["share"] >= BOARD_SHARE, (where, m["share"])
    return m


@pytest.mark.parametrize("size", SIZES)
def test_every_decision_fits_the_screen_in_german(browser: Browser, site_url: str, size: str,
                                                  guard) -> None:
    """Every kind of decision of 2-, 3- and 4-player games, a pass screen, the results and
    the lesson's first note: whole, in view, in reach (see the module's docstring)."""
    found = positions()
    assert len(found) >= 20 and {p for p in (2, 3, 4)} == {
        int(name[0]) for name, _ in found}
    context = browser.new_context(base_url=site_url, service_workers="block", **SIZES[size])
    guard.attach(context)
    shares, smallest, passes = [], 1e9, 0
    try:
        page = context.new_page()
        for moment, game in found:
            page.goto("./?lang=de&pace=0")  # (a fresh page: a file over a game asks first)
            page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
            open_position(page, game)
            if page.locator('body[data-screen="pass"]').count():  # the pass screen, then on
                check(page, size, moment + " (pass screen)")
                passes += 1
                page.locator('[data-choice="pass-ready"]').click()
                page.wait_for_function("() => document.body.dataset.screen !== 'pass'")
            m = check(page, size, moment)
            shares.append(m["share"])
            smallest = min([smallest, *(t["px"] for t in m["targets"])])
        assert passes, "no pass screen was seen"
        page.close()  # the lesson's first note, from a first visit's welcome
        context.clear_cookies()
        page = context.new_page()
        page.goto("./?lang=de")
        page.evaluate("() => localStorage.clear()")
        page.reload()
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        page.locator('.dialog[data-screen="welcome"] [data-choice="learn"]').click()
        page.wait_for_selector("#coach:not([hidden])")
        check(page, size, "the lesson's first note")
        coach = page.locator("#coach").bounding_box()
        board = page.locator("#map").bounding_box()
        if size.startswith("phone"):  # a sheet over the board's top while it is read
            assert coach["y"] + coach["height"] <= board["y"] + board["height"] / 4, \
                "the note covers more than the board's top"
        else:
            assert coach["y"] + coach["height"] <= board["y"] + 1 or \
                coach["x"] >= board["x"] + board["width"] - 1, "the note covers the board"
    finally:
        context.close()
    print(f"\n{size}: {len(found)} positions; board {min(shares):.0%}–{max(shares):.0%} of "
          f"the screen; smallest board target {smallest:.0f} px")
