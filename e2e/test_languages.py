"""The page in Spanish, Danish and German, in a real browser (docs/translating.md).

The expected words come from the built site's own compiled catalogues (``dist/locale``), read
with Python's gettext as the page reads them; the English source from ``web/text/catalogue.py``.
"""

from __future__ import annotations

import gettext
import random
import re
import sys

import pytest
from conftest import DIST, READY_TIMEOUT_MS, ROOT, hold_runtime
from playwright.sync_api import Browser, Page, expect
from test_play import check_results
from uidriver import perform, shot
from uipaths import choose

import rattus

sys.path.insert(0, str(ROOT / "web"))
from text.catalogue import EN  # noqa: E402  (the English source catalogue)

#: Toolbar buttons and the keys of their labels (index.html's data-text).
TOOLBAR = {"new-game": "btn.new_game", "undo": "btn.undo", "toggle-log": "btn.log",
           "toggle-rules": "btn.rules", "hint": "btn.hint"}


def words(lang: str) -> gettext.GNUTranslations:
    with open(DIST / "locale" / f"{lang}.mo", "rb") as fp:
        return gettext.GNUTranslations(fp)


def say(lang: str, key: str) -> str:
    return EN[key] if lang == "en" else words(lang).pgettext(key, EN[key])


def pieces(template: str) -> list[str]:
    """The words of a template between its placeholders."""
    return [p.strip() for p in re.split(r"\{[^}]*\}", template) if len(p.strip()) >= 4]


def check_speaks(page: Page, lang: str) -> None:
    """``<html lang>``, the toolbar, the pace label and the status line in ``lang``."""
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for choice, key in TOOLBAR.items():
        expect(page.locator(f'#toolbar [data-choice="{choice}"]')).to_have_text(say(lang, key))
        assert lang == "en" or say(lang, key) != EN[key], key  # really translated
    expect(page.locator("#pace-label")).to_have_text(say(lang, "pace.label"))
    expect(page.locator("#lang")).to_have_value(lang)


def play_some(page: Page, game, seed: int, actions: int | None = None) -> None:
    rng, seen = random.Random(seed), set()
    while not game.is_over and (actions is None or len(game.history) < actions):
        perform(page, game, choose(game, rng, seen))
        assert not page.locator("#notice").is_visible(), page.locator("#notice").inner_text()


def test_a_game_in_spanish_by_clicks(page: Page, open_game, guard) -> None:
    """``?lang=es``: the whole page in Spanish, from the first script to the results."""
    open_game(page, "players=2&seed=8&names=Ana,Beto&pace=0&lang=es")
    check_speaks(page, "es")
    assert page.evaluate("rattusText('boot.loading')") == say("es", "boot.loading")
    cards = page.locator("#cards").inner_text()
    for card in ("Peasant", "Merchant", "Monk", "Knight", "Witch", "King"):
        assert say("es", f"card.{card}") in cards
    game = rattus.new_game(players=2, seed=8)
    play_some(page, game, 8)
    check_results(page, game)
    results = page.locator('.dialog[data-screen="results"]').inner_text()
    assert EN["btn.new_game"] not in results
    assert page.title() == say("es", "ui.title")


def test_a_danish_browser_gets_danish(browser: Browser, site_url: str, guard) -> None:
    """No ``?lang``: the browser's language (``da-DK``) decides; a short game in Danish."""
    context = browser.new_context(locale="da-DK", base_url=site_url,
                                  viewport={"width": 1280, "height": 800})
    guard.attach(context)
    page = context.new_page()
    page.goto("./?players=2&seed=3&names=Anne,Bo&pace=0")
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    check_speaks(page, "da")
    game = rattus.new_game(players=2, seed=3)
    play_some(page, game, 3)
    check_results(page, game)
    log = page.locator("#log").inner_text()
    assert say("da", "log.final_plague") in log
    context.close()


def test_a_first_visitor_on_a_phone_picks_the_language_over_the_welcome(
        browser: Browser, site_url: str, guard) -> None:
    """The welcome leaves the language switch free: tapped on a phone, it speaks German and
    the welcome stays, now in German."""
    context = browser.new_context(base_url=site_url, viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True, service_workers="block")
    guard.attach(context)
    page = context.new_page()
    page.goto("./")
    welcome = page.locator('.dialog[data-screen="welcome"]')
    expect(welcome).to_be_visible(timeout=READY_TIMEOUT_MS)
    switch = page.locator("#lang")
    box = switch.bounding_box()
    assert box is not None
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).id",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit == "lang"  # a tap there reaches the switch, not the dialog's backdrop
    switch.select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(welcome).to_contain_text(say("de", "welcome.title"))
    context.close()


def test_a_language_chosen_while_python_loads_is_kept(page: Page, base_url, guard) -> None:
    """Chosen before the game is on the page (here: Python held back), German is spoken at
    once, the game starts in it, and the next visit keeps it."""
    release = hold_runtime(page)
    page.goto(base_url + "/?lang=en")
    expect(page.locator("#status")).to_have_text(say("en", "boot.loading"))
    page.locator("#lang").select_option("de")
    expect(page.locator("#status")).to_have_text(say("de", "boot.loading"))
    assert "lang=" not in page.url  # the choice replaces the address's language
    release()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator('[data-choice="new-game"]')).to_have_text(say("de", "btn.new_game"))
    expect(page.locator("#lang")).to_have_value("de")
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator("html")).to_have_attribute("lang", "de")


