"""The computer opponents (docs/bots.md): legality, information hiding (RULES R8), determinisation,
sense in built scenarios, determinism, the Hard bot's budget, and the arena.

Fast on purpose (small iteration caps): the file also runs inside Pyodide.
"""

from __future__ import annotations

import random
import sys
import time

import pytest
from scenario import Scenario, token

import rattus
from rattus import rules
from rattus.bots import LEVELS, make_bot
from rattus.bots.determinize import Determinizer, determinize
from rattus.bots.evaluate import DEFAULT, HARD, expected_scores
from rattus.bots.policy import rollout_action

PYODIDE = sys.platform == "emscripten"


def fast_bot(level: str, seed: int):
    """A bot quick enough for tests; Hard capped by iterations (reproducible)."""
    if level == "hard":
        return make_bot("hard", seed=seed, iterations=12)
    return make_bot(level, seed=seed)


def play(players: int, levels: list[str], seed: int) -> rattus.Game:
    """A complete game; asserts every choice is one of the legal actions."""
    g = rattus.new_game(players, seed=seed)
    bots = [fast_bot(levels[p % len(levels)], seed * 10 + p) for p in range(players)]
    while not g.is_over:
        seat = g.current_player
        legal = g.legal_actions()
        action = bots[seat].choose(g.view(seat), legal)
        assert action in legal, f"{bots[seat]} chose illegal {action}"
        g.apply(action)
    return g


# -- legality over complete games --------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_only_legal_actions_to_the_end(players):
    levels = ["hard", "normal", "easy", "normal"][:players]
    g = play(players, levels, seed=players)
    assert g.winner() is not None


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_completes_a_game_alone(level):
    play(2, [level], seed=11)


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("grandmaster")


def test_rollout_policy_plays_only_legal_actions():
    rng = random.Random(5)
    for seed in range(12):
        g = rattus.new_game(2 + seed % 3, seed=seed)
        s = g._s
        while s.phase != "over":
            a = rollout_action(s, rng)
            assert a in rules.legal_actions(s), (a, s.phase)
            if rng.random() < 0.3:  # wander off the policy's own paths too
                a = rng.choice(rules.legal_actions(s))
            rules.apply(s, a)


# -- determinisation ---------------------------------------------------------------------------

def _random_positions(n_games: int, seed: int):
    rng = random.Random(seed)
    for k in range(n_games):
        g = rattus.new_game(2 + k % 3, seed=seed * 100 + k)
        while not g.is_over:
            yield g
            g.apply(rng.choice(g.legal_actions()))


def test_determinisation_is_a_valid_game_with_the_same_view():
    rng = random.Random(1)
    checked = witch_known = 0
    for g in _random_positions(9, seed=3):
        seat = g.current_player
        view = g.view(seat)
        d = determinize(view, rng)
        # The same view for the deciding seat (its Witch's faces included) …
        assert d.view(seat) == view
        assert d.legal_actions() == g.legal_actions()
        # … and a complete, valid state (R1.3 token conservation, R3.3 removed normal only).
        rattus.Game.from_json(d.to_json())
        witch_known += any(f for spot in view["board"].values() for f in spot["tokens"])
        checked += 1
    assert checked > 500 and witch_known > 0


def test_determinisation_deals_unknown_faces_at_random_and_keeps_known_ones():
    g = (Scenario(players=2, seed=4)
         .cubes(Gallia=[2, 0])
         .rats(Gallia=["1 M C", "5 M A P B C"], Italia=["3 M B C"])
         .game())
    g._s.knowledge[0] = {g._s.rats["Gallia"][1]}  # seat 0's Witch saw Gallia/2 (R6.6)
    view = g.view(0)
    det = Determinizer(view)
    rng = random.Random(0)
    seen_first = set()
    for _ in range(40):
        s = det.sample(rng)
        assert rattus.tokens.TOKENS[s.rats["Gallia"][1]].threshold == 5  # known: kept
        seen_first.add(s.rats["Gallia"][0])
        assert s.knowledge[0] == {s.rats["Gallia"][1]} and not s.knowledge[1]
    assert len(seen_first) > 10  # unknown: dealt at random
    assert not (set(det.pool) & {s.rats["Gallia"][1]})


