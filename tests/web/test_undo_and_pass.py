"""Taking a move back (the toolbar's Undo) and handing the device over between two people
playing at one screen (the pass screen, RULES R8).
"""

from __future__ import annotations

from glue import (
    card,
    choice,
    decision,
    find,
    frame,
    new_session,
    offer,
    region,
    run,
    token,
    turn_start,
)
from model import page_events as ev
from model.ui_state import Pick, Ui
from text.catalogue import t


def resolve_spread(ui, s):
    while decision(s)["kind"] == "spread":
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    return ui, s


def end_turn(ui, s):
    """Move the plague piece to the first region offered and place any spread."""
    ui, s, _ = run(ui, s, choice("mode:plague"))
    ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    ui, s = resolve_spread(ui, s)
    if decision(s)["kind"] == "neutral":
        ui, s, _ = run(ui, s, choice("neutral:no"))
    return ui, s


def undo_refused(ui, s, blocker):
    before = s.game.to_json()
    ui, s, _ = run(ui, s, choice("undo"))
    assert s.game.to_json() == before
    assert ui.notice == t("undo.why." + blocker) and not ui.notice_is_news
    assert frame(Ui(), s).undo == {"disabled": True, "reason": blocker,
                                   "text": t("undo.why." + blocker)}


# -- undo ------------------------------------------------------------------------------------------
def test_undo_takes_back_the_last_move_of_the_turn() -> None:
    ui, s, _home = turn_start()
    before = s.game.to_json()
    ui, s, _ = run(ui, s, card("King"))
    assert frame(ui, s).undo["disabled"] is False
    assert frame(ui, s).undo["text"] == t("undo.ok", what=s.log[-1])
    ui, s, _ = run(ui, s, choice("undo"))
    assert s.game.to_json() == before
    assert s.game.view(None)["cards"]["King"] is None
    assert ui.notice_is_news and "Ann takes the King" in ui.notice


def test_the_undo_news_is_one_sentence() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("King"), choice("undo"))
    assert not ui.notice.endswith(".."), ui.notice


def test_undo_drops_the_pick_in_progress() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("Merchant"), choice("mode:Merchant"))
    ui, s, _ = run(ui, s, choice("undo"))
    assert ui.pick == Pick()


def test_undo_goes_back_move_by_move_to_the_start_of_the_turn() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Peasant"), region(home), choice("count:2"))
    ui, s, _ = run(ui, s, choice("undo"), choice("undo"))
    assert s.game.view(None)["cards"]["Peasant"] is None
    undo_refused(ui, s, "turn")


def test_nothing_to_undo_in_a_new_game() -> None:
    undo_refused(Ui(), new_session(2, seed=1), "start")


def test_nothing_to_undo_at_the_start_of_a_turn() -> None:
    ui, s, _home = turn_start()
    undo_refused(ui, s, "turn")


def test_no_undo_once_the_witch_has_looked() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("Witch"), choice("mode:Witch"), token(home, 1))
    undo_refused(ui, s, "witch")


def test_no_undo_once_the_plague_has_moved() -> None:
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, choice("mode:plague"), region(home))
    assert decision(s)["kind"] == "spread"  # still Ann's decision, but rats were drawn
    undo_refused(ui, s, "plague")


def test_no_undo_of_a_bots_move() -> None:
    ui, s, _home = turn_start(kinds=["human", "easy"])
    ui, s = end_turn(ui, s)
    assert s.game.current_player == 1
    ui, s, _ = run(ui, s, ev.BotMove(1, "take King"))
    assert s.game.view(None)["cards"]["King"] == 1
    undo_refused(ui, s, "not-yours")


def test_no_undo_after_the_game() -> None:
    s = find(lambda s: s.game.is_over, max_actions=6000)
    undo_refused(Ui(), s, "over")


def test_undo_waits_while_the_replay_is_open() -> None:
    ui, s, _home = turn_start()
    ui, s, _ = run(ui, s, card("King"), choice("replay-enter"))
    before = s.game.to_json()
    ui, s, _ = run(ui, s, choice("undo"))
    assert s.game.to_json() == before
    assert frame(ui, s).undo["reason"] == "replay"
    assert frame(ui, s).undo["text"] == t("undo.why.replay")


# -- the pass screen (R8) -----------------------------------------------------------------------
def test_no_pass_screen_during_setup() -> None:
    ui, s = Ui(), new_session(3, seed=4)
    for where in ("Gallia", "Italia", "Hispania", "Hispania", "Italia", "Gallia"):
        assert s.pass_to is None and s.viewer == s.game.current_player
        assert frame(ui, s).data["screen"] == "board"
        ui, s, _ = run(ui, s, region(where))
    assert decision(s)["kind"] == "turn"


def test_a_pass_screen_comes_between_two_players_turns() -> None:
    ui, s, _home = turn_start()
    ui, s = end_turn(ui, s)
    assert s.game.current_player == 1
    assert s.pass_to == 1 and s.viewer is None  # the screen shows the public view
    f = frame(ui, s)
    assert f.data["screen"] == "pass"
    assert f.data["viewer"] == ""
    assert f.text["status"] == t("status.pass", name="Bob")
    assert 'data-choice="pass-ready"' in f.html["bar"]
    assert f.text["viewer"] == t("ui.spectator")
    assert offer(ui, s).regions == {} and offer(ui, s).cards == {}


def test_on_the_pass_screen_the_board_cannot_be_played() -> None:
    ui, s, _home = turn_start()
    ui, s = end_turn(ui, s)
    before = s.game.to_json()
    ui, s, _ = run(ui, s, card("King"))
    assert s.game.to_json() == before and ui.notice


def test_pass_ready_gives_the_screen_to_the_next_player() -> None:
    ui, s, _home = turn_start()
    ui, s = end_turn(ui, s)
    ui, s, _ = run(ui, s, choice("pass-ready"))
    assert s.pass_to is None and s.viewer == 1
    f = frame(ui, s)
    assert f.data["screen"] == "board" and f.data["viewer"] == "1"
    assert f.text["status"].startswith("Bob: ")
    assert f.text["viewer"] == t("ui.you_are", name="Bob")
    ui, s, _ = run(ui, s, card("King"))
    assert s.game.view(None)["cards"]["King"] == 1


def test_no_pass_screen_with_one_human_and_a_bot() -> None:
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    for _ in range(60):
        assert s.pass_to is None
        if s.game.current_player == 1:
            action = s.game.legal_actions()[0]
            ui, s, _ = run(ui, s, ev.BotMove(1, action))
        else:
            s.apply(s.game.legal_actions()[0])
    assert s.pass_to is None
