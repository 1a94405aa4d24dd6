"""Every action the rules can offer, built once, looked up by its arguments.

``rules.legal_actions`` runs for every position of every search, and looking an action up
is much cheaper than building it. Public because the bots' fast paths (the rollout policy,
``bots/policy.py``, and the Hard bot's candidates, ``bots/hard.py``) build their actions
from the same tables instead of enumerating every legal one. Actions are interned, so these
are the very objects ``Action(...)`` gives: a lookup and a constructor agree (``is``).
"""

from __future__ import annotations

from .actions import Action
from .board import REGIONS
from .cards import CARDS
from .constants import CUBES_PER_PLAYER, MAX_RATS, MERCHANT_MAX

#: ``setup <region>`` (R3.5), by region.
SETUP = {r: Action("setup", r) for r in REGIONS}
#: ``spread <region>`` (R5.1), by region.
SPREAD = {r: Action("spread", r) for r in REGIONS}
#: ``king <region>`` (R6.1), by region.
KING = {r: Action("king", r) for r in REGIONS}
#: ``plague <region>`` (R4.3, R6.3), by destination.
PLAGUE = {r: Action("plague", r) for r in REGIONS}
#: ``take <card>`` (R4.1), by card.
TAKE = {c: Action("take", c) for c in CARDS}
#: ``place <region> <count>`` (R4.2, R6.4, R7.2), by (region, count).
PLACE = {(r, k): Action("place", r, k) for r in REGIONS for k in range(1, CUBES_PER_PLAYER + 1)}
#: ``monk <region>/<slot> <to>`` (R6.2), by (region, slot, to).
MONK = {(r, i, n): Action("monk", r, i, n)
        for r in REGIONS for i in range(1, MAX_RATS + 1) for n in REGIONS}
#: ``merchant <region> <to> <count>`` (R6.5), by (region, to, count).
MERCHANT = {(r, n, k): Action("merchant", r, n, k)
            for r in REGIONS for n in REGIONS for k in range(1, MERCHANT_MAX + 1)}
#: ``witch <region>/<slot>``: a look (R6.6), by (region, slot).
WITCH_LOOK = {(r, i): Action("witch", r, i) for r in REGIONS for i in range(1, MAX_RATS + 1)}
#: The Witch's other steps (R6.6), the Knight's answers (R6.3), ending a final turn (R7.2).
WITCH_SWAP, WITCH_DONE = Action("witch", "swap"), Action("witch", "done")
NEUTRAL_YES, NEUTRAL_NO = Action("neutral", "yes"), Action("neutral", "no")
END = Action("end")
