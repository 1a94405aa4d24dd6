"""A click never performs an action other than the one its target shows.

Some clicks complete a decision of several steps by themselves: the legal actions leave its
later steps one answer (a region with one count of cubes, R4.2; the Monk's rat token with
one neighbour below three tokens, R6.2 and R5.2; the Merchant's cubes with one move or one
count, R6.5), so the page takes it at that click instead of asking. The player, who expected
to be asked, aims the next click at the step that was not asked — and that click must not be
read as the next decision. So such an action is said as done in the notice line, and the
next click on the board is held back (not acted on) when it comes within a moment
(``GUARD_MS``) or lands on the region the action ended in.
"""

from __future__ import annotations

from control.update import AIMED_MS, GUARD_MS, done_by_itself, guarded
from glue import (
    PLAGUE_PIECE,
    card,
    choice,
    decision,
    find,
    frame,
    neighbours,
    offer,
    region,
    run,
    token,
    turn_start,
)
from model import page_events as ev
from model.ui_state import Pick, Ui
from text.catalogue import t, tn

import rattus


def at(where: str, ms: float) -> ev.Target:
    """A click on a region at ``ms`` (the DOM event's time)."""
    return ev.Target("region", where, ms)


def lone_monk(s) -> tuple | None:
    """A rat token the Monk can move to one region only (R6.2, R5.2), with that region."""
    ways: dict = {}
    for a in s.game.legal_actions():
        if a.kind == "monk":
            ways.setdefault((a.args[0], a.args[1]), []).append(a.args[2])
    return next(((k, to[0]) for k, to in sorted(ways.items()) if len(to) == 1), None)


def monk_ready(s) -> bool:
    return (decision(s)["kind"] == "turn" and s.game.current_player == 0
            and lone_monk(s) is not None
            and {"place", "take"} <= {a.kind for a in s.game.legal_actions()})


def monk_with_one_destination():
    """Ann to play, holding the Monk, a rat token with one destination, her cubes not
    placed yet (so a click on a region would place cubes), a card she may take."""
    s = find(monk_ready, kinds=["human", "human"])
    ui, s, _ = run(Ui(), s, choice("mode:Monk"))
    return ui, s


# -- R6.2: the Monk's one destination ------------------------------------------------------------
def test_a_monk_token_with_one_destination_is_said_as_done() -> None:
    """R6.2, R5.2: the token goes to its only destination at the click on it, and the
    notice line says so — what moved, where, and why nothing was asked."""
    ui, s = monk_with_one_destination()
    (here, slot), to = lone_monk(s)
    n = len(s.game.history)
    ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 1000.0))
    assert str(s.game.history[n]) == f"monk {here}/{slot} {to}"
    assert ui.notice == t("done.monk", region=here, to=to) and ui.notice_is_news


def test_what_was_done_leads_the_status_line() -> None:
    """Said where the eye is — the status line, in the first screen of a phone (the notice
    line sits under the map there) — once: the notice line stays hidden meanwhile."""
    ui, s = monk_with_one_destination()
    (here, slot), to = lone_monk(s)
    ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 1000.0))
    f = frame(ui, s)
    assert f.text["status"].startswith(t("done.monk", region=here, to=to) + " ")
    assert f.shown["notice"] is False
    ui, s, _ = run(ui, s, at(to, 1500.0))
    assert frame(ui, s).text["status"].startswith(t("done.held", done=ui.done.text))
    ui, s, _ = run(ui, s, choice("mode:plague"), choice("cancel"))
    assert frame(ui, s).text["status"] == frame(ui.but(done=None), s).text["status"]


def test_a_click_on_the_monks_destination_after_it_places_no_cubes() -> None:
    """The tester's case: the click meant as the destination is not read as "place cubes
    there" (R4.2); it is held with the notice, and a click on it again then counts."""
    ui, s = monk_with_one_destination()
    (here, slot), to = lone_monk(s)
    ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 1000.0))
    n = len(s.game.history)
    ui, s, _ = run(ui, s, at(to, 1000.0 + AIMED_MS - 1))  # however long the player looked
    assert len(s.game.history) == n and ui.pick == Pick()
    assert ui.notice == t("done.held", done=t("done.monk", region=here, to=to))
    ui, s, _ = run(ui, s, at(to, 1000.0 + AIMED_MS))  # again: meant, and taken
    assert len(s.game.history) > n or ui.pick == Pick("place", region=to)


def test_any_click_on_the_board_soon_after_is_held() -> None:
    """A click anywhere on the board within GUARD_MS of the one that acted alone was on its
    way already: held, whatever it lands on (a region, a token, the plague piece)."""
    for soon in (region_elsewhere, lambda s, to: PLAGUE_PIECE):
        ui, s = monk_with_one_destination()
        (here, slot), to = lone_monk(s)
        ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 5000.0))
        n = len(s.game.history)
        target = soon(s, to)
        ui, s, _ = run(ui, s, ev.Target(target.what, target.value, 5000.0 + GUARD_MS - 1))
        assert len(s.game.history) == n and ui.pick == Pick()
        assert ui.notice.startswith(t("done.monk", region=here, to=to))


def region_elsewhere(s, to: str) -> ev.Target:
    """A region where Ann may place cubes, not the Monk's destination."""
    places = sorted({a.args[0] for a in s.game.legal_actions() if a.kind == "place"} - {to})
    return region(places[0])


