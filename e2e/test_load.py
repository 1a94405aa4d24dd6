"""The built site loads its own Python runtime and runs the engine in the page."""

from __future__ import annotations

import pytest
from conftest import hold_runtime
from playwright.sync_api import Page, expect

import rattus

#: What these tests check is a first visit's start: its downloads, its progress, its imports.
pytestmark = pytest.mark.first_visit


def test_page_loads_and_python_is_ready(page: Page, open_game, guard) -> None:
    open_game(page)
    assert page.locator("body").get_attribute("data-ready")
    # The page shows what the engine (running on Pyodide) produced.
    expect(page.locator("body")).to_contain_text(rattus.__version__)
    tiles = [page.locator("#map .region").nth(i).get_attribute("data-region")
             for i in range(page.locator("#map .region").count())]
    assert tiles == list(rattus.REGIONS)  # every region's tile on the board
    assert len(rattus.REGIONS) == 12


def test_no_request_leaves_localhost(page: Page, open_game, guard) -> None:
    open_game(page)
    assert guard.requests, "no request was recorded"
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm.zst") for url in guard.requests)
    assert guard.foreign == []


def test_a_runtime_that_fails_to_load_gives_a_clear_message(page: Page, base_url, guard) -> None:
    """If Python cannot start (here: its WebAssembly file is unreachable), the player reads
    what went wrong instead of a blank page, and the map is still shown."""
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort("failed"))
    page.goto(base_url + "/")
    expect(page.locator("#load-error")).to_be_visible(timeout=90_000)
    expect(page.locator("#load-error")).to_contain_text("could not start")
    assert page.locator("body").get_attribute("data-failed") == "1"
    assert page.locator("body").get_attribute("data-ready") is None
    assert page.locator("#map .region").count() == 12  # the board, drawn before Python
    # The console errors were the point of this test: the failing load reports them.
    assert guard.console_errors or guard.page_errors
    guard.console_errors.clear()
    guard.page_errors.clear()


def test_the_page_compiles_no_standard_module(page: Page, open_game, guard) -> None:
    """The build compiles every standard module the page imports (tools/stdlib.py),
    so that no start compiles one from source: not a first visit, nor a whole game of bots to
    its results and analysis, nor a save file opened. A name here is an import the build's
    search missed."""
    open_game(page)
    assert page.evaluate("rattusCompiledHere()") == ""
    open_game(page, "players=3&seed=31&names=Ann,Bob,Cy&bots=easy,normal,easy&pace=0")
    expect(page.locator('.dialog[data-screen="results"]')).to_be_visible(timeout=90_000)
    page.locator('.dialog[data-screen="results"] [data-choice="analysis"]').click()
    expect(page.locator('.dialog[data-screen="analysis"] svg.analysis-chart')).to_be_visible()
    page.set_input_files("#import-file", files=[{  # read (and refused) like any save file
        "name": "notes.json", "mimeType": "application/json", "buffer": b"\xef\xbb\xbfnotes"}])
    expect(page.locator("#notice")).to_contain_text("notes.json")
    assert page.evaluate("rattusCompiledHere()") == ""


def test_while_loading_the_page_says_so_and_its_buttons_wait(page: Page, base_url, guard) -> None:
    """Until Python is up (here: held back), the status says the game is loading,
    a note says what a first visit downloads, the empty panels are not drawn as empty
    boxes, and the toolbar's buttons look and act inert (a click would be lost); then the game
    takes over."""
    release = hold_runtime(page)
    page.goto(base_url + "/")
    expect(page.locator("#status")).to_have_text("Loading the game…")
    expect(page.locator("#load-note")).to_be_visible()
    expect(page.locator("#cards")).to_be_hidden()
    new_game = page.locator('#toolbar [data-choice="new-game"]')
    assert new_game.evaluate("b => getComputedStyle(b).pointerEvents") == "none"
    release()
    expect(page.locator("#load-note")).to_be_hidden()
    assert new_game.evaluate("b => getComputedStyle(b).pointerEvents") == "auto"
