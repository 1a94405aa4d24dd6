"""A whole game played with the keyboard alone (README.md: *By keyboard alone*), checked
against the engine.

Two people at one screen (hotseat, so the pass prompt is answered by keys too): every setup
placement, card, count, ability, token, plague move, spread and neutral-cube question is made
with ``page.keyboard`` only — no mouse call, no ``.click()`` — through e2e/keydriver.py,
which also checks that each arrow key lands where the page's rule (web/control/keys.py) says. After
every move the focus is still somewhere (never lost to the page's body), and at the end the
results show the engine's scores and winner.
"""

from __future__ import annotations

import random
import re

from keydriver import PRESSED, focused, go_to_map, map_stops, perform, press
from playwright.sync_api import Page, expect
from test_play import SEED_2P, check_privacy, check_results
from uidriver import shot
from uipaths import choose, tags

import rattus


def check_board_text(page: Page, game) -> None:
    """The board as text says what the engine's view of the seat at the screen holds."""
    viewer = page.locator("body").get_attribute("data-viewer")
    view = game.view(int(viewer) if viewer else None)
    rows = page.locator("#board-text tbody tr")
    expect(rows).to_have_count(len(view["regions"]))
    names = ["Ann", "Bob"]
    for r in view["regions"]:
        row = page.locator(f'#board-text tr[data-region="{r}"]').text_content()
        for p, c in enumerate(view["board"][r]["cubes"]):
            shown = re.search(rf"{names[p]}: {c}(?!\d)", row) is not None
            assert shown == (c > 0), (r, row)
        assert ("plague piece here" in row) == (view["plague"] == r)


def test_a_whole_two_player_game_by_keyboard_alone(page: Page, open_game, guard) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, f"players=2&seed={SEED_2P}&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=SEED_2P)
    # Tab reaches the map once: a single element of the map is in the Tab order
    assert page.locator("#map [tabindex='0']").count() == 1
    press(page, "m")
    assert focused(page).startswith("reg-")
    shot(page, "kb_focus_region")
    rng = random.Random(SEED_2P)
    seen: set[str] = set()
    lost = []
    keys_at_start, turns = PRESSED[0], 0
    while not game.is_over:
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        turns += action.kind == "end"
        events = perform(page, game, action)
        check_privacy(page, game)
        revealed = [e for e in events if e["kind"] == "token_revealed"]
        if revealed:  # the strike is read out in the live region, a line per token told
            lines = page.locator("#announce p")
            expect(lines).to_have_count(len(revealed))
            for line, e in zip(lines.all_inner_texts(), revealed):
                assert f"threshold {e['threshold']}" in line
        if len(game.history) % 20 == 0:
            check_board_text(page, game)
        if not game.is_over and focused(page) is None:
            lost.append(str(action))
        if page.locator("#map .token.target").count() and "kb_tokens" not in seen:
            seen.add("kb_tokens")  # a token decision: the tokens are places of the arrows
            assert any(k.startswith("tok-") for k in map_stops(page))
            shot(page, "kb_token_decision")
    assert lost == [], f"the focus was lost after {lost}"
    keys = PRESSED[0] - keys_at_start
    print(f"keyboard game: {len(game.history)} actions, {turns} turns ended, {keys} keys "
          f"({keys / len(game.history):.1f} per action)")
    check_results(page, game)
    # the results dialog has the focus, and Escape closes it, leaving the focus on the page
    assert focused(page) is not None
    press(page, "Escape")
    expect(page.locator('.dialog[data-screen="results"]')).to_have_count(0)
    assert {"setup", "take", "place", "place_count_choice", "plague", "spread", "end"} <= seen
    assert "kb_tokens" in seen and seen & {"monk", "witch_look1"}  # tokens chosen by keys


