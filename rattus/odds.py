"""Strike odds from one seat's view (docs/odds.md): what a strike in a region would do now.

:func:`strike_odds` reads a view (``Game.view(seat)``, docs/view.md) and nothing else, so it
uses only what that seat may know (RULES R8): every public fact and the faces that seat's
Witch saw (R6.6). The faces it cannot see are weighed exactly: every complete game that agrees
with the view counts once — the model of ``rattus.worlds``: the 49 tokens of R9 minus the faces
the view shows, dealt over the hidden board slots, the supply and the removed pile — and the
strike is the engine's (``rattus.plague.strike``, R5.3–R5.5), replayed token by token.

What narrows the deal (docs/odds.md works the formula through):

* a face-down token the view marks ``starting`` (placed at setup, R3.2) is a starting token
  (R1.3); so is every board token while no token has left the supply (before the first spread,
  R5.1), also in a view without the marks;
* the tokens removed at setup are normal tokens (R3.3): they stay possible for a hidden slot,
  but no starting token is among them;
* a face printed on one starting and one normal token (R9: "1 M C", "2 M K W", "2 P W R",
  "3 M B C", "3 A P B") that the view shows once: the unseen one is either copy, weighed by
  the deals each allows (a copy shown on a slot marked ``starting`` is the starting one).

Cost: a region holds at most three tokens (R5.2); the unseen faces are merged by what they do
in that region, and the last hidden token is counted by its outcome rather than walked, so
all 12 regions take about a millisecond (``python -m rattus.bench_odds``). Standard library
only; the recursion is at most three deep.
"""

from __future__ import annotations

from math import comb, factorial
from typing import TYPE_CHECKING

from .cards import ALL, MAJORITY, SYMBOL_CARD
from .constants import NEUTRAL_CUBES, TOKENS_TOTAL
from .tokens import TOKENS

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import Face, View

__all__ = ["strike_odds"]

# The kind of an unseen token, for the deal: a STARTING token is never removed (R3.3) and may
# fill a slot marked starting (R3.2); a NORMAL one may be removed and may not fill such a slot;
# an EITHER token is the unseen copy of a face with one starting and one normal token, of which
# the view shows the other copy somewhere that does not tell which it is.
STARTING, NORMAL, EITHER = 0, 1, 2

# face (threshold, symbols) -> [starting copies, normal copies] (R9)
_COPIES: dict[tuple, list[int]] = {}
for _t in TOKENS:
    _COPIES.setdefault((_t.threshold, _t.symbols), [0, 0])[0 if _t.starting else 1] += 1
# EITHER assumes a face printed on both kinds has one token of each, as in R9.
assert all(s == n == 1 for s, n in _COPIES.values() if s and n)


def _key(face: Face) -> tuple:
    return (face["threshold"], tuple(face["symbols"]))


def _falling(x: int, k: int) -> int:
    """x (x-1) … (x-k+1): ordered ways to fill k places from x tokens; 0 when x < k."""
    if x < k:
        return 0
    result = 1
    for i in range(k):
        result *= x - i
    return result


def _setup_marks(view: View) -> dict[str, list[bool]]:
    """Per region, which face-down tokens are known to be starting tokens (R3.2)."""
    regions = view["regions"]
    if view["supply"] + view["removed"] + len(regions) == TOKENS_TOTAL:
        # no token has left the supply: every board token was placed at setup (R3.2)
        return {r: [True] * len(view["board"][r]["tokens"]) for r in regions}
    marks = {}
    for r in regions:
        spot = view["board"][r]
        flags = spot.get("starting") or ()
        marks[r] = [bool(flags[i]) if i < len(flags) else False
                    for i in range(len(spot["tokens"]))]
    return marks


