"""How long the computer players think in the page: wall time per bot decision and per bot turn,
in Chromium, and how fast an all-Hard game plays.

Opens the built site (``dist/``) with every seat a bot of one level (``?bots=hard,hard``),
lets them play for a while, and reads what the glue records around each decision
(``web/browser/bots_runner.py``): ``window.rattusBotLog``, one "seat level ms reason" entry per
decision (forced ones included, 0 ms), the time from the view being read to the action chosen,
the search's slices and the page's turns between them included. A bot's turn is its run of
consecutive decisions. Prints median and worst per decision (decisions with a choice) and per
turn, the share of instant decisions, and for ``--game`` an all-Hard 4-player game at
``pace=0``: actions per second over the whole game (the strikes' telling included).
A script that prints figures, not a test: the machine is shared and noisy.

Run: ``make build && .venv/bin/python tools/bench_bots_browser.py [--levels hard,normal]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import serve  # noqa: E402
from chromium import launch_args  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RESULTS = '.dialog[data-screen="results"]'


def open_game(page, url: str, level: str, players: int, seed: int) -> None:
    bots = ",".join([level] * players)
    page.goto(f"{url}?players={players}&seed={seed}&bots={bots}&pace=0")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)


def read_log(page) -> list[tuple[int, str, float, str]]:
    """(seat, level, ms, reason) per decision, in order."""
    out = []
    for entry in page.evaluate("window.rattusBotLog || []"):
        seat, level, ms, reason = entry.split()
        out.append((int(seat), level, float(ms), reason))
    return out


def measure(page, url: str, level: str, players: int, seed: int,
            decisions: int) -> list[tuple[int, str, float, str]]:
    open_game(page, url, level, players, seed)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        if len(read_log(page)) >= decisions or page.locator(RESULTS).count() > 0:
            break
        time.sleep(1)
    return read_log(page)


def turns(log: list[tuple[int, str, float, str]]) -> list[float]:
    """Each turn's time: the sum of a seat's consecutive decisions."""
    out: list[float] = []
    last: int | None = None
    for seat, _, ms, _ in log:
        if seat == last:
            out[-1] += ms
        else:
            out.append(ms)
        last = seat
    return out


def report(level: str, log) -> None:
    chosen = [ms for _, _, ms, reason in log if reason != "forced"]
    instant = sum(1 for *_, reason in log if reason in ("forced", "single", "equivalent"))
    per_turn = turns(log)
    if not chosen:
        print(f"{level}: no decision recorded")
        return
    print(f"{level}: {len(log)} decisions ({instant} instant: forced or choices alike), "
          f"{len(per_turn)} turns, in the browser (Pyodide)")
    print(f"  per decision with a choice: median {statistics.median(chosen):.0f} ms, "
          f"worst {max(chosen):.0f} ms")
    print(f"  per turn: median {statistics.median(per_turn):.0f} ms, "
          f"worst {max(per_turn):.0f} ms, {sum(t <= 2000 for t in per_turn)}/{len(per_turn)}"
          f" within 2 s")


def game_pace(page, url: str, seed: int, limit: float) -> None:
    """An all-Hard 4-player game at pace=0: actions per second."""
    open_game(page, url, "hard", 4, seed)
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit and page.locator(RESULTS).count() == 0:
        time.sleep(0.5)
    elapsed = time.monotonic() - t0
    actions = int(page.locator("body").get_attribute("data-actions") or 0)
    over = page.locator(RESULTS).count() > 0
    print(f"all-Hard 4-player game at pace=0 (seed {seed}): {actions} actions in"
          f" {elapsed:.1f} s{' (to the results)' if over else ' (time limit)'}:"
          f" {actions / elapsed:.2f} actions/s")
    report("  its hard bots", read_log(page))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard,normal", help="bot levels, comma-separated")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=60, help="decisions per level")
    parser.add_argument("--game", action="store_true",
                        help="also time an all-Hard 4-player game at pace=0")
    parser.add_argument("--game-limit", type=float, default=600, help="seconds at most")
    args = parser.parse_args()
    if not (ROOT / "dist" / "index.html").is_file():
        sys.exit("dist/ is missing: run `make build` first")
    with serve.start(ROOT / "dist") as url, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for level in args.levels.split(","):
            page = browser.new_page(viewport={"width": 1366, "height": 800})
            log = measure(page, url, level, args.players, args.seed, args.decisions)
            page.close()
            report(level, log)
        if args.game:
            page = browser.new_page(viewport={"width": 1366, "height": 800})
            game_pace(page, url, args.seed, args.game_limit)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
