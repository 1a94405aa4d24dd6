"""Online play in Chromium (docs/online.md), with a real Nostr relay on 127.0.0.1
(``nostr-relay`` from PyPI, started by the ``relay`` fixture: tools/relay.py) and WebRTC
between browser contexts — each context one device.

* A game that is not online opens no socket and never loads the network library.
* The vendored Trystero (its bare imports rewritten by the build) meets another device
  through the relay, and text goes both ways.
* A whole game through clicks on three devices (the host and two guests; and with a
  computer player on the host in a 4-player game): every device renders each action, no
  guest's page ever holds a face its seat may not know, a guest reloads mid-game and
  rejoins, the host reloads and the game goes on in the same room, and the scores are the
  engine's replay of the host's history.
* A hostile guest's forged messages (another seat's action, an illegal action, garbage,
  10 MB) are refused and change nothing; a spectator's link shows the public view.
"""

from __future__ import annotations

import json
import random
import re
import sys

import pytest
from conftest import READY_TIMEOUT_MS, ROOT, Guard
from playwright.sync_api import Page, expect
from uidriver import perform
from uipaths import choose, tags

import rattus

sys.path.insert(0, str(ROOT / "tools"))
import relay as nostr_relay  # noqa: E402  (tools/relay.py)

OPEN_ROOM = """([url, name]) => {
  window.got = [];
  return window.rattusOnline.open({room: 'test-room', password: 'pw', relays: [url], ice: 'none'},
    (peer, text) => window.got.push(text),
    (peer, joined) => { if (joined) window.room.send(peer, 'hello from ' + name); },
    () => {}).then(room => { window.room = room; return room.self; });
}"""




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


# -- whole games: a host and its guests, each in its own browser context ---------------------
GAME_JSON = "() => window.rattusGameJson()"


def host_game(host: Page) -> rattus.Game:
    return rattus.Game.from_json(host.evaluate(GAME_JSON))


def wait_step(pages, step: int, timeout: int = 30_000) -> None:
    """Every device has rendered ``step`` actions (and tells no strike)."""
    for p in pages:
        p.wait_for_function(
            "n => Number(document.body.dataset.actions) >= n && !document.body.dataset.busy",
            arg=step, timeout=timeout)


def check_privacy(page: Page, game: rattus.Game, seat: int) -> None:
    """A device never holds a face its seat may not know (R8): the faces on its map are
    exactly those of its seat's view."""
    view = game.view(seat)
    known = sum(1 for r in view["regions"] for f in view["board"][r]["tokens"] if f)
    assert page.locator("#map .token-face").count() == known


def start_online(devices, relay: str, kinds: list[str], seed: int):
    """The host's page with ``kinds`` (``friend`` seats become guests' pages); returns
    ``(host, {seat: guest page})`` once every guest has its seat."""
    n = len(kinds)
    names = ",".join(["Ann", "Bob", "Cy", "Di"][:n])
    host = devices()
    host.goto(f"./?players={n}&names={names}&bots={','.join(kinds)}&seed={seed}&pace=0"
              f"&relays={relay}&ice=none")
    host.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    guests = {}
    for seat, kind in enumerate(kinds):
        if kind != "friend":
            continue
        link = host.locator(f'#online input[data-link="{seat}"]').input_value()
        assert "#play=" in link and f".{seat}." in link
        guest = devices()
        guest.goto(link)
        guest.wait_for_selector("body[data-ready]", state="attached",
                                timeout=READY_TIMEOUT_MS)
        guests[seat] = guest
    for seat, guest in guests.items():
        expect(host.locator(f'#online [data-connected="{seat}"]')).to_have_text(
            "connected", timeout=60_000)
        guest.wait_for_function("() => document.body.dataset.actions !== undefined",
                                timeout=60_000)
    return host, guests


def play_online(host: Page, guests: dict, seed: int, reload_at: int | None = None,
                host_reload_at: int | None = None) -> None:
    """Play to the end through clicks on the device of the seat to act; after each action
    every device has rendered it and shows only what its seat knows."""
    rng = random.Random(seed)
    pages = [host, *guests.values()]
    seen: set[str] = set()
    while True:
        game = host_game(host)
        if game.is_over:
            break
        seat = game.current_player
        if game.num_players == 4 and seat == 3:  # the computer's: it plays on the host
            wait_step([host], len(game.history) + 1)
            continue
        page = guests.get(seat, host)
        if seat in guests:  # its turn said in the tab's title, seen from another tab
            expect(page).to_have_title(re.compile(r"^Your turn — "))
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        perform(page, game, action)
        wait_step(pages, len(game.history))
        for s, guest in guests.items():
            check_privacy(guest, game, s)
        if reload_at is not None and len(game.history) == reload_at:
            reloaded = guests[min(guests)]
            reloaded.reload()
            reloaded.wait_for_selector("body[data-ready]", state="attached",
                                       timeout=READY_TIMEOUT_MS)
            wait_step([reloaded], len(game.history), timeout=READY_TIMEOUT_MS)
            check_privacy(reloaded, game, min(guests))
        if host_reload_at is not None and len(game.history) == host_reload_at:
            host.reload()  # the game resumes from the autosave, in the same room
            host.wait_for_selector("body[data-ready]", state="attached",
                                   timeout=READY_TIMEOUT_MS)
            for seat in guests:
                expect(host.locator(f'#online [data-connected="{seat}"]')).to_have_text(
                    "connected", timeout=60_000)
            assert host_game(host).history == game.history


