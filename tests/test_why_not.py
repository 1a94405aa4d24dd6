"""``Game.why_not``: why an action — or the start of one — is not legal now (docs/notation.md,
"Legal versus well-formed"). Legality comes from ``legal_actions()`` alone (its single source); the
refusal is the very one ``apply`` raises, and asking never changes the game."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenario import ANY_ACTION, PROPERTY, Scenario, random_state, rejects

import rattus
from rattus.refusals import REASONS

SEEDS = st.integers(0, 2**31 - 1)
PLAYERS = st.sampled_from([2, 3, 4])


def partials(g: rattus.Game) -> list[str]:
    """Every partial action of the kinds that have one, over the regions in play
    (legal or not): ``place R``, ``monk R/i``, ``merchant R``, ``merchant R T``."""
    regions = g.view(None)["regions"]
    out = [f"place {r}" for r in regions] + [f"merchant {r}" for r in regions]
    out += [f"monk {r}/{i}" for r in regions for i in (1, 2, 3)]
    out += [f"merchant {r} {t}" for r in regions for t in regions]
    return out


def starts_some_legal_action(g: rattus.Game, text: str) -> bool:
    kind, *words = text.split()
    return any(str(a).startswith(f"{kind} {' '.join(words)} ") for a in g.legal_actions())


def refusal_of_apply(g: rattus.Game, action) -> dict:
    with pytest.raises(rattus.IllegalAction) as info:
        g.apply(action)
    e = info.value
    return {"reason": e.reason, "details": e.details, "message": str(e)}


# -- properties over random positions -------------------------------------------------------

@PROPERTY
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(0, 400))
def test_every_legal_action_and_every_start_of_one_is_not_refused(players, seed, steps):
    """None for each legal action, in notation and as an Action, and for each partial action
    a legal one starts with."""
    g = random_state(players, seed, steps)
    before = g.to_json()
    for a in g.legal_actions():
        assert g.why_not(a) is None and g.why_not(str(a)) is None
    for text in partials(g):
        if starts_some_legal_action(g, text):
            assert g.why_not(text) is None, text
    assert g.to_json() == before


@PROPERTY
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(0, 400),
       attempts=st.lists(ANY_ACTION, min_size=1, max_size=40))
def test_why_not_agrees_with_apply_for_full_actions(players, seed, steps, attempts):
    """For a full action: None exactly when it is legal; otherwise the reason, details and
    message of the IllegalAction that ``apply`` raises (one code path); the game unchanged."""
    g = random_state(players, seed, steps)
    before = g.to_json()
    legal = set(g.legal_actions())
    for action in attempts:
        found = g.why_not(action)
        if action in legal:
            assert found is None
            continue
        assert found == refusal_of_apply(g, action) == g.why_not(str(action))
        assert found["reason"] in REASONS and found["message"]
    assert g.to_json() == before


@PROPERTY
@given(players=PLAYERS, seed=SEEDS, steps=st.integers(0, 400))
def test_a_partial_action_is_refused_exactly_when_no_legal_action_starts_with_it(
        players, seed, steps):
    """``place R`` (any count), ``monk R/i`` (any destination), ``merchant R`` and ``merchant
    R T``: None if some legal action starts like that, else a reason; the game unchanged."""
    g = random_state(players, seed, steps)
    before = g.to_json()
    for text in partials(g):
        found = g.why_not(text)
        assert (found is None) == starts_some_legal_action(g, text), (text, found)
        if found is not None:
            assert found["reason"] in REASONS and found["reason"] != "bad_notation"
            assert found["message"]
    assert g.to_json() == before


# -- each reason, reachable -----------------------------------------------------------------

def quiet(players=2):
    """Plague on Gallia, no rats, no cubes, seat 0 to play a regular turn (R4)."""
    return Scenario(players).plague("Gallia")


def applied(g: rattus.Game, *actions: str) -> rattus.Game:
    for a in actions:
        g.apply(a)
    return g


def spread_pending():
    g = quiet(4).rats(Hispania=["1 P B"]).game()
    return applied(g, "plague Hispania")  # R5.1: one token to spread


def neutral_pending():
    g = quiet(4).cards(Knight=0).rats(Hispania=["4 A P B C"]).cubes(Hispania=[1, 1, 0, 0]).game()
    return applied(g, "plague Hispania", "spread Italia")  # R6.3: the Knight's question


def final_turn():
    g = (Scenario(4).plague("Gallia").rats(Hispania=["1 P B"]).supply_top(["1 K W"])
         .supply_size(1).turn(0).game())
    return applied(g, "plague Hispania", "spread Italia")  # R7.1a, then R7.2


def game_over():
    g = final_turn()
    while not g.is_over:
        g.apply("end")
    return g


def full_neighbours():
    """Anglia's neighbours with 2 players (Gallia, Scandia) hold 3 tokens each (R5.2)."""
    return (quiet().cards(Monk=0).plague("Italia")
            .rats(Anglia=["1 P B"], Gallia=["1 M C", "2 M K W", "2 M K R"],
                  Scandia=["2 P W R", "3 M B C", "3 A P B"]).game())