class _Pool:
    """The unseen tokens of a view and the weight of a deal into the hidden slots.

    ``classes``: [(face, kind, copies)]. A deal of ordered tokens t1…ti into the first i hidden
    slots of a region has probability  copies-falling × psi(state) / psi(empty), where
    ``state`` = (marked slots among the i, STARTING, NORMAL, EITHER-in-marked,
    EITHER-in-unmarked tokens among the t's) and psi counts the complete deals that extend it
    (``_psi``; docs/odds.md).
    """

    def __init__(self, view: View, marks: dict[str, list[bool]]):
        shown: dict[tuple, int] = {}
        shown_marked: dict[tuple, int] = {}
        for face in view["revealed"]:
            key = _key(face)
            shown[key] = shown.get(key, 0) + 1
        hidden = marked = 0
        for r in view["regions"]:
            for on_board, mark in zip(view["board"][r]["tokens"], marks[r]):
                if on_board is None:
                    hidden += 1
                    marked += mark
                    continue
                key = _key(on_board)
                shown[key] = shown.get(key, 0) + 1
                if mark:
                    shown_marked[key] = shown_marked.get(key, 0) + 1
        removed, supply = view["removed"], view["supply"]
        unseen = TOKENS_TOTAL - sum(shown.values())
        if unseen != hidden + supply + removed:
            raise ValueError("the view's token counts do not add up to the 49 tokens (R1.3)")

        classes: list[tuple[tuple, int, int]] = []
        for key, n in shown.items():
            s, m = _COPIES.get(key, (0, 0))
            if n > s + m or shown_marked.get(key, 0) > s:
                raise ValueError(f"the view shows more tokens {key} than the game has (R9)"
                                 " or a normal one on a slot placed at setup (R3.2)")
        for key, (s, n) in _COPIES.items():
            seen = shown.get(key, 0)
            if seen == s + n:
                continue
            if not s or not n:
                classes.append((key, STARTING if s else NORMAL, s + n - seen))
            elif not seen:
                classes += [(key, STARTING, 1), (key, NORMAL, 1)]
            elif shown_marked.get(key):  # the copy shown was placed at setup: the starting one
                classes.append((key, NORMAL, 1))
            else:
                classes.append((key, EITHER, 1))
        self.classes = classes
        count = [0, 0, 0]
        for _, kind, copies in classes:
            count[kind] += copies
        self.starting, self.normal, self.either = count
        self.marked, self.removed = marked, removed
        self.places = unseen - removed  # hidden slots and supply
        self._psi_cache: dict[tuple, int] = {}
        self._next_cache: dict[tuple, tuple] = {}
        if not self._psi((0, 0, 0, 0, 0)):
            raise ValueError("no deal of the unseen tokens fits the view (R3.2, R3.3)")

    def _psi(self, state: tuple) -> int:
        """Complete deals that put given tokens in the first slots: ``state`` = (marked slots
        among them, STARTING, NORMAL, EITHER in marked, EITHER in unmarked tokens there).

        An EITHER token in an unmarked slot may be either copy (2 ways); one in a marked slot
        is the starting copy. Of the b EITHER tokens left that are the normal copy, the rest
        are starting: the marked slots left take starting tokens, the removed pile normal
        ones (R3.3), the other places the rest in any order.
        """
        got = self._psi_cache.get(state)
        if got is None:
            fp, s0, j0, af, au = state
            i = s0 + j0 + af + au
            left = self.either - af - au
            got = (2 ** au) * factorial(self.places - self.marked - i + fp) * sum(
                comb(left, b) * _falling(self.starting - s0 + left - b, self.marked - fp)
                * _falling(self.normal - j0 + b, self.removed)
                for b in range(left + 1))
            self._psi_cache[state] = got
        return got

    def next(self, state: tuple, marked: bool) -> tuple:
        """For one more token in a slot (marked: placed at setup), per kind: (the state after,
        its weight relative to now for one token of that kind)."""
        key = (state, marked)
        got = self._next_cache.get(key)
        if got is None:
            now = self._psi(state)
            fp, s0, j0, af, au = state
            fp += marked
            after = ((fp, s0 + 1, j0, af, au), (fp, s0, j0 + 1, af, au),
                     (fp, s0, j0, af + 1, au) if marked else (fp, s0, j0, af, au + 1))
            ratios = [self._psi(a) / now if now else 0.0 for a in after]
            if marked:
                ratios[NORMAL] = 0.0  # a slot placed at setup holds a starting token (R3.2)
            got = self._next_cache[key] = (after, tuple(ratios))
        return got


def _effect(face: tuple, cubes: tuple, holder: dict, neutral: int) -> tuple:
    """What a face does in this region, as a key: faces with one key act alike here.

    (threshold, or 0 if it always breaks out; M count; A count; seats its class symbols hit);
    () for a face that never breaks out here (its threshold is above the starting count).
    """
    threshold, symbols = face
    if threshold > sum(cubes) + neutral:  # the count only falls during a strike
        return ()
    if threshold <= 1 + neutral:  # while the strike goes on, a player cube is left (R5.3)
        threshold = 0
    m = a = 0
    hit = []
    for symbol in symbols:
        if symbol == MAJORITY:
            m += 1
        elif symbol == ALL:
            a += 1
        else:
            seat = holder.get(symbol)
            if seat is not None and cubes[seat]:  # no cube here now: none to lose later
                hit.append(seat)
    return (threshold, m, a, tuple(sorted(hit)))


