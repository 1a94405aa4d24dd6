"""The map: region states, labels, rat tokens, cubes, the plague piece and the palace.

Input is a seat's view (``Game.view``), never the game: a face appears only where the view
holds it (the Witch's holder, R6.6/R8.3) or for tokens revealed in a strike (public, R8.1).
The generated ``map/europe.svg`` keeps its region paths; this module marks them (in play,
highlighted as a target, selected) and draws everything else into one overlay group, set
with a single ``innerHTML`` per render.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from model.game_config import COLOURS, ink_on, marks
from model.keymap import region_key, token_key
from text.catalogue import decimal, region, sym_marks, symbols, t, tn

from render.escaping import esc

if TYPE_CHECKING:
    from rattus.shapes import Face, RegionView, View

#: Sizes the map generator (tools/make_map.py, FOOTPRINT) reserves room for around each
#: anchor, so that nothing drawn here covers the name or another row of the region.
TOKEN_R = 11
TOKEN_GAP = 25
CUBE = 19
REVEAL_STEP = 27  # revealed-token badges stack down from the region's "reveal" anchor
#: Chip text is 15 SVG units: 11 px where the map is drawn 740 px wide (1280×800 screens).
CHIP_CHAR = 9.2  # the advance of one symbol letter (15 units, monospace, bold)
CHIP_H = 17

#: Patterns and filters added to the generated SVG: legal targets get a hatch as well as a
#: colour and a dashed outline (shape, not colour alone); regions out of play a grey hatch.
DEFS = """
<pattern id="hatch-target" patternUnits="userSpaceOnUse" width="9" height="9"
 patternTransform="rotate(45)"><rect width="9" height="9" fill="#fff6c8"/>
<line x1="0" y1="0" x2="0" y2="9" stroke="#f0b450" stroke-width="2"/></pattern>
<pattern id="hatch-out" patternUnits="userSpaceOnUse" width="7" height="7"
 patternTransform="rotate(-45)"><rect width="7" height="7" fill="#d9d6cf"/>
<line x1="0" y1="0" x2="0" y2="7" stroke="#bdb8ad" stroke-width="2"/></pattern>
"""


def region_label(name: str) -> str:
    return region(name)


def _rat_glyph() -> str:
    """A rat in profile, drawn in the token's circle (the back of every rat token)."""
    return ('<g class="rat" transform="scale(1.1)">'
            '<path d="M-6 2.2C-6.4-2.8 1.5-4.6 4-1.3L7.4.6 4.2 2.2C2 3.6-3.8 3.7-6 2.2Z"/>'
            '<circle cx="2.3" cy="-2.7" r="1.5"/>'
            '<path class="tail" d="M-6 2.2q-2.6.6-2.7-2"/></g>'
            '<circle class="rat-eye" cx="4.3" cy="-.1" r=".75"/>')


def _token(region_name: str, slot: int, x: float, y: float, face: Face | None,
           target: bool, selected: bool, hinted: bool = False) -> str:
    label = (t("token.aria_known", slot=slot, region=region(region_name),
               threshold=face["threshold"], symbols=symbols(face["symbols"]))
             if face else t("token.aria", slot=slot, region=region(region_name)))
    classes = ["token"]
    if target:
        classes.append("target")
    if selected:
        classes.append("selected")
    if hinted:
        classes.append("hinted")
    attrs = (f'class="{" ".join(classes)}" data-region="{region_name}" data-slot="{slot}" '
             f'data-key="{token_key(region_name, slot)}" transform="translate({x:.1f} {y:.1f})"')
    if target:  # a stop of the arrow keys: focusable, in the map's one Tab stop (browser/app.py)
        attrs += f' role="button" tabindex="-1" aria-label="{esc(label)}"'
    else:
        attrs += f' aria-label="{esc(label)}" role="img"'
    parts = [f"<g {attrs}><title>{esc(label)}</title>"]  # the same words on hover
    if target or selected or hinted:
        parts.append(f'<circle class="ring" r="{TOKEN_R + 4}"/>')
    if face is None:
        parts.append(f'<circle class="back" r="{TOKEN_R}"/>{_rat_glyph()}')
    else:
        # letters without spaces, on a bar with a light edge: the bars of two known tokens
        # side by side (TOKEN_GAP apart) used to run together into one unreadable strip
        syms = sym_marks(face["symbols"])
        top = TOKEN_R + 1 + (slot % 2 == 0) * CHIP_H  # neighbours' bars on two rows
        parts.append(
            f'<g class="token-face known"><circle class="front" r="{TOKEN_R}"/>'
            f'<text class="thr" y="5">{face["threshold"]}</text>'
            f'<rect class="syms-bg" x="{-len(syms) * CHIP_CHAR / 2 - 3:.1f}" y="{top}" '
            f'width="{len(syms) * CHIP_CHAR + 6:.1f}" height="{CHIP_H}" rx="3"/>'
            f'<text class="syms" y="{top + 13}">{esc(syms)}</text></g>')
    parts.append("</g>")
    return "".join(parts)


