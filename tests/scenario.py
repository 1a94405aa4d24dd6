"""Build game states directly, for scenario tests that read like the rulebook.

    g = (Scenario(players=4)
         .cubes(Gallia=[0, 1, 2, 0])
         .rats(Gallia=["1 B C", "3 M B C", "2 M B C"])
         .supply_top(["1 K W", "1 P R"])
         .cards(Knight=1, Merchant=2)
         .plague("Anglia")
         .turn(0)
         .game())

A scenario starts from ``rattus.new_game`` with setup played, then overwrites the State
(``game._s``) with what the test needs. Tokens are chosen *by face* (``token("3 M B C")``); the
tokens a test does not name are kept out of its way: the rest fill the supply (below any
``supply_top``), the right number of normal tokens stay removed at setup (R3.3), and any
overflow (``supply_size``) goes to the revealed pile, so the 49 tokens stay accounted for (R1.3).
``game()`` round-trips the state through the save format, so every scenario is also a state that
``Game.from_json`` accepts.

Tests use these internals only to BUILD a state; they assert through the public API.
"""

from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import rattus
from rattus.actions import Action
from rattus.cards import CARDS, SYMBOL_ORDER
from rattus.tokens import REMOVED_AT_SETUP, TOKENS

#: Seat colours of the rulebook's worked example (R5.6), and handy names for tests.
RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3

