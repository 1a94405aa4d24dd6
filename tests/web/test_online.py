"""The online protocol (web/online/) on CPython, through an in-memory network: the host's
store and room, guests with their remote tables, messages delivered in order.

What must hold: the host's engine is the only authority (a guest's action is applied only
for its own seat, when legal; every refusal leaves the game exactly as it was), each device
receives only what its seat may know (its view, its legal actions when it is to act, public
log events), seats are claimed by their secret (taken, taken over, rejoined), and a guest's
page renders from what it received as a local seat's page would.
"""

from __future__ import annotations

import json
import random
from collections import deque

import pytest
from control.store import Store
from control.update import update
from glue import config, everything
from model import page_events as ev
from model.remote_table import RemoteTable
from model.session import Session
from model.ui_state import Model, Online
from model.values import replace
from online import messages
from online.guest import Guest, News
from online.host import Host, new_secret
from render import frame as page_frame
from text.catalogue import t

import rattus

SITE = "build-1"


class Network:
    """Messages between the host and the guests, delivered in the order sent; every text
    sent to a peer is kept (``seen``) to look for what it must not hold."""

    def __init__(self, host: Host, store: Store):
        self.host, self.store = host, store
        self.guests: dict[str, Guest] = {}
        self.queue: deque[tuple[str, str, str]] = deque()  # (from, to, text)
        self.seen: dict[str, list[str]] = {}
        self.news: dict[str, list[News]] = {}
        self._running = False
        store.subscribe(self._published)

    def _published(self, model) -> None:
        """The host's store subscriber: the present state to every device that needs it
        (whether the table still waits for the start: browser/online_room.py does so too)."""
        self.host.waiting = model.at_table
        self._out(self.host.publish())
        self.run()

    def join(self, peer: str, guest: Guest, take_over: bool = False) -> Guest:
        self.guests[peer] = guest
        self.send(peer, guest.hello(take_over))
        return guest

    def send(self, peer: str, text: str) -> None:
        self.queue.append((peer, "host", text))
        self.run()

    def leave(self, peer: str) -> None:
        self.guests.pop(peer, None)
        self._out(self.host.left(peer))
        self.run()

    def _out(self, outgoing) -> None:
        for to, text in outgoing:
            self.queue.append(("host", to, text))

    def run(self) -> None:
        if self._running:  # (a dispatch inside the loop: its messages wait their turn)
            return
        self._running = True
        try:
            self._deliver()
        finally:
            self._running = False

    def _deliver(self) -> None:
        while self.queue:
            sender, to, text = self.queue.popleft()
            if to == "host":
                outcome = self.host.receive(sender, text)
                self._out(outcome.send)
                if outcome.event is not None:
                    self.store.dispatch(outcome.event)
                for kind, seat in outcome.news:  # (as browser/online_room.py does)
                    self.store.dispatch(ev.TableNews(kind, seat))
            elif to in self.guests:
                self.seen.setdefault(to, []).append(text)
                self.news.setdefault(to, []).append(self.guests[to].receive(text, sender))

    def last(self, peer: str) -> News:
        return self.news[peer][-1]


def room(n: int = 3, kinds=None, seed: int = 3, remote=(1, 2), started: bool = True):
    """A host's page with a game whose ``remote`` seats are played from other devices;
    ``started``: the host pressed Start (else the game waits at its table)."""
    kinds = kinds or ["easy"] + ["friend" if i in remote else "human" for i in range(1, n)]
    session = Session(config(n, seed=seed, kinds=kinds))
    assert session.remote == frozenset(remote)
    store = Store(Model().but(session=session),  # (a new game scrolls the side: no side here)
                  effects={ev.SideTop: lambda _e: None})
    keys = {seat: new_secret() for seat in remote}
    host = Host(SITE, keys, lambda: store.model.session)
    net = Network(host, store)
    if started:
        store.dispatch(ev.Choice("online-start"))
    return store, host, net, keys


def game_of(store: Store) -> rattus.Game:
    assert store.model.session is not None
    return store.model.session.game


def unchanged(store: Store):
    """The game's saved text and the session's version now: nothing refused may move them."""
    s = store.model.session
    assert s is not None
    return s.game.to_json(), s.version, list(s.log)


def host_move(store: Store, rng: random.Random) -> None:
    """The host's computer player (seat 0, a bot) makes a random legal move."""
    g = game_of(store)
    store.dispatch(ev.BotMove(g.current_player, rng.choice(g.legal_actions())))


def test_a_whole_game_with_two_guests_and_each_device_knows_only_its_seat() -> None:
    store, host, net, keys = room()
    guests = {"p1": net.join("p1", Guest(SITE, 1, keys[1])),
              "p2": net.join("p2", Guest(SITE, 2, keys[2]))}
    spectator = net.join("w", Guest(SITE, None))
    rng = random.Random(5)
    moves = 0
    while not game_of(store).is_over:
        g = game_of(store)
        for guest in guests.values():  # every device holds the present view, no more
            seat = guest.seat
            assert seat is not None
            assert guest.table.view() == json.loads(json.dumps(g.view(seat)))
            mine = g.current_player == seat
            assert [str(a) for a in guest.table.legal()] == (
                [str(a) for a in g.legal_actions()] if mine else [])
        assert spectator.table.view() == json.loads(json.dumps(g.view(None)))
        seat = g.current_player
        if seat == 0:
            host_move(store, rng)
        else:
            peer = f"p{seat}"
            action = rng.choice(guests[peer].table.legal())
            net.send(peer, guests[peer].act(action)[1])
        moves += 1
        assert moves < 3000
    g = game_of(store)
    replay = rattus.Game.from_json(g.to_json())
    assert replay.scores() == g.scores()
    session = store.model.session
    assert session is not None
    for guest in (*guests.values(), spectator):
        assert guest.table.is_over and guest.table.log == session.log
        finished = guest.table.finished()
        assert finished is not None and finished.game.scores() == g.scores()
    # nothing ever sent to a guest named another seat's private knowledge
    for peer, texts in net.seen.items():
        seat = net.guests[peer].seat if peer in net.guests else None
        for text in texts[:-1]:  # the last one carries the whole game: it is over
            m = json.loads(text)
            if m["type"] == "state":
                assert m["table"]["final"] is None
                for e in m["table"]["events"] + m["table"]["log"]["events"]:
                    assert e.get("private_to") in (None, seat), e


def test_a_guest_is_sent_only_what_changed_in_the_log() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    rng = random.Random(2)
    host_move(store, rng)
    net.send("p1", p1.act(p1.table.legal()[0])[1])
    starts = [json.loads(t)["table"]["log"]["from"] for t in net.seen["p1"]
              if json.loads(t)["type"] == "state"]
    assert starts[0] == 0 and starts[-1] == len(p1.table.log) - 1 > 0


