"""A bot's move arrives as an event and is applied only when it is still that bot's decision;
a strike (R5.3–R5.5) is told token by token, and meanwhile moves and bots wait.
"""

from __future__ import annotations

from glue import (
    buttons,
    card,
    choice,
    decision,
    frame,
    new_session,
    offer,
    overlay,
    region,
    run,
    token,
    turn_start,
)
from model import page_events as ev
from model.ui_state import Model, Prefs, Question, Story, Ui
from render.panels import strike_panel, strike_sentences
from text.catalogue import card as card_name
from text.catalogue import region as region_name
from text.catalogue import t
from text.narrate import narrate


def striking(pace_ms: int, kinds=None, motion: bool = True):
    """Ann's Monk puts a second rat token into her home region; then she moves the plague
    piece there and places the spread (R5.1): the plague strikes her 4 cubes (R5.3), two
    tokens to reveal. Returns ``(ui, session, effects of the last click)``: the whole Model
    when ``motion`` is off (a preference, which a Ui alone does not carry)."""
    ui, s, home = turn_start(pace_ms=pace_ms, kinds=kinds)
    if not motion:
        ui = Model(prefs=Prefs(motion=False), ui=ui)
    here = s.game.view(None)["plague"]
    ui, s, _ = run(ui, s, card("Monk"), choice("mode:Monk"), token(here, 1), region(home))
    assert len(s.game.view(None)["board"][home]["tokens"]) == 2
    ui, s, effects = run(ui, s, choice("mode:plague"), region(home))
    while decision(s)["kind"] == "spread":
        ui, s, effects = run(ui, s, region(sorted(offer(ui, s).regions)[0]))
    return ui, s, effects


def told(ui, s) -> int:
    """How many revealed tokens the strike panel shows."""
    return frame(ui, s).html["strike"].count('class="strike-token')


# -- strikes -------------------------------------------------------------------------------------
def test_a_strike_is_told_step_by_step_when_the_game_has_a_pace() -> None:
    ui, s, effects = striking(pace_ms=300)
    assert ev.TellStrike() in effects
    assert ui.busy and len(ui.story.items) == 2 and ui.story.upto == 0
    assert frame(ui, s).data["busy"] == "1"
    assert told(ui, s) == 0
    ui, s, _ = run(ui, s, ev.StrikeStep())
    assert ui.story.upto == 1 and told(ui, s) == 1
    ui, s, _ = run(ui, s, ev.StrikeStep())
    assert ui.story.upto == 2 and told(ui, s) == 2
    ui, s, _ = run(ui, s, ev.StrikeStep())  # no further than the tokens revealed
    assert ui.story.upto == 2
    ui, s, _ = run(ui, s, ev.StrikeDone())
    assert not ui.busy and told(ui, s) == 2
    assert frame(ui, s).data["busy"] == ""


def test_the_map_shows_the_faces_revealed_so_far() -> None:
    ui, s, _ = striking(pace_ms=300)
    assert overlay(frame(ui, s)).count('class="revealed') == 0
    ui, s, _ = run(ui, s, ev.StrikeStep())
    assert overlay(frame(ui, s)).count('class="revealed') == 1


def test_the_strike_panel_names_the_plague_region() -> None:
    ui, s, _ = striking(pace_ms=0)
    struck = ui.story.regions[0]
    assert frame(ui, s).html["strike"].startswith(
        f"<h2>{t('panel.strike', region=struck)}</h2>")


def test_without_a_pace_the_strike_is_shown_at_once() -> None:
    ui, s, effects = striking(pace_ms=0)
    assert ev.TellStrike() not in effects
    assert not ui.busy and ui.story.upto == len(ui.story.items) == 2
    assert told(ui, s) == 2


def test_reduced_motion_shows_the_strike_at_once() -> None:
    m, s, effects = striking(pace_ms=300, motion=False)
    assert effects == () and not m.ui.busy and told(m, s) == 2


