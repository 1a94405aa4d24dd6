"""R5 The plague in the plague region: spread, strike, thresholds, symbols; and the
rulebook's worked example R5.6, step by step."""

import pytest
from scenario import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
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

# Neighbours with 4 players: Hispania — Gallia, Italia; Gallia — Anglia Hispania Germania Italia.


def at_hispania(rats, cubes=(0, 0, 0, 0), **extra_rats):
    """Seat 0 to move the plague from Gallia to Hispania, which holds ``rats``."""
    return (Scenario(4).plague("Gallia").rats(Hispania=list(rats), **extra_rats)
            .cubes(Hispania=list(cubes)))


@pytest.mark.parametrize("rats,drawn", [(0, 0), (1, 1), (2, 2), (3, 2)])
def test_r5_1_spread_counts_rats_before_anything_else(rats, drawn):
    """R5.1: 0 rats → nothing; 1 → one token drawn; 2 or 3 → two."""
    faces = ["5 M A P B W", "5 A P B C R", "4 A C K R"][:rats]
    g = at_hispania(faces).game()
    supply = g.view(None)["supply"]
    g.apply("plague Hispania")
    spreads = 0
    while g.phase == "spread":
        assert legal(g) == {"spread Gallia", "spread Italia"}  # the neighbours in play
        g.apply("spread Italia")
        spreads += 1
    assert spreads == drawn
    assert g.view(None)["supply"] == supply - drawn
    assert rats_in(g, "Italia") == drawn
    assert rats_in(g, "Hispania") == rats  # no cube there: no strike


def test_r5_1_both_tokens_may_go_to_one_region_or_one_each():
    """R5.1: both on one neighbour, or one each on two neighbours."""
    for targets in (["Italia", "Italia"], ["Gallia", "Italia"]):
        g = at_hispania(["5 M A P B W", "5 A P B C R"]).game()
        g.apply("plague Hispania")
        events = []
        for t in targets:
            events += g.apply(f"spread {t}")
        spread = of_kind(events, "rat_spread")
        assert [(e["region"], e["left"]) for e in spread] == [(targets[0], 1), (targets[1], 0)]
        assert rats_in(g, "Italia") == targets.count("Italia")


def test_r5_1_spread_only_to_neighbours_of_the_plague_region():
    """R5.1: each drawn token goes to a neighbouring region in play of the plague region."""
    g = at_hispania(["5 M A P B W"]).game()
    g.apply("plague Hispania")
    rejects(g, "spread Germania", "not_neighbour")
    rejects(g, "take King", "spread_pending")


def test_r5_1_spread_tokens_are_drawn_from_the_supply_face_down():
    """R5.1: the drawn token is the supply's next one, and lies face down."""
    g = at_hispania(["5 M A P B W"]).supply_top(["1 K W"]).game()
    g.apply("plague Hispania")
    g.apply("spread Gallia")
    assert saved(g)["rats"]["Gallia"] == [token("1 K W")]
    assert g.view(0)["board"]["Gallia"]["tokens"] == [None]


def test_r5_2_a_neighbour_with_three_rats_cannot_be_chosen():
    """R5.2: at most three rat tokens per region: a full neighbour is not a spread target."""
    g = at_hispania(["5 M A P B W", "5 A P B C R"],
                    Italia=["1 P B", "1 M C", "2 M K W"]).game()
    g.apply("plague Hispania")
    assert legal(g) == {"spread Gallia"}
    rejects(g, "spread Italia", "region_full")


def test_r5_2_every_neighbour_full_no_token_drawn():
    """R5.2: if every neighbour holds 3, the remaining tokens are not drawn."""
    g = at_hispania(["5 M A P B W", "5 A P B C R"],
                    Italia=["1 P B", "1 M C", "2 M K W"],
                    Gallia=["2 M K R", "2 P W R", "3 M B C"]).game()
    supply = g.view(None)["supply"]
    events = g.apply("plague Hispania")
    assert {"kind": "spread_stopped", "region": "Hispania", "undrawn": 2,
            "reason": "full"} in events
    assert g.view(None)["supply"] == supply and g.current_player == 1