def test_a_guest_may_act_only_for_its_own_seat_when_it_is_to_act() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    p2 = net.join("p2", Guest(SITE, 2, keys[2]))
    host_move(store, random.Random(1))  # seat 0's setup: seat 1 is to act
    assert game_of(store).current_player == 1
    before = unchanged(store)
    seat_one_move = str(p1.table.legal()[0])
    ref, text = p2.act(seat_one_move)  # another seat's action
    net.send("p2", text)
    news = net.last("p2")
    assert (news.kind, news.reason, news.ref) == ("refused", "not-your-turn", ref)
    assert unchanged(store) == before
    net.send("p1", p1.act(seat_one_move)[1])  # its own: applied
    assert game_of(store).current_player == 2 and unchanged(store) != before


@pytest.mark.parametrize(("text", "reason"), [
    ("{", "malformed"),
    ("null", "malformed"),
    ("[1, 2]", "malformed"),
    ("[" * 100_000, "too-big"),
    ("[" * 3_000, "malformed"),  # nested too deep, refused before json.loads
    ("x" * 10_000_000, "too-big"),
    (b"\xff\xfe", "malformed"),
    (json.dumps({"v": 1, "type": "shout"}), "unknown-type"),
    (json.dumps({"v": 99, "type": "act", "action": "setup Gallia"}), "protocol"),
    (json.dumps({"v": 1, "type": "act"}), "malformed"),
    (json.dumps({"v": 1, "type": "act", "action": 7}), "malformed"),
    (json.dumps({"v": 1, "type": "act", "action": "setup Gallia", "ref": True}), "malformed"),
    (messages.encode("act", action="fly to the moon"), "illegal"),
    (messages.encode("act", action="setup Atlantis"), "illegal"),
])
def test_bad_input_is_refused_and_changes_nothing(text, reason) -> None:
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    before = unchanged(store)
    net.send("p1", text)
    news = net.last("p1")
    assert (news.kind, news.reason) == ("refused", reason)
    assert unchanged(store) == before


def test_an_illegal_action_is_answered_with_the_engines_reason() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    g = game_of(store)
    bad = next(f"place {r} 1" for r in rattus.REGIONS)  # not a setup move: wrong now
    before = unchanged(store)
    net.send("p1", p1.act(bad)[1])
    news = net.last("p1")
    assert news.kind == "refused" and news.reason == "illegal"
    assert news.why is not None and news.why["reason"] == g.why_not(bad)["reason"]
    assert unchanged(store) == before


def test_a_guest_on_another_version_of_the_site_is_told_to_reload() -> None:
    store, host, net, keys = room()
    other = net.join("p1", Guest("build-2", 1, keys[1]))
    news = net.last("p1")
    assert (news.kind, news.reason, news.detail) == ("refused", "site", SITE)
    assert not other.welcomed and host.holder(1) is None


def test_a_wrong_secret_claims_no_seat_and_no_seat_no_action() -> None:
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, "guessed"))
    assert net.last("p1").reason == "bad-secret" and host.holder(1) is None
    net.join("p9", Guest(SITE, 0, keys[1]))  # the host's own seat has no secret
    assert net.last("p9").reason == "bad-secret"
    before = unchanged(store)
    net.send("p1", messages.encode("act", action="setup Gallia"))
    assert net.last("p1").reason == "no-seat" and unchanged(store) == before


def test_a_second_device_is_told_the_seat_is_taken_and_may_take_it_over() -> None:
    store, host, net, keys = room()
    first = net.join("phone", Guest(SITE, 1, keys[1]))
    second = net.join("laptop", Guest(SITE, 1, keys[1]))
    assert net.last("laptop").reason == "seat-taken" and host.holder(1) == "phone"
    net.join("laptop", second, take_over=True)
    assert host.holder(1) == "laptop" and second.table.received
    assert net.last("phone").kind == "taken_over" and first.taken_over
    assert first.table.legal() == []  # the old device's board offers nothing to choose
    host_move(store, random.Random(1))
    before = unchanged(store)
    net.send("phone", first.act(second.table.legal()[0])[1])  # the old device: refused
    assert net.last("phone").reason == "no-seat" and unchanged(store) == before
    net.send("laptop", second.act(second.table.legal()[0])[1])
    assert unchanged(store) != before


def test_a_guest_that_reloads_rejoins_and_gets_the_present_view() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    rng = random.Random(4)
    for _ in range(12):  # some moves, the guest's among them
        g = game_of(store)
        if g.current_player == 1:
            net.send("p1", p1.act(rng.choice(p1.table.legal()))[1])
        elif g.current_player == 0:
            host_move(store, rng)
        else:
            store.dispatch(ev.RemoteMove(2, str(rng.choice(g.legal_actions()))))
    net.leave("p1")
    assert host.connected(3) == [True, False, False]
    again = net.join("p1-reloaded", Guest(SITE, 1, keys[1]))
    g = game_of(store)
    assert again.table.view() == json.loads(json.dumps(g.view(1)))
    assert again.table.log == p1.table.log and again.table.actors == p1.table.actors
    assert again.table.connected == [True, True, False]


def test_a_guest_names_itself_and_every_device_hears_the_name() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    net.join("p2", Guest(SITE, 2, keys[2], name="Zoë"))
    session = store.model.session
    assert session is not None and session.names[2] == "Zoë"
    assert p1.table.names[2] == "Zoë"
    net.send("p2", messages.encode("hello", site=SITE, seat=2, secret=keys[2], name="x" * 99))
    assert net.last("p2").reason == "malformed" and session.names[2] == "Zoë"


def test_the_host_sends_nothing_when_nothing_changed() -> None:
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    count = len(net.seen["p1"])
    store.dispatch(ev.Choice("log-toggle", None))  # a change of the host's screen only
    assert len(net.seen["p1"]) == count


def test_a_bad_state_from_the_host_leaves_the_guests_table_as_it_was() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    view, log = p1.table.view(), list(p1.table.log)
    for table in ({"view": {"seat": 2}}, {**_last_table(net, "p1"), "legal": ["nonsense"]},
                  {**_last_table(net, "p1"), "seats": []},
                  {**_last_table(net, "p1"), "view": {**view, "seat": 2}}):
        news = p1.receive(messages.encode("state", seat=1, table=table))
        assert news.kind == "bad"
        assert p1.table.view() == view and p1.table.log == log
    assert p1.receive(messages.encode("state", seat=2, table=_last_table(net, "p1"))).kind == "bad"
    assert p1.receive("x" * (messages.HOST_LIMIT + 1)).reason == "too-big"


def _last_table(net: Network, peer: str) -> dict:
    states = [json.loads(t) for t in net.seen[peer] if json.loads(t)["type"] == "state"]
    return states[-1]["table"]


def test_a_guests_page_renders_as_a_local_seats_page_would() -> None:
    """The frame from a remote table equals the frame of the same game on a page where that
    seat is the only human at the screen (but the undo button, which online says why not)."""
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    rng = random.Random(8)
    checked = 0
    while not game_of(store).is_over and checked < 120:
        g = game_of(store)
        local = _local_seat(store, 1)
        remote_frame = page_frame.frame(Model().but(session=p1.table),  # type: ignore[arg-type]
                                        rattus.REGIONS)
        local_frame = page_frame.frame(Model().but(session=local), rattus.REGIONS)
        assert remote_frame.html == local_frame.html
        assert remote_frame.text == local_frame.text
        assert remote_frame.map == local_frame.map and remote_frame.data == local_frame.data
        checked += 1
        if g.current_player == 1:
            net.send("p1", p1.act(rng.choice(p1.table.legal()))[1])
        elif g.current_player == 0:
            host_move(store, rng)
        else:
            store.dispatch(ev.RemoteMove(2, str(rng.choice(g.legal_actions()))))
    assert checked == 120
    assert "private_to" not in everything(remote_frame)