def test_the_next_move_takes_the_strike_off_the_map_but_keeps_the_story() -> None:
    ui, s, _ = striking(pace_ms=0)
    assert ui.story.on_map
    s.confirm_pass()
    ui, s, _ = run(ui, s, card("King"))
    assert not ui.story.on_map and ui.story.items
    assert overlay(frame(ui, s)).count('class="revealed') == 0
    assert told(ui, s) == 2  # still in the panel


def test_a_failure_lifts_the_wait_and_says_so() -> None:
    ui, s, _ = striking(pace_ms=300)
    ui, s, _ = run(ui, s, ev.Failed("Boom: x"))
    assert not ui.busy and ui.notice == t("err.internal", detail="Boom: x")


# -- bots ------------------------------------------------------------------------------------------
def bots_turn():
    """Bob (a bot) places his first setup cubes (R3.5) next."""
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    ui, s, _ = run(ui, s, region("Gallia"))
    assert s.game.current_player == 1
    return ui, s


def test_a_bots_move_is_applied_on_its_turn() -> None:
    ui, s = bots_turn()
    assert frame(ui, s).text["status"] == t("status.bot", name=t("games.bot", name="Bob"))
    ui, s, _ = run(ui, s, ev.BotMove(1, "setup Italia"))
    assert s.game.view(None)["board"]["Italia"]["cubes"][1] == 2


def test_a_bots_move_out_of_turn_is_dropped() -> None:
    ui, s = Ui(), new_session(2, seed=1, kinds=["human", "easy"])
    before = s.game.to_json()
    ui2, s, _ = run(ui, s, ev.BotMove(1, "setup Italia"))
    assert s.game.to_json() == before and ui2 == ui


def test_a_move_for_a_human_seat_is_not_a_bots() -> None:
    ui, s = Ui(), new_session(2, seed=1)
    before = s.game.to_json()
    ui, s, _ = run(ui, s, ev.BotMove(0, "setup Italia"))
    assert s.game.to_json() == before


def test_bots_wait_while_a_question_is_open() -> None:
    ui, s = bots_turn()
    ui = ui.but(question=Question("?", "yes", "no", None))
    assert Model(ui=ui).paused
    before = s.game.to_json()
    ui, s, _ = run(ui, s, ev.BotMove(1, "setup Italia"))
    assert s.game.to_json() == before


