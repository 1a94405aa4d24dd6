"""Online play's latency: a guest's action → the host applies it → every device has rendered.

Three headless Chromium contexts on this machine (the host and two guests, one of them a
computer's seat in ``--players 4``), a Nostr relay on 127.0.0.1 (tools/relay.py), a whole
game played through clicks. For each action a guest takes, the time from its click to the
moment the last of the devices painted it (each page notes when its ``body[data-actions]``
changes: the painter writes it in the same paint as the board), median and p90 over the game.

Two ways (``--way``): ``direct``, WebRTC between the contexts; ``relay``, both guests' pages
unable to make any direct connection (e2e/no_direct.py), so that every message between a
guest and the host goes through the relay, encrypted, in pieces, rate-limited
(docs/online.md); ``both`` (the default) runs one game each way and prints them side by side.
Targets: direct p90 ≤ 250 ms (issue 25), relay p90 ≤ 1.5 s (issue 33), on localhost.

    .venv/bin/python tools/bench_online.py [--way both] [--seed 4] [--players 3] [--dist dist]

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
from no_direct import NO_DIRECT  # type: ignore[import-not-found]  # noqa: E402
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


TARGETS = {"direct": 250, "relay": 1500}


def p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(0.9 * (len(ordered) - 1))))]


def play(args: argparse.Namespace, way: str) -> tuple[list[float], float]:
    """One whole game; the times of the guests' actions (ms) and how long joining took (s)."""
    kinds = ["human", "friend", "friend"] + (["easy"] if args.players == 4 else [])
    names = ",".join(["Ann", "Bob", "Cy", "Di"][:args.players])
    with relay.start() as url, serve.start(args.dist) as site, sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())

        def device(cut_off: bool = False) -> Page:
            page = browser.new_context(base_url=site, service_workers="block").new_page()
            if cut_off:
                page.add_init_script(NO_DIRECT)
            return page

        host = device()
        started = time.perf_counter()
        host.goto(f"./?players={args.players}&names={names}&bots={','.join(kinds)}"
                  f"&seed={args.seed}&pace=0&relays={url}&ice=none")
        ready(host)
        guests: dict[int, Page] = {}
        for seat in (1, 2):
            link = host.locator(f'#online input[data-link="{seat}"]').input_value()
            guests[seat] = device(cut_off=way == "relay")
            guests[seat].goto(link)
            ready(guests[seat])
        for seat in guests:
            host.locator(f'#online [data-connected="{seat}"]').filter(
                has_text="connected").wait_for(timeout=READY_MS)
            how = host.locator(f'#online [data-way="{seat}"]')
            how.wait_for(timeout=READY_MS)
            if how.get_attribute("data-how") != way:
                raise SystemExit(f"seat {seat} is connected {how.get_attribute('data-how')}, "
                                 f"not {way}")
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
    return times, joined


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--way", choices=("direct", "relay", "both"), default="both")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--players", type=int, choices=(3, 4), default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    ways = ("direct", "relay") if args.way == "both" else (args.way,)
    results = {way: play(args, way) for way in ways}
    print(f"online: {args.players} players, seed {args.seed}, the host and two guests; "
          "a guest's action -> every device painted")
    print(f"{'way':8} {'joined':>8} {'actions':>8} {'median':>8} {'p90':>8} {'max':>8}  target")
    for way, (times, joined) in results.items():
        print(f"{way:8} {joined:7.1f}s {len(times):8d} {statistics.median(times):6.0f}ms "
              f"{p90(times):6.0f}ms {max(times):6.0f}ms  p90 <= {TARGETS[way]} ms")


if __name__ == "__main__":
    main()