def test_a_refused_key_says_why_and_tokens_are_reached_by_arrows(page: Page, open_game,
                                                                guard) -> None:
    """Enter on a region that is not a target gets the engine's reason, and nothing moves;
    the Monk's pick makes the rat tokens places of the arrow keys (Down from a region)."""
    open_game(page, f"players=2&seed={SEED_2P}&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=SEED_2P)
    while game.view(None)["decision"]["kind"] == "setup":
        perform(page, game, next(a for a in game.legal_actions()))
    view = game.view(None)
    here = view["plague"]
    press(page, "d")  # the decision's buttons: "Move the plague"
    for _ in range(8):
        if focused(page) == "btn-mode:plague":
            break
        press(page, "Tab")
    press(page, "Enter")
    far = next(r for r in view["regions"] if r != here and r not in view["neighbours"][here])
    go_to_map(page, f"reg-{far}")
    before = page.locator("body").get_attribute("data-actions")
    press(page, "Enter")
    why = game.why_not(f"plague {far}")
    assert why is not None
    expect(page.locator("#notice")).to_be_visible()
    assert page.locator("body").get_attribute("data-actions") == before
    assert focused(page) == f"reg-{far}"  # the focus stays where the player is


def test_a_button_that_redraws_keeps_the_focus(page: Page, open_game, guard) -> None:
    """The new-game dialog's player-count buttons redraw the dialog: the focus stays on the
    button pressed; Escape closes the dialog and gives the focus back."""
    open_game(page)
    expect(page.locator('.dialog[data-screen="welcome"]')).to_be_visible()
    assert focused(page) == "welcome-quick-play"  # the dialog took the focus
    for _ in range(3):
        press(page, "Tab")
        if focused(page) == "welcome-pass-and-play":
            break
    press(page, "Enter")
    dialog = page.locator('.dialog[data-screen="new-game"]')
    expect(dialog).to_be_visible()
    assert focused(page) == "dlg-name-0"  # the dialog took the focus: its first field
    for count in (3, 4, 2):
        for _ in range(40):  # Tab goes round inside the dialog (the focus trap)
            if focused(page) == f"dlg-players-{count}":
                break
            press(page, "Tab")
        press(page, "Enter")
        expect(dialog.locator(f'[data-choice="dlg-players:{count}"]')).to_have_attribute(
            "aria-pressed", "true")
        assert focused(page) == f"dlg-players-{count}"
    for _ in range(30):  # Tab stays inside the dialog
        press(page, "Tab")
        assert page.evaluate("() => !!document.activeElement.closest('.dialog')")


def test_arrows_go_among_the_cards_and_a_seen_strike_hands_the_focus_to_continue(
        page: Page, open_game, guard) -> None:
    """The arrow keys move among the class cards as they are laid out (Right: the card
    beside, Down: the one below), not only Tab. After the player's plague move strikes with
    a computer to play next, the strike waits to be seen: the focus leaves the map for
    Continue, so Enter goes on (no shortcut to find it)."""
    open_game(page, "players=2&seed=5&names=Ann,Bot&bots=0,easy&pace=150")
    human_turn = ("() => document.body.dataset.current === '0' && !document.body.dataset.busy"
                  " && !document.querySelector('[data-choice=\"story-seen\"]')")
    for _ in range(12):
        page.wait_for_function(human_turn, timeout=30_000)
        game = rattus.Game.from_json(page.evaluate("window.rattusGameJson()"))
        if game.view(0)["decision"]["kind"] != "setup":
            break
        perform(page, game, game.legal_actions()[0])
    press(page, "c")
    first = focused(page)
    assert first == "card-Peasant", first
    press(page, "ArrowRight")
    assert focused(page) == "card-Merchant"  # beside it (two cards a row)
    press(page, "ArrowDown")
    assert focused(page) == "card-Knight"  # below the Merchant
    press(page, "ArrowLeft")
    assert focused(page) == "card-Monk"
    plague = next(a for a in game.legal_actions() if a.kind == "plague")
    events = perform(page, game, plague)
    while game.view(0)["decision"]["kind"] == "spread":  # the new rat tokens, then the strike
        events = perform(page, game, game.legal_actions()[0])
    assert any(e["kind"] == "token_revealed" for e in events)  # a strike (the seed's)
    seen = page.locator('[data-choice="story-seen"]')
    expect(seen).to_be_focused(timeout=30_000)
    expect(page.locator("#strike")).to_be_in_viewport()
    press(page, "Enter")
    expect(seen).to_have_count(0)


def test_the_first_tab_offers_a_skip_to_the_map(page: Page, open_game, guard) -> None:
    """Ten toolbar stops stood before the map: the first Tab now reaches "Skip to the map"
    (shown once focused), and Enter on it puts the focus on the map's stop."""
    open_game(page, "players=2&seed=3&pace=0")
    page.locator("body").focus()
    press(page, "Tab")
    link = page.locator("a.skip-link")
    expect(link).to_be_focused()
    expect(link).to_be_in_viewport()
    expect(link).to_have_text("Skip to the map")
    press(page, "Enter")
    assert (focused(page) or "").startswith("reg-"), focused(page)
    shot(page, "skip_to_map")
