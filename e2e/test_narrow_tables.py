"""The results and the analysis fit a 360 px phone (360×740, a touch screen), in Spanish and
German, whose column heads are the longest: no cell reaches past its dialog's edge and no
dialog scrolls sideways; a head shortened to fit keeps its full words (``abbr``/``title``),
and no text is smaller than 11 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from uidriver import ARTIFACTS

#: Every cell of the dialog's tables against the dialog's box: the worst overflow (px), the
#: dialog's sideways scroll (px), the smallest text (px), and the heads' full words.
MEASURE_JS = """d => {
  const box = d.getBoundingClientRect();
  const cs = getComputedStyle(d);
  const left = box.left + parseFloat(cs.borderLeftWidth), right = box.right
    - parseFloat(cs.borderRightWidth);
  let over = {px: 0, what: ''};
  for (const cell of d.querySelectorAll('th, td, caption')) {
    const r = cell.getBoundingClientRect();
    if (!r.width) continue;
    const px = Math.max(r.right - right, left - r.left);
    if (px > over.px) over = {px, what: cell.textContent.trim().slice(0, 40)};
  }
  const scrollers = [d, ...d.querySelectorAll('table, figure, div')].map(
    el => el.scrollWidth - el.clientWidth).filter(x => x > 0);
  let text = {px: 1e9, what: ''};
  for (const cell of d.querySelectorAll('th, td, caption')) {
    if (!cell.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(cell).fontSize);
    if (px < text.px) text = {px, what: cell.textContent.trim().slice(0, 30)};
  }
  const heads = [...d.querySelectorAll('thead th')].map(th => {
    const abbr = th.querySelector('abbr');
    const shown = abbr && getComputedStyle(abbr).display !== 'none';
    return {text: th.innerText.trim(), full: shown ? abbr.title : th.innerText.trim(),
            abbr: shown}; });
  return {over, scroll: Math.max(0, ...scrollers), text, heads,
          page: document.documentElement.scrollWidth - innerWidth};
}"""


@pytest.mark.parametrize("lang", ["es", "de"])
def test_results_and_analysis_fit_a_360px_phone(browser: Browser, site_url: str, open_game,
                                               lang: str) -> None:
    context = browser.new_context(base_url=site_url, viewport={"width": 360, "height": 740},
                                  is_mobile=True, has_touch=True, service_workers="block")
    try:
        page = context.new_page()
        open_game(page, f"players=4&seed=31&bots=easy,easy,easy,easy&pace=0&lang={lang}")
        results = page.locator('.dialog[data-screen="results"]')
        expect(results).to_be_visible(timeout=120_000)
        for name, dialog in (("results", results),
                             ("analysis", page.locator('.dialog[data-screen="analysis"]'))):
            if name == "analysis":
                results.locator('[data-choice="analysis"]').tap()
                expect(dialog).to_be_visible()
            m = dialog.evaluate(MEASURE_JS)
            ARTIFACTS.mkdir(exist_ok=True)
            dialog.screenshot(path=str(ARTIFACTS / f"narrow_{name}_{lang}.png"))
            assert m["over"]["px"] <= 0.5, (name, m["over"])
            assert m["scroll"] <= 1, (name, m)
            assert m["page"] <= 0, (name, m)
            assert m["text"]["px"] >= 11, (name, m["text"])
            for head in m["heads"]:  # a shortened head keeps its full words
                assert len(head["full"]) >= len(head["text"]), head
            assert any(head["abbr"] for head in m["heads"]), m["heads"]
    finally:
        context.close()
