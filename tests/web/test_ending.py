"""The end seen coming (R7) and the strike told true (R5.3–R5.5, R6.3): the supply's warning,
the final round's banner with the final plague's odds, the Knight's neutral cubes in the
strike's line, and "Last strike" always the newest."""

from __future__ import annotations

import random
import re

from glue import WEB, find, frame, hand_over, new_session, overlay, run
from model import page_events as ev
from model.game_config import computer_label
from model.remote_table import RemoteTable
from model.ui_state import Model, Ui
from online.host import table_for
from render import ending
from text.catalogue import decimal, region, t

import rattus


def random_games(players: int, seeds, kinds=None):
    """Sessions played by random legal actions, yielding (session, seat, events) after each
    action: the engine's own events, as ``Game.apply`` returned them."""
    for seed in seeds:
        s = new_session(players, seed, kinds)
        rng = random.Random(seed)
        while not s.game.is_over:
            if s.pass_to is not None:
                s.confirm_pass()
            seat = s.game.current_player
            events = s.apply(rng.choice(s.game.legal_actions()))
            yield s, seat, events


# -- the digest: the neutral cubes counted where the cubes are (R6.3) -------------------------


def said(f) -> str:
    """The status line with the end seen coming under it (R7.1a, R7.1b)."""
    return f"{f.text['status']} {f.text['status-note']}".strip()

def test_r6_3_the_digests_strike_line_counts_the_knights_neutral_cubes_as_the_engine_does():
    """R5.4, R6.3: over many strikes with the Knight's neutral cubes, the digest of the next
    player says the players' cubes, the neutral ones and their sum — the cubes the engine
    counted against the first token's threshold."""
    checked = 0
    for s, seat, events in random_games(3, range(1, 40)):
        strike = next((e for e in events if e["kind"] == "strike" and e["neutral"]), None)
        if strike is None or s.current is None or s.current == seat:
            continue
        first = next(e for e in events if e["kind"] == "token_revealed")
        lines = [line for _, line in s.since_last_turn(s.current)
                 if line.startswith(t("log.strike.n", region=region(strike["region"]),
                                      cubes=0).split(" (")[0])]
        assert len(lines) >= 1
        numbers = [int(x) for x in re.findall(r"\d+", lines[-1])]
        assert numbers == [strike["cubes"], strike["neutral"], first["cubes"]]
        assert strike["cubes"] + strike["neutral"] == first["cubes"]
        checked += 1
        if checked == 25:
            break
    assert checked == 25


def test_r5_3_a_strike_without_the_knight_counts_the_players_cubes_only():
    """R5.4: no neutral cubes declared: the line's one number is the cubes the token met."""
    for s, _seat, events in random_games(2, range(1, 10)):
        strike = next((e for e in events if e["kind"] == "strike" and not e["neutral"]), None)
        if strike is None:
            continue
        first = next(e for e in events if e["kind"] == "token_revealed")
        told = strike.visible_to(None)
        line = next(x for e, x in zip(s.log_events, s.log, strict=True) if e == told)
        assert [int(x) for x in re.findall(r"\d+", line)] == [first["cubes"]]
        return
    raise AssertionError("no strike")


def test_the_digest_has_no_scroll_box_of_its_own():
    """Its lines are all shown whole: the stylesheet gives its list no height limit."""
    css = (WEB / "style.css").read_text()
    rule = re.search(r"\.digest-lines \{([^}]*)\}", css)
    assert rule and "max-height" not in rule.group(1) and "overflow" not in rule.group(1)


# -- "Last strike": the newest ----------------------------------------------------------------

def _panel_title(html: str) -> str:
    m = re.search(r"<h2>([^<]*)</h2>", html)
    return m.group(1) if m else ""


