"""``rattus.strike_odds(view, region, neutral)``: the odds of a strike now, from one seat's view
(RULES R5.3–R5.5, R6.3, R8; the model in docs/odds.md).

* hand-computed cases: known tokens (exact 0/1 outcomes, the rulebook's worked example R5.6),
  one unknown token over a pool counted by hand (before the first spread; the removed pile of
  R3.3; a face that may be either copy; slots placed at setup, R3.2);
* exact agreement with the engine's own strike (``rattus.plague.strike``) summed over every
  complete deal of small constructed positions;
* agreement within 0.01 with a Monte Carlo of the engine's strike over 100,000 deals that agree
  with views of real games (10,000 inside Pyodide, within 0.03);
* properties (Hypothesis): hiding what the seat cannot see changes nothing; the odds add up;
* the Knight's neutral cubes (R6.3).
"""

from __future__ import annotations

import copy
import json
import random
import sys
from fractions import Fraction
from itertools import permutations, product
from math import perm

import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenario import PROPERTY, face_key, face_of, random_state

import rattus
from rattus import plague
from rattus.bots.determinize import Determinizer
from rattus.cards import CARDS
from rattus.constants import REMOVED_AT_SETUP
from rattus.tokens import TOKENS
from rattus.worlds import hidden_slots, state_from_view, unseen_tokens

PYODIDE = sys.platform == "emscripten"

# Faces printed on a single token, normal, threshold 2 or more (RULES R9): fillers whose kind
# and count a test controls exactly.
FILLERS = ["2 A B C", "2 A P K", "2 C K W", "2 M B C", "2 M P R", "2 M W R", "2 P B R",
           "3 A C K", "3 B C R", "3 M A K", "3 M A W", "3 M K R", "3 P W R", "4 A B C R",
           "4 A P B C", "4 A P W R", "4 M A C K", "4 M A K W", "4 M B W R", "4 M P W R"]
STARTING_FACES = ["1 P B", "1 M C", "2 M K W", "2 M K R", "2 P W R", "3 M B C",
                  "3 A P B", "3 C K W", "4 A C K R", "4 M A W R", "5 M A P B W", "5 A P B C R"]


def approx(x) -> object:
    return pytest.approx(x, abs=1e-9)


def odds_are(result: dict, p_loss, expected_loss, outbreaks) -> None:
    assert result["p_loss"] == approx(float(p_loss))
    assert result["expected_loss"] == approx([float(x) for x in expected_loss])
    assert result["outbreaks"] == approx([float(x) for x in outbreaks])


def built_view(players: int, board: dict, unseen: list[str], supply: int = 0,
               cards: dict | None = None) -> dict:
    """A constructed view: ``board`` {region: (tokens, starting marks, cubes)} with a token a
    face (the seat's Witch saw it) or None; ``unseen`` the faces nobody has seen (in hidden
    slots, the supply or the removed pile); every other face of the 49 is revealed (R5.4)."""
    view = copy.deepcopy(rattus.new_game(players, seed=1).view(0))
    for region in view["regions"]:
        view["board"][region] = {"tokens": [], "cubes": [0] * players, "starting": []}
    left = [(t.threshold, t.symbols) for t in TOKENS]
    for face in unseen:
        left.remove(face_key(face))
    for region, (tokens, marks, cubes) in board.items():
        view["board"][region] = {"tokens": [None if t is None else face_of(t) for t in tokens],
                                 "cubes": list(cubes), "starting": list(marks)}
        for t in tokens:
            if t is not None:
                left.remove(face_key(t))
    view["revealed"] = [{"threshold": k[0], "symbols": list(k[1])} for k in left]
    view["supply"], view["removed"] = supply, REMOVED_AT_SETUP[players]
    view["cards"] = {card: None for card in CARDS} | (cards or {})
    hidden = sum(t is None for tokens, _, _ in board.values() for t in tokens)
    assert hidden + supply + view["removed"] == len(unseen), "the constructed view must add up"
    return view


# -- (1) hand-computed cases ----------------------------------------------------------------

