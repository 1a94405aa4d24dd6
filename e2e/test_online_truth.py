"""What an online game's pages say of the others is true (docs/online.md, "Joining, and coming
back", "Who is here", "When no direct connection forms"), in Chromium over the real local
relay (tools/relay.py):

* a link to a game whose host has closed its page says, within 20 s, that the game is not
  open on the host's device now, and never that the host's device is here;
* three devices under load — the host's page busy for seconds between turns, as a computer's
  turn or a long render makes it — show nobody away while all are connected, and the host's
  reload is said as the host's absence on both guests, never as a guest's;
* a browser without WebRTC (``RTCPeerConnection`` removed, as a privacy setting does), as the
  host and as a guest, plays a whole game through the relays, and says so.

Each page records every status it showed (a MutationObserver, :data:`RECORD`), so a false
word said for a moment between two looks is caught too.
"""

from __future__ import annotations

import random
import time

import pytest
from conftest import READY_TIMEOUT_MS, Guard
from playwright.sync_api import Page, expect
from test_online import (
    ends_alike_everywhere,
    forget_closed_peers,
    host_game,
    play_online,
    start_online,
    wait_step,
)
from test_online_fallback import forget_failed_connections
from uidriver import perform
from uipaths import choose

#: Every text the status line and the players' connection tags take, in order, with the
#: page's clock: ``window.said`` (installed before the page's own scripts).
RECORD = r"""(() => {
  window.said = [];
  const look = () => {
    const status = document.getElementById("status");
    const tags = Array.from(document.querySelectorAll("[data-connected]"),
                            (tag) => tag.dataset.connected + "=" + tag.textContent);
    const now = (status ? status.textContent : "") + " | " + tags.join(",");
    if (window.said.length === 0 || window.said[window.said.length - 1][1] !== now) {
      window.said.push([performance.now() / 1000, now]);
    }
  };
  new MutationObserver(look).observe(document, {subtree: true, childList: true,
                                                characterData: true, attributes: true});
})();"""

#: A browser with WebRTC switched off: no ``RTCPeerConnection`` at all.
NO_WEBRTC = r"""(() => {
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel",
                      "RTCSessionDescription", "RTCIceCandidate"]) {
    try { delete window[name]; } catch (e) { /* not configurable */ }
    window[name] = undefined;
  }
})();"""

CLOSED_S = 20.0  # the bound: a dead link said within this
HOST_HERE = "host's device is here"  # the words the old page said with nobody there


def said(page: Page) -> list[tuple[float, str]]:
    return [(float(t), str(text)) for t, text in page.evaluate("window.said")]


def test_a_link_to_a_game_whose_host_has_closed_says_so_within_20_s(
        devices, relay: str, guard: Guard) -> None:
    host = devices()
    host.goto(f"./?players=2&names=Ann,Bob&bots=human,friend&seed=3&pace=0&relays={relay}"
              "&ice=none")
    host.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    link = host.locator('#online input[data-link="1"]').input_value()
    host.context.close()  # the host made its links and closed its page
    friend = devices()
    friend.add_init_script(RECORD)
    friend.goto(link)
    friend.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    opened = friend.evaluate("performance.now() / 1000")
    waiting = friend.locator("#online [data-waiting]")
    expect(waiting).to_have_attribute("data-waiting", "closed", timeout=int(CLOSED_S * 1000))
    took = friend.evaluate("performance.now() / 1000") - opened
    expect(friend.locator("#status")).to_contain_text("not open on the host's device")
    time.sleep(3)  # (it keeps trying quietly: the words stay, the button to try again too)
    expect(waiting).to_have_attribute("data-waiting", "closed")
    expect(friend.locator('#online [data-choice="online-retry"]')).to_have_count(1)
    words = said(friend)
    print(f"\na dead link said after {took:.1f} s of the page's Python; {len(words)} statuses")
    assert not [w for w in words if HOST_HERE in w[1] or "answered" in w[1]], words
    guard.console_errors[:] = [m for m in guard.console_errors
                               if "WebSocket connection to" not in m]


#: The host's page busy this long between turns (a computer's turn, a long render on a slow
#: machine): its code does not run, so it neither hears nor pings meanwhile.
BUSY_S = 6.0
BUSY = "s => { const end = performance.now() + s * 1000; while (performance.now() < end) {} }"


