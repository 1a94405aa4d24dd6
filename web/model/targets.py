"""What the player at the screen may click now, derived from ``game.legal_actions()`` alone.

Why: the glue must decide no rule. The engine's legal actions are grouped by kind; the view's
``decision`` says what kind of decision is pending (so no phase name is compared here); a
multi-step decision (an ability with a target and a destination, a count) is a *pick* in
progress (ui.Pick), and every click either completes one legal action, narrows the pick, or
is refused — with the engine's own reason: :func:`stands_for` names the (possibly partial)
action the click meant, and ``Game.why_not`` says why it is not legal.

Pure Python (no browser imports), so it is checked on CPython too.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from text.catalogue import card, join_and, join_or, region, t, tn

from model.ui_state import Pick

if TYPE_CHECKING:
    from rattus.shapes import Decision, View

ABILITY_MODES = ("King", "Monk", "Merchant", "Witch")


@dataclass
class Button:
    choice: str  # data-choice value
    label: str
    action: object = None  # the Action it applies, or None for a UI step
    pressed: bool = False
    kind: str = "normal"  # "normal", "primary", "danger" (styling only)


@dataclass
class Offer:
    """Clickable things now: each maps to the Action it applies, or None (a step of a pick)."""

    regions: dict = field(default_factory=dict)  # region -> Action | None
    tokens: dict = field(default_factory=dict)  # (region, slot) -> Action | None
    cards: dict = field(default_factory=dict)  # card -> Action
    buttons: list = field(default_factory=list)
    status: str = ""
    selected_region: str | None = None
    selected_to: str | None = None  # the Merchant's destination, while the count is asked
    selected_token: tuple | None = None
    plague_clickable: bool = False
    #: Plague destinations two steps away (the Knight, R6.3), from the view's
    #: ``decision.plague_reach``: they are highlighted like one-step ones, so they are tagged.
    far: set = field(default_factory=set)
    #: A hint's first click, highlighted: ("region", r), ("token", (r, slot)), ("card", c)
    #: or ("choice", value).
    hint: tuple | None = None
    #: The targets whose click completes a choice of several steps by itself, because the
    #: legal actions leave its later steps one answer (one count, one destination):
    #: ("region", r) or ("token", (r, slot)) -> why, a key of the catalogue's ``done.``
    #: ("place", "monk", "merchant_move", "merchant_count"). The page then says what was
    #: done, and guards the next click (control/update.py, ``Done``).
    auto: dict = field(default_factory=dict)


def group(legal) -> dict[str, list]:
    by_kind = defaultdict(list)
    for a in legal:
        by_kind[a.kind].append(a)
    return by_kind


def offer(legal, view: View, pick: Pick, name: str) -> Offer:
    """The clickable targets and buttons for ``legal`` (the current player's actions)."""
    by = group(legal)
    o = Offer()
    decision = view["decision"]
    kind = decision["kind"]
    if kind == "setup":
        o.regions = {a.args[0]: a for a in by["setup"]}
        o.status = t("status.setup", name=name, count=view["limits"]["setup_cubes"])
        return o
    if kind == "spread":
        o.regions = {a.args[0]: a for a in by["spread"]}
        o.status = t("status.spread", name=name, left=spread_to_place(view))
        return o
    if kind == "neutral":
        for a in by["neutral"]:
            yes = a.args[0] == "yes"
            o.buttons.append(Button("neutral:" + a.args[0],
                                    t("btn.neutral_yes" if yes else "btn.neutral_no"), a,
                                    kind="primary" if yes else "normal"))
        o.status = t("status.neutral", name=name)
        return o
    stage = decision["witch_stage"]
    if kind == "witch":
        for a in by["witch"]:
            if len(a.args) == 2:
                o.tokens[(a.args[0], a.args[1])] = a
            else:
                key = {"swap": "btn.witch_swap", "done": "btn.witch_stop" if stage == 1
                       else "btn.witch_keep"}[a.args[0]]
                o.buttons.append(Button("witch:" + a.args[0], t(key), a))
        # the engine offers no swap of two tokens of one region (R6.6): then say so, rather
        # than ask "swap or keep" beside a lone "keep" button
        swap = any(b.choice == "witch:swap" for b in o.buttons)
        o.status = t("status.witch_second" if stage == 1 else
                     "status.witch_swap" if swap else "status.witch_keep_only")
        return o

    final = kind == "final"
    o.cards = {a.args[0]: a for a in by["take"]}  # a card may be taken in any mode (R4.1)
    # ability / plague mode buttons
    modes = [m for m in ABILITY_MODES if by[m.lower()]]
    for m in modes:
        o.buttons.append(Button("mode:" + m, t("btn.mode." + m), None, pressed=pick.mode == m))
    plague_moves = by["plague"]
    if plague_moves:
        o.buttons.append(Button("mode:plague", t("btn.mode.plague_final" if final
                                                  else "btn.mode.plague"),
                                None, pressed=pick.mode == "plague", kind="primary"))
        o.plague_clickable = True
    for a in by["neutral"]:  # final round: the Knight's neutral cubes (R7.2 Ruling)
        o.buttons.append(Button("neutral:yes", t("btn.neutral_final"), a))
    if by["end"]:
        o.buttons.append(Button("end", t("btn.end"), by["end"][0], kind="primary"))
    if pick.mode not in (None,):
        o.buttons.append(Button("cancel", t("btn.cancel"), None, kind="danger"))

    mode = pick.mode
    if mode is None:
        counts = defaultdict(list)
        for a in by["place"]:
            counts[a.args[0]].append(a)
        o.regions = _lones(o, "region", counts, "place")
        if not counts and plague_moves and not final:
            # the cubes are placed: a click on the map can only mean the plague piece, so its
            # destinations are targets at once (the button's mode stays for the Knight's)
            ways = defaultdict(list)
            for a in plague_moves:
                ways[a.args[0]].append(a)
            o.regions = {r: acts[0] for r, acts in ways.items() if len(acts) == 1}
            # the Knight's two-step destinations are targets here too: tagged as in the
            # plague mode (R6.3), whatever the round
            o.far = _far(o.regions, decision)
        options = []
        if o.cards:
            options.append(t("status.opt.take"))
        if counts:
            options.append(t("status.opt.place_final" if final else "status.opt.place"))
        if modes:
            options.append(t("status.opt.abilities", cards=join_or([card(m) for m in modes])))
        # the phases in either order, then the one that ends the turn (R4): "…, then …"
        last = (t("status.opt.plague") if plague_moves and not final else
                t("status.opt.end") if by["end"] else "")
        if options and last:
            words = t("status.opt.then", first=join_and(options), last=last)
        else:
            words = join_and(options) or last
        o.status = t("status.final" if final else "status.turn", name=name, options=words + ".")
        if o.far:
            o.status += " " + t("status.plague_far", n=max(decision["plague_reach"].values()))
    elif mode == "place":
        # the question is how many cubes: only the counts and Cancel answer it (beside them, a
        # "Move the plague piece" read as one more answer, and left its meaning unclear)
        o.selected_region = pick.region
        o.buttons = _count_buttons([(a.args[1], a) for a in by["place"]
                                    if a.args[0] == pick.region]) + [
            b for b in o.buttons if b.choice == "cancel"]
        o.status = t("status.place_count", name=name, region=region(pick.region or ""))
    elif mode == "plague":
        o.regions = {a.args[0]: a for a in plague_moves}
        reach = decision["plague_reach"]
        o.far = _far(o.regions, decision)
        knight = max(reach.values(), default=1) > 1
        o.status = t("status.plague_final" if final else
                     "status.plague_knight" if knight else "status.plague", name=name)
        if o.far:
            o.status += " " + t("status.plague_far", n=max(reach.values()))
    elif mode == "King":
        o.regions = {a.args[0]: a for a in by["king"]}
        o.status = t("status.king")
    elif mode == "Monk":
        if pick.slot is None:
            monk = defaultdict(list)
            for a in by["monk"]:
                monk[(a.args[0], a.args[1])].append(a)
            o.tokens = _lones(o, "token", monk, "monk")
            o.status = t("status.monk_token")
        else:
            o.selected_token = (pick.region, pick.slot)
            o.regions = {a.args[2]: a for a in by["monk"]
                         if (a.args[0], a.args[1]) == (pick.region, pick.slot)}
            o.status = t("status.monk_to")
    elif mode == "Merchant":
        moves = by["merchant"]
        if pick.region is None:
            froms = defaultdict(list)
            for a in moves:
                froms[a.args[0]].append(a)
            o.regions = _lones(o, "region", froms, "merchant_move")
            o.status = t("status.merchant_from")
        elif pick.to is None:
            o.selected_region = pick.region
            dests = defaultdict(list)
            for a in moves:
                if a.args[0] == pick.region:
                    dests[a.args[1]].append(a)
            o.regions = _lones(o, "region", dests, "merchant_count")
            o.status = t("status.merchant_to")
        else:
            o.selected_region, o.selected_to = pick.region, pick.to
            o.buttons[:0] = _count_buttons([(a.args[2], a) for a in moves
                                            if a.args[0] == pick.region and a.args[1] == pick.to])
            o.status = t("status.merchant_count", region=region(pick.region),
                         to=region(pick.to))
    elif mode == "Witch":
        o.tokens = {(a.args[0], a.args[1]): a for a in by["witch"] if len(a.args) == 2}
        o.status = t("status.witch_first")
    return o


def _lones(o: Offer, what: str, grouped: dict, why: str) -> dict:
    """``grouped`` (a target -> its legal actions) as the targets' map (:func:`_lone`), each
    target whose click completes the action noted in ``o.auto`` with ``why``."""
    out = {key: _lone(acts) for key, acts in grouped.items()}
    o.auto.update({(what, key): why for key, action in out.items() if action is not None})
    return out


def _lone(acts: list):
    """The action a click completes when the legal actions leave it no other (one count,
    one destination): it is taken at that click, never asked — "how many cubes?" with a
    single answer asks nothing; None when the click only narrows the choice (a step)."""
    return acts[0] if len(acts) == 1 else None


def _count_buttons(counts: list) -> list[Button]:
    """One button per legal count, smallest first (read left to right like a number line),
    each saying "1 cube" or "n cubes"."""
    return [Button(f"count:{n}", tn("btn.count", n), a,
                   kind="primary") for n, a in sorted(counts, key=lambda c: c[0])]


def step(pick: Pick, what: str, value) -> Pick:
    """The pick after a click on a target that only narrows the choice (no action yet)."""
    if what == "region":
        if pick.mode is None:
            return Pick("place", region=value)
        if pick.mode == "Merchant":
            if pick.region is None:
                return Pick("Merchant", region=value)
            return Pick("Merchant", region=pick.region, to=value)
    if what == "token" and pick.mode == "Monk":
        return Pick("Monk", region=value[0], slot=value[1])
    return pick


def stands_for(pick: Pick, decision: Decision, what: str, value) -> str:
    """The action a refused click meant, in notation — partial where the click does not say
    everything (``place Gallia``: any count) — for ``Game.why_not`` to say why it is not
    legal; or a catalogue key (``why.…``) when the click needs a different kind of target."""
    kind = decision["kind"]
    if what == "card":
        return f"take {value}"
    if what == "token":
        r, slot = value
        if pick.mode == "Monk" and pick.slot is None:
            return f"monk {r}/{slot}"
        if pick.mode == "Witch" or kind == "witch":
            return f"witch {r}/{slot}"
        what, value = "region", r  # a token outside a token mode stands for its region
    if what != "region":
        return "why.not_now"
    r = value
    if kind in ("setup", "spread"):
        return f"{kind} {r}"
    mode = pick.mode
    if kind == "witch" or mode == "Witch" or (mode == "Monk" and pick.slot is None):
        return "why.pick_token"
    if mode is None or mode == "place":
        return f"place {r}"
    if mode == "plague":
        return f"plague {r}"
    if mode == "King":
        return f"king {r}"
    if mode == "Monk":
        return f"monk {pick.region}/{pick.slot} {r}"
    if mode == "Merchant":
        return f"merchant {r}" if pick.region is None else f"merchant {pick.region} {r}"
    return "why.not_now"


def _far(regions, decision: Decision) -> set[str]:
    """The targets the plague piece reaches only in more than one step (the Knight, R6.3):
    the view's ``plague_reach`` counts the steps, so they can be tagged on the map."""
    reach = decision.get("plague_reach", {})
    return {r for r in regions if reach.get(r, 1) > 1}


def spread_to_place(view) -> int:
    """The new rat tokens still to place in this spread: no more than the supply holds —
    the spread stops when it runs out (R5.1, R7.1a)."""
    return min(view["decision"]["spread_left"], view["supply"])
