"""The first screen, before Python runs (tools/first_screen.py, web/index.html's first
script): the board and the welcome in the visitor's language at once, How to play readable
while the runtime arrives, honest progress, and a failure said only when the download stops.

The expected words come from the built site's compiled catalogues (``dist/locale``).
"""

from __future__ import annotations

import gettext
import sys

import pytest
import zstandard
from conftest import DIST, READY_TIMEOUT_MS, ROOT, hold_runtime
from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(ROOT / "web"))
from text.catalogue import EN  # noqa: E402  (the English source catalogue)

from rattus.board import regions_in_play  # noqa: E402

#: What these tests check is a first visit's start: its downloads, its progress, its imports.
pytestmark = pytest.mark.first_visit


def german(key: str) -> str:
    with open(DIST / "locale" / "de.mo", "rb") as fp:
        return gettext.GNUTranslations(fp).pgettext(key, EN[key])


def test_the_board_and_the_welcome_come_before_python_in_the_browsers_language(
        browser: Browser, base_url: str) -> None:
    context = browser.new_context(locale="de-DE", service_workers="block")
    page = context.new_page()
    try:
        release = hold_runtime(page)
        page.goto(base_url + "/")
        # (the board the screen wants: this window's is a desktop's, WIDE)
        expect(page.locator("#map-zoom svg.board[data-board=wide] .region").first
               ).to_be_visible()
        welcome = page.locator('#screen .dialog[data-screen="welcome"]')
        expect(welcome).to_be_visible()
        expect(welcome.locator("h2")).to_have_text(german("welcome.title"))
        assert page.locator("body").get_attribute("data-ready") is None
        expect(page.locator("#load-progress")).to_contain_text("MB")  # bytes received
        # How to play, read while the runtime arrives; closed and opened again
        page.locator('#screen [data-choice="help"]').click()
        rules = page.locator("#help .dialog")
        expect(rules).to_be_visible()
        expect(rules.locator("h2").first).to_have_text(german("help.title"))
        page.keyboard.press("Escape")
        expect(page.locator("#help")).to_be_hidden()
        page.locator('#screen [data-choice="help"]').click()
        expect(rules).to_be_visible()
        release()  # Python takes over: How to play stays open, the welcome under it
        expect(rules).to_be_visible()
        expect(welcome.locator("h2")).to_have_text(german("welcome.title"))
        page.locator('#help [data-choice="close-rules"]').click()
        page.locator('#screen [data-choice="quick-play"]').click()  # and the game is on
        expect(page.locator("body")).to_have_attribute("data-screen", "board")
    finally:
        context.close()


@pytest.mark.parametrize("where", ["phone", "desktop"])
def test_the_first_screen_draws_the_board_its_screen_wants_and_nothing_jumps(
        browser: Browser, base_url: str, where: str) -> None:
    """The first screen holds the board in both arrangements (render/board_layout.py) and
    shows the one the screen wants (a phone TALL, a desktop WIDE); when Python takes over it
    draws that one where it was: the board does not move, and the other is gone."""
    context = screen_of(browser, where)
    page = context.new_page()
    try:
        release = hold_runtime(page)
        page.goto(base_url + "/")
        board_held_still(page, "tall" if where == "phone" else "wide", release)
    finally:
        context.close()


def screen_of(browser: Browser, where: str):
    """A browser context of a phone (390×844, touch) or a desktop (1280×800)."""
    phone = where == "phone"
    return browser.new_context(
        viewport={"width": 390, "height": 844} if phone else {"width": 1280, "height": 800},
        is_mobile=phone, has_touch=phone, service_workers="block")


def board_held_still(page: Page, want: str, release) -> None:
    """The first screen shows the board ``want`` alone; when Python takes over (``release``)
    it draws that board where it was, and the other is gone."""
    shown = page.locator("#map-zoom svg.board:visible")
    expect(shown).to_have_count(1)
    expect(shown).to_have_attribute("data-board", want)
    before = shown.bounding_box()
    release()
    expect(page.locator("#map-zoom svg.board")).to_have_count(1)
    board = page.locator("#map-zoom svg#map")
    expect(board).to_have_attribute("data-board", want)
    after = board.bounding_box()
    assert all(abs(before[k] - after[k]) <= 1 for k in ("x", "y", "width", "height")), (
        before, after)


