"""The 49 rat tokens and their faces (RULES R1.3, R9 — a Reconstruction).

The published game does not list its token faces; RULES R9 reconstructs them. This module is
the one place that holds them, so an owner of the box can correct a face here. A token is known
to the engine by its index in :data:`TOKENS`; that index is a secret (it names the face) and never
leaves the engine except in the complete save of ``Game.to_json()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import SYMBOL_ORDER
from .constants import REMOVED_AT_SETUP, STARTING_TOKENS, TOKENS_TOTAL

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import Face

_STARTING = """
1 P B      1 M C      2 M K W    2 M K R    2 P W R    3 M B C
3 A P B    3 C K W    4 A C K R  4 M A W R  5 M A P B W    5 A P B C R
"""
_NORMAL = """
1 K W      1 P R      1 B C      1 P K      1 M B      1 M C      1 M K
2 M W R    2 M P R    2 M B C    2 M K W    2 C K W    2 P B R    2 P W R    2 A B C    2 A P K
3 M B C    3 M K W    3 M K R    3 P W R    3 B C R    3 A P B    3 A C K    3 M A W    3 M A K
4 A P W R  4 A B C R  4 A P B C  4 M A K W  4 M A C K  4 M P W R  4 M B W R
5 M A P B C    5 M A P B K    5 A C K W R    5 A C K W R    5 M A A P B
"""


@dataclass(frozen=True, slots=True)
class Token:
    """The face of one rat token: a threshold and the symbols applied on an outbreak."""

    threshold: int
    symbols: tuple[str, ...]  # in the order R5.5 applies them
    starting: bool  # purple-bordered starting token (R1.3)

    def face(self) -> Face:
        """The JSON-ready face, as revealed to the players."""
        return {"threshold": self.threshold, "symbols": list(self.symbols)}

    def __str__(self) -> str:
        return f"{self.threshold}+ {' '.join(self.symbols)}"


def _parse(table: str, starting: bool) -> list[Token]:
    words = table.split()
    tokens: list[Token] = []
    for word in words:
        if word.isdigit():
            tokens.append(Token(int(word), (), starting))
        else:
            last = tokens[-1]
            tokens[-1] = Token(last.threshold, last.symbols + (word,), starting)
    rank = {s: i for i, s in enumerate(SYMBOL_ORDER)}
    return [Token(t.threshold, tuple(sorted(t.symbols, key=rank.__getitem__)), starting)
            for t in tokens]


TOKENS: tuple[Token, ...] = tuple(_parse(_STARTING, True) + _parse(_NORMAL, False))
STARTING_IDS: tuple[int, ...] = tuple(i for i, t in enumerate(TOKENS) if t.starting)
NORMAL_IDS: tuple[int, ...] = tuple(i for i, t in enumerate(TOKENS) if not t.starting)

__all__ = ["NORMAL_IDS", "REMOVED_AT_SETUP", "STARTING_IDS", "TOKENS", "Token"]

assert len(STARTING_IDS) == STARTING_TOKENS and len(TOKENS) == TOKENS_TOTAL  # R1.3
