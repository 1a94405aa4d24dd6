"""Drive the page like a player: perform an engine action by clicking, then wait for it.

Shared by the e2e tests and ``tools/bench_ui.py``. The clicks come from :mod:`uipaths`; the
elements are found by their stable data attributes (``data-region``, ``data-card``,
``data-slot``, ``data-choice``). A region is clicked where its name is printed on the map (a
real mouse click at that point; the label lets clicks through to the region beneath).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page
from uipaths import clicks_for

WAIT_MS = 20_000
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def shot(page: Page, name: str) -> None:
    """Save a screenshot of a key screen to e2e/artifacts/ (to look at, not to compare)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


#: Whether a click on the board now (on ``region``, or anywhere: null) is read as what it
#: shows: not while the page guards the click after one that completed an action by itself
#: (control/update.py ``guarded``; its marks on the body: model/ui_state.py ``Done.marks``).
UNGUARDED_JS = """region => { const d = document.body.dataset, now = performance.now();
  return !(d.guardUntil && now < Number(d.guardUntil))
    && !(region && d.guardAimed === region && d.aimedUntil && now < Number(d.aimedUntil)); }"""


def unguarded(page: Page, what: str, value) -> None:
    """Wait until a click on this board target is no longer guarded: a driver clicks as
    fast as the page answers, and must not be taken for a player's hurried second click."""
    if what in ("region", "token", "plague"):
        region = value if what == "region" else value[0] if what == "token" else None
        page.wait_for_function(UNGUARDED_JS, arg=region, timeout=WAIT_MS)


def click(page: Page, what: str, value) -> None:
    unguarded(page, what, value)
    if what == "region":
        page.locator(f'#map text.region-label[data-region="{value}"]').click(force=True)
    elif what == "card":  # (a narrow screen: in the cards' sheet, opened from the dock)
        node = page.locator(f'#cards [data-card="{value}"]')
        if not node.is_visible():
            page.locator('[data-choice="sheet:cards"]').click()
        node.click()
    elif what == "token":
        region, slot = value
        page.locator(f'#map .token[data-region="{region}"][data-slot="{slot}"]').click()
    elif what == "choice":
        page.locator(f'[data-choice="{value}"]').click()
    else:
        raise ValueError(what)


def wait_actions(page: Page, n: int, timeout: int = WAIT_MS) -> None:
    """Wait until the page has applied ``n`` actions (or more: bots may play on at once)
    and is not telling a strike."""
    page.wait_for_function(
        "n => Number(document.body.dataset.actions) >= n && !document.body.dataset.busy",
        arg=n, timeout=timeout)


def pass_if_asked(page: Page) -> bool:
    """Click through a "pass to <name>" screen if one shows; True if it did."""
    if page.locator('body[data-screen="pass"]').count():
        page.locator('[data-choice="pass-ready"]').click()
        page.wait_for_function("() => document.body.dataset.screen !== 'pass'")
        return True
    return False


def perform(page: Page, game, action) -> list:
    """Do ``action`` through the page and on ``game`` (the test's own engine copy)."""
    pass_if_asked(page)
    for what, value in clicks_for(game, action):
        click(page, what, value)
    events = game.apply(action)
    wait_actions(page, len(game.history))
    return events