# -- the bots never see the true state (R8.4) ------------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_same_view_same_choice_whatever_the_hidden_faces(level):
    rng = random.Random(9)
    compared = 0
    for g in _random_positions(3, seed=17):
        if rng.random() > 0.08 or len(g.legal_actions()) < 2:
            continue
        seat = g.current_player
        view = g.view(seat)
        other = determinize(view, random.Random(rng.random()))  # other hidden faces
        assert other.to_json() != g.to_json()
        assert other.view(seat) == view
        a = fast_bot(level, 123).choose(view, g.legal_actions())
        b = fast_bot(level, 123).choose(other.view(seat), other.legal_actions())
        assert a == b
        compared += 1
    assert compared >= 5


def test_the_bot_gets_a_copy_it_cannot_use_to_cheat():
    """The bot's inputs are the view and the legal list: no token ids, no supply order."""
    g = rattus.new_game(3, seed=2)
    view = g.view(g.current_player)
    text = repr(view)
    assert "supply" in view and isinstance(view["supply"], int)
    assert "knowledge" not in text and "removed" in view and isinstance(view["removed"], int)


# -- sense in built scenarios ------------------------------------------------------------------

def _placement_scenario():
    """Seat 0's Witch knows Gallia's three tokens strike at 1 cube and Polonia's only at 5."""
    g = (Scenario(players=2, seed=6)
         .cubes(Anglia=[0, 2], Scandia=[2, 0])
         .rats(Gallia=["1 M C", "1 M B", "1 M K"],
               Polonia=["5 M A P B C", "5 M A P B K", "5 A C K W R"])
         .plague("Hispania")
         .game())
    s = g._s
    s.knowledge[0] = set(s.rats["Gallia"]) | set(s.rats["Polonia"])
    s.took_card = True
    g._legal = None
    return g


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_place_cubes_where_the_plague_will_strike_hard(level):
    g = _placement_scenario()
    legal = g.legal_actions()
    assert rattus.Action("place", "Gallia", 3) in legal
    bot = fast_bot(level, 1) if level == "normal" else make_bot("hard", seed=1, iterations=60)
    assert str(bot.choose(g.view(0), legal)) == "place Polonia 3"


def test_evaluation_sees_the_danger_it_knows():
    g = _placement_scenario()
    safe, bad = g.clone(), g.clone()
    safe.apply("place Polonia 3")
    bad.apply("place Gallia 3")
    assert expected_scores(safe._s, 0)[0] > expected_scores(bad._s, 0)[0] + 2


def test_hard_counts_the_peasants_extra_cube_for_every_turn_left():
    """R6.4: the Peasant's extra cube comes back each turn, so Hard's prior values the card
    by the turns left (the Normal bot's flat bonus does not), and so looks at taking it."""
    g = rattus.new_game(2, seed=5)
    while g.phase == "setup":
        g.apply(g.legal_actions()[0])
    view, legal = g.view(g.current_player), g.legal_actions()
    state = Determinizer(view).sample(random.Random(1))
    state.cards["Peasant"] = view["seat"]

    def worth(s):  # what the per-turn term adds for the holder
        return expected_scores(s, view["seat"], HARD)[view["seat"]] - \
            expected_scores(s, view["seat"], DEFAULT)[view["seat"]]

    late = state.clone()
    late.supply = late.supply[:3]  # near the end: few draws, few turns left
    assert worth(state) > 3 > worth(late) > 0
    take = rattus.Action("take", "Peasant")
    assert make_bot("hard", seed=1, iterations=20).start(view, legal).root_cands[0] == take
    flat = make_bot("hard", seed=1, iterations=20, prior_params=DEFAULT).start(view, legal)
    assert flat.root_cands[0] != take


