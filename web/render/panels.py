"""The panels beside the map, as HTML strings: players, class cards, the decision bar, the
strike story, the log, the results, the pass screen and the new-game dialog.

Every clickable element carries a stable data attribute (``data-card``, ``data-choice``…) that
the one delegated listener reads; the tests use the same attributes.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from model import targets
from model.game_config import COLOURS, KINDS, Config
from model.turn import still_to_play
from text import catalogue, hint_words
from text.catalogue import card, region, symbols, t, tn

from rattus import CARDS
from rattus.cards import ALL, CARD_SYMBOL, MAJORITY  # the symbols on rat tokens (R9)
from render import pieces, presence
from render.escaping import esc

if TYPE_CHECKING:
    from rattus.shapes import View


def swatch(seat: int, colour: str) -> str:
    """A player's piece, their shape in their colour (render/pieces.py): the same as on the
    board, told apart without colour too."""
    return f'<span class="swatch">{pieces.piece_html(seat, colour)}</span>'


def card_cost(c: str) -> str:
    """A class card's risk (R5.5), its symbol drawn in the sentence."""
    return pieces.with_icons(t("card.cost", sym=pieces.slot("sym")), {"sym": CARD_SYMBOL[c]})


def players(view: View, seats, scores_shown: bool, connected=None,
            you: int | None = None, online=None) -> str:
    """The players' panel; ``connected`` (an online game): per seat, whether its device is
    there — a seat played from another device says "connected" or "away". Who is who: the
    seat at this screen (``you``: this device's seat online, the player at the screen in a
    hotseat game) is marked "you", and a computer seat says its level, as the new-game
    dialog named it."""
    rows = []
    cur = view["current_player"]
    held: dict[int, list[str]] = {}
    for c, seat in view["cards"].items():
        if seat is not None:
            held.setdefault(seat, []).append(c)
    for p, seat in enumerate(seats):
        on_board = view["on_board"][p]
        cards = ", ".join(card(c) for c in CARDS if c in held.get(p, [])) or \
            t("panel.no_cards")
        turn = p == cur
        score = (f'<div class="score">{esc(t("panel.score"))}: '
                 f'<b data-score="{p}">{view["scores"][p]}</b></div>') if scores_shown else ""
        bot = (f' <span class="tag bot" data-level="{esc(seat.kind)}">'
               f'{esc(t(LEVEL_WORDS[seat.kind]))}</span>') if seat.kind in LEVEL_WORDS else ""
        if connected is not None and seat.is_friend and p < len(connected):
            here = "online.connected" if connected[p] else "online.away"
            bot = (f' <span class="tag net {"here" if connected[p] else "away"}" '
                   f'data-connected="{p}">{esc(t(here))}</span>'
                   + ("" if connected[p] else presence.seen_tag(online, p)))
        if p == you:
            bot += f' <span class="tag you" data-you="{p}">{esc(t("player.you_tag"))}</span>'
        turn_tag = f'<span class="turn-tag">▶ {esc(t("panel.turn"))}</span>' if turn else ""
        current = ' aria-current="true"' if turn else ""
        rows.append(
            f'<li class="player{" current" if turn else ""}" data-seat="{p}"{current}>'
            f'<div class="pname">{swatch(p, seat.colour)}<b>{esc(seat.name)}</b>'
            f'{bot}{turn_tag}</div>'
            f'<div class="pstats"><span>{esc(t("panel.reserve"))}: '
            f'<b data-reserve="{p}">{view["reserve"][p]}</b></span> '
            f'<span>{esc(t("panel.board"))}: <b>{on_board}</b></span> '
            f'<span>{esc(t("panel.palace"))}: <b data-palace="{p}">{view["palace"][p]}</b></span>'
            f'</div><div class="pcards">{esc(t("panel.cards_held"))}: {esc(cards)}</div>'
            f'<div class="pexposed">{esc(t("panel.exposed"))}: '
            f'{esc(symbols(exposure(held.get(p, []))))}</div>'
            f'{score}</li>')
    supply = f'<p class="supply">{esc(t("panel.supply", n=view["supply"]))}</p>'
    return (f'<h2>{esc(t("panel.players"))}</h2><ul class="players">{"".join(rows)}</ul>'
            + supply)


#: A computer seat's level in the players' panel: the new-game dialog's own words for it.
LEVEL_WORDS = {"easy": "kind.easy", "normal": "kind.normal", "hard": "kind.hard"}


def exposure(held: list[str]) -> list[str]:
    """The token symbols that can cost a player cubes (R5.5): the majority and all symbols
    for everyone, and the symbol of every card held."""
    return [MAJORITY, ALL] + [CARD_SYMBOL[c] for c in CARDS if c in held]


def cards(view: View, seats, offer) -> str:
    items = []
    for c in CARDS:
        holder = view["cards"].get(c)
        who = (holder, seats[holder].name, seats[holder].colour) if holder is not None else None
        items.append(_card(catalogue.edition(), c, who, c in offer.cards,
                           offer.hint == ("card", c)))
    # a grid of buttons, not a list: a list may hold only list items (axe "list")
    return f'<h2>{esc(t("panel.cards"))}</h2><div class="cards">{"".join(items)}</div>'


