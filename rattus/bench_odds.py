"""Strike-odds benchmark (not a test): the time to compute ``strike_odds`` for every region in
play from one view, over many positions of random games (docs/odds.md).

    python -m rattus.bench_odds                 CPython: 2, 3 and 4 players
    python -m rattus.bench_odds --games 40 --json
    node tools/bench_pyodide.mjs --odds         the same inside Pyodide, side by side

Positions: random games (uniform among ``legal_actions()``, game ``i`` seeded ``i`` as in
``rattus.bench``), the view of the seat to act every ``--every`` actions. A position's time is
the odds of all regions in play (8, 10 or 12), no neutral cubes, cold (the per-view cache of
``rattus.odds`` emptied first), the best of ``--repeat`` runs (other processes on the machine
only ever add time). Printed per player count: positions, median, 90th percentile and worst
milliseconds per view, and the mean number of hidden tokens in the regions with a strike.

Standard library only; ``main()`` also runs inside Pyodide (no subprocess, no threads).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import TYPE_CHECKING

from . import odds
from .bench import runtime
from .game import new_game

if TYPE_CHECKING:  # (the shapes are for the type checker: rattus/shapes.py)
    from .shapes import View

PLAYER_COUNTS = (2, 3, 4)


def positions(players: int, games: int, every: int) -> list[View]:
    """Views of random games (the seat to act), every ``every`` actions, until each ends."""
    views: list[View] = []
    for seed in range(games):
        rng = random.Random(seed)
        g = new_game(players, seed=seed)
        actions = 0
        while not g.is_over:
            if actions % every == 0 and g.current_player is not None:
                views.append(g.view(g.current_player))
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
    return views


def time_view(view: View, repeat: int = 1) -> float:
    """Seconds for the odds of every region in play, cold; the best of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        odds.forget_pools()
        start = time.perf_counter()
        for region in view["regions"]:
            odds.strike_odds(view, region)
        best = min(best, time.perf_counter() - start)
    return best


def measure(players: int, games: int, every: int, repeat: int = 3) -> dict:
    views = positions(players, games, every)
    times = sorted(time_view(v, repeat) * 1000 for v in views)
    hidden = [v["board"][r]["tokens"].count(None) for v in views for r in v["regions"]
              if v["board"][r]["tokens"] and any(v["board"][r]["cubes"])]
    return {
        "players": players,
        "regions": len(views[0]["regions"]) if views else 0,
        "positions": len(views),
        "median_ms": round(times[len(times) // 2], 3),
        "p90_ms": round(times[int(len(times) * 0.9)], 3),
        "max_ms": round(times[-1], 3),
        "hidden_per_strike": round(sum(hidden) / max(len(hidden), 1), 2),
    }


def run(games: int = 20, every: int = 5, player_counts=PLAYER_COUNTS, repeat: int = 3) -> dict:
    """Warm up, then measure each player count; a JSON-ready dict."""
    for view in positions(4, 1, 25):  # warm-up (imports, code paths)
        time_view(view)
    return {"runtime": runtime(), "games": games, "every": every, "repeat": repeat,
            "results": [measure(n, games, every, repeat) for n in player_counts]}


def table(report: dict) -> str:
    lines = [f"Rattus strike odds, every region of a view, cold, best of {report['repeat']}"
             f" — {report['runtime']}",
             f"{'players':>7} {'regions':>7} {'views':>6} {'median ms':>10} {'p90 ms':>7}"
             f" {'max ms':>7} {'hidden':>7}"]
    for r in report["results"]:
        lines.append(f"{r['players']:>7} {r['regions']:>7} {r['positions']:>6}"
                     f" {r['median_ms']:>10.2f} {r['p90_ms']:>7.2f} {r['max_ms']:>7.2f}"
                     f" {r['hidden_per_strike']:>7.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict:
    """Command line entry point; returns the report (also when called from Pyodide)."""
    parser = argparse.ArgumentParser(prog="python -m rattus.bench_odds", description=__doc__
                                     .split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="games per player count")
    parser.add_argument("--every", type=int, default=5, help="a position every N actions")
    parser.add_argument("--repeat", type=int, default=3, help="runs per position, best kept")
    parser.add_argument("--players", type=int, nargs="*", default=list(PLAYER_COUNTS))
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args([] if argv is None and sys.platform == "emscripten" else argv)
    report = run(args.games, args.every, args.players, args.repeat)
    print(json.dumps(report) if args.json else table(report))
    return report


if __name__ == "__main__":
    main()
