"""Every kind of decision made by clicking, as a player does it on the page: each click goes
through ``transitions.step`` (tests/web/glue.py stands in for the dispatcher), and the test
checks what the player gets on the board.
"""

from __future__ import annotations

from glue import (
    PLAGUE_PIECE,
    after,
    buttons,
    card,
    choice,
    decision,
    find,
    frame,
    legal,
    neighbours,
    new_session,
    offer,
    region,
    run,
    token,
    turn_start,
)
from model.ui_state import Pick, Ui
from text.catalogue import t


def board(s, seat=None):
    return s.game.view(seat)["board"]


def resolve_spread(ui, s):
    """Place every drawn rat token (R5.1) by clicking the first highlighted region."""
    while decision(s)["kind"] == "spread":
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    return ui, s


# -- setup (R3.5) ------------------------------------------------------------------------------
def test_setup_a_click_on_a_region_places_the_setup_cubes() -> None:
    ui, s = Ui(), new_session(2, seed=1)
    view = s.game.view(0)
    count = view["limits"]["setup_cubes"]
    assert frame(ui, s).text["status"] == t("status.setup", name="Ann", count=count)
    assert "Gallia" in offer(ui, s).regions
    ui, s, _ = run(ui, s, region("Gallia"))
    assert board(s)["Gallia"]["cubes"][0] == count == 2
    assert s.game.current_player == 1  # then Bob (R3.5)
    assert ui.notice == ""


def test_setup_needs_no_rats_and_any_region_in_play_is_offered() -> None:
    ui, s = Ui(), new_session(3, seed=2)
    assert set(offer(ui, s).regions) == set(s.game.view(None)["regions"])  # R3.5, R2.1


# -- phase A: a class card (R4.1) -----------------------------------------------------------------
def test_a_click_on_a_free_card_takes_it() -> None:
    ui, s, _home = turn_start()
    assert "King" in offer(ui, s).cards
    ui, s, _ = run(ui, s, card("King"))
    assert s.game.view(None)["cards"]["King"] == 0
    assert s.log[-1] == t("log.card_taken", name="Ann", card="King")


def test_a_card_can_be_taken_from_another_player() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:plague"))
    ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    ui, s = resolve_spread(ui, s)
    s.confirm_pass()
    assert s.game.current_player == 1 and s.viewer == 1
    ui, s, _ = run(ui, s, card("Monk"))
    assert s.game.view(None)["cards"]["Monk"] == 1


# -- phase B: placing cubes (R4.2, Peasant R6.4) --------------------------------------------------
def test_a_region_with_one_possible_count_takes_the_cubes_at_once() -> None:
    ui, s, home = turn_start()
    rats = len(board(s)[home]["tokens"])
    before = board(s)[home]["cubes"][0]
    ui, s, _ = run(ui, s, region(home))
    assert board(s)[home]["cubes"][0] == before + rats  # as many as rat tokens (R4.2)
    assert ui.pick == Pick()


def test_with_the_peasant_a_region_asks_how_many_cubes() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Peasant"))
    rats = len(board(s)[home]["tokens"])
    ui, s, _ = run(ui, s, region(home))
    assert ui.pick == Pick("place", region=home)
    assert frame(ui, s).data["mode"] == "place"
    assert f"count:{rats + 1}" in buttons(ui, s)  # one more than usual (R6.4)
    assert f"count:{rats}" in buttons(ui, s)
    assert frame(ui, s).text["status"] == t("status.place_count", name="Ann", region=home)
    # only the counts answer the question, and Cancel leaves it (no plague or card mode)
    assert [b for b in buttons(ui, s) if not b.startswith("count:")] == ["cancel"]
    before = board(s)[home]["cubes"][0]
    ui, s, _ = run(ui, s, choice(f"count:{rats + 1}"))
    assert board(s)[home]["cubes"][0] == before + rats + 1
    assert ui.pick == Pick()


def test_with_the_peasant_a_region_without_rats_takes_one_cube() -> None:
    def empty_region_and_peasant_free(s):
        return (decision(s)["kind"] == "turn" and "take Peasant" in legal(s)
                and any(not b["tokens"] for b in board(s).values())
                and not s.game.view(None)["turn"]["placed"])

    s = find(empty_region_and_peasant_free)
    ui = Ui()
    seat = s.game.current_player
    empty = sorted(r for r, b in board(s).items() if not b["tokens"])[0]
    ui, s, _ = run(ui, s, card("Peasant"))
    before = board(s)[empty]["cubes"][seat]
    ui, s, _ = run(ui, s, region(empty))
    assert board(s)[empty]["cubes"][seat] == before + 1  # R6.4: 1 where there are no rats