@functools.lru_cache(maxsize=256)
def _card(_edition: tuple, c: str, holder: tuple[int, str, str] | None, target: bool,
          hinted: bool) -> str:
    """A class card of the panel, from plain values alone (kept while they stay the same):
    its holder (seat, name, colour), whether it may be taken now (R4.1) or is the hint's."""
    holder_text = t("card.holder", name=holder[1]) if holder is not None else t("card.free")
    cls = ["card"]
    if hinted:
        cls.append("hinted")
    if target:
        cls.append("target")
    if holder is not None:
        cls.append("held")
    colour = COLOURS.get(holder[2], "#888") if holder is not None else ""
    aria = t("card.aria_take" if target else "card.aria", card=card(c),
             cls=t("class." + c), holder=holder_text, ability=t("ability." + c))
    style = f' style="--holder:{colour}"' if colour else ""
    holder_html = (f'{swatch(holder[0], holder[2])}{esc(holder_text)}'
                   if holder is not None else esc(holder_text))
    return (f'<div class="{" ".join(cls)}" data-card="{c}" data-key="card-{c}" role="button" '
            f'tabindex="0" aria-label="{esc(aria)}" aria-keyshortcuts="C"{style}>'
            f'<div class="card-head"><span class="card-sym">'
            f'{pieces.icon_html(CARD_SYMBOL[c])}</span><b>{esc(card(c))}</b>'
            f'<span class="card-class">{esc(t("class." + c))}</span></div>'
            f'<div class="card-text">{esc(t("ability." + c))}</div>'
            f'<div class="card-cost">{card_cost(c)}</div>'
            f'<div class="card-holder">{holder_html}</div></div>')


def buttons(offer) -> str:
    out = []
    for b in offer.buttons:
        cls = f"btn {b.kind}" + (" pressed" if b.pressed else "") + (
            " hinted" if offer.hint == ("choice", b.choice) else "")
        pressed = f' aria-pressed="{"true" if b.pressed else "false"}"' \
            if b.choice.startswith("mode:") else ""
        out.append(f'<button type="button" class="{cls}" data-choice="{esc(b.choice)}" '
                   f'data-key="btn-{esc(b.choice)}" aria-keyshortcuts="D"{pressed}>'
                   f'{esc(b.label)}</button>')
    return "".join(out)


def strike_panel(story, seats, upto: int) -> str:
    """The strike told so far (``upto`` tokens of ``story``, a ui.Story)."""
    if not story.items:
        return ""
    final = story.final
    title = (t("panel.strike_final") if final else
             t("panel.strike", region=region(story.regions[0])))
    rows = []
    counters: dict[str, int] = {}
    of = len(story.items)  # (the tokens to turn over are on the board for all to count)
    for at, item in enumerate(story.items[:upto], 1):
        n = counters.get(item["region"], 0) + 1
        counters[item["region"]] = n
        face = item["face"]
        head = tn("strike.token", item["cubes"], token=n, threshold=face["threshold"],
                  cubes=item["cubes"])
        if final:
            head = f'{region(item["region"])} · {head}'
        verdict = strike_verdict(item)
        kills = "".join(
            f'<li>{swatch(s, seats[s].colour)}'
            f'{esc(t("strike.kill", name=seats[s].name, symbol=t("sym." + sym)))}</li>'
            for s, sym in item["kills"])
        rows.append(
            f'<li class="strike-token{" outbreak" if costly(item) else ""}" '
            f'data-at="{at} / {of}">'
            f'<div class="face revealed-face"><b>{face["threshold"]}+</b> '
            f'{"".join(pieces.icon_html(sym, t("sym." + sym)) for sym in face["symbols"])}</div>'
            f'<div>{esc(head)} — <b>{esc(verdict)}</b></div>'
            f'<div class="syms-words">{esc(symbols(face["symbols"]))}</div>'
            f'{f"<ul class=kills>{kills}</ul>" if kills else ""}'
            f'{_no_loss() if item["outbreak"] and not kills else ""}</li>')
    note = ""
    if story.neutral:
        text = t("strike.neutral", n=story.neutral, region=region(story.neutral_region))
        note = f'<p class="note">{esc(text)}</p>'
    # (a phone's strip of its tokens scrolls sideways: a keyboard's stop too, named; its
    # page buttons, shown only in the strip, turn it a token back or on)
    pages = "".join(
        f'<button type="button" class="strip-page" data-strip-page="{step}" '
        f'aria-label="{esc(t(key))}">{sign}</button>'
        for step, key, sign in ((-1, "strike.page_back", "‹"), (1, "strike.page_on", "›")))
    return (f'<h2>{esc(title)}</h2>{note}<ol class="strike-list" tabindex="0" '
            f'aria-label="{esc(title)}">{"".join(rows)}</ol>{pages}')