def test_switching_language_mid_game_keeps_the_game(page: Page, open_game, guard) -> None:
    """The switch in the toolbar: the same game, the same screen (a pick under way stays), the
    log told again in the new language; remembered after a reload."""
    open_game(page, "players=2&seed=8&names=Ann,Bob&pace=0")
    check_speaks(page, "en")
    game = rattus.new_game(players=2, seed=8)
    play_some(page, game, 8, actions=12)
    before = page.evaluate("rattusGameJson()")
    page.select_option("#lang", "de")
    check_speaks(page, "de")
    assert page.evaluate("rattusGameJson()") == before
    assert page.locator("body").get_attribute("data-actions") == str(len(game.history))
    log = page.locator("#log").inner_text()  # the setup lines, told again in German
    assert all(piece in log for piece in pieces(say("de", "log.setup_placed")))
    assert not any(piece in log for piece in pieces(EN["log.setup_placed"]))
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    check_speaks(page, "de")  # remembered
    assert page.evaluate("rattusGameJson()") == before
    play_some(page, game, 9, actions=16)  # and the game goes on in German
    check_speaks(page, "de")


def test_an_unknown_language_in_the_address_is_said(page: Page, open_game, guard) -> None:
    open_game(page, "lang=xx")
    expect(page.locator("#notice")).to_contain_text('"xx"')
    expect(page.locator("html")).to_have_attribute("lang", "en")


@pytest.mark.parametrize("lang", ["en", "es", "de", "da"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_no_text_overflows(browser: Browser, site_url: str, guard, lang: str,
                           size: str) -> None:
    """German runs a third longer than English: no button, card or panel is cut off, at
    1280×800 and on a 390×844 phone, during a game and on the welcome."""
    phone = size == "phone"
    context = browser.new_context(
        base_url=site_url, viewport={"width": 390, "height": 844} if phone else
        {"width": 1280, "height": 800}, is_mobile=phone, has_touch=phone)
    guard.attach(context)
    page = context.new_page()
    page.goto(f"./?lang={lang}")  # a first visit: the welcome
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    assert overflowing(page) == []
    shot(page, f"lang_{lang}_{size}_welcome")
    page.goto(f"./?players=4&seed=35&pace=0&lang={lang}")
    page.wait_for_selector("body[data-ready]", timeout=READY_TIMEOUT_MS)
    assert overflowing(page) == []
    if not phone:  # the toolbar on one line: the map where it always is
        rows = page.evaluate("""() => { const bar = document.getElementById('toolbar');
            const tallest = Math.max(...[...bar.children].map(n => n.offsetHeight));
            return bar.offsetHeight / tallest; }""")
        assert rows < 1.5
    shot(page, f"lang_{lang}_{size}")
    if phone:  # the toolbar is folded into the Menu there: open, in each language
        page.locator("#menu-button").click()
        expect(page.locator("#toolbar")).to_be_visible()
        assert overflowing(page) == []
        shot(page, f"lang_{lang}_{size}_menu")
    page.locator('#toolbar [data-choice="new-game"]').click()
    expect(page.locator(".dialog")).to_be_visible()
    assert overflowing(page) == []
    shot(page, f"lang_{lang}_{size}_dialog")
    context.close()


def overflowing(page: Page) -> list[str]:
    """Visible buttons, cards, panels and fields whose text is wider than their box."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '.btn, button, .card, .panel, .dialog, #toolbar, .statusbar, select, label')]
      .filter(n => n.offsetParent !== null && n.scrollWidth > n.clientWidth + 1)
      .map(n => (n.dataset.choice || n.dataset.card || n.id || n.className) + ': ' +
               n.textContent.trim().slice(0, 40))""")


def test_a_switch_of_language_reaches_the_screen_readers_texts(page: Page, open_game,
                                                               guard) -> None:
    """After a switch from English to German, the texts only a screen reader hears — the
    accessible names (aria-label), the SVG titles, the hover titles and the live regions —
    are German too: none is left as it was in English (names of places and players aside)."""
    open_game(page, "players=2&seed=8&names=Ann,Bob&pace=0&lang=en")
    game = rattus.new_game(players=2, seed=8)
    play_some(page, game, 8, actions=6)
    said = """() => [...document.querySelectorAll(
        '[aria-label], [title], svg title, [aria-live], [role=status]')]
      .map(n => n.tagName.toLowerCase() === 'title' || n.matches('[aria-live], [role=status]')
           ? n.textContent : (n.getAttribute('aria-label') || n.getAttribute('title')))
      .map(s => (s || '').trim()).filter(Boolean)"""
    names = [*rattus.REGIONS, "Ann", "Bob", "Rattus", "Reserve"]  # (German: Reserve too)

    def worded(texts: list[str]) -> set[str]:
        """Texts with words of the language in them (not only names and numbers)."""
        out = set()
        for text in texts:
            rest = text
            for name in names:
                rest = rest.replace(name, "")
            if re.search(r"[A-Za-zÄÖÜäöüß]{3,}", rest):
                out.add(text)
        return out

    english = worded(page.evaluate(said))
    assert len(english) > 20
    page.select_option("#lang", "de")
    check_speaks(page, "de")
    left = english & worded(page.evaluate(said))
    assert left == set()
