"""An online game's network settings and ways (docs/online.md): TURN servers with their
credentials in a link (``?ice=``) or kept on the device (the online panel's field), checked
before use — a malformed one is said, never used — and each device's way (direct, or through
the relays) shown in the online panel.
"""

from __future__ import annotations

import random

import pytest
from control.update import update
from model import ice_servers
from model import page_events as ev
from model.ui_state import Model, Online
from model.values import replace
from online import links
from online.host import public_log
from render import frame as page_frame
from render import online_table
from test_online import SITE, Guest, game_of, guest_page, room

import rattus


@pytest.mark.parametrize(("text", "server"), [
    ("stun:stun.example.org:3478", {"urls": "stun:stun.example.org:3478"}),
    ("turn:ann:s3cret@turn.example.org:3478",
     {"urls": "turn:turn.example.org:3478", "username": "ann", "credential": "s3cret"}),
    ("turns:1700000000%3Aann:p%40ss%2Cw@turn.example.org:5349?transport=tcp",
     {"urls": "turns:turn.example.org:5349?transport=tcp", "username": "1700000000:ann",
      "credential": "p@ss,w"}),
    ("turn:u:p@[2001:db8::1]:3478", {"urls": "turn:[2001:db8::1]:3478", "username": "u",
                                      "credential": "p"}),
])
def test_an_ice_server_reads_with_its_credentials(text: str, server: dict) -> None:
    """A TURN server's user and password (percent-encoded where they hold : @ , %)."""
    assert ice_servers.ice_server(text) == server
    again = ice_servers.ice_text(server["urls"], server.get("username", ""),
                           server.get("credential", ""))
    assert ice_servers.ice_server(again) == server


@pytest.mark.parametrize("text", [
    "turn:turn.example.org:3478",  # a TURN server without its credentials
    "stun:u:p@stun.example.org",  # a STUN server takes none
    "turn:u:p@host:99999", "turn:u:p@host:3478?transport=sctp", "turn:u:p@",
    "http://turn.example.org", "turn:u:p@host name", "turn:u:p@host\"><script>", "none2",
])
def test_a_malformed_ice_server_is_not_read(text: str) -> None:
    assert ice_servers.ice_server(text) is None


def test_a_links_turn_server_travels_in_the_invitation_and_odd_ones_are_kept_to_be_said() -> None:
    turn = ice_servers.ice_text("turn:turn.example.org:3478", "1700000000:ann", "p@ss,w")
    network = links.Network(("wss://relay.example",), ("stun:stun.example.org", turn))
    link = links.link("https://x/rattus/", links.Invitation("r" * 22, "p" * 22, 1, "s" * 22),
                      network)
    query = link.split("?", 1)[1].split("#", 1)[0]
    assert links.network_of(query) == network
    odd = links.network_of(query + ",turn:nobody.example.org")
    assert odd.ice == network.ice and odd.problems == ("turn:nobody.example.org",)
    assert ice_servers.read_ice(", ,") == ((), ())


def test_the_panel_says_a_links_ice_server_that_cannot_be_read() -> None:
    html = online_table.online(Online("guest", ice_problems=("turn:nobody",)), [])
    assert 'class="online-ice-bad" role="alert"' in html and "turn:nobody" in html


def test_a_turn_server_kept_on_the_device_is_checked_first() -> None:
    """The online panel's field: a malformed server is said and nothing is kept; a good
    one is kept (an effect: the browser stores it); an empty field keeps none."""
    model = Model().but(ui=Model().ui.but(online=Online("host")))
    after, effects = update(model, ev.Choice("online-turn", {"turn": "turn:host-only"}))
    assert effects == () and "turn:host-only" in after.ui.notice
    good = "turn:ann:pw@turn.example.org:3478"
    after, effects = update(model, ev.Choice("online-turn", {"turn": f" {good} "}))
    assert effects == (ev.KeepTurn(good),) and after.ui.notice_is_news
    _after, effects = update(model, ev.Choice("online-turn", {"turn": ""}))
    assert effects == (ev.KeepTurn(""),)
    html = online_table.online(Online("host", turn=good), [])
    assert 'id="online-turn"' in html and f'value="{good}"' in html


