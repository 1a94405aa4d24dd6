"""R6 Class cards: King, Monk, Knight (with neutral cubes), Peasant, Merchant, Witch; and the
general rules of abilities (active player only, once per turn, before phase C)."""

import pytest
from scenario import (
    Scenario,
    cubes_in,
    face_of,
    kinds,
    legal,
    of_kind,
    rats_in,
    rejects,
    saved,
    token,
)

import rattus

# -- R6 in general ----------------------------------------------------------------------------


def test_r6_abilities_of_a_card_taken_this_turn_may_be_used_this_turn():
    """R6: abilities of a card taken this turn may be used this turn."""
    g = Scenario(4).plague("Gallia").cubes(Italia=[1, 0, 0, 0]).game()
    assert "king Italia" not in legal(g)
    g.apply("take King")
    g.apply("king Italia")
    assert g.view(None)["palace"] == [1, 0, 0, 0]


def test_r6_each_ability_at_most_once_per_turn_and_again_next_turn():
    """R6: each card's ability at most once per turn (and again on the holder's next turn)."""
    g = Scenario(2).plague("Gallia").cards(King=0).cubes(Italia=[3, 0]).game()
    g.apply("king Italia")
    assert not any(a.kind == "king" for a in g.legal_actions())
    rejects(g, "king Italia", "ability_used")
    g.apply("plague Anglia")
    g.apply("plague Gallia")  # seat 1
    g.apply("king Italia")  # seat 0 again
    assert g.view(None)["palace"] == [2, 0]


def test_r6_only_the_active_player_uses_abilities():
    """R6: only the active player uses abilities: holding a card is not enough."""
    g = Scenario(4).plague("Gallia").cards(King=1).cubes(Italia=[0, 2, 0, 0]).game()
    assert g.current_player == 0
    rejects(g, "king Italia", "no_card")


def test_r6_no_ability_after_phase_c():
    """R6: abilities are used before phase C: moving the plague ends the turn."""
    g = Scenario(4).plague("Gallia").cards(King=0).cubes(Italia=[2, 0, 0, 0]).game()
    g.apply("plague Hispania")
    assert g.current_player == 1
    rejects(g, "king Italia", "no_card")


# -- R6.1 King -----------------------------------------------------------------------------


def test_r6_1_king_moves_a_cube_from_a_region_without_rats_into_the_palace():
    """R6.1: one of your cubes from a region with no rat tokens into the palace."""
    g = (Scenario(4).plague("Gallia").cards(King=0).cubes(Italia=[2, 1, 0, 0])
         .rats(Hispania=["1 P B"]).cubes(Hispania=[1, 0, 0, 0]).game())
    assert {str(a) for a in g.legal_actions() if a.kind == "king"} == {"king Italia"}
    rejects(g, "king Hispania", "region_has_rats")
    rejects(g, "king Anglia", "no_cube_there")
    assert g.apply("king Italia") == [{"kind": "king", "seat": 0, "region": "Italia"}]
    v = g.view(None)
    assert v["palace"] == [1, 0, 0, 0] and v["board"]["Italia"]["cubes"] == [1, 1, 0, 0]
    assert g.scores()[0] == 3  # Italia 1 + Hispania 1 + palace 1 (R7.4)


def test_r6_1_palace_cubes_are_safe_and_count_at_the_end():
    """R6.1: cubes in the palace are safe for the rest of the game and count at the end."""
    g = (Scenario(2).plague("Gallia").cards(King=0).palace(3, 0)
         .rats(Hispania=["1 P B", "1 M C", "1 K W"]).cubes(Hispania=[1, 1])
         .supply_size(1).game())
    g.apply("plague Hispania")
    g.apply("spread Italia")  # supply exhausted: final round, then the final plague
    while not g.is_over:
        g.apply("end")
    assert g.view(None)["palace"] == [3, 0]
    assert g.scores()[0] >= 3


# -- R6.2 Monk -----------------------------------------------------------------------------


def test_r6_2_monk_moves_a_token_to_a_neighbour_with_room():
    """R6.2: one rat token from any region in play to a neighbouring region in play that
    holds fewer than 3; it keeps its identity (and arrives last there, R5.3 Ruling)."""
    moved = "1 P B"
    g = (Scenario(4).plague("Anglia").cards(Monk=0)
         .rats(Gallia=["4 A C K R", moved], Hispania=["1 M C"]).game())
    events = g.apply("monk Gallia/2 Hispania")
    assert events == [{"kind": "monk", "seat": 0, "region": "Gallia", "slot": 2,
                       "to": "Hispania"}]
    assert saved(g)["rats"]["Hispania"] == [token("1 M C"), token(moved)]
    assert rats_in(g, "Gallia") == 1
    assert {r: len(t) for r, t in saved(g)["rats"].items() if t} == {"Gallia": 1, "Hispania": 2}


