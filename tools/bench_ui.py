"""How fast the page answers a player: engine call + re-render per action, in Chromium.

Drives whole games through the built site (``dist/``) by clicks at 1280×800 (``--size``:
390x844 draws the phone's board), as the e2e tests do, at instant pace (no motion), then reads
the timings that the glue records for every applied action (``window.rattusTimings``:
``performance.now()`` before ``Game.apply`` and after the re-render, in ms;
``window.rattusFrames``: from the same start to the frame that shows it, the browser's styles,
layout and paint included), and prints the median, 90th percentile and worst of each. A script
that prints figures, not a test.

Run: ``make build && .venv/bin/python tools/bench_ui.py [--games 2p:8,4p:35]``; to compare two
builds side by side in one run (the machine is shared and noisy), give each with ``--dist``
(e.g. an older commit built with ``git worktree add /tmp/old <commit>`` and its
``tools/build.py --out``): the same games are played on each, alternating.
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
sys.path.insert(0, str(ROOT / "e2e"))  # uidriver, uipaths: not on mypy's path (web, tools)

import serve  # noqa: E402
from chromium import launch_args  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from uidriver import perform  # type: ignore[import-not-found]  # noqa: E402
from uipaths import choose, tags  # type: ignore[import-not-found]  # noqa: E402

import rattus  # noqa: E402


def play(page, url: str, players: int, seed: int) -> tuple[list[float], list[float], list[str]]:
    page.goto(f"{url}?players={players}&seed={seed}&pace=0")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
    game = rattus.new_game(players=players, seed=seed)
    rng, seen = random.Random(seed), set[str]()
    while not game.is_over:
        action = choose(game, rng, seen)
        seen |= tags(game, action)
        perform(page, game, action)
    page.wait_for_timeout(100)  # (the last frame drawn)
    return (list(page.evaluate("window.rattusTimings")),
            list(page.evaluate("window.rattusFrames || []")),  # (an older build: none)
            [f"{players}p:{seed} #{i} {a}" for i, a in enumerate(game.history)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="2p:8,4p:35", help="players:seed, comma-separated")
    parser.add_argument("--dist", action="append", type=Path,
                        help="a built site to measure (repeat to compare; default dist/)")
    parser.add_argument("--rounds", type=int, default=1, help="times each site plays the games")
    parser.add_argument("--size", default="1280x800",
                        help="the window, WIDTHxHEIGHT (390x844: a phone's board)")
    parser.add_argument("--slowest", type=int, default=0,
                        help="also list each site's N slowest actions, and the time by kind")
    args = parser.parse_args()
    sites = args.dist or [ROOT / "dist"]
    width, height = (int(v) for v in args.size.split("x"))
    for site in sites:
        if not (site / "index.html").is_file():
            sys.exit(f"{site} has no index.html: run `make build` first")
    results: dict[Path, list[float]] = {site: [] for site in sites}
    frames: dict[Path, list[float]] = {site: [] for site in sites}
    named: dict[Path, list[str]] = {site: [] for site in sites}
    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for _ in range(args.rounds):
            for site in sites:  # alternating, so that both see the same machine load
                with serve.start(site) as url:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    for spec in args.games.split(","):
                        players, seed = spec.split(":")
                        t0 = time.perf_counter()
                        times, drawn, actions = play(page, url, int(players.rstrip("p")),
                                                     int(seed))
                        wall = time.perf_counter() - t0
                        results[site] += times
                        frames[site] += drawn
                        named[site] += actions[:len(times)]  # (one timing per action)
                        print(f"{site}: {players} seed {seed}: {len(times)} actions in "
                              f"{wall:.1f} s wall; per action median "
                              f"{statistics.median(times):.1f} ms, worst {max(times):.1f} ms")
                    page.close()
        browser.close()
    for site, times in results.items():
        if args.slowest:
            _slowest(site, times, frames[site], named[site], args.slowest)
        print(f"{site}: all {len(times)} actions; engine call + re-render per action: "
              f"{_figures(times)}; to the frame drawn: {_figures(frames[site])}")


def _slowest(site: Path, times: list[float], drawn: list[float], actions: list[str],
             n: int) -> None:
    """Which actions make the p90: the slowest ones, and the median and worst by kind."""
    print(f"{site}: the {n} slowest actions (re-render ms, to the frame drawn ms):")
    rows = sorted(zip(times, drawn or [0.0] * len(times), actions, strict=False), reverse=True)
    for took, frame, action in rows[:n]:
        print(f"  {took:6.1f} {frame:6.1f}  {action}")
    kinds: dict[str, list[float]] = {}
    for took, action in zip(times, actions, strict=False):
        kinds.setdefault(action.split()[2], []).append(took)
    for kind, spent in sorted(kinds.items(), key=lambda kv: -max(kv[1])):
        print(f"  {kind:10} {len(spent):4} actions, median {statistics.median(spent):5.1f} ms, "
              f"worst {max(spent):5.1f} ms")


def _figures(times: list[float]) -> str:
    if len(times) < 2:
        return "not recorded"
    q = statistics.quantiles(times, n=10)
    return (f"median {statistics.median(times):.1f} ms, p90 {q[-1]:.1f} ms, "
            f"worst {max(times):.1f} ms")


if __name__ == "__main__":
    main()