def test_the_host_sees_which_way_each_friend_is_reached() -> None:
    online = Online("host", ((1, "link1"), (2, "link2")), "watch", (True, True, True), "ok",
                    ways=("", "direct", "relay"))
    html = online_table.online(online, [])
    assert 'data-way="1" data-how="direct"' in html
    assert 'data-way="2" data-how="relay"' in html and "through the relays" in html
    away = online_table.online(Online("host", ((1, "l"),), "w", (True, False), "ok",
                                ways=("", "")), [])
    assert "data-way" not in away  # no device there: no way to say


def test_a_guest_sees_that_it_plays_through_the_relays() -> None:
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    model = guest_page(net, "p1")
    assert model.ui.online is not None
    relayed = replace(model.ui.online, way="relay")
    html = online_table.online(relayed, [])
    assert 'data-way="host" data-how="relay"' in html and 'class="online-way-note"' in html
    html = online_table.online(replace(model.ui.online, way="direct"), [])
    assert 'data-how="direct"' in html and "online-way-note" not in html


def test_a_phone_shows_its_way_on_the_players_tab() -> None:
    """The dock (a phone's tabs) says how this device reaches the others, where the players'
    sheet says more: a guest its way to the host, the host any friend through the relays."""
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    model = guest_page(net, "p1")
    assert model.ui.online is not None
    for way in ("direct", "relay"):
        page = model.but(ui=model.ui.but(online=replace(model.ui.online, way=way)))
        dock = page_frame.frame(page, rattus.REGIONS).html["dock"]
        assert f'class="dock-way" data-how="{way}"' in dock
    mixed = Online("host", ((1, "l1"), (2, "l2")), "w", (True, True, True), "ok",
                   ways=("", "direct", "relay"))
    dock = page_frame.frame(store.model.but(ui=store.model.ui.but(online=mixed)),
                            rattus.REGIONS).html["dock"]
    assert 'data-how="relay"' in dock


def test_a_browser_without_webrtc_says_the_relays_carry_everything() -> None:
    """No RTCPeerConnection in this browser (web/online.js): the panel says why the game
    goes through the relays, and the dock says relays even before anyone joined."""
    online = Online("host", ((1, "l1"),), "w", (True, False), "ok", ways=("", ""),
                    direct=False)
    html = online_table.online(online, [])
    assert 'data-direct="none"' in html and "WebRTC is off" in html
    assert 'data-direct="none"' not in online_table.online(replace(online, direct=True), [])
    store, _host, _net, _keys = room()
    dock = page_frame.frame(store.model.but(ui=store.model.ui.but(online=online)),
                            rattus.REGIONS).html["dock"]
    assert 'data-how="relay"' in dock


def test_a_guest_that_lost_a_state_is_whole_again_after_a_hello() -> None:
    """The relay way may lose a message: the next state's log then begins beyond what the
    guest holds, and is refused whole (its table unchanged); the page says hello again
    (browser/online_room.py) and the host sends the whole present state."""
    store, host, net, keys = room()
    guests = {seat: net.join(f"p{seat}", Guest(SITE, seat, keys[seat])) for seat in (1, 2)}
    rng = random.Random(2)

    def move() -> None:  # whoever is to act: the host's computer (seat 0) or a guest
        g = game_of(store)
        action = rng.choice(g.legal_actions())
        if g.current_player == 0:
            store.dispatch(ev.BotMove(0, action))
        else:
            net.send(f"p{g.current_player}", guests[g.current_player].act(action)[1])

    p1 = guests[1]
    held = net.guests.pop("p1")  # the next state to p1 is lost on the way
    move()
    net.guests["p1"] = held
    before = p1.table.version
    told = len(net.news.get("p1", []))
    guests[2].name = "Zed"  # another device's news: a state to every device
    net.send("p2", guests[2].hello())
    news = net.news["p1"][told:]
    assert any(n.kind == "bad" and n.detail == "log" for n in news)
    assert p1.table.version == before
    net.send("p1", p1.hello())
    assert net.last("p1").kind == "state"
    session = store.model.session
    assert session is not None and p1.table.version == session.version
    assert p1.table.log_events == [e for e, _ in public_log(session)]
