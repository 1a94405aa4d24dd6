"""The post-game analysis (web/render/analysis.py): its totals are the engine's — the last
point of the chart is the final score (R7.4), the cubes lost are the cubes the plague killed
(R5.5), the expected losses are the odds of each strike from what everyone could see (R8) —
and every moment it names opens a real strike in the replay."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from glue import config, frame
from model.game_config import COLOURS
from model.replay import Replay
from model.session import Session
from model.ui_state import Ui
from render import analysis
from text.catalogue import t

import rattus

SVG = "{http://www.w3.org/2000/svg}"


def finished(n: int, seed: int) -> Session:
    """A game played to its end by random legal actions from a fixed seed."""
    s = Session(config(n, seed))
    rng = random.Random(seed)
    while not s.game.is_over:
        s.apply(rng.choice(s.game.legal_actions()))
    return s


def played_events(game: rattus.Game) -> list[tuple[int, str, list]]:
    """(step, action, events) of every action, replayed from the seed."""
    replay, out = game.at(0), []
    for step, action in enumerate(game.history, 1):
        out.append((step, action, replay.apply(action)))
    return out


@pytest.fixture(scope="module")
def games() -> dict[int, tuple[Session, dict]]:
    out = {}
    for n in (2, 3, 4):
        s = finished(n, seed=20 + n)
        out[n] = (s, analysis.analyse(s))
    return out


# -- the totals are the engine's --------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_chart_ends_on_the_final_score(games, n) -> None:
    """R7.4: cubes in the regions plus the palace; the last point is the game's end."""
    s, a = games[n]
    assert a["over"] and a["winner"] == s.game.winner()
    assert a["board"][-1] == {"step": len(s.game.history), "kind": "end", "seat": None,
                              "cubes": s.game.scores()}


def test_a_point_for_every_turn_with_the_cubes_of_that_moment(games) -> None:
    s, a = games[3]
    turns = [(step, e["seat"], e["final"]) for step, _, events in played_events(s.game)
             for e in events if e["kind"] == "turn"]
    points = a["board"][:-1]
    assert [(p["step"], p["seat"], p["kind"] == "final") for p in points] == turns
    for p in points[::7]:
        assert p["cubes"] == s.game.at(p["step"]).view(None)["scores"]
    assert points[0]["cubes"] == [4, 4, 4]  # after setup: 2 + 2 cubes each (R3.5)
    assert sum(p["kind"] == "final" for p in points) == 2  # R7.2: the others, once each


@pytest.mark.parametrize("n", [2, 3, 4])
def test_cubes_lost_are_the_cubes_the_plague_killed(games, n) -> None:
    s, a = games[n]
    killed = [e for _, _, events in played_events(s.game) for e in events
              if e["kind"] == "cube_killed"]
    assert a["lost"] == [sum(e["seat"] == p for e in killed) for p in range(n)]
    assert sum(a["lost"]) > 0


def test_strikes_suffered_count_each_strike_that_cost_a_cube_once(games) -> None:
    s, a = games[4]
    suffered = [0] * 4
    for _, _, events in played_events(s.game):
        hit: set = set()
        for e in events:
            if e["kind"] == "strike":
                for p in hit:
                    suffered[p] += 1
                hit = set()
            elif e["kind"] == "cube_killed":
                hit.add(e["seat"])
        for p in hit:
            suffered[p] += 1
    assert a["strikes"] == suffered
    strikes = sum(e["kind"] == "strike" for _, _, ev in played_events(s.game) for e in ev)
    assert len(a["strike_list"]) == strikes
    assert all(a["strikes"][p] <= strikes for p in range(4))


def test_luck_is_expected_minus_lost(games) -> None:
    for _, a in games.values():
        assert a["luck"] == pytest.approx([e - x for e, x in zip(a["expected"], a["lost"])])
        assert a["expected"] == pytest.approx(
            [sum(s["expected"][p] for s in a["strike_list"]) for p in range(a["players"])])


# -- the expected losses: the odds of each strike, from public information ---------------------
def _odds_before(game: rattus.Game, strike: dict) -> tuple[dict, dict]:
    before = game.at(strike["step"] - 1).view(None)
    odds = rattus.strike_odds(before, strike["region"], neutral=strike["neutral"] > 0)
    return before, odds


def test_every_strike_is_weighed_on_the_position_just_before_its_tokens_turn(games) -> None:
    """The struck region holds the very cubes the strike counted (R5.3): the position is the
    one before the tokens were revealed, and the odds are a spectator's."""
    for s, a in games.values():
        for strike in a["strike_list"]:
            before, odds = _odds_before(s.game, strike)
            assert sum(before["board"][strike["region"]]["cubes"]) == strike["cubes"]
            assert strike["expected"] == odds["expected_loss"]