def test_r5_2_the_second_token_stops_when_the_only_neighbour_fills_up():
    """R5.2: a neighbour that fills up with the first token cannot take the second."""
    g = at_hispania(["5 M A P B W", "5 A P B C R"],
                    Italia=["1 P B", "1 M C", "2 M K W"], Gallia=["2 M K R", "2 P W R"]).game()
    g.apply("plague Hispania")
    events = g.apply("spread Gallia")
    assert {"kind": "spread_stopped", "region": "Hispania", "undrawn": 1,
            "reason": "full"} in events
    assert rats_in(g, "Gallia") == 3


def test_r5_2_also_limits_the_monk():
    """R5.2: this also limits the Monk: no move into a region holding 3."""
    g = (Scenario(4).plague("Anglia").cards(Monk=0)
         .rats(Hispania=["1 P B"], Italia=["1 M C", "2 M K W", "2 M K R"]).game())
    assert "monk Hispania/1 Italia" not in legal(g)
    rejects(g, "monk Hispania/1 Italia", "region_full")


def test_r5_2_ruling_supply_runs_out_during_the_spread():
    """R5.2 Ruling: if the supply runs out during the spread, the rest is simply not placed."""
    g = at_hispania(["5 M A P B W", "5 A P B C R"]).supply_size(1).game()
    g.apply("plague Hispania")
    events = g.apply("spread Italia")
    assert {"kind": "spread_stopped", "region": "Hispania", "undrawn": 1,
            "reason": "supply"} in events
    assert g.view(None)["supply"] == 0


def test_r5_3_no_strike_without_player_cubes():
    """R5.3: no player cube in the plague region: no strike, tokens stay face down."""
    g = at_hispania(["1 P B"]).game()
    events = g.apply("plague Hispania")
    events += g.apply("spread Gallia")
    assert {"kind": "no_strike", "region": "Hispania", "reason": "no cubes"} in events
    assert rats_in(g, "Hispania") == 1 and not g.view(None)["revealed"]


def test_r5_3_no_strike_without_rats():
    """R5.3: no rat token in the plague region: no strike (and no spread, R5.1)."""
    g = at_hispania([], cubes=(3, 0, 0, 0)).game()
    events = g.apply("plague Hispania")
    assert {"kind": "no_strike", "region": "Hispania", "reason": "no rats"} in events
    assert cubes_in(g, "Hispania") == [3, 0, 0, 0]


def test_r5_3_ruling_tokens_revealed_oldest_first():
    """R5.3 Ruling: revealed one at a time in the order they arrived, oldest first."""
    faces = ["5 M A P B W", "5 A P B C R", "4 A C K R"]
    g = at_hispania(faces, cubes=(1, 1, 0, 0)).game()
    g.apply("plague Hispania")
    g.apply("spread Italia")
    events = g.apply("spread Italia")
    assert [e["face"] for e in of_kind(events, "token_revealed")] == [face_of(f) for f in faces]
    assert g.view(None)["revealed"] == [face_of(f) for f in faces]


def test_r5_3_ruling_a_spread_token_arrives_last():
    """R5.3 Ruling: a token spread into a region arrives after those already there."""
    g = (Scenario(4).plague("Gallia").cubes(Italia=[1, 0, 0, 0])
         .rats(Italia=["5 M A P B W"], Hispania=["5 A P B C R"]).supply_top(["4 A C K R"])
         .game())
    g.apply("plague Hispania")  # 1 rat: the next token goes to Italia
    g.apply("spread Italia")
    events = g.apply("plague Italia")  # seat 1: Italia holds 2 rats → 2 spread, then strike
    while g.phase == "spread":
        events += g.apply("spread Gallia")
    revealed = [e["face"] for e in of_kind(events, "token_revealed")]
    assert revealed == [face_of("5 M A P B W"), face_of("4 A C K R")]


