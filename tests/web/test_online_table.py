"""The table of an online game (docs/online.md, "The table", "Seats given and taken back",
"Rematch"), on CPython through the in-memory network of tests/web/test_online.py.

What must hold: nobody acts before the host's Start (or every friend's arrival), and each
device says who is here; a seat taken over on another device is told to the host; a friend's
seat the computer played is named so in the results; a rematch keeps the table (the same
room, seats and friends) and every guest's page follows; a guest's page offers nothing it
cannot do without saying why, and leaving its seat is asked first.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from control.update import update
from model import page_events as ev
from model.game_config import Seat, default_friend_name
from model.remote_table import RemoteTable
from model.ui_state import Online
from online import links
from online.guest import Guest
from render import frame as page_frame
from render import panels
from render.escaping import esc
from test_online import SITE, Network, game_of, guest_page, host_move, room, unchanged
from text import language
from text.catalogue import t

import rattus


def host_online(host, players: int = 3) -> Online:
    """The host's room as browser/online_room.py says it: the invitations, who is here."""
    return Online("host", ((1, "link1"), (2, "link2")), "watch",
                  tuple(host.connected(players)), "ok", here=tuple(host.here(players)))


def test_the_game_waits_at_its_table_until_the_host_says_start() -> None:
    """Before the start nobody acts: the computer waits, a guest has no legal action and
    its act is refused; the host's page shows its table (Bob here, Cy's invitation) and
    Bob's page "Waiting for Ann to start — Bob is here"; Start begins the game."""
    store, host, net, keys = room(started=False)
    bob = net.join("p1", Guest(SITE, 1, keys[1]))
    store.dispatch(ev.OnlineStatus(host_online(host)))
    assert store.model.at_table and bob.table.waiting and bob.table.legal() == []
    host_move(store, random.Random(1))  # (the computer's move: it waits)
    assert game_of(store).history == []
    before = unchanged(store)
    net.send("p1", bob.act("pass")[1])
    assert net.last("p1").reason == "not-started" and unchanged(store) == before
    f = page_frame.frame(store.model, rattus.REGIONS)
    assert f.data["screen"] == "table"
    assert 'data-choice="online-start"' in f.html["screen"]
    assert 'data-qr="link2"' in f.html["screen"] and 'data-qr="link1"' not in f.html["screen"]
    assert t("online.table.some_here", here="Bob", names="Cy") in f.html["screen"]
    g = page_frame.frame(guest_page(net, "p1"), rattus.REGIONS)
    assert g.data["screen"] == "table"
    assert "Waiting for Ann to start — Bob is here." in g.html["screen"]
    assert 'id="table-name"' in g.html["screen"]  # (a name may be given at the table)
    store.dispatch(ev.Choice("online-start"))
    assert not store.model.at_table and not bob.table.waiting
    host_move(store, random.Random(1))
    assert len(game_of(store).history) == 1


def test_the_game_starts_by_itself_once_every_friend_is_here() -> None:
    store, host, net, keys = room(started=False)
    net.join("p1", Guest(SITE, 1, keys[1]))
    store.dispatch(ev.OnlineStatus(host_online(host)))
    assert store.model.at_table
    net.join("p2", Guest(SITE, 2, keys[2]))
    store.dispatch(ev.OnlineStatus(host_online(host)))
    assert not store.model.at_table and store.model.ui.notice == t("online.table.all_here")


def test_a_seat_taken_over_on_another_device_is_told_to_the_host() -> None:
    store, host, net, keys = room()
    net.join("laptop", Guest(SITE, 1, keys[1], device="a"))
    net.join("phone", Guest(SITE, 1, keys[1], device="b"))
    assert net.last("phone").reason == "seat-taken"
    assert store.model.ui.notice != t("online.table.moved", name="Bob")  # (not taken yet)
    net.join("phone", Guest(SITE, 1, keys[1], device="b"), take_over=True)
    assert store.model.ui.notice == t("online.table.moved", name="Bob")
    host_move(store, random.Random(1))  # the game goes on: the news is still there to read
    assert store.model.ui.notice == t("online.table.moved", name="Bob")


