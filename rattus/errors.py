"""The engine's two exceptions: a move the rules forbid, and a save that cannot be a game."""


class IllegalAction(ValueError):
    """The action is not among ``Game.legal_actions()`` (or is not valid notation).
    Raised before anything changes: the game is exactly as it was.

    ``reason`` is a stable key (``"region_full"``, ``"bad_notation"``…) that a UI can
    translate with ``details``; the message is the English text.
    """

    def __init__(self, message: str, reason: str = "bad_notation", details: dict | None = None):
        super().__init__(message)
        self.reason = reason
        self.details = details or {}


class InvalidState(ValueError):
    """A saved game that cannot be loaded; the message names the first problem found."""
