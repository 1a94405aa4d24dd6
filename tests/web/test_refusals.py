"""Clicks that do nothing say why — in the engine's words (``Game.why_not``) or, when it is
not the player's move at all, the page's — and leave the game exactly as it was.
"""

from __future__ import annotations

from glue import (
    after,
    card,
    choice,
    decision,
    find,
    legal,
    neighbours,
    new_session,
    offer,
    region,
    run,
    token,
    turn_start,
)
from model.ui_state import Ui
from model.values import replace
from text.catalogue import CATALOGUE, t, tn

from rattus.refusals import REASONS


def refused(ui, s, *events):
    """Dispatch ``events``; assert the game did not change; return the notice."""
    before = (s.game.to_json(), len(s.log))
    ui, s2, effects = run(ui, s, *events)
    assert s2 is s and effects == ()
    assert (s.game.to_json(), len(s.log)) == before
    assert ui.notice and not ui.notice_is_news
    return ui.notice


# -- the engine's reasons ---------------------------------------------------------------------
def test_a_region_without_rats_takes_no_cubes() -> None:
    def empty_region_without_peasant(s):
        seat = s.game.current_player
        return (decision(s)["kind"] == "turn" and not s.game.view(None)["turn"]["placed"]
                and s.game.view(None)["cards"]["Peasant"] != seat
                and s.game.view(None)["reserve"][seat] > 0
                and any(not b["tokens"] for b in s.game.view(None)["board"].values()))

    s = find(empty_region_without_peasant)
    empty = sorted(r for r, b in s.game.view(None)["board"].items() if not b["tokens"])[0]
    assert empty not in offer(Ui(), s).regions
    assert refused(Ui(), s, region(empty)) == t("why.no_rats", region=empty)  # R4.2


def test_a_card_already_held_cannot_be_taken_again() -> None:
    def holds_a_card_and_may_take_one(s):
        seat = s.game.current_player
        return (decision(s)["kind"] == "turn" and any(a.startswith("take ") for a in legal(s))
                and seat in s.game.view(None)["cards"].values())

    s = find(holds_a_card_and_may_take_one)
    seat = s.game.current_player
    mine = sorted(c for c, holder in s.game.view(None)["cards"].items() if holder == seat)[0]
    assert refused(Ui(), s, card(mine)) == t("why.card_held", card=mine)


def test_a_second_card_in_one_turn_is_refused() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("King"))
    assert refused(ui, s, card("Monk")) == t("why.card_taken")  # R4.1: at most once


def test_the_plague_piece_must_leave_its_region() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"))
    here = s.game.view(None)["plague"]
    assert refused(ui, s, region(here)) == t("why.plague_stay")  # R4.3
    assert ui.pick.mode == "plague"


def test_the_plague_piece_cannot_go_too_far() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"))
    here = s.game.view(None)["plague"]
    far = sorted(r for r in s.game.view(None)["regions"]
                 if r != here and r not in neighbours(s, here))[0]
    assert refused(ui, s, region(far)) == t("why.plague_too_far", region=far)  # R4.3


def test_even_the_knight_cannot_go_three_steps() -> None:
    ui, s, _home = turn_start(n=4)  # all 12 regions (R2.1)
    ui, s, _ = run(ui, s, card("Knight"), choice("mode:plague"))
    reach = decision(s)["plague_reach"]
    here = s.game.view(None)["plague"]
    beyond = sorted(r for r in s.game.view(None)["regions"] if r not in reach and r != here)
    assert beyond, "four players, seed 1: the plague in Gallia"
    assert refused(ui, s, region(beyond[0])) == t("why.plague_too_far", region=beyond[0])


def test_a_region_out_of_play_is_refused() -> None:
    ui, s = Ui(), new_session(2, seed=1)
    assert refused(ui, s, region("Russia")) == t("why.not_in_play", region="Russia")  # R2.1


def test_in_a_token_mode_a_region_click_asks_for_a_token() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"))
    assert refused(ui, s, region(home)) == t("why.pick_token")


def test_with_the_monk_a_region_click_before_a_token_asks_for_a_token() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:Monk"))
    assert refused(ui, s, region(home)) == t("why.pick_token")


def test_a_token_click_where_the_king_needs_a_region_gives_the_kings_reason() -> None:
    def ratty(s):
        seat = s.game.current_player
        return sorted(r for r, b in s.game.view(None)["board"].items()
                      if b["tokens"] and b["cubes"][seat])

    def king_usable_and_a_cube_among_rats(s):
        return ("take King" in legal(s) and ratty(s)
                and any(a.kind == "king" for a in after(s, "take King").legal_actions()))

    s = find(king_usable_and_a_cube_among_rats)
    ui, s, _ = run(Ui(), s, card("King"), choice("mode:King"))
    assert refused(ui, s, token(ratty(s)[0], 1)) == t("why.region_has_rats")  # R6.1


