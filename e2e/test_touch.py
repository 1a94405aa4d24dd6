"""A whole game on a phone (a touch screen) played by taps only, checked against the engine
on CPython; with what a finger and an eye get there measured along the way: on a 390×844
phone in German and on a small 360×740 one in Danish (issue 41).

Like test_play.py, the test keeps its own engine copy (same seed) and picks each action from
``legal_actions()`` (every kind of decision, ``uipaths.choose``), but performs it by taps
(tapdriver.py): no mouse call. Each kind of decision is photographed (e2e/artifacts/touch_*)
before its first tap. Along the way: the page is the screen (window.scrollY never changes),
the status line, the whole board across the width, the decision's buttons and the dock stay in
view, the page says "tap", region names are at least 11 px, every control a finger may take
is at least 44 px; the board's box is recorded before every tap and after every move, and
never changes (its area within 3 %, at least 55 % of the screen); the pieces a finger takes
on the board (rat tokens, the plague piece, the class cards beside the board) are 28 px at
390 px and 24 at 360, and no tap zooms in before a choice.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect
from tapdriver import TOKEN_TAPS, measure, next_frame, perform, pieces
from test_languages import say
from test_play import SEED_4P, check_privacy, check_results
from uidriver import shot
from uipaths import ALL_TAGS, choose, tags

import rattus

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
#: The phones a whole game is played on: (width, height, language, a piece's least size)
PHONES = {"390x844-de": (390, 844, "de", 28), "360x740-da": (360, 740, "da", 24)}
FINGER_PX = 44
NAME_PX = 11
#: The board's area may vary by this much over a game (sub-pixel rounding), and covers at
#: least this share of the screen
BOARD_STEADY = 0.03
BOARD_SHARE = 0.55


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **PHONE}


#: Where the board stood at the first check of a test (it never moves afterwards).
BOARD_Y: list[float] = []


def check_first_screen(page: Page) -> None:
    """The page is the screen, as a game app's (never scrolled, by the player or by itself):
    the status line at the top, the whole board under it across the width, the decision's
    buttons pinned under the board, then the dock of the other panels, all in view; no sheet
    over the board unless one was asked for."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    fits = page.evaluate("""() => ({y: scrollY, h: document.scrollingElement.scrollHeight})""")
    assert fits == {"y": 0, "h": height}, fits
    status = page.locator(".status-row").bounding_box()  # (its words may run on, hidden)
    holder = page.locator("#map-holder").bounding_box()
    board = page.locator("#map").bounding_box()
    bar = page.locator(".decision-row").bounding_box()
    dock = page.locator(".dock-tab").first.bounding_box()
    assert status["y"] >= 0 and status["y"] + status["height"] < holder["y"] + 1
    assert abs(holder["width"] - width) < 0.5 and abs(holder["x"]) < 0.5
    # across the width, and always in the same place: the board never moves under a finger
    # (a decision of many buttons grows up over the board's foot)
    assert board["width"] > width - 0.5, board
    if not BOARD_Y:
        BOARD_Y.append(board["y"])
    assert abs(board["y"] - BOARD_Y[0]) < 0.5, (board, BOARD_Y)
    assert board["y"] >= holder["y"] - 1
    assert bar["y"] > board["y"] + board["height"] * 0.75  # (at most over the board's foot)
    assert bar["y"] + bar["height"] <= dock["y"] + 1
    assert dock["y"] + dock["height"] <= height, dock
    if page.locator("body").get_attribute("data-strike-strip") in (None, ""):
        expect(page.locator("#side")).to_be_hidden()


def check_sizes(page: Page, worst: dict) -> None:
    m = measure(page)
    for key in ("target", "text", "label", "drawn", "map"):
        if m[key]["px"] < worst.get(key, {"px": 1e9})["px"]:
            worst[key] = {**m[key], "zoom": m["zoom"]}
    assert m["target"]["px"] >= FINGER_PX, m["target"]
    assert m["label"]["px"] >= NAME_PX, m["label"]


class BoardWatch:
    """The board's box at every look, and the least size of each piece a finger takes."""

    def __init__(self, least_px: float) -> None:
        self.least_px = least_px
        self.boxes: list[dict] = []
        self.pieces: dict[str, dict] = {}

    def look(self, page: Page, when: str) -> None:
        seen = pieces(page)
        self.boxes.append({**seen.pop("board"), "when": when})
        if page.locator('body[data-zoom="1.00"]').count() == 0:
            return  # (a player's own pinch: pieces drawn larger, not counted)
        for kind, m in seen.items():
            if m["px"] < self.pieces.get(kind, {"px": 1e9})["px"]:
                self.pieces[kind] = {**m, "when": when}
            if kind != "plague piece (drawn, height)":
                assert m["px"] >= self.least_px - 0.05, (kind, m, when)

    def report(self, screen: tuple[int, int]) -> str:
        areas = [b["w"] * b["h"] for b in self.boxes]
        least, most = min(areas), max(areas)
        share = least / (screen[0] * screen[1])
        assert most / least - 1 <= BOARD_STEADY, (self.boxes[areas.index(least)],
                                                  self.boxes[areas.index(most)])
        assert share >= BOARD_SHARE, share
        lines = [f"the board's box at {len(areas)} looks: {least:.0f}–{most:.0f} px² "
                 f"(varies {100 * (most / least - 1):.2f} %), {100 * share:.1f} % of the "
                 f"screen; y {min(b['y'] for b in self.boxes):.1f}–"
                 f"{max(b['y'] for b in self.boxes):.1f}"]
        lines += [f"  {kind}: {m['px']:.1f} px ({m['what'].strip()})"
                  for kind, m in sorted(self.pieces.items())]
        return "\n".join(lines)


