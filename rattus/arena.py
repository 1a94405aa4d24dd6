"""Bots against bots: win rates with confidence intervals, decision times, games per second.

    python -m rattus.arena --players 2 --games 200 hard normal
    python -m rattus.arena --players 4 --games 100 --jobs 2 --budget 0.25 hard normal normal normal

The levels listed are seated in order, rotated by one seat each game (so every bot sits in
every seat equally often), and every game uses a different engine seed. A bot sees only its
seat's view and the legal actions (RULES R8). ``--jobs`` spreads the games over processes
(CPython only).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from . import new_game
from .bots import LEVELS, make_bot
from .constants import MAX_PLAYERS, MIN_PLAYERS


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% for z = 1.96)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(levels: list[str], index: int, seed: int, budget: float | None,
              iterations: int | None = None, hard_options: dict | None = None) -> dict:
    """One game: entry ``j`` of ``levels`` sits in seat ``(j + index) % players``."""
    players = len(levels)
    game = new_game(players, seed=seed * 100_003 + index)
    seat_of = [(j + index) % players for j in range(players)]
    entry_at = {s: j for j, s in enumerate(seat_of)}
    bots = []
    for j, level in enumerate(levels):
        options = {}
        if level == "hard" and iterations:
            options["iterations"] = iterations
        if level == "hard" and hard_options:
            options.update(hard_options)
        bots.append(make_bot(level, seed=(seed * 7919 + index) * 8 + j,
                             time_budget=budget if level == "hard" else None, **options))
    times: dict[str, list[float]] = {level: [] for level in levels}
    turns: dict[str, list[float]] = {level: [] for level in levels}  # a seat's run of decisions
    last = None
    while not game.is_over:
        seat = game.current_player
        j = entry_at[seat]
        legal = game.legal_actions()
        view = game.view(seat)
        t0 = time.perf_counter()
        action = bots[j].choose(view, legal)
        dt = time.perf_counter() - t0
        times[levels[j]].append(dt)
        if last == j:
            turns[levels[j]][-1] += dt
        else:
            turns[levels[j]].append(dt)
        last = j
        game.apply(action)
    scores = game.scores()
    winner = game.winner()
    assert winner is not None, "the loop above plays until the game is over"
    return {"winner": entry_at[winner], "scores": [scores[s] for s in seat_of],
            "times": times, "turns": turns}


def _job(args):
    return play_game(*args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rattus.arena", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("levels", nargs="+", choices=LEVELS, help="one level per seat")
    ap.add_argument("--players", type=int, default=None, help="must equal the levels listed")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="processes (CPython only)")
    ap.add_argument("--budget", type=float, default=None,
                    help="the Hard bot's seconds per decision (default: its own, 1.0)")
    ap.add_argument("--iterations", type=int, default=None,
                    help="cap the Hard bot's iterations per decision")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a Hard bot option (e.g. rounds=1, early_stop=0), for experiments")
    args = ap.parse_args(argv)
    levels = args.levels
    players = args.players or len(levels)
    if len(levels) != players or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        ap.error(f"list one level per seat: {players} players need {players} levels")
    hard_options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        hard_options[name] = float(value) if "." in value else int(value)
    tasks = [(levels, i, args.seed, args.budget, args.iterations, hard_options)
             for i in range(args.games)]
    started = time.perf_counter()
    results = []
    if args.jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(args.jobs) as pool:
            for k, r in enumerate(pool.imap_unordered(_job, tasks), 1):
                results.append(r)
                _progress(k, args.games)
    else:
        for k, task in enumerate(tasks, 1):
            results.append(_job(task))
            _progress(k, args.games)
    elapsed = time.perf_counter() - started
    print(file=sys.stderr)
    report(levels, results, elapsed, args)
    return 0


def _progress(k: int, n: int) -> None:
    if sys.stderr.isatty() or k % max(1, n // 20) == 0 or k == n:
        print(f"\r{k}/{n} games", end="", file=sys.stderr, flush=True)


def report(levels: list[str], results: list[dict], elapsed: float, args) -> None:
    n = len(results)
    players = len(levels)
    print(f"{n} games, {players} players, seats rotated each game, seed {args.seed},"
          f" Hard budget {f'{args.budget}s' if args.budget is not None else 'default'}"
          + (f", iterations cap {args.iterations}" if args.iterations else "")
          + (f", options {' '.join(args.option)}" if args.option else ""))
    print(f"{'level':<10}{'seats':>6}{'wins':>7}{'win rate':>10}{'95% CI (Wilson)':>22}"
          f"{'mean score':>12}")
    for level in dict.fromkeys(levels):
        entries = [j for j, lv in enumerate(levels) if lv == level]
        wins = sum(1 for r in results if r["winner"] in entries)
        trials = n * len(entries)  # each seat of this level is one chance in each game
        # A level's win rate: share of games it won (any of its seats) per seat it holds.
        rate = wins / trials if trials else 0.0
        lo, hi = wilson(wins, trials)
        mean = statistics.fmean(r["scores"][j] for r in results for j in entries)
        print(f"{level:<10}{len(entries):>6}{wins:>7}{rate:>10.1%}"
              f"{f'[{lo:.1%}, {hi:.1%}]':>22}{mean:>12.2f}")
    if players > 2:
        print(f"(parity: {1 / players:.1%} per seat)")
    print("decision time per level (seconds): mean / median / max over decisions")
    for level in dict.fromkeys(levels):
        ts = [t for r in results for t in r["times"][level]]
        if ts:
            print(f"  {level:<8} mean {statistics.fmean(ts):.4f}  median"
                  f" {statistics.median(ts):.4f}  max {max(ts):.4f}  ({len(ts)} decisions)")
    print("time per turn (a seat's consecutive decisions, seconds): mean / median / max")
    for level in dict.fromkeys(levels):
        ts = [t for r in results for t in r["turns"][level]]
        if ts:
            print(f"  {level:<8} mean {statistics.fmean(ts):.4f}  median"
                  f" {statistics.median(ts):.4f}  max {max(ts):.4f}  ({len(ts)} turns)")
    print(f"{n / elapsed:.2f} games/s ({elapsed:.1f} s, {args.jobs} job(s))")


if __name__ == "__main__":
    sys.exit(main())
