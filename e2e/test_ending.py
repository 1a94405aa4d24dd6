"""The end of a game seen coming, in Chromium (R7): a game played to its end by clicks shows
the supply's warning before the move that empties it, the final round's banner, and the
final plague's odds before the final plague — each checked against the engine on CPython.
Then the same three moments in German, at 1280×800 and on a 390×844 phone, as screenshots.
"""

from __future__ import annotations

import json
import random

from playwright.sync_api import Browser, Page, expect
from uidriver import pass_if_asked, perform, shot, wait_actions
from uipaths import choose, tags

import rattus

SEED = 3  # 3 players; the supply runs out (R7.1a) after a warning, checked on CPython
NAMES = ("Ann", "Bob", "Cy")
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}


def decimal(x: float) -> str:
    """The page's English decimal (text/catalogue.py): one digit after the point."""
    return f"{x:.1f}"


def expected_losses(view) -> list[float]:
    """R7.3 from this seat's view: each seat's expected cubes lost over every region."""
    out = [0.0] * view["players"]
    for r in view["regions"]:
        neutral = view["turn"]["neutral"] and r == view["plague"]
        odds = rattus.strike_odds(view, r, neutral)
        out = [a + b for a, b in zip(out, odds["expected_loss"], strict=True)]
    return out


def viewer_of(page: Page) -> int | None:
    text = page.locator("body").get_attribute("data-viewer")
    return int(text) if text else None


def check_supply_warning(page: Page, view) -> None:
    """The status line names the plague moves that empty the supply, the board's supply box
    warns (R7.1a): what the engine's view says."""
    status = page.locator(".status-row")  # (the status line, the end seen coming under it)
    expect(status).to_contain_text(f"Only {view['supply']} rat token")
    ending = view["decision"]["empties_supply"]
    if len(ending) == len(view["decision"]["plague_reach"]):
        expect(status).to_contain_text("any move of the plague piece empties the supply")
    for r in ending if len(ending) < len(view["decision"]["plague_reach"]) else ():
        expect(status).to_contain_text(r)
    expect(status).to_contain_text("the game ends after this turn")
    expect(page.locator("#map .supply-warn")).to_have_count(1)


def check_banner(page: Page, game) -> None:
    """The final round's banner: who still plays, the final plague, and each seat's expected
    loss from the odds of the seat at the screen (R7.2, R7.3, R8)."""
    banner = page.locator("#ending")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Final round")
    view = game.view(None)
    for p in [view["current_player"], *view["final_queue"]]:
        expect(banner.locator(f'li[data-seat="{p}"]')).to_contain_text(NAMES[p])
    expect(banner.locator(f'li[data-seat="{view["last_regular"]}"]')).to_have_count(0)
    expect(banner).to_contain_text("final plague strikes every region")
    losses = expected_losses(game.view(viewer_of(page)))
    for p, loss in enumerate(losses):
        expect(banner.locator(f'[data-loss="{p}"]')).to_have_text(f"≈ {decimal(loss)} cubes")


def test_a_game_played_to_its_end_shows_the_end_coming(page: Page, open_game, guard) -> None:
    open_game(page, f"players=3&seed={SEED}&names={','.join(NAMES)}&pace=0")
    game = rattus.new_game(players=3, seed=SEED)
    rng = random.Random(SEED)
    seen: set[str] = set()
    warned = banner = odds_before_plague = False
    while not game.is_over:
        pass_if_asked(page)
        view = game.view(None)
        decision = view["decision"]
        if decision["kind"] == "turn" and decision["empties_supply"] and not warned:
            check_supply_warning(page, view)
            shot(page, "ending_supply_warning")
            warned = True
        if view["last_regular"] is not None:
            check_banner(page, game)
            if not banner:
                shot(page, "ending_final_round")
            banner = True
            odds_before_plague = True  # the final plague comes after the last final turn
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        events = perform(page, game, action)
        if any(e["kind"] == "final_round" for e in events):
            assert warned, "the move that emptied the supply came without a warning"
    assert warned and banner and odds_before_plague
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible()
    expect(page.locator("#ending")).to_be_hidden()


# -- the three moments in German, on a desktop and on a phone --------------------------------

def positions() -> dict[str, rattus.Game]:
    """The game of the test above at its three moments (played on CPython): the supply's
    warning, the final round's first final turn, and its last one (before the final plague)."""
    game = rattus.new_game(players=3, seed=SEED)
    rng = random.Random(SEED)
    seen: set[str] = set()
    found: dict[str, rattus.Game] = {}
    while not game.is_over:
        view = game.view(None)
        if view["decision"]["empties_supply"] and view["decision"]["kind"] == "turn":
            found.setdefault("supply", game.clone())
        if view["last_regular"] is not None:
            found.setdefault("final", game.clone())
            if not view["final_queue"]:
                found["last_final"] = game.clone()
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        game.apply(action)
    return found


def open_position(page: Page, game: rattus.Game) -> None:
    envelope = {"format": "rattus-savefile", "version": 1, "game": json.loads(game.to_json()),
                "seats": [{"name": n, "colour": c, "kind": "human"}
                          for n, c in zip(NAMES, ("red", "blue", "green"), strict=True)],
                "pace_ms": 0}
    page.set_input_files("#import-file", files=[{
        "name": "ending.json", "mimeType": "application/json",
        "buffer": json.dumps(envelope).encode()}])
    wait_actions(page, len(game.history))
    pass_if_asked(page)


def test_the_end_seen_coming_in_german_on_a_desktop_and_a_phone(browser: Browser, site_url,
                                                                open_game, guard) -> None:
    """Screenshots to look at (e2e/artifacts/ending_de_*.png); each shows its part."""
    found = positions()
    assert set(found) == {"supply", "final", "last_final"}
    for size, args in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(base_url=site_url, service_workers="block", **args)
        guard.attach(context)
        page = context.new_page()
        try:
            for name, game in found.items():
                # a fresh page each time: opening a file over a game under way asks first
                open_game(page, "players=3&seed=1&names=Ann,Bob,Cy&pace=0&lang=de")
                open_position(page, game)
                if name == "supply":
                    expect(page.locator(".status-row")).to_contain_text("Vorrat")
                    expect(page.locator("#map .supply-warn")).to_have_count(1)
                    page.evaluate("() => window.scrollTo(0, 0)")
                else:
                    banner = page.locator("#ending")
                    if not banner.is_visible():  # a phone: in the players' sheet, a tap away
                        page.locator('[data-choice="sheet:players"]').click()
                    expect(banner).to_contain_text("Schlussrunde")
                    expect(banner.locator("[data-odds=final]")).to_be_visible()
                    banner.scroll_into_view_if_needed()
                shot(page, f"ending_de_{size}_{name}")
        finally:
            context.close()