def _local_seat(store: Store, seat: int) -> Session:
    """The host's game on a page where ``seat`` is the one human at the screen (the other
    humans played from other devices)."""
    host = store.model.session
    assert host is not None
    local = Session.from_dict(host.to_dict())
    seats = [replace(s, kind="human") if i == seat else s for i, s in enumerate(host.seats)]
    local.rename(seats)
    assert local.humans == [seat] and local.viewer == seat
    return local


def test_a_remote_table_holds_nothing_before_the_host_answers() -> None:
    table = RemoteTable(1)
    assert not table.received and table.legal() == [] and table.finished() is None
    with pytest.raises(ValueError):
        table.view()


def test_a_witchs_look_stays_on_the_device_of_the_seat_that_looked() -> None:
    """R6.6/R8.3: the face seat 1's Witch saw is on seat 1's device only."""
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    p2 = net.join("p2", Guest(SITE, 2, keys[2]))
    rng = random.Random(11)
    for _ in range(3000):
        g = game_of(store)
        if p1.table.view()["knows"] > 0 or g.is_over:
            break
        seat = g.current_player
        legal = g.legal_actions()
        witch = [a for a in legal if str(a).startswith(("take Witch", "witch"))]
        action = rng.choice(witch if seat == 1 and witch else legal)
        if seat == 0:
            store.dispatch(ev.BotMove(0, action))
        else:
            guest = {1: p1, 2: p2}[seat]
            net.send(f"p{seat}", guest.act(action)[1])
    mine = p1.table.view()["board"]
    assert p1.table.view()["knows"] > 0
    theirs = p2.table.view()["board"]
    seen = [(r, i) for r, b in mine.items() for i, f in enumerate(b["tokens"]) if f is not None]
    assert seen and all(theirs[r]["tokens"][i] is None for r, i in seen
                        if game_of(store).view(2)["board"][r]["tokens"][i] is None)
    faces = json.dumps([mine[r]["tokens"][i] for r, i in seen])
    assert all(faces not in text for text in net.seen["p2"])


def test_another_guest_cannot_pose_as_the_host() -> None:
    """A welcome must prove it knows the seat's secret; after it only the host is heard."""
    store, host, net, keys = room()
    p1 = Guest(SITE, 1, keys[1])
    p1.hello()
    forged = messages.encode("welcome", seat=1, site=SITE, proof="0" * 32)
    assert p1.receive(forged, "p2").reason == "not-the-host" and not p1.welcomed
    net.join("p1", p1)
    assert p1.welcomed and p1.host == "host"
    view = p1.table.view()
    fake = {**_last_table(net, "p1"), "step": 99}
    assert p1.receive(messages.encode("state", seat=1, table=fake), "p2").kind == "bad"
    assert p1.table.view() == view and p1.table.step != 99


def test_a_guest_asks_why_a_click_does_nothing_and_the_game_stays() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    before = unchanged(store)
    g = game_of(store)
    net.send("p1", p1.why("place Gallia")[1])
    news = net.last("p1")
    assert news.kind == "refused" and news.why is not None
    assert news.why["reason"] == g.why_not("place Gallia")["reason"]
    assert unchanged(store) == before
    p2 = net.join("p2", Guest(SITE, 2, keys[2]))
    net.send("p2", p2.why("setup Gallia")[1])
    assert net.last("p2").reason == "not-your-turn"


def test_a_seat_is_given_to_the_computer_only_when_asked_first_here_or_away() -> None:
    """"Let the computer play for Cy" while Cy's device is here (a friend who must leave):
    asked first, saying Cy is here; "No" changes nothing. Once Cy is away, asked as well;
    then the computer plays Cy's seat."""
    store, host, net, keys = room()
    net.join("p2", Guest(SITE, 2, keys[2]))
    session = store.model.session
    assert session is not None
    store.dispatch(ev.OnlineStatus(Online("host", connected=tuple(host.connected(3)))))
    store.dispatch(ev.Choice("online-computer:2"))
    question = store.model.ui.question
    assert question is not None and question.text == t("online.computer.ask_here", name="Cy")
    store.dispatch(ev.Choice("confirm-no"))
    assert session.remote == frozenset({1, 2})  # "No": the seat stays theirs
    net.leave("p2")
    store.dispatch(ev.OnlineStatus(Online("host", connected=tuple(host.connected(3)))))
    store.dispatch(ev.Choice("online-computer:2"))
    assert store.model.ui.question is not None and session.remote == frozenset({1, 2})
    store.dispatch(ev.Choice("confirm-no"))
    assert store.model.ui.question is None and session.remote == frozenset({1, 2})
    store.dispatch(ev.Choice("online-computer:2"))
    store.dispatch(ev.Choice("confirm-yes"))
    assert session.remote == frozenset({1}) and session.seats[2].kind == "normal"


def give_cy_to_the_computer(store: Store, host: Host, net: Network) -> None:
    """Seat 2's friend is away; the host gives the seat to the computer (confirmed)."""
    store.dispatch(ev.OnlineStatus(Online("host", connected=tuple(host.connected(3)))))
    store.dispatch(ev.Choice("online-computer:2"))
    store.dispatch(ev.Choice("confirm-yes"))


def test_a_friend_whose_seat_the_computer_plays_comes_back_to_watch_it() -> None:
    """Cy's link still works: Cy's page is welcomed and sent Cy's seat (played by the
    computer: no legal action, an act is refused with its reason, nothing changes), and
    the host is told Cy is back."""
    store, host, net, keys = room()
    give_cy_to_the_computer(store, host, net)
    cy = net.join("p2", Guest(SITE, 2, keys[2]))
    assert cy.welcomed and cy.table.received and cy.table.seats[2].kind == "normal"
    assert cy.table.legal() == []
    names = store.model.session.names  # type: ignore[union-attr]
    assert store.model.ui.notice == page_frame.t("online.table.back", name=names[2])
    before = unchanged(store)
    net.send("p2", cy.act("pass")[1])
    assert net.last("p2").reason == "computer" and unchanged(store) == before


def test_a_friend_watching_the_computer_play_its_seat_is_told_when_it_is_given_back() -> None:
    """Cy watches the computer play Cy's seat; the host gives it back: Cy's page says so
    ("Ann gave your seat back: you play again"), once."""
    store, host, net, keys = room()
    give_cy_to_the_computer(store, host, net)
    cy = net.join("p2", Guest(SITE, 2, keys[2]))
    assert not cy.table.given_back
    store.dispatch(ev.Choice("online-back:2"))
    assert cy.table.given_back and cy.table.seats[2].is_friend
    page = Model().but(ui=Model().ui.but(online=Online("guest", seat=2)))
    page, _ = update(page, ev.GuestState(cy.table, True, ()))
    page, _ = update(page, ev.GuestState(cy.table, True, ()))
    assert page.ui.notice == t("online.given_back_you", name=cy.table.names[0])