def test_bots_wait_while_a_strike_is_told() -> None:
    ui, s, _ = striking(pace_ms=300, kinds=["human", "easy"])
    assert s.game.current_player == 1 and ui.busy
    before = s.game.to_json()
    ui, s, _ = run(ui, s, ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() == before
    ui, s, _ = run(ui, s, ev.StrikeDone(), ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() == before  # told, but not yet seen: the bot still waits
    assert buttons(ui, s) == [] and "story-seen" in frame(ui, s).html["bar"]
    ui, s, _ = run(ui, s, choice("story-seen"), ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() != before


def test_at_the_instant_pace_a_strike_holds_no_bot() -> None:
    ui, s, _ = striking(pace_ms=0, kinds=["human", "easy"])
    assert not ui.story.hold and not Model(ui=ui).paused
    before = s.game.to_json()
    ui, s, _ = run(ui, s, ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() != before


def test_step_by_step_each_bot_move_waits_for_next() -> None:
    ui, s, _ = striking(pace_ms=0, kinds=["human", "easy"])
    m, s, effects = run(Model(ui=ui), s, ev.PaceChosen("step"))
    assert ev.RememberPace("step") in effects and m.prefs.stepping
    before = s.game.to_json()
    m, s, _ = run(m, s, ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() == before and "bot-next" in frame(m, s).html["bar"]
    m, s, _ = run(m, s, choice("bot-next"), ev.BotMove(1, s.game.legal_actions()[0]))
    assert s.game.to_json() != before and not m.ui.go  # one move per "Next"


def test_a_bots_strike_is_told_as_well() -> None:
    ui, s, home = turn_start(kinds=["easy", "human"], pace_ms=300)
    # Ann is a bot here: her plague move to her own cubes strikes them (R5.3)
    here = s.game.view(None)["plague"]
    ui, s, _ = run(ui, s, ev.BotMove(0, f"plague {home}"))
    assert here != home
    effects = ()
    while decision(s)["kind"] == "spread":
        spread = next(a for a in s.game.legal_actions() if a.kind == "spread")
        ui, s, effects = run(ui, s, ev.BotMove(0, spread))
    assert ev.TellStrike() in effects and ui.busy


def test_an_outbreak_that_costs_no_one_a_cube_says_why() -> None:
    """R5.5: a symbol hits only a player with a cube in the region. An outbreak whose symbols
    name no one there says so, in the panel and read out; one that costs a cube, or a token
    that does not break out, does not."""
    seats = new_session(2).config.seats

    def told(outbreak: bool, kills: list) -> tuple[str, list[str]]:
        item = {"region": "Gallia", "face": {"threshold": 1, "symbols": ["B"]}, "cubes": 2,
                "outbreak": outbreak, "kills": kills}
        story = Story(items=(item,), regions=("Gallia",), upto=1)
        return strike_panel(story, seats, 1), strike_sentences(story, seats, 1)

    why = t("strike.no_loss")
    panel, said = told(True, [])
    assert why in panel and why in said[0]
    assert f'{t("strike.reached")}. {why}' in said[0]  # read out as two sentences
    for outbreak, kills in ((True, [(0, "B")]), (False, [])):
        panel, said = told(outbreak, kills)
        assert why not in panel and why not in said[0]


def test_outbreak_is_said_only_where_the_strike_cost_a_cube() -> None:
    """R5.4, R5.5: a token whose threshold is reached but whose symbols hit no one there is
    no "outbreak!" — not in the panel's verdict, nor in red, nor in the game's log."""
    seats = new_session(2).config.seats
    face = {"threshold": 1, "symbols": ["B"]}
    calm = {"region": "Gallia", "face": face, "cubes": 2, "outbreak": True, "kills": []}
    hit = {**calm, "kills": [(0, "B")]}
    for item, verdict, red in ((calm, "strike.reached", False), (hit, "strike.outbreak", True)):
        story = Story(items=(item,), regions=("Gallia",), upto=1)
        panel = strike_panel(story, seats, 1)
        assert f"<b>{t(verdict)}</b>" in panel and ('class="strike-token outbreak"' in panel) == red
        assert t(verdict) in strike_sentences(story, seats, 1)[0]
    revealed = {"kind": "token_revealed", "region": "Gallia", "face": face, "cubes": 2,
                "threshold": 1, "outbreak": True}
    killed = {"kind": "cube_killed", "seat": 0, "region": "Gallia", "symbol": "B"}
    strike = {"kind": "strike", "region": "Gallia", "cubes": 2, "neutral": 0}
    quiet = narrate([strike, revealed], ["Ann", "Bob"])
    assert "outbreak" not in " ".join(quiet) and "no one loses a cube" in quiet[-1]
    costly = narrate([strike, revealed, killed], ["Ann", "Bob"])
    assert costly[1].endswith("outbreak!") and "Ann loses a cube" in costly[2]


def test_step_by_step_each_step_says_what_the_move_before_it_did() -> None:
    """At the step-by-step pace the status line tells the last move in the log's words (the
    engine's events narrated) before asking for "Next move", so a step is never silent."""
    ui, s, home = turn_start(kinds=["easy", "human"])  # Ann, a computer, is to play
    m, s, _ = run(Model(ui=ui), s, ev.PaceChosen("step"))
    setup = t("log.setup_placed", name="Ann", region=region_name(home), count=2)
    assert s.last_move_text() == setup  # R3.5: Ann placed the last setup cubes
    assert frame(m, s).text["status"] == t("status.bot_next_after", what=setup,
                                                  name=t("games.bot", name="Ann"))
    m, s, _ = run(m, s, choice("bot-next"), ev.BotMove(0, "take King"))
    took = t("log.card_taken", name="Ann", card=card_name("King"))
    status = frame(m, s).text["status"]
    assert s.game.history[-1] == "take King" and "bot-next" in frame(m, s).html["bar"]
    assert took in status and setup not in status