#: A strike's strip on the phone: the token it should show (the newest while the strike is
#: told; once it waits to be seen, the first that cost a cube, if one did), whether that one
#: is whole in its view, and how many tokens it has (None: no strip shown now).
STRIP_JS = """() => {
  if (document.body.dataset.strikeStrip !== '1') return null;
  const strip = document.querySelector('#strike .strike-list');
  const items = strip ? [...strip.querySelectorAll(':scope > li')] : [];
  if (!items.length) return null;
  const costly = items.findIndex(li => li.classList.contains('outbreak'));
  const at = document.body.dataset.strike === 'held' && costly >= 0 ? costly
    : items.length - 1;
  const s = strip.getBoundingClientRect(), l = items[at].getBoundingClientRect();
  return {tokens: items.length, at: at + 1, held: document.body.dataset.strike === 'held',
          whole: l.left >= s.left - 1 && l.right <= s.right + 1
          && s.bottom <= innerHeight && s.top >= 0, sign: items[at].dataset.at};
}"""


def check_strike_strip(page: Page, seen: list) -> None:
    """A strike told or waiting to be seen, on a phone: a strip at the board's foot showing
    its newest token whole while it is told, and once it waits to be seen the first token
    that cost a cube (R5.5: the loss, not a calm last token), numbered "n / m" (the sign
    that there are more)."""
    strip = page.evaluate(STRIP_JS)
    if strip is not None:
        assert strip["whole"], strip
        assert strip["sign"].startswith(f"{strip['at']} / "), strip
        seen.append(strip["tokens"])


#: The strip's token wholly in view (its "n / m"), and which page buttons show.
STRIP_VIEW_JS = """() => {
  const strip = document.querySelector('#strike .strike-list'), s = strip.getBoundingClientRect();
  const whole = [...strip.querySelectorAll(':scope > li')].filter(li => {
    const r = li.getBoundingClientRect(); return r.left >= s.left - 1 && r.right <= s.right + 1; });
  const shows = k => { const b = document.querySelector(`.strip-page[data-strip-page="${k}"]`);
    return !!b && getComputedStyle(b).display !== 'none'; };
  return {at: whole.map(li => li.dataset.at), back: shows('-1'), on: shows('1')};
}"""


