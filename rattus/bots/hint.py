"""A hint for a human player: what the Hard bot would do, and why, in one line.

    from rattus.bots import hint
    action, reason, details = hint(game.view(seat), game.legal_actions(), seed=7, budget=0.5)
    sentence = describe(reason, details)        # an English default; a UI may word its own

The action is exactly what ``make_bot("hard", seed=seed, time_budget=budget,
iterations=iterations)`` chooses for the same view and legal actions (the same search). With
``iterations`` (and no budget) the hint is deterministic for a given seed; with a time budget
it is as deterministic as the Hard bot (how far the search gets depends on the machine).
A page that must not freeze runs the search itself in slices and explains it afterwards:

    search = make_bot("hard", seed=7, time_budget=0.5).start(view, legal)
    while not search.step(seconds=0.012): ...      # yield to the event loop
    action = search.best()
    reason, details = explain(view, action, search)

The whole turn Hard would play, from one search (the page's "Show my turn"):

    steps = show_turn(game.view(seat), game.legal_actions(), seed=7, iterations=150)
    # [(Action('take Monk'), 'take_card', {...}), (Action('place Gallia 2'), ...), ...]

``reason`` is a short stable key (the list is :data:`REASONS`); ``details`` is a JSON-ready dict
of regions, seats, counts and numbers for the sentence: always ``gain`` (how many cubes the
action gains by the Normal evaluation, relative to the present position, rounded) and, when
the search ran, ``visits`` and ``share`` (the chosen action's share of the search).
Only the seat's view is read (RULES R8).

A claim that rests on faces the seat cannot see ("unlikely to strike hard", "safe where
your cubes stand", "the least harm", the Knight's neutral cubes: :data:`ON_FACES`) says
what it rests on, in ``details``: ``hidden`` (the face-down tokens it concerns whose faces
the seat does not know), ``known`` (those its Witch saw, R6.6), ``unseen`` (every face the
seat has not seen: on the board face down, in the supply, removed at setup) and ``supply``
(how many of them the supply still holds). Counts only, from the view: never a face.
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..actions import Action
from ..constants import TOKENS_TOTAL
from ..odds import strike_odds
from .base import Done, Search, acting_seat

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from ..shapes import View


@runtime_checkable
class Scored(Protocol):
    """A search that scored every legal action before searching (the Hard bot's,
    ``hard.HardSearch``): the ``gain`` and ``share`` of a hint come from it. A protocol, so
    that this module need not load the Hard bot to recognise its search."""

    legal: list[Action]
    scores: list[float]  # parallel to legal: the Normal evaluation after each
    base: float  # the Normal evaluation of the position itself

    def stats(self) -> dict[str, tuple[int, float]]: ...


#: Every reason key, with the English sentence :func:`describe` gives (``{name}`` = details).
#: Each sentence is a claim about the position; :func:`explain` gives a key only where its
#: claim holds in the view (``tests/test_hint_reasons.py`` checks every key over many
#: positions), else the plainer key after it, down to one that only names the move.
REASONS: dict[str, str] = {
    "only_move": "This is the only move.",
    "setup_spot": "Start in {region}: {note}.",
    "take_card": "Take the {card}: its ability is worth more than the risk of its symbol.",
    "take_card_from_leader": "Take the {card} from the leader ({from_name}): it weakens them.",
    "take_card_exposure": "Take the {card}: its symbol then hits you, but it is safe where"
                          " your cubes stand.",
    "take_card_plain": "Take the {card}.",
    "safe_place": "Place {count} in {region}: the rats there are unlikely to strike hard.",
    "place_majority": "Place {count} in {region}: it gives you the majority there.",
    "place_cubes": "Place {count} in {region}: the best use of your cubes now.",
    "king_palace": "Move a cube from {region} to the palace with the King: it is safe there.",
    "monk_protect": "Move a rat from {region} to {to} with the Monk: away from your cubes.",
    "monk_attack": "Move a rat from {region} to {to} with the Monk: onto your rivals.",
    "monk_move": "Move a rat from {region} to {to} with the Monk.",
    "merchant_escape": "Move {count} cube(s) from {region} to {to} with the Merchant: out of"
                       " danger.",
    "merchant_move": "Move {count} cube(s) from {region} to {to} with the Merchant.",
    "witch_look": "Look at a rat in {region} with the Witch: your cubes depend on it.",
    "witch_look_plain": "Look at a rat in {region} with the Witch.",
    "witch_swap": "Swap the two rats you looked at: the worse one goes to your rivals.",
    "witch_swap_plain": "Swap the two rats you looked at.",
    "witch_done": "Stop the Witch here.",
    "strike_others": "Move the plague to {region}: {rats} rat(s) there and {rivals} rival"
                     " cube(s) against your {own}.",
    "plague_harmless": "Move the plague to {region}: it costs you nothing there.",
    "plague_least_harm": "Move the plague to {region}: the least harm to you among the"
                         " choices.",
    "plague_move": "Move the plague to {region}.",
    "spread_onto_rivals": "Put the rat on {region}: {rivals} rival cube(s), {own} of yours.",
    "spread_away": "Put the rat on {region}: none of your cubes are there.",
    "spread_least_harm": "Put the rat on {region}: the least harm to you.",
    "spread_plain": "Put the rat on {region}.",
    "neutral_yes": "Count the Knight's two neutral cubes: more rats break out on your rivals.",
    "neutral_yes_plain": "Count the Knight's two neutral cubes.",
    "neutral_no": "Do not count the neutral cubes: they would make the rats strike you.",
    "neutral_no_plain": "Do not count the neutral cubes.",
    "final_place": "Place your last Peasant cube in {region}: no rats there.",
    "final_place_any": "Place your last Peasant cube in {region}.",
    "end_turn": "End your turn: nothing more helps.",
}

#: The reasons whose claim rests on the odds of faces the seat may not see (R8): their
#: details say on what (:meth:`_Claims.basis`).
ON_FACES = frozenset({"safe_place", "take_card_exposure", "plague_least_harm",
                      "neutral_yes", "neutral_no"})

#: An expected loss below this many cubes is "unlikely to strike hard" (``safe_place``), and
#: a card whose symbol adds less than this to the expected loss where the player's cubes
#: stand is "safe" for them (``take_card_exposure``).
SAFE_LOSS = 0.5
#: A gain (Normal evaluation, cubes) above this is "worth more than the risk" (``take_card``).
WORTH = 0.05


def hint(view: View, legal: list[Action], seed: int | None = None,
         budget: float | None = None, iterations: int | None = None
         ) -> tuple[Action, str, dict]:
    """What the Hard bot of ``seed`` (and ``budget`` seconds or ``iterations``) would do in
    ``view`` with the ``legal`` actions, and why: ``(action, reason_key, details)``."""
    from .hard import HardBot  # what make_bot("hard") builds; loaded when first asked, as there
    search = HardBot(seed, budget, iterations=iterations).start(view, legal)
    action = search.run()
    reason, details = explain(view, action, search)
    return action, reason, details


def show_turn(view: View, legal: list[Action], seed: int | None = None,
              budget: float | None = None, iterations: int | None = None
              ) -> list[tuple[Action, str, dict]]:
    """The whole turn the Hard bot of ``seed`` would play from ``view`` (card, placement,
    abilities, plague move, spread, the Knight's answer), each step with its reason: one
    search, for the turn's first decision (the hint's own), then the later decisions
    from that search's tree, as ``make_bot("hard", ..., plan_turn=True)`` plays them.

    The steps are played on a copy made from the view alone (R8: the faces the seat cannot
    see are dealt at random, and no step shows them). The turn ends where the seat's
    decisions end — or at a Witch's look, after which what to do depends on the face seen."""
    from .hard import HardBot
    bot = HardBot(seed, budget, iterations=iterations, plan_turn=True)
    search = bot.start(view, legal)
    return plan_from(bot, view, legal, search.run(), search)