def test_the_newcomers_page_asks_before_taking_a_seat_another_device_holds() -> None:
    """The host's ``seat-taken`` puts the question on the newcomer's page at once: nothing
    is taken until it says yes."""
    store, host, net, keys = room()
    net.join("laptop", Guest(SITE, 1, keys[1], device="a"))
    net.join("phone", Guest(SITE, 1, keys[1], device="b"))
    model = guest_page(net, "laptop").but(session=None)
    model = model.but(ui=model.ui.but(online=Online("guest", seat=1)))
    asked, effects = update(model, ev.GuestRefused("seat-taken", None, 1))
    assert effects == () and asked.ui.question is not None
    assert asked.ui.question.on_yes == ev.TakeSeatConfirmed()
    assert page_frame.frame(asked, rattus.REGIONS).data["screen"] == "confirm"


def play_to_the_end(store, net: Network, guests: dict, rng: random.Random) -> None:
    moves = 0
    while not game_of(store).is_over:
        g = game_of(store)
        seat = g.current_player
        if store.model.session.is_bot(seat):  # type: ignore[union-attr]
            store.dispatch(ev.BotMove(seat, rng.choice(g.legal_actions())))
        else:
            peer = f"p{seat}"
            net.send(peer, guests[peer].act(rng.choice(guests[peer].table.legal()))[1])
        moves += 1
        assert moves < 3000


def test_the_results_say_who_played_a_seat_and_the_rematch_keeps_the_table() -> None:
    """Cy leaves in round 1 and the computer plays Cy's seat to the end: every device's
    results say "Cy (computer from round 1)". Rematch: a new game at the same table (Cy a
    friend again, the same room's slot), and each guest's page drops the old game for
    the new one, without a reload."""
    store, host, net, keys = room()
    rng = random.Random(7)
    guests = {"p1": net.join("p1", Guest(SITE, 1, keys[1]))}
    store.model.session.slot = "slot-1"  # type: ignore[union-attr]
    store.dispatch(ev.OnlineStatus(host_online(host)))
    store.dispatch(ev.Choice("online-computer:2"))
    store.dispatch(ev.Choice("confirm-yes"))
    play_to_the_end(store, net, guests, rng)
    cy = "Cy (" + t("res.computer_from", round=1) + ")"
    assert cy in page_frame.frame(store.model, rattus.REGIONS).html["screen"]
    bob_page = guest_page(net, "p1")
    results = page_frame.frame(bob_page, rattus.REGIONS).html["screen"]
    assert cy in results and 'data-choice="online-rematch"' not in results
    host_results = page_frame.frame(store.model, rattus.REGIONS).html["screen"]
    assert 'data-choice="online-rematch"' in host_results
    old = store.model.session
    store.dispatch(ev.Choice("online-rematch"))
    new = store.model.session
    assert new is not old and new is not None and new.table == "slot-1"
    assert new.remote == frozenset({1, 2}) and new.game.history == []
    net._out(host.rematch())  # (browser/online_room.py: the same room, a new game)
    net.run()
    bob = guests["p1"]
    assert [n.kind for n in net.news["p1"][-2:]] == ["rematch", "state"]
    assert bob.table.step == 0 and not bob.table.is_over and bob.table.finished() is None
    assert bob.table.waiting  # (Cy is not here: the table waits)
    followed, _ = update(bob_page, ev.GuestState(bob.table, True, ()))
    assert followed.session is bob.table and followed.ui.results_closed is False
    assert page_frame.frame(followed, rattus.REGIONS).data["screen"] == "table"


