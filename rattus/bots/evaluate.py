"""A fast static evaluation of a (determinised) state from one seat's knowledge.

The evaluation estimates each player's final score (R7.4): cubes in the palace, plus cubes
in regions minus the cubes the rats there are expected to kill. Every face-down token is
revealed sooner or later — by a strike (R5.3) or at the latest by the final plague (R7.3) —
so each region's tokens are "revealed" here in expectation, oldest first, against the cubes
as they stand, with the R5.5 symbols (M, A, then the class symbols of the current holders).

A token whose face the seat knows (its Witch saw it, R6.6) counts with that face; every
other face-down token counts as the average of the tokens the seat has not seen (R9 minus
the revealed ones and the known ones), conditioned on the cube count reaching its threshold
(R5.4). The sampled faces of a determinisation are never used, so the evaluation is smooth
and does not leak the sample's secrets into decisions.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import CARD_SYMBOL, CARDS
from ..constants import CUBES_PER_PLAYER, MAX_RATS, NEUTRAL_CUBES
from ..state import State
from ..tokens import TOKENS

_CARD_OF = {s: c for c, s in CARD_SYMBOL.items()}
THR = [t.threshold for t in TOKENS]
NM = [t.symbols.count("M") for t in TOKENS]
NA = [t.symbols.count("A") for t in TOKENS]
CLS = [tuple(_CARD_OF[x] for x in t.symbols if x in _CARD_OF) for t in TOKENS]
MAXN = max(THR) + 1  # cube counts that matter: thresholds go up to 5 (R9)


class Params:
    """Weights of the evaluation (in cubes)."""

    card_risk = 0.8  # class symbols hit whoever holds the card then: it may change hands
    future = 0.55  # expected future rats per region, per (supply / regions)
    reserve = 0.0  # a cube left in the reserve scores nothing (R7.4)
    draws_per_turn = 1.3  # tokens drawn per turn, to estimate the turns left
    bonus = {"Peasant": 0.55, "Merchant": 0.35, "Monk": 0.45, "Knight": 0.35,
             "Witch": 0.25, "King": 0.45}
    push = 0.12  # Normal: per rat and cube, rivals' cubes struck now rather than later
    temperature = 2.5  # cubes of lead worth e times the odds (win probabilities)
    #: Worth of holding a card per own turn left (None: the flat ``bonus`` only). The
    #: Peasant's extra cube (R6.4) and the King's safe cube (R6.1) come back every turn.
    per_turn: dict | None = None


DEFAULT = Params()


class HardParams(Params):
    """The Hard bot's weights: the Normal ones, plus the Peasant's worth per own turn left.

    The Peasant's extra cube (R6.4) comes back every turn while the reserve lasts, so the
    card is worth about a cube a turn to its holder, not the flat ``bonus``. With this term
    alone a Normal bot won 65.8 % of 400 2-player games against the plain Normal bot, where
    two identical bots scored 55 % on the same seeds (``docs/bots.md``). Per-turn terms for
    the King, Monk and Merchant changed nothing measurable and are left out. Hard uses these
    weights at its root only: in its leaves they swamped the win probabilities.
    """

    per_turn = {"Peasant": 0.5}


HARD = HardParams()


class PoolTable:
    """Average effect of one unknown token against ``n`` cubes, for n = 0..MAXN."""

    __slots__ = ("m", "a", "cls", "size")

    def __init__(self, ids):
        ids = list(ids)
        size = len(ids) or 1
        self.size = len(ids)
        # sums per threshold first (one pass over the tokens), then cumulative over n
        m_at = [0] * (MAXN + 1)
        a_at = [0] * (MAXN + 1)
        cls_at = [dict.fromkeys(CARDS, 0) for _ in range(MAXN + 1)]
        for i in ids:
            t = THR[i]
            m_at[t] += NM[i]
            a_at[t] += NA[i]
            row = cls_at[t]
            for c in CLS[i]:
                row[c] += 1
        self.m = [0.0] * (MAXN + 1)
        self.a = [0.0] * (MAXN + 1)
        self.cls = []
        m = a = 0
        run = dict.fromkeys(CARDS, 0)
        for n in range(MAXN + 1):
            m += m_at[n]
            a += a_at[n]
            row = cls_at[n]
            for c in CARDS:
                run[c] += row[c]
            self.m[n] = m / size
            self.a[n] = a / size
            self.cls.append({c: run[c] / size for c in CARDS})


_TABLES: dict[frozenset, PoolTable] = {}


def unknown_ids(s: State, seat: int | None) -> list[int]:
    """Tokens whose faces ``seat`` has not seen: face down on the board (not known by its
    Witch), in the supply, or removed at setup."""
    known = s.knowledge[seat] if seat is not None else ()
    ids = [t for ts in s.rats.values() for t in ts if t not in known]
    return ids + s.supply + s.removed


def pool_table(s: State, seat: int | None) -> PoolTable:
    key = frozenset(s.revealed)
    if seat is not None and s.knowledge[seat]:
        key = key | {-1 - t for t in s.knowledge[seat]}
    table = _TABLES.get(key)
    if table is None:
        if len(_TABLES) > 4096:
            _TABLES.clear()
        table = _TABLES[key] = PoolTable(unknown_ids(s, seat))
    return table


def region_losses(cubes: Sequence[float], tokens: list[int], known, table: PoolTable,
                  holder: dict, extra: float, bonus_cubes: int, params: Params) -> list[float]:
    """The cubes per seat left after the region's tokens (and ``extra`` future unknown
    tokens, fractional) are revealed in expectation (R5.3–R5.5)."""
    c = [float(x) for x in cubes]
    risk = params.card_risk
    players = len(c)
    held = [[card for card, p in holder.items() if p == seat] for seat in range(players)]

    def hit(m: float, a: float, cls, weight: float) -> bool:
        mx = max(c)
        if mx <= 0:
            return False
        loss = [0.0] * players
        if m:
            for p in range(players):
                if c[p] > 0 and c[p] >= mx - 0.25:
                    loss[p] += m
        for p in range(players):
            if c[p] > 0:
                x = loss[p] + a
                for card in held[p]:
                    x += cls[card] * risk
                x *= weight
                c[p] = c[p] - x if c[p] > x else 0.0
        return True

    for t in tokens:
        n = int(sum(c) + 0.5) + bonus_cubes
        if n <= 0 or max(c) <= 0:
            return c
        if t in known:
            if n >= THR[t]:
                cls = dict.fromkeys(CARDS, 0.0)
                for card in CLS[t]:
                    cls[card] += 1
                hit(NM[t], NA[t], cls, 1.0)
        else:
            n = min(n, MAXN)
            hit(table.m[n], table.a[n], table.cls[n], 1.0)
    while extra > 0 and max(c) > 0:
        n = min(int(sum(c) + 0.5) + bonus_cubes, MAXN)
        w = min(1.0, extra)
        hit(table.m[n], table.a[n], table.cls[n], w)
        extra -= w
    return c


def expected_scores(s: State, seat: int | None, params: Params = DEFAULT) -> list[float]:
    """Each seat's expected final score (R7.4) as ``seat`` can estimate it."""
    players = s.players
    if s.phase == "over":
        return [float(s.on_board(p) + s.palace[p]) for p in range(players)]
    table = pool_table(s, seat)
    known = s.knowledge[seat] if seat is not None else ()
    final = s.phase == "final"
    supply = len(s.supply)
    fut = 0.0 if final else params.future * supply / len(s.regions)
    holder = {c: p for c, p in s.cards.items() if p is not None}
    values = [float(x) for x in s.palace]
    for r in s.regions:
        cubes = s.cubes[r]
        if not any(cubes):
            continue
        tokens = s.rats[r]
        extra = min(MAX_RATS - len(tokens), fut) if fut else 0.0
        bonus = NEUTRAL_CUBES if (final and s.neutral and r == s.plague) else 0
        left: Sequence[float] = cubes
        if tokens or extra > 0:
            left = region_losses(cubes, tokens, known, table, holder, extra, bonus, params)
        for p in range(players):
            values[p] += left[p]
    if not final:
        turns_left = supply / (params.draws_per_turn * players)
        factor = min(1.0, turns_left / 2.0)
        for card, p in holder.items():
            values[p] += params.bonus[card] * factor
        if params.per_turn:
            per = params.per_turn
            for card, p in holder.items():
                if card in per:
                    values[p] += per[card] * turns_left
        if params.reserve:
            for p in range(players):
                values[p] += params.reserve * (CUBES_PER_PLAYER - s.on_board(p) - s.palace[p])
    return values


def advantage(values: list[float], seat: int) -> float:
    """How far ``seat`` is ahead: its value minus a blend of the best and the mean rival."""
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


def win_probs(values: list[float], params: Params = DEFAULT) -> list[float]:
    """Soft win probabilities from expected scores (a softmax at ``params.temperature``)."""
    import math
    top = max(values)
    e = [math.exp((v - top) / params.temperature) for v in values]
    total = sum(e)
    return [x / total for x in e]
