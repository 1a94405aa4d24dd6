"""The page's controls: refused clicks say why, the keyboard works, a bad address is caught,
the new-game dialog starts a game, the log and rules panels open."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import urlsplit

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import Page, expect
from test_replay import open_file
from uidriver import click, pass_if_asked, perform, shot, wait_actions

import rattus


def notice(page: Page) -> str:
    expect(page.locator("#notice")).to_be_visible()
    return page.locator("#notice").inner_text()


def actions(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-actions"))


def test_illegal_clicks_change_nothing_and_say_why(page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=1&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=1)
    # a region out of play (R2.1) during setup
    click(page, "region", "Bulgaria")  # (at the edge of a 2-player game's map)
    assert notice(page) == "Bulgaria is not in play in this game."
    assert actions(page) == 0
    # the keyboard: a region is a button (Enter), so is a card (Space)
    page.locator('#map .region[data-region="Gallia"]').focus()
    page.keyboard.press("Enter")
    game.apply("setup Gallia")
    wait_actions(page, 1)
    expect(page.locator("#notice")).to_be_hidden()
    for action in ("setup Hispania", "setup Hispania", "setup Italia"):
        perform(page, game, rattus.parse_action(action))
    assert game.current_player == 0 and game.phase == "turn"
    page.locator('[data-card="King"]').focus()
    page.keyboard.press(" ")
    game.apply("take King")
    wait_actions(page, len(game.history))
    # a second card in the same turn (R4.1)
    click(page, "card", "Monk")
    assert notice(page) == "You have already taken a class card this turn."
    assert actions(page) == len(game.history)
    # the plague piece may not stay where it is (R4.3)
    here = game.view(None)["plague"]
    click(page, "choice", "mode:plague")
    expect(page.locator("body")).to_have_attribute("data-mode", "plague")
    click(page, "region", here)
    assert notice(page) == "The plague piece must leave its region."
    far = next(r for r in game.view(None)["regions"]
               if r != here and r not in game.view(None)["neighbours"][here])
    click(page, "region", far)
    assert notice(page) == f"The plague piece cannot reach {far} this turn."
    assert actions(page) == len(game.history)
    shot(page, "refused_click")
    click(page, "choice", "cancel")
    expect(page.locator("body")).to_have_attribute("data-mode", "")
    # finish Ann's turn and Bob's; on Ann's next turn her own card cannot be taken
    target = next(a for a in game.legal_actions() if a.kind == "plague")
    perform(page, game, target)
    while game.current_player != 0 or game.phase != "turn":
        legal = game.legal_actions()
        forced = [a for a in legal if a.kind in ("spread", "neutral")]
        perform(page, game, forced[0] if forced else
                next(a for a in legal if a.kind == "plague"))
    pass_if_asked(page)
    click(page, "card", "King")
    assert notice(page) == "You already hold the King."
    assert actions(page) == len(game.history)


def test_bad_address_shows_the_dialog(page: Page, open_game, guard) -> None:
    for query, words in (("players=9", "“players”"), ("players=3&bots=0,robot,0", "“bots”"),
                         ("players=2&seed=abc", "“seed”"), ("players=2&start=5", "“start”"),
                         ("players=2&names=Solo", "“names”")):
        open_game(page, query)
        dialog = page.locator('.dialog[data-screen="new-game"]')
        expect(dialog).to_be_visible()
        expect(dialog.locator("[data-problem]")).to_contain_text(words)
    shot(page, "bad_address")


def test_an_address_whose_path_starts_with_two_slashes_still_starts_its_game(
        page: Page, base_url: str, guard) -> None:
    """A hand-typed address with a doubled slash (``host//?players=2``), which a static host
    serves as the page: the game starts, and its parameters leave the address (a reload
    resumes it) on the page's own host. Written as a path, that address was read as another
    host's and refused, and the page never started."""
    page.goto(base_url.rstrip("/") + "//?players=2&seed=3&pace=0")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    assert page.evaluate("location.search") == "?pace=0"
    assert page.evaluate("location.host") == urlsplit(base_url).netloc


def test_new_game_dialog_starts_a_game(page: Page, open_game, guard) -> None:
    open_game(page)
    page.locator('.dialog[data-screen="welcome"] [data-choice="pass-and-play"]').click()
    dialog = page.locator('.dialog[data-screen="new-game"]')
    expect(dialog).to_be_visible()
    dialog.locator('[data-choice="dlg-players:3"]').click()
    starts = dialog.locator('select[data-field="start"] option')
    expect(starts).to_have_count(4)  # random, then each seat once (a seat added: once more)
    dialog.locator('[data-choice="dlg-players:4"]').click()
    expect(starts).to_have_count(5)
    dialog.locator('[data-choice="dlg-players:3"]').click()
    for i, name in enumerate(("Ann", "Bob", "Cy")):
        dialog.locator(f'input[data-field="name"][data-seat="{i}"]').fill(name)
    dialog.locator('select[data-field="kind"][data-seat="2"]').select_option("easy")
    dialog.locator('select[data-field="start"]').select_option("1")
    dialog.locator('input[data-field="seed"]').fill("42")
    shot(page, "new_game_dialog")
    # two players with one colour are refused
    dialog.locator('select[data-field="colour"][data-seat="1"]').select_option("red")
    dialog.locator('[data-choice="dlg-start"]').click()
    expect(dialog.locator("[data-problem]")).to_contain_text("different colour")
    dialog.locator('select[data-field="colour"][data-seat="1"]').select_option("blue")
    dialog.locator('[data-choice="dlg-start"]').click()
    expect(page.locator("body")).to_have_attribute("data-screen", "board")
    expect(page.locator("body")).to_have_attribute("data-current", "1")
    expect(page.locator("#status")).to_contain_text("Bob")
    expect(page.locator('#players [data-seat="2"]')).to_contain_text("Computer (easy)")
    # same seed, same start player: the same game as the engine's
    game = rattus.new_game(players=3, seed=42, start_player=1)
    assert page.locator("#map .plague-piece").count() == 1
    plague = game.view(None)["plague"]
    label = page.locator(f'#map .region[data-region="{plague}"]').get_attribute("aria-label")
    assert "plague here" in label


def test_log_and_rules_panels(page: Page, open_game, guard) -> None:
    open_game(page, "players=2&seed=3&pace=0")
    expect(page.locator("#log")).to_be_visible()
    page.locator('#toolbar [data-choice="toggle-log"]').click()
    expect(page.locator("#log")).to_be_hidden()
    page.locator('#toolbar [data-choice="toggle-log"]').click()
    expect(page.locator("#log")).to_be_visible()
    page.locator('#toolbar [data-choice="toggle-rules"]').click()
    expect(page.locator('.dialog[data-screen="rules"]')).to_contain_text("plague")
    shot(page, "rules")
    page.locator('[data-choice="close-rules"]').click()
    expect(page.locator('.dialog[data-screen="rules"]')).to_have_count(0)


def knight_position(seed: int = 1) -> rattus.Game:
    """A 2-player game (random moves, seeded) at a regular turn whose player holds the Knight
    and may move the plague piece two steps (R6.3)."""
    game = rattus.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        view = game.view(None)
        legal = game.legal_actions()
        near = view["neighbours"][view["plague"]]
        if game.phase == "turn" and any(a.kind == "plague" and a.args[0] not in near
                                        for a in legal):
            return game
        kinds = sorted({a.kind for a in legal})
        kind = "plague" if "plague" in kinds and rng.random() < 0.4 else rng.choice(kinds)
        game.apply(rng.choice([a for a in legal if a.kind == kind]))
    raise AssertionError("no Knight position found")


def test_knight_two_step_targets_are_marked_and_named(page: Page, open_game, guard) -> None:
    """A two-step destination looks different from a one-step one (a "2 steps" tag, a dotted
    outline) and its accessible name says so; the status line explains the tag."""
    game = knight_position()
    open_game(page)
    open_file(page, game)
    wait_actions(page, len(game.history))
    pass_if_asked(page)
    click(page, "choice", "mode:plague")
    view = game.view(None)
    near = set(view["neighbours"][view["plague"]])
    targets = {a.args[0] for a in game.legal_actions() if a.kind == "plague"}
    far, close = targets - near, targets & near
    assert far and close
    expect(page.locator("#status")).to_contain_text("2 steps")
    expect(page.locator("#map .far-mark")).to_have_count(len(far))
    for r in far:
        path = page.locator(f'#map .region[data-region="{r}"]')
        expect(path).to_have_class(re.compile(r"\bfar\b"))
        assert "2 steps away" in path.get_attribute("aria-label")
    for r in close:
        path = page.locator(f'#map .region[data-region="{r}"]')
        assert "far" not in path.get_attribute("class").split()
        assert "2 steps" not in path.get_attribute("aria-label")
    shot(page, "knight_two_steps")
    # a two-step move is still one click on its region (in the mode already chosen: a
    # second press of the button would put the mode down, and a click on the map would then
    # place cubes there)
    move = next(a for a in game.legal_actions() if a.kind == "plague" and a.args[0] in far)
    click(page, "region", move.args[0])
    game.apply(move)
    wait_actions(page, len(game.history))
    assert json.loads(page.evaluate("rattusGameJson()"))["history"] == game.history
    expect(page.locator("#map .far-mark")).to_have_count(0)


def test_narrow_screen_map_fills_its_room(page: Page, open_game, guard) -> None:
    """Under 1000px the side panels are sheets over the board; the board then takes all the
    room between the status line and the decision, as large as it fits whole (it once shrank
    to the SVG's default 300px), and the page does not scroll."""
    page.set_viewport_size({"width": 900, "height": 900})
    open_game(page, "players=2&seed=3&pace=0")
    board = page.locator("#map").bounding_box()
    room = page.locator("#map-holder").bounding_box()
    assert board["height"] > room["height"] - 2 or board["width"] > room["width"] - 2, \
        (board, room)
    assert room["height"] > 900 - 200, room  # (the status, the decision, the dock: the rest)
    assert page.evaluate("() => document.scrollingElement.scrollHeight") == 900


def test_a_double_click_never_reaches_a_button_that_appeared_under_it(
        page: Page, open_game, guard) -> None:
    """A count double-clicked: the first click places the cubes and the bar then shows "Move
    the plague piece" where the count was; the second click of the double-click must not
    start moving the plague piece (a button that was not there at the first click)."""
    open_game(page, "players=2&seed=1&names=Ann,Bob&pace=0")
    game = rattus.new_game(players=2, seed=1)
    for action in ("setup Gallia", "setup Hispania", "setup Hispania", "setup Italia",
                   "take Peasant"):
        perform(page, game, rattus.parse_action(action))
    click(page, "region", "Gallia")  # R6.4: 1 rat there, 1 or 2 cubes with the Peasant
    count = page.locator('#bar [data-choice="count:1"]')
    box = count.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.dblclick(x, y)
    game.apply("place Gallia 1")
    wait_actions(page, len(game.history))
    plague = page.locator('#bar [data-choice="mode:plague"]').bounding_box()
    assert plague["x"] <= x <= plague["x"] + plague["width"]  # it is under the mouse now
    assert plague["y"] <= y <= plague["y"] + plague["height"]
    expect(page.locator("body")).to_have_attribute("data-mode", "")
    assert actions(page) == len(game.history)
    page.mouse.click(x, y)  # a click of its own is heard
    expect(page.locator("body")).to_have_attribute("data-mode", "plague")


def test_the_game_log_switch_does_not_look_pressed_on_a_first_visit(
        page: Page, open_game, guard) -> None:
    """The log is shown at first: its toolbar switch is on — a ticked badge on its corner,
    on the white of every button, not the filled blue of a mode under way."""
    open_game(page, "players=2&seed=3&pace=0")
    log = page.locator('#toolbar [data-choice="toggle-log"]')
    expect(log).to_have_attribute("aria-pressed", "true")
    plain = page.locator('#toolbar [data-choice="new-game"]')
    look = "n => getComputedStyle(n).backgroundColor"
    assert log.evaluate(look) == plain.evaluate(look)
    tick = log.evaluate("n => getComputedStyle(n, '::before').backgroundColor")
    assert tick == "rgb(29, 95, 214)"  # the ticked badge
    log.click()
    expect(log).to_have_attribute("aria-pressed", "false")
    assert log.evaluate("n => getComputedStyle(n, '::before').backgroundColor") != tick


def test_the_undo_note_shows_what_it_takes_back_whole_in_german(
        page: Page, open_game, guard) -> None:
    """German, the longest language: the note beside Undo ("Nimmt zurück: …") fits its box
    whole (it was cut after "Player 1 takes the…")."""
    open_game(page, "players=2&seed=1&names=Spieler 1,Spieler 2&pace=0&lang=de")
    game = rattus.new_game(players=2, seed=1)
    for action in ("setup Gallia", "setup Hispania", "setup Hispania", "setup Italia",
                   "take Merchant", "place Hispania 1"):
        perform(page, game, rattus.parse_action(action))
    note = page.locator("#undo-why")
    expect(note).to_have_text("Nimmt zurück: Spieler 1 setzt 1 Stein in Hispania.")
    height, room = note.evaluate("n => [n.scrollHeight, n.clientHeight]")
    assert height <= room
