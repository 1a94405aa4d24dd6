"""How to play: the one reference for the rules on the page, in sections with their rule
numbers (docs/RULES.md), illustrated with the board's own drawings.

Why one module: the welcome, the toolbar, every dialog and the "?" beside each decision open
this same reference (at a section); its words live in the catalogue (``help.*``), so a
translation translates it once, and the rule numbers keep it in step with docs/RULES.md.
"""

from __future__ import annotations

from model.keymap import SHORTCUTS
from text.catalogue import card, t

from rattus import CARDS
from rattus.cards import ALL, CARD_SYMBOL, MAJORITY, SYMBOL_ORDER
from render import pieces
from render.board import LEGEND, legend_figure
from render.escaping import esc

#: (section id, rule numbers, paragraph keys): the order of the reference.
SECTIONS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("goal", "R1.2, R7.4", ("help.goal.1",)),
    ("setup", "R3", ("help.setup.1",)),
    ("turn", "R4.1–R4.3", ("help.turn.1", "help.turn.2", "help.turn.3", "help.turn.4")),
    ("plague", "R5.1–R5.4", ("help.plague.1", "help.plague.2", "help.plague.3")),
    ("symbols", "R5.5", ("help.symbols.1", "help.symbols.2")),
    ("cards", "R6", ("help.cards.1",)),
    ("end", "R7.1–R7.3", ("help.end.1", "help.end.2", "help.end.3")),
    ("tiebreak", "R7.4", ("help.tiebreak.1",)),
    ("palace", "R6.1, R7.4", ("help.palace.1",)),
    ("legend", "R8", ()),
    ("aids", "", ("help.aids.1", "help.aids.2")),
    ("touch", "", ("help.touch.1",)),
    ("keys", "", ("help.keys.1", "help.keys.2")),
)
IDS = tuple(s[0] for s in SECTIONS)

#: The section that explains each pending decision (the view's ``decision.kind``, or the
#: mode of a pick in progress): the target of the "?" beside the status line.
FOR_DECISION = {"setup": "setup", "turn": "turn", "witch": "card-Witch", "spread": "plague",
                "neutral": "card-Knight", "final": "end", "over": "tiebreak",
                "plague": "plague", "place": "turn", "King": "card-King", "Monk": "card-Monk",
                "Merchant": "card-Merchant", "Witch": "card-Witch"}


def anchor_ids() -> tuple[str, ...]:
    """Every place How to play can be opened at: its sections and each class card."""
    return IDS + tuple(f"card-{c}" for c in CARDS)


def panel(seats) -> str:
    """The whole reference: contents, then each section with its rule numbers.

    The contents open the text that scrolls (``.help-body``), not a row above it: on a
    phone their links wrap into lines that scroll away as the reader goes on, instead of one
    strip wider than the screen or a block that leaves the text no room (style.css, "texts
    (issue 41)"); the reader's place stays the one scroller's (web/main.py). They lie in
    the first section, so that How to play opened at its start (``help-goal``, scrolled
    into view) shows them."""
    toc = "".join(f'<li><a href="#help-{sid}" data-help="{sid}">{esc(t(f"help.{sid}.title"))}'
                  f'</a></li>' for sid in IDS)
    nav = (f'<nav class="help-nav" aria-label="{esc(t("help.contents"))}">'
           f'<ol class="help-toc">{toc}</ol></nav>')
    parts = []
    # the touch screens' controls named by the texts, and the token symbols drawn in them
    controls = {"whole_map": t("btn.whole_map"), "menu": t("btn.menu"),
                **{sym: pieces.slot(sym) for sym in SYMBOL_ORDER}}
    icons = {sym: sym for sym in SYMBOL_ORDER}
    for sid, rules, keys in SECTIONS:
        body = "".join(f"<p>{pieces.with_icons(t(k, **controls), icons)}</p>" for k in keys)
        if sid == "symbols":
            body += _symbols()
        elif sid == "cards":
            body += "".join(_card(c) for c in CARDS)
        elif sid == "plague":
            body += (f'<div class="figs">{legend_figure("revealed", seats)}'
                     f'{legend_figure("loss", seats)}</div>')
        elif sid == "keys":
            body += _shortcuts()
        elif sid == "legend":
            body += "".join(f'<div class="legend-row">{legend_figure(k, seats)}'
                            f'<span>{esc(t("help.legend." + k))}</span></div>' for k in LEGEND)
        # the rule numbers for those who look (docs/RULES.md): the heading's hover title and
        # a footnote under the section, never in the way of the words a player reads
        ref = t("help.rules", rules=rules) if rules else ""
        title = f' title="{esc(ref)}"' if rules else ""
        note = f'<p class="rule-ref">{esc(ref)}</p>' if rules else ""
        parts.append(f'<section id="help-{sid}" class="help-section">'
                     f'{nav if sid == IDS[0] else ""}<h3{title}>'
                     f'{esc(t(f"help.{sid}.title"))}</h3>{body}{note}</section>')
    return (f'<div class="dialog rules howto" role="dialog" aria-modal="true" '
            f'aria-labelledby="help-title" data-screen="rules">'
            f'<div class="help-head"><h2 id="help-title">{esc(t("help.title"))}</h2>'
            f'<button type="button" class="btn" data-choice="close-rules" '
            f'data-key="close-rules">{esc(t("btn.close"))}</button></div>'
            f'<div class="help-body" tabindex="0" role="region" aria-labelledby="help-title">'
            f'{"".join(parts)}</div></div>')


def _shortcuts() -> str:
    """The shortcut keys as the page binds them (keynav.SHORTCUTS: one table for both)."""
    keys = [k for k in SHORTCUTS if k != "?"]  # "?" is "h" again
    return '<ul class="kbd-list">' + "".join(
        f'<li><kbd>{esc(k.upper())}</kbd>{" / <kbd>?</kbd>" if k == "h" else ""} '
        f'{esc(t("help.key." + k))}</li>' for k in keys) + "</ul>"


def _symbols() -> str:
    rows = [(MAJORITY, t("sym.M")), (ALL, t("sym.A"))] + [
        (CARD_SYMBOL[c], card(c)) for c in CARDS]
    return '<ul class="sym-list">' + "".join(
        f'<li><b class="sym-chip">{pieces.icon_html(sym)}</b> {esc(words)}</li>'
        for sym, words in rows) + "</ul>"


def _card(c: str) -> str:
    return (f'<div class="help-card" id="help-card-{c}"><h4><span class="card-sym">'
            f'{pieces.icon_html(CARD_SYMBOL[c])}</span> {esc(card(c))} '
            f'<small>({esc(t("class." + c))})</small>'
            f'</h4><p>{esc(t("ability." + c))}</p><p class="example">'
            f'{esc(t(f"help.card.{c}.example"))}</p></div>')
