"""Computer opponents in the page: a human against three bots, an all-bot game, and a page
that keeps answering while the Hard bot thinks.

The bots are seeded from the game's seed (``seed * 10 + seat``, see web/browser/bots_runner.py) and
Easy/Normal have no time budget, so the test can replay their choices on CPython and keep its
own engine copy in step with the page.
"""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from uidriver import click, perform, shot, wait_actions
from uipaths import choose, clicks_for, tags

import rattus
from rattus.bots import make_bot


class Mirror:
    """The page's bots, replayed on CPython (same levels, same seeds, same views)."""

    def __init__(self, levels: list[str], seed: int):
        self.bots = {seat: make_bot(level, seed=seed * 10 + seat)
                     for seat, level in enumerate(levels) if level != "human"}

    def is_bot(self, seat: int) -> bool:
        return seat in self.bots

    def play(self, game) -> list:
        """The bot to move plays on ``game``, as in the page; the events that followed."""
        seat = game.current_player
        legal = game.legal_actions()
        action = legal[0] if len(legal) == 1 else self.bots[seat].choose(game.view(seat), legal)
        return game.apply(action)


def check_results(page: Page, game) -> None:
    dialog = page.locator('.dialog[data-screen="results"]')
    expect(dialog).to_be_visible(timeout=60_000)
    for p, score in enumerate(game.scores()):
        assert int(dialog.locator(f'td[data-score="{p}"]').inner_text()) == score


def test_one_human_against_three_bots(page: Page, open_game, guard) -> None:
    levels = ["human", "easy", "normal", "easy"]
    seed = 11
    open_game(page, f"players=4&seed={seed}&names=Me,Rat,Mouse,Vole"
                    f"&bots=0,easy,normal,easy&pace=0")
    game = rattus.new_game(players=4, seed=seed)
    mirror = Mirror(levels, seed)
    rng, seen, shots = random.Random(seed), set(), set()
    while not game.is_over:
        if mirror.is_bot(game.current_player):
            mirror.play(game)
            wait_actions(page, len(game.history))
            continue
        # one human: never a pass screen, and the screen always shows her view
        assert page.locator("body").get_attribute("data-screen") != "pass"
        assert page.locator("body").get_attribute("data-viewer") == "0"
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        lone = action.kind == "merchant" and sum(  # (a lone move is taken at one click)
            1 for a in game.legal_actions()
            if a.kind == "merchant" and a.args[0] == action.args[0]) == 1
        if action.kind == "merchant" and "merchant" not in shots and not lone:
            shots.add("merchant")  # a mode on screen: sources highlighted, a region chosen
            click(page, "choice", "mode:Merchant")
            click(page, "region", action.args[0])
            expect(page.locator("body")).to_have_attribute("data-mode", "Merchant")
            shot(page, "mode_merchant")
            click(page, "choice", "cancel")
        events = perform(page, game, action)
        if any(e["kind"] == "token_revealed" for e in events) and "strike" not in shots:
            shots.add("strike")
            shot(page, "strike_told")
        if action.kind == "witch" and len(action.args) == 2 and "witch" not in shots:
            shots.add("witch")
            shot(page, "witch_known")
    check_results(page, game)
    shot(page, "human_vs_bots_results")


def test_all_bot_game_runs_to_the_results(page: Page, open_game, guard) -> None:
    levels = ["easy", "normal", "easy"]
    seed = 4
    open_game(page, f"players=3&seed={seed}&bots=easy,normal,easy&pace=0")
    game = rattus.new_game(players=3, seed=seed)
    mirror = Mirror(levels, seed)
    while not game.is_over:
        mirror.play(game)
    wait_actions(page, len(game.history), timeout=60_000)
    check_results(page, game)
    # nobody is at the screen: the public view only
    assert page.locator("body").get_attribute("data-viewer") == ""


#: The log's toggle clicked while the bot thinks; whether the page showed or hid the log
#: (its answer, within 5 s) and whether that came before the bot's move.
ANSWERED = """async () => {
  const n = document.body.dataset.actions, log = document.getElementById("log");
  const shown = log.checkVisibility();
  document.querySelector('#toolbar [data-choice="toggle-log"]').click();
  const end = performance.now() + 5000;
  while (log.checkVisibility() === shown && performance.now() < end) {
    await new Promise((r) => setTimeout(r, 5));
  }
  return {answered: log.checkVisibility() !== shown,
          before_the_move: document.body.dataset.actions === n};
}"""


def test_page_answers_while_the_hard_bot_thinks(page: Page, open_game, guard) -> None:
    """While the Hard bot searches (in slices), the page answers clicks. Hard now decides
    trivial moves at once, so the test plays on until it catches a decision being thought
    about, and toggles the log and opens How to play meanwhile."""
    open_game(page, "players=2&seed=3&bots=0,hard&pace=0")
    body = page.locator("body")
    caught = False
    for _ in range(60):
        page.wait_for_function(
            "() => document.body.dataset.current === '0' && !document.body.dataset.busy"
            " || document.body.dataset.current === '1'"
            " && document.getElementById('status').textContent.includes('thinking')"
            " || document.body.dataset.screen === 'results'", timeout=60_000)
        if body.get_attribute("data-screen") == "results":
            break
        n = body.get_attribute("data-actions")
        if body.get_attribute("data-current") == "1":  # the bot is thinking now
            # the click and the page's answer watched in the page itself: a round of calls
            # from here on a loaded machine took longer than the bot's whole thought
            answer = page.evaluate(ANSWERED)
            caught = answer["answered"] and answer["before_the_move"]
            page.locator('#toolbar [data-choice="toggle-rules"]').click()
            expect(page.locator('.dialog[data-screen="rules"]')).to_be_visible()
            page.locator('[data-choice="close-rules"]').click()
            if caught:
                shot(page, "rules_while_bot_thinks")
                break
            page.wait_for_function(f"() => document.body.dataset.actions !== '{n}'")
            continue
        game = rattus.Game.from_json(page.evaluate("rattusGameJson()"))
        legal = game.legal_actions()
        action = next((a for a in legal if a.kind == "plague"), legal[0])  # end turns fast
        for what, value in clicks_for(game, action):
            click(page, what, value)
        page.wait_for_function(f"() => document.body.dataset.actions !== '{n}'")
    assert caught, "the Hard bot never thought long enough to be caught thinking"
    # and the bot does play on
    n = int(body.get_attribute("data-actions"))
    page.wait_for_function(f"() => Number(document.body.dataset.actions) > {n}"
                           " || document.body.dataset.current === '0'", timeout=30_000)
