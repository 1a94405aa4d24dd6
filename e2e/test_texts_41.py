"""Issue 41 on a phone (360×740 and 390×844, a touch screen): How to play fits the width, the
results' column heads break between words only, and the Hint button is where the lesson's
note says it is (the row at the foot of the screen; tests/web/test_texts_41.py checks the
note's words).

Run against another build than ``dist/``: ``RATTUS_DIST=/tmp/x/dist`` (e2e/conftest.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, expect
from uidriver import ARTIFACTS

PHONES = [(360, 740), (390, 844)]
#: Names long enough to take a narrow table's room (two words each: a name may wrap)
NAMES = "Annemarie Schneider,Bartholomäus Müller,Christopher Hansen,Dorothea Jørgensen"

#: Every word of each visible column head, and whether its letters lie on more than one line
#: (a Range over the word: one box per line it covers). A head shown shortened on a phone
#: (its abbr) counts by the words it shows.
SPLIT_WORDS_JS = """d => {
  const split = [], heads = [];
  for (const th of d.querySelectorAll('thead th')) {
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.parentElement.getClientRects().length) continue;  // (display: none)
      for (const m of n.data.matchAll(/\\S+/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].filter(q => q.width > 0)
          .map(q => Math.round(q.top)));
        heads.push(m[0]);
        if (lines.size > 1) split.push(m[0]);
      }
    }
  }
  return {split, heads};
}"""

#: How to play against the screen: anything reaching past the dialog's sides, the widest
#: scroll box inside it, and each picture's width against its text's (its boxes: the page's
#: elements and each picture whole; what a picture draws past its own window is not shown).
FIT_JS = """d => {
  const box = d.getBoundingClientRect();
  const boxes = [...d.querySelectorAll('*')].filter(
    e => e instanceof HTMLElement || e instanceof SVGSVGElement && !e.parentElement.closest('svg'));
  const past = boxes.map(e => [e, e.getBoundingClientRect()])
    .filter(([e, r]) => r.width && (r.right > box.right + .5 || r.left < box.left - .5))
    .map(([e, r]) => `${e.tagName}.${e.getAttribute('class') || ''} ${r.left | 0}–${r.right | 0}`);
  const scroll = Math.max(0, ...[d, ...boxes].filter(e => e instanceof HTMLElement)
    .map(e => e.scrollWidth - e.clientWidth).filter(x => x > 1));
  const body = d.querySelector('.help-body').getBoundingClientRect();
  const pictures = [...d.querySelectorAll('.help-body svg:not(.ico-inline):not(.piece-inline)')]
    .map(s => s.getBoundingClientRect().width / body.width);
  return {past: past.slice(0, 8), scroll, pictures,
          page: document.documentElement.scrollWidth - innerWidth};
}"""


def phone(browser: Browser, site_url: str, size: tuple[int, int]) -> BrowserContext:
    width, height = size
    return browser.new_context(base_url=site_url, viewport={"width": width, "height": height},
                               is_mobile=True, has_touch=True, service_workers="block")


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_how_to_play_fits_a_phones_width_in_german(browser: Browser, site_url: str, open_game,
                                                   size: tuple[int, int]) -> None:
    """Its contents wrap (no strip of links wider than the screen, no sideways scroll), its
    pictures are a share of the text's width, and a link still takes the reader there."""
    context = phone(browser, site_url, size)
    try:
        page = context.new_page()
        open_game(page, "lang=de")
        page.locator('.dialog[data-screen="welcome"] [data-choice="help"]').tap()
        howto = page.locator('#help .dialog[data-screen="rules"]')
        expect(howto).to_be_visible()
        toc = howto.locator(".help-toc")
        expect(toc.locator('a[data-help="goal"]')).to_be_in_viewport()  # opened at its start
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"texts41_howto_{size[0]}.png"))
        m = howto.evaluate(FIT_JS)
        assert m["past"] == [] and m["scroll"] == 0 and m["page"] <= 0, m
        assert toc.evaluate("t => t.scrollWidth - t.clientWidth") <= 1
        assert m["pictures"] and max(m["pictures"]) <= 0.5, m["pictures"]
        link = toc.locator('a[data-help="legend"]')
        lines = toc.evaluate("t => new Set([...t.children].map(li => li.offsetTop)).size")
        assert lines > 1  # (wrapped)
        link.tap()
        expect(howto.locator("#help-legend")).to_be_in_viewport()
        page.screenshot(path=str(ARTIFACTS / f"texts41_howto_legend_{size[0]}.png"))
        assert howto.evaluate(FIT_JS)["past"] == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["de", "da"])
@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_results_heads_break_between_words_only(browser: Browser, site_url: str, open_game,
                                                    size: tuple[int, int], lang: str) -> None:
    """Long names take the table's room; a head may go on two lines, never split inside a
    word ("Pala ds", "Pun kte") — in the results and in the analysis."""
    context = phone(browser, site_url, size)
    try:
        page = context.new_page()
        open_game(page, f"players=4&seed=31&bots=easy,easy,easy,easy&pace=0&names={NAMES}"
                        f"&lang={lang}")
        results = page.locator('.dialog[data-screen="results"]')
        expect(results).to_be_visible(timeout=120_000)
        for name in ("results", "analysis"):
            dialog = page.locator(f'.dialog[data-screen="{name}"]')
            if name == "analysis":
                results.locator('[data-choice="analysis"]').tap()
                expect(dialog).to_be_visible()
            ARTIFACTS.mkdir(exist_ok=True)
            dialog.screenshot(path=str(ARTIFACTS / f"texts41_{name}_{lang}_{size[0]}.png"))
            m = dialog.evaluate(SPLIT_WORDS_JS)
            assert m["heads"] and m["split"] == [], (name, m)
    finally:
        context.close()


@pytest.mark.parametrize("size", PHONES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_hint_button_is_in_the_row_at_the_foot_of_a_phones_screen(
        browser: Browser, site_url: str, open_game, size: tuple[int, int]) -> None:
    """Where the lesson's note on a touch screen sends the player (coach.hint.touch)."""
    context = phone(browser, site_url, size)
    try:
        page = context.new_page()
        open_game(page, "players=2&seed=5&names=Ann,Bob&pace=0&lang=de")
        hint = page.locator('.toolbar [data-choice="hint"]')
        expect(hint).to_be_visible()
        box = hint.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] >= size[1] - 2, box  # the screen's last row
        assert hint.inner_text().strip() == "Tipp"
        dock = page.locator(".dock-tab").first.bounding_box()
        assert dock is not None and abs(dock["y"] - box["y"]) <= 2, (dock, box)  # the dock's
    finally:
        context.close()