def test_last_strike_is_the_newest_strike_after_every_move_of_random_games():
    """R5.3, R7.3: after each action the strike panel is the newest strike the engine told:
    its region (or the final plague) and one row per token it revealed."""
    seen = 0
    for s, _seat, _events in random_games(3, range(1, 6), kinds=["human", "easy", "easy"]):
        if s.last_strike is None:
            continue
        newest = s.last_strike[1]
        f = frame(Ui(), s)
        html = f.html["strike"]
        strikes = [e for e in newest if e["kind"] == "strike"]
        final = any(e["kind"] == "final_plague" for e in newest)
        assert f.shown["strike"]
        assert _panel_title(html) == (t("panel.strike_final") if final else
                                      t("panel.strike", region=region(strikes[0]["region"])))
        assert html.count('class="strike-token') == sum(
            e["kind"] == "token_revealed" for e in newest)
        seen += 1
    assert seen > 100


def test_last_strike_follows_the_newest_through_the_store():
    """The page's own state after each applied action (the store's update): the panel shows
    the strike of the latest move that struck, not an older one kept from before."""
    s = new_session(3, 5, ["easy"] * 3)
    state: Ui | Model = Ui()
    rng = random.Random(5)
    told = 0
    while not s.game.is_over:
        seat = s.game.current_player
        state, s, _ = run(state, s, ev.BotMove(seat, rng.choice(s.game.legal_actions())))
        if s.last_strike is not None and s.last_strike[0] == s.step:
            want = [e["region"] for e in s.last_strike[1] if e["kind"] == "strike"]
            html = frame(state, s).html["strike"]
            if not any(e["kind"] == "final_plague" for e in s.last_strike[1]):
                assert _panel_title(html) == t("panel.strike", region=region(want[0]))
            told += 1
    assert told > 10


def test_a_guest_shows_the_newest_strike_even_one_it_was_not_sent_as_it_happened():
    """Online: a guest that hears of the host's game only after a later move (a reload, two
    moves in one message) still shows the newest strike, read from the public log."""
    s = find(lambda s: s.last_strike is not None and s.step > s.last_strike[0] + 1
             and not s.game.is_over, n=3)
    table = RemoteTable(1)
    table.take(table_for(s, 1, [True, True, True]))
    f = frame(Ui(), table)
    want = next(e["region"] for e in s.last_strike[1] if e["kind"] == "strike")
    assert f.shown["strike"] and _panel_title(f.html["strike"]) == t("panel.strike",
                                                                     region=region(want))


# -- the supply seen running out (R7.1a) -----------------------------------------------------

def test_r7_1a_the_status_names_the_plague_moves_that_empty_the_supply():
    """The engine names them (``decision.empties_supply``); the status and the supply box on
    the board say them, with the tokens left."""
    s = find(lambda s: s.game.view(None)["decision"]["kind"] == "turn"
             and s.game.view(None)["decision"]["empties_supply"], n=2)
    view = s.view()
    ending_regions = view["decision"]["empties_supply"]
    f = frame(Ui(), s)
    assert str(view["supply"]) in said(f)
    others = [r for r in view["decision"]["plague_reach"] if r not in ending_regions]
    if others:  # the moves that end it by name, and only those
        assert all(region(r) in said(f) for r in ending_regions)
        assert all(region(r) not in said(f).split(":")[-1] for r in others)
    else:  # every move of the piece ends it
        assert t("ending.all_empty.n", n=view["supply"]).split(":")[1] in said(f)
    drawn = overlay(f)
    assert t("map.supply_ends") in drawn and "supply low" in drawn


def test_r7_1a_some_moves_by_name_every_move_in_one_word():
    """When only some plague moves empty the supply, those are named; a game where each does
    says so without listing them (both come up in random games)."""
    kinds = set()
    for s, _seat, _events in random_games(2, range(1, 30)):
        d = s.game.view(None)["decision"]
        if d["kind"] != "turn" or not d["empties_supply"]:
            continue
        hand_over(s)
        status = said(frame(Ui(), s))
        if len(d["empties_supply"]) < len(d["plague_reach"]):
            kinds.add("some")
            assert all(region(r) in status for r in d["empties_supply"])
        else:
            kinds.add("all")
            assert t("ending.all_empty.n", n=2).split(":")[1] in status
    assert kinds == {"some", "all"}


