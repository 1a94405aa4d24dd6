"""A hint's reason in the player's language.

Why here and not in the engine: ``rattus.bots.hint.explain`` gives a reason *key* and its
details (regions, counts, the seat a card comes from); the words are the page's, from the
catalogue (``hint.reason.*``), so every language says the same reason its own way, with its
own plural forms. The engine's English ``describe`` stays for other callers.
"""

from __future__ import annotations

import rattus
from text.catalogue import card, region, t, tn

#: Reasons whose sentence counts cubes (``count``): one catalogue entry with plural forms.
COUNTED = frozenset({"safe_place", "place_majority", "place_cubes", "merchant_escape",
                     "merchant_move"})


def sentence(reason: str, details: dict, names: list[str]) -> str:
    """The one-line reason for a hint, e.g. "Place 2 cubes in Gallia: it gives you the
    majority there."."""
    fields = dict(details)
    for key in ("region", "to"):
        if key in fields:
            fields[key] = region(fields[key])
    if "card" in fields:
        fields["card"] = card(fields["card"])
    seat = fields.get("from_seat")
    if isinstance(seat, int) and 0 <= seat < len(names):
        fields["from_name"] = names[seat]
    if reason == "setup_spot":
        steps = fields.get("plague_steps", 0)
        reason = "setup_far" if steps >= 2 else "setup_next" if steps == 1 else "setup_under"
    if reason in COUNTED:
        words = tn("hint.reason." + reason, fields.get("count", 1), **fields)
    else:
        words = t("hint.reason." + reason, **fields)
    basis = rests_on(details)
    return f"{words} {basis}" if basis else words


def rests_on(details: dict) -> str:
    """What a claim on the odds rests on (``rattus.bots.hint.ON_FACES``: the details'
    ``hidden``, ``known``, ``unseen``, ``supply``), said honestly: how many of the tokens
    concerned lie face down and what they could be — never a face the seat cannot know;
    "" for a claim that rests on no hidden face (or a hint kept from before)."""
    hidden, known = details.get("hidden"), details.get("known", 0)
    if not isinstance(hidden, int) or not isinstance(known, int):
        return ""
    if hidden == 0:
        return t("hint.basis.all_known") if known else ""
    words = tn("hint.basis.hidden", hidden, unseen=details.get("unseen", "?"),
               supply=details.get("supply", "?"))
    if not known:
        return words
    return words + " " + tn("hint.basis.also_known", known)


def action_words(action: str) -> str:
    """An action of the notation (docs/notation.md, read by ``rattus.parse_action``) in
    words, e.g. "Put the new rat token on Gallia": a step of "Show my turn" whose reason
    alone ("the only move") would not say what to do."""
    a = rattus.parse_action(action)
    kind, args = a.kind, a.args
    if kind == "witch" and args[0] in ("swap", "done"):
        return t("act.witch_swap" if args[0] == "swap" else "act.witch_done")
    if kind == "witch":
        return t("act.witch", region=region(args[0]), slot=args[1])
    if kind == "neutral":
        return t("act.neutral_yes" if args[0] == "yes" else "act.neutral_no")
    if kind == "take":
        return t("act.take", card=card(args[0]))
    if kind == "place":
        return tn("act.place", args[1], region=region(args[0]))
    if kind == "merchant":
        return tn("act.merchant", args[2], region=region(args[0]), to=region(args[1]))
    if kind == "monk":
        return t("act.monk", region=region(args[0]), slot=args[1], to=region(args[2]))
    by_region = {"setup": "act.setup", "plague": "act.plague", "spread": "act.spread",
                 "king": "act.king"}
    if kind in by_region:
        return t(by_region[kind], region=region(args[0]))
    return t("act.end")


def step_sentence(action: str, reason: str, details: dict, names: list[str]) -> str:
    """A step of a shown turn: its reason, led by the action in words where the reason does
    not name it."""
    words = sentence(reason, details, names)
    return t("plan.step", action=action_words(action), reason=words) \
        if reason == "only_move" else words
