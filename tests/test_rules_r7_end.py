"""R7 End of the game: the two triggers, the final round (counter-clockwise, with the Peasant
and Knight exceptions), the final plague, and the score with its tie-break."""

import pytest
from scenario import Scenario, cubes_in, face_of, kinds, legal, of_kind, rats_in, rejects

import rattus


def ending(players=4, last=0, **cards):
    """A scenario in which ``last`` is to play the last regular turn: the supply holds one
    token ("1 K W"), and moving the plague Gallia → Hispania (1 rat, no cubes) spreads it to
    Italia. Call ``finish(game)`` to play that move."""
    return (Scenario(players).plague("Gallia").rats(Hispania=["1 P B"])
            .supply_top(["1 K W"]).supply_size(1).cards(**cards).turn(last))


def finish(g):
    events = g.apply("plague Hispania")
    return events + g.apply("spread Italia")


# -- R7.1 -----------------------------------------------------------------------------------


def test_r7_1a_supply_runs_out_the_game_ends_after_that_turn():
    """R7.1 (a): the game ends after the turn during which the supply ran out."""
    g = ending(last=1).game()
    events = finish(g)
    assert g.view(None)["supply"] == 0
    assert {"kind": "final_round", "last_player": 1, "order": [0, 3, 2],
            "reason": "supply"} in events
    assert events[-1] == {"kind": "turn", "seat": 0, "final": True}
    assert g.phase == "final" and not g.is_over


def test_r7_1a_game_goes_on_while_the_supply_lasts():
    """R7.1: with tokens left in the supply and cubes in the reserve, the next turn is
    regular."""
    g = ending(last=1).supply_size(2).game()
    events = finish(g)
    assert "final_round" not in kinds(events) and g.phase == "turn"
    assert g.current_player == 2


def test_r7_1b_all_20_cubes_on_the_board_at_the_end_of_the_turn():
    """R7.1 (b): the active player has all 20 cubes on the board (regions + palace)."""
    g = (Scenario(4).plague("Gallia").cards(King=0).palace(5, 0, 0, 0)
         .fill_reserve(0, 1, "Polonia").rats(Italia=["1 P B"]).game())
    g.apply("place Italia 1")
    g.apply("king Polonia")  # the palace counts as on the board
    events = g.apply("plague Anglia")
    assert {"kind": "final_round", "last_player": 0, "order": [3, 2, 1],
            "reason": "cubes"} in events
    assert g.view(None)["reserve"][0] == 0 and g.view(None)["supply"] > 0


def test_r7_1b_counts_at_the_end_of_the_turn_after_the_strike():
    """R7.1 (b) is checked at the end of the turn: a cube killed by this turn's strike goes
    back to the reserve, so the game goes on."""
    g = (Scenario(4).plague("Gallia").fill_reserve(0, 1, "Polonia")
         .rats(Hispania=["1 M C"], Italia=["1 P B"]).cubes(Hispania=[0, 0, 0, 0]).game())
    g.apply("place Hispania 1")
    assert g.view(None)["reserve"][0] == 0
    events = g.apply("plague Hispania")
    events += g.apply("spread Italia")
    assert of_kind(events, "cube_killed")
    assert "final_round" not in kinds(events) and g.current_player == 1


def test_r7_1b_other_players_full_board_does_not_end_the_game():
    """R7.1 (b) is about the *active* player."""
    g = Scenario(4).plague("Gallia").fill_reserve(2, 0, "Polonia").game()
    events = g.apply("plague Anglia")
    assert "final_round" not in kinds(events) and g.current_player == 1


# -- R7.2 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players,last,order", [(4, 0, [3, 2, 1]), (4, 2, [1, 0, 3]),
                                                 (3, 1, [0, 2]), (2, 0, [1]), (2, 1, [0])])
def test_r7_2_final_round_counter_clockwise_from_the_right_of_the_last_player(
        players, last, order):
    """R7.2: every player except the last one gets one final turn, counter-clockwise,
    beginning with the player before the last player in seat order."""
    g = ending(players, last).game()
    events = finish(g)
    assert of_kind(events, "final_round")[0]["order"] == order
    seen = []
    while not g.is_over:
        assert g.phase == "final"
        seen.append(g.current_player)
        events = g.apply("end")
    assert seen == order
    assert events[-1]["kind"] == "game_over"


