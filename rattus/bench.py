"""Engine benchmark (not a test): random complete games per second, and balance figures.

    python -m rattus.bench                 CPython: 2, 3 and 4 players
    python -m rattus.bench --games 200 --json
    node tools/bench_pyodide.mjs           the same inside Pyodide under Node, side by side
                                           with CPython, and the ratio

A random game plays uniformly among ``legal_actions()`` with a seeded ``random.Random`` (game
``i`` uses seed ``i``), so the figures are reproducible. For each player count it prints games
per second, the mean number of actions and of regular turns per game, and the mean number of
cubes killed per game (``cube_killed`` events) — a balance sanity figure.

Standard library only; ``main()`` also runs inside Pyodide (no subprocess, no threads).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from .game import new_game

PLAYER_COUNTS = (2, 3, 4)


def random_game(players: int, seed: int) -> tuple[int, int, int]:
    """Play one random game; return (actions, regular turns, cubes killed)."""
    rng = random.Random(seed)
    g = new_game(players, seed=seed)
    actions = killed = 0
    while not g.is_over:
        for event in g.apply(rng.choice(g.legal_actions())):
            if event["kind"] == "cube_killed":
                killed += 1
        actions += 1
    return actions, g.view(None)["turn"]["number"], killed


def measure(players: int, games: int, first_seed: int = 0) -> dict:
    """Figures for ``games`` random games of ``players`` players."""
    actions = turns = killed = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        a, t, k = random_game(players, seed)
        actions += a
        turns += t
        killed += k
    elapsed = time.perf_counter() - start
    return {
        "players": players,
        "games": games,
        "seconds": round(elapsed, 4),
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(actions / games, 1),
        "turns_per_game": round(turns / games, 1),
        "killed_per_game": round(killed / games, 2),
    }


def runtime() -> str:
    impl = platform.python_implementation()
    where = "Pyodide" if sys.platform == "emscripten" else impl
    return f"{where} {platform.python_version()}"


def run(games: int = 200, player_counts=PLAYER_COUNTS) -> dict:
    """Warm up, then measure each player count; a JSON-ready dict."""
    measure(2, 3, first_seed=10**6)  # warm-up (imports, caches)
    return {"runtime": runtime(), "results": [measure(n, games) for n in player_counts]}


def table(report: dict) -> str:
    lines = [f"Rattus engine, random games — {report['runtime']}",
             f"{'players':>7} {'games':>6} {'games/s':>9} {'actions':>8} {'turns':>6}"
             f" {'killed':>7}"]
    for r in report["results"]:
        lines.append(f"{r['players']:>7} {r['games']:>6} {r['games_per_s']:>9.1f}"
                     f" {r['actions_per_game']:>8.1f} {r['turns_per_game']:>6.1f}"
                     f" {r['killed_per_game']:>7.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> dict:
    """Command line entry point; returns the report (also when called from Pyodide)."""
    parser = argparse.ArgumentParser(prog="python -m rattus.bench", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=list(PLAYER_COUNTS))
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args([] if argv is None and sys.platform == "emscripten" else argv)
    report = run(args.games, args.players)
    print(json.dumps(report) if args.json else table(report))
    return report


if __name__ == "__main__":
    main()
