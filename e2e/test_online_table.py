"""The table of an online game in Chromium (docs/online.md, "The table", "Seats given and
taken back", "Rematch"), over the real local relay of tools/relay.py — each browser context
one device.

* A table waited at: the host's page shows it (the seats, the invitations, Start), a guest
  who comes first sees "Waiting for Ann to start — Bob is here"; the host starts it, the
  second guest comes later and plays.
* An absent friend's seat given to the computer (asked first) and back: the friend, back,
  watches at once (said at the top of the page), the host gives the seat back, and the
  friend plays again.
* A rematch after a whole game brings the three devices to the new game, no reload.
* A seat taken over on another device: the newcomer's page asks first, the host is told.
* Screenshots of the host's table and a guest's waiting page (1280x800, a 390x844 phone;
  German): /tmp/rattus-shots/online-table-*.png.
"""

from __future__ import annotations

import random
from pathlib import Path

from conftest import READY_TIMEOUT_MS
from playwright.sync_api import Browser, Page, expect
from test_online import (  # noqa: F401  (relay and devices are fixtures)
    devices,
    host_game,
    play_online,
    relay,
    wait_step,
)
from uidriver import perform
from uipaths import choose

SHOTS = Path("/tmp/rattus-shots")
TABLE = '.dialog[data-screen="table"]'


def open_host(page: Page, relay: str, kinds: list[str], seed: int, lang: str = "") -> None:
    n = len(kinds)
    names = ",".join(["Ann", "Bob", "Cy", "Di"][:n])
    page.goto(f"./?players={n}&names={names}&bots={','.join(kinds)}&seed={seed}&pace=0"
              f"&relays={relay}&ice=none" + (f"&lang={lang}" if lang else ""))
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)


def invitation(host: Page, seat: int) -> str:
    link = host.locator(f'#online input[data-link="{seat}"]').input_value()
    assert "#play=" in link and f".{seat}." in link
    return link


def open_guest(page: Page, link: str) -> Page:
    page.goto(link)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    return page


def here(host: Page, seat: int) -> None:
    expect(host.locator(f'#online [data-connected="{seat}"]')).to_have_text(
        "connected", timeout=60_000)


def play_until(host: Page, guests: dict, done, rng: random.Random, bots=frozenset(),
               limit: int = 400) -> set[int]:
    """Actions through a click on the device of the seat to act (the ``bots`` seats play on
    the host by themselves) until ``done(game, acted)``; returns the seats that acted from
    their own device."""
    pages = [host, *guests.values()]
    acted: set[int] = set()
    for _ in range(limit):
        game = host_game(host)
        if game.is_over or done(game, acted):
            return acted
        seat = game.current_player
        if seat in bots:  # the computer's: it plays on the host
            wait_step([host], len(game.history) + 1)
            continue
        perform(guests.get(seat, host), game, choose(game, rng, set()))
        acted.add(seat)
        wait_step(pages, len(game.history))
    raise AssertionError(f"not done after {limit} actions")


def test_a_table_waited_at_then_started_by_the_host(devices, relay: str) -> None:
    host = devices()
    open_host(host, relay, ["human", "friend", "friend"], 4)
    table = host.locator(TABLE)
    expect(table).to_be_visible()
    expect(table.locator('[data-choice="online-start"]')).to_be_visible()
    bob = open_guest(devices(), invitation(host, 1))
    here(host, 1)
    expect(table.locator('[data-here="1"]')).to_have_text("connected")
    expect(table.locator('[data-here="2"]')).to_have_text("not here yet")
    expect(table.locator('.qr[data-qr]')).to_have_count(1)  # Cy's: Bob's seat is taken
    expect(bob.locator(TABLE)).to_contain_text("Waiting for Ann to start — Bob is here.",
                                                timeout=60_000)
    assert host_game(host).history == []  # nobody acted
    table.locator('[data-choice="online-start"]').click()
    expect(host.locator(TABLE)).to_have_count(0)
    expect(bob.locator(TABLE)).to_have_count(0, timeout=30_000)
    cy = open_guest(devices(), invitation(host, 2))  # Cy comes after the start
    here(host, 2)
    guests = {1: bob, 2: cy}
    acted = play_until(host, guests, lambda g, acted: {1, 2} <= acted, random.Random(4))
    assert {1, 2} <= acted  # both guests played, each from their own device
