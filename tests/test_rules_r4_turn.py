"""R4 A turn: take a card (A), place cubes (B), move the plague (C)."""

from scenario import Scenario, cubes_in, kinds, legal, of_kind, rejects

import rattus


def quiet(players=4):
    """A board where moving the plague does nothing: no rats anywhere but where a test puts
    them, plague on Gallia."""
    return Scenario(players).plague("Gallia")


def test_r4_1_take_a_card_from_beside_the_board():
    """R4.1: the active player may take a class card from beside the board."""
    g = quiet().game()
    events = g.apply("take King")
    assert events == [{"kind": "card_taken", "seat": 0, "card": "King", "from_seat": None}]
    assert g.view(None)["cards"]["King"] == 0


def test_r4_1_take_a_card_from_another_player():
    """R4.1: ... or from another player, who loses it."""
    g = quiet().cards(Monk=2).game()
    assert g.apply("take Monk")[0]["from_seat"] == 2
    assert g.view(None)["cards"]["Monk"] == 0


def test_r4_1_at_most_one_card_per_turn_and_it_is_optional():
    """R4.1: at most once per turn; optional (the turn may end without a card)."""
    g = quiet().game()
    g.apply("take King")
    assert not any(a.kind == "take" for a in g.legal_actions())
    rejects(g, "take Witch", "card_taken")
    g2 = quiet().game()
    g2.apply("plague Hispania")  # no card taken: fine
    assert g2.current_player == 1


def test_r4_1_cannot_take_a_card_already_held():
    """R4.1: one takes a card from beside the board or from *another* player."""
    g = quiet().cards(Witch=0).game()
    assert "take Witch" not in legal(g)
    rejects(g, "take Witch", "card_held")


def test_r4_1_any_number_of_cards_kept_until_taken_away():
    """R4.1: a player may hold any number of cards and keeps them until someone takes them."""
    g = quiet().cards(King=0, Monk=0, Witch=0, Merchant=0, Knight=0).game()
    g.apply("take Peasant")
    g.apply("plague Hispania")
    assert set(g.view(None)["cards"].values()) == {0}
    g.apply("take King")  # seat 1 takes the King away
    assert g.view(None)["cards"]["King"] == 1
    assert [c for c, s in g.view(None)["cards"].items() if s == 0] == [
        "Peasant", "Merchant", "Monk", "Knight", "Witch"]


def test_r4_2_place_as_many_cubes_as_rat_tokens():
    """R4.2: choose one region in play, place exactly as many cubes as it holds rat tokens."""
    g = quiet().rats(Italia=["1 P B", "2 M K R"], Polonia=["3 M B C"]).game()
    places = {str(a) for a in g.legal_actions() if a.kind == "place"}
    assert places == {"place Italia 2", "place Polonia 1"}
    rejects(g, "place Italia 1", "wrong_count")
    rejects(g, "place Italia 3", "wrong_count")
    assert g.apply("place Italia 2") == [
        {"kind": "cubes_placed", "seat": 0, "region": "Italia", "count": 2}]
    assert cubes_in(g, "Italia") == [2, 0, 0, 0]
    assert g.view(None)["reserve"][0] == 18


def test_r4_2_a_region_without_rats_takes_no_cubes():
    """R4.2: a region without rats therefore takes none (without the Peasant)."""
    g = quiet().rats(Italia=["1 P B"]).game()
    rejects(g, "place Gallia 1", "no_rats")


def test_r4_2_at_most_once_per_turn():
    """R4.2: phase B at most once per turn."""
    g = quiet().rats(Italia=["1 P B"], Polonia=["1 M C"]).game()
    g.apply("place Italia 1")
    assert not any(a.kind == "place" for a in g.legal_actions())
    rejects(g, "place Polonia 1", "placed")


def test_r4_2_ruling_phase_b_may_be_skipped():
    """R4.2 Ruling: phase B may be skipped: the plague may move without placing."""
    g = quiet().rats(Italia=["1 P B"]).game()
    assert "plague Hispania" in legal(g)
    g.apply("plague Hispania")
    assert g.view(None)["reserve"][0] == 20 and g.current_player == 1


def test_r4_2_ruling_short_reserve_places_all_that_remain():
    """R4.2 Ruling: with fewer cubes in the reserve than allowed, the player places all."""
    g = (quiet().rats(Italia=["1 P B", "2 M K R", "3 M B C"])
         .fill_reserve(0, 2, "Anglia").game())
    assert [str(a) for a in g.legal_actions() if a.kind == "place"] == ["place Italia 2"]
    rejects(g, "place Italia 3", "wrong_count")
    g.apply("place Italia 2")
    assert g.view(None)["reserve"][0] == 0


def test_r4_2_empty_reserve_places_nothing():
    """R4.2: with no cube in the reserve there is nothing to place."""
    g = quiet().rats(Italia=["1 P B"]).fill_reserve(0, 0, "Anglia").game()
    assert not any(a.kind == "place" for a in g.legal_actions())
    rejects(g, "place Italia 1", "reserve_empty")


def test_r4_a_and_b_in_either_order():
    """R4: phases A and B in either order."""
    g = quiet().rats(Italia=["1 P B"]).game()
    g.apply("place Italia 1")
    g.apply("take Merchant")
    assert g.view(None)["cards"]["Merchant"] == 0


def test_r4_3_plague_moves_to_a_neighbour_in_play_and_ends_the_turn():
    """R4.3: mandatory, to a neighbouring region in play; the turn then ends."""
    g = quiet(2).game()  # Gallia's neighbours in play (2 players): Anglia Hispania Germania Italia
    assert {str(a) for a in g.legal_actions() if a.kind == "plague"} == {
        "plague Anglia", "plague Hispania", "plague Germania", "plague Italia"}
    events = g.apply("plague Italia")
    assert events[0] == {"kind": "plague_moved", "seat": 0, "region": "Gallia", "to": "Italia",
                         "steps": 1}
    assert events[-1] == {"kind": "turn", "seat": 1, "final": False}
    assert g.view(None)["plague"] == "Italia"


def test_r4_3_plague_may_not_stay():
    """R4.3: it may not stay where it is."""
    rejects(quiet().game(), "plague Gallia", "plague_stay")


def test_r4_3_plague_only_one_step_without_the_knight():
    """R4.3: one step only (two steps need the Knight, R6.3)."""
    rejects(quiet().game(), "plague Polonia", "plague_too_far")


def test_r4_3_plague_never_enters_a_region_not_in_play():
    """R4.3 with R2.1: Polonia–Russia are neighbours, but Russia is not in play with 2."""
    g = Scenario(2).plague("Polonia").game()
    assert "plague Russia" not in legal(g)
    rejects(g, "plague Russia", "not_in_play")


def test_r4_3_the_turn_ends_only_with_the_plague():
    """R4: a regular turn must finish with phase C; 'end' is for final-round turns only."""
    rejects(quiet().game(), "end", "turn_ends_with_plague")


def test_r4_3_after_phase_c_the_next_player_acts():
    """R4.3: after the plague is resolved the turn ends: the next seat's turn begins."""
    g = quiet().rats(Hispania=["1 P B"]).cubes(Hispania=[1, 0, 0, 0]).game()
    events = g.apply("plague Hispania")  # 1 rat: one spread to choose first
    assert kinds(events) == ["plague_moved"] and g.phase == "spread"
    events = g.apply("spread Italia")
    assert of_kind(events, "strike") and events[-1]["kind"] == "turn"
    assert g.current_player == 1 and isinstance(g, rattus.Game)
