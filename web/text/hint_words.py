"""A hint's reason in the player's language.

Why here and not in the engine: ``rattus.bots.hint.explain`` gives a reason *key* and its
details (regions, counts, the seat a card comes from); the words are the page's, from the
catalogue (``hint.reason.*``), so every language says the same reason its own way, with its
own plural forms. The engine's English ``describe`` stays for other callers.
"""

from __future__ import annotations

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
        return tn("hint.reason." + reason, fields.get("count", 1), **fields)
    return t("hint.reason." + reason, **fields)