#: Advance widths (SVG units) of the revealed badge's texts, as style.css sets them: the
#: threshold in 12px bold, the symbols in 10px monospace with 1px letter spacing. The badge is
#: sized from them so that the symbols neither run into the threshold nor out of the box.
RV_THR_CHAR = 9.2
RV_SYM_CHAR = 10.0


#: How much wider a region's name grows per letter on a phone (style.css: 15 → 29 px, at
#: about 0.6 em a letter), half of it on each side of the name's centre.
PHONE_NAME_GROWTH = (29 - 15) * 0.6 / 2


def _revealed(x: float, y: float, face: Face, outbreak: bool, fresh: bool, cubes: int,
              away: float = 0.0) -> str:
    """A token revealed by the strike now being told (public, R8.1), shown face up, in a
    column beside the region (its "reveal" anchor), clear of its name, tokens and cubes;
    hovering it says its threshold against the cubes counted and its symbols in words.
    ``away``: how far the column moves away from the name on a phone, where the name is
    drawn larger (style.css; negative: the column is to the name's left)."""
    words = t("strike.chip", threshold=face["threshold"], cubes=cubes,
              symbols=symbols(face["symbols"]),
              verdict=t("strike.outbreak" if outbreak else "strike.nothing"))
    syms = sym_marks(face["symbols"])
    thr = f'{face["threshold"]}+'
    sx = -10 + len(thr) * RV_THR_CHAR + 4
    width = sx + len(syms) * RV_SYM_CHAR + 5 + 16
    cls = "revealed" + (" outbreak" if outbreak else "") + (" fresh" if fresh else "")
    return (f'<g class="{cls}" transform="translate({x:.1f} {y:.1f})" aria-hidden="true">'
            f'<title>{esc(words)}</title><g class="rv-away" style="--away:{away:.0f}px">'
            f'<g class="rv-inner"><rect class="rv-bg" x="-16" y="-12.5" '
            f'width="{width:.1f}" '
            f'height="25" rx="4"/><text class="rv-thr" x="-10" y="5">{thr}</text>'
            f'<text class="rv-syms" x="{sx:.1f}" y="5">{esc(syms)}</text></g></g></g>')


def _cube_text(mark: str, count: int, x: float, y: float, ink: str) -> str:
    """A cube's writing: the player's letter, then the count ("A2"), in the ink that
    contrasts with their colour; squeezed to the cube's width when the count has 2 digits."""
    fit = f' textLength="{CUBE - 2}" lengthAdjust="spacingAndGlyphs"' if count >= 10 else ""
    return (f'<text x="{x}" y="{y}" fill="{ink}"{fit}><tspan class="mk">{esc(mark)}</tspan>'
            f'{count}</text>')


def _cubes(x: float, y: float, counts: list[int], seats) -> str:
    """A region's cubes: one square per player present, in their colour, with their letter
    (told apart without colour) and the count."""
    present = [(p, c) for p, c in enumerate(counts) if c]
    if not present:
        return ""
    letters = marks(seats)
    width = len(present) * (CUBE + 3) - 3
    x0 = x - width / 2
    parts = []
    for i, (p, c) in enumerate(present):
        colour = COLOURS.get(seats[p].colour, "#888")
        cx = x0 + i * (CUBE + 3)
        parts.append(
            f'<g class="cube seat-{p}" transform="translate({cx:.1f} {y - CUBE / 2:.1f})">'
            f'<rect width="{CUBE}" height="{CUBE}" rx="2" fill="{colour}"/>'
            + _cube_text(letters[p], c, CUBE / 2, CUBE / 2 + 4.2, ink_on(seats[p].colour))
            + '</g>')
    return "".join(parts)


