"""The view's keys for a UI that counts nothing and compares no phase names (docs/view.md):
``on_board`` (R1.2), ``decision`` (R3.5, R4, R5.1, R6.3, R6.6, R7.2, R8.3), ``knows`` (R8.3)
and ``limits`` (the game's numbers)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from scenario import PROPERTY, Scenario, random_state

import rattus
from rattus import constants


def quiet(players=2):
    return Scenario(players).plague("Gallia")


# -- on_board (R1.2) --------------------------------------------------------------------------

def test_r1_2_on_board_counts_each_seats_cubes_in_regions():
    """R1.2: a cube is in the reserve, a region or the palace; reserve + board + palace = 20."""
    g = quiet().cubes(Gallia=[2, 1], Italia=[3, 0]).palace(4, 0).game()
    v = g.view(1)
    assert v["on_board"] == [5, 1]
    assert [v["on_board"][p] + v["palace"][p] + v["reserve"][p] for p in (0, 1)] == [20, 20]


# -- decision ---------------------------------------------------------------------------------

def test_r3_5_setup_is_a_public_decision():
    """R3.5: setup placements need no rats and nobody can know a face yet: not private."""
    d = rattus.new_game(3, seed=2, start_player=1).view(None)["decision"]
    assert d == {"kind": "setup", "seat": 1, "private": False, "plague_reach": {},
                 "spread_left": 0, "witch_stage": 0, "spread_draws": {}, "empties_supply": [],
                 "empties_reserve": False}


def test_r4_3_a_regular_turn_reaches_the_plague_regions_neighbours_in_one_step():
    """R4, R4.3: a regular turn may involve a Witch's secret (R8.3): private; the plague
    piece reaches each neighbour in play of Gallia in one step."""
    d = quiet().game().view(0)["decision"]
    assert (d["kind"], d["seat"], d["private"]) == ("turn", 0, True)
    assert d["plague_reach"] == {"Anglia": 1, "Hispania": 1, "Germania": 1, "Italia": 1}


def test_r6_3_the_knight_reaches_two_steps():
    """R6.3: with the Knight the piece also reaches the regions two steps away, never its own."""
    reach = quiet().cards(Knight=0).game().view(1)["decision"]["plague_reach"]
    assert reach == {"Anglia": 1, "Hispania": 1, "Germania": 1, "Italia": 1,
                     "Scandia": 2, "Polonia": 2, "Hungaria": 2}


def test_r6_6_finishing_the_witch_is_its_own_decision_with_no_plague_move():
    """R6.6: after a look the Witch's use must be finished first: no plague move is legal."""
    g = quiet().cards(Witch=0).rats(Italia=["1 P B"]).game()
    g.apply("witch Italia/1")
    d = g.view(None)["decision"]
    assert (d["kind"], d["witch_stage"], d["plague_reach"], d["private"]) == (
        "witch", 1, {}, True)


def test_r5_1_spread_tells_how_many_tokens_are_left_to_place():
    """R5.1: 2 or 3 rats in the plague region draw 2 tokens, placed one at a time."""
    g = quiet(4).rats(Hispania=["1 P B", "1 M C"]).game()
    g.apply("plague Hispania")
    d = g.view(2)["decision"]
    assert (d["kind"], d["seat"], d["spread_left"], d["plague_reach"]) == ("spread", 0, 2, {})
    g.apply("spread Italia")
    assert g.view(2)["decision"]["spread_left"] == 1


def test_r6_3_the_knights_question_before_the_strike():
    """R6.3: the Knight's holder says whether the piece counts as two neutral cubes."""
    g = (quiet(4).cards(Knight=0).rats(Hispania=["4 A P B C"]).cubes(Hispania=[1, 1, 0, 0])
         .game())
    g.apply("plague Hispania")
    g.apply("spread Italia")
    d = g.view(0)["decision"]
    assert (d["kind"], d["seat"], d["private"]) == ("neutral", 0, True)