def test_r6_2_monk_only_to_a_neighbour_in_play():
    """R6.2: the token goes to a *neighbouring* region in play."""
    g = Scenario(2).plague("Anglia").cards(Monk=0).rats(Gallia=["1 P B"], Polonia=["1 M C"]).game()
    rejects(g, "monk Gallia/1 Polonia", "not_neighbour")
    rejects(g, "monk Polonia/1 Russia", "not_in_play")  # Russia is out of play with 2
    rejects(g, "monk Gallia/2 Italia", "no_token")


def test_r6_2_monk_once_per_turn():
    """R6: the Monk's ability once per turn."""
    g = Scenario(4).plague("Anglia").cards(Monk=0).rats(Gallia=["1 P B", "1 M C"]).game()
    g.apply("monk Gallia/1 Italia")
    rejects(g, "monk Gallia/1 Italia", "ability_used")


# -- R6.3 Knight -----------------------------------------------------------------------------


def test_r6_3_knight_moves_the_plague_one_or_two_steps():
    """R6.3: in phase C the Knight's holder moves the plague one or two steps."""
    g = Scenario(2).plague("Anglia").cards(Knight=0).game()
    # Anglia → Gallia/Scandia; two steps: Hispania Germania Italia (via Gallia), Polonia
    # (via Scandia); Russia is out of play with 2.
    assert {str(a) for a in g.legal_actions() if a.kind == "plague"} == {
        "plague Scandia", "plague Gallia", "plague Hispania", "plague Germania",
        "plague Italia", "plague Polonia"}
    rejects(g, "plague Hungaria", "plague_too_far")


def test_r6_3_ruling_knight_may_not_end_where_it_started():
    """R6.3 Ruling: there and back again is not allowed."""
    g = Scenario(2).plague("Anglia").cards(Knight=0).game()
    rejects(g, "plague Anglia", "plague_stay")


def test_r6_3_ruling_the_region_passed_through_is_not_affected():
    """R6.3 Ruling: the region passed through is not affected (no spread, no strike)."""
    g = (Scenario(2).plague("Anglia").cards(Knight=0)
         .rats(Gallia=["1 P B", "1 M C"]).cubes(Gallia=[2, 2]).game())
    supply = g.view(None)["supply"]
    events = g.apply("plague Hispania")
    assert kinds(events) == ["plague_moved", "no_strike", "turn"]
    assert rats_in(g, "Gallia") == 2 and cubes_in(g, "Gallia") == [2, 2]
    assert g.view(None)["supply"] == supply


def neutral_case(threshold_face="4 A P B C", cubes=(1, 1, 0, 0)):
    g = (Scenario(4).plague("Gallia").cards(Knight=0)
         .rats(Hispania=[threshold_face]).cubes(Hispania=list(cubes)).game())
    g.apply("plague Hispania")
    g.apply("spread Italia")
    return g


def test_r6_3_neutral_cubes_declared_before_the_reveal_count_two():
    """R6.3: the Knight's holder may declare that the plague piece counts as two neutral
    cubes for the thresholds: 2 players' cubes + 2 reach threshold 4."""
    g = neutral_case()
    assert g.phase == "neutral" and legal(g) == {"neutral yes", "neutral no"}
    events = g.apply("neutral yes")
    assert events[0] == {"kind": "neutral", "seat": 0, "declared": True, "count": 2}
    assert of_kind(events, "strike")[0]["neutral"] == 2  # the strike tells how many (R6.3)
    (revealed,) = of_kind(events, "token_revealed")
    assert (revealed["cubes"], revealed["outbreak"]) == (4, True)
    assert cubes_in(g, "Hispania") == [0, 0, 0, 0]


def test_r6_3_without_the_declaration_only_player_cubes_count():
    """R6.3: declining: 2 cubes < threshold 4, no outbreak."""
    g = neutral_case()
    events = g.apply("neutral no")
    (revealed,) = of_kind(events, "token_revealed")
    assert (revealed["cubes"], revealed["outbreak"]) == (2, False)
    assert cubes_in(g, "Hispania") == [1, 1, 0, 0]


def test_r6_3_neutral_cubes_alone_never_start_a_strike():
    """R6.3: neutral cubes alone never start a strike (R5.3 needs a player cube): the
    Knight is not even asked."""
    g = neutral_case(cubes=(0, 0, 0, 0))
    assert g.phase == "turn" and g.current_player == 1
    assert rats_in(g, "Hispania") == 1


