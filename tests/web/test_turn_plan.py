""""Show my turn" on the page (control/turn_plan.py, model/shown_turn.py, the browser's
``_think_turn``): the turn it shows is Hard's turn for the same view, seed and iterations
(rattus.bots.hint.show_turn, one search); its next step is marked on the board as a hint
is; the player plays it step by step or whole, or goes their own way."""

from __future__ import annotations

import asyncio
import time

import fakepage  # first: puts the fake pyscript / pyodide.ffi modules in place
import pytest
from browser.app import App
from browser.bots_runner import bot_seed
from browser.effects import HINT_ITERATIONS
from control.update import act
from fakepage import by_id, document
from glue import choice, frame, run, turn_start
from model import page_events as ev
from model.ui_state import Ui
from text.catalogue import region, t

from rattus.bots.hint import show_turn


@pytest.fixture(autouse=True)
def fresh_page():
    fakepage.reset()


async def until(condition, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


def hards_turn(s) -> list[str]:
    """The turn Hard would play for the seat at the screen: the same view, seed and
    iterations as the page's search."""
    seat = s.viewer
    return [str(a) for a, _, _ in show_turn(s.view(), s.legal(), seed=bot_seed(s, seat),
                                            budget=30.0, iterations=HINT_ITERATIONS)]


def test_the_page_shows_hards_turn_and_plays_it_whole() -> None:
    _, s, _ = turn_start(2, seed=4, kinds=["human", "easy"])
    expected = hards_turn(s)
    assert len(expected) >= 3  # a card, a placement, the plague … (R4.1–R4.3)
    app = App(by_id("map"))
    start = len(s.game.history)

    async def play() -> None:
        app.dispatch(ev.Attach(s, "", None))
        app.dispatch(ev.Choice("show-turn"))
        assert app.model.ui.planning
        await until(lambda: app.model.ui.plan is not None)
        assert document.body.dataset.planActions == ";".join(expected)
        panel = by_id("plan")
        assert not panel.hidden and panel.innerHTML.count("<li") == len(expected)
        app.dispatch(ev.Choice("plan-all"))
        await until(lambda: len(s.game.history) >= start + len(expected))

    asyncio.run(play())
    assert s.game.history[start:start + len(expected)] == expected


def planned(s, steps: list[str]):
    """The page once ``steps`` arrived as the turn for the seat at the screen."""
    reasons = tuple(("place_cubes", {"gain": 0.0, "region": a.split()[1], "count": 1})
                    for a in steps)
    return run(Ui(), s, ev.TurnReady(s.step, s.viewer, tuple(steps), reasons))[:2]


def test_the_next_step_is_marked_on_the_board_and_played_by_its_button() -> None:
    _, s, _ = turn_start(2, seed=4, kinds=["human", "easy"])
    steps = hards_turn(s)
    ui, s = planned(s, steps)
    f = frame(ui, s)
    assert f.data["hintAction"] == "" and f.data["planActions"] == ";".join(steps)
    assert f.shown["plan"] and 'aria-current="step"' in f.html["plan"]
    assert s.log[-1] == f"Ann asks to be shown their turn ({len(steps)} steps)."  # (all see it)
    ui, s, _ = run(ui, s, choice("plan-next"))
    assert s.game.history[-1] == steps[0]
    assert ui.plan["at"] == 1 and frame(ui, s).data["planActions"] == ";".join(steps[1:])


def test_playing_the_step_by_hand_follows_the_plan_and_another_move_ends_it() -> None:
    _, s, _ = turn_start(2, seed=4, kinds=["human", "easy"])
    steps = hards_turn(s)
    ui, s = planned(s, steps)
    ui, s, _ = run(ui, s, ev.Choice("plan-next"))
    assert ui.plan is not None and ui.plan["at"] == 1
    other = next(a for a in s.game.legal_actions() if str(a) != steps[1])
    ui, _effects = act(ui, other)
    assert ui.plan is None  # the player went their own way: the shown turn is gone


def test_an_undo_or_a_stale_answer_shows_no_turn() -> None:
    _, s, _ = turn_start(2, seed=4, kinds=["human", "easy"])
    steps = hards_turn(s)
    ui, s, _ = run(Ui(), s, ev.TurnReady(s.step - 1, s.viewer, tuple(steps), ()))
    assert ui.plan is None  # searched for another position
    ui, s = planned(s, steps)
    ui, s, _ = run(ui, s, choice("plan-next"))
    s.undo()
    f = frame(ui, s)
    assert not f.shown["plan"] and f.data["planActions"] == ""


def test_the_buttons_say_show_my_turn_and_it_is_searched_by_the_browser() -> None:
    ui, s, _ = turn_start(2, seed=4, kinds=["human", "easy"])
    ui, s, effects = run(ui, s, choice("show-turn"))
    assert ev.ThinkTurn() in effects and ui.planning
    assert frame(ui, s).disabled["show-turn"]


def test_a_step_that_is_the_only_move_says_which_move_it_is() -> None:
    """A step whose reason is only "the only move" is led by the move in words (a new
    player read "This is the only move." twice and did not know what to do)."""
    _, s, _ = turn_start(2, seed=4)
    place = next(a for a in s.legal() if a.kind == "place")
    ui, s, _ = run(Ui(), s, ev.TurnReady(s.step, s.viewer, (str(place),),
                                         (("only_move", {"gain": 0.0}),)))
    html = frame(ui, s).html["plan"]
    words = t("act.place.n" if place.args[1] != 1 else "act.place.1", n=place.args[1],
              region=region(place.args[0]))
    assert f"{words}: {t('hint.reason.only_move')}" in html


def test_every_kind_of_action_has_its_words() -> None:
    """Every action the engine offers over random games reads as its own words (the end of
    a final turn alone reads as the end)."""
    import random

    from glue import new_session
    from text.hint_words import action_words

    seen: set[str] = set()
    for seed in range(1, 8):
        s = new_session(3, seed)
        rng = random.Random(seed)
        while not s.game.is_over:
            for a in s.game.legal_actions():
                words = action_words(str(a))
                assert (words == t("act.end")) == (a.kind == "end"), a
                seen.add(a.kind)
            s.apply(rng.choice(s.game.legal_actions()))
    assert {"setup", "take", "place", "plague", "spread", "monk", "witch", "king",
            "merchant", "neutral", "end"} <= seen
