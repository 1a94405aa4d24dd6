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

``reason`` is a short stable key (the list is :data:`REASONS`); ``details`` is a JSON-ready dict
of regions, seats, counts and numbers for the sentence: always ``gain`` (how many cubes the
action gains by the Normal evaluation, relative to the present position, rounded) and, when
the search ran, ``visits`` and ``share`` (the chosen action's share of the search).
Only the seat's view is read (RULES R8).
"""

from __future__ import annotations

import re
from typing import Protocol, runtime_checkable

from ..actions import Action
from ..shapes import View
from .base import Done, Search, acting_seat


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
REASONS: dict[str, str] = {
    "only_move": "This is the only move.",
    "setup_spot": "Start in {region}: {note}.",
    "take_card": "Take the {card}: its ability is worth more than the risk of its symbol.",
    "take_card_from_leader": "Take the {card} from the leader ({from_name}): it weakens them.",
    "take_card_exposure": "Take the {card}: its symbol then hits you, but it is safe where"
                          " your cubes stand.",
    "safe_place": "Place {count} in {region}: the rats there are unlikely to strike hard.",
    "place_majority": "Place {count} in {region}: it gives you the majority there.",
    "place_cubes": "Place {count} in {region}: the best use of your cubes now.",
    "king_palace": "Move a cube from {region} to the palace with the King: it is safe there.",
    "monk_protect": "Move a rat from {region} to {to} with the Monk: away from your cubes.",
    "monk_attack": "Move a rat from {region} to {to} with the Monk: onto your rivals.",
    "merchant_escape": "Move {count} cube(s) from {region} to {to} with the Merchant: out of"
                       " danger.",
    "merchant_move": "Move {count} cube(s) from {region} to {to} with the Merchant.",
    "witch_look": "Look at a rat in {region} with the Witch: your cubes depend on it.",
    "witch_swap": "Swap the two rats you looked at: the worse one goes to your rivals.",
    "witch_done": "Stop the Witch here.",
    "strike_others": "Move the plague to {region}: {rats} rat(s) there and {rivals} rival"
                     " cube(s) against your {own}.",
    "plague_harmless": "Move the plague to {region}: it costs you nothing there.",
    "plague_least_harm": "Move the plague to {region}: the least harm to you among the"
                         " choices.",
    "spread_onto_rivals": "Put the rat on {region}: {rivals} rival cube(s), {own} of yours.",
    "spread_away": "Put the rat on {region}: none of your cubes are there.",
    "spread_least_harm": "Put the rat on {region}: the least harm to you.",
    "neutral_yes": "Count the Knight's two neutral cubes: more rats break out on your rivals.",
    "neutral_no": "Do not count the neutral cubes: they would make the rats strike you.",
    "final_place": "Place your last Peasant cube in {region}: no rats there.",
    "end_turn": "End your turn: nothing more helps.",
}


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


def explain(view: View, action: Action, search: Search | None = None) -> tuple[str, dict]:
    """The reason key and details for ``action`` in ``view`` (see :data:`REASONS`);
    ``search`` is the Hard search that chose it, if any (for ``gain``, ``visits``, ``share``)."""
    seat = view["seat"]
    board = view["board"]
    details: dict = {"gain": 0.0}
    if search is not None and not isinstance(search, Done) and isinstance(search, Scored):
        by_action = dict(zip(search.legal, search.scores))
        if action in by_action:
            details["gain"] = round(by_action[action] - search.base, 2)
        stats = search.stats()
        total = sum(n for n, _ in stats.values())
        if total and str(action) in stats:
            details["visits"] = stats[str(action)][0]
            details["share"] = round(stats[str(action)][0] / total, 2)
    if search is not None and len(search.legal) == 1:
        return "only_move", details

    def own(region: str) -> int:
        return board[region]["cubes"][acting_seat(view)]

    def rivals(region: str) -> int:
        return sum(board[region]["cubes"]) - own(region)

    def rats(region: str) -> int:
        return len(board[region]["tokens"])

    kind, args = action.kind, action.args
    if kind == "setup":
        region = args[0]
        steps = _steps(view, view["plague"], region)
        note = ("far from the plague" if steps >= 2 else
                "next to the plague" if steps == 1 else "under the plague")
        details.update(region=region, rats=rats(region), rivals=rivals(region),
                       plague_steps=steps, note=note)
        return "setup_spot", details
    if kind == "take":
        card = args[0]
        holder = view["cards"].get(card)
        details.update(card=card, from_seat=holder)
        scores = view["scores"]
        rivals_scores = [(scores[p], p) for p in range(view["players"]) if p != seat]
        if holder is not None and holder != seat and max(rivals_scores)[1] == holder:
            details["from_name"] = f"seat {holder}"
            return "take_card_from_leader", details
        if details["gain"] < 0.05:
            return "take_card_exposure", details
        return "take_card", details
    if kind == "place":
        region, count = args
        details.update(region=region, count=count, rats=rats(region))
        if view["phase"] == "final":
            return "final_place", details
        cubes = board[region]["cubes"]
        after = own(region) + count
        if rats(region) <= 1 or details["gain"] >= count * 0.6:
            return "safe_place", details
        if after > max(c for p, c in enumerate(cubes) if p != seat):
            return "place_majority", details
        return "place_cubes", details
    if kind == "king":
        details.update(region=args[0])
        return "king_palace", details
    if kind == "monk":
        region, slot, to = args
        details.update(region=region, slot=slot, to=to)
        return ("monk_protect" if own(region) - rivals(region) > own(to) - rivals(to)
                else "monk_attack"), details
    if kind == "merchant":
        region, to, count = args
        details.update(region=region, to=to, count=count)
        return ("merchant_escape" if rats(region) > rats(to) else "merchant_move"), details
    if kind == "witch":
        if args[0] in ("swap", "done"):
            return f"witch_{args[0]}", details
        details.update(region=args[0], slot=args[1])
        return "witch_look", details
    if kind == "plague":
        region = args[0]
        details.update(region=region, rats=rats(region), own=own(region),
                       rivals=rivals(region))
        if view["phase"] == "final":
            return "plague_least_harm", details
        if rats(region) and rivals(region) > own(region):
            return "strike_others", details
        if not own(region) or not rats(region):
            return "plague_harmless", details
        return "plague_least_harm", details
    if kind == "spread":
        region = args[0]
        details.update(region=region, own=own(region), rivals=rivals(region))
        if rivals(region) > own(region):
            return "spread_onto_rivals", details
        if not own(region):
            return "spread_away", details
        return "spread_least_harm", details
    if kind == "neutral":
        return ("neutral_yes" if args[0] == "yes" else "neutral_no"), details
    return "end_turn", details


def describe(reason: str, details: dict) -> str:
    """A one-line English sentence for a hint (a UI may word its own from the key)."""
    text = REASONS.get(reason, reason)
    try:
        text = text.format(**details)
    except (KeyError, IndexError, ValueError):
        return text
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
