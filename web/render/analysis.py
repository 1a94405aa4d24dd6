"""The post-game analysis: how the cubes on the board went, turn by turn, who the
plague hit, how lucky each player was, and the strikes that swung the game.

Why a replay from the seed: the session keeps the game's history, not its past positions;
``Game.at(0)`` and the history give back every position and every event exactly (as the
replay does, model/replay.py), so the analysis agrees with the engine by construction.

Luck is measured from PUBLIC information only: before each strike, what any spectator could
know (``view(None)``: the cubes, the cards, the number of tokens, every token revealed so
far, which tokens were placed at setup — and no Witch's look, R8) gives, through
``rattus.strike_odds``, the cubes each player could expect to lose there. Why public, not each
player's own view: a Witch's holder knew more, and measuring them against their own knowledge
would call a loss they saw coming "expected" for them only; the same yardstick for everyone
is what makes "luck" comparable across the table. The odds are taken on the position just
before the action whose events hold the strike: the plague move (no spread, or the spread
stopped), the last spread, the Knight's answer, or the last ``end`` of the final round (the
final plague, R7.3: every region on the position before any of its tokens is turned). None of
these actions changes the struck region's tokens or cubes before the strike, so the odds are
those of the strike itself (the tests check the cube count against the ``strike`` event).

The shape of :func:`analyse` (JSON-ready)::

    {"players": 2, "over": true, "winner": 0, "steps": 131,
     "board": [{"step": 28, "kind": "turn", "seat": 0, "cubes": [4, 4]}, ...,
               {"step": 131, "kind": "end", "seat": None, "cubes": [12, 9]}],
     "strike_list": [{"step": 31, "final": false, "region": "Gallia", "neutral": 0,
                      "cubes": 5, "lost": [1, 0], "expected": [0.62, 0.1], "p_loss": 0.66},
                     ...],     # every strike (R5.3, R7.3); cubes: the players' cubes there
     "strikes": [3, 5],        # strikes in which each player lost at least one cube
     "lost": [4, 7],           # cubes each player lost to the plague (cube_killed events)
     "expected": [3.1, 5.2],   # the cubes each could expect to lose in those strikes
     "luck": [-0.9, -1.8],     # expected - lost: above zero, the plague was kinder
     "moments": [{"step": 131, "region": "Gallia", "final": true, "lost": 4,
                  "swing": 2.4, "seat": 1, "text": "..."}, ...]}

``board`` has a point at the start of every regular and final turn (``kind`` ``turn`` or
``final``, ``seat`` whose turn begins) and one at the end (``end``); ``cubes`` is the view's
``scores``: cubes in the regions plus the palace (R7.4). The moments are the strikes that
swung the game: every strike that cost cubes — each region of the final plague a strike of
its own (R7.3) — and none that cost none, ranked by what they changed: the cubes they cost
(``lost``, all players), then how far they went from their odds (``swing``: sum over the
players of |lost − expected|), then the earlier first. A moment's position is its strike's:
``step`` is the replay step whose action struck, ``region`` the region struck, and the
replay opened from it (``replay-enter:<step>:<region>``) shows that strike alone.
Pure Python: :func:`chart_svg` and :func:`panel` are strings, like panels.py.
"""

from __future__ import annotations

from model.game_config import COLOURS
from text.catalogue import decimal, join_and, region, t, tn

import rattus
from rattus.constants import CUBES_PER_PLAYER
from render import panels
from render.escaping import esc


def analyse(session) -> dict:
    """The analysis of ``session``'s game (see the module docstring for its shape)."""
    game = session.game
    names = [s.name for s in session.config.seats]
    players = game.num_players
    history = game.history
    position = game.at(0)
    board: list[dict] = []
    strike_list: list[dict] = []
    for step, action in enumerate(history, 1):
        before = position.view(None)  # the odds of a strike are those of the position before
        events = position.apply(action)
        for e in events:
            if e["kind"] == "turn":
                board.append({"step": step, "kind": "final" if e["final"] else "turn",
                              "seat": e["seat"], "cubes": position.scores()})
        final = any(e["kind"] == "final_plague" for e in events)
        for strike in _strikes(events, players):
            odds = rattus.strike_odds(before, strike["region"], neutral=strike["neutral"] > 0)
            strike_list.append({"step": step, "final": final, **strike,
                                "expected": odds["expected_loss"], "p_loss": odds["p_loss"]})
    board.append({"step": len(history), "kind": "end", "seat": None, "cubes": position.scores()})

    lost = [sum(s["lost"][p] for s in strike_list) for p in range(players)]
    expected = [sum(s["expected"][p] for s in strike_list) for p in range(players)]
    return {
        "players": players,
        "over": position.is_over,
        "winner": position.winner(),
        "steps": len(history),
        "board": board,
        "strike_list": strike_list,
        "strikes": [sum(1 for s in strike_list if s["lost"][p]) for p in range(players)],
        "lost": lost,
        "expected": [round(x, 6) for x in expected],
        "luck": [round(e - a, 6) for e, a in zip(expected, lost)],
        "moments": _moments(strike_list, names),
    }


