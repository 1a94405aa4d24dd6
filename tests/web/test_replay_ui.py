"""The replay on the page: entered from the toolbar, stepped move by move, left again — the live
game only read, the bots waiting meanwhile, and only the public view shown (R8).
"""

from __future__ import annotations

from glue import card, choice, find, frame, offer, region, run, turn_start
from model import page_events as ev
from model.ui_state import Model, Ui
from text.catalogue import t


def in_replay():
    ui, s, home = turn_start()
    ui, s, _ = run(ui, s, card("King"))
    live = s.game.to_json()
    ui, s, _ = run(ui, s, choice("replay-enter"))
    return ui, s, live


def test_entering_the_replay_shows_the_latest_position_and_pauses_the_bots() -> None:
    ui, s, live = in_replay()
    total = len(s.game.history)
    assert ui.replay is not None and ui.replay.step == total
    assert Model(ui=ui).paused
    f = frame(ui, s)
    assert f.data["screen"] == "replay" and f.data["replayStep"] == str(total)
    assert f.text["viewer"] == t("ui.replay_public")
    assert f.text["status"] == t("status.replay", step=total, total=total,
                                 what=s.lines_of(total)[0])
    assert s.game.to_json() == live


def test_the_replay_steps_back_and_forward() -> None:
    ui, s, live = in_replay()
    total = len(s.game.history)
    ui, s, _ = run(ui, s, choice("replay:back"))
    assert ui.replay.step == total - 1
    ui, s, _ = run(ui, s, choice("replay:back"), choice("replay:forward"))
    assert ui.replay.step == total - 1
    assert ui.replay.view()["cards"]["King"] is None  # before Ann took it
    assert s.game.to_json() == live


def test_the_replay_jumps_to_a_move_number_and_to_the_start() -> None:
    ui, s, live = in_replay()
    ui, s, _ = run(ui, s, choice("replay:2"))
    assert ui.replay.step == 2
    assert frame(ui, s).data["replayStep"] == "2"
    ui, s, _ = run(ui, s, choice("replay:0"))
    assert ui.replay.step == 0
    assert frame(ui, s).text["status"] == t("status.replay_start", total=ui.replay.total)
    view = ui.replay.view()
    assert all(sum(b["cubes"]) == 0 for b in view["board"].values())  # before setup (R3.5)
    assert s.game.to_json() == live


def test_a_log_line_goes_to_its_move() -> None:
    ui, s, live = in_replay()
    ui, s, _ = run(ui, s, ev.ReplayGoto(3))
    assert ui.replay.step == 3
    html = frame(ui, s).html["log"]
    assert 'data-step="3"' in html and 'aria-current="step"' in html
    ui, s, _ = run(ui, s, ev.ReplayGoto(999))  # clamped to the last move
    assert ui.replay.step == len(s.game.history)
    assert s.game.to_json() == live


def test_leaving_the_replay_returns_to_the_live_game_as_it_was() -> None:
    ui, s, live = in_replay()
    ui, s, _ = run(ui, s, choice("replay:1"), choice("replay-leave"))
    assert ui.replay is None and not Model(ui=ui).paused
    assert s.game.to_json() == live
    f = frame(ui, s)
    assert f.data["screen"] == "board" and f.data["replayStep"] == ""
    ui, s, _ = run(ui, s, choice("mode:plague"))  # the game goes on
    assert ui.pick.mode == "plague"


def test_bots_do_not_move_while_the_replay_is_open() -> None:
    ui, s, _home = turn_start(kinds=["human", "easy"])
    ui, s, _ = run(ui, s, choice("mode:plague"))
    while s.game.current_player == 0:  # the plague piece, then the spread
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    assert s.game.current_player == 1
    ui, s, _ = run(ui, s, choice("replay-enter"))
    before = s.game.to_json()
    ui, s, _ = run(ui, s, ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() == before
    ui, s, _ = run(ui, s, choice("replay-leave"), ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() != before


def test_the_replay_of_a_finished_game_opens_at_move_zero_from_the_results() -> None:
    s = find(lambda s: s.game.is_over, max_actions=6000)
    ui = Ui()
    assert frame(ui, s).data["screen"] == "results"
    ui, s, _ = run(ui, s, choice("replay-enter:0"))
    assert ui.replay.step == 0
    assert frame(ui, s).data["screen"] == "replay"
    ui, s, _ = run(ui, s, choice("replay-leave"))
    assert frame(ui, s).data["screen"] == "results"  # the results come back


def test_the_replay_cannot_open_while_a_strike_is_told() -> None:
    ui, s, home = turn_start(pace_ms=300)
    ui, s, _ = run(ui, s, choice("mode:plague"), region(home))
    while not ui.busy:  # the spread, then the strike on Ann's cubes
        ui, s, _ = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    ui, s, _ = run(ui, s, choice("replay-enter"))
    assert ui.replay is None and ui.notice == t("replay.why.busy")
    assert frame(ui, s).disabled["replay-enter"] is True