def test_normal_moves_the_plague_onto_rivals_not_itself():
    g = (Scenario(players=2, seed=8)
         .cubes(Gallia=[3, 0], Polonia=[0, 3])
         .rats(Gallia=["2 M K W", "3 M K R"], Polonia=["2 M W R", "3 P W R"])
         .plague("Germania")
         .game())
    s = g._s
    s.took_card, s.placed = True, True
    g._legal = None
    for seed in range(3):
        choice = make_bot("normal", seed=seed).choose(g.view(0), g.legal_actions())
        assert str(choice) == "plague Polonia"


def test_easy_places_where_the_most_rats_allow():
    g = (Scenario(players=2, seed=8)
         .rats(Gallia=["2 M K W"], Polonia=["2 M W R", "3 P W R", "1 M B"])
         .plague("Anglia")
         .game())
    g._s.took_card = True
    g._legal = None
    for seed in range(5):
        assert str(make_bot("easy", seed=seed).choose(g.view(0), g.legal_actions())) == \
            "place Polonia 3"


def test_normal_beats_easy_in_a_short_match():
    wins = 0
    for k in range(6):
        g = rattus.new_game(2, seed=100 + k)
        bots = [make_bot("normal", seed=k), make_bot("easy", seed=k)]
        order = [0, 1] if k % 2 == 0 else [1, 0]  # seats alternated
        while not g.is_over:
            seat = g.current_player
            bot = bots[order[seat]]
            g.apply(bot.choose(g.view(seat), g.legal_actions()))
        wins += order[g.winner()] == 0
    assert wins >= 4


# -- determinism, the incremental API, the budget ----------------------------------------------

@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level):
    a = play(3, [level], seed=5)
    b = play(3, [level], seed=5)
    assert a.history == b.history


def test_incremental_search_matches_choose():
    g = rattus.new_game(2, seed=12)
    while g.phase == "setup":
        g.apply(g.legal_actions()[0])
    view, legal = g.view(g.current_player), g.legal_actions()
    # no early stop: every slice must search (the equivalence is the point here)
    search = make_bot("hard", seed=4, iterations=40, early_stop=False).start(view, legal)
    slices = 0
    while not search.step(iterations=7):
        slices += 1
        assert search.best() in legal  # usable at any moment
    assert slices >= 4 and search.done and search.iterations == 40
    assert search.best() == make_bot("hard", seed=4, iterations=40,
                                     early_stop=False).choose(view, legal)


def test_hard_returns_within_its_budget():
    g = rattus.new_game(4, seed=21)
    rng = random.Random(2)
    for _ in range(30):  # into the middle of a game
        g.apply(rng.choice(g.legal_actions()))
    while g.phase != "turn":
        g.apply(rng.choice(g.legal_actions()))
    budget = 0.15
    bot = make_bot("hard", seed=1, time_budget=budget)
    worst = 0.0
    for _ in range(3):
        t0 = time.perf_counter()
        action = bot.choose(g.view(g.current_player), g.legal_actions())
        worst = max(worst, time.perf_counter() - t0)
        assert action in g.legal_actions()
    slack = 0.25 if not PYODIDE else 0.6  # the prior (Normal's scoring) and one iteration
    assert worst <= budget + slack


# -- the arena ---------------------------------------------------------------------------------

