"""The complete state of a game of Rattus, hidden parts included.

The state is plain data (lists, dicts, ints) so that cloning it for search is cheap and
saving it is a direct mapping (``serialize.py``). The rules that change it live in
``rules.py``; this module knows no rule beyond the counts R1 fixes.
"""

from __future__ import annotations

from .board import neighbours, regions_in_play
from .constants import CUBES_PER_PLAYER

#: Phases of the game: whose decision of which sort is pending.
PHASES = ("setup", "turn", "spread", "neutral", "final", "over")


class State:
    """Everything a game is. Token ids index ``tokens.TOKENS`` and are secret (R8.2)."""

    __slots__ = (
        "players", "seed", "start_player", "regions", "nbrs",
        "cubes", "palace", "rats", "supply", "removed", "revealed", "cards", "plague",
        "phase", "current", "setup_queue", "took_card", "placed", "used",
        "witch_looks", "witch_stage", "spread_left", "neutral", "knowledge",
        "last_regular", "final_queue", "turns", "history", "undo_floor", "undo_block",
        "setup_tokens",
    )

    def __init__(self, players: int):
        self.players = players
        self.seed: int | None = None
        self.start_player = 0
        self.regions = regions_in_play(players)
        self.nbrs = neighbours(players)
        self.cubes: dict[str, list[int]] = {r: [0] * players for r in self.regions}
        self.palace = [0] * players
        self.rats: dict[str, list[int]] = {r: [] for r in self.regions}  # oldest first
        self.supply: list[int] = []  # the next token drawn is the last one
        self.removed: list[int] = []  # out of the game unseen (R3.3)
        self.revealed: list[int] = []  # out of the game face up (R5.4), in reveal order
        self.cards: dict[str, int | None] = {}
        self.plague = self.regions[0]
        self.phase = "setup"
        self.current = 0
        self.setup_queue: list[int] = []  # seats still to place at setup, next first (R3.5)
        self.took_card = False  # this turn (R4.1)
        self.placed = False  # this turn (R4.2)
        self.used: list[str] = []  # cards whose ability was used this turn (R6)
        self.witch_looks: list[int] = []  # tokens the Witch looked at this turn
        self.witch_stage = 0  # 0 idle, 1 or 2 looks made and the Witch's use not finished
        self.spread_left = 0  # tokens still to draw in this spread (R5.1)
        self.neutral = False  # the Knight's neutral cubes declared (R6.3, R7.2)
        self.knowledge: list[set[int]] = [set() for _ in range(players)]  # R8.3
        self.last_regular: int | None = None  # who had the last regular turn (R7.1)
        self.final_queue: list[int] = []  # seats still to take a final turn (R7.2)
        self.turns = 0  # regular turns begun
        self.history: list[str] = []  # every action applied, in notation
        self.undo_floor = 0  # history index below which undo may not go
        self.undo_block = "start"  # why undo stops at the floor
        # The tokens placed face down at setup (R3.2), a public fact (where they lie is
        # tracked in the open): None until ``view.setup_tokens`` derives it from the seed.
        # Not saved: a save's seed gives it again.
        self.setup_tokens: frozenset[int] | None = None

    def clone(self) -> State:
        s = object.__new__(State)
        for name in self.__slots__:
            setattr(s, name, getattr(self, name))
        s.cubes = {r: c[:] for r, c in self.cubes.items()}
        s.palace = self.palace[:]
        s.rats = {r: t[:] for r, t in self.rats.items()}
        s.supply = self.supply[:]
        s.removed = self.removed[:]
        s.revealed = self.revealed[:]
        s.cards = dict(self.cards)
        s.setup_queue = self.setup_queue[:]
        s.used = self.used[:]
        s.witch_looks = self.witch_looks[:]
        s.knowledge = [set(k) for k in self.knowledge]
        s.final_queue = self.final_queue[:]
        s.history = self.history[:]
        return s

    # -- counts fixed by R1.2 --------------------------------------------------------
    def on_board(self, seat: int) -> int:
        """Cubes of ``seat`` in regions."""
        return sum([c[seat] for c in self.cubes.values()])

    def reserve(self, seat: int) -> int:
        """Cubes of ``seat`` in the reserve: 20 minus board and palace (R1.2)."""
        return CUBES_PER_PLAYER - self.on_board(seat) - self.palace[seat]

    def holds(self, seat: int, card: str) -> bool:
        """Whether ``seat`` holds the class card ``card`` now."""
        return self.cards.get(card) == seat

    def slot_of(self, token: int) -> tuple[str, int] | None:
        """Where a face-down token lies on the board, as (region, slot from 1)."""
        for region, tokens in self.rats.items():
            if token in tokens:
                return region, tokens.index(token) + 1
        return None
