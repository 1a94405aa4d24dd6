"""The six class cards (RULES R1.4, R6) and the symbols printed on rat tokens (R5.5)."""

from __future__ import annotations

#: Class cards in rulebook order, each with the symbol that marks it on rat tokens (R9)
#: and the social class it stands for.
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

CARD_CLASS: dict[str, str] = {
    "Peasant": "Peasantry",
    "Merchant": "Bourgeoisie",
    "Monk": "Church",
    "Knight": "Chivalry",
    "Witch": "Magic",
    "King": "Royalty",
}

MAJORITY, ALL = "M", "A"

#: Symbols in the order R5.5 applies them: majority first, then all, then classes.
SYMBOL_ORDER: tuple[str, ...] = (MAJORITY, ALL, "P", "B", "C", "K", "W", "R")