def test_a_monk_token_may_only_go_to_a_neighbour() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:Monk"), token(home, 1))
    far = sorted(r for r in s.game.view(None)["regions"]
                 if r != home and r not in neighbours(s, home))[0]
    assert refused(ui, s, region(far)) == t("why.not_neighbour", to=far, region=home)


def test_a_token_click_in_the_monk_destination_step_stands_for_its_region() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:Monk"), token(home, 1))
    far = sorted(r for r in s.game.view(None)["regions"]
                 if r != home and r not in neighbours(s, home))[0]
    # the far region's own token, clicked where a region is needed
    assert refused(ui, s, token(far, 1)) == t("why.not_neighbour", to=far, region=home)


def test_the_refusal_is_cleared_by_the_next_good_click() -> None:
    """The good click (one count: the cubes placed at once, R4.2) replaces the refusal
    with what it did, as news."""
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, region("Russia"))
    assert ui.notice and not ui.notice_is_news
    ui, s, _ = run(ui, s, region(home))
    assert ui.notice == tn("done.place", 1, region=home) and ui.notice_is_news


# -- not the player's move ------------------------------------------------------------------------
def test_clicks_on_a_bots_turn_are_refused_with_its_name() -> None:
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    ui, s, _ = run(ui, s, region("Gallia"))
    assert s.game.current_player == 1
    assert refused(ui, s, region("Italia")) == t("why.not_your_turn", name="Bob")
    assert refused(ui, s, card("King")) == t("why.not_your_turn", name="Bob")
    assert offer(ui, s).regions == {}


def test_clicks_while_the_bots_wait_for_continue_say_to_press_it() -> None:
    """After a strike the computer players wait until the player at the screen has seen it:
    a click on the map then says to press Continue, not that it is a bot's turn (a tester
    was told to wait for Computer 1, who was waiting for them)."""
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    ui, s, _ = run(ui, s, region("Gallia"))
    held = ui.but(story=replace(ui.story, hold=True))
    assert refused(held, s, region("Italia")) == t("why.seen_first")
    assert refused(ui, s, region("Italia")) == t("why.not_your_turn", name="Bob")


def test_clicks_during_the_replay_are_refused() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, choice("replay-enter"))
    assert refused(ui, s, region(home)) == t("why.replay")
    assert refused(ui, s, choice("mode:plague")) == t("why.replay")


def test_clicks_while_a_strike_is_told_are_refused() -> None:
    ui, s, home = turn_start(pace_ms=300)
    ui, s, _ = run(ui, s, choice("mode:plague"), region(home))
    while decision(s)["kind"] == "spread":
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    assert ui.busy
    seat = s.game.current_player
    if s.pass_to is not None or s.viewer != seat:
        s.confirm_pass()
    assert refused(ui, s, region(home)) == t("why.busy")
    before = s.game.to_json()
    ui, s, _ = run(ui, s, choice("undo"))  # the toolbar's Undo waits too
    assert s.game.to_json() == before


def test_clicks_after_the_game_are_refused() -> None:
    s = find(lambda s: s.game.is_over or decision(s)["kind"] == "over", max_actions=6000)
    assert s.game.is_over
    assert refused(Ui(), s, region("Gallia")) == t("why.game_over")


def test_a_move_button_not_offered_now_is_refused() -> None:
    ui, s, _home = turn_start()
    assert refused(ui, s, choice("count:2")) == t("why.not_now")
    assert refused(ui, s, choice("witch:swap")) == t("why.not_now")


# -- every reason in words ------------------------------------------------------------------------
def test_every_reason_the_engine_gives_has_words_in_the_catalogue() -> None:
    def has_words(reason: str) -> bool:  # one sentence, or both plural forms (.1, .n)
        key = "why." + reason
        return key in CATALOGUE or {key + ".1", key + ".n"} <= set(CATALOGUE)

    assert [r for r in REASONS if not has_words(r)] == []


def test_a_monk_token_with_every_neighbour_full_is_refused_in_words() -> None:
    def boxed_in(s):
        view = s.game.view(None)
        return [r for r in view["regions"] if view["board"][r]["tokens"] and all(
            len(view["board"][n]["tokens"]) >= view["limits"]["max_rats"]
            for n in view["neighbours"][r])]

    def monk_at_hand_and_a_token_boxed_in(s):
        return ("take Monk" in legal(s) and boxed_in(s)
                and any(a.kind == "monk" for a in after(s, "take Monk").legal_actions()))

    s = find(monk_at_hand_and_a_token_boxed_in, n=3)
    ui, s, _ = run(Ui(), s, card("Monk"), choice("mode:Monk"))
    where = boxed_in(s)[0]
    notice = refused(ui, s, token(where, 1))
    assert not notice.startswith("why.") and where in notice  # R5.2: at most 3 rat tokens


def test_a_card_clicked_while_moving_the_plague_piece_is_not_called_impossible() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"), card("Peasant"))
    taken = s.game.view(None)["cards"]["Peasant"] == 0
    assert taken or ui.notice != t("why.not_now"), "taking a card is legal now (R4.1)"