@pytest.mark.parametrize(("where", "players"), [("phone", 2), ("desktop", 3)])
def test_a_game_of_fewer_players_comes_back_on_its_own_board_before_python(
        browser: Browser, base_url: str, where: str, players: int) -> None:
    """R2.1: 2 or 3 players play on fewer regions, on a board framed to them. A returning
    player's kept game of that many players is drawn on that board by the first screen, and
    when Python takes over the board neither changes nor moves."""
    context = screen_of(browser, where)
    try:
        page = context.new_page()
        page.goto(base_url + f"/?players={players}&seed=3&pace=0")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("(localStorage.getItem('rattus.games') || '').includes('id')")
        page.close()  # (a game another tab plays is not resumed: that tab has it)
        again = context.new_page()
        release = hold_runtime(again)
        again.goto(base_url + "/")
        expect(again.locator("#map-zoom svg.board:visible .pile")).to_have_count(
            len(regions_in_play(players)))
        board_held_still(again, f"{'tall' if where == 'phone' else 'wide'}-{players}", release)
        expect(again.locator("body")).to_have_attribute("data-screen", "board")
    finally:
        context.close()


def test_how_to_play_keeps_the_readers_place_when_python_takes_over(page: Page,
                                                                    base_url: str) -> None:
    """Read while the runtime arrives, How to play stays where its reader was: Python draws it
    anew, and a tester found it jumped back to its first section."""
    release = hold_runtime(page)
    page.goto(base_url + "/")
    page.locator('#screen [data-choice="help"]').click()  # the welcome's How to play
    scroller = page.locator("#help .help-body")
    expect(scroller).to_be_visible()
    page.locator('#help [data-help="palace"]').first.click()  # its table of contents
    read_to = scroller.evaluate("node => node.scrollTop")
    assert read_to > 200
    release()
    expect(page.locator("#help .help-body")).to_be_visible()
    assert abs(page.locator("#help .help-body").evaluate("node => node.scrollTop") - read_to) < 5


def test_a_click_on_how_to_play_before_its_text_has_come_is_kept(page: Page,
                                                                 base_url: str) -> None:
    """On a slow line the toolbar shows seconds before the end of the page, which carries How
    to play's text: a click meanwhile opens it as soon as it is here (a tester's was lost).
    The toolbar speaks the visitor's language from the start, with Python's words."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {  # the page (278 kB) takes ~2 s to come
        "offline": False, "latency": 150, "downloadThroughput": 140_000,
        "uploadThroughput": 90_000})
    page.route("**/*.zst", lambda route: None)  # (Python is not needed here)
    page.goto(base_url + "/", wait_until="commit")
    button = page.locator('#toolbar [data-choice="toggle-rules"]')
    expect(button).to_have_text(EN["btn.rules"])
    assert page.evaluate("document.readyState") == "loading"
    button.click()
    expect(button).to_have_attribute("aria-busy", "true")
    assert page.evaluate("document.readyState") == "loading"  # (the page still coming)
    expect(page.locator("#help .dialog")).to_be_visible(timeout=15_000)
    expect(button).not_to_have_attribute("aria-busy", "true")


def test_a_returning_player_gets_no_welcome_while_python_loads(browser: Browser,
                                                               base_url: str) -> None:
    """A game kept in this browser comes back once Python is up: the first screen does not
    show the welcome meanwhile (it flashed up, then the game replaced it)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    try:
        page.goto(base_url + "/")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.locator('#screen [data-choice="quick-play"]').click()
        expect(page.locator("body")).to_have_attribute("data-screen", "board")
        page.wait_for_function("(localStorage.getItem('rattus.games') || '').includes('id')")
        page.close()  # (a game another tab plays is not resumed: that tab has it)
        again = context.new_page()
        release = hold_runtime(again)
        again.goto(base_url + "/")
        expect(again.locator("#map-zoom svg.board[data-board^=wide] .region").first
               ).to_be_visible()  # (a desktop's window: the WIDE board, framed to its players)
        again.wait_for_timeout(300)
        expect(again.locator('#screen .dialog[data-screen="welcome"]')).to_have_count(0)
        release()
        expect(again.locator("body")).to_have_attribute("data-screen", "board")
    finally:
        context.close()


#: The packed files, in the turn the first script asks for them (tools/first_screen.py).
IN_TURN = ("pyodide.asm.wasm.zst", "stdlib.zip.zst", "app.zip.zst")