def test_r6_3_neutral_cubes_never_removed_never_majority():
    """R6.3: neutral cubes are never removed and never count for majority: with M and one
    cube of seat 1, seat 1 has the majority (not the two neutral cubes)."""
    g = neutral_case("2 M K W", cubes=(0, 1, 0, 0))
    events = g.apply("neutral yes")
    assert [(e["seat"], e["symbol"]) for e in of_kind(events, "cube_killed")] == [(1, "M")]
    (revealed,) = of_kind(events, "token_revealed")
    assert revealed["cubes"] == 3


def test_r6_3_only_the_knights_holder_when_active_is_asked():
    """R6.3: the choice belongs to the active player holding the Knight."""
    g = (Scenario(4).plague("Gallia").cards(Knight=2)
         .rats(Hispania=["4 A P B C"]).cubes(Hispania=[1, 1, 0, 0]).game())
    g.apply("plague Hispania")
    events = g.apply("spread Italia")
    assert "neutral" not in kinds(events) and of_kind(events, "strike")[0]["neutral"] == 0


# -- R6.4 Peasant -----------------------------------------------------------------------------


def test_r6_4_peasant_places_one_more_than_usual():
    """R6.4: 4 in a region with 3 rats (or the usual 3), 1 in a region with none."""
    g = (Scenario(4).plague("Anglia").cards(Peasant=0)
         .rats(Gallia=["1 P B", "1 M C", "2 M K W"]).game())
    places = {str(a) for a in g.legal_actions() if a.kind == "place"}
    assert {"place Gallia 3", "place Gallia 4", "place Italia 1"} <= places
    assert "place Gallia 5" not in places and "place Italia 2" not in places
    g.apply("place Gallia 4")
    assert cubes_in(g, "Gallia") == [4, 0, 0, 0]
    rejects(g, "place Italia 1", "placed")  # still only one phase B


def test_r6_4_peasant_with_a_short_reserve():
    """R6.4 with R4.2 Ruling: one more than usual, but never more than the reserve holds."""
    g = (Scenario(4).plague("Anglia").cards(Peasant=0).fill_reserve(0, 3, "Anglia")
         .rats(Gallia=["1 P B", "1 M C", "2 M K W"]).game())
    assert [str(a) for a in g.legal_actions() if a.kind == "place" and a.args[0] == "Gallia"] \
        == ["place Gallia 3"]


# -- R6.5 Merchant -----------------------------------------------------------------------------


def test_r6_5_merchant_moves_one_to_three_cubes_to_one_neighbour():
    """R6.5: one, two or three of your cubes from one region to one neighbouring region."""
    g = Scenario(4).plague("Anglia").cards(Merchant=0).cubes(Gallia=[4, 1, 0, 0]).game()
    moves = {str(a) for a in g.legal_actions() if a.kind == "merchant"}
    assert moves == {f"merchant Gallia {n} {k}" for n in ("Anglia", "Hispania", "Germania",
                                                          "Italia") for k in (1, 2, 3)}
    events = g.apply("merchant Gallia Italia 3")
    assert events == [{"kind": "merchant", "seat": 0, "region": "Gallia", "to": "Italia",
                       "count": 3}]
    assert cubes_in(g, "Gallia") == [1, 1, 0, 0] and cubes_in(g, "Italia") == [3, 0, 0, 0]
    rejects(g, "merchant Gallia Italia 1", "ability_used")


def test_r6_5_merchant_limits():
    """R6.5: only your own cubes, only as many as you have there, only to a neighbour."""
    g = Scenario(4).plague("Anglia").cards(Merchant=0).cubes(Gallia=[2, 3, 0, 0]).game()
    rejects(g, "merchant Gallia Italia 3", "too_few_cubes")
    rejects(g, "merchant Gallia Polonia 1", "not_neighbour")
    rejects(g, "merchant Italia Gallia 1", "too_few_cubes")


# -- R6.6 Witch -----------------------------------------------------------------------------


def witch_game():
    return (Scenario(4).plague("Anglia").cards(Witch=0)
            .rats(Gallia=["1 P B", "2 M K R"], Polonia=["5 M A P B W"]).game())