def costly(item: dict) -> bool:
    """A token that broke out and cost a cube (R5.4, R5.5): the only one called an outbreak,
    in red; a threshold reached whose symbols hit no one there alarms no one."""
    return bool(item["outbreak"] and item["kills"])


def strike_verdict(item: dict) -> str:
    """A revealed token's verdict: "outbreak!" only where it cost a cube."""
    if not item["outbreak"]:
        return t("strike.nothing")
    return t("strike.outbreak") if item["kills"] else t("strike.reached")


def _no_loss() -> str:
    """An outbreak that cost no one a cube says why, rather than nothing (R5.5: a symbol hits
    only a player with a cube in the region)."""
    return f'<p class="no-loss">{esc(t("strike.no_loss"))}</p>'


def strike_sentences(story, seats, upto: int) -> list[str]:
    """The strike told so far as sentences, one per token revealed (the first also names
    the strike), for the live region that reads it out as it is told."""
    out = []
    counters: dict[str, int] = {}
    for i, item in enumerate(story.items[:upto]):
        n = counters.get(item["region"], 0) + 1
        counters[item["region"]] = n
        face = item["face"]
        head = tn("strike.token", item["cubes"], token=n, threshold=face["threshold"],
                  cubes=item["cubes"])
        verdict = strike_verdict(item)
        kills = "; ".join(t("strike.kill", name=seats[s].name, symbol=t("sym." + sym))
                          for s, sym in item["kills"])
        where = (t("panel.strike_final") + ", " + region(item["region"]) if story.final
                 else t("panel.strike", region=region(item["region"])))
        lead = f"{where}. " if i == 0 or story.final else ""
        after = (f" {kills}." if kills else
                 f" {t('strike.no_loss')}" if item["outbreak"] else "")
        out.append(f"{lead}{head}: {closed(verdict) if after else verdict}{after}")
    return out


def closed(words: str) -> str:
    """``words`` ending as a sentence does (a verdict read out before another sentence: "…
    threshold reached. No one loses a cube…", not run together)."""
    return words if words.rstrip().endswith((".", "!", "?", "…", ":")) else words + "."


def board_text(view: View, seats) -> str:
    """The board in words, for a screen reader or anyone who prefers it: per region in play
    its rat tokens (the faces this seat knows, R8.3), each player's cubes (by name)
    and the plague piece; then the palace. Drawn from the same view as the map."""
    names = tuple(seat.name for seat in seats)
    rows = [_board_row(catalogue.edition(), r, names,
                       tuple(None if face is None else (face["threshold"], tuple(face["symbols"]))
                             for face in view["board"][r]["tokens"]),
                       tuple(view["board"][r]["cubes"]), view["plague"] == r)
            for r in view["regions"]]
    palace = ", ".join(t("board.cubes_of", name=names[p], count=c)
                       for p, c in enumerate(view["palace"]))
    head = "".join(f'<th scope="col">{esc(t(k))}</th>' for k in (
        "board.col.region", "board.col.rats", "board.col.cubes", "board.col.plague"))
    return (f'<table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'
            f'<p class="board-palace">{esc(t("board.palace", cubes=palace))}</p>')


@functools.lru_cache(maxsize=512)
def _board_row(_edition: tuple, r: str, names: tuple[str, ...], faces: tuple,
               counts: tuple[int, ...], plague_here: bool) -> str:
    """A region's row of the board in words, from plain values alone (kept while they stay
    the same): its rat tokens, each a face this seat knows or None, and the cubes per seat."""
    n = len(faces)
    rats = t("aria.rats.0") if n == 0 else tn("aria.rats", n)
    known = [t("board.known", slot=slot, threshold=face[0], symbols=symbols(list(face[1])))
             for slot, face in enumerate(faces, 1) if face is not None]
    if known:
        rats += " (" + "; ".join(known) + ")"
    cubes = ", ".join(t("board.cubes_of", name=names[p], count=c)
                      for p, c in enumerate(counts) if c) or t("aria.no_cubes")
    plague = t("board.plague_here") if plague_here else ""
    return (f'<tr data-region="{r}"><th scope="row">{esc(region(r))}</th>'
            f'<td>{esc(rats)}</td><td>{esc(cubes)}</td><td>{esc(plague)}</td></tr>')


def log(lines: list[str], steps: list[int] | None = None, current: int | None = None) -> str:
    """The log; with ``steps`` and the ``current`` step (replay) every line is a button to the
    position after its move, the lines of the move shown are marked and later ones dimmed."""
    if steps is None or current is None:
        items = _log_lines(lines)
        return (f'<h2 id="log-title">{esc(t("panel.log"))}</h2><div class="log-box" '
                f'role="log" aria-labelledby="log-title" tabindex="0">'  # scrolled by keys too
                f'<ol class="log-lines">{items}</ol></div>')
    out = []
    for x, step in zip(lines, steps, strict=True):
        cls = "at" if step == current else ("future" if step > current else "past")
        aria = t("replay.log_aria", step=step, line=x)
        here = ' aria-current="step"' if step == current else ""
        # a button in each line (a list holds list items only; a line is a 24 px target)
        out.append(f'<li class="{cls}" data-step="{step}"><button type="button" '
                   f'class="linkish" data-step="{step}" data-key="log-{step}" '
                   f'aria-label="{esc(aria)}"{here}>{esc(x)}</button></li>')
    return (f'<h2 id="log-title">{esc(t("panel.log"))}</h2><div class="log-box" role="log" '
            f'aria-labelledby="log-title"><ol class="log-lines replay-log">{"".join(out)}'
            f'</ol></div>')