#: reason -> (the rule, a position, an action refused for that reason)
CASES = {
    "bad_notation": ("notation", lambda: quiet().game(), "fly Gallia"),
    "not_in_play": ("R2.1", lambda: quiet().game(), "plague Russia"),
    "game_over": ("R7.4", game_over, "end"),
    "setup_pending": ("R3.5", lambda: rattus.new_game(2, seed=1), "take King"),
    "spread_pending": ("R5.1", spread_pending, "take King"),
    "neutral_pending": ("R6.3", neutral_pending, "take King"),
    "witch_pending": ("R6.6", lambda: applied(
        quiet().cards(Witch=0).rats(Gallia=["1 P B"]).game(), "witch Gallia/1"), "take King"),
    "final_round": ("R7.2", final_turn, "take King"),
    "turn_ends_with_plague": ("R4.3", lambda: quiet().game(), "end"),
    "no_card": ("R6", lambda: quiet().cubes(Italia=[1, 0]).game(), "king Italia"),
    "ability_used": ("R6", lambda: applied(
        quiet().cards(King=0).cubes(Italia=[2, 0]).game(), "king Italia"), "king Italia"),
    "card_taken": ("R4.1", lambda: applied(quiet().game(), "take King"), "take Monk"),
    "card_held": ("R4.1", lambda: quiet().cards(King=0).game(), "take King"),
    "placed": ("R4.2", lambda: applied(
        quiet().rats(Italia=["1 P B"]).game(), "place Italia 1"), "place Italia"),
    "reserve_empty": ("R4.2", lambda: quiet().rats(Italia=["1 P B"])
                      .fill_reserve(0, 0, "Hispania").game(), "place Italia"),
    "no_rats": ("R4.2", lambda: quiet().game(), "place Italia"),
    "wrong_count": ("R4.2", lambda: quiet().rats(Italia=["1 P B", "1 M C"]).game(),
                    "place Italia 1"),
    "region_has_rats": ("R6.1", lambda: quiet().cards(King=0).rats(Italia=["1 P B"])
                        .cubes(Italia=[1, 0]).game(), "king Italia"),
    "no_cube_there": ("R6.5", lambda: quiet().cards(Merchant=0).game(), "merchant Italia"),
    "not_neighbour": ("R6.5", lambda: quiet().cards(Merchant=0).cubes(Italia=[1, 0]).game(),
                      "merchant Italia Anglia"),
    "no_token": ("R6.2", lambda: quiet().cards(Monk=0).rats(Italia=["1 P B"]).game(),
                 "monk Italia/2"),
    "region_full": ("R6.2, R5.2", full_neighbours, "monk Anglia/1 Gallia"),
    "neighbours_full": ("R6.2, R5.2", full_neighbours, "monk Anglia/1"),
    "too_few_cubes": ("R6.5", lambda: quiet().cards(Merchant=0).cubes(Italia=[1, 0]).game(),
                      "merchant Italia Gallia 2"),
    "plague_stay": ("R4.3", lambda: quiet().game(), "plague Gallia"),
    "plague_too_far": ("R4.3, R6.3", lambda: quiet().game(), "plague Polonia"),
    "not_now": ("R3.5", lambda: quiet().game(), "setup Gallia"),
}