def _losses(x: float, y: float, by_seat: dict[int, int], seats) -> str:
    """The cubes a strike being told has cost, over the region's cubes: "A −2" framed in the
    seat's colour, so that a loss is seen where it happened, not only in the panel (the
    letter and dark ink: told apart without colour, readable on any colour)."""
    letters = marks(seats)
    marks_ = []
    for i, (seat, n) in enumerate(sorted(by_seat.items())):
        colour = COLOURS.get(seats[seat].colour, "#888")
        # the animation is on an inner group: a CSS transform would replace the position
        marks_.append(f'<g class="loss" transform="translate({x - 16 + i * 36:.1f} {y - 22:.1f})">'
                      f'<g class="loss-inner"><rect x="-16" y="-9" width="33" height="16" '
                      f'rx="4" fill="#fff" stroke="{colour}" stroke-width="2.5"/>'
                      f'<text y="3.5">{esc(letters[seat])} −{n}</text></g></g>')
    return f'<g class="losses" aria-hidden="true">{"".join(marks_)}</g>'


def _risk_badge(name: str, x: float, y: float, risk: dict) -> str:
    """The odds of a strike here now, for the player at the screen: the cubes they can expect
    to lose, and the whole sentence on hover (render/odds_overlay.py)."""
    mine = risk["mine"] >= 0.05  # a risk to the player, else what it would cost the others
    text = (t("odds.badge_both", mine=decimal(risk["mine"]), others=decimal(risk["others"]))
            if mine and risk["others"] >= 0.05 else
            t("odds.badge", mine=decimal(risk["mine"])) if mine else
            t("odds.badge_others", others=decimal(risk["others"])))
    w = len(text) * 7.6 + 10
    who = "" if mine else " others"
    # a click on the badge is a click on its region (it sits where a player clicks)
    return (f'<g class="risk-badge level-{risk["level"]}{who}" data-odds="{name}" '
            f'data-region="{name}" '
            f'data-mine="{risk["mine"]:.4f}" data-p-loss="{risk["p_loss"]:.4f}" '
            f'transform="translate({x:.1f} {y:.1f})"><title>{esc(risk["words"])}</title>'
            f'<rect x="{-w / 2:.1f}" y="-9" width="{w:.1f}" height="17" rx="8"/>'
            f'<text y="4">{esc(text)}</text></g>')


def _far_mark(x: float, y: float, steps: int) -> str:
    """The "2 steps" tag over a region's name: a Knight's two-step destination (R6.3) is
    highlighted like a one-step one, so this is what tells them apart (the region's name for
    screen readers says it too)."""
    text = t("map.far", n=steps)
    w = len(text) * 5.6 + 10
    return (f'<g class="far-mark" transform="translate({x:.1f} {y - 23:.1f})" '
            f'aria-hidden="true"><rect x="{-w / 2:.1f}" y="-8" width="{w:.1f}" height="13" '
            f'rx="6.5"/><text y="2.3">{esc(text)}</text></g>')


def _plague(x: float, y: float, clickable: bool, label: str) -> str:
    attrs = f'class="plague-piece{" target" if clickable else ""}" data-plague="1" ' \
            f'data-key="plague" transform="translate({x:.1f} {y:.1f})"'
    if clickable:
        attrs += f' role="button" tabindex="-1" aria-label="{esc(label)}"'
    else:
        attrs += f' role="img" aria-label="{esc(label)}"'
    return (f'<g {attrs}><circle class="pp-base" r="12"/>'
            '<circle class="pp-skull" cx="0" cy="-1.5" r="6"/>'
            '<rect class="pp-skull" x="-3.4" y="2.5" width="6.8" height="3.6" rx="1"/>'
            '<circle class="pp-eye" cx="-2.3" cy="-2" r="1.6"/>'
            '<circle class="pp-eye" cx="2.3" cy="-2" r="1.6"/></g>')


def region_aria(name: str, board: RegionView | None, seats, plague_here: bool, target: bool,
                steps: int | None = None) -> str:
    """A region's accessible name: its rats, cubes and the plague piece; as a target, also
    how many steps away when the plague piece may go further than a neighbour (R6.3)."""
    if board is None:
        return t("aria.region_out", region=region(name))
    n = len(board["tokens"])
    rats = t("aria.rats.0") if n == 0 else tn("aria.rats", n)
    cubes = ", ".join(t("aria.cubes_of", colour=t("colour." + seats[p].colour), count=c)
                      for p, c in enumerate(board["cubes"]) if c) or t("aria.no_cubes")
    text = t("aria.region", region=region(name), rats=rats, cubes=cubes,
             plague=t("aria.plague_here") if plague_here else "")
    return text + (t("aria.target_far", n=steps) if target and steps else
                   t("aria.target") if target else "")