def _log_lines(lines: list[str]) -> str:
    """The log's lines as list items; a log that only grew since the last call has only its
    new lines escaped (a long game's log holds hundreds)."""
    kept_lines, kept_html = _LOG_KEPT
    n = len(kept_lines)
    if len(lines) >= n and lines[:n] == kept_lines:
        html = kept_html + "".join(f"<li>{esc(x)}</li>" for x in lines[n:])
    else:
        html = "".join(f"<li>{esc(x)}</li>" for x in lines)
    _LOG_KEPT[:] = [list(lines), html]
    return html


_LOG_KEPT: list = [[], ""]


def replay_bar(step: int, total: int, over: bool) -> str:
    """The replay's controls, in the decision bar (the board stays in sight)."""
    def btn(choice, key, disabled=False, kind=""):
        return (f'<button type="button" class="btn {kind}" data-choice="{choice}" '
                f'data-key="{choice}"{" disabled" if disabled else ""}>{esc(t(key))}</button>')

    leave = "btn.replay_leave_over" if over else "btn.replay_leave"
    return (f'<div class="replay-bar" role="group" aria-label="{esc(t("replay.bar"))}" '
            f'data-screen="replay">'
            + btn("replay:0", "btn.replay_start", step == 0)
            + btn("replay:back", "btn.replay_back", step == 0)
            + f'<label class="replay-pos">{esc(t("replay.slider"))} '
              f'<input type="range" min="0" max="{total}" value="{step}" data-field="replay" '
              f'data-key="replay-slider"> <b data-replay-step="{step}">{step}</b> / {total}'
              f'</label>'
            + btn("replay:forward", "btn.replay_forward", step == total, "primary")
            + btn(f"replay:{total}", "btn.replay_end", step == total)
            + btn("replay-leave", leave, kind="danger") + "</div>")


def confirm(text: str, yes: tuple[str, str], no: tuple[str, str]) -> str:
    """An "are you sure" step in the page itself (window.confirm would block the page and is
    dismissed by test browsers); ``yes``/``no`` are (data-choice, label)."""
    return (f'<div class="dialog confirm" role="alertdialog" aria-modal="true" '
            f'aria-labelledby="confirm-title" aria-describedby="confirm-text" '
            f'data-screen="confirm"><h2 id="confirm-title">{esc(t("confirm.title"))}</h2>'
            f'<p id="confirm-text">{esc(text)}</p><div class="dialog-buttons">'
            f'<button type="button" class="btn" data-choice="{no[0]}" data-key="{no[0]}">'
            f'{esc(no[1])}</button>'
            f'<button type="button" class="btn primary" data-choice="{yes[0]}" '
            f'data-key="{yes[0]}">{esc(yes[1])}</button></div></div>')


def column_head(full: str, short: str) -> str:
    """A table's column head in its full words, and shortened for a phone's width (style.css
    shows one or the other: ``.col-full``, ``.col-short``), the short one an ``abbr`` whose
    title is the full words."""
    if short == full:
        return esc(full)
    return (f'<span class="col-full">{esc(full)}</span>'
            f'<abbr class="col-short" title="{esc(full)}">{esc(short)}</abbr>')


def played_name(seat, changes) -> str:
    """A seat's name in the results, with who played it when a friend's seat was given to
    the computer (docs/online.md): "Bo (computer from round 3)", "Bo (computer in rounds 3–5)"."""
    spans, since = [], None
    for kind, turn in changes or ():
        if kind in ("easy", "normal", "hard") and since is None:
            since = turn
        elif kind == "friend" and since is not None:
            spans.append(t("res.computer_rounds", first=since, last=turn) if turn > since
                         else t("res.computer_round", round=since))
            since = None
    if since is not None:
        spans.append(t("res.computer_from", round=since))
    return seat.name if not spans else f'{seat.name} ({", ".join(spans)})'