def page_through_the_strip(page: Page) -> bool:
    """A strike of more than one token waiting to be seen: its "‹" button turns the strip a
    token back at each tap down to the first (where "‹" hides), "›" on again to the newest
    (where "›" hides). False if the strike had one token (nothing to page)."""
    view = page.evaluate(STRIP_VIEW_JS)
    start, tokens = (int(n) for n in view["at"][0].split(" / "))
    if tokens < 2:
        assert not view["back"] and not view["on"], view
        return False
    assert view["back"] == (start > 1) and view["on"] == (start < tokens), view
    for at in range(start - 1, 0, -1):
        page.locator('.strip-page[data-strip-page="-1"]').tap()
        page.wait_for_function(f"() => ({STRIP_VIEW_JS})().at.includes('{at} / {tokens}')")
    view = page.evaluate(STRIP_VIEW_JS)
    assert view["at"] == [f"1 / {tokens}"] and not view["back"] and view["on"], view
    shot(page, "touch_strike_strip_first")
    for at in range(2, tokens + 1):
        page.locator('.strip-page[data-strip-page="1"]').tap()
        page.wait_for_function(f"() => ({STRIP_VIEW_JS})().at.includes('{at} / {tokens}')")
    view = page.evaluate(STRIP_VIEW_JS)
    assert view["back"] and not view["on"], view
    return True


def open_the_status_box(page: Page, watch: BoardWatch) -> None:
    """Words that do not fit the status box: a tap on its sign at the foot opens them whole
    over the board (the board stays where it is); a tap on it again folds it."""
    row = page.locator(".status-row")
    box = row.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] - 70, box["y"] + box["height"] - 6)
    expect(page.locator("body")).to_have_attribute("data-status-open", "1")
    whole = page.evaluate("""() => { const r = document.querySelector('.status-row');
      return r.scrollHeight <= r.clientHeight + 1
        && r.getBoundingClientRect().bottom <= innerHeight; }""")
    assert whole, "the status box opened, its words still cut"
    watch.look(page, "the status box open")
    shot(page, "touch_status_open")
    page.wait_for_timeout(600)  # (a second tap at once would be a double tap)
    page.touchscreen.tap(box["x"] + 20, box["y"] + 10)
    expect(page.locator("body")).to_have_attribute("data-status-open", "")


#: Every scroll of the page, recorded from its first script on (the page never scrolls).
SCROLLS = """window.rattusScrolls = [];
addEventListener('scroll', () => rattusScrolls.push(scrollY), {capture: true, passive: true});"""


@pytest.mark.parametrize("phone", list(PHONES))
def test_a_whole_game_by_taps_on_a_phone(browser, site_url, open_game, guard,
                                         phone: str) -> None:
    width, height, lang, least_px = PHONES[phone]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  is_mobile=True, has_touch=True, base_url=site_url,
                                  service_workers="block")
    guard.attach(context)
    page = context.new_page()
    try:
        play_a_whole_game_by_taps(page, open_game, lang, (width, height), least_px)
    finally:
        context.close()