def plan_from(bot, view: View, legal: list[Action], first: Action, search: Search
              ) -> list[tuple[Action, str, dict]]:
    """The rest of :func:`show_turn` once its first ``search`` (of ``bot``, a Hard bot
    with ``plan_turn``) chose ``first``: for a page that ran that search in slices."""
    from .determinize import determinize
    from .hard import turn_of
    seat, turn = acting_seat(view), turn_of(view)
    copy = determinize(view, random.Random(0))  # (its own chance: the bot's is untouched)
    steps = [(first, *explain(view, first, search, legal=legal))]
    action = first
    while not (action.kind == "witch" and len(action.args) > 1
               and isinstance(action.args[1], int)):  # a look: the face decides the rest
        copy.apply(action)
        if copy.is_over or copy.current_player != seat:
            break
        view, legal = copy.view(seat), copy.legal_actions()
        if turn_of(view) != turn:
            break
        step = bot.start(view, legal)
        action = step.run()
        steps.append((action, *explain(view, action, step, legal=legal)))
    return steps


def explain(view: View, action: Action, search: Search | None = None,
            legal: list[Action] | None = None) -> tuple[str, dict]:
    """The reason key and details for ``action`` in ``view`` (see :data:`REASONS`);
    ``search`` is the Hard search that chose it, if any (for ``gain``, ``visits``, ``share``,
    and the other choices); without a search, ``legal`` gives the other choices (a claim
    that compares with them — "the least harm" — needs one or the other)."""
    details: dict = {"gain": 0.0}
    if search is not None:
        legal = search.legal
    if search is not None and not isinstance(search, Done) and isinstance(search, Scored):
        by_action = dict(zip(search.legal, search.scores))
        if action in by_action:
            details["gain"] = round(by_action[action] - search.base, 2)
        stats = search.stats()
        total = sum(n for n, _ in stats.values())
        if total and str(action) in stats:
            details["visits"] = stats[str(action)][0]
            details["share"] = round(stats[str(action)][0] / total, 2)
    if legal is not None and len(legal) == 1:
        return "only_move", details
    claims = _Claims(view, legal or [])
    reason = claims.reason(action, details)
    if reason in ON_FACES:
        details.update(claims.basis(claims.concerned(action)))
    return reason, details