def test_the_rematch_stays_offered_after_the_results_are_closed() -> None:
    """A host who closes the results still finds Rematch, under the board with the results
    again (the first friends' playtest lost it with the window); a guest's bar offers the
    results only (the host starts a rematch)."""
    store, host, net, keys = room()
    guests = {"p1": net.join("p1", Guest(SITE, 1, keys[1])),
              "p2": net.join("p2", Guest(SITE, 2, keys[2]))}
    store.dispatch(ev.OnlineStatus(host_online(host)))
    play_to_the_end(store, net, guests, random.Random(5))
    store.dispatch(ev.Choice("close-results"))
    bar = page_frame.frame(store.model, rattus.REGIONS).html["bar"]
    assert 'data-choice="online-rematch"' in bar and 'data-choice="open-results"' in bar
    store.dispatch(ev.Choice("open-results"))
    assert page_frame.frame(store.model, rattus.REGIONS).data["screen"] == "results"
    bob, _ = update(guest_page(net, "p1"), ev.Choice("close-results"))
    bar = page_frame.frame(bob, rattus.REGIONS).html["bar"]
    assert 'data-choice="open-results"' in bar and "online-rematch" not in bar


def test_a_guests_page_says_why_it_cannot_save_or_replay_before_the_end() -> None:
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    model = guest_page(net, "p1")
    why = t("online.guest.after_end", name="Ann")
    for choice in ("export", "replay-enter", "replay-enter:1"):
        after, effects = update(model, ev.Choice(choice))
        assert after.ui.notice == why and effects == ()
    f = page_frame.frame(model, rattus.REGIONS)
    assert f.disabled["export"] and f.disabled["replay-enter"]


def test_leaving_an_online_seat_is_asked_first() -> None:
    """New game on Bob's page: "Leave Bob's seat?"; No keeps it; Yes leaves the room and
    opens the new-game dialog."""
    store, host, net, keys = room()
    net.join("p1", Guest(SITE, 1, keys[1]))
    model = guest_page(net, "p1")
    asked, effects = update(model, ev.Choice("new-game"))
    assert effects == () and asked.ui.question is not None
    assert asked.ui.question.text == t("online.leave.seat", name="Bob")
    kept, _ = update(asked, ev.Choice("confirm-no"))
    assert kept.session is model.session and kept.ui.question is None
    yes, effects = update(asked, ev.Choice("confirm-yes"))
    left, effects = update(yes, ev.LeaveTable())
    assert effects == (ev.LeaveRoom(),) and left.session is None
    assert left.ui.screen == "new-game" and left.ui.online is None


def test_your_games_lists_an_online_game_once() -> None:
    """The same invitation opened under another address (a language, the relays) is one
    joined game; a game this browser hosts is listed as its kept game only."""
    room_name, password, secrets = links.room_of("k" * 43, "slot-9", [1])
    invitation = links.Invitation(room_name, password, 1, secrets[1])
    plain = links.link("http://localhost/", invitation)
    other = links.link("http://localhost/", invitation, links.Network(("ws://127.0.0.1:1",)))
    text = links.joined_with(None, plain, ["Ann", "Bob"], 1, 1.0)
    text = links.joined_with(text, other, ["Ann", "Bob"], 1, 2.0)
    joined = links.read_joined(text)
    assert [j.link for j in joined] == [other]
    assert links.not_hosted(joined, {room_name}) == []
    assert links.not_hosted(joined, {"another-room"}) == joined


def test_the_results_name_each_span_the_computer_played() -> None:
    bo = Seat("Bo", "blue", "friend")
    assert panels.played_name(bo, None) == "Bo"
    assert panels.played_name(bo, [("normal", 3)]) == "Bo (computer from round 3)"
    assert panels.played_name(bo, [("normal", 3), ("friend", 5)]) == \
        "Bo (computer in rounds 3–5)"
    assert panels.played_name(bo, [("normal", 2), ("friend", 2), ("normal", 6)]) == \
        "Bo (computer in round 2, computer from round 6)"


