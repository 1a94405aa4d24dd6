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
        out = [("choice", "mode:Monk"), ("token", (args[0], args[1]))]
        ways = [a for a in legal if a.kind == "monk" and a.args[:2] == args[:2]]
        return out if len(ways) == 1 else out + [("region", args[2])]  # (a lone one: taken)
    if kind == "merchant":
        out = [("choice", "mode:Merchant"), ("region", args[0])]
        if sum(1 for a in legal if a.kind == "merchant" and a.args[0] == args[0]) == 1:
            return out  # the only move from there: taken at the first click
        out.append(("region", args[1]))
        counts = [a for a in legal if a.kind == "merchant" and a.args[:2] == args[:2]]
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


def tags(game, action) -> set[str]:
    """The kinds of UI decision an action exercises (for coverage: every kind at least once)."""
    kind, args = action.kind, action.args
    legal = game.legal_actions()
    out = {kind}
    final = game.phase == "final"
    if kind == "place":
        if final:
            out.add("final_peasant")
        elif sum(1 for a in legal if a.kind == "place" and a.args[0] == args[0]) > 1:
            out.add("place_count_choice")
    elif kind == "merchant":
        if sum(1 for a in legal if a.kind == "merchant" and a.args[:2] == args[:2]) > 1:
            out.add("merchant_count_choice")
    elif kind == "witch":
        stage = game.view(game.current_player)["turn"]["witch_stage"]
        out.add({"swap": "witch_swap", "done": "witch_done"}.get(args[0], f"witch_look{stage + 1}"))
    elif kind == "plague":
        if final:
            out.add("final_knight")
        else:
            here = game.view(None)["plague"]
            if args[0] not in game.view(None)["neighbours"][here]:
                out.add("knight_two_steps")
    elif kind == "neutral":
        out.add("final_neutral" if final else f"neutral_{args[0]}")
    return out


#: Every kind of decision the e2e tests must see performed through the page.
ALL_TAGS = {
    "setup", "take", "place", "place_count_choice", "king", "monk", "merchant",
    "merchant_count_choice", "witch_look1", "witch_look2", "witch_swap", "witch_done", "plague",
    "knight_two_steps", "neutral_yes", "neutral_no", "spread", "end", "final_peasant",
    "final_knight",
}


def choose(game, rng, seen: set[str]):
    """A test player's choice: an action with a kind of decision not seen yet if there is one,
    else a random kind then a random action of it (so that turns stay short)."""
    legal = game.legal_actions()
    fresh = [a for a in legal if tags(game, a) - seen]
    if fresh:
        return rng.choice(fresh)
    kinds = sorted({a.kind for a in legal})
    if game.phase == "turn" and "plague" in kinds and rng.random() < 0.5:
        kind = "plague"  # keep games short
    else:
        kind = rng.choice(kinds)
    return rng.choice([a for a in legal if a.kind == kind])
