"""R3 Setup: one scenario per rule, asserted through the public API (view, to_json, apply)."""

import json

import pytest
from scenario import legal, rejects

import rattus
from rattus.tokens import TOKENS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r3_1_each_player_has_20_cubes_in_reserve(players):
    """R3.1: every player starts with their 20 cubes in the reserve, none on the board."""
    g = rattus.new_game(players, seed=3)
    v = g.view(None)
    assert v["reserve"] == [20] * players
    assert v["palace"] == [0] * players
    assert all(b["cubes"] == [0] * players for b in v["board"].values())
    assert g.scores() == [0] * players


@pytest.mark.parametrize("players,regions", [(2, 8), (3, 10), (4, 12)])
def test_r3_2_one_starting_token_face_down_on_each_region_in_play(players, regions):
    """R3.2: one starting (purple) token face down on each of the 8/10/12 regions in play."""
    g = rattus.new_game(players, seed=11)
    v = g.view(0)
    assert len(v["regions"]) == regions == len(rattus.regions_in_play(players))
    assert all(v["board"][r]["tokens"] == [None] for r in v["regions"])  # face down
    save = json.loads(g.to_json())
    assert all(len(ids) == 1 and TOKENS[ids[0]].starting for ids in save["rats"].values())
    # The shuffle depends on the seed.
    layouts = {json.dumps(json.loads(rattus.new_game(players, seed=s).to_json())["rats"])
               for s in range(6)}
    assert len(layouts) > 1


@pytest.mark.parametrize("players,removed,supply,starting_left",
                         [(2, 12, 29, 4), (3, 6, 33, 2), (4, 0, 37, 0)])
def test_r3_3_supply_is_normal_tokens_minus_removed_plus_unplaced_starting(
        players, removed, supply, starting_left):
    """R3.3: 12/6/0 normal tokens removed unseen; the 4/2/0 unplaced starting tokens are
    shuffled into the rest: a supply of 29/33/37."""
    g = rattus.new_game(players, seed=5)
    v = g.view(1)
    assert v["supply"] == supply and v["removed"] == removed
    save = json.loads(g.to_json())
    assert len(save["supply"]) == supply
    assert len(save["removed"]) == removed
    assert not any(TOKENS[t].starting for t in save["removed"])
    assert sum(TOKENS[t].starting for t in save["supply"]) == starting_left
    # The starting tokens are shuffled in, not all stacked at one end (across seeds).
    if starting_left:
        positions = {i for s in range(10)
                     for i, t in enumerate(json.loads(
                         rattus.new_game(players, seed=s).to_json())["supply"])
                     if TOKENS[t].starting}
        assert len(positions) > starting_left


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r3_4_plague_piece_on_a_random_region_in_play(players):
    """R3.4: the plague piece starts on a random region in play."""
    places = {rattus.new_game(players, seed=s).view(None)["plague"] for s in range(40)}
    assert places <= set(rattus.regions_in_play(players))
    assert len(places) > 2


def test_r3_5_setup_order_abcd_dcba_two_cubes_each():
    """R3.5: with 4 players A B C D (start player B here): B C D A A D C B, 2 cubes each,
    into any one region in play, rats or not."""
    g = rattus.new_game(4, seed=2, start_player=1)
    order = []
    while g.phase == "setup":
        assert legal(g) == {f"setup {r}" for r in g.view(None)["regions"]}
        seat = g.current_player
        rejects(g, "take King", "setup_pending")
        rejects(g, "plague Gallia", "setup_pending")
        events = g.apply("setup Russia")
        assert events[0] == {"kind": "setup_placed", "seat": seat, "region": "Russia", "count": 2}
        order.append(seat)
    assert order == [1, 2, 3, 0, 0, 3, 2, 1]
    assert g.view(None)["board"]["Russia"]["cubes"] == [4, 4, 4, 4]
    assert g.view(None)["reserve"] == [16] * 4


def test_r3_5_setup_region_must_be_in_play():
    """R3.5 with R2.1: a setup placement goes into a region in play."""
    g = rattus.new_game(2, seed=2)
    rejects(g, "setup Russia", "not_in_play")


def test_r3_6_start_player_takes_first_turn_then_clockwise():
    """R3.6: after setup the start player has the first turn; turns go clockwise."""
    g = rattus.new_game(3, seed=9, start_player=2)
    events = []
    while g.phase == "setup":
        events = g.apply(g.legal_actions()[0])
    assert events[-1] == {"kind": "turn", "seat": 2, "final": False}
    assert g.current_player == 2 and g.phase == "turn"
    seen = [g.current_player]
    for _ in range(4):
        # end each turn by moving the plague (spreading wherever asked; no Knight held)
        g.apply(next(a for a in g.legal_actions() if a.kind == "plague"))
        while g.phase == "spread":
            g.apply(g.legal_actions()[0])
        seen.append(g.current_player)
    assert seen == [2, 0, 1, 2, 0]

