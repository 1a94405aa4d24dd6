"""axe-core on every screen, at a desktop size and on a phone: zero violations.

``axe-playwright-python`` (pinned in pyproject's dev extras) bundles axe-core, so the scan
runs offline. The rules: WCAG 2.0/2.1 A and AA, WCAG 2.2 AA, axe's best practices, and
``target-size`` (WCAG 2.2's 24 px targets) switched on. The screens: the first visit, How to
play, the new-game dialog, every kind of decision of a whole hotseat game (each pick in
progress too), the pass prompt, a strike told, the "are you sure" question, the results, the
analysis and the replay. A failure lists each rule, its nodes and axe's words.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from keydriver import act, pass_if_asked
from playwright.sync_api import Browser, Page, expect
from uidriver import wait_actions
from uipaths import clicks_for, tags

import rattus

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS},
           "rules": {"target-size": {"enabled": True}},
           "resultTypes": ["violations"]}
SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
#: A 2-player hotseat game whose random play (uipaths.choose) meets every kind of decision
#: a 2-player game has, a pass prompt and strikes (checked on CPython, as test_play's).
SEED = 8

_axe = Axe()


def violations(page: Page, screen: str) -> list[str]:
    """axe's violations on the page as it is now, one line per rule and node (once the
    pop-in animations are over: a half-faded line is not a contrast problem)."""
    page.wait_for_function("() => document.getAnimations().every("
                           "a => a.playState !== 'running' || !isFinite("
                           "a.effect.getComputedTiming().endTime))", timeout=5000)
    result = _axe.run(page, options=OPTIONS).response
    return [f"{screen}: {v['id']} ({v['impact']}) {n['target']} — {n['failureSummary']}"
            for v in result["violations"] for n in v["nodes"]]


def press(page: Page, selector: str) -> None:
    """A button pressed from the keyboard (focus, Enter): the same at both sizes."""
    page.locator(selector).focus()
    page.keyboard.press("Enter")


@pytest.fixture(params=sorted(SIZES))
def sized_page(request: pytest.FixtureRequest, browser: Browser, base_url: str,
               guard) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, **SIZES[request.param])
    guard.attach(context)
    page = context.new_page()
    page.size_name = request.param
    yield page
    context.close()


def test_every_screen_has_no_axe_violation(sized_page: Page, open_game) -> None:
    page = sized_page
    found: list[str] = []
    scanned: list[str] = []

    def scan(screen: str) -> None:
        scanned.append(screen)
        found.extend(violations(page, screen))

    open_game(page)  # a first visit: the welcome
    expect(page.locator('.dialog[data-screen="welcome"]')).to_be_visible()
    scan("welcome")
    page.keyboard.press("h")  # How to play, over the welcome
    expect(page.locator('#help .dialog')).to_be_visible()
    scan("how to play")
    page.keyboard.press("Escape")
    press(page, '[data-choice="pass-and-play"]')
    expect(page.locator('.dialog[data-screen="new-game"]')).to_be_visible()
    scan("new-game dialog")

    open_game(page, f"players=2&seed={SEED}&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=SEED)
    rng = random.Random(SEED)
    seen: set[str] = set()
    while not game.is_over:
        if page.locator('body[data-screen="pass"]').count() and "pass" not in seen:
            seen.add("pass")
            scan("pass prompt")
        pass_if_asked(page)
        legal = game.legal_actions()
        fresh = [a for a in legal if tags(game, a) - seen]
        action = rng.choice(fresh or legal)
        new = tags(game, action) - seen
        seen |= tags(game, action)
        steps = clicks_for(game, action)
        if new:
            scan(f"decision {sorted(new)}")
        for i, (what, value) in enumerate(steps):
            act(page, what, value)  # by keys: the same way at both sizes
            if new and i < len(steps) - 1:  # a pick under way: its targets and buttons
                scan(f"decision {sorted(new)}, step {i + 1}")
        events = game.apply(action)
        wait_actions(page, len(game.history))
        if any(e["kind"] == "token_revealed" for e in events) and "strike" not in seen \
                and not game.is_over:
            seen.add("strike")
            if not page.locator("#strike").is_visible():  # a phone: in the History sheet
                press(page, '[data-choice="sheet:history"]')
            expect(page.locator("#strike")).to_be_visible()
            scan("strike")
            if page.locator('[data-choice="sheet-close"]').is_visible():
                press(page, '[data-choice="sheet-close"]')
        if len(game.history) == 40:  # "Your games" while a game is on (behind Menu on a phone)
            if page.locator("#menu-button").is_visible():
                press(page, "#menu-button")
            press(page, '#toolbar [data-choice="games"]')
            expect(page.locator('.dialog[data-screen="games"]')).to_be_visible()
            scan("your games")
            page.keyboard.press("Escape")  # the game goes on
            expect(page.locator("body")).to_have_attribute("data-screen", "board")
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible()
    scan("results")
    press(page, '[data-choice="analysis"]')
    expect(page.locator('.dialog[data-screen="analysis"]')).to_be_visible()
    scan("analysis")
    page.keyboard.press("Escape")
    press(page, '[data-choice="replay-enter:0"]')
    expect(page.locator("body")).to_have_attribute("data-screen", "replay")
    scan("replay")
    press(page, '[data-choice="replay:forward"]')
    scan("replay, a move on")

    assert {"setup", "take", "place", "plague", "spread", "end"} <= seen
    assert {"pass", "strike"} <= seen
    assert not found, f"{len(found)} axe violations ({page.size_name}):\n" + "\n".join(found)
