"""Online play in Chromium (docs/online.md), with a real Nostr relay on 127.0.0.1
(``nostr-relay`` from PyPI, started by the ``relay`` fixture: tools/relay.py) and WebRTC
between browser contexts — each context one device.

* A game that is not online opens no socket and never loads the network library.
* The vendored Trystero (its bare imports rewritten by the build) meets another device
  through the relay, and text goes both ways.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest
from conftest import READY_TIMEOUT_MS, ROOT, Guard
from playwright.sync_api import Browser, Page

sys.path.insert(0, str(ROOT / "tools"))
import relay as nostr_relay  # noqa: E402  (tools/relay.py)

OPEN_ROOM = """([url, name]) => {
  window.got = [];
  return window.rattusOnline.open({room: 'test-room', password: 'pw', relays: [url], ice: 'none'},
    (peer, text) => window.got.push(text),
    (peer, joined) => { if (joined) window.room.send(peer, 'hello from ' + name); },
    () => {}).then(room => { window.room = room; return room.self; });
}"""


@pytest.fixture(scope="module")
def relay() -> Iterator[str]:
    with nostr_relay.start() as url:
        yield url


@pytest.fixture
def devices(browser: Browser, site_url: str, guard: Guard):
    """``devices()``: a new browser context (another device), guarded like ``page``."""
    contexts = []

    def open_device() -> Page:
        context = browser.new_context(base_url=site_url, service_workers="block")
        guard.attach(context)
        contexts.append(context)
        return context.new_page()

    yield open_device
    for context in contexts:
        context.close()


def test_a_game_that_is_not_online_opens_no_socket(page: Page, open_game, guard: Guard) -> None:
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    open_game(page, "players=2&seed=3&bots=0,easy&pace=0")
    page.locator('[data-choice="new-game"]').first.wait_for(state="attached")
    page.wait_for_timeout(1500)
    assert sockets == []
    assert not [u for u in guard.requests if "/vendor/trystero/" in u]


def test_two_devices_meet_through_the_relay(devices, relay: str) -> None:
    pages = [devices() for _ in range(2)]
    for p in pages:
        p.goto("./?players=2&pace=0")
        p.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    ids = [p.evaluate(OPEN_ROOM, [relay, str(i)]) for i, p in enumerate(pages)]
    assert ids[0] != ids[1]
    for i, p in enumerate(pages):
        p.wait_for_function("window.got.length > 0", timeout=30_000)
        assert p.evaluate("window.got") == [f"hello from {1 - i}"]