def known_region(tokens: list[str], cubes: list[int], cards: dict | None = None,
                 players: int = 4) -> dict:
    """Gallia holding tokens the seat's Witch saw; 12 more faces unseen in the supply."""
    fillers = [f for f in FILLERS if face_key(f) not in map(face_key, tokens)][:12]
    return built_view(players, {"Gallia": (tokens, [False] * len(tokens), cubes)},
                      fillers, supply=12 - REMOVED_AT_SETUP[players], cards=cards)


def test_a_known_token_that_breaks_out_kills_for_sure():
    # 3 cubes >= 1 (R5.4): M takes one of seat 0's 2 (R5.5), C the Monk's holder's
    view = known_region(["1 M C"], [2, 1, 0, 0], {"Monk": 1})
    odds_are(rattus.strike_odds(view, "Gallia"), 1, [1, 1, 0, 0], [0, 1, 0, 0])


def test_a_known_token_above_the_count_does_nothing():
    view = known_region(["5 M A P B W"], [2, 1, 0, 0])
    odds_are(rattus.strike_odds(view, "Gallia"), 0, [0, 0, 0, 0], [1, 0, 0, 0])


def test_the_rulebook_worked_example_R5_6():
    # Yellow (1) Knight; Green (2) Peasant, Merchant; Blue (3) Monk, Witch, King. Gallia: 2 green
    # cubes, 1 yellow. 1+ Merchant Monk: green loses one; a 3+: 2 cubes, nothing; 2+ M Merchant
    # Monk: green and yellow tied for majority, each loses one; Gallia is empty.
    cards = {"Knight": 1, "Peasant": 2, "Merchant": 2, "Monk": 3, "Witch": 3, "King": 3}
    view = known_region(["1 B C", "3 M K R", "2 M B C"], [0, 1, 2, 0], cards)
    odds_are(rattus.strike_odds(view, "Gallia"), 1, [0, 1, 2, 0], [0, 0, 1, 0])


def test_cubes_lost_to_one_token_lower_the_count_for_the_next_R5_4():
    # 2+ A: 3 cubes, both seats lose one; 3+ M B C: 1 cube left < 3, no outbreak
    view = known_region(["2 A B C", "3 M B C"], [2, 1, 0, 0])
    odds_are(rattus.strike_odds(view, "Gallia"), 1, [1, 1, 0, 0], [0, 1, 0, 0])
    # with the Knight's two neutral cubes: 1 + 2 >= 3, M takes seat 0's last cube
    odds_are(rattus.strike_odds(view, "Gallia", neutral=True), 1, [2, 1, 0, 0], [0, 0, 1, 0])


def test_the_strike_stops_when_no_player_cube_is_left_R5_3():
    # M takes the only cube; the second token stays face down and never breaks out
    view = known_region(["1 M C", "1 P B"], [1, 0, 0, 0], {"Peasant": 0})
    odds_are(rattus.strike_odds(view, "Gallia"), 1, [1, 0, 0, 0], [0, 1, 0, 0])


def test_no_tokens_or_no_cubes_means_no_strike():
    view = known_region(["1 M C"], [0, 0, 0, 0])
    odds_are(rattus.strike_odds(view, "Gallia"), 0, [0, 0, 0, 0], [1, 0, 0, 0])
    # neutral cubes alone never start a strike (R5.3, R6.3)
    odds_are(rattus.strike_odds(view, "Gallia", neutral=True), 0, [0, 0, 0, 0], [1, 0, 0, 0])
    view["board"]["Anglia"]["cubes"] = [3, 0, 0, 0]  # cubes, no rats
    odds_are(rattus.strike_odds(view, "Anglia"), 0, [0, 0, 0, 0], [1, 0, 0, 0])


def test_a_region_not_in_play_is_refused():
    view = rattus.new_game(2, seed=1).view(0)
    with pytest.raises(ValueError, match="R2.1"):
        rattus.strike_odds(view, "Russia")  # dark: not in play with 2 players
    with pytest.raises(ValueError):
        rattus.strike_odds(view, "Atlantis")


def after_setup(players: int = 4) -> dict:
    """A real game after setup (R3.5): every region holds its starting token (R3.2)."""
    g = rattus.new_game(players, seed=5)
    while g.view(None)["decision"]["kind"] == "setup":
        g.apply(g.legal_actions()[0])
    return g.view(None)