def play_a_whole_game_by_taps(page: Page, open_game, lang: str, screen: tuple[int, int],
                              least_px: float) -> None:
    page.add_init_script(SCROLLS)
    BOARD_Y.clear()
    TOKEN_TAPS.clear()
    open_game(page, f"players=4&seed={SEED_4P}&names=Ann,Bob,Cy,Di&pace=0&lang={lang}")
    game = rattus.new_game(players=4, seed=SEED_4P)
    status = page.locator("#status").inner_text()
    touch_words = say(lang, "status.setup.touch").split("—")[1].split("(")[0].strip()
    click_words = say(lang, "status.setup").split("—")[1].split("(")[0].strip()
    assert touch_words in status and click_words not in status, status
    # the toolbar folded into the menu, but for Hint and Show my turn
    expect(page.locator('#toolbar [data-choice="new-game"]')).to_be_hidden()
    expect(page.locator('#toolbar [data-choice="hint"]')).to_be_visible()
    expect(page.locator('#toolbar [data-choice="show-turn"]')).to_be_visible()
    check_first_screen(page)
    watch = BoardWatch(least_px)
    rng = random.Random(SEED_4P)
    seen: set[str] = set()
    worst: dict = {}
    shots: set[str] = set()
    strips: list[int] = []  # the tokens of each strike's strip seen
    while not game.is_over:
        action = choose(game, rng, seen)
        new = sorted(tags(game, action) - seen)
        seen |= tags(game, action)

        def before_tap(i: int, new=new, action=action) -> None:
            check_sizes(page, worst)
            check_strike_strip(page, strips)
            watch.look(page, f"{len(game.history)} {action} tap {i}")
            if new:
                shot(page, f"touch_{lang}_{'+'.join(new)}_{i}")

        try:
            events = perform(page, game, action, before_tap)
        except Exception as exc:
            shot(page, f"touch_{lang}_failed")
            raise AssertionError(f"after {len(game.history)} actions: {action}") from exc
        assert not page.locator("#notice").is_visible(), page.locator("#notice").inner_text()
        watch.look(page, f"{len(game.history)} after {action}")
        check_strike_strip(page, strips)
        kinds = {e["kind"] for e in events}
        if "token_revealed" in kinds and "strike" not in shots and not game.is_over:
            shots.add("strike")
            shot(page, f"touch_{lang}_strike")
        if page.locator('body[data-screen="pass"]').count() and "pass" not in shots:
            shots.add("pass")
            check_sizes(page, worst)
            shot(page, f"touch_{lang}_pass")
        try:
            check_privacy(page, game)
        except AssertionError:
            shot(page, f"touch_{lang}_privacy")
            raise
        if "more" not in shots and page.locator('body[data-status-more="1"]').count():
            shots.add("more")
            open_the_status_box(page, watch)
        if len(game.history) % 10 == 0:
            check_first_screen(page)
    check_results(page, game)
    check_sizes(page, worst)
    watch.look(page, "results")
    shot(page, f"touch_{lang}_results")
    page.locator('.dialog [data-choice="replay-enter:0"]').tap()  # the replay, on a phone
    expect(page.locator("body")).to_have_attribute("data-screen", "replay")
    check_first_screen(page)
    check_sizes(page, worst)
    watch.look(page, "replay")
    shot(page, f"touch_{lang}_replay")
    missing = ALL_TAGS - seen
    assert not missing, f"decisions never made by taps: {sorted(missing)}"
    # window.scrollY never changed over the whole game, by the player or by the page
    assert page.evaluate("rattusScrolls.filter(y => y !== 0)") == []
    assert page.evaluate("scrollY") == 0
    # no zoom before a choice: each rat token taken by one tap on it, at the map's 1:1
    taps = int(page.locator("body").get_attribute("data-zoom-taps") or 0)
    assert taps == 0, f"{taps} taps zoomed in on rat tokens before a choice"
    assert TOKEN_TAPS and min(w for w, _ in TOKEN_TAPS) >= least_px - 0.05, TOKEN_TAPS
    print(f"\n{lang} at {screen[0]}×{screen[1]}: " + watch.report(screen))
    print(f"  rat token taken: {min(w for w, _ in TOKEN_TAPS):.1f} wide, the nearest other "
          f"wanted token {min(room for _, room in TOKEN_TAPS):.1f} away "
          f"({len(TOKEN_TAPS)} token taps, none zoomed in first)")
    for key, m in worst.items():
        print(f"  {key}: {m['px']:.1f} at zoom {m['zoom']}: {m['what']!r}")