def test_r7_1a_no_warning_while_the_supply_is_full():
    s = find(lambda s: s.game.view(None)["decision"]["kind"] == "turn" and s.step > 6, n=2)
    assert s.view()["supply"] > 10
    f = frame(Ui(), s)
    assert ending.supply_note(s.view()) is None
    assert t("map.supply_ends") not in overlay(f) and "supply low" not in overlay(f)


def test_r5_2_a_spread_that_draws_the_last_token_says_the_game_ends():
    s = find(lambda s: s.game.view(None)["decision"]["kind"] == "spread"
             and s.game.view(None)["decision"]["spread_left"] >= s.game.view(None)["supply"],
             n=2, seeds=range(1, 80))
    assert t("ending.spread_empties.n", n=s.view()["supply"]).split(" (")[0] in \
        said(frame(Ui(), s))


# -- the final round's banner (R7.2, R7.3) ----------------------------------------------------

def final_round(players: int = 3):
    return find(lambda s: s.game.view(None)["last_regular"] is not None
                and not s.game.is_over, n=players)


def test_r7_2_the_banner_names_who_still_plays_and_what_each_may_do():
    s = final_round()
    view = s.view()
    html = frame(Ui(), s).html["ending"]
    assert frame(Ui(), s).shown["ending"]
    queue = [view["current_player"], *view["final_queue"]]
    listed = [int(x) for x in re.findall(r'<li[^>]*data-seat="(\d)"', html)]
    assert listed == queue and view["last_regular"] not in listed
    for p in queue:
        held = [c for c in rattus.CARDS if view["cards"][c] == p]
        row = re.search(rf'<li[^>]*data-seat="{p}">(.*?)</li>', html).group(1)
        for c in held:
            assert t("ending.may." + c).split(" {")[0][:12] in row
        if not held:
            assert t("ending.may.nothing") in row
    assert t("ending.plague") in html


def test_r7_3_the_banner_shows_each_players_expected_loss_from_the_seats_own_view():
    """The odds are the engine's (``strike_odds`` over every region in play, R7.3) from the
    view of the seat at the screen: nothing it may not know (R8)."""
    s = final_round()
    view = s.view()
    assert view["seat"] == s.viewer
    html = frame(Ui(), s).html["ending"]
    for p in range(3):
        want = sum(rattus.strike_odds(view, r, view["turn"]["neutral"] and r == view["plague"])
                   ["expected_loss"][p] for r in view["regions"])
        cell = re.search(rf'data-loss="{p}">([^<]*)<', html).group(1)
        assert cell == t("ending.loss", cubes=decimal(want))


def test_r7_4_the_banner_is_gone_once_the_game_is_over():
    s = final_round()
    rng = random.Random(0)
    while not s.game.is_over:
        if s.pass_to is not None:
            s.confirm_pass()
        s.apply(rng.choice(s.game.legal_actions()))
    f = frame(Ui(), s)
    assert not f.shown["ending"] and f.html["ending"] == ""


# -- the final plague seen before the results (R7.3, R7.4) ------------------------------------

def _ends_it(s) -> str | None:
    """The bot's action that ends the game from here (its final turn's end, R7.2), if any."""
    if s.game.is_over or not s.is_bot(s.game.current_player):
        return None
    for action in s.game.legal_actions():
        game = rattus.Game.from_json(s.game.to_json())
        game.apply(action)
        if game.is_over:
            return str(action)
    return None


def _final_plague_told(pace_ms: int):
    s = find(lambda s: _ends_it(s) is not None, kinds=["human", "easy"], pace_ms=pace_ms)
    ui, s, _ = run(Ui(), s, ev.BotMove(1, _ends_it(s)))
    assert s.game.is_over and ui.story.final
    return ui, s


