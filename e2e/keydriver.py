"""Drive the page by the keyboard alone, like a player who uses no mouse.

Only ``page.keyboard`` presses: Tab, the arrow keys, Enter and the page's shortcut keys
(``M`` the map, ``C`` the class cards, ``D`` the decision's buttons). The way from the
focused place to a target on the map is found with the page's own rule for the arrow keys
(``web/control/keys.py``) over the places the page offers (its focusable regions and tokens), and
every key pressed is checked: the focus must land where that rule says. So a test that
passes shows that a keyboard player reaches every target, in the page as it is.
"""

from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

from playwright.sync_api import Page
from uidriver import wait_actions
from uipaths import clicks_for

WEB = Path(__file__).resolve().parent.parent / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
from control import keys  # noqa: E402  (web/control/keys.py: where an arrow key goes)
from model import keymap  # noqa: E402  (web/model/keymap.py: the map stops' data-key)
from render import board_layout  # noqa: E402  (web/render/board_layout.py: where things are)


def focused(page: Page) -> str | None:
    """The focused element's ``data-key`` (or ``data-choice``), None on the page's body."""
    return page.evaluate("""() => { const a = document.activeElement;
        if (!a || a === document.body) return null;
        return a.getAttribute('data-key') || a.getAttribute('data-choice') || a.id
            || a.tagName; }""")


def map_stops(page: Page) -> dict[str, tuple[float, float]]:
    """The places the arrow keys move between, as the page offers them now: each region that
    can take the focus at its printed name, each focusable rat token where it is drawn."""
    found = page.evaluate("""() => [...document.querySelectorAll('#map [data-key][tabindex]')]
        .map(n => [n.getAttribute('data-key'), n.getAttribute('transform') || ''])""")
    lay = board_layout.ARRANGEMENTS[page.evaluate(
        "document.querySelector('#map').dataset.board")]  # (the arrangement it draws)
    stops = {}
    for key, transform in found:
        if key.startswith("reg-"):
            stops[key] = lay.name_at(key[4:])
        elif key.startswith("tok-"):
            x, y = transform.removeprefix("translate(").rstrip(")").split()
            stops[key] = (float(x), float(y))
    return stops


def arrows_to(stops: dict, start: str, goal: str) -> list[tuple[str, str]]:
    """The shortest run of arrow keys from ``start`` to ``goal``: [(key, stop reached)]."""
    back: dict[str, tuple[str, str] | None] = {start: None}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        if at == goal:
            break
        for key in keys.DIRECTIONS:
            to = keys.move(stops, at, key)
            if to is not None and to not in back:
                back[to] = (at, key)
                todo.append(to)
    if goal not in back:
        raise AssertionError(f"{goal} cannot be reached by arrow keys from {start}")
    path, at = [], goal
    while back[at] is not None:
        prev, key = back[at]
        path.append((key, at))
        at = prev
    return path[::-1]


#: Keys pressed so far, by this driver (a test prints the keys a move takes).
PRESSED = [0]


def press(page: Page, key: str) -> None:
    PRESSED[0] += 1
    page.keyboard.press(key)


def go_to_map(page: Page, goal: str) -> None:
    """Bring the focus to the map's ``goal`` (a region's or token's data-key) by keys."""
    if not (focused(page) or "").startswith(("reg-", "tok-")):
        press(page, "m")
    here = focused(page)
    assert here is not None and here.startswith(("reg-", "tok-")), here
    for key, expected in arrows_to(map_stops(page), here, goal):
        press(page, key)
        assert focused(page) == expected, (key, expected, focused(page))


def tab_to(page: Page, shortcut: str, goal: str, most: int = 12) -> None:
    """Press ``shortcut`` (a part of the page), then Tab until ``goal`` has the focus."""
    press(page, shortcut)
    for _ in range(most):
        if focused(page) == goal:
            return
        press(page, "Tab")
    raise AssertionError(f"Tab never reached {goal} after {shortcut!r} (at {focused(page)})")


def act(page: Page, what: str, value) -> None:
    """One "click" of uipaths, made with keys: reach the element, then Enter."""
    if what == "region":
        go_to_map(page, keymap.region_key(value))
    elif what == "token":
        go_to_map(page, keymap.token_key(*value))
    elif what == "card":
        tab_to(page, "c", f"card-{value}")
    elif what == "choice":
        tab_to(page, "d", f"btn-{value}")
    else:
        raise ValueError(what)
    region = value if what == "region" else value[0] if what == "token" else None
    if region is not None and page.locator("body").get_attribute("data-guard-aimed") == region:
        # the destination the page chose by itself a moment ago: a key there is held once
        # (control/update.py ``guarded``), as a player's would be
        press(page, "Enter")
        page.wait_for_function("() => !document.body.dataset.guardAimed")
    press(page, "Enter")


def pass_if_asked(page: Page) -> bool:
    """A "pass to <name>" prompt: its button by keys ("D", Enter)."""
    if page.locator('body[data-screen="pass"]').count():
        tab_to(page, "d", "pass-ready")
        press(page, "Enter")
        page.wait_for_function("() => document.body.dataset.screen !== 'pass'")
        return True
    return False


def perform(page: Page, game, action, between=None) -> list:
    """Do ``action`` through the page by keys and on ``game`` (the test's engine copy);
    ``between(i)`` runs after each key-made step but the last (a pick under way)."""
    pass_if_asked(page)
    steps = clicks_for(game, action)
    for i, (what, value) in enumerate(steps):
        act(page, what, value)
        if between is not None and i < len(steps) - 1:
            between(i)
    events = game.apply(action)
    wait_actions(page, len(game.history))
    return events
