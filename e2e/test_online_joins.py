"""Joins that always arrive, a host's reload that loses nothing, and presence (docs/online.md,
"Joining, and coming back" and "Who is here"), in Chromium over a real Nostr relay on
127.0.0.1 (tools/relay.py) — each browser context one device.

* A seat's link, the link to watch and "Your games"' Rejoin, each opened again and again in
  a fresh browser context (a device coming back): every one reaches the game — its board
  drawn with the host's state — within 20 s, with no reload by hand. The join times
  (from the page's room opening to the board drawn) are printed: median and maximum.
* The host's page reloads five times mid-game: each time every guest is back by itself,
  and a move a guest made while the host was away is applied after the reload.
* A device closed without a word is shown away on every other device within 14 s.

One host serves the whole file (a module fixture); the fresh contexts are opened one after
another and each is closed once it arrived. ``RATTUS_JOINS`` sets how many times each link
is opened: 10 in ``make test`` (30 fresh joins in all, every run; each costs a page's start,
and the three loops were a sixth of the whole e2e stage), 20 for the figures in
docs/online.md (``RATTUS_JOINS=20 .venv/bin/python -m pytest e2e/test_online_joins.py -s``).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator

import pytest
from conftest import READY_TIMEOUT_MS, ROOT, Guard
from playwright.sync_api import Browser, BrowserContext, Page, expect
from uidriver import click, clicks_for, perform
from uipaths import choose

import rattus

sys.path.insert(0, str(ROOT / "tools"))

TIMES = int(os.environ.get("RATTUS_JOINS", "10"))
JOIN_S = 20.0  # a device reaches the game within this (the bound)
#: a closed device is shown away within this: its silence (online/messages.py's AWAY_S, 10 s)
#: and the news's way to every page
AWAY_S = 14.0
GAME_JSON = "() => window.rattusGameJson()"
TABLE = '.dialog[data-screen="table"]'  # the table: who has come, and the host's Start
#: What Trystero and Chromium log when a device's page goes away, as expected here.
EXPECTED = ("Trystero peer error", "WebSocket connection to", "Trystero: ")
#: The board drawn with the host's state: ``n`` actions rendered, no strike being told.
DRAWN = "n => Number(document.body.dataset.actions) >= n && !document.body.dataset.busy"
#: The page's clock and its join's steps (browser/online_room.py's ``note``).
JOIN_LOG = "() => [performance.now() / 1000, Array.from(window.rattusOnlineLog || [])]"



class Room:
    """The host's page and its guests' pages, each in its own context."""

    def __init__(self, browser: Browser, site_url: str, relay: str):
        self.browser, self.site_url, self.relay = browser, site_url, relay
        self.guard = Guard()
        self.contexts: list[BrowserContext] = []
        self.host = self.device()
        self.host.goto(f"./?players=3&names=Ann,Bob,Cy&bots=human,friend,friend&seed=4&pace=0"
                       f"&relays={relay}&ice=none")
        self.host.wait_for_selector("body[data-ready]", state="attached",
                                    timeout=READY_TIMEOUT_MS)
        self.links = {key: self.host.locator(f'#online input[data-link="{key}"]').input_value()
                      for key in ("1", "2", "w")}
        table = self.host.locator(TABLE)  # the game begins at the host's Start (no friend yet)
        table.locator('[data-choice="online-start"]').click()
        expect(table).to_have_count(0)

    def device(self, storage: dict | None = None) -> Page:
        context = self.browser.new_context(base_url=self.site_url, service_workers="block",
                                           storage_state=storage)
        self.guard.attach(context)
        self.contexts.append(context)
        return context.new_page()

    def game(self) -> rattus.Game:
        return rattus.Game.from_json(self.host.evaluate(GAME_JSON))

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture(scope="module")
def room(browser: Browser, site_url: str, relay: str) -> Iterator[Room]:
    r = Room(browser, site_url, relay)
    yield r
    r.close()


def unexpected(guard: Guard) -> list[str]:
    return [m for m in guard.console_errors if not any(e in m for e in EXPECTED)]


def arrive(page: Page, step: int, host: Page | None = None) -> tuple[float, list[str]]:
    """Wait until ``page`` drew the host's state of ``step`` actions; the seconds from its
    room's opening (the first ``open`` of its join log) and the log."""
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    try:
        page.wait_for_function(DRAWN, arg=step, timeout=int(JOIN_S * 1000) + 15_000)
    except Exception as exc:
        clock, log = page.evaluate(JOIN_LOG)
        told = "" if host is None else f"; the host's: {host.evaluate(JOIN_LOG)}"
        raise AssertionError(f"not arrived: {page.locator('#status').inner_text()!r} "
                             f"at {clock:.1f}: {log}{told}") from exc
    clock, log = page.evaluate(JOIN_LOG)
    opened = next(float(line.split()[0]) for line in log if line.endswith(" open"))
    return clock - opened, log


def leave(page: Page) -> None:
    """The tab is closed as a player closes it (the page's unload runs: Trystero says it
    leaves), then its context."""
    context = page.context
    page.close(run_before_unload=True)
    context.close()