def test_the_host_is_told_a_friend_came_back_and_gives_the_seat_back() -> None:
    """The host's page says Cy is back; "Give the seat back to Cy": Cy plays again from the
    same device (the computer made no move for Cy meanwhile: the results say none)."""
    store, host, net, keys = room()
    rng = random.Random(4)
    guests = {"p1": net.join("p1", Guest(SITE, 1, keys[1]))}
    give_cy_to_the_computer(store, host, net)
    net.join("p2", Guest(SITE, 2, keys[2]))
    session = store.model.session
    assert session is not None
    assert store.model.ui.notice == page_frame.t("online.table.back", name=session.names[2])
    store.dispatch(ev.Choice("online-back:2"))
    assert session.remote == frozenset({1, 2}) and session.seats[2].kind == "friend"
    # (the page has not heard Cy's device yet: it says the seat waits for it, not "plays")
    assert store.model.ui.notice == page_frame.t("online.given_back_away", name=session.names[2])
    assert 2 not in session.played_by
    cy = net.join("p2", Guest(SITE, 2, keys[2]))
    guests["p2"] = cy
    while game_of(store).current_player != 2:  # to Cy's turn: Cy's device plays it
        seat = game_of(store).current_player
        if seat == 0:
            host_move(store, rng)
        else:
            p = guests[f"p{seat}"]
            net.send(f"p{seat}", p.act(rng.choice(p.table.legal()))[1])
    assert cy.table.legal()
    before = unchanged(store)
    net.send("p2", cy.act(cy.table.legal()[0])[1])
    assert unchanged(store) != before


def test_invitation_links_round_trip_and_odd_ones_are_not_read() -> None:
    from online import links

    room, password, secrets = links.room_of("k" * 43, "slot-1", [1, 2])
    assert (room, password, secrets) == links.room_of("k" * 43, "slot-1", [1, 2])
    assert room != links.room_of("k" * 43, "slot-2", [1])[0]  # another game, another room
    assert len(set(secrets.values()) | {room, password}) == 4
    network = links.Network(("ws://127.0.0.1:7000",), ("none",))
    invitation = links.Invitation(room, password, 2, secrets[2])
    link = links.link("http://localhost/rattus/", invitation, network)
    query, fragment = link.split("?", 1)[1].split("#", 1)
    assert links.read("#" + fragment) == invitation and links.network_of(query) == network
    watch = links.link("http://x/", links.Invitation(room, password, None))
    assert links.read(watch.split("#", 1)[1]) == links.Invitation(room, password, None)
    for odd in ("", "#play=", "#play=a.b.1.c", f"#play={room}.{password}.7.{secrets[2]}",
                f"#play={room}.{password}.w.{secrets[2]}", f"#replay={room}",
                f"#play={room}.{password}.1.<script>"):
        assert links.read(odd) is None, odd
    assert links.network_of("?relays=javascript:alert(1),wss://ok.example&ice=x") == \
        links.Network(("wss://ok.example",), None, ("x",))  # (the odd ICE server said)


def test_a_guest_renames_itself_with_a_second_hello() -> None:
    """The page's "Use this name" says hello again with the name: the seat stays this
    device's, and every device and the log say the new name."""
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    p2 = net.join("p2", Guest(SITE, 2, keys[2]))
    guest_model = Model().but(session=p1.table,  # type: ignore[arg-type]
                              ui=Model().ui.but(online=Online("guest", joined=True,
                                                              host_here=True, seat=1)))
    panel = page_frame.frame(guest_model, rattus.REGIONS).html["online"]
    assert 'id="online-name"' in panel and 'value="Bob"' in panel
    after, effects = update(guest_model, ev.Choice("online-name", {"name": "  Zed   Q "}))
    assert effects == (ev.NameMe("Zed Q"),)
    p1.name = "Zed Q"
    net.send("p1", p1.hello())
    session = store.model.session
    assert session is not None and session.names[1] == "Zed Q" and host.holder(1) == "p1"
    assert p1.table.names[1] == p2.table.names[1] == "Zed Q"


def test_a_guest_who_gives_no_name_is_told_why_nothing_happens() -> None:
    """"Use this name" with the field left empty sends nothing and says what to do: type a
    name, or wait for the host's Start (the table waits for one or the other)."""
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    guest_model = Model().but(session=p1.table,  # type: ignore[arg-type]
                              ui=Model().ui.but(online=Online("guest", joined=True,
                                                              host_here=True, seat=1)))
    after, effects = update(guest_model, ev.Choice("online-name", {"name": "   "}))
    assert effects == ()
    assert after.ui.notice == t("online.table.name_empty", name=p1.table.names[0])
    assert p1.table.names[1] == guest_model.session.names[1]  # (nothing renamed)


# -- the page around the protocol (control/online_play.py, the frame) --------------------------
def guest_page(net: Network, peer: str) -> Model:
    """A guest's page after its first state: the store's model as the browser builds it."""
    guest = net.guests[peer]
    model = Model().but(ui=Model().ui.but(online=Online("guest", seat=guest.seat)))
    model, _ = update(model, ev.GuestState(guest.table, True, ()))
    return model


def test_a_guests_click_goes_to_the_host_and_its_refusal_is_said_in_its_words() -> None:
    store, host, net, keys = room()
    p1 = net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    model = guest_page(net, "p1")
    assert model.session is p1.table and model.ui.online is not None
    assert model.ui.online.joined and model.ui.online.host_here
    legal = p1.table.legal()[0]
    region = legal.args[0]
    after, effects = update(model, ev.Target("region", region))
    assert effects == (ev.SendAction(str(legal)),) or (
        effects == () and after.ui.pick.mode is not None)  # (a count still to choose)
    occupied = next(r for r in rattus.REGIONS if r not in {str(a.args[0]) for a in
                                                          p1.table.legal()})
    after, effects = update(model, ev.Target("region", occupied))
    assert effects and isinstance(effects[0], ev.AskWhy)  # the host's engine says why
    news = ev.GuestRefused("illegal", {"reason": "not_now", "details": {}})
    assert update(model, news)[0].ui.notice
    taken, _ = update(model, ev.GuestRefused("taken"))
    assert taken.ui.online is not None and taken.ui.online.problem == "taken"
    panel = page_frame.frame(taken, rattus.REGIONS).html["online"]
    assert 'data-choice="online-take-seat"' in panel
    asked, effects = update(taken, ev.Choice("online-take-seat"))
    assert effects == () and asked.ui.question is not None  # asked first
    yes, effects = update(asked, ev.Choice("confirm-yes"))
    assert effects == (ev.Then(ev.TakeSeatConfirmed()),)
    again, effects = update(yes, ev.TakeSeatConfirmed())
    assert effects == (ev.TakeSeat(),) and again.ui.online.problem == ""