def test_r5_3_evaluation_stops_when_no_cubes_remain():
    """R5.3: evaluation stops as soon as the region holds no player cubes; the tokens still
    face down stay where they are."""
    g = at_hispania(["1 M C", "1 P B", "1 K W"], cubes=(1, 0, 0, 0)).game()
    g.apply("plague Hispania")
    g.apply("spread Italia")
    events = g.apply("spread Italia")
    assert len(of_kind(events, "token_revealed")) == 1  # the M killed the only cube
    assert of_kind(events, "cube_killed") == [
        {"kind": "cube_killed", "seat": 0, "region": "Hispania", "symbol": "M"}]
    assert rats_in(g, "Hispania") == 2
    assert g.view(None)["revealed"] == [face_of("1 M C")]


def test_r5_3_evaluation_stops_when_no_rats_remain():
    """R5.3: ... or no more rat tokens (every token revealed; the cubes that survive stay)."""
    g = at_hispania(["5 M A P B W"], cubes=(2, 0, 0, 0)).game()
    g.apply("plague Hispania")
    events = g.apply("spread Italia")
    assert len(of_kind(events, "token_revealed")) == 1
    assert rats_in(g, "Hispania") == 0 and cubes_in(g, "Hispania") == [2, 0, 0, 0]


@pytest.mark.parametrize("cubes,outbreak", [((1, 1, 0, 0), False), ((2, 1, 0, 0), True),
                                            ((1, 1, 1, 1), True)])
def test_r5_4_outbreak_when_cubes_of_all_colours_reach_the_threshold(cubes, outbreak):
    """R5.4: n = player cubes in the region, all colours; n ≥ threshold → outbreak."""
    g = at_hispania(["3 A P B"], cubes=cubes).game()
    g.apply("plague Hispania")
    events = g.apply("spread Italia")
    (revealed,) = of_kind(events, "token_revealed")
    assert revealed["cubes"] == sum(cubes) and revealed["threshold"] == 3
    assert revealed["outbreak"] is outbreak
    killed = [c - 1 if c else 0 for c in cubes] if outbreak else list(cubes)
    assert cubes_in(g, "Hispania") == killed


def test_r5_4_revealed_token_leaves_the_game_either_way():
    """R5.4: either way the revealed token leaves the game (face up, for everyone)."""
    g = at_hispania(["5 M A P B W", "1 K W"], cubes=(1, 0, 0, 0)).game()
    supply = g.view(None)["supply"]
    g.apply("plague Hispania")
    g.apply("spread Italia")
    g.apply("spread Italia")
    v = g.view(2)
    assert v["revealed"] == [face_of("5 M A P B W"), face_of("1 K W")]
    assert rats_in(g, "Hispania") == 0 and v["supply"] == supply - 2


def test_r5_4_threshold_counts_cubes_at_that_moment():
    """R5.4: n is counted anew for each token, after the previous token's kills."""
    g = at_hispania(["2 A B C", "3 A P B"], cubes=(2, 1, 0, 0)).game()
    g.apply("plague Hispania")
    g.apply("spread Italia")
    events = g.apply("spread Italia")
    first, second = of_kind(events, "token_revealed")
    assert (first["cubes"], first["outbreak"]) == (3, True)  # A: [1, 0]
    assert (second["cubes"], second["outbreak"]) == (1, False)
    assert cubes_in(g, "Hispania") == [1, 0, 0, 0]


def strike_with(face, cubes, cards=None):
    """Seat 0 moves the plague into Hispania, which holds one token ``face`` and ``cubes``
    (thresholds are met: the token is a low one or the cubes are many)."""
    sc = at_hispania([face], cubes=cubes)
    if cards:
        sc.cards(**cards)
    g = sc.game()
    g.apply("plague Hispania")
    events = g.apply("spread Italia")
    return g, of_kind(events, "cube_killed")


