"""Events → plain-language log lines, through the message catalogue.

The log is public: every event is narrated as a spectator sees it (``visible_to(None)``), so a
Witch's look never puts a face into the page (R8.3). One line per action and per outbreak.
"""

from __future__ import annotations

from text import hint_words
from text.catalogue import card, region, symbols, t, tn


def _sym(symbol: str) -> str:
    return t("sym." + symbol)


def narrate(events, names: list[str]) -> list[str]:
    return [line for _, line in entries(events, names)]


def entries(events, names: list[str]) -> list[tuple[dict, str]]:
    """Each told event (public view) with its line: the digest picks lines by their event."""
    out = []
    told = [event.visible_to(None) if hasattr(event, "visible_to") else dict(event)
            for event in events]
    for i, e in enumerate(told):
        if e["kind"] == "token_revealed" and e["outbreak"] and not _costs(told, i):
            e = {**e, "costs_none": True}  # (the log's line says so, not "outbreak!")
        line = narrate_one(e, names)
        if line:
            out.append((e, line))
    return out


def _costs(told: list[dict], i: int) -> bool:
    """Whether the token revealed at ``told[i]`` cost anyone a cube: the engine tells each
    cube lost (R5.5) right after the token whose symbols struck it."""
    return i + 1 < len(told) and told[i + 1]["kind"] == "cube_killed"


def narrate_one(e: dict, names: list[str]) -> str | None:
    kind = e["kind"]
    name = names[e["seat"]] if e.get("seat") is not None else ""
    reg = region(e["region"]) if isinstance(e.get("region"), str) else ""
    if kind == "setup_placed":
        return t("log.setup_placed", name=name, region=reg, count=e["count"])
    if kind == "card_taken":
        if e.get("from_seat") is None:
            return t("log.card_taken", name=name, card=card(e["card"]))
        return t("log.card_taken_from", name=name, card=card(e["card"]),
                 other=names[e["from_seat"]])
    if kind == "cubes_placed":
        return tn("log.cubes_placed", e["count"], name=name, region=reg, count=e["count"])
    if kind == "king":
        return t("log.king", name=name, region=reg)
    if kind == "monk":
        return t("log.monk", name=name, region=reg, to=region(e["to"]))
    if kind == "merchant":
        return tn("log.merchant", e["count"], name=name, region=reg, to=region(e["to"]),
                  count=e["count"])
    if kind == "witch_look":
        return t("log.witch_look", name=name, region=reg)
    if kind == "witch_swap":
        return t("log.witch_swap", name=name, a=region(e["a"][0]), b=region(e["b"][0]))
    if kind == "witch_done":
        return None
    if kind == "plague_moved":
        return t("log.plague_moved", name=name, region=reg, to=region(e["to"]))
    if kind == "rat_spread":
        return t("log.rat_spread", region=reg)
    if kind == "spread_stopped":
        return tn("log.spread_stopped." + e["reason"], e["undrawn"], region=reg,
                  undrawn=e["undrawn"])
    if kind == "neutral":
        return t("log.neutral.yes" if e["declared"] else "log.neutral.no", name=name)
    if kind == "strike":
        if e.get("neutral"):  # R6.3: counted for the thresholds, as each token's line says
            return tn("log.strike_neutral", e["cubes"], region=reg, cubes=e["cubes"],
                      neutral=e["neutral"], counted=e["cubes"] + e["neutral"])
        return tn("log.strike", e["cubes"], region=reg, cubes=e["cubes"])
    if kind == "no_strike":
        return t("log.no_strike." + e["reason"], region=reg)
    if kind == "token_revealed":
        face = e["face"]
        # an outbreak is said only where it cost a cube; a threshold reached whose symbols
        # hit no one there (R5.5) is said as such, not as an "outbreak!"
        verdict = ("calm" if e.get("costs_none") else "yes") if e["outbreak"] else "no"
        return tn("log.token_revealed." + verdict, e["cubes"],
                  region=reg, threshold=face["threshold"], symbols=symbols(face["symbols"]),
                  cubes=e["cubes"])
    if kind == "cube_killed":
        return t("log.cube_killed", name=name, region=reg, symbol=_sym(e["symbol"]))
    if kind == "turn":
        return t("log.turn_final" if e["final"] else "log.turn", name=name)
    if kind == "final_round":
        return t("log.final_round." + e.get("reason", "supply"), name=names[e["last_player"]],
                 names=", ".join(names[s] for s in e["order"]))
    if kind == "final_plague":
        return t("log.final_plague")
    if kind == "game_over":
        return t("log.game_over", name=names[e["winner"]])
    if kind == "hint":  # the page's own note (a hint asked for), not an event of the game
        return t("log.hint", name=name,
                 sentence=hint_words.sentence(e["reason"], e["details"], names))
    if kind == "plan":  # … and "Show my turn" asked for: the steps it showed
        return tn("log.plan", len(e["actions"]), name=name)
    return None