def _first(a: dict, game: rattus.Game, wanted) -> dict:
    return next(x for x in a["strike_list"] if wanted(x, game.history[x["step"] - 1]))


def test_hand_picked_strikes_after_a_spread_with_the_knight_and_in_the_final_plague() -> None:
    """Three ways a strike comes: after the last rat spread (R5.1), after the Knight's answer
    with the two neutral cubes (R6.3), in the final plague (R7.3)."""
    found = {}
    for seed in range(1, 60):
        s = finished(3, seed)
        a = analysis.analyse(s)
        for name, wanted in (
                ("spread", lambda x, act: act.startswith("spread")),
                ("knight", lambda x, act: act == "neutral yes" and x["neutral"]),
                ("final", lambda x, act: x["final"] and act == "end")):
            if name not in found:
                try:
                    found[name] = (s, _first(a, s.game, wanted))
                except StopIteration:
                    pass
        if len(found) == 3:
            break
    assert set(found) == {"spread", "knight", "final"}
    for name, (s, strike) in found.items():
        before, odds = _odds_before(s.game, strike)
        assert strike["expected"] == odds["expected_loss"], name
        assert strike["p_loss"] == odds["p_loss"]
    knight = found["knight"][1]
    before, _ = _odds_before(found["knight"][0].game, knight)
    without = rattus.strike_odds(before, knight["region"], neutral=False)
    assert knight["neutral"] == rattus.constants.NEUTRAL_CUBES
    assert sum(knight["expected"]) >= sum(without["expected_loss"])  # more cubes: more breaks


def test_a_witch_look_does_not_count_for_the_odds() -> None:
    """The same yardstick for everyone (R8): a token the Witch's holder saw is still unknown
    to the odds, so a loss she saw coming is luck like any other."""
    for seed in range(1, 80):
        s = finished(2, seed)
        a = analysis.analyse(s)
        for strike in a["strike_list"]:
            position = s.game.at(strike["step"] - 1)
            for seat in range(2):
                seen = position.view(seat)["board"][strike["region"]]["tokens"]
                if any(face is not None for face in seen):
                    own = rattus.strike_odds(position.view(seat), strike["region"],
                                             neutral=strike["neutral"] > 0)
                    public = rattus.strike_odds(position.view(None), strike["region"],
                                                neutral=strike["neutral"] > 0)
                    if own["expected_loss"] != public["expected_loss"]:
                        assert strike["expected"] == public["expected_loss"]
                        return
    pytest.fail("no strike on a token a Witch had seen")


# -- the moments ------------------------------------------------------------------------------
def struck(game: rattus.Game) -> list[tuple[int, str, list[int]]]:
    """(step, region, cubes lost per seat) of every strike, from the engine's events: each
    ``strike`` event and the ``cube_killed`` events in its region that follow it (R5.3–R5.5;
    the final plague strikes each region in turn, R7.3)."""
    out: list[tuple[int, str, list[int]]] = []
    for step, _, events in played_events(game):
        for e in events:
            if e["kind"] == "strike":
                out.append((step, e["region"], [0] * game.num_players))
            elif e["kind"] == "cube_killed" and out and out[-1][:2] == (step, e["region"]):
                out[-1][2][e["seat"]] += 1
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_moments_are_every_strike_that_cost_cubes_and_none_other(games, n) -> None:
    """Issue 23: a 3-cube loss in the final plague is a moment; a strike where nobody lost a
    cube is not."""
    s, a = games[n]
    costly = sorted((step, r, sum(lost)) for step, r, lost in struck(s.game) if sum(lost))
    assert sorted((m["step"], m["region"], m["lost"]) for m in a["moments"]) == costly
    assert any(m["final"] for m in a["moments"])  # the final plague is among them (R7.3)
    assert all(m["lost"] > 0 for m in a["moments"])


def test_the_final_plague_counts_every_region_it_cost_cubes() -> None:
    """Over many games: each region of the final plague that killed a cube is a moment of
    its own, whoever lost it (R7.3)."""
    for seed in range(40, 52):
        s = finished(2 + seed % 3, seed)
        a = analysis.analyse(s)
        final = sorted((step, r) for step, r, lost in struck(s.game) if sum(lost)
                       and step == len(s.game.history))
        assert sorted((m["step"], m["region"]) for m in a["moments"] if m["final"]) == final