def test_the_host_waits_for_a_friend_and_a_guest_for_the_host() -> None:
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))  # Bob (a friend) is to act
    online = Online("host", ((1, "link1"), (2, "link2")), "watch", (True, True, False), "ok")
    store.dispatch(ev.OnlineStatus(online))
    f = page_frame.frame(store.model, rattus.REGIONS)
    assert f.text["status"] == "Waiting for Bob to play…" and f.data["yourTurn"] == ""
    assert 'data-connected="1"' in f.html["players"] and "away" in f.html["players"]
    assert 'data-choice="online-computer:2"' in f.html["online"]  # Cy is away
    assert 'data-choice="online-computer:1"' in f.html["online"]  # Bob is here: asked too
    # a taken seat's invitation is hidden (shown again on demand), an absent one's shown
    assert 'data-qr="link1"' not in f.html["online"] and 'data-qr="link2"' in f.html["online"]
    assert 'data-choice="online-show:1"' in f.html["online"]
    assert 'data-choice="online-copy:w"' in f.html["online"]
    _, effects = update(store.model, ev.Choice("online-share:2"))
    assert effects == (ev.ShareText("link2", "Rattus: join my game"),)
    model = guest_page(net, "p1")
    f = page_frame.frame(model, rattus.REGIONS)
    assert f.data["yourTurn"] == "1"
    gone = model.but(ui=model.ui.but(online=replace(model.ui.online, host_here=False)))
    f = page_frame.frame(gone, rattus.REGIONS)
    assert f.text["status"] == "Waiting for the host's device…"


def test_a_guest_may_ask_to_hear_and_feel_its_turn_come() -> None:
    """The tab's title always says "Your turn"; a sound and a vibration only if the player
    asked for them, with the online panel's bell, pressed while on — and it stays asked
    through the game (a preference, not the game's)."""
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    model = guest_page(net, "p1")
    f = page_frame.frame(model, rattus.REGIONS)
    assert f.data["yourTurn"] == "1" and f.data["turnAlert"] == ""
    assert 'data-choice="toggle-turn-alert"' in f.html["online"]
    assert 'aria-pressed="false"' in f.html["online"].split('data-key="toggle-turn-alert"')[1][:30]
    asked, effects = update(model, ev.Choice("toggle-turn-alert"))
    f = page_frame.frame(asked, rattus.REGIONS)
    assert effects == () and f.data["turnAlert"] == "1"
    assert 'aria-pressed="true"' in f.html["online"].split('data-key="toggle-turn-alert"')[1][:30]
    assert asked.session is model.session  # (the game is untouched)
    later, _ = update(asked, ev.GuestState(net.guests["p1"].table, True, ()))
    assert later.prefs.turn_alert
    unasked, _ = update(later, ev.Choice("toggle-turn-alert"))
    assert page_frame.frame(unasked, rattus.REGIONS).data["turnAlert"] == ""


def test_a_guests_page_keeps_its_hands_off_what_only_the_host_holds() -> None:
    """Saving, replaying, the new-game dialog: on a guest's page they see no game (the
    game is the host's); undo says why not."""
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    model = guest_page(net, "p1")
    assert model.held is None
    for choice in ("export", "replay-enter", "new-game", "games"):
        after, effects = update(model, ev.Choice(choice))
        assert not any(isinstance(e, (ev.ApplyAction, ev.TakeBack)) for e in effects)
    after, effects = update(model, ev.Choice("undo"))
    assert after.ui.notice and effects == ()  # why not, in words (the host's game is safe)


def test_your_games_lists_the_online_games_joined_to_rejoin() -> None:
    from control import kept_games
    from online import links
    from render import kept_games_panel

    room_name, password, secrets = links.room_of("k" * 43, "slot-9", [1])
    link = links.link("http://localhost/", links.Invitation(room_name, password, 1, secrets[1]))
    text = links.joined_with(None, link, ["Ann", "Bob"], 1, 1_700_000_000.0)
    text = links.joined_with(text, link, ["Ann", "Zed"], 1, 1_700_000_100.0)  # the same game
    kept = links.read_joined(text)
    assert [(j.names, j.seat) for j in kept] == [(("Ann", "Zed"), 1)]
    assert links.read_joined('[{"link": "http://x/#play=nope", "names": ["a","b"], '
                             '"seat": 0, "updated": 1}, 7, "x"]') == []
    assert links.read_joined("{{") == []
    ui = kept_games.on_listed(Model().ui, None, [], frozenset(), 0, tuple(kept))
    html = kept_games_panel.listing(ui.games, None)
    assert 'data-choice="rejoin:0"' in html and "you play Zed" in html
    _, effects = update(Model().but(ui=ui), ev.Choice("rejoin:0"))
    assert effects == (ev.OpenLink(link),)
    assert update(Model().but(ui=ui), ev.Choice("rejoin:5"))[0].ui.notice


def test_a_tab_that_reloads_gets_its_seat_back_before_the_network_saw_it_leave() -> None:
    """The reloaded tab says hello with the same tab id while the host still counts the old
    connection: it is the same device, so the seat is simply its again — another device with
    the same link is still told the seat is taken."""
    store, host, net, keys = room()
    net.join("old", Guest(SITE, 1, keys[1], device="tab-1"))
    again = net.join("new", Guest(SITE, 1, keys[1], device="tab-1"))
    assert again.welcomed and host.holder(1) == "new"
    assert all(n.kind != "taken_over" for n in net.news["old"])
    other = net.join("phone", Guest(SITE, 1, keys[1], device="tab-2"))
    assert net.last("phone").reason == "seat-taken" and not other.welcomed


