"""What the end seen coming costs a render, on CPython: the final plague's odds of the final
round's banner (``render/ending.py``: ``rattus.strike_odds`` over every region in play, from
one seat's view) and a whole frame in the final round and at a low supply. A script that
prints figures, not a test.

Run: ``.venv/bin/python tools/bench_ending.py [--games 20]``. The banner computes its odds
once per position and viewer (a cache), so the first frame of a position pays them and the
repaints of the same position do not; both are printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "web"))
sys.path.insert(0, str(ROOT))

from model.game_config import Config, Seat  # noqa: E402
from model.session import Session  # noqa: E402
from model.ui_state import Model, Ui  # noqa: E402
from render import ending  # noqa: E402
from render.frame import frame  # noqa: E402

import rattus  # noqa: E402


def positions(players: int, games: int):
    """Final-round and low-supply positions of random games (fixed seeds), as sessions."""
    for seed in range(1, games + 1):
        seats = [Seat(f"P{i}", c, "human") for i, c in
                 enumerate(("red", "blue", "green", "yellow")[:players])]
        s = Session(Config(seats=seats, seed=seed, pace_ms=0))
        rng = random.Random(seed)
        while not s.game.is_over:
            if s.pass_to is not None:
                s.confirm_pass()
            view = s.game.view(None)
            if view["last_regular"] is not None or ending.low_supply(view):
                yield "final" if view["last_regular"] is not None else "low", s
            s.apply(rng.choice(s.game.legal_actions()))


def ms(samples: list[float]) -> str:
    samples = sorted(samples)
    p90 = samples[int(0.9 * (len(samples) - 1))]
    return (f"median {statistics.median(samples):.2f} ms, p90 {p90:.2f} ms, "
            f"worst {samples[-1]:.2f} ms (n={len(samples)})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    for players in (2, 3, 4):
        odds: list[float] = []
        first: dict[str, list[float]] = {"final": [], "low": []}
        again: dict[str, list[float]] = {"final": [], "low": []}
        for kind, s in positions(players, args.games):
            model = Model(ui=Ui()).but(session=s)
            if kind == "final":
                t0 = time.perf_counter()
                ending.final_losses(s.view())
                odds.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            frame(model, rattus.REGIONS)
            first[kind].append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            frame(model, rattus.REGIONS)
            again[kind].append((time.perf_counter() - t0) * 1000)
        print(f"{players} players: final plague odds {ms(odds)}")
        for kind in ("low", "final"):
            print(f"  frame at {kind}: first {ms(first[kind])}; repaint {ms(again[kind])}")


if __name__ == "__main__":
    main()