def test_a_strike_is_told_in_a_strip_that_shows_its_newest_token(page: Page, open_game,
                                                                  guard) -> None:
    """R5.3 on a 390×844 phone, at a pace that tells strikes: each strike, the player's or the
    computer's, is told in a strip at the board's foot whose newest token is always in view,
    whole, numbered "n / m"; the board keeps its box meanwhile."""
    open_game(page, "players=2&seed=3&names=Me,Rat&bots=0,easy&pace=300")
    watch = BoardWatch(28)
    strips: list[int] = []
    paged = 0  # strikes paged through with the strip's buttons
    seen_held = page.locator('#bar [data-choice="story-seen"]')
    for _ in range(60):
        page.wait_for_function("() => (document.body.dataset.current === '0' "
                               "&& !document.body.dataset.busy) "
                               "|| !!document.querySelector('#bar [data-choice=story-seen]')"
                               "|| !!document.querySelector('.dialog[data-screen=results]')",
                               timeout=60_000)
        if seen_held.count():  # a strike waits to be seen: its strip, then Continue
            check_strike_strip(page, strips)
            paged += page_through_the_strip(page)
            watch.look(page, "a strike held")
            seen_held.tap()
            page.wait_for_timeout(300)
            continue
        game = rattus.Game.from_json(page.evaluate("window.rattusGameJson()"))
        if game.is_over or len(strips) >= 6:
            break
        legal = game.legal_actions()
        action = next((a for a in legal if a.kind == "plague"), legal[0])
        perform(page, game, action)
        for _ in range(60):  # the strike told (its and the computer's next move): watched
            check_strike_strip(page, strips)
            watch.look(page, f"{len(game.history)}")
            if page.locator("body[data-current='0']:not([data-busy])").count():
                break
            page.wait_for_timeout(100)
    assert strips, "no strike was told in a strip"
    assert paged, "no strike of two tokens or more was paged through"
    shot(page, "touch_strike_strip")
    print("\n" + watch.report((390, 844)))
    print(f"  strike strips looked at {len(strips)} times, up to {max(strips)} tokens, the "
          "newest whole each time;"
          f" {paged} paged through with its buttons, a token back and on at each tap")


def test_the_menu_and_the_dialogs_by_taps(page: Page, open_game, guard) -> None:
    """A first visit's welcome and the new-game dialog fit the phone; the toolbar opens from
    Menu and closes after a choice; How to play tells how to zoom."""
    open_game(page)
    expect(page.locator(".welcome")).to_be_visible()
    check_sizes(page, {})
    shot(page, "touch_welcome")
    page.locator('.welcome [data-choice="pass-and-play"]').tap()
    expect(page.locator('.dialog[data-screen="new-game"]')).to_be_visible()
    check_sizes(page, {})
    shot(page, "touch_new_game")
    open_game(page, "players=2&seed=8&names=Ann,Bob&pace=0")
    check_sizes(page, {})
    page.locator("#menu-button").tap()
    expect(page.locator("#toolbar")).to_be_visible()
    shot(page, "touch_menu")
    page.locator('#toolbar [data-choice="toggle-rules"]').tap()
    expect(page.locator('#toolbar [data-choice="new-game"]')).to_be_hidden()
    expect(page.locator(".howto")).to_be_visible()
    expect(page.locator(".howto")).to_contain_text("two fingers")
    shot(page, "touch_howto")
    check_sizes(page, {})
    page.locator('[data-choice="close-rules"]').first.tap()
    expect(page.locator(".howto")).to_be_hidden()
    expect(page.locator("#whole-map")).to_be_hidden()  # the whole map: nothing to undo


def touch(cdp, kind: str, points: list[tuple[float, float]]) -> None:
    cdp.send("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": i} for i, (x, y) in
                                      enumerate(points)]})