def final_round(**cards):
    g = (Scenario(4).plague("Gallia").rats(Hispania=["1 P B"]).supply_top(["1 K W"])
         .supply_size(1).cards(**cards).turn(0).game())
    g.apply("plague Hispania")
    g.apply("spread Italia")  # R7.1a: the supply ran out; R7.2: seat 3 plays first
    return g


def test_r7_2_a_final_turn_reaches_with_the_knight_only():
    """R7.2: no phase C in a final turn; the Knight may move the piece up to two steps."""
    g = final_round(Knight=3)
    d = g.view(None)["decision"]
    assert (d["kind"], d["seat"]) == ("final", 3)
    assert set(d["plague_reach"]) == {str(a).split()[1] for a in g.legal_actions()
                                      if a.kind == "plague"}
    assert set(d["plague_reach"].values()) == {1, 2}
    g.apply("end")
    d = g.view(None)["decision"]
    assert (d["kind"], d["seat"], d["plague_reach"]) == ("final", 2, {})


def test_r7_4_over_has_no_seat_and_nothing_private():
    g = final_round()
    while not g.is_over:
        g.apply("end")
    assert g.view(0)["decision"] == {"kind": "over", "seat": None, "private": False,
                                     "plague_reach": {}, "spread_left": 0, "witch_stage": 0,
                                     "spread_draws": {}, "empties_supply": [],
                 "empties_reserve": False}


def test_r5_1_spread_draws_one_token_for_one_rat_and_two_for_two_or_three():
    """R5.1: the spread a plague move would cause, counted before the move."""
    g = quiet().rats(Anglia=[], Hispania=["1 P B"], Germania=["1 K W", "1 P R"],
                     Italia=["1 B C", "1 P K", "1 M B"]).supply_size(10).game()
    d = g.view(0)["decision"]
    assert d["spread_draws"] == {"Anglia": 0, "Hispania": 1, "Germania": 2, "Italia": 2}
    assert d["empties_supply"] == []


def test_r5_2_spread_draws_no_more_than_the_neighbours_free_places():
    """R5.2: every neighbour of Anglia but one place is full: only one token is drawn."""
    g = (quiet().rats(Anglia=["1 P B", "1 K W"], Scandia=["1 P R", "1 B C"],
                      Gallia=["1 P K", "1 M B", "1 M C"]).supply_size(10).game())
    assert g.view(0)["decision"]["spread_draws"]["Anglia"] == 1


def test_r7_1a_the_moves_that_empty_the_supply_end_the_game():
    """R5.2's Ruling, R7.1a: with one token left, a spread of two draws one and empties the
    supply; the game then ends after this turn, as the engine plays it."""
    g = quiet().rats(Anglia=[], Hispania=["1 P B", "1 K W"]).supply_size(1).game()
    d = g.view(0)["decision"]
    assert d["spread_draws"]["Hispania"] == 1 and "Hispania" in d["empties_supply"]
    assert "Anglia" not in d["empties_supply"]
    for region in d["plague_reach"]:
        trial = g.clone()
        trial.apply(f"plague {region}")
        while not trial.is_over and trial.view(None)["decision"]["kind"] in ("spread", "neutral"):
            trial.apply(trial.legal_actions()[0])
        assert (trial.view(None)["last_regular"] is not None) == (region in d["empties_supply"])


def test_r7_2_a_final_turns_knight_move_draws_nothing():
    """R7.2: a final turn's Knight move has no spread."""
    d = final_round(Knight=3).view(None)["decision"]
    assert set(d["spread_draws"].values()) == {0} and d["empties_supply"] == []


@PROPERTY
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(0, 400))
def test_spread_draws_are_the_tokens_the_engine_draws(players, seed, steps):
    """R5.1, R5.2: each plague move, played out, takes exactly ``spread_draws`` tokens from the
    supply, whatever the spread's places chosen."""
    g = random_state(players, seed, steps)
    d = g.view(None)["decision"]
    for region, n in d["spread_draws"].items():
        trial = g.clone()
        before = trial.view(None)["supply"]
        trial.apply(f"plague {region}")
        while trial.view(None)["decision"]["kind"] == "spread":
            trial.apply(trial.legal_actions()[-1])
        assert before - trial.view(None)["supply"] == n


