"""Property tests over many random complete games (2, 3 and 4 players), with Hypothesis.

A random game plays uniformly among ``legal_actions()`` with a seeded ``random.Random``.
Checked at every step:

* R1.2 cube conservation — the cubes the events say were placed, killed and moved are exactly
  the cubes the view shows; reserve + regions + palace = 20, nothing negative;
* R1.3 token conservation — the 49 tokens are each in one place (board, supply, removed,
  revealed), in the save and in the view's counts;
* R5.2 — at most 3 rat tokens in a region;
* termination — every game ends with a winner;
* R8 — a face shows in a seat's view only for a token that seat's Witch looked at (tracked here
  from the events against the true state), ``knows`` counts exactly those faces, and a seat's
  view and legal actions do not change when everything hidden from that seat is shuffled;
* saves — ``from_json(to_json())`` round-trips; the same seed and actions replay to the same JSON;
* notation — ``parse_action(str(a)) == a``;
* illegal actions — random Actions from the whole action space, and random strings, raise
  ``IllegalAction`` and leave ``to_json()`` unchanged;
* undo — when ``undo_blocker is None``, ``undo()`` restores exactly the JSON before the last action.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from scenario import ANY_ACTION, PROPERTY, random_state

import rattus
from rattus.tokens import TOKENS

SEEDS = st.integers(0, 2**31 - 1)
PLAYERS = [2, 3, 4]


# -- independent bookkeeping from events ------------------------------------------------------

class Ledger:
    """Cubes and Witch knowledge, followed from the events alone."""

    def __init__(self, g: rattus.Game):
        n = g.num_players
        self.board = {r: [0] * n for r in g.view(None)["regions"]}
        self.palace = [0] * n
        self.seen: list[set[int]] = [set() for _ in range(n)]  # token ids looked at

    def follow(self, events, save_before: dict) -> None:
        for e in events:
            k = e["kind"]
            if k in ("setup_placed", "cubes_placed"):
                self.board[e["region"]][e["seat"]] += e["count"]
            elif k == "cube_killed":
                self.board[e["region"]][e["seat"]] -= 1
            elif k == "king":
                self.board[e["region"]][e["seat"]] -= 1
                self.palace[e["seat"]] += 1
            elif k == "merchant":
                self.board[e["region"]][e["seat"]] -= e["count"]
                self.board[e["to"]][e["seat"]] += e["count"]
            elif k == "witch_look":
                # the true token at that place, from the save before the look
                self.seen[e["seat"]].add(save_before["rats"][e["region"]][e["slot"] - 1])


def check_cubes(g: rattus.Game, ledger: Ledger) -> None:
    """R1.2: reserve + board + palace = 20; the board is what the events made it."""
    v = g.view(None)
    for p in range(g.num_players):
        board = sum(b["cubes"][p] for b in v["board"].values())
        assert v["reserve"][p] >= 0 and v["palace"][p] >= 0
        assert v["reserve"][p] + board + v["palace"][p] == 20
        assert v["on_board"][p] == board
    assert {r: b["cubes"] for r, b in v["board"].items()} == ledger.board
    assert v["palace"] == ledger.palace
    assert all(c >= 0 for b in v["board"].values() for c in b["cubes"])


def check_tokens(g: rattus.Game, save: dict) -> None:
    """R1.3 (49 tokens, each in one place) and R5.2 (at most 3 per region)."""
    ids = [t for ts in save["rats"].values() for t in ts]
    ids += save["supply"] + save["removed"] + save["revealed"]
    assert sorted(ids) == list(range(len(TOKENS)))
    v = g.view(None)
    on_board = sum(len(b["tokens"]) for b in v["board"].values())
    assert on_board + v["supply"] + v["removed"] + len(v["revealed"]) == 49
    assert all(len(b["tokens"]) <= 3 for b in v["board"].values())  # R5.2


def check_views(g: rattus.Game, save: dict, ledger: Ledger) -> None:
    """R8: a face appears in a seat's view only where that seat's Witch saw the token."""
    for seat in [None, *range(g.num_players)]:
        v = g.view(seat)
        json.dumps(v)  # JSON-ready
        seen = ledger.seen[seat] if seat is not None else set()
        shown = sum(face is not None for b in v["board"].values() for face in b["tokens"])
        assert v["knows"] == shown  # what a pass screen asks to hide, nothing more (R8.3)
        for region, board in v["board"].items():
            for slot, shown in enumerate(board["tokens"]):
                true_id = save["rats"][region][slot]
                if true_id in seen:
                    assert shown == TOKENS[true_id].face()
                else:
                    assert shown is None, f"seat {seat} sees {region}/{slot + 1}"


def shuffle_hidden(save: dict, seat: int, rng: random.Random) -> dict:
    """The save with every token identity hidden from ``seat`` permuted at random (starting
    among starting, normal among normal tokens, so that setup's removals stay valid)."""
    known = set(save["knowledge"][seat])
    hidden = [t for ts in save["rats"].values() for t in ts if t not in known]
    hidden += save["supply"] + save["removed"]
    mapping = {}
    for starting in (True, False):
        group = [t for t in hidden if TOKENS[t].starting == starting]
        shuffled = group[:]
        rng.shuffle(shuffled)
        mapping.update(zip(group, shuffled, strict=True))

    def m(ids):
        return [mapping.get(t, t) for t in ids]

    out = json.loads(json.dumps(save))
    out["rats"] = {r: m(ts) for r, ts in save["rats"].items()}
    out["supply"], out["removed"] = m(save["supply"]), m(save["removed"])
    out["knowledge"] = [sorted(m(k)) for k in save["knowledge"]]
    out["turn"]["witch_looks"] = m(save["turn"]["witch_looks"])
    supply = out["supply"][:]
    rng.shuffle(supply)  # the supply's order is secret too (R8.2)
    out["supply"] = supply
    out["seed"] = None  # another world: its position no longer follows from the seed
    return out


def check_view_independent_of_hidden(g: rattus.Game, save: dict, rng: random.Random) -> None:
    """R8.4: nothing hidden from a seat changes its view (or the legal actions, when it is that
    seat's decision)."""
    seat = rng.randrange(g.num_players)
    other = rattus.Game.from_json(shuffle_hidden(save, seat, rng))
    assert other.view(seat) == g.view(seat)
    if seat == g.current_player:
        assert other.legal_actions() == g.legal_actions()


# -- a random game with checks at every step ------------------------------------------------

def play_checked(players: int, seed: int, *, views=True, roundtrip=True):
    rng = random.Random(seed)
    g = rattus.new_game(players, seed=seed, start_player=rng.randrange(players))
    ledger = Ledger(g)
    actions = []
    save = json.loads(g.to_json())
    over_events = None
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "a running game always has a legal action"
        for a in legal:
            assert rattus.parse_action(str(a)) == a
        action = rng.choice(legal)
        events = g.apply(action)
        actions.append(str(action))
        ledger.follow(events, save)
        text = g.to_json()
        save = json.loads(text)
        check_cubes(g, ledger)
        check_tokens(g, save)
        if views:
            check_views(g, save, ledger)
            check_view_independent_of_hidden(g, save, rng)
        if roundtrip:
            assert rattus.Game.from_json(text).to_json() == text
        if g.is_over:
            over_events = events
        assert len(actions) < 5000, "the game does not end"
    return g, actions, over_events


@pytest.mark.parametrize("players", PLAYERS)
@PROPERTY
@given(seed=SEEDS)
def test_random_games_keep_every_invariant(players, seed):
    """R1.2, R1.3, R5.2, R8 and save round trips at every step; the game ends with a winner."""
    g, actions, over = play_checked(players, seed)
    assert g.is_over and g.legal_actions() == [] and g.current_player in range(players)
    assert g.winner() in range(players)
    assert over[-1]["kind"] == "game_over" and over[-1]["winner"] == g.winner()
    assert over[-1]["scores"] == g.scores()
    assert g.scores()[g.winner()] == max(g.scores())
    assert g.history == actions


@pytest.mark.parametrize("players", PLAYERS)
@PROPERTY
@given(seed=SEEDS)
def test_same_seed_and_actions_replay_to_the_same_game(players, seed):
    """Determinism: same seed + same actions ⇒ same game (the seed decides everything
    random, R3; undo and saves replay by it)."""
    g, actions, _ = play_checked(players, seed, views=False, roundtrip=False)
    rng = random.Random(seed)
    again = rattus.new_game(players, seed=seed, start_player=rng.randrange(players))
    for text in actions:
        again.apply(text)
    assert again.to_json() == g.to_json()


# -- illegal actions --------------------------------------------------------------------------

@PROPERTY
@given(players=st.sampled_from(PLAYERS), seed=SEEDS, steps=st.integers(0, 400),
       attempts=st.lists(ANY_ACTION, min_size=1, max_size=40))
def test_every_illegal_action_raises_and_changes_nothing(players, seed, steps, attempts):
    """An action outside ``legal_actions()`` raises IllegalAction (a ValueError, with a reason
    key and a message) and leaves the game exactly as it was; a legal one is accepted."""
    g = random_state(players, seed, steps)
    legal = set(g.legal_actions())
    before = g.to_json()
    for action in attempts:
        assert g.is_legal(action) == (action in legal)
        if action in legal:
            continue
        with pytest.raises(rattus.IllegalAction) as info:
            g.apply(action)
        assert info.value.reason and str(info.value)
        assert isinstance(info.value, ValueError)
        with pytest.raises(rattus.IllegalAction):
            g.apply(str(action))
        assert g.to_json() == before
    assert set(g.legal_actions()) == legal


@PROPERTY
@given(players=st.sampled_from(PLAYERS), seed=SEEDS, steps=st.integers(0, 300),
       texts=st.lists(st.one_of(
           st.text(max_size=40),
           st.builds(" ".join, st.lists(st.sampled_from(
               ["setup", "take", "place", "king", "monk", "merchant", "witch", "plague",
                "spread", "neutral", "end", "swap", "done", "yes", "no", "Gallia", "gallia",
                "Russia", "Italia/1", "Gallia/2", "Gallia/0", "Gallia/4", "Italia/",
                "/1", "0", "1", "2", "3", "4", "21", "-1", "King", "Knight", "Witch",
                "²", "٣", "1.0", "Atlantis", "  "]), max_size=5))),
           min_size=1, max_size=20))
def test_random_strings_raise_illegal_action_and_change_nothing(players, seed, steps, texts):
    """Any text is either a legal action or raises IllegalAction, with the game unchanged."""
    g = random_state(players, seed, steps)
    legal = {str(a) for a in g.legal_actions()}
    before = g.to_json()
    for text in texts:
        try:
            parsed = rattus.parse_action(text)
        except rattus.IllegalAction:
            parsed = None
        if parsed is not None and str(parsed) in legal:
            continue
        with pytest.raises(rattus.IllegalAction):
            g.apply(text)
        assert g.to_json() == before


@given(st.text(max_size=30))
@example("place Gallia ²")
@example("monk Gallia/① Italia")
@PROPERTY
def test_parse_action_raises_only_illegal_action(text):
    """parse_action of any text returns an Action whose notation parses back to it, or raises
    IllegalAction — never another exception."""
    try:
        action = rattus.parse_action(text)
    except rattus.IllegalAction:
        return
    assert rattus.parse_action(str(action)) == action


# -- undo ------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", PLAYERS)
@PROPERTY
@given(seed=SEEDS)
def test_undo_restores_the_json_before_the_last_action(players, seed):
    """``undo()`` (when ``undo_blocker is None``) restores exactly the JSON before the last
    action; it never goes back across a strike, a Witch's look or a new turn."""
    rng = random.Random(seed)
    g = rattus.new_game(players, seed=seed)
    before = g.to_json()
    undone = 0
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        events = g.apply(action)
        if {"token_revealed", "witch_look", "turn", "rat_spread"} & {e.kind for e in events}:
            assert g.undo_blocker is not None, f"{action} revealed something"
        if g.undo_blocker is None and rng.random() < 0.3:
            copy = g.clone()
            assert copy.undo() == str(action)
            assert copy.to_json() == before
            undone += 1
        else:
            blocker = g.undo_blocker
            if blocker is not None:
                with pytest.raises(rattus.IllegalAction):
                    g.clone().undo()
        before = g.to_json()
    assert g.undo_blocker == "over"


def test_clone_is_independent():
    """``clone()`` is an independent copy."""
    g = random_state(3, 5, 60)
    copy = g.clone()
    text = g.to_json()
    while not copy.is_over:
        copy.apply(copy.legal_actions()[-1])
    assert g.to_json() == text