def test_the_map_is_pinched_and_dragged(page: Page, open_game, guard) -> None:
    """Two fingers moving apart zoom the map in (not the page), one finger drags it, and
    "Whole map" shows all of it again; the page itself never scrolls or zooms."""
    open_game(page, "players=2&seed=8&names=Ann,Bob&pace=0")
    box = page.locator("#map-holder").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for step in range(1, 11):
        touch(cdp, "touchMove", [(cx - 20 - 12 * step, cy), (cx + 20 + 12 * step, cy)])
    touch(cdp, "touchEnd", [])
    page.wait_for_function("() => Number(document.body.dataset.zoom) > 1.5")
    expect(page.locator("#whole-map")).to_be_visible()
    next_frame(page)
    zoomed = page.locator("#map").bounding_box()
    assert zoomed["width"] > 1.5 * box["width"]  # the map, not the page
    assert page.evaluate("() => visualViewport.scale") == 1
    touch(cdp, "touchStart", [(cx, cy)])
    for step in range(1, 11):
        touch(cdp, "touchMove", [(cx + 8 * step, cy + 4 * step)])
    page.wait_for_timeout(200)  # the finger rests before it lifts: a drag, not a fling
    touch(cdp, "touchMove", [(cx + 80, cy + 40)])
    touch(cdp, "touchEnd", [])
    page.wait_for_function(
        "x => document.querySelector('#map').getBoundingClientRect().x > x + 40",
        arg=zoomed["x"])
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    shot(page, "touch_pinched")
    page.locator("#whole-map").tap()
    page.wait_for_function("() => document.body.dataset.zoom === '1.00'")
    expect(page.locator("#whole-map")).to_be_hidden()
    page.wait_for_function(  # (drawn at the next frame) the whole map, where it was
        """([w, x]) => { const r = document.querySelector('#map').getBoundingClientRect();
                         return Math.abs(r.width - w) < 2 && Math.abs(r.x - x) < 2; }""",
        arg=[box["width"], box["x"]])


def test_a_phone_held_sideways_keeps_the_board_and_the_decision_in_view(
        browser, site_url, open_game, guard) -> None:
    """844×390: the whole board at the left, its full height; the status line, the decision's
    buttons and the panels at the right; the page does not scroll."""
    context = browser.new_context(viewport={"width": 844, "height": 390}, is_mobile=True,
                                  has_touch=True, base_url=site_url)
    guard.attach(context)
    page = context.new_page()
    try:
        open_game(page, "players=2&seed=8&names=Ann,Bob&pace=0")
        expect(page.locator("#status")).to_contain_text("tap")
        board = page.locator("#map").bounding_box()
        status = page.locator("#status").bounding_box()
        dock = page.locator(".dock-tab").first.bounding_box()
        assert board["y"] >= 0 and board["y"] + board["height"] <= 390
        assert board["height"] > 370  # the screen's height
        assert status["x"] >= board["x"] + board["width"] - 1  # beside the board
        assert dock["y"] + dock["height"] <= 390
        assert page.evaluate("() => document.scrollingElement.scrollHeight") == 390
    finally:
        context.close()


def test_a_card_beside_the_board_is_taken_by_one_tap_on_the_map(page: Page, open_game,
                                                                 guard) -> None:
    """R4.1 on a phone: the cards beside the board are in the supply box, on the first screen,
    each a finger's tap: one tap on one takes it (no zoom first, no scrolling down to the
    card panel). A tester could not take a card from a row of six small icons."""
    open_game(page, "players=2&seed=3&bots=0,normal&pace=0")
    game = rattus.new_game(players=2, seed=3)
    while not any(a.kind == "take" for a in game.legal_actions()):
        if game.current_player == 0:
            perform(page, game, game.legal_actions()[0])
        else:  # the computer's setup cubes: the page plays them
            page.wait_for_function("n => +document.body.dataset.actions > n",
                                   arg=len(game.history), timeout=30_000)
            game = rattus.Game.from_json(page.evaluate("window.rattusGameJson()"))
    page.evaluate("() => window.scrollTo(0, 0)")
    card = page.locator('#map [data-take="Witch"]')
    box = card.bounding_box()
    assert box is not None and box["width"] >= 20 and box["y"] + box["height"] <= 844, box
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("n => +document.body.dataset.actions > n", arg=len(game.history))
    assert page.locator("body").get_attribute("data-zoom-taps") in (None, "0")
    game.apply(next(a for a in game.legal_actions() if a.kind == "take" and a.args[0] == "Witch"))
    assert rattus.Game.from_json(page.evaluate("window.rattusGameJson()")).to_json() \
        == game.to_json()