@pytest.mark.parametrize("cy_way", ["direct", "relays"])
def test_under_load_nobody_is_away_and_the_hosts_reload_is_the_hosts(
        devices, relay: str, guard: Guard, cy_way: str) -> None:
    """Three devices; the host's page busy BUSY_S seconds after each of eight moves: no page
    ever says a connected device away. Then the host reloads: no guest says Bob or Cy away,
    and each that reaches the host directly says it waits for the host's device. Cy's
    browser reaches the host directly, or (no WebRTC in it) through the relays, whose
    messages a busy host reads late."""
    seed = 4
    made: list[Page] = []

    def device() -> Page:
        page = devices()
        page.add_init_script(RECORD)
        if cy_way == "relays" and len(made) == 2:  # (Cy: the third device)
            page.add_init_script(NO_WEBRTC)
        made.append(page)
        return page

    host, guests = start_online(device, relay, ["human", "friend", "friend"], seed)
    pages = [host, *guests.values()]
    for page in pages:  # (all here from now on: a friend not come yet was away, truly)
        expect(page.locator('[data-connected="1"]').first).to_have_text("connected")
        expect(page.locator('[data-connected="2"]').first).to_have_text("connected")
    start = [len(said(page)) for page in pages]
    rng = random.Random(seed)
    for _ in range(8):
        game = host_game(host)
        page = guests.get(game.current_player, host)
        perform(page, game, choose(game, rng, set()))
        wait_step(pages, len(game.history))
        host.evaluate(BUSY, BUSY_S)
    time.sleep(3)  # (the news after the last stall)
    for page, first in zip(pages, start, strict=True):
        away = [w for w in said(page)[first:] if "away" in w[1]]
        assert away == [], away
    before = {seat: len(said(g)) for seat, g in guests.items()}
    step = len(host_game(host).history)
    host.reload()
    host.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    for seat in guests:
        expect(host.locator(f'#online [data-connected="{seat}"]')).to_have_text(
            "connected", timeout=60_000)
    wait_step(pages, step)
    time.sleep(2)
    for seat, guest in guests.items():
        during = [w[1] for w in said(guest)[before[seat]:]]
        assert not [w for w in during if "away" in w], during
        if cy_way == "direct" or seat != 2:  # (through the relays, a reload over before it
            # was missed may go unsaid: nothing said is true too; it is back, connected)
            assert any("host's device" in w for w in during), (seat, during)  # the host's
    forget_closed_peers(guard)
    forget_failed_connections(guard)


def test_browsers_without_webrtc_play_a_whole_game_through_the_relays(
        devices, relay: str, guard: Guard) -> None:
    """The host's browser and Cy's have no RTCPeerConnection; Bob's has. All three play a
    whole game: every device reaches the others through the relays, and the two without
    WebRTC say why; nobody is told the relays cannot be reached."""
    seed = 5
    made: list[Page] = []

    def device() -> Page:
        page = devices()
        if len(made) != 1:  # the host (first) and Cy (third)
            page.add_init_script(NO_WEBRTC)
        made.append(page)
        return page

    host, guests = start_online(device, relay, ["human", "friend", "friend"], seed)
    bob, cy = guests[1], guests[2]
    assert host.evaluate("typeof window.RTCPeerConnection") == "undefined"
    for page in (host, cy):
        expect(page.locator('#online [data-direct="none"]')).to_be_visible()
    expect(bob.locator('#online [data-direct="none"]')).to_have_count(0)
    for page in (bob, cy):
        expect(page.locator('#online [data-way="host"]')).to_have_attribute("data-how", "relay")
    for seat in guests:
        expect(host.locator(f'#online [data-way="{seat}"]')).to_have_attribute("data-how",
                                                                              "relay")
    play_online(host, guests, seed)
    forget_failed_connections(guard)
    ends_alike_everywhere(host, [host, bob, cy], seed)
    for page in (host, bob, cy):
        expect(page.locator('#online [data-relays="unreachable"]')).to_have_count(0)
    assert not [m for m in guard.console_errors if "not a constructor" in m]


def test_a_link_cut_short_is_said_over_the_welcome(devices, guard: Guard) -> None:
    """A ``#play=`` link cut short (a chat app that broke it): said at once, with what to do,
    over the welcome's choices — not over a blank board."""
    page = devices()
    page.goto("./?pace=0#play=abc.def")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    welcome = page.locator('.dialog[data-screen="welcome"]')
    expect(welcome).to_be_visible()
    expect(welcome.locator(".dialog-notice")).to_contain_text("ask the host for the whole link")
    expect(welcome.locator('[data-choice="quick-play"]')).to_be_visible()


#: The QR codes' library arriving 2 s late, as on a slow network (web/online.js loads it on
#: first use): the table is seen, and clicked, before its codes are drawn.
LATE_QR_LIBRARY = """
const append = Node.prototype.appendChild;
Node.prototype.appendChild = function (node) {
  if (node.tagName === 'SCRIPT' && String(node.src).includes('/qrcode/')) {
    setTimeout(() => append.call(this, node), 2000);
    return node;
  }
  return append.call(this, node);
};
"""


