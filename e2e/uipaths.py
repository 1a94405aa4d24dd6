"""How a player performs an engine action through the page: the clicks, in order.

Shared by the e2e tests and ``tools/bench_ui.py``. A click is ``(what, value)``:
``("region", "Gallia")``, ``("card", "King")``, ``("token", ("Gallia", 2))`` or
``("choice", "mode:King")`` (a ``data-choice`` button). It mirrors how the page is meant to be
used (an ability is a mode: its button, then the targets, then a count when several are legal).
"""

from __future__ import annotations


def clicks_for(game, action) -> list[tuple[str, object]]:
    kind, args = action.kind, action.args
    legal = game.legal_actions()
    if kind in ("setup", "spread"):
        return [("region", args[0])]
    if kind == "neutral":
        return [("choice", f"neutral:{args[0]}")]
    if kind == "take":
        return [("card", args[0])]
    if kind == "place":
        counts = [a for a in legal if a.kind == "place" and a.args[0] == args[0]]
        out = [("region", args[0])]
        if len(counts) > 1:
            out.append(("choice", f"count:{args[1]}"))
        return out
    if kind == "king":
        return [("choice", "mode:King"), ("region", args[0])]
    if kind == "monk":
        return [("choice", "mode:Monk"), ("token", (args[0], args[1])), ("region", args[2])]
    if kind == "merchant":
        counts = [a for a in legal if a.kind == "merchant" and a.args[:2] == args[:2]]
        out = [("choice", "mode:Merchant"), ("region", args[0]), ("region", args[1])]
        if len(counts) > 1:
            out.append(("choice", f"count:{args[2]}"))
        return out
    if kind == "witch":
        if args[0] in ("swap", "done"):
            return [("choice", f"witch:{args[0]}")]
        view = game.view(game.current_player)
        if view["turn"]["witch_stage"]:
            return [("token", (args[0], args[1]))]
        return [("choice", "mode:Witch"), ("token", (args[0], args[1]))]
    if kind == "plague":
        return [("choice", "mode:plague"), ("region", args[0])]
    if kind == "end":
        return [("choice", "end")]
    raise ValueError(f"no UI path for {action}")
