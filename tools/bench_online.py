"""Online play's latency: a guest's action → the host applies it → every device has rendered.

Three headless Chromium contexts on this machine (the host and two guests, one of them a
computer's seat in ``--players 4``), a Nostr relay on 127.0.0.1 (tools/relay.py) and WebRTC
between the contexts, a whole game played through clicks. For each action a guest takes, the
time from its click to the moment the last of the devices painted it (each page notes when its
``body[data-actions]`` changes: the painter writes it in the same paint as the board),
median and p90 over the game. Target (issue 25): p90 ≤ 250 ms on localhost.

    .venv/bin/python tools/bench_online.py [--seed 4] [--players 3] [--dist dist]

(after ``make build``). It prints figures; it is not a test.
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

import relay  # noqa: E402
import serve  # noqa: E402
from chromium import launch_args  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402
from uidriver import click  # type: ignore[import-not-found]  # noqa: E402
from uipaths import choose, clicks_for, tags  # type: ignore[import-not-found]  # noqa: E402

import rattus  # noqa: E402

#: Each page notes the time (ms since the epoch) at which it painted each number of actions.
WATCH = """() => {
  window.rattusPainted = {};
  const note = () => {
    const n = document.body.dataset.actions;
    if (n !== undefined && !(n in window.rattusPainted)) window.rattusPainted[n] = Date.now();
  };
  new MutationObserver(note).observe(document.body,
    {attributes: true, attributeFilter: ["data-actions"]});
  note();
}"""
READY_MS = 120_000


def ready(page: Page) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_MS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--players", type=int, choices=(3, 4), default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    kinds = ["human", "friend", "friend"] + (["easy"] if args.players == 4 else [])
    names = ",".join(["Ann", "Bob", "Cy", "Di"][:args.players])
    with relay.start() as url, serve.start(args.dist) as site, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())

        def device() -> Page:
            return browser.new_context(base_url=site, service_workers="block").new_page()

        host = device()
        started = time.perf_counter()
        host.goto(f"./?players={args.players}&names={names}&bots={','.join(kinds)}"
                  f"&seed={args.seed}&pace=0&relays={url}&ice=none")
        ready(host)
        guests: dict[int, Page] = {}
        for seat in (1, 2):
            link = host.locator(f'#online input[data-link="{seat}"]').input_value()
            guests[seat] = device()
            guests[seat].goto(link)
            ready(guests[seat])
        for seat in guests:
            host.locator(f'#online [data-connected="{seat}"]').filter(
                has_text="connected").wait_for(timeout=READY_MS)
        pages = [host, *guests.values()]
        for page in pages:
            page.wait_for_function("() => document.body.dataset.actions !== undefined",
                                   timeout=READY_MS)
            page.evaluate(WATCH)
        joined = time.perf_counter() - started
        rng = random.Random(args.seed)
        seen: set[str] = set()
        times: list[float] = []
        while True:
            game = rattus.Game.from_json(host.evaluate("() => window.rattusGameJson()"))
            if game.is_over:
                break
            seat, step = game.current_player, len(game.history)
            if seat == 3:  # the computer's, on the host
                host.wait_for_function("n => Number(document.body.dataset.actions) > n",
                                       arg=step, timeout=30_000)
                continue
            action = choose(game, rng, seen)
            seen |= tags(game, action)
            page = guests.get(seat, host)
            steps = clicks_for(game, action)
            for what, value in steps[:-1]:
                click(page, what, value)
            t0 = time.time() * 1000
            click(page, *steps[-1])
            for other in pages:
                other.wait_for_function(
                    "n => window.rattusPainted[n] !== undefined", arg=step + 1, timeout=30_000)
            painted = max(other.evaluate("n => window.rattusPainted[n]", step + 1)
                          for other in pages)
            if seat in guests:
                times.append(painted - t0)
        browser.close()
    times.sort()
    p90 = times[min(len(times) - 1, int(round(0.9 * (len(times) - 1))))]
    print(f"online: {args.players} players, seed {args.seed}, the host and two guests joined "
          f"in {joined:.1f} s")
    print(f"a guest's action -> every device painted: {len(times)} actions, "
          f"median {statistics.median(times):.0f} ms, p90 {p90:.0f} ms, "
          f"max {times[-1]:.0f} ms (target: p90 <= 250 ms)")


if __name__ == "__main__":
    main()