def results(view: View, seats, played_by=None, online: str = "") -> str:
    """The results; ``played_by`` (an online game): who played each friend's seat when;
    ``online``: ``host`` (Rematch: the same table), ``guest`` (the host starts it),
    ``guest-alone`` (a guest whose host's page is gone: a rematch waits for it)."""
    played_by = played_by or {}
    winner = view["winner"]
    if winner is None:  # no results before the game is over (R7.4)
        return ""
    rows = []
    for p, seat in enumerate(seats):
        score = view["scores"][p]
        palace = view["palace"][p]
        rows.append(
            f'<tr class="{"winner" if p == winner else ""}" data-seat="{p}">'
            f'<th scope="row">{swatch(p, seat.colour)}'
            f'{esc(played_name(seat, played_by.get(p)))}</th>'
            f'<td>{score - palace}</td><td data-palace="{p}">{palace}</td>'
            f'<td data-score="{p}"><b>{score}</b></td></tr>')
    if online == "host":  # the same table, every device follows
        again = (f'<button type="button" class="btn primary" data-choice="online-rematch" '
                 f'data-key="res-rematch">{esc(t("btn.rematch"))}</button>')
    elif online in ("guest", "guest-alone"):  # the host starts a rematch; this page follows
        note = "res.rematch_wait" if online == "guest" else "res.rematch_host_gone"
        again = (f'<p class="rematch-note">{esc(t(note))}</p>'
                 f'<button type="button" class="btn" data-choice="new-game">'
                 f'{esc(t("btn.leave_table"))}</button>')
    else:
        again = (f'<button type="button" class="btn primary" data-choice="new-game">'
                 f'{esc(t("btn.play_again"))}</button>')
    tie = ""
    if len(view["tied"]) > 1:
        names = ", ".join(seats[p].name for p in view["tied"])
        text = t("res.tie", names=names, score=view["scores"][winner],
                 name=seats[winner].name)
        tie = (f'<p class="tie" data-tie="1" title="{esc(t("help.rules", rules="R7.4"))}">'
               f'{esc(text)}</p>')
    return (f'<div class="dialog results" role="dialog" aria-modal="true" '
            f'aria-labelledby="res-title" data-screen="results">'
            f'<h2 id="res-title">{esc(t("res.title"))}</h2>'
            f'<p class="winner-line" data-winner="{winner}">'
            f'{esc(t("res.winner", name=played_name(seats[winner], played_by.get(winner))))}'
            f'</p>'
            f'<table><thead><tr><th>{esc(t("res.col.player"))}</th>'
            f'<th>{column_head(t("res.col.regions"), t("res.col.regions_short"))}</th>'
            f'<th>{esc(t("res.col.palace"))}</th>'
            f'<th>{column_head(t("res.col.score"), t("res.col.score_short"))}</th>'
            f'</tr></thead><tbody>{"".join(rows)}</tbody>'
            f'</table>{tie}<div class="dialog-buttons">'
            f'<button type="button" class="btn" data-choice="close-results">'
            f'{esc(t("btn.close"))}</button>'
            f'<button type="button" class="btn" data-choice="help:tiebreak">'
            f'{esc(t("btn.help"))}</button>'
            f'<button type="button" class="btn" data-choice="analysis" data-key="res-analysis">'
            f'{esc(t("btn.analysis"))}</button>'
            f'<button type="button" class="btn" data-choice="share" data-key="res-share">'
            f'{esc(t("btn.share"))}</button>'
            f'<button type="button" class="btn" data-choice="replay-enter:0">'
            f'{esc(t("btn.replay_game"))}</button>'
            + again + '</div></div>')


def after_results(online: str) -> str:
    """The bar of a game over whose results were closed: the results again, and on an
    online host's page the rematch (the same table: every device follows)."""
    rematch = (f'<button type="button" class="btn primary" data-choice="online-rematch" '
               f'data-key="bar-rematch">{esc(t("btn.rematch"))}</button>'
               if online == "host" else "")
    return (f'<button type="button" class="btn" data-choice="open-results" '
            f'data-key="bar-results">{esc(t("btn.results"))}</button>{rematch}')


def wait_button(choice: str) -> str:
    """The one button the bots wait for: "Continue" after a strike, "Next move" step by
    step, "Got it" for the lesson's note of the final round ("coach-ok:final")."""
    label = t({"story-seen": "btn.story_seen", "coach-ok": "btn.coach_ok"}.get(
        choice.split(":")[0], "btn.bot_next"))
    return (f'<button type="button" class="btn primary" data-choice="{choice}" '
            f'data-key="btn-{choice}" aria-keyshortcuts="D">{esc(label)}</button>')


def digest(lines: list[tuple[int, str]], lost: int = 0) -> str:
    """"Since your last turn": first how many cubes the player lost, then what the others did
    (and every cube lost), each line a link to that moment in the replay."""
    if not lines:
        return ""
    summary = t("digest.none") if lost == 0 else tn("digest.lost", lost)
    items = "".join(
        f'<li><button type="button" class="linkish" data-choice="replay-enter:{step}" '
        f'data-key="digest-{i}" title="{esc(t("panel.digest_hint"))}">{esc(line)}</button>'
        f'</li>' for i, (step, line) in enumerate(lines))
    return (f'<h2>{esc(t("panel.digest"))}</h2><p class="digest-sum">{esc(summary)}</p>'
            f'<ol class="digest-lines">{items}</ol>')


