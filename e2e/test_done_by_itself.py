"""A tap never performs an action other than the one its target shows (phone, 390×844).

The Monk's rat token with one neighbour below three tokens (R6.2, R5.2) goes there at the
tap on it: nothing more is asked. The tester's next tap — meant as that destination — was
read as the next decision ("place cubes there", R4.2). Now the move is said as done, and a
tap on its destination after it places nothing.

The position is found on CPython (random legal moves from fixed seeds, as tests/web/glue.py
``find``) and opened on the page as a save file.
"""

from __future__ import annotations

import random
import re
import sys

import pytest
from conftest import ROOT
from playwright.sync_api import Page, expect
from uidriver import shot, wait_actions

import rattus

sys.path.insert(0, str(ROOT / "web"))
from model.game_config import Config, Seat  # noqa: E402
from model.save_file import dumps  # noqa: E402
from text.catalogue import EN  # noqa: E402

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **PHONE}


def lone_monk(game: rattus.Game) -> tuple[str, int, str] | None:
    """A rat token the Monk may move to one region only, with that region."""
    ways: dict = {}
    for a in game.legal_actions():
        if a.kind == "monk":
            ways.setdefault((a.args[0], a.args[1]), []).append(a.args[2])
    return next(((r, slot, to[0]) for (r, slot), to in sorted(ways.items()) if len(to) == 1),
                None)


def position() -> rattus.Game:
    """Seat 0 to play a regular turn, holding the Monk unused, with such a token, and its
    cubes still to place in the destination (so a tap there would place cubes)."""
    for seed in range(1, 60):
        game = rattus.new_game(players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 400:
            lone = lone_monk(game) if game.current_player == 0 else None
            if (lone is not None and game.view(None)["decision"]["kind"] == "turn"
                    and f"place {lone[2]}" in {f"{a.kind} {a.args[0]}"
                                               for a in game.legal_actions()
                                               if a.kind == "place"}):
                return game
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("no seed reached the wanted position")


def test_a_tap_on_the_monks_only_destination_places_no_cubes(page: Page, open_game) -> None:
    game = position()
    here, slot, to = lone_monk(game)
    seats = [Seat("Ann", "red", "human"), Seat("Bob", "blue", "easy")]
    text = dumps(Config(seats=seats, pace_ms=0), game)
    open_game(page, "pace=0")
    page.set_input_files("#import-file", files=[{
        "name": "monk.json", "mimeType": "application/json", "buffer": text.encode()}])
    n = len(game.history)
    expect(page.locator("body")).to_have_attribute("data-actions", str(n))
    page.locator('[data-choice="mode:Monk"]').tap()
    token = page.locator(f'#map .token[data-region="{here}"][data-slot="{slot}"]')
    expect(token).to_have_class(re.compile(r"\btarget\b"))
    page.evaluate("() => window.scrollTo(0, 0)")
    box = token.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    if page.locator("body").get_attribute("data-actions") == str(n):  # zoomed in on it
        page.wait_for_timeout(400)
        box = token.bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_actions(page, n + 1)
    done = EN["done.monk"].format(region=here, to=to)
    expect(page.locator("#status")).to_contain_text(done)  # in the first screen
    shot(page, "done_monk")
    # the tap meant as the destination: held, nothing placed
    label = page.locator(f'#map text.region-label[data-region="{to}"]').bounding_box()
    page.touchscreen.tap(label["x"] + label["width"] / 2, label["y"] + label["height"] / 2)
    held = EN["done.held.touch"].format(done=done)
    expect(page.locator("#status")).to_contain_text(held)
    page.wait_for_timeout(300)
    assert page.locator("body").get_attribute("data-actions") == str(n + 1)
    assert not page.locator('#bar [data-choice^="count:"]').count()
    shot(page, "done_monk_held")