def test_who_played_a_seat_is_kept_over_a_reload_of_the_host() -> None:
    """The autosave keeps who played each friend's seat, and the rematch's table."""
    from glue import config
    from model.session import Session

    s = Session(config(3, seed=3, kinds=["human", "friend", "friend"]))
    s.table = "slot-1"
    seats = list(s.seats)
    seats[2] = Seat("Cy", seats[2].colour, "normal")
    s.rename(seats)
    back = Session.from_dict(s.to_dict(s.resume_state()), resume=True)
    assert back.played_by == {2: [("normal", 1)]} and back.table == "slot-1"
    odd = s.to_dict({**s.resume_state(), "played_by": {"9": [["x", -1]]}, "table": 7})
    assert Session.from_dict(odd, resume=True).played_by == {}


def test_a_seat_given_back_before_the_computer_moved_leaves_no_trace_in_the_results() -> None:
    """Cy's seat given to the computer and back before its turn came: the results name no
    computer for Cy. Given again, and the computer plays Cy's turn: that round is kept."""
    from glue import config
    from model.session import Session

    s = Session(config(3, seed=3, kinds=["human", "friend", "friend"]))
    friend, computer = list(s.seats), list(s.seats)
    computer[2] = Seat(friend[2].name, friend[2].colour, "normal")
    s.rename(computer)
    s.rename(friend)
    assert s.played_by == {}
    s.rename(computer)
    while s.game.current_player != 2:
        s.apply(s.game.legal_actions()[0])
    s.apply(s.game.legal_actions()[0])  # (the computer's move for Cy)
    s.rename(friend)
    assert [kind for kind, _round in s.played_by[2]] == ["normal", "friend"]


def test_the_welcome_offers_playing_with_friends_online() -> None:
    """"Play with friends online…" on the welcome opens the new-game dialog set for it: you
    and two friends; a friend left unnamed is "Friend 2"; a third friend may be added, and
    a computer takes any seat without a friend."""
    from model.ui_state import Model

    assert 'data-choice="friends"' in panels.welcome()
    model = Model().but(ui=Model().ui.but(screen="welcome"))
    opened, _ = update(model, ev.Choice("friends"))
    draft = opened.ui.draft.config
    assert opened.ui.screen == "new-game" and draft.extra.get("online")
    assert [s.kind for s in draft.seats] == ["human", "friend", "friend"]
    html = panels.new_game_dialog(draft)
    assert t("dlg.friends_title") in html and 'value="friend"' in html
    assert 'value="human"' not in html.split('data-seat="1"', 1)[1]  # a friend or a computer
    more, _ = update(opened, ev.Choice("dlg-players:4"))
    assert more.ui.draft.config.seats[3].kind == "friend"
    fields = {"name.2": "", "kind.3": "normal", "name.3": "Computer 1"}
    started, effects = update(more, ev.Choice("dlg-start", fields))
    (then,) = effects
    config = then.event.config
    assert [s.name for s in config.seats] == [t("player.you"), "Friend 2", "Friend 3",
                                              "Computer 1"]
    assert [s.kind for s in config.seats] == ["human", "friend", "friend", "normal"]


def test_the_new_game_dialog_leads_to_playing_with_friends() -> None:
    from model.game_config import Config, default_seats

    assert 'data-choice="dlg-friends"' in panels.new_game_dialog(Config(default_seats(2)))


def cy_unnamed(store) -> None:
    """Cy's seat under the name the host's page gives a friend nobody named ("Friend 3")."""
    s = store.model.session
    s.rename([*s.seats[:2], Seat(default_friend_name(2), s.seats[2].colour, "friend")])