def _step(cubes: tuple, effect: tuple, neutral: int) -> tuple[tuple, int]:
    """One revealed token, as ``plague.strike`` does it (R5.4, R5.5): the cubes after it and
    1 if it broke out. Neutral cubes count for the threshold only (R6.3)."""
    if not effect:
        return cubes, 0
    threshold, m, a, hit = effect
    if threshold and sum(cubes) + neutral < threshold:
        return cubes, 0
    c = list(cubes)
    for _ in range(m):  # each M against the cubes as they stand; ties all lose one
        most = max(c)
        if not most:
            break
        c = [x - 1 if x == most else x for x in c]
    if a:  # each A: every seat with a cube here loses one
        c = [x - a if x > a else 0 for x in c]
    for seat in hit:  # each class symbol: its holder, if a cube is left
        if c[seat]:
            c[seat] -= 1
    return tuple(c), 1


def _no_strike(players: int) -> dict:
    return {"p_loss": 0.0, "expected_loss": [0.0] * players, "outbreaks": [1.0, 0.0, 0.0, 0.0]}


_POOLS: dict[tuple, _Pool] = {}


def _pool_key(view: View, marks: dict[str, list[bool]]) -> tuple:
    """What the view's pool depends on: the faces seen, every token where it lies (known or
    not, starting or not), the supply and the tokens out of the game."""
    return (tuple((f["threshold"], *f["symbols"]) for f in view["revealed"]),
            tuple((r, m, None if f is None else (f["threshold"], *f["symbols"]))
                  for r in view["regions"]
                  for f, m in zip(view["board"][r]["tokens"], marks[r])),
            view["supply"], view["removed"])


def _pool(view: View, marks: dict[str, list[bool]], key: tuple) -> _Pool:
    """The view's pool, cached on what it depends on (a UI asks for every region at once)."""
    pool = _POOLS.get(key)
    if pool is None:
        if len(_POOLS) >= 32:
            _POOLS.clear()
        pool = _POOLS[key] = _Pool(view, marks)
    return pool


#: Odds already worked out, by what they depend on: the pool's key, the region, its cubes,
#: the cards' holders and the neutral cubes. The final plague's odds (every region, R7.3)
#: and the odds overlay are asked again at every move, and a move that moves no rat token
#: and takes no card (cubes placed, the plague piece moved) changes one region's or none.
_ODDS: dict[tuple, dict] = {}


def forget_pools() -> None:
    """Empty the caches of pools and odds, so the next odds are computed cold
    (``bench_odds`` times that)."""
    _POOLS.clear()
    _ODDS.clear()


def strike_odds(view: View, region: str, neutral: bool = False) -> dict:
    """The odds of a strike in ``region`` now, with its tokens, from ``view`` alone (R8).

    ``neutral``: the Knight's plague piece counts as ``NEUTRAL_CUBES`` neutral cubes there
    (R6.3): they count toward the thresholds, never start a strike and never die.
    Returns a JSON-ready dict:

    * ``p_loss`` — the probability that at least one cube (of any seat) dies;
    * ``expected_loss`` — per seat, the expected number of its cubes that die there;
    * ``outbreaks`` — the probabilities that 0, 1, 2, 3 tokens break out (R5.4).

    A region without rat tokens or without player cubes has no strike (R5.3): ``p_loss`` 0,
    ``outbreaks`` [1, 0, 0, 0]. Raises ``ValueError`` for a region not in play or a view whose
    tokens do not add up (R1.3, R3.3, R9).
    """
    if region not in view["regions"]:
        raise ValueError(f"{region!r} is not a region in play (R2.1)")
    spot = view["board"][region]
    start = tuple(spot["cubes"])
    faces = spot["tokens"]
    if not faces or not any(start):
        return _no_strike(len(start))
    marks = _setup_marks(view)
    pool_key = _pool_key(view, marks)
    extra = NEUTRAL_CUBES if neutral else 0
    holder = {symbol: view["cards"].get(card) for symbol, card in SYMBOL_CARD.items()}
    known_key = (pool_key, region, start, tuple(holder.values()), extra)  # (symbol order)
    done = _ODDS.get(known_key)
    if done is None:
        if len(_ODDS) >= 512:
            _ODDS.clear()
        done = _ODDS[known_key] = _strike_odds(_pool(view, marks, pool_key), start, faces,
                                               marks[region], holder, extra)
    return {"p_loss": done["p_loss"], "expected_loss": list(done["expected_loss"]),
            "outbreaks": list(done["outbreaks"])}