def test_r5_5_majority_the_player_with_most_cubes_loses_one():
    """R5.5.1: M: the player with the most cubes of their colour loses one."""
    g, killed = strike_with("1 M B", (3, 1, 2, 0))
    assert [(e["seat"], e["symbol"]) for e in killed] == [(0, "M")]
    assert cubes_in(g, "Hispania") == [2, 1, 2, 0]


def test_r5_5_majority_tie_every_tied_player_loses_one():
    """R5.5.1: on a tie every tied player loses one."""
    g, killed = strike_with("1 M B", (2, 1, 2, 0))
    assert [e["seat"] for e in killed] == [0, 2]
    assert cubes_in(g, "Hispania") == [1, 1, 1, 0]


def test_r5_5_majority_comes_before_class_symbols():
    """R5.5: M first, then the class symbol, against the cubes as they stand (here the
    order matters: class first would have made the M hit both)."""
    g, killed = strike_with("1 M B", (1, 2, 0, 0), cards={"Merchant": 1})
    assert [(e["seat"], e["symbol"]) for e in killed] == [(1, "M"), (1, "B")]
    assert cubes_in(g, "Hispania") == [1, 0, 0, 0]


def test_r5_5_all_every_player_with_a_cube_loses_one():
    """R5.5.2: A: every player with a cube in the region loses one."""
    g, killed = strike_with("2 A B C", (2, 1, 0, 3))
    assert sorted(e["seat"] for e in killed) == [0, 1, 3]
    assert cubes_in(g, "Hispania") == [1, 0, 0, 2]


def test_r5_5_each_symbol_applies_two_alls_hit_twice():
    """R5.5: each A is applied: a token with A A kills two cubes of everyone there."""
    g, killed = strike_with("5 M A A P B", (3, 2, 1, 0))
    # M: seat 0 (3→2); A: 2,2,1 → 1,1,0; A: 0,0,0
    assert cubes_in(g, "Hispania") == [0, 0, 0, 0]
    assert [e["symbol"] for e in killed] == ["M", "A", "A", "A", "A", "A"]


def test_r5_5_class_symbol_hits_the_card_holder():
    """R5.5.3: the player holding the class card loses one cube in the region."""
    g, killed = strike_with("1 K W", (2, 2, 0, 0), cards={"Knight": 1, "Witch": 0})
    assert sorted((e["seat"], e["symbol"]) for e in killed) == [(0, "W"), (1, "K")]
    assert cubes_in(g, "Hispania") == [1, 1, 0, 0]


def test_r5_5_holder_without_cube_there_and_unheld_card_hit_nobody():
    """R5.5: a player with no cube left in the region is not affected; a card beside the
    board hits nobody."""
    g, killed = strike_with("1 K W", (2, 0, 0, 0), cards={"Knight": 1})
    assert killed == [] and cubes_in(g, "Hispania") == [2, 0, 0, 0]


def test_r5_5_lost_cubes_go_back_to_the_reserve():
    """R5.5 with R1.2: lost cubes go back to the owner's reserve, to be placed again."""
    g, killed = strike_with("2 A B C", (2, 1, 0, 0))
    assert g.view(None)["reserve"][:2] == [19, 20]


# -- R5.6: the rulebook's worked example, step by step ------------------------------------