# -- phase C: the plague piece (R4.3, Knight R6.3) ------------------------------------------------
def test_moving_the_plague_piece_is_a_mode_then_a_region() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"))
    assert ui.pick.mode == "plague"
    assert frame(ui, s).data["mode"] == "plague"
    here = s.game.view(None)["plague"]
    assert set(offer(ui, s).regions) == set(neighbours(s, here))  # R4.3
    assert offer(ui, s).far == set()
    assert frame(ui, s).text["status"] == t("status.plague", name="Ann")
    ui, s, _ = run(ui, s, region(home))
    assert s.game.view(None)["plague"] == home


def test_a_click_on_the_plague_piece_also_starts_moving_it() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, PLAGUE_PIECE)
    assert ui.pick.mode == "plague"
    ui, s, _ = run(ui, s, PLAGUE_PIECE)  # again: put it down
    assert ui.pick == Pick()


def test_the_knight_reaches_two_steps_and_the_page_says_so() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"), choice("mode:plague"))
    o = offer(ui, s)
    here = s.game.view(None)["plague"]
    reach = decision(s)["plague_reach"]
    two = {r for r, steps in reach.items() if steps == 2}
    assert two and o.far == two  # R6.3
    assert two <= set(o.regions) and not two & set(neighbours(s, here))
    status = frame(ui, s).text["status"]
    assert status.startswith(t("status.plague_knight", name="Ann"))
    assert t("status.plague_far", n=2) in status
    target = sorted(two)[0]
    ui, s, _ = run(ui, s, region(target))
    assert s.game.view(None)["plague"] == target


def test_the_plague_spreads_where_the_player_clicks() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"), region(home))
    d = decision(s)
    assert d["kind"] == "spread" and d["spread_left"] == 1  # 1 rat there → 1 token (R5.1)
    o = offer(ui, s)
    assert set(o.regions) <= set(neighbours(s, home))
    assert frame(ui, s).text["status"] == t("status.spread", name="Ann", left=1)
    target = sorted(o.regions)[0]
    rats = len(board(s)[target]["tokens"])
    ui, s, _ = run(ui, s, region(target))
    assert len(board(s)[target]["tokens"]) == rats + 1


def test_the_knight_is_asked_about_the_neutral_cubes_and_yes_counts_two() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"), choice("mode:plague"), region(home))
    ui, s = resolve_spread(ui, s)
    assert decision(s)["kind"] == "neutral"  # before the tokens are revealed (R6.3)
    assert sorted(buttons(ui, s)) == ["neutral:no", "neutral:yes"]
    assert frame(ui, s).text["status"] == t("status.neutral", name="Ann")
    ui, s, _ = run(ui, s, choice("neutral:yes"))
    assert ui.story.items and ui.story.neutral == 2
    assert s.log_steps  # the strike is in the log
    assert t("log.neutral.yes", name="Ann") in s.log


def test_the_knight_may_decline_the_neutral_cubes() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"), choice("mode:plague"), region(home))
    ui, s = resolve_spread(ui, s)
    ui, s, _ = run(ui, s, choice("neutral:no"))
    assert ui.story.items and ui.story.neutral == 0
    assert t("log.neutral.no", name="Ann") in s.log


# -- abilities (R6) --------------------------------------------------------------------------
def test_the_king_moves_a_cube_from_a_region_without_rats_to_the_palace() -> None:
    def king_would_help(s):
        return ("take King" in legal(s)
                and any(a.kind == "king" for a in after(s, "take King").legal_actions()))

    s = find(king_would_help)
    ui, seat = Ui(), s.game.current_player
    ui, s, _ = run(ui, s, card("King"), choice("mode:King"))
    assert ui.pick.mode == "King"
    assert frame(ui, s).text["status"] == t("status.king")
    target = sorted(offer(ui, s).regions)[0]
    assert board(s)[target]["tokens"] == []  # R6.1: only from a region without rats
    palace, cubes = s.game.view(None)["palace"][seat], board(s)[target]["cubes"][seat]
    ui, s, _ = run(ui, s, region(target))
    assert s.game.view(None)["palace"][seat] == palace + 1
    assert board(s)[target]["cubes"][seat] == cubes - 1