def test_the_moments_are_ranked_by_the_cubes_they_cost_then_by_their_surprise(games) -> None:
    for _, a in games.values():
        keys = [(-m["lost"], -m["swing"]) for m in a["moments"]]
        assert keys == sorted(keys)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_each_moment_opens_the_replay_at_its_strike(games, n) -> None:
    """The replay opened from a moment is at the step whose action struck, and shows that
    strike alone (the final plague's other regions are not its moment)."""
    s, a = games[n]
    for m in a["moments"]:
        replay = Replay(s.game, m["step"], m["region"])
        assert replay.step == m["step"] and replay.strike == m["region"]
        regions = [e["region"] for e in replay.public_events if e["kind"] == "strike"]
        assert m["region"] in regions
        f = frame(Ui(replay=replay), s)
        assert f.data["replayStrike"] == m["region"]
        assert t("region." + m["region"]) in f.text["status"]
        strike = page_strike(f)
        assert strike and all(t("region." + r) not in strike for r in regions
                              if r != m["region"])
        assert "{" not in m["text"] and s.names[m["seat"]] in m["text"]


def page_strike(f) -> str:
    return f.html["strike"] if f.shown["strike"] else ""


def test_a_step_away_from_the_strike_shows_the_step_whole(games) -> None:
    s, a = games[3]
    m = next(m for m in a["moments"] if m["final"])
    replay = Replay(s.game, m["step"], m["region"]).moved(m["step"] - 1).moved(m["step"])
    assert replay.strike is None and frame(Ui(replay=replay), s).data["replayStrike"] == ""


def test_a_moment_names_each_player_it_cost_cubes_in_their_plural_form() -> None:
    names = ["Ann", "Bob"]
    strike = {"region": "Gallia", "final": False, "lost": [1, 0], "expected": [0.25, 2.0]}
    assert analysis.moment_text(strike, names) == \
        "The plague strikes Gallia: Ann loses 1 cube (0.2 expected)."
    strike = {**strike, "lost": [1, 3], "final": True}
    assert analysis.moment_text(strike, names) == (
        "The plague strikes Gallia (final plague): Bob loses 3 cubes (2.0 expected) and Ann "
        "loses 1 cube (0.2 expected).")


# -- the chart and the screen -----------------------------------------------------------------
def test_the_chart_is_svg_with_a_line_per_player_in_their_colour(games) -> None:
    s, a = games[4]
    svg = ET.fromstring(analysis.chart_svg(a, s.config.seats))
    assert svg.tag == SVG + "svg" and svg.get("role") == "img"
    lines = svg.findall(f".//{SVG}polyline")
    assert [x.get("stroke") for x in lines] == [COLOURS[x.colour] for x in s.config.seats]
    assert all(len(x.get("points").split()) == len(a["board"]) for x in lines)
    words = svg.find(f"{SVG}desc").text
    assert svg.find(f"{SVG}title").text == t("analysis.chart.title")
    for p, seat in enumerate(s.config.seats):
        assert f"{seat.name}: " in words and f"{a['board'][-1]['cubes'][p]} at the end" in words


def test_names_are_text_in_the_chart_not_markup(games) -> None:
    s, a = games[2]
    seats = [type(x)(x.name, x.colour, x.kind) for x in s.config.seats]
    seats[0].name = "<b>Ann & co</b>"
    svg = ET.fromstring(analysis.chart_svg(a, seats))
    assert "<b>Ann & co</b>" in [x.text for x in svg.iter(SVG + "text")]


def test_the_screen_shows_the_totals_and_leads_to_the_moments(games) -> None:
    s, a = games[3]
    html = analysis.panel(a, s.config.seats)
    root = ET.fromstring(html)
    assert root.get("data-screen") == "analysis" and "dialog" in root.get("class")
    for p in range(3):
        row = root.find(f".//tr[@data-seat='{p}']")
        lost = row.find(f"td[@data-lost='{p}']").text
        strikes = row.find(f"td[@data-strikes='{p}']").text
        assert (int(lost), int(strikes)) == (a["lost"][p], a["strikes"][p])
        assert row.find(f"td[@data-expected='{p}']").text == f"{a['expected'][p]:.1f}"
        luck = row.find(f"td[@data-luck='{p}']").text
        assert luck[0] == ("+" if a["luck"][p] >= 0.05 else "\u2212" if a["luck"][p] <= -0.05
                           else "0")
    assert root.find(f".//tr[@data-seat='{a['winner']}']").get("class") == "winner"
    choices = [b.get("data-choice") for b in root.iter("button")]
    assert choices == [f"replay-enter:{m['step']}:{m['region']}" for m in a["moments"]] + [
        "close-analysis"]
    assert root.find(".//h2").text == t("analysis.title")


def test_the_analysis_opens_at_its_top_its_title_taking_the_focus(games) -> None:
    """A long dialog: the focus goes to its title (focusable by script only), not to the
    first moment's button halfway down, which the browser would scroll the dialog to."""
    s, _ = games[3]
    f = frame(Ui(screen="analysis"), s)
    assert f.data["screen"] == "analysis" and f.focus == "#analysis-title"
    root = ET.fromstring(f.html["screen"])
    title = root.find(".//h2[@id='analysis-title']")
    assert title is not None and title.get("tabindex") == "-1"
    assert list(root.iter())[1] is title  # the dialog's first element: its top
