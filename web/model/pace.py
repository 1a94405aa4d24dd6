"""How fast the page tells what the bots and the plague do: the pace the player chooses.

Why names and not only milliseconds: a player picks "slow" or "step by step" in the toolbar
(remembered in the browser), while the address's ``pace=<ms>`` (kept for links and tests)
gives any number; both end up as the session's ``pace_ms`` (the pause before each bot move)
and, with it, the time each revealed rat token of a strike stays alone on the screen.
``step`` waits for the player's "Next" before every bot move instead of a timer.
"""

from __future__ import annotations

#: The paces offered, slowest first, with the pause before a bot's move (ms).
PACES: dict[str, int] = {"step": 600, "slow": 1200, "normal": 300, "fast": 100, "instant": 0}
DEFAULT = "normal"

#: A strike is told token by token; each token alone on the screen for about this long, and
#: at the normal pace the whole strike within STRIKE_BUDGET_MS (a 6-token strike stays short).
STRIKE_STEP_MS = 350
STRIKE_BUDGET_MS = 1200


def name_of(pace_ms: int) -> str:
    """The offered pace closest to ``pace_ms`` (an address may give any number)."""
    timed = {k: v for k, v in PACES.items() if k != "step"}
    return min(timed, key=lambda k: abs(timed[k] - pace_ms))


def motion_ms(pace_ms: int) -> int:
    """How long a move's piece takes to travel (each hop: browser/motion.py), at a pace that
    acts moves out (not the instant one)."""
    return max(220, min(600, pace_ms))


def bot_pause_ms(pace_ms: int) -> int:
    """The wait before a computer's move: its last move acted out to its end, then the pace's
    pause with the result in sight, so that each step of a computer's turn can be followed
    (a phone shows no log beside the board); none at the instant pace."""
    return pace_ms + motion_ms(pace_ms) if pace_ms > 0 else 0


def reveal_ms(pace_ms: int, tokens: int) -> int:
    """How long each revealed token of a strike of ``tokens`` tokens is shown alone."""
    if pace_ms <= 0:
        return 0
    if pace_ms <= PACES["normal"]:
        return min(STRIKE_STEP_MS, STRIKE_BUDGET_MS // max(tokens, 1))
    return min(pace_ms, 1000)  # slow and step by step: each token in its own second
