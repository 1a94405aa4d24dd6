"""Drive the page on a phone like a player: every move by taps (a touch screen), never a
mouse click; and measure what a finger and an eye get there.

The taps follow :mod:`uipaths` (the same paths as the mouse driver, uidriver.py). A region is
tapped where its name is printed (the name lets taps through to the region). A rat token is
tapped on its centre; should the page zoom in instead (``data-zoom-taps`` counts those taps:
it should not, a phone's tokens are a finger's size), the driver then taps just beside the
token, outside its drawing: a tap near a target takes it.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page
from uidriver import unguarded, wait_actions
from uipaths import clicks_for

WAIT_MS = 20_000

#: Sizes on screen (CSS px) of what a finger can take and of every text shown, in one pass.
MEASURE_JS = """() => {
  const seen = el => { const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'
      && r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth; };
  const controls = [...document.querySelectorAll(
      'button, select, input:not([type=hidden]), .card.target, [data-step], a[href]')]
    .filter(el => seen(el) && !el.closest('svg') && !el.disabled);
  let target = {px: 1e9, what: ''};
  for (const el of controls) { const r = el.getBoundingClientRect();
    const px = Math.min(r.width, r.height);
    if (px < target.px) target = {px, what: el.outerHTML.slice(0, 80)}; }
  let text = {px: 1e9, what: ''};
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest('svg') || el.closest('[hidden]')
        || el.closest('title') || !seen(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < text.px) text = {px, what: n.textContent.trim().slice(0, 40)}; }
  let label = {px: 1e9, what: ''};
  for (const el of document.querySelectorAll('#map text.region-label')) {
    const px = parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a;
    if (px < label.px) label = {px, what: el.textContent}; }
  let drawn = {px: 1e9, what: ''};  // any other text drawn on the map (counts, tags, chips)
  for (const el of document.querySelectorAll('#map text:not(.region-label)')) {
    if (!el.textContent.trim() || !seen(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a;
    if (px < drawn.px) drawn = {px, what: el.getAttribute('class') + ' ' + el.textContent}; }
  let map = {px: 1e9, what: ''};  // the smallest region the player may tap now, on screen
  for (const el of document.querySelectorAll('#map .region.target')) {
    const r = el.getBoundingClientRect(); const px = Math.min(r.width, r.height);
    if (px < map.px) map = {px, what: el.dataset.region}; }
  return {target, text, label, drawn, map, zoom: Number(document.body.dataset.zoom || 1)};
}"""


def measure(page: Page) -> dict:
    return page.evaluate(MEASURE_JS)


#: The board's box on the screen and the sizes (CSS px) of the pieces a finger takes on it:
#: each the smallest of its kind now drawn ({px, what}); a kind not drawn now is left out.
PIECES_JS = """() => {
  const r = document.getElementById('map').getBoundingClientRect();
  const out = {board: {x: r.x, y: r.y, w: r.width, h: r.height}};
  const least = (key, selector, side) => {
    for (const el of document.querySelectorAll(selector)) {
      const b = el.getBoundingClientRect();
      if (!b.width || !b.height) continue;
      const px = side(b);
      if (!out[key] || px < out[key].px) out[key] = {px, what: el.getAttribute('class') + ' '
        + (el.dataset.region || el.dataset.take || el.dataset.card || '')}; } };
  const across = b => Math.min(b.width, b.height);
  least('rat token', '#map .token[data-slot]', across);
  least('plague piece (drawn, height)', '#map g.plague-piece', b => b.height);
  least('plague piece (its tap)', '#map .plague-hit', across);
  least('class card beside the board', '#map [data-take] .hit', across);
  least('class card (cards sheet)', '#cards .card.target', across);
  return out;
}"""


def pieces(page: Page) -> dict:
    return page.evaluate(PIECES_JS)


def centre(page: Page, selector: str) -> tuple[float, float, dict]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box


def on_map(page: Page, selector: str) -> tuple[float, float, dict]:
    """The centre of a drawing on the map; if the map is zoomed in away from it, tap
    "Whole map" first, as a player would."""
    back = page.locator('[data-choice="sheet-close"]')
    if back.is_visible():  # a sheet of panels over the board: back to the board first
        back.tap()
    x, y, box = centre(page, selector)
    view = page.locator("#map-holder").bounding_box()
    if not (view["x"] < x < view["x"] + view["width"]
            and view["y"] < y < view["y"] + view["height"]):
        page.locator("#whole-map").tap()
        next_frame(page)
        x, y, box = centre(page, selector)
    return x, y, box


def next_frame(page: Page) -> None:
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


#: For each rat token taken by a tap: its width on screen and the distance (CSS px) from its
#: centre to the nearest other token the decision wanted (the room a finger had).
TOKEN_TAPS: list[tuple[float, float]] = []

ROOM_JS = """sel => {
  const c = el => { const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, r.width]; };
  const [x, y, w] = c(document.querySelector(sel));
  let room = 1e9;
  for (const el of document.querySelectorAll('#map .token.target')) {
    const [ox, oy] = c(el); const d = Math.hypot(ox - x, oy - y);
    if (d > 0.5 && d < room) room = d; }
  return [w, room];
}"""


def tap_token(page: Page, region: str, slot: int) -> None:
    """Tap a rat token; if the page zoomed in instead (other wanted tokens too close for a
    finger), tap again beside it, outside its drawing."""
    selector = f'#map .token[data-region="{region}"][data-slot="{slot}"]'
    body = page.locator("body")
    before = (body.get_attribute("data-zoom-taps"), body.get_attribute("data-actions"))
    x, y, _ = on_map(page, selector)
    room = page.evaluate(ROOM_JS, selector)
    page.touchscreen.tap(x, y)
    page.wait_for_function(
        """([taps, actions, sel]) => document.body.dataset.zoomTaps !== taps
             || document.body.dataset.actions !== actions
             || document.querySelector(sel + '.selected')""",
        arg=[before[0] or None, before[1], selector], timeout=WAIT_MS)
    if body.get_attribute("data-zoom-taps") == before[0]:
        TOKEN_TAPS.append(tuple(room))
        return  # taken at once
    next_frame(page)  # (the zoom is drawn at the next frame)
    TOKEN_TAPS.append(tuple(page.evaluate(ROOM_JS, selector)))
    x, y, box = centre(page, selector)
    assert box["width"] >= 30, f"zoomed in, the token is still {box['width']:.0f} px wide"
    page.touchscreen.tap(x, y + box["height"] / 2 + 6)  # beside it, not on it


#: The last button tapped: where, and when (time.monotonic()).
LAST_BUTTON: list[tuple[float, float, float]] = []


def tap_button(page: Page, button) -> None:
    """Tap a button as a finger would: a new button that came up under the finger's last tap
    is tapped after a moment, not as the second tap of a double tap (the page hears that only
    if it means what the first did: browser/dom_input.py ``_counts``)."""
    x, y, _ = centre_of(button)
    if LAST_BUTTON:
        lx, ly, at = LAST_BUTTON[0]
        wait = 0.6 - (time.monotonic() - at)
        if abs(x - lx) + abs(y - ly) <= 30 and wait > 0:
            page.wait_for_timeout(wait * 1000)
    button.tap()
    LAST_BUTTON[:] = [(x, y, time.monotonic())]


def centre_of(locator) -> tuple[float, float, dict]:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, box


def tap(page: Page, what: str, value) -> None:
    unguarded(page, what, value)
    if what == "region":  # where its name is printed (taps pass through names)
        x, y, _ = on_map(page, f'#map text.region-label[data-region="{value}"]')
        page.touchscreen.tap(x, y)
    elif what == "card":  # on the board if it is a target there, else in the cards' sheet
        on_board = page.locator(f'#map [data-take="{value}"]')
        if not on_board.count() or not on_board.first.is_visible():
            if not page.locator("#cards").is_visible():
                page.locator('[data-choice="sheet:cards"]').tap()
            page.locator(f'#cards [data-card="{value}"]').tap()
        else:
            x, y, _ = on_map(page, f'#map [data-take="{value}"]')
            page.touchscreen.tap(x, y)
    elif what == "token":
        tap_token(page, *value)
    elif what == "choice":
        tap_button(page, page.locator(f'[data-choice="{value}"]'))
    else:
        raise ValueError(what)


def pass_by_tap(page: Page) -> None:
    if page.locator('body[data-screen="pass"]').count():
        page.locator('[data-choice="pass-ready"]').tap()
        page.wait_for_function("() => document.body.dataset.screen !== 'pass'")


def perform(page: Page, game, action, before_tap=None) -> list:
    """Do ``action`` through the page by taps and on ``game`` (the test's own engine copy);
    ``before_tap(i)`` runs before the i-th tap (a screenshot of that decision)."""
    pass_by_tap(page)
    for i, (what, value) in enumerate(clicks_for(game, action)):
        if before_tap is not None:
            before_tap(i)
        tap(page, what, value)
    events = game.apply(action)
    wait_actions(page, len(game.history))
    return events