def _strike_odds(pool: _Pool, start: tuple, faces: list, marked: list[bool], holder: dict,
                 extra: int) -> dict:
    """:func:`strike_odds` worked out: every order in which the region's hidden tokens may
    come out of the pool, each with its probability."""

    # the unseen tokens, merged by what they do here: (effect, kind) -> copies
    merged: dict[tuple, int] = {}
    for face, kind, copies in pool.classes:
        key = (_effect(face, start, holder, extra), kind)
        merged[key] = merged.get(key, 0) + copies
    classes = [(effect, kind, copies) for (effect, kind), copies in merged.items()]
    kinds = [kind for _, kind, _ in classes]
    slots = [None if f is None else _effect(_key(f), start, holder, extra) for f in faces]
    n = len(slots)
    known: dict[tuple, tuple] = {}  # (cubes, effect) -> after a known token
    moves: dict[tuple, list] = {}  # cubes -> [(after, broke out)] per class
    groups: dict[tuple, list] = {}  # cubes -> [(after, broke out, copies by kind)]
    ends: dict[tuple, float] = {}  # (cubes, outbreaks) at the end -> probability
    last: dict[tuple, float] = {}  # (cubes, outbreaks, ratios) before a last hidden token

    def moved(cubes: tuple) -> list:
        got = moves.get(cubes)
        if got is None:
            got = moves[cubes] = [_step(cubes, effect, extra) for effect, _, _ in classes]
        return got

    def grouped(cubes: tuple) -> list:
        got = groups.get(cubes)
        if got is None:
            index: dict[tuple, list] = {}
            for (after, o), (_, kind, copies) in zip(moved(cubes), classes):
                row = index.get((after, o))
                if row is None:
                    row = index[(after, o)] = [after, o, 0, 0, 0]
                row[2 + kind] += copies
            got = groups[cubes] = list(index.values())
        return got

    def walk(i: int, cubes: tuple, out: int, p: float, drawn: tuple, state: tuple) -> None:
        # R5.3: reveal oldest first while the region holds tokens and player cubes
        while i < n and any(cubes):
            effect = slots[i]
            if effect is None:
                break
            got = known.get((cubes, effect))
            if got is None:
                got = known[(cubes, effect)] = _step(cubes, effect, extra)
            cubes, o = got
            out += o
            i += 1
        if i == n or not any(cubes):
            key = (cubes, out)
            ends[key] = ends.get(key, 0.0) + p
            return
        after, ratio = pool.next(state, marked[i])
        if i + 1 == n:  # the last token, hidden: counted by its outcome, below
            last_key = (cubes, out, ratio)
            last[last_key] = last.get(last_key, 0.0) + p
            if drawn:  # less the copies drawn before it, which are not there to draw
                row = moved(cubes)
                for c in drawn:
                    cubes2, o = row[c]
                    key = (cubes2, out + o)
                    ends[key] = ends.get(key, 0.0) - p * ratio[kinds[c]]
            return
        for c, ((cubes2, o), (_, kind, copies)) in enumerate(zip(moved(cubes), classes)):
            q = p * (copies - drawn.count(c)) * ratio[kind]
            if q:
                walk(i + 1, cubes2, out + o, q, drawn + (c,), after[kind])

    walk(0, start, 0, 1.0, (), (0, 0, 0, 0, 0))
    for (cubes, out, ratio), p in last.items():
        for cubes2, o, s, n, e in grouped(cubes):
            key = (cubes2, out + o)
            ends[key] = ends.get(key, 0.0) + p * (s * ratio[0] + n * ratio[1] + e * ratio[2])

    players = len(start)
    p_loss = 0.0
    loss = [0.0] * players
    outbreaks = [0.0] * 4
    for (cubes, out), p in ends.items():
        if cubes != start:
            p_loss += p
        for seat in range(players):
            loss[seat] += p * (start[seat] - cubes[seat])
        outbreaks[out] += p
    return {"p_loss": _tidy(p_loss, 1),
            "expected_loss": [_tidy(x, c) for x, c in zip(loss, start)],
            "outbreaks": [_tidy(x, 1) for x in outbreaks]}


def _tidy(x: float, most: float) -> float:
    """Within [0, most], rounded off below 1e-12 (sums of products carry rounding error)."""
    return min(max(round(x, 12), 0.0), float(most))
