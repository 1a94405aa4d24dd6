"""Beyond the box (README.md, *Playing*): the post-game analysis agrees with the engine, and
a finished game's replay link opens the same game, to the same result, in a fresh browser."""

from __future__ import annotations

import json
import re

from conftest import Guard
from playwright.sync_api import Page, expect
from uidriver import shot

import rattus


def finished_game(page: Page, open_game) -> rattus.Game:
    open_game(page, "players=3&seed=31&names=Ann,Bob,Cy&bots=easy,easy,easy&pace=0")
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible(timeout=90_000)
    return rattus.Game.from_json(page.evaluate("rattusGameJson()"))


def test_the_analysis_totals_are_the_engines(page: Page, open_game, guard) -> None:
    game = finished_game(page, open_game)
    replay = game.at(0)
    lost = [0, 0, 0]
    for action in game.history:
        for e in replay.apply(action):
            if e["kind"] == "cube_killed":
                lost[e["seat"]] += 1
    page.locator('.dialog[data-screen="results"] [data-choice="analysis"]').click()
    panel = page.locator('.dialog[data-screen="analysis"]')
    expect(panel).to_be_visible()
    expect(panel.locator("svg.analysis-chart")).to_be_visible()
    # it opens at its top: the title in sight and focused, the dialog not scrolled
    expect(panel.locator("#analysis-title")).to_be_focused()
    expect(panel.locator("#analysis-title")).to_be_in_viewport()
    assert panel.evaluate("d => d.scrollTop") == 0
    shown = [int(panel.locator(f'td[data-lost="{p}"]').inner_text())
             for p in range(3)]
    assert shown == lost
    shot(page, "analysis")
    panel.locator('[data-choice="close-analysis"]').click()
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible()


def test_a_replay_link_opens_the_same_game_in_a_fresh_browser(
        page: Page, open_game, guard, browser, base_url) -> None:
    game = finished_game(page, open_game)
    page.locator('.dialog[data-screen="results"] [data-choice="share"]').click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("#replay=")
    url = re.search(r"(http\S+#replay=[\w-]+)", notice.inner_text()).group(1)
    context = browser.new_context(base_url=base_url)
    other = Guard()
    other.attach(context)
    try:
        fresh = context.new_page()
        fresh.goto(url)
        fresh.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        expect(fresh.locator("body")).to_have_attribute("data-screen", "replay")
        total = len(game.history)
        fresh.locator(f'[data-choice="replay:{total}"]').click()
        expect(fresh.locator("body")).to_have_attribute("data-replay-step", str(total))
        assert json.loads(fresh.evaluate("rattusGameJson()"))["history"] == game.history
        shot(fresh, "shared_replay")
        fresh.locator('[data-choice="replay-leave"]').click()
        results = fresh.locator('.dialog[data-screen="results"]')
        expect(results).to_be_visible()
        for p, score in enumerate(game.scores()):
            assert int(results.locator(f'td[data-score="{p}"]').inner_text()) == score
        # a damaged link: a message, and nothing else changes
        fresh.goto("about:blank")  # (a new fragment alone would not load the page again)
        fresh.goto(url[:-6] + "AAAAAA")
        fresh.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        expect(fresh.locator("#notice")).to_contain_text("This replay link cannot be opened")
        assert other.problems() == []
    finally:
        context.close()


def test_every_costly_strike_is_a_moment_that_opens_the_replay_at_it(page: Page, open_game,
                                                                      guard) -> None:
    """Issue 23: the moments are every strike that cost cubes, the final plague's included
    (R7.3), none that cost none; a moment opens the replay at its strike — the step whose
    action struck, showing that region's strike."""
    game = finished_game(page, open_game)
    replay, costly = game.at(0), []
    for step, action in enumerate(game.history, 1):
        current = None
        for e in replay.apply(action):
            if e["kind"] == "strike":
                current = [step, e["region"], 0]
                costly.append(current)
            elif e["kind"] == "cube_killed" and current and current[1] == e["region"]:
                current[2] += 1
    costly = [c for c in costly if c[2]]
    final = [c for c in costly if c[0] == len(game.history)]
    page.locator('.dialog[data-screen="results"] [data-choice="analysis"]').click()
    moments = page.locator('.dialog[data-screen="analysis"] button.moment')
    choices = moments.evaluate_all("(xs) => xs.map(x => [x.dataset.choice, x.dataset.lost])")
    shown = sorted([int(c.split(":")[1]), c.split(":")[2], int(lost)] for c, lost in choices)
    assert shown == sorted(costly) and final  # (this game's final plague cost cubes)
    assert [int(lost) for _, lost in choices] == sorted((c[2] for c in costly), reverse=True)
    shot(page, "analysis_moments")
    step, where, _ = final[-1]
    page.locator(f'button.moment[data-choice="replay-enter:{step}:{where}"]').click()
    body = page.locator("body")
    expect(body).to_have_attribute("data-replay-step", str(step))
    expect(body).to_have_attribute("data-replay-strike", where)
    expect(page.locator("#status")).to_contain_text(where)
    struck = page.locator("#strike")
    expect(struck).to_be_visible()
    for other in {c[1] for c in final} - {where}:
        expect(struck).not_to_contain_text(other)
    shot(page, "analysis_moment_replay")