def digest_short(taken: list[tuple[str, int]], lost: int, names: list[str]) -> str:
    """"Since your last turn" in a line, for the status box: what changed for the player, the
    cards taken from them (R4.1) first, then the cubes they lost (R5.5); the whole digest is
    in the history's sheet."""
    news = [t("digest.took_yours", name=names[seat], card=card(c)) for c, seat in taken]
    if lost:
        news.append(tn("digest.short_lost", lost))
    return t("digest.short", what=" ".join(news))


def known(view: View) -> str:
    """The faces this seat's Witch has seen (R6.6, R8.3): only in this seat's view."""
    rows = "".join(f"<li>{esc(text)}</li>" for text in known_faces(view))
    return f'<h2>{esc(t("panel.known"))}</h2><ul class="known-list">{rows}</ul>'


def known_faces(view: View) -> list[str]:
    """Each face this seat knows, in words (its region, its place, its threshold, its
    symbols): the known panel's lines, and a phone's status while the Witch decides."""
    return [t("known.token", region=region(r), slot=slot, threshold=face["threshold"],
              symbols=symbols(face["symbols"]))
            for r in view["regions"]
            for slot, face in enumerate(view["board"][r]["tokens"], 1) if face is not None]


def welcome() -> str:
    """The first visit's choices, the most likely first (one click to a game)."""
    def choice(value, label, text, kind=""):
        return (f'<li><button type="button" class="btn {kind}" data-choice="{value}" '
                f'data-key="welcome-{value}">{esc(t(label))}</button>'
                f'<span>{esc(t(text))}</span></li>')

    return (f'<div class="dialog welcome" role="dialog" aria-modal="true" '
            f'aria-labelledby="welcome-title" data-screen="welcome">'
            f'<h2 id="welcome-title">{esc(t("welcome.title"))}</h2>'
            f'<p>{esc(t("welcome.intro"))}</p><ul class="welcome-choices">'
            + choice("quick-play", "btn.quick_play", "welcome.quick_play", "primary")
            + choice("learn", "btn.learn", "welcome.learn")
            + choice("friends", "btn.friends", "welcome.friends")
            + choice("pass-and-play", "btn.pass_and_play", "welcome.pass_and_play")
            + choice("games", "btn.games", "welcome.games")
            + choice("help", "btn.help", "welcome.help")
            + choice("import", "btn.import", "welcome.open")
            + "</ul></div>")


def with_notice(dialog: str, notice: str, news: bool) -> str:
    """A dialog with the notice of the moment under its heading (the dialog covers the
    notice line: a replay link, or why a link could not be opened, must be seen)."""
    cls = "dialog-notice info" if news else "dialog-notice"
    return dialog.replace("</h2>", f'</h2><p class="{cls}" role="status">{esc(notice)}</p>', 1)


def shown_turn(plan: dict, names: list[str]) -> str:
    """"Show my turn": the turn Hard would play, a numbered step each with its reason —
    the ones played ticked, the next one marked as it is on the board — and the buttons
    that play the next step or the whole turn (model/shown_turn.py)."""
    at = plan["at"]
    items = []
    for i, (action, reason, details) in enumerate(plan["steps"]):
        sentence = hint_words.step_sentence(action, reason, details, names)
        state = "done" if i < at else "next" if i == at else "later"
        mark = (f'<span class="sr-only">{esc(t("plan.done"))} </span>' if i < at
                else "")
        current = ' aria-current="step"' if i == at else ""
        items.append(f'<li class="{state}" data-action="{esc(action)}"{current}>'
                     f'{mark}{esc(sentence)}</li>')
    then = f'<p class="plan-then">{esc(plan["then"])}</p>' if plan["then"] else ""
    return (f'<h2>{esc(t("plan.title"))}</h2><ol class="plan-steps">{"".join(items)}</ol>'
            f'{then}<div class="dialog-buttons">'
            f'<button type="button" class="btn primary" data-choice="plan-next" '
            f'data-key="plan-next">{esc(t("btn.plan_next"))}</button>'
            f'<button type="button" class="btn" data-choice="plan-all" '
            f'data-key="plan-all">{esc(t("btn.plan_all"))}</button>'
            f'<button type="button" class="btn" data-choice="plan-close" '
            f'data-key="plan-close">{esc(t("btn.close"))}</button></div>')