#: Property tests: moderate example counts (they also run inside Pyodide, ~2x slower);
#: RATTUS_EXAMPLES=2000 in the environment hunts deeper.
PROPERTY = settings(max_examples=int(os.environ.get("RATTUS_EXAMPLES", "40")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


#: Any well-formed Action, legal or not: the whole action space (docs/notation.md).
REGION = st.sampled_from(rattus.REGIONS)
ANY_ACTION = st.one_of(
    st.builds(lambda r: Action("setup", r), REGION),
    st.builds(lambda c: Action("take", c), st.sampled_from(CARDS)),
    st.builds(lambda r, k: Action("place", r, k), REGION, st.integers(1, 20)),
    st.builds(lambda r: Action("king", r), REGION),
    st.builds(lambda r, i, t: Action("monk", r, i, t), REGION, st.integers(1, 3), REGION),
    st.builds(lambda r, t, k: Action("merchant", r, t, k), REGION, REGION, st.integers(1, 3)),
    st.builds(lambda r, i: Action("witch", r, i), REGION, st.integers(1, 3)),
    st.sampled_from([Action("witch", "swap"), Action("witch", "done"), Action("end"),
                     Action("neutral", "yes"), Action("neutral", "no")]),
    st.builds(lambda r: Action("plague", r), REGION),
    st.builds(lambda r: Action("spread", r), REGION),
)


def face_key(face: str) -> tuple[int, tuple[str, ...]]:
    """``"3 M B C"`` or ``"3+ C B M"`` → (3, ('M', 'B', 'C')) — symbols in R5.5 order."""
    words = face.replace("+", " ").split()
    rank = {s: i for i, s in enumerate(SYMBOL_ORDER)}
    return int(words[0]), tuple(sorted(words[1:], key=rank.__getitem__))


def tokens_with_face(face: str) -> list[int]:
    key = face_key(face)
    found = [i for i, t in enumerate(TOKENS) if (t.threshold, t.symbols) == key]
    if not found:
        raise KeyError(f"no rat token has the face {face!r} (RULES R9)")
    return found


def token(face: str, avoid=()) -> int:
    """The id of a token with this face (the first one not in ``avoid``)."""
    for i in tokens_with_face(face):
        if i not in avoid:
            return i
    raise KeyError(f"every token with the face {face!r} is already used")


def face(token_id: int) -> dict:
    """The JSON face of a token, as events and views show it."""
    return TOKENS[token_id].face()


def face_of(text: str) -> dict:
    return face(token(text))


def setup_game(players: int = 4, seed: int = 1, start_player: int = 0) -> rattus.Game:
    """A real game with setup played (every placement in the first legal region)."""
    g = rattus.new_game(players, seed, start_player)
    while g.phase == "setup":
        g.apply(g.legal_actions()[0])
    return g


def play_random(g: rattus.Game, rng, max_actions: int = 100_000) -> list[str]:
    """Play uniformly random legal actions to the end; return them in notation."""
    done = []
    while not g.is_over:
        action = rng.choice(g.legal_actions())
        g.apply(action)
        done.append(str(action))
        assert len(done) < max_actions, "the game does not end"
    return done


def random_state(players: int, seed: int, steps: int) -> rattus.Game:
    """A real game after ``steps`` uniformly random actions from its seed (or over)."""
    import random

    rng = random.Random(seed)
    g = rattus.new_game(players, seed=seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


class Scenario:
    """A fluent builder of a game state; see the module docstring."""

    def __init__(self, players: int = 4, seed: int = 1, start_player: int = 0):
        self.g = setup_game(players, seed, start_player)
        s = self.s = self.g._s
        self._rats: dict[str, list[str]] = {}
        self._top: list[str] = []
        self._supply_size: int | None = None
        s.cubes = {r: [0] * players for r in s.regions}
        s.palace = [0] * players
        s.cards = {c: None for c in CARDS}
        self.turn(start_player)

    # -- cubes, cards, plague ------------------------------------------------------------
    def cubes(self, **regions: list[int]) -> Scenario:
        for region, counts in regions.items():
            assert len(counts) == self.s.players
            self.s.cubes[region] = list(counts)
        return self

    def palace(self, *counts: int) -> Scenario:
        self.s.palace = list(counts)
        return self

    def fill_reserve(self, seat: int, left: int, region: str) -> Scenario:
        """Put cubes of ``seat`` in ``region`` until only ``left`` remain in the reserve."""
        self.s.cubes[region][seat] += self.s.reserve(seat) - left
        return self

    def cards(self, **holders: int | None) -> Scenario:
        for card, seat in holders.items():
            assert card in CARDS, card
            self.s.cards[card] = seat
        return self

    def plague(self, region: str) -> Scenario:
        self.s.plague = region
        return self

    def turn(self, seat: int) -> Scenario:
        """Make it the start of ``seat``'s regular turn (nothing done yet)."""
        s = self.s
        s.phase, s.current = "turn", seat
        s.took_card = s.placed = s.neutral = False
        s.used, s.witch_looks, s.witch_stage, s.spread_left = [], [], 0, 0
        s.last_regular, s.final_queue, s.setup_queue = None, [], []
        return self

    # -- tokens ----------------------------------------------------------------------------
    def rats(self, **regions: list[str]) -> Scenario:
        """Face-down tokens per region, oldest first (regions not named get none)."""
        self._rats.update(regions)
        return self

    def supply_top(self, faces: list[str]) -> Scenario:
        """The next tokens drawn from the supply, in drawing order."""
        self._top = list(faces)
        return self

    def supply_size(self, n: int) -> Scenario:
        """Only ``n`` tokens in the supply (the rest of it goes to the revealed pile)."""
        self._supply_size = n
        return self

    def _lay_tokens(self) -> None:
        s = self.s
        claimed: list[int] = []

        def take(f: str) -> int:
            t = token(f, avoid=claimed)
            claimed.append(t)
            return t

        s.rats = {r: [take(f) for f in self._rats.get(r, [])] for r in s.regions}
        top = [take(f) for f in self._top]
        rest = [i for i in range(len(TOKENS)) if i not in claimed]
        k = REMOVED_AT_SETUP[s.players]
        s.removed = [i for i in rest if not TOKENS[i].starting][:k]
        rest = [i for i in rest if i not in s.removed]
        s.revealed = []
        if self._supply_size is not None:
            keep = self._supply_size - len(top)
            assert keep >= 0, "supply_size smaller than supply_top"
            s.revealed, rest = rest[:len(rest) - keep], rest[len(rest) - keep:]
        s.supply = rest + top[::-1]  # the next token drawn is the last one
        s.knowledge = [set() for _ in range(s.players)]

    # -- the result --------------------------------------------------------------------------
    def game(self) -> rattus.Game:
        self._lay_tokens()
        s = self.s
        # A built position does not follow from any seed: no replay (and so no undo).
        s.seed, s.history, s.undo_floor, s.undo_block = None, [], 0, "start"
        self.g._legal = None
        # Every scenario must be a state the save format accepts (a sanity check of the test).
        return rattus.Game.from_json(self.g.to_json())


# -- assertions through the public API ------------------------------------------------------

def kinds(events) -> list[str]:
    return [e["kind"] for e in events]


def of_kind(events, kind: str) -> list[dict]:
    return [e for e in events if e["kind"] == kind]


def cubes_in(g: rattus.Game, region: str) -> list[int]:
    return g.view(None)["board"][region]["cubes"]


def rats_in(g: rattus.Game, region: str) -> int:
    return len(g.view(None)["board"][region]["tokens"])


def legal(g: rattus.Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def saved(g: rattus.Game) -> dict:
    return json.loads(g.to_json())


def rejects(g: rattus.Game, action: str, reason: str | None = None):
    """Assert that ``action`` is illegal now (with ``reason``) and changes nothing."""
    before = g.to_json()
    try:
        g.apply(action)
    except rattus.IllegalAction as e:
        assert g.to_json() == before
        if reason is not None:
            assert e.reason == reason, f"{action}: reason {e.reason!r} ({e}), not {reason!r}"
        return e
    raise AssertionError(f"{action!r} was accepted")