def test_r7_2_final_turn_without_cards_only_ends():
    """R7.2: no new cards, no phase B, no phase C, no strike."""
    g = ending(last=1).rats(Gallia=["1 M C"]).cubes(Gallia=[1, 0, 0, 0]).game()
    finish(g)
    assert g.current_player == 0 and legal(g) == {"end"}
    rejects(g, "take King", "final_round")
    rejects(g, "place Gallia 1", "final_round")
    rejects(g, "plague Anglia", "no_card")
    events = g.apply("end")
    assert events == [{"kind": "turn", "seat": 3, "final": True}]


def test_r7_2_abilities_of_cards_held_now_each_once():
    """R7.2: in a final turn a player may use the abilities of the cards they hold, once each."""
    g = (ending(last=1, King=0, Monk=0, Merchant=0, Witch=0)
         .cubes(Germania=[3, 0, 0, 0]).rats(Scandia=["2 M K R"]).game())
    finish(g)
    g.apply("king Germania")
    g.apply("merchant Germania Gallia 2")
    g.apply("monk Scandia/1 Anglia")
    g.apply("witch Anglia/1")
    g.apply("witch done")
    assert legal(g) == {"end"}
    assert g.view(None)["palace"][0] == 1 and cubes_in(g, "Gallia")[0] == 2


def test_r7_2_peasant_places_one_cube_in_any_region():
    """R7.2 Peasant: may place one cube of their colour in any region in play (rats or not)."""
    g = ending(last=1, Peasant=0).game()
    finish(g)
    places = {str(a) for a in g.legal_actions() if a.kind == "place"}
    assert places == {f"place {r} 1" for r in g.view(None)["regions"]}
    with pytest.raises(rattus.IllegalAction, match="1 cube"):
        g.apply("place Gallia 2")
    rejects(g, "place Gallia 2", "wrong_count")
    g.apply("place Anglia 1")
    assert cubes_in(g, "Anglia") == [1, 0, 0, 0]
    rejects(g, "place Gallia 1", "ability_used")


def test_r7_2_knight_moves_the_plague_up_to_two_steps_without_spread_or_strike():
    """R7.2 Knight: moves the plague piece up to two steps; no spread, no strike."""
    g = (ending(last=1, Knight=0).rats(Polonia=["1 M C", "1 P R"])
         .cubes(Polonia=[1, 1, 0, 0]).game())
    finish(g)  # the plague is on Hispania now
    plague = {str(a) for a in g.legal_actions() if a.kind == "plague"}
    assert plague == {"plague Gallia", "plague Italia", "plague Anglia", "plague Germania",
                      "plague Hungaria", "plague Bulgaria"}
    g.apply("plague Germania")
    assert g.view(None)["plague"] == "Germania"
    rejects(g, "plague Polonia", "ability_used")
    g2 = (ending(last=1, Knight=0).plague("Gallia").rats(Germania=["1 M C", "1 P R"])
          .cubes(Germania=[1, 1, 0, 0]).game())
    finish(g2)
    events = g2.apply("plague Germania")
    assert kinds(events) == ["plague_moved"]
    assert rats_in(g2, "Germania") == 2 and cubes_in(g2, "Germania") == [1, 1, 0, 0]


def test_r7_2_ruling_knight_declares_neutral_cubes_for_the_final_plague():
    """R7.2 Ruling: the Knight may declare the two neutral cubes for the region where the
    piece stands during R7.3 — and only there."""
    def play(declare):
        g = (ending(players=2, last=1, Knight=0)
             .rats(Germania=["4 A P B C"], Italia=["4 A B C R"])
             .cubes(Germania=[1, 1], Italia=[1, 1]).game())
        finish(g)  # Italia now also holds the spread "1 K W" (after its first token)
        assert ("neutral yes" in legal(g)) and "neutral no" not in legal(g)
        g.apply("plague Germania")
        if declare:
            assert g.apply("neutral yes") == [{"kind": "neutral", "seat": 0, "declared": True,
                                               "count": 2}]
            assert "neutral yes" not in legal(g)
        return g, g.apply("end")
    g, events = play(declare=True)
    revealed = {e["face"]["threshold"]: e for e in of_kind(events, "token_revealed")
                if e["region"] == "Germania"}
    assert revealed[4]["cubes"] == 4 and revealed[4]["outbreak"]
    assert cubes_in(g, "Germania") == [0, 0]
    italia = [e for e in of_kind(events, "token_revealed") if e["region"] == "Italia"]
    assert italia[0]["cubes"] == 2 and not italia[0]["outbreak"]  # no neutral cubes there
    g, events = play(declare=False)
    assert cubes_in(g, "Germania") == [1, 1]