def coach_note(note: str | None, view: View | None, seat: int | None,
               names: list[str] | None = None, mode: str | None = None) -> str:
    """The lesson's note of the moment, with its way out; the summary (``end``) is in the
    results instead (:func:`lesson_summary`). Between two notes the panel is never empty:
    it says what to do now (:func:`coach_now`), with no "Got it" (it follows the game)."""
    leave = (f'<button type="button" class="btn" data-choice="coach-leave" '
             f'data-key="coach-leave">{esc(t("btn.coach_leave"))}</button>')
    if note is None or note == "end":
        now = coach_now(view, seat, names or [], mode) if note is None else None
        line = (f'<p class="coach-text coach-now" data-now="{esc(now[0])}">{esc(now[1])}</p>'
                if now is not None else "")
        return f'<div class="coach-bar"><b>{esc(t("coach.title"))}</b>{leave}</div>{line}'
    ref = COACH_RULES.get(note)
    title = f' title="{esc(t("help.rules", rules=ref))}"' if ref else ""
    return (f'<h2>{esc(t("coach.title"))}</h2><p class="coach-text" data-note="{esc(note)}"'
            f'{title}>{esc(coach_words(note, view, seat, names or []))}</p>'
            f'<div class="dialog-buttons">{leave}'
            f'<button type="button" class="btn" data-choice="learn" data-key="coach-restart">'
            f'{esc(t("btn.coach_restart"))}</button>'
            f'<button type="button" class="btn primary" data-choice="coach-ok:{esc(note)}" '
            f'data-key="coach-ok">{esc(t("btn.coach_ok"))}</button></div>')


#: The rules a note explains, named on hover (its title, as the results' tie rule is): a new
#: player reads the sentence, a curious one finds the rule (docs/RULES.md, How to play).
COACH_RULES = {"spread": "R5.1, R5.2", "final": "R7.2"}


def coach_now(view: View | None, seat: int | None, names: list[str],
              mode: str | None) -> tuple[str, str] | None:
    """What to do now, between two notes of the lesson: its key and its words, read from
    the view's decision (whose it is, what kind) and the pick under way — the engine's own
    say of what is pending, so the line decides no rule; None once the game is over."""
    if view is None or seat is None:
        return None
    decision = view["decision"]
    kind, acting = decision["kind"], decision["seat"]
    if kind == "over" or acting is None:
        return None
    if acting != seat:
        name = names[acting] if acting < len(names) else ""
        return "wait", t("coach.now.wait", name=name)
    if kind == "turn" and mode is None:
        return "turn", t("coach.now.turn", plague=t("btn.mode.plague"))
    if kind == "turn" and mode == "plague":
        return "plague", t("coach.now.plague")
    if kind == "spread":
        return "spread", t("coach.now.spread", left=targets.spread_to_place(view))
    if kind == "neutral":
        return "neutral", t("coach.now.neutral")
    if kind == "final" and mode is None:
        return "final", t("coach.now.final", end=t("btn.end"))
    return "other", t("coach.now.other", cancel=t("btn.cancel"))


def coach_words(note: str, view: View | None, seat: int | None,
                names: list[str] | None = None) -> str:
    """A note's words, with what the seat's view says now: the supply left (R3.3), the cards
    held (R5.5), who still plays in the final round and in which order (R7.2), the
    toolbar's own names for Odds and Hint."""
    aids = {"odds": t("btn.odds"), "hint": t("btn.hint")}
    if note == "ending" and view is not None:
        return tn("coach.ending", view["supply"])
    if note == "risk":
        held = [card(c) for c in CARDS
                if view is not None and seat is not None and view["cards"].get(c) == seat]
        return t("coach.risk", cards=", ".join(held)) if held else t("coach.risk.none")
    if note == "final" and view is not None and names:
        order = [names[p] for p in still_to_play(view) if p < len(names)]
        if order:
            return t("coach.final") + " " + t("coach.final.order", order=", ".join(order))
    return t("coach." + note, **aids)


def lesson_summary() -> str:
    """The lesson's last note, in the results: what the player learned, and a real game."""
    aids = {"odds": t("btn.odds"), "hint": t("btn.hint")}
    items = "".join(f'<li>{esc(t(f"coach.end.{i}", **aids))}</li>' for i in range(1, 6))
    return (f'<section class="coach lesson-summary" data-note="end">'
            f'<h3>{esc(t("coach.end.title"))}</h3><ul>{items}</ul>'
            f'<div class="dialog-buttons"><button type="button" class="btn primary" '
            f'data-choice="quick-play">{esc(t("btn.real_game"))}</button></div></section>')


def update_offer() -> str:
    """The line that offers a new version of the site (sw.js installed it; it waits)."""
    return (f'<span>{esc(t("update.ready"))}</span> <button type="button" class="btn primary" '
            f'data-choice="update-reload" data-key="update">{esc(t("btn.update"))}</button>')


def help_button(section: str | None) -> str:
    """The "?" beside the status line: How to play at the part that explains this decision."""
    if section is None:
        return ""
    return (f'<button type="button" class="btn help-q" data-choice="help:{section}" '
            f'data-key="status-help" aria-label="{esc(t("help.here"))}" '
            f'title="{esc(t("help.here"))}">{esc(t("btn.help_here"))}</button>')


def pass_screen(name: str, knows: int) -> str:
    """The hotseat hand-over: shown while the board renders the public view only. It asks the
    others to look away only from what the next player knows (``knows``: faces the Witch saw,
    the view's ``knows``)."""
    return (f'<div class="pass-prompt" role="group" aria-labelledby="pass-title" '
            f'data-screen="pass"><b id="pass-title">{esc(t("ui.pass_title", name=name))}</b> '
            f'<span>{esc(t("ui.pass_text_secret" if knows else "ui.pass_text", name=name))}'
            f'</span> '
            f'<button type="button" class="btn primary" data-choice="pass-ready" '
            f'data-key="pass-ready" aria-keyshortcuts="D">'
            f'{esc(t("btn.pass_ready", name=name))}</button></div>')


