"""How fast the page answers a player: engine call + re-render per action, in Chromium.

Drives whole games through the built site (``dist/``) by clicks, as the e2e tests do, then
reads the timings that the glue records around every applied action (``window.rattusTimings``:
``performance.now()`` before ``Game.apply`` and after the re-render, in ms), and prints the
median, 90th percentile and worst. A script that prints figures, not a test.

Run: ``make build && .venv/bin/python tools/bench_ui.py [--games 2p:8,4p:35]``
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

import serve  # noqa: E402
from chromium import launch_args  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from uidriver import perform  # noqa: E402
from uipaths import choose, tags  # noqa: E402

import rattus  # noqa: E402


def play(page, url: str, players: int, seed: int) -> list[float]:
    page.goto(f"{url}?players={players}&seed={seed}&pace=0")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
    game = rattus.new_game(players=players, seed=seed)
    rng, seen = random.Random(seed), set()
    while not game.is_over:
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        perform(page, game, action)
    return list(page.evaluate("window.rattusTimings"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="2p:8,4p:35", help="players:seed, comma-separated")
    args = parser.parse_args()
    if not (ROOT / "dist" / "index.html").is_file():
        sys.exit("dist/ is missing: run `make build` first")
    all_times: list[float] = []
    with serve.start(ROOT / "dist") as url, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_page(viewport={"width": 1366, "height": 800})
        for spec in args.games.split(","):
            players, seed = spec.split(":")
            t0 = time.perf_counter()
            times = play(page, url, int(players.rstrip("p")), int(seed))
            wall = time.perf_counter() - t0
            all_times += times
            print(f"{players} seed {seed}: {len(times)} actions in {wall:.1f} s wall; per action "
                  f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms")
        browser.close()
    q = statistics.quantiles(all_times, n=10)
    print(f"all: {len(all_times)} actions; engine call + re-render per action: "
          f"median {statistics.median(all_times):.1f} ms, p90 {q[-1]:.1f} ms, "
          f"worst {max(all_times):.1f} ms")


if __name__ == "__main__":
    main()
