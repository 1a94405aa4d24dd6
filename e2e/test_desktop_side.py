"""A desktop's table uses its width: the board as large as the window's height allows, no
blank band beside it, and the side column shows what a turn needs without scrolling.

At 1920×1080 and 1280×800, in German (the longest language) and English, in a 4-player game
at three moments — the start, a position after some moves, and a strike being told and then
waiting to be seen (Continue, before a bot's move) — the page is measured:

* the blank band beside the board, left of it and between it and the side column: at most
  ``BAND`` px (the map's column takes the board's width, the side column the rest);
* the status line, the decision's enabled buttons, the strike story (when shown) and the
  players' panel lie inside the viewport and inside every scrolling box around them (nothing
  of them scrolled out of the side column's view);
* the reason beside Undo is whole: no box cuts it (its text inside the viewport, not covered,
  no scrolled or clamped overflow).

The figures are printed (``-s``): the board's size and share, the bands, how much the side
column holds over its height.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import Browser, Page
from test_table import open_position
from uidriver import pass_if_asked, shot
from uipaths import choose, tags

import rattus

SIZES = {"1920×1080": {"width": 1920, "height": 1080},
         "1280×800": {"width": 1280, "height": 800}}
BAND = 40  # px: the widest blank band allowed beside the board
SEED = 11
NAMES = ("Anna", "Bernhard", "Christiane", "Dietrich")
COLOURS = ("red", "blue", "green", "yellow")
AFTER = 45  # actions: a position in the middle of the game
#: In SEED's game played by the e2e test player (uipaths.choose), the human's spread that
#: strikes with three tokens, a bot's turn next (found below, checked)
STRIKE_AT = 73

MEASURE = """() => {
  const box = el => el.getBoundingClientRect();
  const round = r => ({left: Math.round(r.left), top: Math.round(r.top),
                       right: Math.round(r.right), bottom: Math.round(r.bottom)});
  const within = (r, o) => r.left >= o.left - 0.5 && r.top >= o.top - 0.5
    && r.right <= o.right + 0.5 && r.bottom <= o.bottom + 0.5;
  const view = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  // inside the viewport and inside the visible part of every box around it that clips
  const inView = el => {
    const r = box(el);
    if (!within(r, view)) return false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const o = box(a);
      const inner = {left: o.left + a.clientLeft, top: o.top + a.clientTop,
                     right: o.left + a.clientLeft + a.clientWidth,
                     bottom: o.top + a.clientTop + a.clientHeight};
      if (!within(r, inner)) return false;
    }
    return true;
  };
  const shown = el => el && !el.hidden && box(el).width > 0 && box(el).height > 0;
  const map = document.getElementById('map'), holder = document.getElementById('map-holder');
  const side = document.getElementById('side'), area = document.getElementById('decision-area');
  const board = box(map), cell = box(holder);
  const sideLeft = Math.min(box(side).left, box(area).left);
  const wanted = [document.getElementById('status'),
                  ...document.querySelectorAll('#bar button:not([disabled])'),
                  document.getElementById('strike'), document.getElementById('players')]
    .filter(shown).map(el => ({what: el.id || el.dataset.choice || el.textContent.trim(),
                                inside: inView(el),
                                at: round(box(el))}));
  const why = document.getElementById('undo-why');
  const range = document.createRange();
  range.selectNodeContents(why);
  const text = range.getBoundingClientRect();
  const hit = (x, y) => { const e = document.elementFromPoint(x, y);
    return e === why || why.contains(e); };
  const s = getComputedStyle(why);
  const clipsX = s.overflowX !== 'visible', clipsY = s.overflowY !== 'visible';
  return {
    board: {width: Math.round(board.width), height: Math.round(board.height),
            share: board.width * board.height / (innerWidth * innerHeight)},
    left: board.left - cell.left, right: sideLeft - board.right,
    side: {width: Math.round(innerWidth - sideLeft), holds: side.scrollHeight,
           shows: side.clientHeight},
    wanted, strike: document.body.dataset.strike || '',
    why: {text: why.textContent, sw: why.scrollWidth, cw: why.clientWidth,
          sh: why.scrollHeight, ch: why.clientHeight,
          cut: (clipsX && why.scrollWidth > why.clientWidth + 1)
            || (clipsY && why.scrollHeight > why.clientHeight + 1)
            || s.webkitLineClamp !== 'none' && why.scrollHeight > why.clientHeight + 1,
          inside: within(text, view),
          seen: !why.textContent || (hit(text.left + 2, text.top + 2)
                                     && hit(text.right - 2, text.bottom - 2))},
    scrolls: document.scrollingElement.scrollHeight > innerHeight,
  };
}"""


def game_at(step: int) -> rattus.Game:
    """SEED's 4-player game, played by the e2e test player, after ``step`` actions."""
    game = rattus.new_game(players=4, seed=SEED)
    rng, seen = random.Random(SEED), set()
    while len(game.history) < step:
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        game.apply(action)
    return game