class _Claims:
    """What the view says about each claim of :data:`REASONS`, for the acting seat."""

    def __init__(self, view: View, legal: list[Action]):
        self.view = view
        self.seat = acting_seat(view)
        self.board = view["board"]
        self.legal = legal

    def own(self, region: str) -> int:
        return self.board[region]["cubes"][self.seat]

    def rivals(self, region: str) -> int:
        return sum(self.board[region]["cubes"]) - self.own(region)

    def rats(self, region: str) -> int:
        return len(self.board[region]["tokens"])

    def loss(self, view: Any, region: str, neutral: bool = False) -> list[float]:
        """The expected cubes each seat loses to a strike in ``region`` of ``view``."""
        return strike_odds(view, region, neutral=neutral)["expected_loss"]

    def others(self, kind: str) -> list[Action]:
        return [a for a in self.legal if a.kind == kind]

    def leader(self) -> int | None:
        """The seat ahead of everyone else by the score R7.4 counts (the view's
        ``scores``, the engine's), or None on a tie for the lead."""
        scores = self.view["scores"]
        top = max(scores)
        ahead = [p for p, s in enumerate(scores) if s == top]
        return ahead[0] if len(ahead) == 1 else None

    def concerned(self, action: Action) -> list[str]:
        """The regions whose tokens a claim about ``action`` weighs: where the cubes go, or
        the plague strikes; for a card, every region where the player's cubes meet rats."""
        if action.kind == "take":
            return [r for r in self.view["regions"] if self.own(r) and self.rats(r)]
        if action.kind == "neutral":
            return [self.view["plague"]]
        return [action.args[0]]

    def basis(self, regions: list[str]) -> dict:
        """What a claim on the odds in ``regions`` rests on, from the view alone (R8):
        their face-down tokens whose faces the seat does not know (``hidden``) and knows
        (``known``, its Witch's looks, R6.6), every face it has not seen (``unseen``) and how
        many of those the supply still holds (``supply``). Counts, never a face."""
        tokens = [face for r in regions for face in self.board[r]["tokens"]]
        seen = len(self.view["revealed"]) + sum(
            face is not None for r in self.view["regions"] for face in self.board[r]["tokens"])
        return {"hidden": sum(face is None for face in tokens),
                "known": sum(face is not None for face in tokens),
                "unseen": TOKENS_TOTAL - seen,
                "supply": self.view["supply"]}

    def reason(self, action: Action, details: dict) -> str:
        kind = action.kind
        handler = getattr(self, "_" + kind, None)
        return handler(action.args, details) if handler is not None else "end_turn"

    # -- one method per kind of action ----------------------------------------------------
    def _setup(self, args, details) -> str:
        region = args[0]
        steps = _steps(self.view, self.view["plague"], region)
        note = ("far from the plague" if steps >= 2 else
                "next to the plague" if steps == 1 else "under the plague")
        details.update(region=region, rats=self.rats(region), rivals=self.rivals(region),
                       plague_steps=steps, note=note)
        return "setup_spot"

    def _take(self, args, details) -> str:
        card = args[0]
        holder = self.view["cards"].get(card)
        details.update(card=card, from_seat=holder)
        if holder is not None and holder != self.seat and holder == self.leader():
            details["from_name"] = f"seat {holder}"
            return "take_card_from_leader"
        if details["gain"] > WORTH:
            return "take_card"
        if self._card_exposure(card) is not None:
            return "take_card_exposure"
        return "take_card_plain"

    def _card_exposure(self, card: str) -> float | None:
        """How many more cubes the player could expect to lose where their cubes stand with
        ``card``'s symbol on them (R5.5), if that is under :data:`SAFE_LOSS` and the symbol
        does hit them somewhere (else None: no claim to make)."""
        if self.view["cards"].get(card) == self.seat:
            return None
        held: Any = {**self.view, "cards": {**self.view["cards"], card: self.seat}}
        mine = [r for r in self.view["regions"] if self.own(r) and self.rats(r)]
        if not mine:
            return None
        more = sum(self.loss(held, r)[self.seat] - self.loss(self.view, r)[self.seat]
                   for r in mine)
        return more if more < SAFE_LOSS else None

    def _place(self, args, details) -> str:
        region, count = args
        details.update(region=region, count=count, rats=self.rats(region))
        if self.view["phase"] == "final":
            return "final_place" if not self.rats(region) else "final_place_any"
        if self.placed_loss(region, count) < SAFE_LOSS:
            return "safe_place"
        cubes = self.board[region]["cubes"]
        rival = max(c for p, c in enumerate(cubes) if p != self.seat)
        if self.own(region) <= rival < self.own(region) + count:  # (not one held already)
            return "place_majority"
        return "place_cubes"

    def placed_loss(self, region: str, count: int) -> float:
        """The player's expected loss to a strike in ``region`` once ``count`` cubes more of
        theirs stand there."""
        cubes = list(self.board[region]["cubes"])
        cubes[self.seat] += count
        board = {**self.board, region: {**self.board[region], "cubes": cubes}}
        return self.loss({**self.view, "board": board}, region)[self.seat]

    def _king(self, args, details) -> str:
        details.update(region=args[0])
        return "king_palace"

    def _monk(self, args, details) -> str:
        region, slot, to = args
        details.update(region=region, slot=slot, to=to)
        if self.own(region) > self.own(to):
            return "monk_protect"
        if self.rivals(to) > self.own(to):
            return "monk_attack"
        return "monk_move"

    def _merchant(self, args, details) -> str:
        region, to, count = args
        details.update(region=region, to=to, count=count)
        return "merchant_escape" if self.rats(region) > self.rats(to) else "merchant_move"

    def _witch(self, args, details) -> str:
        if args[0] == "done":
            return "witch_done"
        if args[0] == "swap":
            return "witch_swap" if self.swap_helps() else "witch_swap_plain"
        details.update(region=args[0], slot=args[1])
        return "witch_look" if self.own(args[0]) else "witch_look_plain"

    def swap_helps(self) -> bool:
        """Whether the Witch's swap (R6.6) of the two tokens looked at moves the worse of
        them away from the player: their expected loss in the two regions goes down and
        their rivals' goes up."""
        looks: list[Any] = list(self.view["turn"]["witch_looks"])
        if len(looks) != 2 or None in looks:
            return False
        (ra, ia), (rb, ib) = looks
        if ra == rb:
            return False
        board: dict[str, Any] = {r: {**self.board[r], "tokens": list(self.board[r]["tokens"]),
                     "starting": list(self.board[r]["starting"])} for r in (ra, rb)}
        for key in ("tokens", "starting"):  # a token keeps its face and its setup mark
            a, b = board[ra][key][ia - 1], board[rb][key][ib - 1]
            board[ra][key][ia - 1], board[rb][key][ib - 1] = b, a
        after: Any = {**self.view, "board": {**self.board, **board}}
        before_l = [a + b for a, b in zip(self.loss(self.view, ra), self.loss(self.view, rb))]
        after_l = [a + b for a, b in zip(self.loss(after, ra), self.loss(after, rb))]
        mine = after_l[self.seat] - before_l[self.seat]
        theirs = sum(after_l) - after_l[self.seat] - (sum(before_l) - before_l[self.seat])
        return mine < -1e-9 and theirs > 1e-9

    def _plague(self, args, details) -> str:
        region = args[0]
        details.update(region=region, rats=self.rats(region), own=self.own(region),
                       rivals=self.rivals(region))
        if self.view["phase"] == "final":  # R7.2: the piece moves, nothing strikes now
            return "plague_move"
        if self.rats(region) and self.rivals(region) > self.own(region):
            return "strike_others"
        if not self.own(region) or not self.rats(region):
            return "plague_harmless"
        mine = self.loss(self.view, region)[self.seat]
        choices = [a.args[0] for a in self.others("plague")]
        if choices and all(mine <= self.loss(self.view, r)[self.seat] + 1e-9
                           for r in choices):
            return "plague_least_harm"
        return "plague_move"

    def _spread(self, args, details) -> str:
        region = args[0]
        details.update(region=region, own=self.own(region), rivals=self.rivals(region))
        if self.rivals(region) > self.own(region):
            return "spread_onto_rivals"
        if not self.own(region):
            return "spread_away"
        choices = [a.args[0] for a in self.others("spread")]
        if choices and all(self.own(region) - self.rivals(region)
                           <= self.own(r) - self.rivals(r) for r in choices):
            return "spread_least_harm"
        return "spread_plain"

    def _neutral(self, args, details) -> str:
        plague = self.view["plague"]
        yes, no = self.loss(self.view, plague, True), self.loss(self.view, plague, False)
        mine = yes[self.seat] - no[self.seat]
        theirs = sum(yes) - yes[self.seat] - (sum(no) - no[self.seat])
        if args[0] == "yes":
            return "neutral_yes" if theirs > 1e-9 and theirs > mine else "neutral_yes_plain"
        return "neutral_no" if mine > 1e-9 else "neutral_no_plain"