def test_a_later_click_elsewhere_is_the_next_decision() -> None:
    """Past the moment, a click away from the destination is the next decision, as meant."""
    ui, s = monk_with_one_destination()
    (here, slot), to = lone_monk(s)
    ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 5000.0))
    n = len(s.game.history)
    target = region_elsewhere(s, to)
    ui, s, _ = run(ui, s, ev.Target("region", target.value, 5000.0 + GUARD_MS))
    placed = [str(a) for a in s.game.history[n:]]
    assert (placed and placed[0].startswith(f"place {target.value} ")
            or ui.pick == Pick("place", region=target.value))


def test_a_card_or_a_button_after_it_is_not_held() -> None:
    """Only the board is guarded: a class card or a button is aimed at what it shows."""
    ui, s = monk_with_one_destination()
    (here, slot), _to = lone_monk(s)
    ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 5000.0))
    free = sorted(a.args[0] for a in s.game.legal_actions() if a.kind == "take")
    n = len(s.game.history)
    ui, s, _ = run(ui, s, ev.Target("card", free[0], 5001.0))
    assert len(s.game.history) == n + 1 and str(s.game.history[n]) == f"take {free[0]}"


def test_undo_ends_the_guard() -> None:
    """Undo takes the Monk's move back: the page is at another step, and the next click is
    read as what it shows."""
    ui, s = monk_with_one_destination()
    (here, slot), to = lone_monk(s)
    ui, s, _ = run(ui, s, ev.Target("token", (here, slot), 5000.0), choice("undo"))
    n = len(s.game.history)
    ui, s, _ = run(ui, s, choice("mode:Monk"), token(here, slot))
    assert len(s.game.history) == n + 1  # the token again: moved, not held


# -- R4.2: a region with one count -------------------------------------------------------------
def test_a_double_click_on_a_region_places_cubes_and_moves_no_plague_piece() -> None:
    """R4.2: a region with one count takes its cubes at the first click, said as done; the
    second click of a double click, on the same region — a neighbour of the plague piece,
    so now its destination (R4.3) — is held: the turn does not end by accident."""
    ui, s, home = turn_start()
    assert home in neighbours(s, s.game.view(None)["plague"])
    n = len(s.game.history)
    ui, s, _ = run(ui, s, at(home, 100.0), at(home, 350.0))
    assert [str(a) for a in s.game.history[n:]] == [f"place {home} 1"]
    assert ui.notice == t("done.held", done=tn("done.place", 1, region=home))
    assert offer(ui, s).regions[home] is not None  # the plague piece may go there: a new click


def test_a_region_asked_for_its_count_is_no_click_done_by_itself() -> None:
    """R6.4: with the Peasant, two counts: the count is asked, nothing is said as done and
    nothing guarded."""
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Peasant"), at(home, 100.0))
    assert ui.pick == Pick("place", region=home) and ui.done is None
    assert not ui.notice.startswith(tn("done.place", 1, region=home)[:5])


# -- R6.5: the Merchant's one move, one count ----------------------------------------------------
def test_a_merchant_moving_a_lone_cube_is_said_as_done() -> None:
    """R6.5: one cube in the region it leaves: the click on the destination moves it, said
    as done (the count that was not asked), and a click soon after is held."""
    def ready(s) -> bool:
        return (decision(s)["kind"] == "turn" and s.game.current_player == 0
                and "take Merchant" in {str(a) for a in s.game.legal_actions()}
                and any(b["cubes"][0] == 1 for b in s.game.view(None)["board"].values()))
    s = find(ready, kinds=["human", "human"])
    ui, s, _ = run(Ui(), s, card("Merchant"), choice("mode:Merchant"))
    board = s.game.view(None)["board"]
    here = sorted(r for r, b in board.items() if b["cubes"][0] == 1
                  and r in offer(ui, s).regions)[0]
    ui, s, _ = run(ui, s, at(here, 100.0))
    to = sorted(offer(ui, s).regions)[0]
    n = len(s.game.history)
    ui, s, _ = run(ui, s, at(to, 1000.0))
    assert str(s.game.history[n]) == f"merchant {here} {to} 1"
    assert ui.notice == tn("done.merchant_count", 1, region=here, to=to)
    ui, s, _ = run(ui, s, at(here, 1500.0))
    assert len(s.game.history) == n + 1
    assert ui.notice == t("done.held", done=tn("done.merchant_count", 1, region=here, to=to))


def test_a_guests_tap_is_guarded_before_and_after_the_host_applies_the_move() -> None:
    """Online, the host applies a guest's move (docs/online.md): the guest's page is at the
    click's step until the host's state comes, then one step on. A tap soon after the click
    is held at either; once the game has moved further (another move), nothing is held."""
    done = done_by_itself("monk", rattus.parse_action("monk Gallia/1 Italia"), 40, 1000.0)
    for step in (40, 41):
        assert guarded(done, step, "region", "Hispania", 1500.0)
        assert guarded(done, step, "region", "Italia", 1000.0 + AIMED_MS - 1)
    assert not guarded(done, 42, "region", "Hispania", 1500.0)
    assert not guarded(done, 41, "region", "Hispania", 1000.0 + GUARD_MS)