def test_a_slow_download_that_moves_never_fails(page: Page, base_url: str) -> None:
    """Throttled to ~0.6 MB/s, the runtime takes far longer (~6 s) than the time allowed
    without a byte (shortened here to 5 s): bytes keep arriving, so the page waits and
    starts. The big files come in turn, each asked for near the end of the one before it (a
    round trip ahead: the line never shared by two of them for long, nor left idle)."""
    page.add_init_script("window.rattusLoadLimits = [5000, 60000]")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 600_000,
        "uploadThroughput": 1_000_000})
    asked: dict[str, float] = {}  # file: when the request went (CDP's monotonic seconds)
    ended: dict[str, float] = {}
    names: dict[str, str] = {}
    def sent(event: dict) -> None:
        name = event["request"]["url"].split("?")[0].split("/")[-1]
        if name in IN_TURN:
            asked[name], names[event["requestId"]] = event["timestamp"], name
    cdp.on("Network.requestWillBeSent", sent)
    cdp.on("Network.loadingFinished", lambda event: ended.update(
        {names[event["requestId"]]: event["timestamp"]} if event["requestId"] in names else {}))
    page.goto(base_url + "/")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS * 2)
    assert page.locator("body").get_attribute("data-failed") is None
    expect(page.locator("#load-error")).to_be_hidden()
    assert sorted(asked) == sorted(IN_TURN) and sorted(ended) == sorted(IN_TURN)
    for before, after in zip(IN_TURN, IN_TURN[1:]):
        took = ended[before] - asked[before]
        # not while the one before it has most of its way to go, nor long after its end
        assert asked[after] >= asked[before] + 0.5 * took, (before, after, asked, ended)
        assert asked[after] <= ended[before] + 1.0, (before, after, asked, ended)


def test_a_download_that_stops_is_said_within_seconds(page: Page, base_url: str, guard) -> None:
    page.add_init_script("window.rattusLoadLimits = [3000, 60000]")
    page.route("**/stdlib.zip.zst", lambda route: None)  # asked for, never answered
    page.goto(base_url + "/")
    expect(page.locator("#load-error")).to_be_visible(timeout=15_000)
    expect(page.locator("#load-error")).to_contain_text("3")  # "for 3 seconds"
    assert page.locator("body").get_attribute("data-ready") is None
    guard.console_errors.clear()


def test_a_refused_file_is_said_within_seconds(page: Page, base_url: str, guard) -> None:
    page.route("**/app.zip.zst", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url + "/")
    expect(page.locator("#load-error")).to_be_visible(timeout=10_000)
    expect(page.locator("#load-error")).to_contain_text("app.zip")
    expect(page.locator("#load-error")).to_contain_text("404")
    guard.console_errors.clear()
    guard.page_errors.clear()


