"""The Hard bot: Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012,
"single-observer" ISMCTS) over determinisations of the bot's view.

Each iteration samples the faces the bot does not know (``determinize.py``: consistent with
its view, RULES R8), walks the tree by UCB with availability counts, adds one node, plays a
fast rollout (``policy.py``) for a few rounds and scores the end with the static evaluation
(``evaluate.py``: expected final scores turned into soft win probabilities); a finished game
scores 1 for its winner (R7.4). Each decision of a turn is a node of its own.

The action space is pruned: at the root only the Normal bot's best ``width`` actions (scored
on several determinisations) are searched, with a progressive bias toward the Normal
evaluation's opinion (``prior_weight`` of win probability per cube, fading with visits). That
root scoring uses ``prior_params`` (``evaluate.HARD``: the Peasant's extra cube counted for
every turn left, R6.4), which alone lifts Hard from about 57 % to 68 % against Normal in
side-by-side 2-player trials (``docs/bots.md``); the leaves keep the plain weights. Below
it, a cheap prior orders the candidates and progressive widening lets more of them in as a
node is visited more. Determinisation uses every public fact of the view (the tokens placed
at setup are starting tokens, R3.2).

Time where it matters (docs/bots.md, "Strength at the page's time budget"): a decision with
one sensible choice, or whose choices all evaluate alike, is taken at once (``search.reason``
"single" / "equivalent"); a search stops as soon as its most visited choice leads by more
visits than the budget left can give ("settled"); with ``turn_budget`` a whole turn's
decisions share one budget, the first ones (where the turn is planned) getting the most.

Incremental use (for a browser that must yield to its event loop):

    search = bot.start(view, legal)
    while not search.step(seconds=0.05):
        ...
    action = search.best()
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from .. import rules
from ..action_tables import KING, NEUTRAL_NO, NEUTRAL_YES, PLAGUE, SPREAD, WITCH_DONE
from ..actions import Action
from ..rules import plague_destinations, spread_targets
from ..state import State
from .base import Bot, Done, Search
from .determinize import Determinizer
from .evaluate import DEFAULT, HARD, Params, expected_scores, win_probs
from .normal import TERMINAL, pick, score_actions
from .policy import placement_options, plague_score, rollout_action

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from ..shapes import View


class Node:
    __slots__ = ("children", "n", "w", "avail", "mover")

    def __init__(self, mover: int):
        self.children: dict[Action, Node] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.mover = mover  # the seat who chose the action leading here


def tree_candidates(s: State) -> list[Action]:
    """A short list of sensible actions for the current player of ``s``, best first."""
    phase, seat = s.phase, s.current
    if phase == "spread":
        return [SPREAD[r] for r in sorted(
            spread_targets(s), key=lambda r: -(sum(s.cubes[r]) - 2.5 * s.cubes[r][seat]))]
    if phase == "neutral":
        return [NEUTRAL_YES, NEUTRAL_NO]
    if s.witch_stage:
        return [WITCH_DONE]
    if phase in ("setup", "final"):
        return rules.legal_actions(s)
    knight = s.cards.get("Knight") == seat
    targets = sorted(plague_destinations(s, knight), key=lambda r: -plague_score(s, seat, r))
    plagues = [PLAGUE[r] for r in targets]
    places = [a for _, a in sorted(placement_options(s, seat), key=lambda x: -x[0])[:2]]
    out: list[Action] = []
    if places:
        out.append(places[0])
    out += plagues[:1]
    if s.cards.get("King") == seat and "King" not in s.used:
        safe = [r for r in s.regions if s.cubes[r][seat] and not s.rats[r]]
        if safe:
            out.append(KING[max(safe, key=lambda r: s.cubes[r][seat])])
    out += places[1:] + plagues[1:]
    return out


class HardSearch(Search):
    """One ISMCTS decision; see the module docstring."""

    def __init__(self, bot: HardBot, view: View, legal: list[Action],
                 budget: float | None = None):
        super().__init__(legal)
        self.started = time.perf_counter()
        #: This decision's seconds (the bot's budget, or less when its turn budget runs low).
        self.budget = budget
        self.elapsed = 0.0  # seconds spent in __init__ and step(), the page's turns excluded
        self.bot = bot
        self.rng = bot.rng
        self.seat = view["seat"]
        self.det = Determinizer(view)
        base, scores = score_actions(view, legal, self.rng, bot.prior_samples,
                                     bot.prior_params, det=self.det)
        self._best = pick(view, legal, base, scores, self.rng)  # the Normal bot's choice
        self.base, self.scores = base, scores
        self.reason = "search"
        ranked = [a for _, a in sorted(zip(scores, legal), key=lambda x: -x[0])]
        cands = [self._best] + [a for a in ranked if a is not self._best]
        if view["phase"] in ("turn", "final"):
            # never search an optional action the Normal bot finds harmful … much
            base_cut = base - bot.optional_margin
            cands = [a for a in cands if a.kind in TERMINAL or a is self._best
                     or scores[legal.index(a)] >= base_cut]
            terminal = [a for a in cands if a.kind in TERMINAL]
            cands = cands[:bot.width]
            if terminal and not any(a.kind in TERMINAL for a in cands):
                cands.append(terminal[0])
        else:
            cands = cands[:bot.width]
        self.root_cands = cands
        # progressive bias (Chaslot et al. 2008): the Normal evaluation's opinion, worth
        # ``prior_weight`` of win probability per cube, fading as visits grow
        top = max(scores)
        by_action = dict(zip(legal, scores))
        self.bias = {a: bot.prior_weight * (by_action[a] - top) for a in cands}
        self.root = Node(-1)
        self.limit_turns = view["turn"]["number"] + bot.rounds * view["players"]
        self.searching_since = time.perf_counter()
        # Instant decisions: one sensible choice left, or choices that are all alike (the
        # same evaluation to the last digit: e.g. a spread onto one of two empty regions).
        if len(cands) == 1:
            self.done, self.reason = True, "single"
        elif max(scores) - min(scores) < 1e-9:
            self.done, self.reason = True, "equivalent"
        self.elapsed = time.perf_counter() - self.started

    # -- the search --------------------------------------------------------------------
    def step(self, iterations: int | None = None, seconds: float | None = None) -> bool:
        """Search a while: ``iterations`` more, or ``seconds`` more, or (neither given)
        until the bot's budget is spent. Returns True once the search is finished: the budget
        is spent, or (``early_stop``) no other choice can overtake the best one in what is
        left of it."""
        if self.done:
            return True
        bot = self.bot
        now = began = time.perf_counter()
        # the budget counts search time only: a page's work between slices is not charged
        end = now + self.budget - self.elapsed if self.budget is not None else math.inf
        deadline = end if seconds is None else min(end, now + seconds)
        cap = bot.iterations if bot.iterations is not None else math.inf
        stop_at = min(cap, self.iterations + iterations) if iterations is not None else cap
        check = bot.early_stop
        self._began = began
        while self.iterations < stop_at:
            now = time.perf_counter()
            if now >= deadline:
                break
            self._iterate()
            self.iterations += 1
            if check and self.iterations % 8 == 0 and self._settled(now, end, cap):
                self.done, self.reason = True, "settled"
                break
        now = time.perf_counter()
        self.elapsed += now - began
        if self.iterations >= cap or now >= end:
            self.done = True
        return self.done

    def _settled(self, now: float, end: float, cap: float) -> bool:
        """Whether the most visited root choice (the one :meth:`best` gives) can no longer
        be overtaken: its lead in visits exceeds every iteration left in the budget (at the
        rate seen so far) and in the iteration cap."""
        left = cap - self.iterations
        if end != math.inf:
            spent = self.elapsed + now - self._began - (self.searching_since - self.started)
            rate = self.iterations / spent if spent > 0 else math.inf
            left = min(left, rate * max(0.0, end - now) * 1.1 + 1)
        first = second = 0
        for child in self.root.children.values():
            n = child.n
            if n > first:
                first, second = n, first
            elif n > second:
                second = n
        return first - second > left

    def stats(self) -> dict[str, tuple[int, float]]:
        """What the search found, per root choice: visits and mean reward."""
        return {str(a): (ch.n, ch.w / ch.n if ch.n else 0.0)
                for a, ch in self.root.children.items()}

    def _iterate(self) -> None:
        rng = self.rng
        s = self.det.sample(rng)
        node = self.root
        path = []
        c = self.bot.exploration
        pw = self.bot.widening
        first = True
        while s.phase != "over":
            if first:
                cands = self.root_cands
                first = False
            else:
                cands = tree_candidates(s)
                allowed = 1 + int(pw * math.sqrt(node.n))
                cands = cands[:allowed]
            mover = s.current
            untried = [a for a in cands if a not in node.children]
            if untried:
                a = untried[0]
                child = node.children[a] = Node(mover)
                rules.apply(s, a)
                path.append(child)
                break
            best, choice = -math.inf, cands[0]  # every value beats -inf: the first is replaced
            for a in cands:
                node.children[a].avail += 1
            bias = self.bias if node is self.root else None
            for a in cands:
                ch = node.children[a]
                v = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                if bias:
                    v += bias[a] / (ch.n + 1)
                if v > best:
                    best, choice = v, a
            node = node.children[choice]
            rules.apply(s, choice)
            path.append(node)
        reward = self._rollout(s)
        for nd in path:
            nd.n += 1
            nd.w += reward[nd.mover]

    def _rollout(self, s: State) -> list[float]:
        rng = self.rng
        limit = self.limit_turns
        while s.phase != "over" and not (s.turns > limit and s.phase == "turn"
                                         and not s.took_card and not s.placed
                                         and not s.used):
            rules.apply(s, rollout_action(s, rng))
        if s.phase == "over":
            winner = rules.ranking(s)[0]
            return [1.0 if p == winner else 0.0 for p in range(s.players)]
        return win_probs(expected_scores(s, self.seat, self.bot.params), self.bot.params)

    def best(self) -> Action:
        children = [(self.root.children[a], a) for a in self.root_cands
                    if a in self.root.children]
        if not children or self.iterations < len(self.root_cands):
            return self._best
        node, a = max(children, key=lambda x: (x[0].n, x[0].w / max(1, x[0].n)))
        return a


def _with(params: Params, **changes) -> Params:
    """A copy of ``params`` with some weights changed."""
    new = type(params)()
    new.__dict__.update(params.__dict__)
    new.__dict__.update(changes)
    return new


class HardBot(Bot):
    level = "hard"

    def __init__(self, seed=None, time_budget=None, iterations: int | None = None,
                 width: int = 5, rounds: int = 2, exploration: float = 0.7,
                 widening: float = 1.0, prior_samples: int = 6,
                 optional_margin: float = 0.3, prior_weight: float = 1.5,
                 early_stop: bool = True, turn_budget: float | None = None,
                 min_budget: float = 0.1, params: Params = DEFAULT,
                 prior_params: Params = HARD, peasant: float | None = None,
                 plan_turn: bool = False):
        super().__init__(seed, time_budget)
        if time_budget is None and iterations is None:
            time_budget = 1.0
        self.budget = time_budget
        self.iterations = iterations
        self.width = width
        self.rounds = rounds
        self.exploration = exploration
        self.widening = widening
        self.prior_samples = prior_samples
        self.optional_margin = optional_margin
        self.prior_weight = prior_weight
        self.early_stop = early_stop
        #: Seconds for a whole turn (its decisions together), when given: a decision gets
        #: ``time_budget`` or what is left of the turn's, whichever is less (at least
        #: ``min_budget``), so the turn's first decisions — where the plan is made — get more.
        self.turn_budget = turn_budget
        self.min_budget = min_budget
        if peasant is not None:  # an experiment: another worth of the Peasant per turn left
            prior_params = _with(prior_params, per_turn={"Peasant": peasant})
        #: The weights of the root's Normal scoring (candidates, progressive bias); ``params``
        #: are those of the leaves' win probabilities.
        self.prior_params = prior_params
        self.params = params
        self._turn: tuple | None = None
        self._searches: list[HardSearch] = []
        #: One search a turn (the page's "Show my turn"): a turn's first decision is
        #: searched; its later ones follow that search's tree (:meth:`_follow`).
        self.plan_turn = plan_turn
        self._plan: _Plan | None = None

    def start(self, view: View, legal: list[Action]) -> Search:
        if self.plan_turn:
            plan = self._plan
            if plan is not None and plan.turn == turn_of(view):
                return Done(legal, self._follow(plan, view, legal))
            self._plan = None
        if len(legal) == 1:
            return Done(legal, legal[0])
        budget = self.budget
        if self.turn_budget is not None and budget is not None:
            # one turn: the same regular turn, setup placement or final turn of this seat
            turn = turn_of(view)
            if turn != self._turn:
                self._turn, self._searches = turn, []
            spent = sum(s.elapsed for s in self._searches)
            budget = min(budget, max(self.min_budget, self.turn_budget - spent))
        search = HardSearch(self, view, legal, budget)
        if self.turn_budget is not None:
            self._searches.append(search)
        if self.plan_turn:
            self._plan = _Plan(turn_of(view), search)
        return search

    def _follow(self, plan: _Plan, view: View, legal: list[Action]) -> Action:
        """A later decision of a planned turn, without a search of its own: the choice the
        turn's search visited most below the choices made so far (its tree has a node for
        each decision of the turn), or, where that search did not reach, Hard's choice
        without search time (the Normal evaluation's, as :meth:`HardSearch.best` falls
        back to)."""
        node = plan.node()
        action = None
        if len(legal) == 1:
            action = legal[0]
        elif node is not None:
            tried = [(child.n, child.w / child.n, a) for a, child in node.children.items()
                     if child.n and a in legal]
            if tried:
                action = max(tried, key=lambda x: (x[0], x[1]))[2]
        if action is None:
            action = HardSearch(self, view, legal, 0.0)._best
        plan.taken.append(action)
        return action


def turn_of(view: View) -> tuple:
    """Which turn a view's decision belongs to: the same regular turn, setup placement or
    final turn of the same seat (a turn's decisions share one plan, one turn budget)."""
    return (view["seat"], view["turn"]["number"], len(view["setup_queue"]),
            len(view["final_queue"]))


class _Plan:
    """A turn being played from one search: the search, and the actions taken since."""

    def __init__(self, turn: tuple, search: HardSearch):
        self.turn = turn
        self.search = search
        self.taken: list[Action] = []

    def node(self) -> Node | None:
        """The search tree's node for the position after the turn's actions so far."""
        node: Node | None = self.search.root.children.get(self.search.best())
        for a in self.taken:
            node = node.children.get(a) if node is not None else None
        return node