def test_the_monk_moves_a_rat_token_chosen_then_its_destination() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:Monk"))
    o = offer(ui, s)
    assert (home, 1) in o.tokens and frame(ui, s).text["status"] == t("status.monk_token")
    ui, s, _ = run(ui, s, token(home, 1))
    assert ui.pick == Pick("Monk", region=home, slot=1)
    o = offer(ui, s)
    assert o.selected_token == (home, 1)
    assert set(o.regions) <= set(neighbours(s, home))  # R6.2: to a neighbour
    assert frame(ui, s).text["status"] == t("status.monk_to")
    to = sorted(o.regions)[0]
    rats = len(board(s)[to]["tokens"])
    ui, s, _ = run(ui, s, region(to))
    assert len(board(s)[home]["tokens"]) == 0
    assert len(board(s)[to]["tokens"]) == rats + 1


def test_the_merchant_moves_cubes_source_destination_count() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Merchant"), choice("mode:Merchant"))
    assert home in offer(ui, s).regions
    assert frame(ui, s).text["status"] == t("status.merchant_from")
    ui, s, _ = run(ui, s, region(home))
    assert ui.pick == Pick("Merchant", region=home)
    assert set(offer(ui, s).regions) <= set(neighbours(s, home))  # R6.5
    to = sorted(offer(ui, s).regions)[0]
    ui, s, _ = run(ui, s, region(to))
    assert ui.pick == Pick("Merchant", region=home, to=to)
    assert [b for b in buttons(ui, s) if b.startswith("count:")] == [
        "count:1", "count:2", "count:3"]  # one, two or three cubes (R6.5)
    assert frame(ui, s).text["status"] == t("status.merchant_count", region=home, to=to)
    ui, s, _ = run(ui, s, choice("count:3"))
    assert board(s)[home]["cubes"][0] == 1 and board(s)[to]["cubes"][0] == 3


def test_the_witch_looks_twice_and_swaps() -> None:
    ui, s, home = turn_start()
    other = sorted(r for r in s.game.view(None)["regions"] if r != home)[0]
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"))
    assert frame(ui, s).text["status"] == t("status.witch_first")
    ui, s, _ = run(ui, s, token(home, 1))
    seen = board(s, 0)[home]["tokens"][0]
    assert seen is not None  # Ann knows this face now (R6.6)
    assert decision(s)["kind"] == "witch" and decision(s)["witch_stage"] == 1
    assert frame(ui, s).text["status"] == t("status.witch_second")
    assert buttons(ui, s) == ["witch:done"]
    assert offer(ui, s).buttons[0].label == t("btn.witch_stop")
    ui, s, _ = run(ui, s, token(other, 1))
    assert frame(ui, s).text["status"] == t("status.witch_swap")
    assert sorted(buttons(ui, s)) == ["witch:done", "witch:swap"]
    ui, s, _ = run(ui, s, choice("witch:swap"))
    assert board(s, 0)[other]["tokens"][0] == seen  # she still knows it where it went
    assert decision(s)["kind"] == "turn"


def test_the_witch_may_stop_after_one_look() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"), token(home, 1))
    ui, s, _ = run(ui, s, choice("witch:done"))
    assert decision(s)["kind"] == "turn"
    assert board(s, 0)[home]["tokens"][0] is not None


def test_the_witch_may_keep_two_tokens_in_place() -> None:
    ui, s, home = turn_start()
    other = sorted(r for r in s.game.view(None)["regions"] if r != home)[0]
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"), token(home, 1), token(other, 1))
    keep = next(b for b in offer(ui, s).buttons if b.choice == "witch:done")
    assert keep.label == t("btn.witch_keep")
    ui, s, _ = run(ui, s, choice("witch:done"))
    assert board(s, 0)[home]["tokens"][0] is not None
    assert board(s, 0)[other]["tokens"][0] is not None


def test_cancel_leaves_an_ability_mode_without_using_it() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("Merchant"), choice("mode:Merchant"))
    before = s.game.to_json()
    ui, s, _ = run(ui, s, choice("cancel"))
    assert ui.pick == Pick() and s.game.to_json() == before


# -- the final round (R7.2) ------------------------------------------------------------------------
def test_a_final_turn_ends_with_the_end_button() -> None:
    s = find(lambda s: decision(s)["kind"] == "final", max_actions=5000)
    ui, seat = Ui(), s.game.current_player
    assert "end" in buttons(ui, s)
    assert frame(ui, s).text["status"].startswith(t("status.final", name=s.names[seat],
                                                    options=""))
    ui, s, _ = run(ui, s, choice("end"))
    assert s.game.is_over or s.game.current_player != seat
    assert s.log[-1] in (t("log.game_over", name=s.names[s.game.winner() or 0]),
                         t("log.turn_final", name=s.names[s.game.current_player]))