def test_before_the_first_spread_a_hidden_token_is_one_of_the_12_starting_tokens():
    view = after_setup(4)
    assert all(b["starting"] == [True] for b in view["board"].values())
    view["board"]["Gallia"]["cubes"] = [1, 0, 0, 0]
    view["cards"] = {card: None for card in CARDS}
    # n = 1: only the 1+ tokens break out — "1 P B" (no holder) and "1 M C" (M kills)
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(1, 12), [Fraction(1, 12), 0, 0, 0],
             [Fraction(10, 12), Fraction(2, 12), 0, 0])
    # n = 3 (R6.3): the eight 1+, 2+, 3+ break out; those with M or A kill
    odds_are(rattus.strike_odds(view, "Gallia", neutral=True), Fraction(5, 12),
             [Fraction(5, 12), 0, 0, 0], [Fraction(4, 12), Fraction(8, 12), 0, 0])
    # the Witch saw "1 M C" in Anglia: it is not in Gallia
    view["board"]["Anglia"]["tokens"] = [face_of("1 M C")]
    odds_are(rattus.strike_odds(view, "Gallia"), 0, [0, 0, 0, 0],
             [Fraction(10, 11), Fraction(1, 11), 0, 0])
    # the same, told by the supply's count alone when a view has no "starting" marks
    for spot in view["board"].values():
        del spot["starting"]
    odds_are(rattus.strike_odds(view, "Gallia"), 0, [0, 0, 0, 0],
             [Fraction(10, 11), Fraction(1, 11), 0, 0])


def test_the_removed_tokens_are_normal_so_a_starting_face_is_likelier_R3_3():
    # 2 players: 14 unseen — "1 P B" (starting) and 13 normal — in Gallia (1), the supply (1)
    # and the removed pile (12, normal only): "1 P B" is in Gallia or the supply, 1/2 each
    # (not 1/14). Seat 0 holds the Peasant: 1 P B kills its cube; every filler is 2+ > 1.
    view = built_view(2, {"Gallia": ([None], [False], [1, 0])}, ["1 P B"] + FILLERS[:13],
                      supply=1, cards={"Peasant": 0})
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(1, 2), [Fraction(1, 2), 0],
             [Fraction(1, 2), Fraction(1, 2), 0, 0])


def test_a_face_shown_once_of_a_starting_and_a_normal_token_may_be_either():
    # "1 M C" is printed on a starting and a normal token; one is revealed, so the unseen one
    # is either. Deals: the starting one unseen — it is Gallia's, the 12 normal removed (12!
    # ways); the normal one unseen — 13 normal, 12 of them removed (13! ways, 12! of them
    # leave it in Gallia). P = (12! + 12!) / (12! + 13!) = 1/7.
    view = built_view(2, {"Gallia": ([None], [False], [1, 0])}, ["1 M C"] + FILLERS[:12])
    assert face_of("1 M C") in view["revealed"]
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(1, 7), [Fraction(1, 7), 0],
             [Fraction(6, 7), Fraction(1, 7), 0, 0])
    # shown on a slot placed at setup (R3.2), the copy seen is the starting one: the unseen
    # one is normal, one of 13 normal tokens of which 12 are removed
    view["board"]["Anglia"] = {"tokens": [face_of("1 M C")], "cubes": [0, 0],
                               "starting": [True]}
    view["revealed"].remove(face_of("1 M C"))
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(1, 13), [Fraction(1, 13), 0],
             [Fraction(12, 13), Fraction(1, 13), 0, 0])


