"""The six class cards (RULES R1.4, R6) and the symbols printed on rat tokens (R5.5)."""

from __future__ import annotations

#: Class cards in rulebook order, each with the symbol that marks it on rat tokens (R9);
#: the comments name the social class each stands for.
CARDS: tuple[str, ...] = ("Peasant", "Merchant", "Monk", "Knight", "Witch", "King")

CARD_SYMBOL: dict[str, str] = {
    "Peasant": "P",  # Peasantry
    "Merchant": "B",  # Bourgeoisie
    "Monk": "C",  # Church
    "Knight": "K",  # Chivalry
    "Witch": "W",  # Magic
    "King": "R",  # Royalty
}
SYMBOL_CARD: dict[str, str] = {s: c for c, s in CARD_SYMBOL.items()}

MAJORITY, ALL = "M", "A"

#: Symbols in the order R5.5 applies them: majority first, then all, then classes.
SYMBOL_ORDER: tuple[str, ...] = (MAJORITY, ALL, "P", "B", "C", "K", "W", "R")
