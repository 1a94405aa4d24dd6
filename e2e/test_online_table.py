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
from test_online import host_game, play_online, wait_step
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
    the host by themselves) until ``done(game, acted)``; returns the seats that acted (from
    their own device, or the computer for a ``bots`` seat)."""
    pages = [host, *guests.values()]
    acted: set[int] = set()
    for _ in range(limit):
        game = host_game(host)
        if game.is_over or done(game, acted):
            return acted
        seat = game.current_player
        if seat in bots:  # the computer's: it plays on the host
            wait_step([host], len(game.history) + 1)
            acted.add(seat)
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
    bob.locator(f'{TABLE} #table-name').fill("Bobby")  # a friend names itself at the table
    bob.locator(f'{TABLE} [data-choice="online-name"]').click()
    expect(table.locator('[data-seat="1"]')).to_contain_text("Bobby", timeout=30_000)
    table.locator('[data-choice="online-start"]').click()
    expect(host.locator(TABLE)).to_have_count(0)
    expect(bob.locator(TABLE)).to_have_count(0, timeout=30_000)
    cy = open_guest(devices(), invitation(host, 2))  # Cy comes after the start
    here(host, 2)
    guests = {1: bob, 2: cy}
    acted = play_until(host, guests, lambda g, acted: {1, 2} <= acted, random.Random(4))
    assert {1, 2} <= acted  # both guests played, each from their own device


def start_with_bob(devices, relay: str) -> tuple[Page, Page]:
    """Ann hosts Bob (here) and Cy (not here); Ann starts without Cy."""
    host = devices()
    open_host(host, relay, ["human", "friend", "friend"], 5)
    bob = open_guest(devices(), invitation(host, 1))
    here(host, 1)
    host.locator(f'{TABLE} [data-choice="online-start"]').click()
    expect(host.locator(TABLE)).to_have_count(0)
    return host, bob


def test_an_absent_seat_given_to_the_computer_and_back(devices, relay: str) -> None:
    host, bob = start_with_bob(devices, relay)
    give = host.locator('#online [data-choice="online-computer:2"]')
    give.click()
    confirm = host.locator('.dialog[data-screen="confirm"]')
    expect(confirm).to_contain_text("Cy's link still works")
    confirm.locator('[data-choice="confirm-yes"]').click()
    expect(host.locator('#online [data-connected="2"]')).to_have_text("the computer plays")
    rng = random.Random(5)
    # (the computer moves at once: three turns played, Cy's by the computer among them)
    play_until(host, {1: bob}, lambda g, acted: g.view(None)["turn"]["number"] >= 4, rng,
               bots={2})
    cy = open_guest(devices(), invitation(host, 2))  # the link still works: Cy watches
    expect(cy.locator("#status")).to_contain_text("The computer plays your seat for now",
                                                  timeout=60_000)
    assert cy.locator('.dialog[data-screen="table"]').count() == 0
    back = host.locator('#online [data-choice="online-back:2"]')
    expect(host.locator('#online .invite-back')).to_contain_text("Cy's device is here",
                                                                 timeout=60_000)
    back.click()
    expect(host.locator('#online [data-connected="2"]')).to_have_text("connected",
                                                                      timeout=30_000)
    wait_step([cy], len(host_game(host).history), timeout=60_000)
    acted = play_until(host, {1: bob, 2: cy}, lambda g, acted: 2 in acted, rng)
    assert 2 in acted  # Cy plays again, from Cy's own device


def test_a_seat_taken_over_on_another_device_is_told_to_the_host(devices, relay: str) -> None:
    host, bob = start_with_bob(devices, relay)
    expect(host.locator('#online input[data-link="1"]')).to_have_count(0)  # Bob's is here
    host.locator('#online [data-choice="online-show:1"]').click()  # shown again
    phone = open_guest(devices(), invitation(host, 1))  # Bob's link on a second device
    ask = phone.locator('.dialog[data-screen="confirm"]')
    expect(ask).to_contain_text("played on another device", timeout=60_000)
    assert "moved" not in (host.locator("#notice").text_content() or "")
    ask.locator('[data-choice="confirm-yes"]').click()
    expect(host.locator("#notice")).to_have_text("Bob's seat moved to another device.",
                                                 timeout=30_000)
    expect(bob.locator("#online")).to_contain_text("This seat is played on another device",
                                                   timeout=30_000)  # (the first device)
    rng = random.Random(2)
    acted = play_until(host, {1: phone}, lambda g, acted: 1 in acted, rng)  # (before Cy's)
    assert 1 in acted  # the phone plays Bob's seat
    # the first device leaves: asked first, then the new-game dialog, the room closed
    bob.locator('[data-choice="new-game"]').first.click()
    leave = bob.locator('.dialog[data-screen="confirm"]')
    expect(leave).to_contain_text("Leave Bob's seat?")
    leave.locator('[data-choice="confirm-yes"]').click()
    expect(bob.locator('.dialog[data-screen="new-game"]')).to_be_visible()
    assert "#play=" not in bob.url


def test_the_rematch_brings_all_three_devices_to_the_new_game(devices, relay: str) -> None:
    host = devices()
    open_host(host, relay, ["human", "friend", "friend"], 4)
    guests = {seat: open_guest(devices(), invitation(host, seat)) for seat in (1, 2)}
    for seat in guests:
        here(host, seat)
    play_online(host, guests, 4)
    pages = [host, *guests.values()]
    for page in pages:
        expect(page.locator('.dialog[data-screen="results"]')).to_be_visible(timeout=30_000)
        page.evaluate("() => { window.sameLoad = true; }")  # gone if the page reloads
    expect(guests[1].locator('.dialog[data-screen="results"] [data-choice="online-rematch"]')
           ).to_have_count(0)
    host.locator('.dialog[data-screen="results"] [data-choice="online-rematch"]').click()
    for page in pages:  # every device at the new game (every friend here: it starts)
        page.wait_for_function(
            "() => document.body.dataset.actions === '0' && !document.querySelector("
            "'.dialog[data-screen=\"results\"]')", timeout=60_000)
        assert page.evaluate("() => window.sameLoad === true")
    game = host_game(host)
    assert game.history == []
    acted = play_until(host, guests, lambda g, acted: {1, 2} <= acted, random.Random(9))
    assert {1, 2} <= acted  # both guests play the new game from their own devices


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"online-table-{name}.png"))


def test_screenshots_of_the_table_and_a_guests_waiting_page(browser: Browser, site_url: str,
                                                            relay: str) -> None:
    """The host's table and Bob's waiting page, in German, on a desktop and on a phone."""
    sizes = {"desktop": {"viewport": {"width": 1280, "height": 800}},
             "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                       "has_touch": True}}
    contexts = []
    try:
        for size, options in sizes.items():
            pages = []
            for _ in range(2):
                context = browser.new_context(base_url=site_url, service_workers="block",
                                              locale="de-DE", **options)
                contexts.append(context)
                pages.append(context.new_page())
            host, bob = pages
            open_host(host, relay, ["human", "friend", "friend"], 4, lang="de")
            link = host.locator('#online input[data-link="1"]').input_value()
            open_guest(bob, link)
            expect(host.locator(f'{TABLE} [data-here="1"]')).to_have_text("verbunden",
                                                                          timeout=60_000)
            expect(bob.locator(TABLE)).to_contain_text("Bob ist da", timeout=60_000)
            host.wait_for_function("() => document.querySelector('#screen .qr svg')",
                                   timeout=30_000)
            shoot(host, f"host-{size}")
            shoot(bob, f"guest-{size}")
    finally:
        for context in contexts:
            context.close()