def test_a_slot_placed_at_setup_holds_an_unseen_starting_token_R3_2():
    # 4 players (nothing removed): 3 starting faces and 9 normal ones unseen; Gallia's token
    # was placed at setup, so it is one of the 3 starting ones. Seat 0 has 2 cubes there, no
    # card is held: 1 P B breaks out, kills nobody; 2 M K R: M kills; 5 M A P B W: 2 < 5.
    unseen = ["1 P B", "2 M K R", "5 M A P B W"] + FILLERS[:9]
    view = built_view(4, {"Gallia": ([None], [True], [2, 0, 0, 0])}, unseen, supply=11)
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(1, 3), [Fraction(1, 3), 0, 0, 0],
             [Fraction(1, 3), Fraction(2, 3), 0, 0])
    # not placed at setup: any of the 12; the 2+ fillers break out, those with M or A kill
    # (2 A B C, 2 A P K, 2 M B C, 2 M P R, 2 M W R; 2 C K W and 2 P B R hit no holder)
    view["board"]["Gallia"]["starting"] = [False]
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(6, 12), [Fraction(6, 12), 0, 0, 0],
             [Fraction(3, 12), Fraction(9, 12), 0, 0])
    # "1 M C" unseen, its other copy revealed: it may fill the slot only as the starting copy.
    # Deals: starting copy unseen — 3 starting tokens for the slot; normal — 2: 1 M C is
    # Gallia's in 1 of 5, 2 M K R and 5 M A P B W in 2 of 5 each.
    unseen = ["1 M C", "2 M K R", "5 M A P B W"] + FILLERS[:9]
    view = built_view(4, {"Gallia": ([None], [True], [2, 0, 0, 0])}, unseen, supply=11)
    odds_are(rattus.strike_odds(view, "Gallia"), Fraction(3, 5), [Fraction(3, 5), 0, 0, 0],
             [Fraction(2, 5), Fraction(3, 5), 0, 0])


# -- (1b) exact: the engine's strike over every complete deal -------------------------------

def exact_by_enumeration(view: dict, region: str, neutral: bool) -> dict:
    """Every complete game that agrees with ``view``, each counted once; the engine strikes
    ``region`` in each. A game: which ids the shown faces are, which unseen id fills each hidden
    slot, which fill the removed pile (normal ones only, R3.3) — counted, as the order of the
    supply — and the rest the supply."""
    marks = {r: view["board"][r]["starting"] for r in view["regions"]}
    slots = hidden_slots(view)
    ids_by_face: dict[tuple, list[int]] = {}
    for i, t in enumerate(TOKENS):
        ids_by_face.setdefault((t.threshold, t.symbols), []).append(i)
    # which ids the shown faces are: every choice; a face on a slot placed at setup is a
    # starting token (R3.2)
    shown = [(face_key_of(f), False) for f in view["revealed"]]
    shown += [(face_key_of(f), m) for r in view["regions"]
              for f, m in zip(view["board"][r]["tokens"], marks[r]) if f is not None]
    choices = []
    for key in {k for k, _ in shown}:
        places = [m for k, m in shown if k == key]
        options = []
        for ids in permutations(ids_by_face[key], len(places)):
            if all(TOKENS[i].starting or not m for i, m in zip(ids, places)):
                options.append(frozenset(ids))
        choices.append(sorted(set(options), key=sorted))
    # any deal will do for the rest of the state: the region's ids are replaced below
    base = state_from_view(view, sorted(unseen_tokens(view), key=lambda t: not TOKENS[t].starting))
    start = list(view["board"][region]["cubes"])
    players = len(start)
    total = 0
    acc = {"p": 0, "loss": [0] * players, "out": [0] * 4}
    outcome_of: dict[tuple, tuple] = {}
    for picked in product(*choices):
        used = frozenset().union(*picked)
        unseen = [i for i in range(len(TOKENS)) if i not in used]
        for deal in permutations(unseen, len(slots)):
            if any(marks[r][k] and not TOKENS[t].starting for (r, k), t in zip(slots, deal)):
                continue
            rest = set(unseen) - set(deal)
            # ordered removed piles of normal tokens (R3.3); the supply's orders are alike
            games = falling(sum(not TOKENS[t].starting for t in rest), view["removed"])
            if not games:
                continue
            mine = tuple(t for (r, _), t in zip(slots, deal) if r == region)
            if mine not in outcome_of:
                s = base.clone()
                it = iter(mine)
                s.rats[region] = [next(it) if f is None else s.rats[region][k]
                                  for k, f in enumerate(view["board"][region]["tokens"])]
                events = plague.strike(s, region, neutral) if plague.strikes(s, region) else []
                outcome_of[mine] = (
                    [a - b for a, b in zip(start, s.cubes[region])],
                    sum(1 for e in events if e["kind"] == "token_revealed" and e["outbreak"]))
            lost, out = outcome_of[mine]
            total += games
            acc["p"] += games * any(lost)
            acc["out"][out] += games
            acc["loss"] = [a + games * b for a, b in zip(acc["loss"], lost)]
    return {"p_loss": Fraction(acc["p"], total),
            "expected_loss": [Fraction(x, total) for x in acc["loss"]],
            "outbreaks": [Fraction(x, total) for x in acc["out"]]}