def _strikes(events, players: int) -> list[dict]:
    """The strikes among one action's events (R5.3; several in the final plague, R7.3): each
    ``strike`` event with the cubes its tokens killed, per seat."""
    out: list[dict] = []
    current = None
    for e in events:
        kind = e["kind"]
        if kind == "strike":
            current = {"region": e["region"], "neutral": e["neutral"], "cubes": e["cubes"],
                       "lost": [0] * players}
            out.append(current)
        elif kind == "cube_killed" and current is not None and e["region"] == current["region"]:
            current["lost"][e["seat"]] += 1
        elif kind not in ("token_revealed", "cube_killed"):
            current = None
    return out


def swing(strike: dict) -> float:
    """How far a strike went from its odds, in cubes, over all players."""
    return sum(abs(a - e) for a, e in zip(strike["lost"], strike["expected"]))


def _moments(strike_list: list[dict], names: list[str]) -> list[dict]:
    """Every strike that cost cubes, the costliest first (see the module docstring)."""
    costly = [i for i, s in enumerate(strike_list) if sum(s["lost"])]
    ranked = sorted(costly, key=lambda i: (-sum(strike_list[i]["lost"]),
                                           -swing(strike_list[i]), i))
    out = []
    for i in ranked:
        s = strike_list[i]
        seat = max(range(len(names)), key=lambda p: (s["lost"][p],
                                                     abs(s["lost"][p] - s["expected"][p]), -p))
        out.append({"step": s["step"], "region": s["region"], "final": s["final"],
                    "lost": sum(s["lost"]), "swing": round(swing(s), 3), "seat": seat,
                    "text": moment_text(s, names)})
    return out


def moment_text(strike: dict, names: list[str]) -> str:
    """One strike in a log-like sentence: each player it cost cubes, lost against expected
    (the one who lost most first)."""
    where = region(strike["region"])
    if strike["final"]:
        where = t("analysis.final_region", region=where)
    seats = sorted((p for p in range(len(names)) if strike["lost"][p]),
                   key=lambda p: (-strike["lost"][p], p))
    losses = [tn("analysis.moment.loss", strike["lost"][p], name=names[p],
                 expected=_num(strike["expected"][p])) for p in seats]
    return t("analysis.moment.strike", region=where, losses=join_and(losses))


def _num(x: float) -> str:
    return decimal(x)


def _signed(x: float) -> str:
    x = round(x, 1)
    if x > 0:
        return f"+{decimal(x)}"
    if x < 0:
        return f"\u2212{decimal(-x)}"
    return decimal(0)


# -- the chart -------------------------------------------------------------------------------
W, H = 560, 280
LEFT, RIGHT, TOP, BOTTOM = 40, 16, 16, 64
#: Line patterns, so that the players' lines differ in more than colour.
DASHES = ("", "7 4", "2 3", "9 3 2 3")