def start_options(config: Config) -> str:
    """The start-player choice: random or a seat, by the names as typed so far."""
    chosen = str(config.extra.get("start_choice", config.start))
    return f'<option value="random">{esc(t("dlg.start_random"))}</option>' + "".join(
        f'<option value="{i}"{" selected" if str(i) == chosen else ""}>{esc(s.name)}</option>'
        for i, s in enumerate(config.seats))


def new_game_dialog(config: Config, problem: str = "", can_cancel: bool = False) -> str:
    """The dialog as ``config`` sets it up (its start-player list, ``#dlg-start``, follows
    the names as typed on its own: see ui.Draft)."""
    n = config.players
    online = bool(config.extra.get("online"))  # "Play with friends online"
    count_buttons = "".join(
        f'<button type="button" class="btn{" pressed" if k == n else ""}" '
        f'aria-pressed="{"true" if k == n else "false"}" data-choice="dlg-players:{k}" '
        f'data-key="dlg-players-{k}">{k}</button>' for k in (2, 3, 4))
    rows = []
    for i, seat in enumerate(config.seats):
        colours = "".join(
            f'<option value="{c}"{" selected" if c == seat.colour else ""}>'
            f'{esc(t("colour." + c))}</option>' for c in COLOURS)
        offered = KINDS if not online else ("human",) if i == 0 else (
            "friend", "easy", "normal", "hard")
        kinds = "".join(
            f'<option value="{k}"{" selected" if k == seat.kind else ""}>'
            f'{esc(t("kind." + k))}</option>' for k in offered)
        optional = (f' placeholder="{esc(t("dlg.friend_name"))}"'
                    if online and seat.is_friend else "")
        rows.append(
            f'<fieldset class="seat-row"><legend>{esc(t("dlg.seat", n=i + 1))}</legend>'
            f'<label>{esc(t("dlg.name"))} <input type="text" maxlength="40" '
            f'data-field="name" data-seat="{i}" data-key="dlg-name-{i}" '
            f'value="{esc(seat.name)}"{optional}></label>'
            f'<label>{esc(t("dlg.colour"))} <select data-field="colour" data-seat="{i}" '
            f'data-key="dlg-colour-{i}">'
            f'{colours}</select></label>'
            f'<label>{esc(t("dlg.kind"))} <select data-field="kind" data-seat="{i}" '
            f'data-key="dlg-kind-{i}">'
            f'{kinds}</select></label></fieldset>')
    starts = start_options(config)
    seed = config.extra.get("seed_text", "" if config.seed is None else str(config.seed))
    err = f'<p class="problem" role="alert" data-problem="1">{esc(problem)}</p>' if problem else ""
    return (f'<div class="dialog new-game" role="dialog" aria-modal="true" '
            f'aria-labelledby="dlg-title" data-screen="new-game">'
            f'<h2 id="dlg-title">{esc(t("dlg.friends_title" if online else "dlg.title"))}</h2>'
            + (f'<p class="dlg-intro">{esc(t("dlg.friends_intro"))}</p>' if online else "")
            + f'{err}'
            f'<div class="field"><span>{esc(t("dlg.players"))}</span> '
            f'<span class="group" role="group" aria-label="{esc(t("dlg.players"))}">'
            f'{count_buttons}</span></div>{"".join(rows)}'
            f'<label class="field">{esc(t("dlg.start"))} '
            f'<select data-field="start" id="dlg-start">{starts}'
            f'</select></label>'
            f'<label class="field">{esc(t("dlg.seed"))} <input type="text" inputmode="numeric" '
            f'data-field="seed" value="{esc(seed)}"></label>'
            f'<div class="dialog-buttons">'
            f'<button type="button" class="btn" data-choice="help" data-key="dlg-help">'
            f'{esc(t("btn.help"))}</button>'
            f'<button type="button" class="btn" data-choice="learn" data-key="dlg-learn">'
            f'{esc(t("btn.learn"))}</button>'
            f'<button type="button" class="btn" data-choice="import" data-key="dlg-import">'
            f'{esc(t("btn.import"))}</button>'
            + (f'<button type="button" class="btn" data-choice="dlg-cancel" '
               f'data-key="dlg-cancel">{esc(t("btn.cancel_dialog"))}</button>'
               if can_cancel else "")
            + ("" if online else
               f'<button type="button" class="btn" data-choice="dlg-friends" '
               f'data-key="dlg-friends">{esc(t("btn.friends"))}</button>')
            + f'<button type="button" class="btn primary" '
            f'data-choice="dlg-start" data-key="dlg-start">'
            f'{esc(t("btn.friends_start" if online else "btn.start"))}</button></div>'
            f'</div>')
