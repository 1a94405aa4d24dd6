"""Undo, which never takes back a revealed fact (a strike, a Witch's look, a new turn: see
``Game.undo``): scenarios at the boundaries."""

import pytest
from scenario import Scenario, play_random, setup_game

import rattus


def test_undo_of_a_take_restores_the_game():
    g = setup_game(3, seed=4)
    before = g.to_json()
    g.apply("take King")
    assert g.undo_blocker is None
    assert g.undo() == "take King"
    assert g.to_json() == before


def test_nothing_to_undo_at_the_start_of_a_turn():
    g = setup_game(3, seed=4)
    assert g.undo_blocker == "turn"  # the last setup placement began the turn
    with pytest.raises(rattus.IllegalAction):
        g.undo()


def test_no_undo_across_the_strike_that_ends_the_last_regular_turn():
    """The last regular turn's plague move strikes (R5.3) and starts the final round (R7.2):
    the revealed tokens must not be taken back, although the phase is now 'final'."""
    g = (Scenario(4).plague("Gallia").fill_reserve(0, 0, "Polonia")  # R7.1 (b) applies
         .rats(Hispania=["1 P B"], Gallia=["1 M C", "1 M K", "1 K W"],
               Italia=["1 M B", "1 P K", "1 P R"])  # both neighbours full: no spread
         .cubes(Hispania=[0, 1, 0, 0]).game())
    events = g.apply("plague Hispania")
    assert any(e.kind == "token_revealed" for e in events) and g.phase == "final"
    assert g.undo_blocker is not None  # "turn": the final round has begun


def test_no_undo_across_the_knights_choice_that_ends_the_last_regular_turn():
    """Same with the Knight's neutral-cube choice (R6.3) followed by the strike."""
    g = (Scenario(2).plague("Gallia").cards(Knight=0).rats(Hispania=["1 P B"])
         .cubes(Hispania=[1, 1]).supply_size(1).game())
    g.apply("plague Hispania")
    g.apply("spread Italia")
    events = g.apply("neutral no")
    assert any(e.kind == "token_revealed" for e in events) and g.phase == "final"
    assert g.undo_blocker is not None  # "turn": the final round has begun


def test_final_turn_knight_move_may_be_undone():
    """R7.2: in a final turn the Knight's move strikes nothing: it may be taken back."""
    g = (Scenario(2).plague("Gallia").cards(Knight=0).rats(Hispania=["1 P B"])
         .supply_size(1).turn(1).game())
    g.apply("plague Hispania")
    g.apply("spread Italia")  # seat 1's last regular turn; seat 0 has the final turn
    g2 = rattus.Game.from_json(g.to_json())
    assert g2.current_player == 0 and g2.phase == "final"


def test_undo_after_a_witch_look_is_blocked_but_done_may_be_undone():
    g = Scenario(2).plague("Anglia").cards(Witch=0).rats(Gallia=["1 P B"]).game()
    g.apply("witch Gallia/1")
    assert g.undo_blocker == "witch"


def test_game_over_cannot_be_undone():
    import random
    g = setup_game(2, seed=8)
    play_random(g, random.Random(8))
    assert g.undo_blocker == "over"


def test_at_replays_the_history_to_any_step():
    """A finished game can be stepped through: ``at(k)`` is the position after k actions."""
    import random
    g = setup_game(3, seed=11)
    rng = random.Random(11)
    positions = [g.to_json()]
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        positions.append(g.to_json())
    start = len(positions) - 1 - len(g.history)
    for step in range(0, len(g.history) + 1, 7):
        if step + start >= 0:
            assert g.at(step).to_json() == positions[step + start]
    assert g.at(len(g.history)).to_json() == g.to_json()