def face_key_of(face: dict) -> tuple:
    return (face["threshold"], tuple(face["symbols"]))


SMALL = {
    # 2 players, 12 removed: Gallia's three tokens hidden, the middle one placed at setup;
    # "3 A P B" and "2 M K W" unseen with their other copy revealed (either copy)
    "2p": (2, {"Gallia": ([None, None, None], [False, True, False], [1, 1]),
               "Anglia": (["1 B C"], [False], [0, 1])},
           ["3 A P B", "2 M K W", "1 P B"] + FILLERS[:14], 2, {"Knight": 1, "Monk": 1}),
    # 3 players, 6 removed: a known token between two hidden ones; another region's hidden
    # token placed at setup takes one of the few starting ones
    "3p": (3, {"Gallia": ([None, "4 M A W R", None], [True, False, False], [1, 0, 1]),
               "Scandia": ([None], [True], [0, 0, 1])},
           ["1 M C", "3 M B C", "2 M K R", "4 A C K R", "5 A P B C R", "1 P R", "1 K W",
            "2 M P R", "3 M A K", "4 A P W R"], 1, {"King": 2, "Witch": 0, "Merchant": 2}),
    # 4 players, nothing removed: six hidden tokens, two of them placed at setup
    "4p": (4, {"Gallia": ([None, None, None], [True, False, False], [1, 1, 0, 1]),
               "Scandia": ([None, None], [True, False], [1, 0, 0, 0]),
               "Anglia": ([None], [False], [0, 0, 0, 0])},
           ["1 M C", "2 P W R", "3 C K W", "1 M B", "1 P K", "4 M A K W", "5 M A P B K",
            "4 M P W R"], 2, {"Knight": 3, "King": 1, "Peasant": 2, "Witch": 2}),
}


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("neutral", [False, True])
def test_exactly_the_engine_strike_summed_over_every_deal(name, neutral):
    players, board, unseen, supply, cards = SMALL[name]
    view = built_view(players, board, unseen, supply, cards)
    exact = exact_by_enumeration(view, "Gallia", neutral)
    odds_are(rattus.strike_odds(view, "Gallia", neutral), exact["p_loss"],
             exact["expected_loss"], exact["outbreaks"])


# -- (2) Monte Carlo of the engine's strike over deals that agree with real views ----------

def falling(x: int, k: int) -> int:
    """Ordered ways to fill k places from x tokens."""
    return perm(x, k) if x >= k else 0


class Deals:
    """Deals of the unseen tokens that agree with a view, each complete game counted once:
    the hidden slots placed at setup (``starting``, R3.2 — all of them before the first
    spread) take starting tokens, the removed pile normal ones (R3.3); a face shown once of
    a starting and a normal token leaves either unseen, weighed by the deals each allows."""

    def __init__(self, view: dict):
        regions = view["regions"]
        before_spread = view["supply"] + view["removed"] + len(regions) == len(TOKENS)
        marked = {(r, i) for r in regions
                  for i, m in enumerate(view["board"][r]["starting"]) if m or before_spread}
        pool = unseen_tokens(view)
        shown_at_setup = {face_key_of(view["board"][r]["tokens"][i]) for r, i in marked
                          if view["board"][r]["tokens"][i] is not None}
        kinds: dict[tuple, set] = {}
        for t in TOKENS:
            kinds.setdefault((t.threshold, t.symbols), set()).add(t.starting)
        self.starting, self.normal, self.either = [], [], []
        for t in pool:
            key = (TOKENS[t].threshold, TOKENS[t].symbols)
            copies = [u for u in pool if (TOKENS[u].threshold, TOKENS[u].symbols) == key]
            if len(kinds[key]) == 2 and len(copies) == 1 and key not in shown_at_setup:
                self.either.append(t)
            else:
                (self.starting if TOKENS[t].starting else self.normal).append(t)
        slots = hidden_slots(view)
        self.marked = [x for x in slots if x in marked]
        self.free = [x for x in slots if x not in marked]
        self.removed = view["removed"]
        self.configs, self.weights = [], []
        for bits in product([False, True], repeat=len(self.either)):  # True: the normal copy
            n = len(self.normal) + sum(bits)
            s = len(self.starting) + len(bits) - sum(bits)
            self.configs.append(bits)
            self.weights.append(falling(s, len(self.marked)) * falling(n, self.removed))

    def sample(self, rng: random.Random) -> dict:
        """{(region, index): token id} for the hidden slots."""
        bits = rng.choices(self.configs, self.weights)[0]
        normal = self.normal + [t for t, b in zip(self.either, bits) if b]
        starting = self.starting + [t for t, b in zip(self.either, bits) if not b]
        rng.shuffle(starting)
        deal = dict(zip(self.marked, starting))
        removed = set(rng.sample(normal, self.removed))
        rest = starting[len(self.marked):] + [t for t in normal if t not in removed]
        deal.update(zip(self.free, rng.sample(rest, len(self.free))))
        return deal