def test_r5_6_worked_example_gallia():
    """R5.6: Yellow holds the Knight; Green Peasant and Merchant; Blue Monk, Witch, King.
    Red moves the plague to Gallia: 3 rats, 2 green cubes, 1 yellow cube."""
    t1, t2, t3 = "1 B C", "3 A P B", "2 M B C"  # thresholds 1, 3, 2 as in the rulebook
    g = (Scenario(4).plague("Anglia")
         .cards(Knight=YELLOW, Peasant=GREEN, Merchant=GREEN, Monk=BLUE, Witch=BLUE, King=BLUE)
         .cubes(Gallia=[0, 1, 2, 0])
         .rats(Gallia=[t1, t2, t3])
         .supply_top(["5 M A P B W", "5 A P B C R"])
         .turn(RED).game())

    # Red moves the plague to Gallia. Spread: 3 rats → 2 new rats, to be placed by Red.
    events = g.apply("plague Gallia")
    assert kinds(events) == ["plague_moved"]
    assert g.phase == "spread" and g.current_player == RED
    assert legal(g) == {"spread Anglia", "spread Hispania", "spread Germania", "spread Italia"}
    events = g.apply("spread Hispania")
    assert kinds(events) == ["rat_spread"] and events[0]["left"] == 1
    assert rats_in(g, "Gallia") == 3  # spreading adds nothing to the plague region

    # Red puts the second one in Hispania too; the strike follows at once.
    events = g.apply("spread Hispania")
    assert rats_in(g, "Hispania") == 2
    assert kinds(events) == [
        "rat_spread",
        "strike",
        "token_revealed", "cube_killed",           # token 1: Green loses a cube (Merchant)
        "token_revealed",                          # token 2: no effect
        "token_revealed", "cube_killed", "cube_killed",  # token 3: M tie Green & Yellow
        "turn",
    ]
    strike = events[1]
    assert strike == {"kind": "strike", "region": "Gallia", "cubes": 3, "neutral": False}

    # Token 1: threshold 1, Merchant and Monk; 3 ≥ 1: Green (Merchant) loses a cube,
    # Blue (Monk) has no cube there.
    assert events[2] == {"kind": "token_revealed", "region": "Gallia", "face": face_of(t1),
                         "cubes": 3, "threshold": 1, "outbreak": True}
    assert events[3] == {"kind": "cube_killed", "seat": GREEN, "region": "Gallia",
                         "symbol": "B"}
    # Token 2: threshold 3; only 2 cubes remain: no effect.
    assert events[4] == {"kind": "token_revealed", "region": "Gallia", "face": face_of(t2),
                         "cubes": 2, "threshold": 3, "outbreak": False}
    # Token 3: threshold 2 with M, Merchant, Monk; 2 ≥ 2: Green and Yellow tied for the
    # majority each lose a cube; the Merchant and Monk symbols have no one left to hit.
    assert events[5] == {"kind": "token_revealed", "region": "Gallia", "face": face_of(t3),
                         "cubes": 2, "threshold": 2, "outbreak": True}
    assert [(e["seat"], e["symbol"]) for e in events[6:8]] == [(YELLOW, "M"), (GREEN, "M")]
    assert events[8] == {"kind": "turn", "seat": YELLOW, "final": False}

    # Gallia is now empty: no cubes, no rats; the three tokens are out of the game, face up.
    assert cubes_in(g, "Gallia") == [0, 0, 0, 0]
    assert rats_in(g, "Gallia") == 0
    assert g.view(BLUE)["revealed"] == [face_of(t1), face_of(t2), face_of(t3)]
    assert g.view(None)["reserve"] == [20, 20, 20, 20]


def test_r5_6_cubes_after_each_token():
    """R5.6 again, one token at a time: Gallia's cubes (Red, Yellow, Green, Blue) after each."""
    expected_after = [[0, 1, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
    g = (Scenario(4).plague("Anglia")
         .cards(Knight=YELLOW, Peasant=GREEN, Merchant=GREEN, Monk=BLUE, Witch=BLUE, King=BLUE)
         .cubes(Gallia=[0, 1, 2, 0]).rats(Gallia=["1 B C", "3 A P B", "2 M B C"]).game())
    g.apply("plague Gallia")
    g.apply("spread Hispania")
    events = g.apply("spread Hispania")
    cubes = [0, 1, 2, 0]
    after = []
    for e in events:
        if e["kind"] == "cube_killed":
            cubes[e["seat"]] -= 1
            after[-1] = list(cubes)
        elif e["kind"] == "token_revealed":
            after.append(list(cubes))
    assert after == expected_after
    assert RED not in {e.get("seat") for e in of_kind(events, "cube_killed")}