def check(page: Page, size: str, lang: str, moment: str, figures: list[str],
          faults: list[str]) -> dict:
    """Measure the page now; its figures go to ``figures``, what fails to ``faults`` (every
    moment is measured and printed before the test fails)."""
    m = page.evaluate(MEASURE)
    where = f"{size} {lang}, {moment}"
    figures.append(
        f"{where}: board {m['board']['width']}×{m['board']['height']} "
        f"({m['board']['share']:.0%}), band left {m['left']:.0f} right {m['right']:.0f} px, "
        f"side {m['side']['width']} px wide holds {m['side']['holds']} px in "
        f"{m['side']['shows']}, undo reason {m['why']['sw']}/{m['why']['cw']} px wide "
        f"({m['why']['text']!r})")
    shot(page, "desktop_side_" + "_".join(re.sub(r"\W+", "-", w).strip("-")
                                          for w in (size, lang, moment)))
    why = m["why"]
    for fault, bad in (
            (f"a blank band beside the board: {m['left']:.0f}, {m['right']:.0f} px",
             m["left"] > BAND or m["right"] > BAND),
            ("the status or the players not shown",
             not {"status", "players"} <= {w["what"] for w in m["wanted"]}),
            (f"out of view: {[w for w in m['wanted'] if not w['inside']]}",
             not all(w["inside"] for w in m["wanted"])),
            (f"the undo reason cut: {why}", why["cut"] or not why["inside"] or not why["seen"]
             or why["sw"] > why["cw"]),
            ("the page scrolls", m["scrolls"])):
        if bad:
            faults.append(f"{where}: {fault}")
    return m


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", SIZES)
def test_the_side_column_shows_the_turn_and_the_board_fills_its_column(
        browser: Browser, site_url: str, guard, size: str, lang: str) -> None:
    context = browser.new_context(base_url=site_url, service_workers="block",
                                  viewport=SIZES[size])
    guard.attach(context)
    figures: list[str] = []
    faults: list[str] = []
    try:
        page = context.new_page()
        # the start
        page.goto(f"./?players=4&seed={SEED}&names={','.join(NAMES)}&pace=0&lang={lang}")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        check(page, size, lang, "start", figures, faults)
        # after some moves (every seat a person: hotseat)
        page.goto(f"./?lang={lang}&pace=0")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        open_position(page, game_at(AFTER))
        pass_if_asked(page)
        m = check(page, size, lang, f"after {AFTER} moves", figures, faults)
        assert any(w["what"] == "strike" for w in m["wanted"]), "no strike shown yet"
        # a strike told, then waiting to be seen before the bots play on
        game = game_at(STRIKE_AT)
        spread = rattus.parse_action("spread Turcia")
        assert game.current_player == 0 and spread in game.legal_actions()
        save = {"format": "rattus-savefile", "version": 1, "game": json.loads(game.to_json()),
                "seats": [{"name": n, "colour": c, "kind": "human" if i == 0 else "easy"}
                          for i, (n, c) in enumerate(zip(NAMES, COLOURS, strict=True))],
                "pace_ms": 600}
        page.goto(f"./?lang={lang}")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        page.set_input_files("#import-file", files=[{
            "name": "position.json", "mimeType": "application/json",
            "buffer": json.dumps(save).encode()}])
        page.wait_for_function(f"() => Number(document.body.dataset.actions) === {STRIKE_AT}"
                               " && !document.body.dataset.busy")
        page.locator('#map text.region-label[data-region="Turcia"]').click(force=True)
        page.wait_for_selector('body[data-strike="told"]', state="attached")
        m = check(page, size, lang, "a strike told", figures, faults)
        assert m["strike"] == "told"
        page.wait_for_selector('body[data-strike="held"]:not([data-busy="1"])',
                               state="attached", timeout=20_000)
        m = check(page, size, lang, "the strike to be seen", figures, faults)
        assert m["strike"] == "held"
        assert {"strike", "story-seen"} <= {w["what"] for w in m["wanted"]}, m["wanted"]
    finally:
        context.close()
        print("\n" + "\n".join(figures))
    assert not faults, "\n".join(faults)


def test_the_strike_position_strikes() -> None:
    """(The position above: the human's spread strikes, and a bot plays next.)"""
    game = game_at(STRIKE_AT)
    events = game.apply(rattus.parse_action("spread Turcia"))
    assert any(e["kind"] == "strike" for e in events) and game.current_player != 0
