"""How long the computer players think in the page: wall time per bot decision, in Chromium.

Opens the built site (``dist/``) with every seat a bot of one level (``?bots=hard,hard``),
lets them play for a while, and reads the times the glue records around each decision
(``window.rattusBotTimes``, ms, from the view being read to the action chosen, the search's
slices and the page's turns between them included). Prints median and worst per level.
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


def measure(page, url: str, level: str, players: int, seed: int, decisions: int) -> list[float]:
    bots = ",".join([level] * players)
    page.goto(f"{url}?players={players}&seed={seed}&bots={bots}&pace=0")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        times = page.evaluate("window.rattusBotTimes || []")
        over = page.locator('.dialog[data-screen="results"]').count() > 0
        if len(times) >= decisions or over:
            break
        time.sleep(1)
    return list(page.evaluate("window.rattusBotTimes || []"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="hard", help="bot levels, comma-separated")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--decisions", type=int, default=40, help="decisions per level")
    args = parser.parse_args()
    if not (ROOT / "dist" / "index.html").is_file():
        sys.exit("dist/ is missing: run `make build` first")
    with serve.start(ROOT / "dist") as url, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        for level in args.levels.split(","):
            page = browser.new_page(viewport={"width": 1366, "height": 800})
            times = measure(page, url, level, args.players, args.seed, args.decisions)
            page.close()
            if not times:
                print(f"{level}: no decision recorded")
                continue
            print(f"{level}: {len(times)} decisions in the browser (Pyodide), wall time per "
                  f"decision: median {statistics.median(times):.0f} ms, "
                  f"worst {max(times):.0f} ms")
        browser.close()


if __name__ == "__main__":
    main()
