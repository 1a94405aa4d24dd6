"""How long one hint takes against "Show my turn" (issue 23), side by side on this Python.

    python tools/bench_show_turn.py [--positions 20] [--iterations 150]

Both run the page's search (Hard, ``HINT_ITERATIONS`` iterations, web/browser/effects.py)
on the same positions — the start of a seat's turn in seeded random games of 2–4 players;
"Show my turn" searches once and takes the turn's later decisions from that search's tree
(``rattus.bots.hint.show_turn``). Prints the median and the slowest of each, and the steps a
shown turn has. A benchmark prints figures; no test times anything.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rattus  # noqa: E402
from rattus.bots.hint import hint, show_turn  # noqa: E402


def turn_starts(count: int, seed: int) -> list[rattus.Game]:
    rng = random.Random(seed)
    out: list[rattus.Game] = []
    while len(out) < count:
        game = rattus.new_game(players=2 + len(out) % 3, seed=rng.randrange(10**6))
        while not game.is_over and len(out) < count:
            view = game.view(game.current_player)
            fresh = view["phase"] == "turn" and not (
                view["turn"]["took_card"] or view["turn"]["placed"] or view["turn"]["used"])
            if fresh and view["turn"]["number"] >= 3 and rng.random() < 0.1:
                out.append(game.clone())
            game.apply(rng.choice(game.legal_actions()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=150)
    args = parser.parse_args()
    hints: list[float] = []
    turns: list[float] = []
    steps: list[int] = []
    for k, game in enumerate(turn_starts(args.positions, seed=23)):
        view, legal = game.view(game.current_player), game.legal_actions()
        for which in ((0, 1) if k % 2 else (1, 0)):  # (each goes first half the time)
            t0 = time.perf_counter()
            if which:
                steps.append(len(show_turn(view, legal, seed=k, iterations=args.iterations)))
            else:
                hint(view, legal, seed=k, iterations=args.iterations)
            (turns if which else hints).append(time.perf_counter() - t0)
    print(f"{len(hints)} turn starts, {args.iterations} iterations, "
          f"Python {sys.version.split()[0]}")
    print(f"{'':14}{'median s':>10}{'slowest s':>11}")
    print(f"{'one hint':14}{statistics.median(hints):>10.3f}{max(hints):>11.3f}")
    print(f"{'Show my turn':14}{statistics.median(turns):>10.3f}{max(turns):>11.3f}")
    print(f"steps shown per turn: median {statistics.median(steps)}, most {max(steps)}; "
          f"Show my turn / hint: {statistics.median(turns) / statistics.median(hints):.2f}x")


if __name__ == "__main__":
    main()