def test_the_table_waits_for_the_last_friend_to_give_a_name() -> None:
    """Everyone is here, but Cy has no name yet: the table does not start by itself; the
    host sees Cy choosing a name, Cy's page asks for it; once Cy gives it, the game starts."""
    store, host, net, keys = room(started=False)
    cy_unnamed(store)
    net.join("p1", Guest(SITE, 1, keys[1]))
    net.join("p2", Guest(SITE, 2, keys[2]))
    store.dispatch(ev.OnlineStatus(host_online(host)))
    assert store.model.at_table  # all here, one naming
    f = page_frame.frame(store.model, rattus.REGIONS)
    assert t("online.table.naming", names="Friend 3") in f.html["screen"]
    assert t("online.table.naming_tag") in f.html["screen"]
    asked = page_frame.frame(guest_page(net, "p2"), rattus.REGIONS).html["screen"]
    assert 'data-asked="name"' in asked and 'placeholder="Friend 3"' in asked
    assert 'data-asked="name"' not in page_frame.frame(guest_page(net, "p1"),
                                                       rattus.REGIONS).html["screen"]
    net.join("p2", Guest(SITE, 2, keys[2], name="Cy"))  # (the name field's hello: who is
    # here did not change, the name alone starts the game)
    assert not store.model.at_table and store.model.session.seats[2].name == "Cy"


def test_the_hosts_start_does_not_wait_for_a_name() -> None:
    store, host, net, keys = room(started=False)
    cy_unnamed(store)
    net.join("p1", Guest(SITE, 1, keys[1]))
    net.join("p2", Guest(SITE, 2, keys[2]))
    store.dispatch(ev.Choice("online-start"))
    assert not store.model.at_table


def test_an_unnamed_friend_is_named_in_each_devices_own_language(tmp_path) -> None:
    """The host's page is in English ("Friend 3"); Bob's page in German says "Freund 3"."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    i18n = pytest.importorskip("i18n")  # (babel: not in the Pyodide run)
    store, host, net, keys = room()
    cy_unnamed(store)
    bob = net.join("p1", Guest(SITE, 1, keys[1]))
    host_move(store, random.Random(1))
    assert bob.table.names[2] == "Friend 3"
    state = [text for text in net.seen["p1"] if '"state"' in text][-1]  # (the host's, in
    i18n.compile_to(tmp_path)  # English; Bob's page reads it in German)
    assert language.use("de", (tmp_path / "de.mo").read_bytes())
    try:
        bob.table = RemoteTable(1)
        assert bob.receive(state).kind == "state" and bob.table.names[2] == "Freund 3"
    finally:
        language.use("en")
    assert store.model.session.seats[2].name == "Friend 3"  # (the host's own, unchanged)


def test_an_unnamed_friends_seat_the_computer_plays_keeps_its_friends_name_unnamed() -> None:
    """While the computer plays Cy's unnamed seat, the host still sends it as unnamed, so each
    device says "Friend 3" (or "Freund 3") in its own language beside "Computer"."""
    from online.host import seat_fields

    friend = Seat(default_friend_name(2), "green", "friend")
    assert seat_fields(friend, 2)["named"] is False
    assert seat_fields(Seat(friend.name, "green", "normal"), 2)["named"] is False
    assert "named" not in seat_fields(Seat("Cy", "green", "normal"), 2)


def test_a_guests_results_say_a_rematch_waits_for_the_hosts_page_once_it_is_gone() -> None:
    """After the game, a guest's results say the host may start a rematch while the host's
    page is here, and that it is closed (a rematch waits for it) once it is gone."""
    from glue import config
    from model.session import Session

    s = Session(config(2, seed=3, kinds=["human", "friend"]))
    while not s.game.is_over:
        s.apply(s.game.legal_actions()[0])
    view = s.public_view()
    assert esc(t("res.rematch_wait")) in panels.results(view, s.seats, {}, "guest")
    gone = panels.results(view, s.seats, {}, "guest-alone")
    assert esc(t("res.rematch_host_gone")) in gone and esc(t("res.rematch_wait")) not in gone