def test_r7_3_the_final_plague_waits_to_be_seen_before_the_results_cover_the_board():
    """After every other strike a computer's next move waits for Continue; the final
    plague, likewise, is told on the board and waits before the results are drawn over it."""
    ui, s = _final_plague_told(pace_ms=300)
    assert ui.busy and frame(ui, s).shown["screen"] is False  # being told, token by token
    ui, s, _ = run(ui, s, ev.StrikeDone())
    f = frame(ui, s)
    assert 'data-screen="results"' not in f.html["screen"]
    assert 'data-choice="story-seen"' in f.html["bar"]
    assert f.text["status"] == t("status.final_seen")
    ui, s, _ = run(ui, s, ev.Choice("story-seen"))
    assert 'data-screen="results"' in frame(ui, s).html["screen"]


def test_r7_3_at_the_instant_pace_the_results_follow_the_final_plague_at_once():
    ui, s = _final_plague_told(pace_ms=0)
    assert 'data-screen="results"' in frame(ui, s).html["screen"]


# -- the end by cubes seen coming (R7.1b) -----------------------------------------------------

def placing_games(seeds):
    """2-player sessions whose players place as many cubes as they may whenever they may (so
    that reserves run low), otherwise random; yields the session before each action."""
    for seed in seeds:
        s = new_session(2, seed)
        rng = random.Random(seed)
        while not s.game.is_over:
            hand_over(s)
            yield s
            legal = s.game.legal_actions()
            places = [a for a in legal if a.kind == "place"]
            s.apply(max(places, key=lambda a: a.args[1]) if places else rng.choice(legal))

def test_r7_1b_the_status_says_when_a_placement_takes_the_last_cubes_of_the_reserve():
    """R7.1b: a regular turn that ends with all 20 of the player's cubes on the board ends
    the game. Over many turns of random games: the status warns exactly when a placement
    open now takes the whole reserve, and that placement does empty it."""
    warned = quiet = 0
    for s in placing_games(range(1, 30)):
        view = s.view()
        d = view["decision"]
        if (s.current is None or d["kind"] != "turn" or view["turn"]["placed"]
                or view["last_regular"] is not None or view["reserve"][d["seat"]] == 0):
            continue
        left = view["reserve"][d["seat"]]
        places = [a for a in s.game.legal_actions() if a.kind == "place"]
        status = said(frame(Ui(), s))
        words = ending.cubes_note(view)
        if any(a.args[1] >= left for a in places):
            assert words is not None and words in status
            last = next(a for a in places if a.args[1] >= left)
            after = rattus.Game.from_json(s.game.to_json())
            after.apply(last)
            assert after.view(None)["reserve"][d["seat"]] == 0
            warned += 1
        else:
            assert words is None and t("ending.cubes_out") not in status
            quiet += 1
    assert warned >= 5 and quiet >= 50


def test_r7_1b_a_reserve_already_empty_says_the_game_ends_after_this_turn():
    s = next(s for s in placing_games(range(1, 60))
             if s.current is not None and s.view()["decision"]["kind"] == "turn"
             and s.view()["last_regular"] is None and s.view()["reserve"][s.current] == 0)
    assert t("ending.cubes_out") in said(frame(Ui(), s))


def test_r7_2_a_computers_final_turn_is_said_in_the_status_line():
    """On a phone the final round's banner is below the board: the status line says that a
    computer plays its last turn and that the final plague follows (R7.2, R7.3)."""
    s = find(lambda s: s.game.view(None)["last_regular"] is not None and not s.game.is_over
             and s.is_bot(s.game.current_player), kinds=["human", "easy"])
    status = frame(Ui(), s).text["status"]
    assert status == t("status.bot_final", name=computer_label(s.names[s.game.current_player]))


def test_r5_1_a_spread_asks_for_no_more_tokens_than_the_supply_holds():
    """R5.1 with the supply nearly out (R7.1a): the status asks for the tokens the supply
    can still give, not for the spread's whole count."""
    s = find(lambda s: s.view()["decision"]["kind"] == "spread"
             and s.view()["decision"]["spread_left"] > s.view()["supply"] > 0,
             seeds=range(1, 80))
    view = s.view()
    status = frame(Ui(), s).text["status"]
    name = s.names[s.game.current_player]
    assert status.startswith(t("status.spread", name=name, left=view["supply"]))
