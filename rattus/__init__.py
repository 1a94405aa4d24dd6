"""Rattus: the rules engine of the board game, in pure Python (standard library only)."""

from .board import REGIONS, regions_in_play

__version__ = "0.1.0"

__all__ = ["REGIONS", "regions_in_play", "__version__"]