def report(what: str, times: list[float]) -> None:
    print(f"\n{what}: {len(times)} joins, median {statistics.median(times):.2f} s, "
          f"max {max(times):.2f} s, all: {' '.join(f'{t:.1f}' for t in times)}")


def to_bobs_turn(room: Room) -> int:
    """The host plays Ann's setup: Bob (a friend) is to act; the step."""
    game = room.game()
    if len(game.history) == 0:
        perform(room.host, game, choose(game, random.Random(1), set()))
    return len(room.game().history)


@pytest.mark.parametrize("key", ["1", "w"])
def test_a_link_opened_again_and_again_reaches_the_game_every_time(room: Room, key: str) -> None:
    """Bob's link (and the link to watch) opened in a fresh browser context, one after
    another, each closed once it arrived: each draws the host's board within 20 s."""
    step = to_bobs_turn(room)
    times = []
    for _ in range(TIMES):
        page = room.device()
        page.goto(room.links[key])
        took, log = arrive(page, step, room.host)
        assert took <= JOIN_S, log
        times.append(took)
        leave(page)
    report(f"link {key}", times)
    assert unexpected(room.guard) == []


def test_rejoin_from_your_games_reaches_the_game_every_time(room: Room) -> None:
    """A browser that joined Cy's seat before (its "Your games" lists it), opened fresh:
    Rejoin draws the host's board within 20 s, every time."""
    step = to_bobs_turn(room)
    link = room.links["2"]
    joined = json.dumps([{"link": link, "names": ["Ann", "Bob", "Cy"], "seat": 2,
                          "updated": time.time()}])
    origin = room.site_url.rstrip("/")
    origin = origin[:origin.index("/", len("http://"))] if origin.count("/") > 2 else origin
    storage = {"cookies": [], "origins": [{"origin": origin, "localStorage": [
        {"name": "rattus.online.joined", "value": joined}]}]}
    times = []
    for _ in range(TIMES):
        page = room.device(storage)
        page.goto("./")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
        page.locator('#screen [data-choice="games"]').first.click()
        page.locator('[data-choice="rejoin:0"]').click()
        took, log = arrive(page, step, room.host)
        assert took <= JOIN_S, log
        times.append(took)
        leave(page)
    report("rejoin", times)
    assert unexpected(room.guard) == []


def test_the_hosts_reloads_lose_nothing_and_every_guest_comes_back(room: Room) -> None:
    """The host's page reloads five times mid-game; during each reload the guest to act
    plays. Each time both guests are back by themselves within 20 s, the move made while
    the host was away is applied after it, and every device shows the same step."""
    to_bobs_turn(room)
    guests = {}
    for seat in (1, 2):
        guests[seat] = room.device()
        guests[seat].goto(room.links[str(seat)])
    for g in guests.values():
        arrive(g, len(room.game().history))
    rng = random.Random(7)
    backs = []
    for _ in range(5):
        game = room.game()
        while game.current_player == 0:  # to a friend's turn: the host plays its own
            perform(room.host, game, choose(game, rng, set()))
        seat = game.current_player
        page = guests[seat]
        action = choose(game, rng, set())
        room.host.reload(wait_until="commit")  # the host's page goes away...
        start = time.monotonic()
        for what, value in clicks_for(game, action):
            click(page, what, value)  # ...and the guest plays meanwhile
        room.host.wait_for_selector("body[data-ready]", state="attached",
                                    timeout=READY_TIMEOUT_MS)
        game.apply(action)
        step = len(game.history)
        for g in (room.host, *guests.values()):
            g.wait_for_function(DRAWN, arg=step, timeout=int(JOIN_S * 1000))
        for s in guests:
            expect(room.host.locator(f'#online [data-connected="{s}"]')).to_have_text(
                "connected", timeout=int(JOIN_S * 1000))
        backs.append(time.monotonic() - start)
        assert room.game().history == game.history  # the move, applied once
    report("host reloads (reload until every device shows the move)", backs)
    assert max(backs) <= JOIN_S + 30  # (the host's own page load is in it)
    for g in guests.values():
        leave(g)
    assert unexpected(room.guard) == []


def test_a_closed_device_is_shown_away_on_every_other_device(room: Room) -> None:
    """Cy's device goes away without a word (its context closed: no unload): within 14 s
    the host and Bob see Cy away, with when Cy was last seen."""
    step = len(room.game().history)
    bob, cy = room.device(), room.device()
    bob.goto(room.links["1"])
    cy.goto(room.links["2"])
    arrive(bob, step)
    arrive(cy, step)
    expect(room.host.locator('#online [data-connected="2"]')).to_have_text(
        "connected", timeout=int(JOIN_S * 1000))
    expect(bob.locator('#players [data-connected="2"]')).to_have_text("connected")
    cy.context.close()
    start = time.monotonic()
    expect(room.host.locator('#online [data-connected="2"]')).to_have_text(
        "away", timeout=int(AWAY_S * 1000))
    expect(bob.locator('#players [data-connected="2"]')).to_have_text(
        "away", timeout=int(AWAY_S * 1000))
    took = time.monotonic() - start
    print(f"\nclosed device shown away on both others after {took:.1f} s")
    expect(bob.locator('#players [data-seen="2"]')).to_be_visible(timeout=15_000)
    leave(bob)
    assert unexpected(room.guard) == []