# -- joins, resends and presence over networks that lose, reorder and cut (docs/online.md) --
class Wire:
    """A network with a clock: each message arrives after a delay, or never. ``lose``: the
    fraction of messages dropped (seeded); ``jitter``: each message's delay drawn from
    0–``jitter`` seconds, so later ones overtake earlier ones (reordered); ``cut``: the
    devices cut off now (a partition: nothing to or from them arrives until healed).

    Each guest is a device as the browser edge runs it (browser/online_room.py): its
    ``tick`` every half second with the time, what it asks to send sent to the host (to
    every device while no host proved itself: here, the one host), its resends sent."""

    STEP = 0.05  # the clock's step (seconds)

    def __init__(self, store: Store, keys: dict[int, str], lose: float = 0.0,
                 jitter: float = 0.0, seed: int = 1):
        self.store, self.keys = store, keys
        self.rng = random.Random(seed)
        self.lose, self.jitter = lose, jitter
        self.now = 0.0
        self.cut: set[str] = set()
        self.host_id = "host"
        self.host: Host | None = Host(SITE, keys, lambda: store.model.session, now=0.0)
        self.guests: dict[str, Guest] = {}
        self.closed: set[str] = set()  # devices whose page is gone (they say nothing more)
        self.queue: list[tuple[float, int, str, str, str]] = []
        self._seq = 0
        self.applied: list[tuple[int, str]] = []  # every RemoteMove the host's store took
        self.lost: dict[str, int] = {}
        self.refusals: dict[str, list[str]] = {}
        self._next_tick = 0.0
        self._held: list[tuple[str, str]] | None = None  # sent to a busy host: its queue
        store.subscribe(self._published)

    # -- the wire -----------------------------------------------------------------------------
    def send(self, sender: str, to: str, text: str) -> None:
        if self.rng.random() < self.lose:
            return
        self._seq += 1
        delay = 0.02 + self.rng.random() * self.jitter
        self.queue.append((self.now + delay, self._seq, sender, to, text))

    def _published(self, _model) -> None:
        if self.host is not None:
            self._from_host(self.host.publish())

    def _from_host(self, outgoing) -> None:
        for to, text in outgoing:
            self.send(self.host_id, to, text)

    # -- the devices -------------------------------------------------------------------------
    def join(self, peer: str, seat: int | None, device: str = "") -> Guest:
        guest = Guest(SITE, seat, self.keys.get(seat, "") if seat is not None else "",
                      device=device or peer)
        guest.start(self.now)
        self.guests[peer] = guest
        return guest

    def act(self, peer: str, action) -> int:
        ref, text = self.guests[peer].act(action)
        self.send(peer, self.host_id, text)
        return ref

    def close(self, peer: str) -> None:
        """The device's page is gone without a word (a closed tab, a sleeping phone)."""
        self.closed.add(peer)

    def reload_host(self, gone_for: float) -> None:
        """The host's page reloads: gone for ``gone_for`` seconds, then a new page (a new
        peer id) with the same game (autosaved) and the same seat secrets (links.room_of)."""
        self.host = None
        self.run(gone_for)
        self.host_id += "'"
        self.host = Host(SITE, self.keys, lambda: self.store.model.session, now=self.now)

    def run(self, seconds: float) -> None:
        end = self.now + seconds
        while self.now < end:
            self.now = round(self.now + self.STEP, 4)
            self.queue.sort()
            while self.queue and self.queue[0][0] <= self.now:
                _, _, sender, to, text = self.queue.pop(0)
                if sender in self.cut or to in self.cut or to in self.closed:
                    continue
                self._deliver(sender, to, text)
            if self.now >= self._next_tick:
                self._next_tick = self.now + 0.5
                self._tick()

    def stall_host(self, seconds: float) -> None:
        """The host's page is busy ``seconds`` (a computer's turn, a long render): its code
        does not run and what is sent to it waits in its queue; then its clock ticks before
        it reads the queue (the worst order a browser may take them in)."""
        host, self.host, self._held = self.host, None, []
        self.run(seconds)
        held, self._held, self.host = self._held, None, host
        assert host is not None
        self._from_host(host.tick(self.now))
        for sender, text in held:
            self._from_host(host.receive(sender, text, self.now).send)

    def _deliver(self, sender: str, to: str, text: str) -> None:
        if to == self.host_id and self._held is not None:
            self._held.append((sender, text))
        elif to == self.host_id and self.host is not None:
            outcome = self.host.receive(sender, text, self.now)
            self._from_host(outcome.send)
            if outcome.event is not None:
                if isinstance(outcome.event, ev.RemoteMove):
                    self.applied.append((outcome.event.seat, outcome.event.action))
                self.store.dispatch(outcome.event)
        elif to in self.guests:
            news = self.guests[to].receive(text, sender, self.now)
            for again in news.resend:
                self.send(to, self.host_id, again)
            self.lost[to] = self.lost.get(to, 0) + news.lost
            if news.kind == "refused":
                self.refusals.setdefault(to, []).append(news.reason)

    def _tick(self) -> None:
        if self.host is not None:
            self._from_host(self.host.tick(self.now))
        for peer, guest in self.guests.items():
            if peer in self.closed:
                continue
            tick = guest.tick(self.now)
            for text in tick.send:
                self.send(peer, self.host_id, text)
            if tick.reopen:
                guest.start(self.now)

    def until(self, done, limit: float = 60.0) -> float:
        """Run until ``done()``; the seconds it took (fails after ``limit``)."""
        start = self.now
        while not done():
            assert self.now - start < limit, f"not within {limit} s"
            self.run(0.1)
        return self.now - start


def wired(lose: float = 0.0, jitter: float = 0.0, seed: int = 1, n: int = 3):
    store, _host, _net, keys = room(n=n, seed=seed)
    return store, Wire(store, keys, lose=lose, jitter=jitter, seed=seed)


def play_through(store: Store, wire: Wire, moves: int, seed: int) -> None:
    """``moves`` actions: the host's computer (seat 0) and each guest's own, each sent once
    by its device (the network may lose it: the device sends it again)."""
    rng = random.Random(seed)
    for _ in range(moves):
        g = game_of(store)
        if g.is_over:
            return
        step = len(g.history)
        seat = g.current_player
        if seat == 0:
            host_move(store, rng)
        else:
            peer = f"p{seat}"
            guest = wire.guests[peer]
            wire.until(lambda g=guest, k=step: g.table.received and g.table.step == k
                       and bool(g.table.legal()))
            wire.act(peer, rng.choice(guest.table.legal()))
        wire.until(lambda k=step: len(game_of(store).history) > k)


def all_caught_up(store: Store, wire: Wire) -> bool:
    g = game_of(store)
    return all(guest.table.received and guest.table.step == len(g.history)
               and guest.table.view() == json.loads(json.dumps(g.view(guest.seat)))
               for peer, guest in wire.guests.items() if peer not in wire.closed)


@pytest.mark.parametrize(("lose", "jitter"), [(0.3, 0.0), (0.0, 0.6), (0.25, 0.6)])
def test_joins_and_moves_arrive_over_a_network_that_loses_and_reorders(lose, jitter) -> None:
    """A third of the messages lost, or overtaking each other: each guest still gets its
    seat by saying hello until welcomed, each action reaches the host and is applied
    exactly once, and every device ends holding the host's present state."""
    store, wire = wired(lose=lose, jitter=jitter, seed=7)
    p1, p2 = wire.join("p1", 1), wire.join("p2", 2)
    wire.until(lambda: p1.welcomed and p2.welcomed and p1.table.received
               and p2.table.received, limit=30)
    play_through(store, wire, 40, seed=3)
    wire.until(lambda: all_caught_up(store, wire), limit=30)
    history = game_of(store).history
    guest_moves = [str(a) for a, seat in zip(history, store.model.session.actors,
                                             strict=True) if seat != 0]
    assert [a for _, a in wire.applied] == guest_moves  # each once, none twice
    assert not p1.pending and not p2.pending


def test_an_action_sent_while_the_host_reloads_is_applied_when_it_is_back() -> None:
    """Bob plays while the host's page reloads (gone 4 s): his device keeps the action,
    says hello to the new page by itself, and sends it again after the welcome: the host
    applies it once, and Bob's page shows it applied."""
    store, wire = wired(seed=2)
    p1, p2 = wire.join("p1", 1), wire.join("p2", 2)
    wire.until(lambda: p1.table.received and p2.table.received)
    host_move(store, random.Random(1))  # Bob (seat 1) is to act
    wire.until(lambda: p1.table.step == 1)
    wire.host = None  # the host's page goes away (a reload)...
    action = p1.table.legal()[0]
    wire.act("p1", action)  # ...and Bob plays: nobody receives it
    assert p1.pending
    wire.reload_host(gone_for=4.0)
    took = wire.until(lambda: p1.welcomed and p2.welcomed and p1.table.step == 2, limit=20)
    assert took < 15
    assert wire.applied == [(1, str(action))] and str(game_of(store).history[1]) == str(action)
    assert not p1.pending and wire.lost.get("p1", 0) == 0


