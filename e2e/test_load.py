"""The built site loads its own Python runtime and runs the engine in the page."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

import rattus


def test_page_loads_and_python_is_ready(page: Page, open_game, guard) -> None:
    open_game(page)
    assert page.locator("body").get_attribute("data-ready")
    # The page shows what the engine (running on Pyodide) produced.
    expect(page.locator("body")).to_contain_text(rattus.__version__)
    body = page.locator("body").inner_text()
    for region in rattus.REGIONS:
        assert re.search(rf"\b{region}\b", body), f"region {region} not shown"
    assert len(rattus.REGIONS) == 12


def test_no_request_leaves_localhost(page: Page, open_game, guard) -> None:
    open_game(page)
    assert guard.requests, "no request was recorded"
    assert any(url.endswith("/vendor/pyodide/pyodide.asm.wasm") for url in guard.requests)
    assert guard.foreign == []