def test_arena_wilson_interval():
    from rattus.arena import wilson
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.72 and 0.86 < hi < 0.88
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_plays_rotated_seats(capsys):
    from rattus.arena import main
    assert main(["--players", "2", "--games", "2", "easy", "normal"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "games/s" in out and "easy" in out and "normal" in out


@pytest.mark.skipif(PYODIDE, reason="no multiprocessing in Pyodide")
def test_arena_with_two_processes(capsys):
    from rattus.arena import main
    assert main(["--games", "2", "--jobs", "2", "easy", "easy"]) == 0
    assert "2 games" in capsys.readouterr().out


def test_make_bot_levels_share_the_interface():
    g = rattus.new_game(2, seed=3)
    view, legal = g.view(0), g.legal_actions()
    for level in LEVELS:
        bot = make_bot(level, seed=0, time_budget=0.05)
        search = bot.start(view, legal)
        search.step(seconds=0.05)
        while not search.done:
            search.step(seconds=0.05)
        assert search.best() in legal
        assert token("1 M C") is not None  # the scenario helpers are importable too


# -- the hint (rattus/bots/hint.py) ------------------------------------------------------------

def _hint_positions(count: int, seed: int):
    rng = random.Random(seed)
    found = 0
    for g in _random_positions(6, seed=seed):
        if len(g.legal_actions()) > 1 and rng.random() < 0.06:
            yield g
            found += 1
            if found >= count:
                return


def test_hint_is_legal_and_is_what_hard_of_the_same_seed_chooses():
    from rattus.bots import REASONS, describe, hint
    kinds = set()
    for k, g in enumerate(_hint_positions(10, seed=31)):
        seat = g.current_player
        view, legal = g.view(seat), g.legal_actions()
        action, reason, details = hint(view, legal, seed=k, iterations=30)
        assert action in legal
        assert action == make_bot("hard", seed=k, iterations=30).choose(view, legal)
        assert (action, reason, details) == hint(view, legal, seed=k, iterations=30)
        assert reason in REASONS and isinstance(details, dict) and "gain" in details
        assert describe(reason, details) and "{" not in describe(reason, details)
        kinds.add(action.kind)
    assert len(kinds) >= 2


def test_hint_for_a_forced_move():
    from rattus.bots import hint
    g = rattus.new_game(2, seed=3)
    while len(g.legal_actions()) != 1:
        g.apply(g.legal_actions()[0])
    action, reason, _ = hint(g.view(g.current_player), g.legal_actions(), seed=1)
    assert reason == "only_move" and action == g.legal_actions()[0]


def test_hard_is_instant_when_the_choices_are_alike():
    g = rattus.new_game(2, seed=3)  # the first setup placement: every region looks the same
    bot = make_bot("hard", seed=1, time_budget=5.0)
    t0 = time.perf_counter()
    search = bot.start(g.view(g.current_player), g.legal_actions())
    assert search.step(seconds=0.01) and search.reason in ("single", "equivalent")
    assert time.perf_counter() - t0 < 1.0


def test_hard_stops_once_its_choice_cannot_be_overtaken():
    g = rattus.new_game(2, seed=12)
    rng = random.Random(4)
    stopped = 0
    for _ in range(40):
        if g.is_over or stopped >= 2:
            break
        legal = g.legal_actions()
        if len(legal) > 1 and g.phase == "turn":
            search = make_bot("hard", seed=2, iterations=150).start(g.view(g.current_player),
                                                                    legal)
            search.run()
            assert search.best() in legal and search.iterations <= 150
            if search.reason == "settled":
                stopped += 1
                assert search.iterations < 150
                visits = sorted((n for n, _ in search.stats().values()), reverse=True)
                assert visits[0] - (visits[1] if len(visits) > 1 else 0) > \
                    150 - search.iterations
        g.apply(rng.choice(legal))
    assert stopped >= 1


def test_view_marks_the_tokens_placed_at_setup():
    g = rattus.new_game(2, seed=5)
    view = g.view(0)
    assert all(view["board"][r]["starting"] == [True] for r in view["regions"])  # R3.2
    det = Determinizer(view)
    s = det.sample(random.Random(1))
    assert all(rattus.tokens.TOKENS[s.rats[r][0]].starting for r in s.regions)
    assert rattus.Game.from_json(g.to_json()).view(0) == view


def test_a_hints_sentence_takes_plural_forms():
    """The hint's words (rattus.bots.hint.describe): "1 rat", "2 rival cubes", no "(s)"."""
    from rattus.bots.hint import REASONS, describe

    details = {"region": "Gallia", "to": "Italia", "rats": 1, "rivals": 2, "own": 0,
               "count": 1, "gain": 0.0}
    assert describe("strike_others", details) == (
        "Move the plague to Gallia: 1 rat there and 2 rival cubes against your 0.")
    assert describe("merchant_move", details).startswith("Move 1 cube from Gallia")
    for key in REASONS:
        assert "(s)" not in describe(key, {**details, "count": 2, "rats": 2, "rivals": 1,
                                           "card": "King", "slot": 1, "steps": 1,
                                           "n": 2, "lost": 1, "expected": 0.5})