def test_r7_2_the_last_regular_player_has_no_final_turn():
    """R7.2: every player *except* the one who had the last regular turn."""
    g = ending(players=3, last=2).game()
    finish(g)
    turns = []
    while not g.is_over:
        turns.append(g.current_player)
        g.apply("end")
    assert 2 not in turns


# -- R7.3 -----------------------------------------------------------------------------------


def test_r7_3_final_plague_strikes_every_region_in_play():
    """R7.3: every region with rats and player cubes is struck, as in R5.3–R5.5; regions
    without cubes keep their tokens; no spread."""
    g = (ending(players=2, last=1)
         .rats(Anglia=["1 M C", "5 M A P B W"], Scandia=["1 M B"], Germania=["2 A P K"])
         .cubes(Anglia=[2, 1], Scandia=[0, 0], Germania=[1, 1], Polonia=[3, 0]).game())
    finish(g)
    supply = g.view(None)["supply"]
    events = g.apply("end")
    assert kinds(events)[0] == "final_plague" and events[-1]["kind"] == "game_over"
    struck = [e["region"] for e in of_kind(events, "strike")]
    assert struck == ["Anglia", "Germania"]  # board order; Scandia has no cubes
    assert [e["face"] for e in of_kind(events, "token_revealed") if e["region"] == "Anglia"] \
        == [face_of("1 M C"), face_of("5 M A P B W")]
    assert cubes_in(g, "Anglia") == [1, 1] and cubes_in(g, "Germania") == [0, 0]
    assert rats_in(g, "Scandia") == 1 and cubes_in(g, "Polonia") == [3, 0]
    assert g.view(None)["supply"] == supply
    assert g.is_over and g.legal_actions() == []


def test_r7_3_final_plague_stops_per_region_like_r5_3():
    """R7.3 as in R5.3: in a region, evaluation stops once its cubes are gone."""
    g = (ending(players=2, last=1).rats(Anglia=["1 M C", "1 P R"])
         .cubes(Anglia=[1, 0]).game())
    finish(g)
    events = g.apply("end")
    assert len([e for e in of_kind(events, "token_revealed") if e["region"] == "Anglia"]) == 1
    assert rats_in(g, "Anglia") == 1


# -- R7.4 -----------------------------------------------------------------------------------


def test_r7_4_score_is_cubes_in_regions_plus_palace_most_wins():
    """R7.4: score = cubes in regions + in the palace; most wins."""
    g = ending(players=3, last=0).cubes(Anglia=[2, 4, 1]).palace(3, 0, 1).game()
    finish(g)
    while not g.is_over:
        g.apply("end")
    assert g.scores() == [5, 4, 2]
    assert g.winner() == 0
    assert g.view(None)["winner"] == 0


@pytest.mark.parametrize("last,tied,winner", [
    (2, (0, 1), 0),  # next regular turn would be 3, then 0: seat 0 comes first among 0, 1
    (2, (1, 3), 3),  # 3 is next
    (0, (0, 3), 3),  # after 0 come 1, 2, 3, 0: 3 before 0
    (3, (2, 3), 2),
])
def test_r7_4_tie_break_next_regular_turn_wins(last, tied, winner):
    """R7.4: on a tie, among the tied players the one who would have had the next regular
    turn wins: count clockwise from the player after the last regular turn's player."""
    anglia = [5 if p in tied else 1 for p in range(4)]
    g = ending(players=4, last=last).cubes(Anglia=anglia).game()
    finish(g)
    events = []
    while not g.is_over:
        events = g.apply("end")
    over = events[-1]
    assert over["kind"] == "game_over" and over["tiebreak"] is True
    assert over["tied"] == sorted(tied) and over["winner"] == winner == g.winner()
    assert g.scores() == anglia


def test_r7_4_no_winner_while_the_game_runs():
    g = ending(players=2, last=0).game()
    assert g.winner() is None
    finish(g)
    assert g.winner() is None