def ends_alike_everywhere(host: Page, pages, seed: int) -> rattus.Game:
    """The host's game, played to its end, is the engine's own from its seed and actions,
    and every device's results show its scores."""
    game = host_game(host)
    replay = rattus.new_game(players=game.num_players, seed=seed)
    for action in game.history:
        replay.apply(action)
    assert replay.scores() == game.scores() and replay.is_over
    for page in pages:
        for p, score in enumerate(game.scores()):
            cell = page.locator(f'.dialog[data-screen="results"] td[data-score="{p}"]')
            expect(cell).to_have_text(str(score), timeout=30_000)
    return game


#: What Trystero itself logs as an error on the other devices when one device's page goes
#: away (a reload): its WebRTC connection was closed by that page, as expected.
PEER_CLOSED = "Trystero peer error: OperationError: User-Initiated Abort, reason=Close called"


def forget_closed_peers(guard: Guard) -> None:
    guard.console_errors[:] = [m for m in guard.console_errors if PEER_CLOSED not in m]


@pytest.mark.parametrize(("kinds", "seed"), [
    (["human", "friend", "friend"], 4),
    (["human", "friend", "friend", "easy"], 6),
])
def test_a_whole_game_on_three_devices(devices, relay: str, guard: Guard, kinds, seed) -> None:
    host, guests = start_online(devices, relay, kinds, seed)
    belled = max(guests)  # this guest asks to hear and feel its turn come; the other not
    bell = guests[belled].locator('#online [data-choice="toggle-turn-alert"]')
    bell.click()
    expect(bell).to_have_attribute("aria-pressed", "true")
    play_online(host, guests, seed, reload_at=25, host_reload_at=40)
    forget_closed_peers(guard)
    ends_alike_everywhere(host, [host, *guests.values()], seed)
    assert guests[belled].evaluate("window.rattusTurnAlerts || 0") > 0
    assert all(page.evaluate("window.rattusTurnAlerts || 0") == 0
               for page in (host, *(g for s, g in guests.items() if s != belled)))


def test_a_hostile_guests_forged_messages_change_nothing(devices, relay: str) -> None:
    """Cy's page sends, straight into the room: Bob's action while Bob is to act, an
    illegal action, garbage and a 10 MB message. The host refuses each (Cy's page says so)
    and the game stays exactly as it was on every device."""
    host, guests = start_online(devices, relay, ["human", "friend", "friend"], 4)
    rng = random.Random(1)
    game = host_game(host)
    while game.current_player != 1:  # to Bob's first decision
        page = guests.get(game.current_player, host)
        perform(page, game, choose(game, rng, set()))
        wait_step([host, *guests.values()], len(game.history))
        game = host_game(host)
    before = host.evaluate(GAME_JSON)
    cy = guests[2]
    bob_move = game.legal_actions()[0]
    forged = [
        (json.dumps({"v": 1, "type": "act", "action": str(bob_move), "ref": 1}), "not your turn"),
        (json.dumps({"v": 1, "type": "act", "action": "place Atlantis 9", "ref": 2}), ""),
        ("{{{ garbage", "could not read"),
        ("x" * 10_000_000, "could not read"),
    ]
    for text, said in forged:
        cy.evaluate("text => window.rattusRoom.send(null, text)", text)
        if said:
            expect(cy.locator("#notice")).to_contain_text(said, ignore_case=True,
                                                          timeout=30_000)
        else:  # the engine's reason, in the page's words
            cy.wait_for_function("() => document.getElementById('notice').textContent",
                                 timeout=30_000)
        cy.evaluate("() => { document.getElementById('notice').textContent = ''; }")
    host.wait_for_timeout(1000)
    assert host.evaluate(GAME_JSON) == before
    for page in (host, *guests.values()):
        assert page.locator("body").get_attribute("data-actions") == str(len(game.history))
    perform(guests[1], game, bob_move)  # and the game goes on
    wait_step([host, cy], len(game.history))
    watcher = devices()  # a spectator: the public view, no decision, no face
    watcher.goto(host.locator('#online input[data-link="w"]').input_value())
    watcher.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    try:
        wait_step([watcher], len(game.history), timeout=60_000)
    except Exception as exc:  # say where the spectator's page stands
        raise AssertionError(f"spectator: {watcher.locator('#status').inner_text()!r} "
                             f"{watcher.locator('#online').inner_text()!r}") from exc
    assert watcher.locator("body").get_attribute("data-viewer") in (None, "")
    assert watcher.locator("#map .token-face").count() == 0


def test_relays_that_cannot_be_reached_are_said_at_once(page: Page, guard: Guard) -> None:
    """A relay address where nothing listens: the host's panel says so within seconds."""
    closed = f"ws://127.0.0.1:{nostr_relay.free_port()}"
    page.goto(f"./?players=2&names=Ann,Bob&bots=0,friend&seed=3&pace=0&relays={closed}"
              "&ice=none")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    expect(page.locator('#online [data-relays="unreachable"]')).to_be_visible(timeout=15_000)
    guard.console_errors[:] = [m for m in guard.console_errors  # the socket's own complaint
                               if "WebSocket connection to" not in m]