def draw(anchors: dict, all_regions, view: View, offer, seats, story=None,
         upto: int | None = None, telling: bool = False,
         risks: dict | None = None) -> tuple[dict, str]:
    """The map for ``view``: each region path's state (class, accessible name, in play) and
    the overlay's SVG (palace, labels, tokens, cubes, the plague piece, the faces revealed by
    the strike being told — the first ``upto`` tokens of ``story``, a ui.Story; while
    ``telling``, the newest token and its losses pop up, and only they: a redraw for another
    reason must not replay the animation of what is already shown). ``risks``
    (render/odds_overlay.py, when the odds overlay is on): each region shaded by its risk, with a
    badge and the words."""
    in_play = set(view["regions"])
    board = view["board"]
    reach = view["decision"]["plague_reach"] if offer.far else {}
    parts = []
    states = {}
    pal = anchors.get("palace")  # the palace (R1.1, R6.1)
    if pal:
        parts.append(_palace(pal, view["palace"], seats))
    for r in all_regions:
        a = anchors["regions"].get(r)
        target = r in offer.regions
        far = target and r in offer.far
        cls = ["region"]
        if r not in in_play:
            cls.append("out")
        elif target:
            cls.append("target")
            if far:
                cls.append("far")
        if offer.hint == ("region", r):
            cls.append("hinted")
        if r in (offer.selected_region, offer.selected_to):
            cls.append("selected")
        if view["plague"] == r:
            cls.append("plague-region")
        risk = (risks or {}).get(r)
        if risks is not None and r in in_play:
            cls.append(f"risk-{risk['level'] if risk else 0}")
        aria = region_aria(r, board.get(r), seats, view["plague"] == r, target,
                           reach.get(r) if far else None)
        if risk:
            aria += " " + risk["words"]
        states[r] = (" ".join(cls), aria, r in in_play)
        if a is None:
            continue
        lab = a["label"]
        out = r not in in_play
        parts.append(
            f'<text class="region-label{" out" if out else ""}{" target" if target else ""}"'
            f' data-region="{r}" x="{lab["x"]}" y="{lab["y"]}" aria-hidden="true">'
            f'{esc(region_label(r))}</text>')
        if far:
            parts.append(_far_mark(lab["x"], lab["y"], reach[r]))
        if risk and max(risk["mine"], risk["others"]) >= 0.05:  # nothing to fear: no badge
            parts.append(_risk_badge(r, lab["x"], lab["y"] - (40 if far else 23), risk))
        if out:
            parts.append(f'<text class="out-note" x="{lab["x"]}" y="{lab["y"] + 12}"'
                         f' aria-hidden="true">{esc(t("map.out_of_play"))}</text>')
            continue
        tok = a["tokens"]
        faces = board[r]["tokens"]
        n = len(faces)
        for i, face in enumerate(faces):
            slot = i + 1
            x, _y = token_xy(tok, slot, n)
            parts.append(_token(r, slot, x, tok["y"], face, (r, slot) in offer.tokens,
                                offer.selected_token == (r, slot),
                                offer.hint == ("token", (r, slot))))
        cub = a["cubes"]
        parts.append(_cubes(cub["x"], cub["y"], board[r]["cubes"], seats))
        if view["plague"] == r:
            # its own anchor, clear of the name, three tokens and four cube stacks
            pp = a["plague"]
            parts.append(_plague(pp["x"], pp["y"], offer.plague_clickable,
                                 t("map.plague") + ": " + region(r)))
    if story is not None:  # faces revealed by the strike being told (public)
        by_region: dict[str, int] = {}
        lost: dict[str, dict[int, int]] = defaultdict(dict)
        shown = story.items[:upto]
        for index, item in enumerate(shown):
            a = anchors["regions"].get(item["region"])
            if not a:
                continue
            k = by_region.get(item["region"], 0)
            by_region[item["region"]] = k + 1
            rv = a["reveal"]
            fresh = telling and index == len(shown) - 1
            side = 1 if rv["x"] >= a["label"]["x"] else -1
            away = side * PHONE_NAME_GROWTH * len(region(item["region"]))
            parts.append(_revealed(rv["x"], rv["y"] + k * REVEAL_STEP, item["face"],
                                   item["outbreak"], fresh, item["cubes"], away))
            for seat, _symbol in item["kills"]:  # each cube lost, where it was lost
                lost[item["region"]][seat] = lost[item["region"]].get(seat, 0) + 1
        for r, by_seat in lost.items():
            cub = anchors["regions"][r]["cubes"]
            parts.append(_losses(cub["x"], cub["y"], by_seat, seats))
    return states, "".join(parts)