def test_an_action_resent_after_it_was_applied_is_not_applied_again() -> None:
    """The host applied Bob's action but its state never reached Bob (lost): Bob's device
    sends the action again; it carries the step it was chosen at, so the host refuses it
    (``stale``) and sends Bob the present state: the game moved once."""
    store, wire = wired(seed=4)
    p1 = wire.join("p1", 1)
    wire.join("p2", 2)
    wire.until(lambda: p1.table.received)
    host_move(store, random.Random(1))
    wire.until(lambda: p1.table.step == 1)
    ref, text = p1.act(p1.table.legal()[0])
    wire.cut.add("p1")  # the answer is lost: the host hears Bob, Bob hears nothing
    assert wire.host is not None
    wire.host.receive("p1", text, wire.now)
    store.dispatch(ev.RemoteMove(1, json.loads(text)["action"]))
    wire.run(1.0)
    wire.cut.clear()
    before = len(game_of(store).history)
    wire.until(lambda: not p1.pending and p1.table.step == before, limit=20)
    assert len(game_of(store).history) == before == 2
    assert "stale" not in wire.refusals.get("p1", [])  # (settled quietly: it was applied)
    assert wire.lost.get("p1", 0) == 0


def test_a_device_cut_off_is_away_on_every_device_and_back_when_healed() -> None:
    """Bob's device is cut off (a tunnel): within AWAY_S (10 s) the host and Cy see him away (with
    how long he has been silent); healed, he is here again within a few seconds, and a
    move he made while cut off reaches the host."""
    store, wire = wired(seed=5)
    p1, p2 = wire.join("p1", 1), wire.join("p2", 2)
    wire.until(lambda: p1.table.received and p2.table.received)
    assert wire.host is not None
    host = wire.host
    assert host.connected(3) == [True, True, True] and p2.table.connected == [True] * 3
    host_move(store, random.Random(1))
    wire.until(lambda: p1.table.step == 1)
    wire.cut.add("p1")
    wire.act("p1", p1.table.legal()[0])  # lost in the cut
    took = wire.until(lambda: not host.connected(3)[1] and not p2.table.connected[1])
    assert messages.AWAY_S - 1 <= took <= messages.AWAY_S + 1.5
    assert p2.away_for[1] is not None and p2.away_for[1] >= messages.AWAY_S - 1
    wire.run(5)
    assert wire.until(lambda: p1.host_away_for is not None) == 0  # Bob: the host is away
    wire.cut.clear()
    back = wire.until(lambda: host.connected(3)[1] and p2.table.connected[1]
                      and game_of(store).current_player != 1, limit=15)
    assert back < 10 and len(wire.applied) == 1


def told_connected(wire: Wire, to: str, seat: int) -> list[bool]:
    """From now on, what every state sent to ``to`` says of ``seat``'s device (connected or
    not), in the order sent."""
    said: list[bool] = []
    send = wire.send

    def spy(sender: str, target: str, text: str) -> None:
        if target == to and json.loads(text)["type"] == "state":
            said.append(json.loads(text)["table"]["connected"][seat])
        send(sender, target, text)

    wire.send = spy  # type: ignore[method-assign]
    return said


def test_a_host_page_busy_for_seconds_calls_nobody_away() -> None:
    """The host's page computes a turn for 9 s (docs/online.md, "Who is here"): the guests'
    pings wait in its queue meanwhile, and its clock may tick before it reads them. Their
    silence was the host's own deafness: nobody is shown away, on any device."""
    store, wire = wired(seed=9)
    p1, p2 = wire.join("p1", 1), wire.join("p2", 2)
    wire.until(lambda: p1.table.received and p2.table.received)
    wire.run(3)
    said = told_connected(wire, "p2", 1)
    assert wire.host is not None
    host = wire.host
    for _ in range(3):
        wire.stall_host(messages.AWAY_S + 2)
        assert host.connected(3) == [True, True, True]
        wire.run(3)
    assert all(said) and p2.table.connected == [True, True, True], said
    assert p1.host_away_for is None and p2.host_away_for is None


def test_a_host_page_busy_still_sees_a_device_that_left_meanwhile() -> None:
    """Its own stall is not counted, but a device that stays silent after it is away as
    ever: AWAY_S of silence heard by a listening page."""
    store, wire = wired(seed=10)
    p1 = wire.join("p1", 1)
    wire.join("p2", 2)
    wire.until(lambda: p1.table.received)
    assert wire.host is not None
    host = wire.host
    wire.close("p1")
    wire.stall_host(5.0)
    took = wire.until(lambda: not host.connected(3)[1], limit=15)
    assert messages.AWAY_S - 1 <= took <= messages.AWAY_S + 1


def test_a_host_reloading_a_game_under_way_calls_no_friend_away() -> None:
    """The host's page reloads (a new page, its guests' devices all here): the first states
    it sends cannot say Bob away because Cy's hello came before his — the host's reload is
    the host's absence, not Bob's (docs/online.md, "Who is here")."""
    store, wire = wired(seed=11)
    p2 = wire.join("p2", 2)  # (Cy's hello comes first after the reload)
    p1 = wire.join("p1", 1)
    wire.until(lambda: p1.table.received and p2.table.received)
    host_move(store, random.Random(1))
    wire.until(lambda: p2.table.step == 1)
    said = told_connected(wire, "p2", 1)
    wire.reload_host(gone_for=3.0)
    wire.until(lambda: wire.host is not None and wire.host.holder(1) is not None
               and wire.host.holder(2) is not None, limit=30)
    wire.run(5)
    assert said and all(said), said


def test_a_new_tables_friend_who_never_came_is_not_said_here() -> None:
    """The grace of a reloaded page is for a game under way: at a new table, a friend who
    has not come is not here."""
    store, wire = wired(seed=12)
    wire.join("p1", 1)
    wire.run(2)
    assert wire.host is not None and wire.host.connected(3) == [True, True, False]


def test_a_link_to_a_game_nobody_hosts_says_so_and_never_claims_the_host_is_here() -> None:
    """The host made its links and closed its page: the friend's page looks for the host's
    device, and within 20 s says the game is not open there now (while it goes on trying);
    it never says the host's device is here."""
    store, wire = wired(seed=13)
    wire.host = None
    p1 = wire.join("p1", 1)
    said = []
    for _ in range(600):  # 30 s
        wire.run(0.05)
        said.append(p1.waiting(wire.now, "ok"))
    assert "answer" not in said and said[0] == "host"
    assert said.index("closed") * 0.05 <= 20 and said[-1] == "closed"
    assert p1.looked_for(wire.now) >= 29  # (the "Try again" button stays: it does not flicker)