@PROPERTY
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(0, 400))
def test_plague_reach_is_the_legal_plague_moves_with_their_steps(players, seed, steps):
    """R4.3, R6.3: exactly the legal ``plague`` destinations, 1 step for a neighbour of the
    plague region, else 2; the same for every seat (public, R8.1)."""
    g = random_state(players, seed, steps)
    v = g.view(None)
    reach = v["decision"]["plague_reach"]
    assert set(reach) == {a.args[0] for a in g.legal_actions() if a.kind == "plague"}
    for region, n in reach.items():
        assert n == (1 if region in v["neighbours"][v["plague"]] else 2)
    assert all(g.view(p)["decision"] == v["decision"] for p in range(players))
    assert v["decision"]["seat"] == v["current_player"]


# -- knows (R8.3) -----------------------------------------------------------------------------

def test_r8_3_knows_counts_the_faces_this_seat_saw_while_they_stay_face_down():
    """R6.6, R8.3: only the Witch's holder knows what she saw, while the token stays face
    down; the spectator knows nothing."""
    g = (quiet().cards(Witch=0).rats(Italia=["1 P B"], Gallia=["1 M C"])
         .cubes(Italia=[1, 1]).game())
    assert [g.view(p)["knows"] for p in (None, 0, 1)] == [0, 0, 0]
    g.apply("witch Italia/1")
    g.apply("witch Gallia/1")
    assert [g.view(p)["knows"] for p in (None, 0, 1)] == [0, 2, 0]
    g.apply("witch done")
    g.apply("plague Italia")
    g.apply("spread Hispania")  # R5.1, then R5.3: Italia's token is revealed, no secret now
    assert g.view(0)["knows"] == 1


# -- limits -----------------------------------------------------------------------------------

def test_limits_are_the_rulebooks_numbers():
    """R1.2, R5.2, R3.5, R6.3, R6.5, R5.1: the numbers a sentence tells, from one module."""
    assert quiet().game().view(None)["limits"] == {
        "cubes": 20, "max_rats": 3, "setup_cubes": 2, "knight_steps": 2, "neutral_cubes": 2,
        "merchant_max": 3, "spread_max": 2}
    assert constants.CUBES_PER_PLAYER == 20 and rattus.constants.MAX_RATS == 3


def test_r3_5_the_setup_event_tells_its_cube_count():
    g = rattus.new_game(2, seed=1)
    (event,) = g.apply("setup Gallia")
    assert event["count"] == g.view(None)["limits"]["setup_cubes"] == 2


def test_r6_3_the_knights_two_step_move_tells_its_steps():
    g = quiet().cards(Knight=0).game()
    (moved, *_) = g.apply("plague Polonia")
    assert (moved["kind"], moved["steps"]) == ("plague_moved", 2)


def test_a_view_of_a_state_computes_what_the_game_caches():
    """``rattus.view.view(state, seat)`` without the cached legal actions gives the same."""
    from rattus.view import view

    g = random_state(3, 11, 120)
    assert view(g._s, 1) == g.view(1)


def test_r7_1b_empties_reserve_says_when_a_placement_takes_the_last_cubes():
    """R7.1b: a regular turn ending with all 20 cubes on the board ends the game. The view
    says whether a placement open now would take the acting seat's whole reserve."""
    import random

    seen = {True: 0, False: 0}
    for seed in range(1, 25):
        g = rattus.new_game(2, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            v = g.view(None)
            d, legal = v["decision"], g.legal_actions()
            places = [a for a in legal if a.kind == "place"]
            if d["kind"] == "turn":
                left = v["reserve"][d["seat"]]
                assert d["empties_reserve"] == any(a.args[1] >= left for a in places)
                seen[d["empties_reserve"]] += 1
            else:
                assert d["empties_reserve"] is False
            g.apply(max(places, key=lambda a: a.args[1]) if places else rng.choice(legal))
    assert seen[True] >= 5 and seen[False] >= 50
