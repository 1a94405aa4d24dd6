"""The outbreak odds overlay (docs/odds.md): shown for the human seat, its numbers the
engine's ``strike_odds`` of that seat's view (R8: nothing hidden used)."""

from __future__ import annotations

import random

from playwright.sync_api import Page, expect
from test_bots import Mirror
from uidriver import perform, shot, wait_actions
from uipaths import choose, tags

import rattus


def test_the_odds_overlay_shows_the_seats_own_odds(page: Page, open_game, guard) -> None:
    seed = 4
    open_game(page, f"players=3&seed={seed}&names=Me,Rat,Mouse&bots=0,normal,normal&pace=0")
    game = rattus.new_game(players=3, seed=seed)
    mirror = Mirror(["human", "normal", "normal"], seed)
    rng, seen = random.Random(seed), set()
    while len(game.history) < 30 or game.current_player != 0 or game.phase != "turn":
        if mirror.is_bot(game.current_player):
            mirror.play(game)
            wait_actions(page, len(game.history))
            continue
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        perform(page, game, action)
    assert page.locator("#map .risk-badge").count() == 0  # off by default
    page.locator('#toolbar [data-choice="toggle-odds"]').click()
    expect(page.locator('#toolbar [data-choice="toggle-odds"]')).to_have_attribute(
        "aria-pressed", "true")
    view = game.view(0)
    expected = [r for r in view["regions"]  # where someone can expect to lose something
                if view["board"][r]["tokens"] and any(view["board"][r]["cubes"])
                and max(loss := rattus.strike_odds(view, r)["expected_loss"])
                and max(loss[0], sum(loss) - loss[0]) >= 0.05]
    badges = page.locator("#map .risk-badge")
    expect(badges).to_have_count(len(expected))
    for r in expected:
        badge = page.locator(f'#map .risk-badge[data-odds="{r}"]')
        odds = rattus.strike_odds(view, r)
        assert abs(float(badge.get_attribute("data-mine")) - odds["expected_loss"][0]) < 1e-3
        assert abs(float(badge.get_attribute("data-p-loss")) - odds["p_loss"]) < 1e-3
    shot(page, "odds_overlay")