def describe(reason: str, details: dict) -> str:
    """A one-line English sentence for a hint (a UI may word its own from the key)."""
    text = REASONS.get(reason, reason)
    try:
        text = text.format(**details)
    except (KeyError, IndexError, ValueError):
        return text
    hidden, known = details.get("hidden"), details.get("known", 0)
    if reason in ON_FACES and isinstance(hidden, int) and (hidden or known):
        text += (f" From what you have seen: {hidden} rat token(s) there face down, any of"
                 f" the {details.get('unseen')} face(s) you have not seen"
                 f" ({details.get('supply')} of them in the supply)." if hidden else
                 " Your Witch saw every face there.")
        if hidden and known:
            text += f" Your Witch saw {known} more there."
    return _PLURAL.sub(lambda m: m[1] + m[2] + m[3] + ("" if m[1] == "1 " else "s"), text)


#: "1 rival cube(s)" → "1 rival cube", "2 cube(s)" → "2 cubes" (English plural forms).
_PLURAL = re.compile(r"\b(\d+ )((?:[a-z]+ )?)([a-z]+)\(s\)")


def _steps(view: View, start: str, goal: str) -> int:
    """Steps between two regions on the board in play (0: the same region)."""
    if start == goal:
        return 0
    seen, frontier, steps = {start}, [start], 0
    while frontier:
        steps += 1
        nxt = []
        for r in frontier:
            for n in view["neighbours"][r]:
                if n == goal:
                    return steps
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 99
