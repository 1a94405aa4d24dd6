"""What an action changed on the board, kept to be acted out there: the plague piece's path, a
rat token from the supply, cubes placed, moved or sent to the palace, a token moved or swapped,
a card changing hands (R4–R6).

Why the engine's events: they say what happened in order, with where from and where to — the
view after the action only says where things are now. Only public fields are kept (R8.1): the
face a Witch saw (``witch_look``, R8.3) is not among them, so nothing here can show it.
"""

from __future__ import annotations

#: The events that move something, and the public fields each keeps.
MOVING: dict[str, tuple[str, ...]] = {
    "plague_moved": ("region", "to", "steps"),
    "rat_spread": ("region",),
    "setup_placed": ("seat", "region", "count"),
    "cubes_placed": ("seat", "region", "count"),
    "king": ("seat", "region"),
    "merchant": ("seat", "region", "to", "count"),
    "monk": ("region", "slot", "to"),
    "witch_swap": ("a", "b"),
    "card_taken": ("seat", "card", "from_seat"),
}


def acted(events) -> tuple:
    """The moving events among ``events``, each a dict of its kind and public fields."""
    out = []
    for e in events:
        keep = MOVING.get(e.get("kind", ""))
        if keep is not None:
            out.append({"kind": e["kind"], **{k: e.get(k) for k in keep}})
    return tuple(out)