def chart_svg(analysis: dict, seats) -> str:
    """Cubes on the board (regions + palace) per player, turn by turn: one line per player in
    their colour (and its own dash pattern), the axes with a few ticks, a legend, and the
    chart in words for screen readers (``<title>`` and ``<desc>``)."""
    points = analysis["board"]
    n = len(points)
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    top = max([CUBES_PER_PLAYER] + [max(p["cubes"]) for p in points])

    def x(i: int) -> float:
        return LEFT + (pw * i / (n - 1) if n > 1 else pw / 2)

    def y(v: float) -> float:
        return TOP + ph - ph * v / top

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="analysis-chart" '
             f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
             f'aria-labelledby="analysis-chart-title analysis-chart-desc" '
             f'style="max-width:100%;height:auto">',
             f'<title id="analysis-chart-title">{esc(t("analysis.chart.title"))}</title>',
             f'<desc id="analysis-chart-desc">{esc(chart_words(analysis, seats))}</desc>']
    # axes and ticks
    parts.append(f'<g class="axes" stroke="#666" stroke-width="1" fill="none">'
                 f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{TOP + ph}"/>'
                 f'<line x1="{LEFT}" y1="{TOP + ph}" x2="{LEFT + pw}" y2="{TOP + ph}"/></g>')
    ticks = ['<g class="ticks" font-size="11" fill="#444">']
    for v in range(0, top + 1, 5):
        ticks.append(f'<line x1="{LEFT - 4}" y1="{y(v):.1f}" x2="{LEFT + pw}" y2="{y(v):.1f}" '
                     f'stroke="#ddd" stroke-width="1"/>'
                     f'<text x="{LEFT - 7}" y="{y(v) + 4:.1f}" text-anchor="end">{v}</text>')
    every = next(k for k in (1, 2, 5, 10, 20, 50, 100, 10**9) if n / k <= 10)
    for i in range(n):
        last = i == n - 1
        if not last and (i % every or i > n - 1 - every):  # (clear of the last label)
            continue
        label = t("analysis.chart.end") if points[i]["kind"] == "end" else str(i + 1)
        ticks.append(f'<line x1="{x(i):.1f}" y1="{TOP + ph}" x2="{x(i):.1f}" '
                     f'y2="{TOP + ph + 4}" stroke="#666"/>'
                     f'<text x="{x(i):.1f}" y="{TOP + ph + 16}" '
                     f'text-anchor="{"end" if last else "middle"}">{esc(label)}</text>')
    ticks.append(f'<text x="{LEFT + pw / 2:.1f}" y="{TOP + ph + 31}" text-anchor="middle">'
                 f'{esc(t("analysis.chart.x"))}</text>'
                 f'<text class="y-title" x="12" y="{TOP + ph / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {TOP + ph / 2:.1f})">'
                 f'{esc(t("analysis.chart.y"))}</text></g>')
    parts.extend(ticks)
    # one line per player, and the legend
    legend_y = H - 12
    step = (pw / max(1, len(seats)))
    for p, seat in enumerate(seats):
        colour = COLOURS.get(seat.colour, "#888")
        dash = DASHES[p % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        coords = " ".join(f"{x(i):.1f},{y(pt['cubes'][p]):.1f}" for i, pt in enumerate(points))
        parts.append(f'<polyline class="line" data-seat="{p}" fill="none" stroke="{colour}" '
                     f'stroke-width="2.5" stroke-linejoin="round"{dash_attr} points="{coords}"/>')
        lx = LEFT + step * p
        parts.append(f'<g class="legend" data-seat="{p}"><line x1="{lx:.1f}" y1="{legend_y - 4}" '
                     f'x2="{lx + 22:.1f}" y2="{legend_y - 4}" stroke="{colour}" '
                     f'stroke-width="2.5"{dash_attr}/><text x="{lx + 27:.1f}" y="{legend_y}" '
                     f'font-size="12" fill="#222">{esc(seat.name)}</text></g>')
    parts.append("</svg>")
    return "".join(parts)


def chart_words(analysis: dict, seats) -> str:
    """The chart in words: per player, the cubes at the first turn, at most, at the end."""
    points = analysis["board"]
    lines = [t("analysis.chart.intro", turns=len(points))]
    for p, seat in enumerate(seats):
        row = [pt["cubes"][p] for pt in points]
        lines.append(t("analysis.chart.seat", name=seat.name, first=row[0], most=max(row),
                       last=row[-1]))
    return " ".join(lines)


# -- the screen ------------------------------------------------------------------------------
def panel(analysis: dict, seats) -> str:
    """The analysis screen: the chart, a row per player (cubes lost, strikes suffered,
    expected loss, luck), the moments (each opens the replay at its step), Close."""
    rows = []
    for p, seat in enumerate(seats):
        swatch = panels.swatch(p, seat.colour)  # (the board's piece too)
        winner = ' class="winner"' if p == analysis["winner"] else ""
        rows.append(
            f'<tr data-seat="{p}"{winner}>'
            f'<th scope="row">{swatch}{esc(seat.name)}</th>'
            f'<td data-lost="{p}">{analysis["lost"][p]}</td>'
            f'<td data-strikes="{p}">{analysis["strikes"][p]}</td>'
            f'<td data-expected="{p}">{_num(analysis["expected"][p])}</td>'
            f'<td data-luck="{p}">{_signed(analysis["luck"][p])}</td></tr>')
    head = "".join(f'<th scope="col">{panels.column_head(full, short)}</th>' for full, short in (
        (t("analysis.col.player"), t("analysis.col.player")),
        (t("analysis.col.lost"), t("analysis.col.lost_short")),
        (t("analysis.col.strikes"), t("analysis.col.strikes_short")),
        (t("analysis.col.expected"), t("analysis.col.expected_short")),
        (t("analysis.col.luck"), t("analysis.col.luck"))))
    if analysis["moments"]:
        items = "".join(
            f'<li><button type="button" class="btn link moment" '
            f'data-choice="replay-enter:{m["step"]}:{m["region"]}" data-swing="{m["swing"]}" '
            f'data-lost="{m["lost"]}" '
            f'title="{esc(t("analysis.swing", swing=_num(m["swing"])))}">'
            f'{esc(m["text"])}</button></li>' for m in analysis["moments"])
        moments = (f'<p class="hint">{esc(t("analysis.moments_hint"))}</p>'
                   f'<ol class="moments">{items}</ol>')
    else:
        moments = f'<p class="no-moments">{esc(t("analysis.no_moments"))}</p>'
    return (f'<div class="dialog analysis" role="dialog" aria-modal="true" '
            f'aria-labelledby="analysis-title" data-screen="analysis">'
            f'<h2 id="analysis-title" tabindex="-1">{esc(t("analysis.title"))}</h2>'
            f'<figure class="chart">{chart_svg(analysis, seats)}'
            f'<figcaption aria-hidden="true">{esc(t("analysis.chart.title"))}</figcaption>'
            f'</figure>'
            f'<table class="analysis-table"><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>'
            f'<p class="note">{esc(t("analysis.luck_note"))}</p>'
            f'<h3>{esc(t("analysis.moments"))}</h3>{moments}'
            f'<div class="dialog-buttons"><button type="button" class="btn primary" '
            f'data-choice="close-analysis">{esc(t("btn.close"))}</button></div></div>')