def test_every_reason_has_a_case():
    assert set(CASES) == set(REASONS)


@pytest.mark.parametrize("reason", sorted(CASES))
def test_each_refusal_reason_is_reachable(reason):
    """Each reason key (docs/notation.md) comes out of why_not, with the game unchanged; for a
    full action it is the one apply raises."""
    rule, make, action = CASES[reason]
    g = make()
    before = g.to_json()
    found = g.why_not(action)
    assert found is not None and found["reason"] == reason, (rule, action, found)
    assert found["message"] and isinstance(found["details"], dict)
    assert g.to_json() == before
    if reason == "bad_notation" or _is_full(action):
        assert refusal_of_apply(g, action) == found
        rejects(g, action, reason)


def _is_full(text: str) -> bool:
    try:
        rattus.parse_action(text)
    except rattus.IllegalAction:
        return False
    return True


# -- partial actions, as a UI asks them ------------------------------------------------------

def test_r4_2_place_in_a_region_without_rats_and_after_placing():
    """R4.2: ``place R`` — a region without rats takes none; once placed, no more this turn."""
    g = quiet().rats(Italia=["1 P B", "1 M C"]).game()
    assert g.why_not("place Italia") is None  # 2 cubes, or 3 with the Peasant
    assert g.why_not("place Gallia")["reason"] == "no_rats"
    assert g.why_not("place Gallia")["details"] == {"region": "Gallia"}
    g.apply("place Italia 2")
    assert g.why_not("place Italia")["reason"] == "placed"


def test_r6_2_monk_token_with_no_neighbour_that_has_room():
    """R6.2, R5.2: ``monk R/i`` — some neighbour must hold fewer than 3 tokens."""
    g = full_neighbours()
    found = g.why_not("monk Anglia/1")
    assert found == {"reason": "neighbours_full", "details": {"region": "Anglia"},
                     "message": "every neighbour of Anglia already holds 3 rat tokens"}
    assert g.why_not("monk Gallia/1") is None  # Gallia's neighbour Hispania has room
    assert g.why_not("monk Anglia/2")["reason"] == "no_token"


def test_r6_5_merchant_from_a_region_without_own_cubes_and_to_a_non_neighbour():
    """R6.5: ``merchant R`` needs a cube of yours in R; ``merchant R T`` also T next to R."""
    g = quiet().cards(Merchant=0).cubes(Italia=[2, 3]).game()
    assert g.why_not("merchant Italia") is None
    assert g.why_not("merchant Italia Gallia") is None
    assert g.why_not("merchant Gallia")["reason"] == "no_cube_there"
    assert g.why_not("merchant Italia Anglia")["details"] == {"region": "Italia",
                                                              "to": "Anglia"}
    assert g.why_not("merchant Gallia Italia")["reason"] == "no_cube_there"


def test_partial_actions_are_refused_like_full_ones_before_their_arguments():
    """The phase and the card come first: without the Monk, ``monk R/i`` is ``no_card``."""
    g = quiet().rats(Italia=["1 P B"]).game()
    assert g.why_not("monk Italia/1")["reason"] == "no_card"
    assert g.why_not("merchant Italia")["details"] == {"card": "Merchant"}
    assert rattus.new_game(2, seed=3).why_not("place Gallia")["reason"] == "setup_pending"


def test_text_that_is_neither_an_action_nor_the_start_of_one_is_bad_notation():
    g = quiet().game()
    for text in ("", "place", "monk Gallia", "merchant", "place Atlantis", "king", 42,
                 "monk Gallia/4", "witch Gallia", "merchant Gallia Italia 4"):
        found = g.why_not(text)
        assert found["reason"] == "bad_notation" and found["details"] == {}, text
        assert found["message"]