def monte_carlo(view: dict, regions: list[str], neutral: bool, samples: int, seed: int):
    """The engine's strike (rattus.plague.strike) in each region over sampled deals."""
    deals = Deals(view)
    rng = random.Random(seed)
    s = Determinizer(view).sample(random.Random(seed))  # the known tokens' ids in place
    base = {r: list(s.rats[r]) for r in regions}
    players = view["players"]
    sums = {r: {"p": 0, "loss": [0] * players, "sq": [0] * players, "out": [0] * 4}
            for r in regions}
    for _ in range(samples):
        deal = deals.sample(rng)
        for r in regions:
            start = view["board"][r]["cubes"]
            s.rats[r] = [deal.get((r, i), t) for i, t in enumerate(base[r])]
            s.cubes[r] = list(start)
            s.revealed = []
            events = plague.strike(s, r, neutral)
            lost = [a - b for a, b in zip(start, s.cubes[r])]
            acc = sums[r]
            acc["p"] += any(lost)
            acc["out"][sum(1 for e in events if e["kind"] == "token_revealed"
                           and e["outbreak"])] += 1
            for p in range(players):
                acc["loss"][p] += lost[p]
                acc["sq"][p] += lost[p] ** 2
    return sums


def real_positions():
    """Views of real games (fixed seeds) that show what the odds must weigh: the seat's
    Witch knowledge, faces that may be either copy, slots placed at setup, the removed pile."""
    found = []
    for players, seed, steps in [(2, 5, 60), (3, 11, 100), (4, 7, 120), (3, 3, 9)]:
        g = random_state(players, seed, steps)
        view = max((g.view(seat) for seat in range(players)), key=lambda v: v["knows"])
        regions = [r for r in view["regions"]
                   if any(view["board"][r]["cubes"]) and None in view["board"][r]["tokens"]]
        regions.sort(key=lambda r: -view["board"][r]["tokens"].count(None))
        found.append((f"{players}p-{seed}-{steps}", view, regions[:3]))
    return found


POSITIONS = real_positions()


def test_the_real_positions_cover_what_the_odds_weigh():
    views = [v for _, v, _ in POSITIONS]
    assert any(v["knows"] for v in views)
    assert any(Deals(v).either for v in views)
    assert any(any(True in b["starting"] and None in b["tokens"] for b in v["board"].values())
               for v in views)
    assert any(v["removed"] == 12 for v in views)
    assert any(len(r) == 3 for _, _, r in POSITIONS)
    assert any(v["board"][r]["tokens"].count(None) == 3 for _, v, rs in POSITIONS for r in rs)