def test_the_knights_two_step_targets_are_tagged_when_the_map_offers_them_at_once() -> None:
    """Cubes placed, the map's regions are the plague piece's destinations without the
    button (the only thing left to click): the Knight's two-step ones are tagged there too,
    not only in the button's mode or the final round (R6.3)."""
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Knight"), region(home))
    if ui.pick.mode == "place":  # a count to choose
        ui, s, _ = run(ui, s, choice(buttons(ui, s)[0]))
    assert ui.pick.mode is None and not any(a.startswith("place") for a in legal(s))
    o = offer(ui, s)
    two = {r for r, steps in decision(s)["plague_reach"].items() if steps == 2}
    assert two and two <= set(o.regions)
    assert o.far == two
    assert t("status.plague_far", n=2) in frame(ui, s).text["status"]


# -- a question with one answer is not asked ---------------------------------------------------
def _lone(s, kind: str, key) -> list:
    """The keys of ``kind``'s legal actions that leave one action (by ``key`` of its args)."""
    ways: dict = {}
    for a in s.game.legal_actions():
        if a.kind == kind:
            ways.setdefault(key(a.args), []).append(a)
    return [k for k, acts in ways.items() if len(acts) == 1]


def _taken_at_the_click(ui, s, clicks, lone: str) -> None:
    """The clicks apply the lone action at once (no pick left, no count asked), it is in
    the game's notation, and Undo takes it back whole."""
    before, n = s.game.to_json(), len(s.game.history)
    ui, s, _ = run(ui, s, *clicks)
    assert ui.pick == Pick() and not any(b.startswith("count:") for b in buttons(ui, s))
    assert s.game.history[n:] == [lone]  # the engine's notation, as a click of two made it
    ui, s, _ = run(ui, s, choice("undo"))
    assert s.game.to_json() == before and ui.notice.startswith(t("undo.done", action=""))


def test_a_region_with_one_possible_count_takes_it_at_the_click() -> None:
    """R4.2: as many cubes as rats (all that remain when fewer): one count, no question;
    with the Peasant two (R6.4), and the question comes."""
    ui, s, home = turn_start()
    lone = _lone(s, "place", lambda args: args[0])
    assert home in lone
    count = next(a.args[1] for a in s.game.legal_actions()
                 if a.kind == "place" and a.args[0] == home)
    _taken_at_the_click(ui, s, [region(home)], f"place {home} {count}")
    ui, s, _ = run(ui, s, card("Peasant"), region(home))
    assert ui.pick == Pick("place", region=home)
    assert len([b for b in buttons(ui, s) if b.startswith("count:")]) == 2


def test_a_merchant_moving_a_lone_cube_asks_no_count() -> None:
    """R6.5: one cube in the region it leaves: one count, so the click on the destination
    moves it — "how many cubes?" is not asked with one answer."""
    def ready(s) -> bool:
        return (decision(s)["kind"] == "turn" and s.game.current_player == 0
                and "take Merchant" in legal(s)
                and any(b["cubes"][0] == 1 for b in s.game.view(None)["board"].values()))
    s = find(ready, kinds=["human", "human"])
    ui = Ui()
    ui, s, _ = run(ui, s, card("Merchant"), choice("mode:Merchant"))
    here = sorted(r for r, b in board(s).items() if b["cubes"][0] == 1
                  and r in offer(ui, s).regions)[0]
    ui, s, _ = run(ui, s, region(here))
    to = sorted(offer(ui, s).regions)[0]
    assert offer(ui, s).regions[to] is not None  # the move itself, not a step
    _taken_at_the_click(ui, s, [region(to)], f"merchant {here} {to} 1")


def test_a_monk_token_with_one_destination_moves_at_the_click_on_it() -> None:
    """R6.2, R5.2: a rat token with one neighbour in play below three tokens goes there at
    the click on the token; Undo takes it back."""
    s = find(lambda s: decision(s)["kind"] == "turn" and s.game.current_player == 0
             and bool(_lone(s, "monk", lambda args: (args[0], args[1]))),
             kinds=["human", "human"])
    ui = Ui()
    ui, s, _ = run(ui, s, choice("mode:Monk"))
    here = sorted(_lone(s, "monk", lambda args: (args[0], args[1])))[0]
    action = next(a for a in s.game.legal_actions()
                  if a.kind == "monk" and (a.args[0], a.args[1]) == here)
    _taken_at_the_click(ui, s, [token(*here)], str(action))