def test_r6_6_witch_looks_at_one_token_privately():
    """R6.6: look at any one face-down token; R8.3: what you saw is yours alone."""
    g = witch_game()
    (event,) = g.apply("witch Gallia/2")
    assert event["face"] == face_of("2 M K R") and event["private_to"] == 0
    assert "face" not in event.visible_to(1) and "face" not in event.visible_to(None)
    assert event.visible_to(0)["face"] == face_of("2 M K R")
    assert g.view(0)["board"]["Gallia"]["tokens"] == [None, face_of("2 M K R")]
    for seat in (1, 2, 3, None):
        assert g.view(seat)["board"]["Gallia"]["tokens"] == [None, None]
    # The others see that she looked, and at which token.
    assert g.view(1)["turn"]["witch_looks"] == [["Gallia", 2]]


def test_r6_6_witch_second_look_then_swap():
    """R6.6: then a second look (same or another region), then optionally swap the two."""
    g = witch_game()
    g.apply("witch Gallia/1")
    assert "witch Gallia/1" not in legal(g)  # the second look is at another token
    assert {"witch Gallia/2", "witch Polonia/1", "witch done"} == legal(g)
    rejects(g, "take King", "witch_pending")
    g.apply("witch Polonia/1")
    assert legal(g) == {"witch swap", "witch done"}
    events = g.apply("witch swap")
    assert events == [{"kind": "witch_swap", "seat": 0, "a": ["Gallia", 1],
                       "b": ["Polonia", 1]}]
    rats = saved(g)["rats"]
    assert rats["Gallia"] == [token("5 M A P B W"), token("2 M K R")]
    assert rats["Polonia"] == [token("1 P B")]
    # She still knows both faces where they now lie; nobody else does.
    assert g.view(0)["board"]["Gallia"]["tokens"] == [face_of("5 M A P B W"), None]
    assert g.view(0)["board"]["Polonia"]["tokens"] == [face_of("1 P B")]
    assert g.view(2)["board"]["Polonia"]["tokens"] == [None]


def test_r6_6_witch_swap_in_one_region_is_not_offered():
    """R6.6: a swap only matters between regions; within one region it is not offered."""
    g = witch_game()
    g.apply("witch Gallia/1")
    g.apply("witch Gallia/2")
    assert legal(g) == {"witch done"}


def test_r6_6_witch_may_stop_after_one_look_and_only_once_per_turn():
    """R6.6: the second look is optional; R6: once per turn."""
    g = witch_game()
    g.apply("witch Gallia/1")
    assert g.apply("witch done") == [{"kind": "witch_done", "seat": 0}]
    assert not any(a.kind == "witch" for a in g.legal_actions())
    rejects(g, "witch Polonia/1", "ability_used")


def test_r6_6_the_witch_keeps_knowing_a_face_after_it_moves_and_loses_the_card():
    """R6.6: you keep knowing a token's face while it stays face down, even after it moves
    (here by the Monk), and even after the Witch card changes hands."""
    g = (Scenario(4).plague("Anglia").cards(Witch=0, Monk=1)
         .rats(Gallia=["1 P B"], Hispania=["1 M C"]).game())
    g.apply("witch Gallia/1")
    g.apply("witch done")
    g.apply("plague Scandia")
    g.apply("take Witch")  # seat 1 takes the Witch away
    g.apply("monk Gallia/1 Hispania")
    assert g.view(0)["board"]["Hispania"]["tokens"] == [None, face_of("1 P B")]
    assert g.view(1)["board"]["Hispania"]["tokens"] == [None, None]


def test_r6_6_knowledge_ends_when_the_token_is_revealed():
    """R6.6: the knowledge is of a face-down token; once revealed the face is public."""
    g = (Scenario(4).plague("Anglia").cards(Witch=0)
         .rats(Gallia=["1 P B"]).cubes(Gallia=[1, 0, 0, 0]).game())
    g.apply("witch Gallia/1")
    g.apply("witch done")
    g.apply("plague Gallia")
    g.apply("spread Hispania")
    assert g.view(0)["revealed"] == g.view(1)["revealed"] == [face_of("1 P B")]
    assert all(t is None for b in g.view(0)["board"].values() for t in b["tokens"])


@pytest.mark.parametrize("card,action", [("King", "king Italia"), ("Monk", "monk Gallia/1 Italia"),
                                          ("Merchant", "merchant Italia Gallia 1"),
                                          ("Witch", "witch Gallia/1")])
def test_r6_abilities_need_the_card(card, action):
    """R6: an ability belongs to the card's holder."""
    g = Scenario(4).plague("Anglia").rats(Gallia=["1 P B"]).cubes(Italia=[2, 0, 0, 0]).game()
    rejects(g, action, "no_card")
    g.apply(f"take {card}")
    g.apply(action)
    assert isinstance(g, rattus.Game)