def test_link_copied_moves_nothing_under_the_pointer(devices, relay: str) -> None:
    """At the table, the host copies Bob's link: "Link copied." appears over the page, and
    Cy's Copy button is exactly where it was (the next click meant for it lands on it) — and
    where it was before the QR codes were drawn (their library comes a moment later: a run
    once measured Cy's Copy 115 px higher once they were in)."""
    host = devices()
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.add_init_script(LATE_QR_LIBRARY)
    host.goto(f"./?players=3&names=Ann,Bob,Cy&bots=human,friend,friend&seed=3&pace=0"
              f"&relays={relay}&ice=none")
    host.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    table = host.locator('.dialog[data-screen="table"]')
    expect(table).to_be_visible()
    cy_copy = table.locator('[data-choice="online-copy:2"]')
    before = cy_copy.bounding_box()
    expect(table.locator(".qr svg")).to_have_count(2)
    assert cy_copy.bounding_box() == before
    table.locator('[data-choice="online-copy:1"]').click()
    notice = host.locator(".dialog-notice")
    expect(notice).to_have_text("Link copied.")
    assert cy_copy.bounding_box() == before
    box = notice.bounding_box()
    assert box is not None and before is not None
    overlaps = not (box["y"] + box["height"] <= before["y"] or before["y"] + before["height"]
                    <= box["y"] or box["x"] + box["width"] <= before["x"]
                    or before["x"] + before["width"] <= box["x"])
    assert not overlaps or notice.evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    cy_copy.click()  # (lands on Cy's Copy: its link is the one copied)
    expect(notice).to_have_text("Link copied.")
    assert host.evaluate("navigator.clipboard.readText()") == \
        table.locator('input[data-link="2"]').input_value()


def test_link_copied_in_the_side_column_moves_nothing_either(devices, relay: str) -> None:
    """During the game, the host copies Bob's link from the online panel beside the board:
    "Link copied." is a toast over the page, and Cy's Copy under it stays where it was."""
    host = devices()
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.goto(f"./?players=3&names=Ann,Bob,Cy&bots=human,friend,friend&seed=3&pace=0"
              f"&relays={relay}&ice=none")
    host.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    host.locator('.dialog[data-screen="table"] [data-choice="online-start"]').click()
    panel = host.locator("#online")
    cy_copy = panel.locator('[data-choice="online-copy:2"]')
    expect(cy_copy).to_be_visible()
    before = cy_copy.bounding_box()
    panel.locator('[data-choice="online-copy:1"]').click()
    expect(host.locator("#notice")).to_have_text("Link copied.")
    assert cy_copy.bounding_box() == before
    assert host.locator("#notice").evaluate("e => getComputedStyle(e).pointerEvents") == "none"


def test_the_last_friend_is_asked_for_a_name_before_the_first_move(
        devices, relay: str, guard: Guard) -> None:
    """Cy's seat has only the name the host's page gave it ("Friend 3"); Bob is here, named.
    When Cy's device comes — in German — the table does not start: Cy's page asks for a name
    ("Freund 3" in Cy's language), the host sees Cy choosing one; once Cy gives it the game
    starts, and every device says "Cy"."""
    host = devices()
    host.goto(f"./?players=3&names=Ann,Bob,Friend%203&bots=human,friend,friend&seed=3&pace=0"
              f"&relays={relay}&ice=none")
    host.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    links = {seat: host.locator(f'#online input[data-link="{seat}"]').input_value()
             for seat in (1, 2)}
    bob = devices()
    bob.goto(links[1])
    bob.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    cy = devices()
    address, secret = links[2].split("#", 1)
    cy.goto(f"{address}&lang=de#{secret}")
    cy.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    table = host.locator('.dialog[data-screen="table"]')
    expect(cy.locator('[data-asked="name"]')).to_be_visible(timeout=60_000)
    expect(cy.locator("#table-name")).to_have_attribute("placeholder", "Freund 3")
    expect(table.locator('[data-here="2"]')).to_have_text("choosing a name", timeout=30_000)
    expect(table.locator('[data-here="1"]')).to_have_text("connected")
    time.sleep(1.5)  # (everyone is here: the table still waits for Cy's name)
    expect(table).to_be_visible()
    assert host_game(host).history == []
    cy.locator("#table-name").fill("Cy")
    cy.locator('.dialog [data-choice="online-name"]').click()
    expect(table).to_have_count(0, timeout=30_000)
    for page in (host, bob, cy):
        expect(page.locator("#players")).to_contain_text("Cy", timeout=30_000)
    forget_closed_peers(guard)