def test_a_decoder_that_does_not_come_is_said_within_seconds(page: Page, base_url: str,
                                                             guard) -> None:
    """Without the packed files' decoder (vendor/zstd/, tools/pack.py) nothing can start: the
    page says so at once (the game could not start: a script failed to load, then the
    runtime's own words for the files it could not read), and never becomes ready.

    The page's other words for a load that goes wrong (nothing arrives: boot.stalled; Python
    does not start: boot.timeout) are put beyond the wait, so that whatever is said within it
    is the decoder's failure, said when the unpacking worker fails: the wait itself is sized
    for a loaded machine (a worker's start took over 10 s once beside a second e2e run)."""
    page.add_init_script("window.rattusLoadLimits = [120000, 120000]")
    page.route("**/zstddec.js", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(base_url + "/")
    expect(page.locator("#load-error")).to_be_visible(timeout=45_000)
    expect(page.locator("#load-error")).to_contain_text(EN["boot.failed"].split("{")[0])
    page.wait_for_timeout(2_000)
    assert page.locator("body").get_attribute("data-ready") is None
    guard.console_errors.clear()
    guard.page_errors.clear()


def test_a_packed_file_is_its_parts_zstd_frames_one_after_the_other(page: Page,
                                                                    base_url: str) -> None:
    """Each packed file is independent zstd frames in a row (tools/pack.py), whose sizes,
    packed and unpacked, the page is given: each unpacks on its own to its piece of the plain
    file, so that the page's workers unpack them side by side (web/unpack.js) and check what
    each makes. The WebAssembly, the biggest, in three."""
    page.route("**/*.zst", lambda route: None)  # (only the page's DOWNLOADS are read here)
    page.goto(base_url + "/")
    downloads = page.evaluate("DOWNLOADS")
    for path, (wire, name, plain_size, parts) in (
            (path, entry) for path, entry in downloads.items() if entry[1]):
        packed, plain = (DIST / name).read_bytes(), (DIST / path).read_bytes()
        assert sum(size for size, _ in parts) == wire == len(packed), path
        assert sum(unpacked for _, unpacked in parts) == plain_size == len(plain), path
        pieces, at = [], 0
        for size, unpacked in parts:
            piece = zstandard.ZstdDecompressor().decompress(packed[at:at + size])
            assert len(piece) == unpacked, path
            pieces.append(piece)
            at += size
        assert b"".join(pieces) == plain, path
    assert len(downloads["vendor/pyodide/pyodide.asm.wasm"][3]) == 3


@pytest.mark.parametrize("name", ["stdlib.zip.zst", "vendor/pyodide/pyodide.asm.wasm.zst"])
def test_a_packed_file_that_does_not_unpack_is_said_within_seconds(page: Page, base_url: str,
                                                                   guard, name: str) -> None:
    """A packed file whose bytes are not what it says (a host that changed it): the page says
    the game could not start, and never becomes ready. (The WebAssembly is also compiled by
    the workers that unpack it: web/unpack.js.)"""
    garbled = bytearray((DIST / name).read_bytes())
    garbled[len(garbled) // 2:len(garbled) // 2 + 64] = bytes(64)
    page.route(f"**/{name}", lambda route: route.fulfill(
        status=200, body=bytes(garbled), content_type="application/zstd"))
    page.goto(base_url + "/")
    expect(page.locator("#load-error")).to_be_visible(timeout=15_000)
    expect(page.locator("#load-error")).to_contain_text(EN["boot.failed"].split("{")[0])
    assert page.locator("body").get_attribute("data-ready") is None
    guard.console_errors.clear()
    guard.page_errors.clear()


def test_each_big_file_is_downloaded_once(page: Page, base_url: str, guard) -> None:
    """The first script asks for the runtime's big files, and Pyodide's and PyScript's own
    requests get those answers: none is downloaded twice (a first visit's bytes)."""
    page.goto(base_url + "/")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    def asked(name: str) -> list[str]:
        return [url for url in guard.requests if url.split("?")[0].endswith("/" + name)]

    for name in ("pyodide.asm.wasm", "stdlib.zip", "app.zip"):  # packed: tools/pack.py
        assert len(asked(name + ".zst")) == 1, (name, asked(name + ".zst"))
        assert asked(name) == [], name  # the plain file: only where nothing can unpack
    for name in ("pyodide-lock.json", "pyscript.json"):
        assert len(asked(name)) == 1, (name, asked(name))


def test_the_progress_counts_bytes_on_the_wire_and_shows_on_a_phone(
        browser: Browser, base_url: str) -> None:
    """On a phone (390×844, touch) the welcome covers the status line: the figures stay
    above it, not under its backdrop, and the welcome's top edge shows the bar. The total is
    what the wire carries: the packed files' sizes (tools/pack.py), not the unpacked ones."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, locale="de-DE", service_workers="block")
    page = context.new_page()
    try:
        release = hold_runtime(page)
        page.goto(base_url + "/")
        expect(page.locator('#screen .dialog[data-screen="welcome"]')).to_be_visible()
        figures = page.locator("#load-progress")
        expect(figures).to_contain_text("MB")
        on_top = page.evaluate("""() => {
          const box = document.getElementById("load-progress").getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit && hit.id;
        }""")
        assert on_top == "load-progress"
        bar = page.evaluate("getComputedStyle(document.querySelector('#screen > .dialog'))"
                            ".backgroundImage")
        assert "gradient" in bar
        wire = sum(size[0] for size in page.evaluate("DOWNLOADS").values())
        assert abs(wire - sum((DIST / (name + ".zst")).stat().st_size
                              for name in ("vendor/pyodide/pyodide.asm.wasm", "stdlib.zip",
                                           "app.zip"))) < 10_000  # and the two small configs
        assert figures.inner_text().endswith(f"/ {wire / 1e6:.1f} MB")
        release()
        expect(figures).to_be_hidden()
    finally:
        context.close()