def token_xy(tok: dict, slot: int, n: int) -> tuple[float, float]:
    """Where the ``slot``-th of ``n`` rat tokens is drawn around a region's token anchor."""
    return tok["x"] + (slot - 1 - (n - 1) / 2) * TOKEN_GAP, tok["y"]


def stops(anchors: dict, view: View, offer) -> tuple[dict, list[str]]:
    """The places the arrow keys move between (control/keys.py), by ``data-key``: each region in
    play at its printed name, and each rat token the decision wants where it is drawn; and
    the targets among them, in board order (where Tab enters the map)."""
    places: dict[str, tuple[float, float]] = {}
    targets: list[str] = []
    for r in view["regions"]:
        a = anchors["regions"].get(r)
        if a is None:
            continue
        places[region_key(r)] = (a["label"]["x"], a["label"]["y"])
        if r in offer.regions:
            targets.append(region_key(r))
        n = len(view["board"][r]["tokens"])
        for slot in range(1, n + 1):
            if (r, slot) in offer.tokens:
                places[token_key(r, slot)] = token_xy(a["tokens"], slot, n)
                targets.append(token_key(r, slot))
    return places, targets


def _palace(pal: dict, palace: list[int], seats) -> str:
    x, y, w, h = pal["x"], pal["y"], pal["w"], pal["h"]
    rows = []
    letters = marks(seats)
    for p, c in enumerate(palace):
        colour = COLOURS.get(seats[p].colour, "#888")
        cx = x + 12 + (p % 2) * (w / 2)
        cy = y + 40 + (p // 2) * 30
        rows.append(
            f'<rect x="{cx:.1f}" y="{cy:.1f}" width="{CUBE}" height="{CUBE}" rx="2" '
            f'fill="{colour}"/><text class="palace-mark" x="{cx + CUBE / 2:.1f}" '
            f'y="{cy + 14:.1f}" fill="{ink_on(seats[p].colour)}">{esc(letters[p])}</text>'
            f'<text class="palace-count" x="{cx + CUBE + 5:.1f}" '
            f'y="{cy + 13:.1f}">{c}</text>')
    label = t("map.palace")
    counts = ", ".join(f"{esc(seats[p].name)} {c}" for p, c in enumerate(palace))
    return (f'<g class="palace" role="img" aria-label="{esc(label)}: {counts}">'
            f'<rect class="palace-box" x="{x}" y="{y}" width="{w}" height="{h}" rx="8"/>'
            f'<path class="palace-roof" d="M{x + 10} {y + 24}l{w / 2 - 10} -14 '
            f'l{w / 2 - 10} 14z"/>'
            f'<text class="palace-title" x="{x + w / 2}" y="{y + 21}">{esc(label)}</text>'
            + "".join(rows) + "</g>")


#: What the board legend of How to play shows, each drawn by the map's own functions.
LEGEND = ("target", "far", "out", "token", "known", "revealed", "cubes", "loss", "plague",
          "sea")


def legend_figure(kind: str, seats) -> str:
    """A small picture of one thing the board draws, as the map draws it (for How to play):
    the legend can never drift from the board."""
    box = '<rect x="-26" y="-17" width="52" height="34" rx="3" class="region {}"/>'
    body = {
        "target": box.format("target"),
        "far": box.format("target far") + _far_mark(0, 26, 2),
        "out": box.format("out"),
        "token": _token("Gallia", 1, 0, 0, None, False, False),
        "known": _token("Gallia", 1, 0, -6, {"threshold": 3, "symbols": ["M", "B"]}, False,
                        False),
        "revealed": _revealed(-8, 0, {"threshold": 2, "symbols": ["M", "A", "W"]}, True,
                              False, 3),
        "cubes": _cubes(0, 0, [2, 1] + [0] * (len(seats) - 2), seats),
        "loss": _losses(14, 22, {0: 1}, seats),
        "plague": _plague(0, 0, False, t("map.plague")),
        "sea": '<path d="M-24 8 Q0 -18 24 8" fill="none" stroke="#345" stroke-width="1.6" '
               'stroke-dasharray="5 4" marker-end="url(#sea-arrow)"/>',
    }[kind]
    return (f'<svg class="board legend-fig" viewBox="-40 -22 80 44" width="80" height="44" '
            f'aria-hidden="true">{body}</svg>')