def test_a_guest_whose_host_leaves_says_the_game_is_not_open_there_after_a_while() -> None:
    store, wire = wired(seed=15)
    p1 = wire.join("p1", 1)
    wire.until(lambda: p1.table.received)
    wire.host = None  # the host closed its page for good
    took = wire.until(lambda: p1.waiting(wire.now, "ok") == "closed", limit=40)
    assert took <= messages.AWAY_S + 20


def test_a_closed_device_leaves_its_seat_to_the_next_device_with_the_link() -> None:
    """Bob's phone is closed without a word; the same link opened on his laptop a moment
    later is told the seat is taken while the phone may still be there, and gets it by
    itself once the phone is away (no "Play it here" needed); the phone, if it wakes, is
    told the seat is played on another device."""
    store, wire = wired(seed=6)
    phone = wire.join("phone", 1)
    wire.until(lambda: phone.welcomed and phone.table.received)
    wire.close("phone")
    laptop = wire.join("laptop", 1)
    took = wire.until(lambda: laptop.welcomed and laptop.table.received, limit=20)
    assert "seat-taken" in wire.refusals["laptop"] and took <= messages.AWAY_S + 4
    assert wire.host is not None and wire.host.holder(1) == "laptop"
    wire.closed.discard("phone")
    wire.until(lambda: "seat-taken" in wire.refusals.get("phone", []))
    wire.run(5)
    assert not phone.welcomed and wire.host.holder(1) == "laptop" and laptop.welcomed


def test_a_host_whose_game_is_not_ready_yet_is_asked_again() -> None:
    """The guest's first hellos reach a host page whose game is not on it yet (its Python
    still starting): refused ``no-game`` — the host's device has answered, and the page says
    so; the guest says hello again and is welcomed as soon as the game is there."""
    store, wire = wired(seed=8)
    session = store.model.session
    assert wire.host is not None
    wire.host._session = lambda: None
    p1 = wire.join("p1", 1)
    wire.run(2)
    assert "no-game" in wire.refusals["p1"] and not p1.table.received
    assert p1.waiting(wire.now, "ok") == "answer"
    wire.host._session = lambda: session
    assert wire.until(lambda: p1.welcomed and p1.table.received, limit=10) < 5
    assert p1.waiting(wire.now, "ok") == ""


def test_a_guest_with_no_welcome_asks_its_page_to_open_the_room_anew() -> None:
    """No host answers (the relays stalled, a peer connection that never opened): the
    hello is said again and again, 0.5 s, then 1, 2, 3 s apart, and after 8 s the page is
    asked to open its room anew — then after 16 s, and at most every 30 s."""
    guest = Guest(SITE, 1, "s" * 22)
    guest.start(0.0)
    hellos, reopens = [], []
    for i in range(1, 1200):
        now = i * 0.1
        tick = guest.tick(now)
        assert all(json.loads(text)["type"] == "hello" for text in tick.send)
        hellos += [now] * len(tick.send)
        if tick.reopen:
            reopens.append(round(now, 1))
            guest.start(now)
    assert hellos[:4] == pytest.approx([0.1, 0.6, 1.6, 3.6], abs=0.11)
    assert reopens[:3] == pytest.approx([8.0, 24.0, 54.0], abs=0.2)


def test_presence_is_said_by_pings_both_ways_and_costs_nothing_when_all_are_here() -> None:
    """Every 2.5 s each side says it is here: the host pings each device, each device the
    host — and while nobody comes or goes, no state is sent again."""
    store, wire = wired(seed=9)
    p1 = wire.join("p1", 1)
    wire.until(lambda: p1.table.received)
    states = []
    original = p1.receive

    def counting(text, peer=None, now=None):
        states.append(json.loads(text)["type"])
        return original(text, peer, now)

    p1.receive = counting  # type: ignore[method-assign]
    wire.run(10)
    assert states.count("ping") >= 3 and "state" not in states
    assert wire.host is not None and wire.host.connected(3) == [True, True, False]


def test_a_turn_that_waits_on_an_absent_player_says_so_with_when_they_were_last_seen() -> None:
    """Bob's device has been silent 20 s while it is his turn: the status says he is away
    and when he was last seen, and the players' panel says it beside his seat."""
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))  # Bob is to act
    online = Online("host", ((1, "link1"), (2, "link2")), "watch", (True, False, True), "ok",
                    away_for=(None, 20, None))
    store.dispatch(ev.OnlineStatus(online))
    f = page_frame.frame(store.model, rattus.REGIONS)
    assert f.text["status"] == "Waiting for Bob — away, last seen 20 s ago."
    assert 'data-seen="1"' in f.html["players"] and "last seen 20 s ago" in f.html["players"]
    assert 'data-seen="1"' in f.html["online"] and 'data-seen="2"' not in f.html["online"]
    here = replace(online, connected=(True, True, True), away_for=(None, None, None))
    store.dispatch(ev.OnlineStatus(here))
    assert page_frame.frame(store.model, rattus.REGIONS).text["status"] == \
        "Waiting for Bob to play…"


@pytest.mark.parametrize(("waiting", "said"), [
    ("relays", "Joining the game: reaching the relays…"),
    ("host", "Joining the game: looking for the host's device…"),
    ("answer", "Joining the game: the host's device answered; its game is not open yet…"),
    ("closed", "The game is not open on the host's device now. Ask the host to open it; this "
               "page keeps trying.")])
def test_a_joining_page_says_what_it_waits_for_and_offers_to_try_again(waiting, said) -> None:
    """Before the host's first state the status says what the page waits for; after a
    few seconds a Try again button opens the room anew."""
    model = Model().but(ui=Model().ui.but(online=Online("guest", seat=1, waiting=waiting)))
    f = page_frame.frame(model, rattus.REGIONS)
    assert f.text["status"] == said and 'data-choice="online-retry"' not in f.html["online"]
    slow = model.but(ui=model.ui.but(online=replace(model.ui.online, slow=True)))
    assert all('data-choice="online-retry"' in page_frame.frame(slow, rattus.REGIONS).html[k]
               for k in ("online", "bar"))
    after, effects = update(slow, ev.Choice("online-retry"))
    assert effects == (ev.RetryJoin(),) and not after.ui.online.slow


def test_an_invitation_link_cut_short_is_said_to_be_incomplete() -> None:
    """A ``#play=`` link cut short is not taken for no link: the page says it is
    incomplete (and offers no Try again: only the whole link helps)."""
    from online import links

    room_name, password, secrets = links.room_of("k" * 43, "slot-1", [1])
    whole = "#play=" + ".".join([room_name, password, "1", secrets[1]])
    for cut in (whole[:-30], whole[:20], "#play=", whole + ".x"):
        assert links.read(cut) is None and links.is_invitation(cut), cut
    assert not links.is_invitation("#replay=abc") and not links.is_invitation("")
    model = Model().but(ui=Model().ui.but(online=Online("guest", problem="link", slow=True)))
    f = page_frame.frame(model, rattus.REGIONS)
    assert f.text["status"] == ("This invitation link is incomplete: ask the host for the whole "
                                "link again. Meanwhile you may start a game here.")
    assert 'data-choice="online-retry"' not in f.html["online"]
