"""The board in Chromium: changes acted out on it, and nothing drawn over anything.

Computer players play whole turns by themselves at a slow pace; the page logs each motion it
starts (``window.rattusMotionLog``) and the test watches a drawing travel: seen between its
start and its end. At instant pace, and for a player who asked for reduced motion, nothing
moves. On a phone (390×844, touch, the whole board, no zoom) and at 1280×800, in German, the
drawn texts and pieces are measured: none intersects another, texts at least 11 px on the phone
and 12 px on the desktop, rat tokens at least 24 px and cube pieces 16 px on the phone.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page

ALL_BOTS = "players=3&seed=4&bots=normal,normal,normal"

#: Each drawn thing of the board, its on-screen box (the overlay's direct kinds).
MEASURE = """() => {
  const out = [];
  const sel = '#overlay .token, #overlay .cube, #overlay .plague-piece, #overlay text,' +
              '#overlay .strip, #overlay .far-mark, #overlay .neutral-mark, ' +
              '#overlay .players-table .piece, #overlay .loss-mark';
  for (const n of document.querySelectorAll(sel)) {
    // a count on a piece, a threshold on a token, a mark's number: inside their piece
    if (n.tagName === 'text' && n.closest('.token, .cube, .turn-over, .far-mark, ' +
                                          '.neutral-mark, .loss-mark')) continue;
    const r = n.getBoundingClientRect();
    const size = n.tagName === 'text' ? parseFloat(getComputedStyle(n).fontSize) *
      (n.getScreenCTM().a) : 0;
    out.push({kind: n.getAttribute('class') || n.tagName, tag: n.tagName,
              text: n.textContent, x: r.left, y: r.top, w: r.width, h: r.height, size});
  }
  return out;
}"""


def motions(page: Page) -> list[dict]:
    return [json.loads(m) for m in page.evaluate("Array.from(window.rattusMotionLog || [])")]


def test_a_computer_turn_is_acted_out_on_the_board(page: Page, open_game) -> None:
    """R3.5 cubes placed, R4.1 a card taken, R4.3 the plague piece moving, R5.1 new rat
    tokens from the supply: each travels on the board, seen between where it starts and
    where it ends."""
    open_game(page, ALL_BOTS + "&pace=700")
    seen_between = set()
    for _ in range(400):
        ghost = page.evaluate("""() => { const g = document.querySelector('#ghosts .ghost');
            if (!g) return null; const m = g.getCTM();
            const a = g.getAnimations()[0];
            return {kind: g.dataset.motion, x: m.e, y: m.f,
                    t: a ? a.currentTime : null}; }""")
        if ghost and ghost["t"]:
            log = [m for m in motions(page) if m["kind"] == ghost["kind"]]
            path = log[-1]["path"]
            (x0, y0), (x1, y1) = path[0], path[-1]
            if min(abs(ghost["x"] - x0) + abs(ghost["y"] - y0),
                   abs(ghost["x"] - x1) + abs(ghost["y"] - y1)) > 3:
                seen_between.add(ghost["kind"])
        kinds = {m["kind"] for m in motions(page)}
        if {"setup_placed", "plague_moved", "rat_spread", "card_taken"} <= kinds and \
                {"plague_moved", "setup_placed"} <= seen_between:
            break
        page.wait_for_timeout(60)
    kinds = {m["kind"] for m in motions(page)}
    assert {"setup_placed", "plague_moved", "rat_spread", "card_taken"} <= kinds
    assert {"plague_moved", "setup_placed"} <= seen_between


@pytest.mark.parametrize("how", ["instant pace", "reduced motion"])
def test_nothing_moves_at_instant_pace_or_with_reduced_motion(browser: Browser, base_url: str,
                                                              how: str) -> None:
    context = browser.new_context(reduced_motion="reduce" if how == "reduced motion"
                                  else "no-preference")
    page = context.new_page()
    pace = "0" if how == "instant pace" else "400"
    page.goto(base_url + "?" + ALL_BOTS + f"&pace={pace}")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
    page.wait_for_function("Number(document.body.dataset.actions || 0) > 8", timeout=60_000)
    assert motions(page) == [] and page.locator("#ghosts .ghost").count() == 0
    context.close()


def clashes(things: list[dict]) -> list[str]:
    out = []
    for i, a in enumerate(things):
        for b in things[i + 1:]:
            w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
            h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
            if w > 0.5 and h > 0.5:
                out.append(f'{a["kind"]} {a["text"]!r} × {b["kind"]} {b["text"]!r}')
    return out


@pytest.mark.parametrize("where", ["phone", "desktop"])
def test_board_texts_and_pieces_never_meet_and_are_big_enough(browser: Browser, base_url: str,
                                                               where: str) -> None:
    """Whole games of 2, 3 and 4 computer players, with the odds overlay on, measured after
    every move (the final plague included) in German."""
    phone = where == "phone"
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, is_mobile=phone, has_touch=phone,
                                  locale="de-DE")
    page = context.new_page()
    least = {"text": 99.0, "token": 99.0, "cube": 99.0}
    positions = 0
    for players in (2, 3, 4):
        bots = ",".join(["easy"] * players)
        page.goto(base_url + f"?players={players}&seed={players + 20}&bots={bots}&pace=100")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        page.evaluate("document.querySelector('[data-choice=\"toggle-odds\"]').click()")
        seen = -1
        for _ in range(2000):
            at = page.evaluate("Number(document.body.dataset.actions || 0)")
            if at != seen:
                seen = at
                things = page.evaluate(MEASURE)
                assert clashes(things) == [], f"{players} players, action {at}"
                positions += 1
                for t in things:
                    if t["tag"] == "text":
                        least["text"] = min(least["text"], t["size"])
                    elif "token" in t["kind"]:
                        least["token"] = min(least["token"], t["w"])
                    elif "cube" in t["kind"]:
                        least["cube"] = min(least["cube"], min(t["w"], t["h"]))
            if page.locator('.dialog[data-screen="results"]').count():
                break
            page.wait_for_timeout(15)
    print(f"{where}: {positions} positions; smallest text {least['text']:.1f} px, "
          f"rat token {least['token']:.1f} px, cube piece {least['cube']:.1f} px")
    assert positions > 60 and least["text"] < 99  # (texts were measured)
    assert least["text"] >= (11 if phone else 12)
    if phone:
        assert least["token"] >= 24 and least["cube"] >= 16
    context.close()
