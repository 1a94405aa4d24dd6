"""A hint for the human: the hint's action is legal and is what the Hard bot (docs/bots.md)
with the same seed chooses (the page searches a fixed number of iterations, so the same
position gives the same hint on CPython and in Pyodide)."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from uidriver import perform, shot

import rattus
from rattus.bots.hint import hint, show_turn

HINT_ITERATIONS = 150  # web/browser/effects.py


def past_setup(page: Page, open_game, seed: int):
    """A two-player game at the screen, its setup placed (R3.5): the first turn to play."""
    open_game(page, f"players=2&seed={seed}&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=seed)
    while game.phase == "setup":
        perform(page, game, game.legal_actions()[0])
    if page.locator('[data-choice="pass-ready"]').count():
        page.locator('[data-choice="pass-ready"]').click()
    return game


def test_the_hint_is_what_hard_would_do(page: Page, open_game, guard) -> None:
    seed = 9
    game = past_setup(page, open_game, seed)
    seat = game.current_player
    page.locator('#toolbar [data-choice="hint"]').click()
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Hint", timeout=60_000)
    log_line = page.locator("#log li").last
    expect(log_line).to_contain_text("asks for a hint")
    action, _reason, _details = hint(game.view(seat), game.legal_actions(),
                                     seed=seed * 10 + seat, budget=30.0,
                                     iterations=HINT_ITERATIONS)
    assert action in game.legal_actions()
    expect(page.locator("body")).to_have_attribute("data-hint-action", str(action))
    kind, args = action.kind, action.args
    if kind == "take":
        marked = page.locator(f'[data-card="{args[0]}"].hinted')
    elif kind in ("monk", "witch") and len(args) > 1 and isinstance(args[1], int):
        marked = page.locator(f'#map .token.hinted[data-region="{args[0]}"]'
                              f'[data-slot="{args[1]}"]')
    elif args:
        marked = page.locator(f'#map .region.hinted[data-region="{args[0]}"]')
    else:
        marked = page.locator(f'[data-choice="{kind}"].hinted')
    expect(marked).to_have_count(1)  # the very action Hard chooses is the one marked
    assert page.locator(".hinted").count() == 1
    shot(page, "hint")


def test_show_my_turn_marks_hards_turn_on_the_board_and_plays_it(page: Page, open_game,
                                                                  guard) -> None:
    """"Show my turn": the steps listed and marked are the turn Hard plays for the same
    view, seed and iterations (rattus.bots.hint.show_turn: one search for the turn); "Play
    this step" plays the one marked on the board, "Play the whole turn" the rest."""
    seed = 9
    game = past_setup(page, open_game, seed)
    seat = game.current_player
    expected = [str(a) for a, _, _ in show_turn(game.view(seat), game.legal_actions(),
                                                seed=seed * 10 + seat, budget=30.0,
                                                iterations=HINT_ITERATIONS)]
    assert len(expected) >= 2
    page.locator('#toolbar [data-choice="show-turn"]').click()
    plan = page.locator("#plan")
    expect(plan).to_be_visible(timeout=60_000)
    body = page.locator("body")
    expect(body).to_have_attribute("data-plan-actions", ";".join(expected))
    assert plan.locator("li").evaluate_all("(xs) => xs.map(x => x.dataset.action)") == expected
    shot(page, "show_turn")
    start = len(game.history)
    for i, action in enumerate(expected[:2]):
        first = rattus.parse_action(action)
        if first.kind == "take":
            marked = page.locator(f'[data-card="{first.args[0]}"].hinted')
        elif first.args and isinstance(first.args[0], str) and first.kind != "witch":
            marked = page.locator(f'#map .region.hinted[data-region="{first.args[0]}"]')
        else:
            marked = page.locator(".hinted")
        expect(marked).to_have_count(1)  # the step to play now, on the board
        expect(plan.locator('li[aria-current="step"]')).to_have_attribute("data-action",
                                                                            action)
        if i == 0:
            plan.locator('[data-choice="plan-next"]').click()
            expect(body).to_have_attribute("data-actions", str(start + 1))
    plan.locator('[data-choice="plan-all"]').click()
    expect(body).to_have_attribute("data-actions", str(start + len(expected)))
    played = json.loads(page.evaluate("rattusGameJson()"))["history"]
    assert played[start:] == expected