@pytest.mark.parametrize("name,view,regions", POSITIONS, ids=[p[0] for p in POSITIONS])
def test_agrees_with_a_monte_carlo_of_the_engine_strike(name, view, regions):
    samples, margin = (10_000, 0.03) if PYODIDE else (100_000, 0.01)
    neutral = name.startswith("3p-11")  # one position with the Knight's neutral cubes
    sums = monte_carlo(view, regions, neutral, samples, seed=len(name))
    for r in regions:
        odds = rattus.strike_odds(view, r, neutral)
        acc = sums[r]
        assert odds["p_loss"] == pytest.approx(acc["p"] / samples, abs=margin), r
        assert odds["outbreaks"] == pytest.approx([x / samples for x in acc["out"]],
                                                  abs=margin), r
        for p, (total, sq) in enumerate(zip(acc["loss"], acc["sq"])):
            mean = total / samples
            sd = max(sq / samples - mean ** 2, 0) ** 0.5
            # a loss can be several cubes: six standard errors, at least the margin
            assert odds["expected_loss"][p] == pytest.approx(
                mean, abs=max(margin, 6 * sd / samples ** 0.5)), (r, p)


# -- (3) properties ------------------------------------------------------------------------

@PROPERTY
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(0, 300))
def test_what_the_seat_cannot_see_does_not_change_the_odds(players, seed, steps):
    """R8: another game that differs only in faces this seat has not seen (the view's deal
    redone at random, the other seats' Witch knowledge gone) has the same odds; so has the view
    with its revealed pile in another order. The odds add up (R5.3, R5.4)."""
    g = random_state(players, seed, steps)
    rng = random.Random(seed)
    seat = rng.choice([None, *range(players)])
    view = g.view(seat)
    other = Determinizer(view).game(rng)
    assert other.view(seat) == view
    shuffled = json.loads(json.dumps(view))
    rng.shuffle(shuffled["revealed"])
    for region in view["regions"]:
        cubes = view["board"][region]["cubes"]
        for neutral in (False, True):
            odds = rattus.strike_odds(view, region, neutral)
            assert rattus.strike_odds(other.view(seat), region, neutral) == odds
            assert rattus.strike_odds(shuffled, region, neutral) == odds
            assert json.loads(json.dumps(odds)) == odds
            assert sum(odds["outbreaks"]) == approx(1)
            assert all(0 <= x <= 1 for x in [odds["p_loss"], *odds["outbreaks"]])
            assert all(0 <= x <= c for x, c in zip(odds["expected_loss"], cubes))
            # a loss needs an outbreak; every cube lost is someone's
            assert odds["p_loss"] <= 1 - odds["outbreaks"][0] + 1e-9
            assert odds["p_loss"] <= sum(odds["expected_loss"]) + 1e-9
            if not view["board"][region]["tokens"] or not any(cubes):
                assert odds["outbreaks"] == [1.0, 0.0, 0.0, 0.0]


# -- (4) the Knight's neutral cubes (R6.3) -------------------------------------------------

@PROPERTY
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**31 - 1),
       steps=st.integers(20, 300))
def test_neutral_cubes_never_make_a_loss_less_likely(players, seed, steps):
    """Until the first cube dies both strikes reveal the same tokens, and each breaks out with
    the two neutral cubes if it does without them (R5.4, R6.3)."""
    view = random_state(players, seed, steps).view(seed % players)
    for region in view["regions"]:
        plain = rattus.strike_odds(view, region)
        knight = rattus.strike_odds(view, region, neutral=True)
        assert knight["p_loss"] >= plain["p_loss"] - 1e-9
        assert knight["outbreaks"][0] <= plain["outbreaks"][0] + 1e-9


def test_neutral_cubes_count_toward_the_threshold_only():
    view = known_region(["4 A C K R", "1 M C"], [2, 1, 0, 0])
    # 3 cubes < 4: nothing; then 1+ M C: M takes one of seat 0's two
    odds_are(rattus.strike_odds(view, "Gallia"), 1, [1, 0, 0, 0], [0, 1, 0, 0])
    # 3 + 2 neutral >= 4: A takes one from each seat; then 1 + 2 >= 1: M takes seat 0's last
    odds_are(rattus.strike_odds(view, "Gallia", neutral=True), 1, [2, 1, 0, 0], [0, 0, 1, 0])
    # neutral cubes are never removed: with no player cube left the strike stops (R5.3)
    view = known_region(["2 A B C", "1 M C"], [1, 0, 0, 0])
    odds_are(rattus.strike_odds(view, "Gallia", neutral=True), 1, [1, 0, 0, 0], [0, 1, 0, 0])
