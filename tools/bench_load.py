"""Load benchmark (not a test): how long the built site takes to become ready, and what it costs.

Serves ``dist/`` and loads the page in Chromium ``--runs`` times (a fresh browser context each
time, so nothing is cached), timing navigation → ``<body data-ready>`` and summing the bytes
received (CDP ``Network.loadingFinished`` ``encodedDataLength``); then, in the same context,
reloads it once and times that too (the site's service worker, once it is active, serves the
reload from its cache; the bare page's reload revalidates against the HTTP cache). Side by
side, a bare page that only starts the same Pyodide release as npm ships it
(``node_modules/pyodide``: ``loadPyodide()``, then sets ``data-ready``) shows what the site
adds to, or saves on, the runtime itself (the site starts it with its own compiled standard
library, tools/stdlib.py, and from a memory snapshot once its service worker serves it).
Requests count every response the page received (a service worker's cache hit included).

Network mode, ``--network slow4g`` (1.6 Mbps down, 750 kbps up, 150 ms) or ``--network 4g``
(9 Mbps down, 1.5 Mbps up, 60 ms): a phone's cold first load, throttled through CDP
``Network.emulateNetworkConditions``. One server (tools/static_host.py) serves a copy of
``dist/`` and the bare page, gzipped and cached (``max-age=600``, 304s) as GitHub Pages does
it; a second one sends ``.wasm`` raw, as some hosts do. For each page, the medians of
``--runs`` (3) loads, each in a fresh context: *board drawn* (navigation start → the first
paint once the map's markup is in the page: see MARKS), *playable* (→ ``data-ready``; the bare
page's is set once Pyodide runs), *last byte* (→ the end of the last response before
playable: the rest is the page's own work), the bytes on the wire until playable and the
requests; then playable site/bare, and the site's bytes on the wire file by file (where a cut
would count). No reload in this mode.

Run: ``make bench`` or ``.venv/bin/python tools/bench_load.py [--runs 5] [--network slow4g]``
after ``make build``.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import chromium  # noqa: E402
import serve  # noqa: E402
import static_host  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
#: The built site timed (``RATTUS_DIST``: another build, e.g. an older one beside it)
DIST = Path(os.environ.get("RATTUS_DIST", ROOT / "dist"))
TIMEOUT_MS = 120_000

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<link rel="icon" href="data:,"></head>
<body><p id="status">Loading Pyodide…</p>
<script type="module">
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const pyodide = await loadPyodide();
document.getElementById("status").textContent = pyodide.runPython("import sys; sys.version");
document.body.dataset.ready = "1";
</script></body></html>
"""


WORKER_READY = """async () => {
  if (!window.rattusWorker) { return false; }  // the bare page: no worker
  await window.rattusWorker;
  await navigator.serviceWorker.ready;
  return true;
}"""


def load_once(browser, url: str) -> tuple[float, int, int, float, int]:
    """A first load in a fresh context — seconds to ready, bytes received, requests — then a
    reload in the same context once the load is over (and a service worker, if the page starts
    one, is active): seconds to ready, requests."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    received: list[int] = []
    cdp.on("Network.loadingFinished", lambda event: received.append(event["encodedDataLength"]))
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT_MS)
    seconds = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    sizes = list(received)
    page.evaluate(WORKER_READY)  # the site: its worker has precached the site
    page.wait_for_load_state("networkidle")
    received.clear()
    start = time.perf_counter()
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=TIMEOUT_MS)
    again = time.perf_counter() - start
    page.wait_for_load_state("networkidle")
    context.close()
    return seconds, sum(sizes), len(sizes), again, len(received)


def make_bare(bare_dir: Path) -> None:
    """The bare Pyodide page in ``bare_dir``: Pyodide as npm ships it (the site's has its own
    stdlib)."""
    bare_dir.mkdir(exist_ok=True)
    (bare_dir / "index.html").write_text(BARE_PAGE, encoding="utf-8")
    (bare_dir / "vendor").mkdir()
    (bare_dir / "vendor" / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide",
                                             target_is_directory=True)


def localhost(count: int) -> None:
    """First load and reload on localhost, no compression, no throttling."""
    with tempfile.TemporaryDirectory(prefix="rattus-bench-") as tmp:
        bare_dir = Path(tmp)
        make_bare(bare_dir)
        with (
            serve.start(DIST) as site_url,
            serve.start(bare_dir) as bare_url,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(**chromium.launch_args())
            print(f"Chromium {browser.version}, {count} runs each, fresh context per run")
            pages = {"bare Pyodide": bare_url, "Rattus site": site_url}
            for url in pages.values():
                load_once(browser, url)  # warm-up: the OS file cache, not the browser's
            runs: dict[str, list[tuple[float, int, int, float, int]]] = {name: [] for name in pages}
            for _ in range(count):  # interleaved, so that drift hits both alike
                for name, url in pages.items():
                    runs[name].append(load_once(browser, url))
            browser.close()
            results = {
                name: ([r[0] for r in rs], [r[1] for r in rs], rs[-1][2],
                       [r[3] for r in rs], rs[-1][4])
                for name, rs in runs.items()
            }

    print(f"{'page':<14} {'load':>6} {'median s':>9} {'min s':>7} {'max s':>7} {'requests':>9} "
          f"{'bytes':>12}")
    for name, (seconds, sizes, requests, again, again_requests) in results.items():
        print(
            f"{name:<14} {'first':>6} {statistics.median(seconds):9.2f} {min(seconds):7.2f} "
            f"{max(seconds):7.2f} {requests:9d} {int(statistics.median(sizes)):12,d}"
        )
        print(
            f"{name:<14} {'reload':>6} {statistics.median(again):9.2f} {min(again):7.2f} "
            f"{max(again):7.2f} {again_requests:9d}"
        )
    site, bare = results["Rattus site"], results["bare Pyodide"]
    first = statistics.median(site[0]) / statistics.median(bare[0])
    reload = statistics.median(site[3]) / statistics.median(bare[3])
    site_bytes, base_bytes = statistics.median(site[1]), statistics.median(bare[1])
    print(
        f"ratio site/bare: first load {first:.2f}x (goal <= 0.70x), reload {reload:.2f}x "
        f"(goal <= 0.60x), bytes {site_bytes / base_bytes:.3f}x "
        f"(+{(site_bytes - base_bytes) / 1e3:,.0f} kB)"
    )
    # On a busy machine the medians drift with the other load; the fastest runs show what the
    # pages themselves cost.
    print(
        f"ratio of the fastest runs: first load {min(site[0]) / min(bare[0]):.2f}x, "
        f"reload {min(site[3]) / min(bare[3]):.2f}x"
    )


# --- network mode ---------------------------------------------------------------------------

#: CDP ``Network.emulateNetworkConditions`` figures (throughputs in bytes per second): slow 4G
#: as Lighthouse's mobile run simulates it, 4G as DevTools' "Fast 4G" (its 1.5 Mbps up too).
NETWORKS: dict[str, dict[str, float]] = {
    "slow4g": {"latency": 150, "downloadThroughput": 1_600_000 / 8,
               "uploadThroughput": 750_000 / 8},
    "4g": {"latency": 60, "downloadThroughput": 9_000_000 / 8,
           "uploadThroughput": 1_500_000 / 8},
}
NETWORK_TIMEOUT_MS = 900_000

#: Run in every document before its own scripts. ``board``: the map first on screen — the first
#: animation frame in which the board's markup exists (an element with ``data-board-drawn``,
#: ``svg#map``, ``#map svg``, ``#map-zoom svg`` or an ``svg.board`` not a legend's), timed by
#: a task queued from that frame, i.e. just after the frame that shows it is painted; ``ready``
#: and ``failed``: when ``<body>`` gets ``data-ready`` (playable) or ``data-failed`` (the page
#: gave up: a load error or its boot timeout). All in ms from navigation start (performance.now).
MARKS = """(() => {
  const marks = {board: null, ready: null, failed: null};
  Object.defineProperty(window, "__benchMarks", {value: marks});
  const BOARD = "[data-board-drawn], svg#map, #map svg, #map-zoom svg, " +
    "svg.board:not(.legend-fig)";
  const poll = () => {
    if (document.querySelector(BOARD)) {
      setTimeout(() => { marks.board = performance.now(); }, 0);
    } else {
      requestAnimationFrame(poll);
    }
  };
  requestAnimationFrame(poll);
  new MutationObserver(() => {
    const body = document.body;
    if (!body) { return; }
    if (marks.ready === null && body.dataset.ready) { marks.ready = performance.now(); }
    if (marks.failed === null && body.dataset.failed) { marks.failed = performance.now(); }
  }).observe(document, {subtree: true, attributes: true,
                        attributeFilter: ["data-ready", "data-failed"]});
})();"""


#: The last byte that arrived before the page became playable (ms from navigation start):
#: what follows it until ``data-ready`` is the page's own work, not the network's.
LAST_BYTE = """(ready) => Math.max(0, ...performance.getEntriesByType("resource")
  .concat(performance.getEntriesByType("navigation"))
  .map((e) => e.responseEnd).filter((end) => end <= ready))"""


#: A worker's own downloads: [URL, bytes on the wire] (a cached or same-origin-hidden one: 0).
WORKER_BYTES = """() => performance.getEntriesByType("resource")
  .map((e) => [e.name, e.transferSize])"""


@dataclass
class Load:
    board: float | None  # seconds from navigation start to the board on screen
    playable: float  # seconds from navigation start to data-ready
    last_byte: float  # seconds from navigation start to the last byte before data-ready
    received: int  # bytes on the wire until playable
    requests: int  # responses until playable
    failed: bool  # the page said it failed (data-failed) before it became ready
    files: dict[str, int]  # bytes on the wire until playable, by path below the page's folder


def network_load(browser, url: str, conditions: dict[str, float] | None, board: bool) -> Load:
    """One cold load in a fresh context (empty HTTP cache, no service worker) under
    ``conditions`` (None: as fast as localhost goes)."""
    context = browser.new_context()
    context.add_init_script(MARKS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if conditions is not None:
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    received: list[tuple[str, int]] = []
    asked: dict[str, str] = {}  # request id -> URL
    cdp.on("Network.requestWillBeSent",
           lambda event: asked.__setitem__(event["requestId"], event["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda event: received.append(
        (asked.get(event["requestId"], "?"), event["encodedDataLength"])))
    page.goto(url, wait_until="commit", timeout=NETWORK_TIMEOUT_MS)
    page.wait_for_function("window.__benchMarks.ready !== null", timeout=NETWORK_TIMEOUT_MS)
    cdp.send("Runtime.evaluate", {"expression": "0"})  # the events sent before it are in
    # the page's workers fetch their own scripts (web/unpack.js and its decoder, before they
    # unpack anything, so before playable), which the page's CDP session does not see
    for worker in page.workers:
        received.extend((where, size) for where, size in worker.evaluate(WORKER_BYTES)
                        if size)
    sizes = [size for _, size in received]
    files: dict[str, int] = {}
    for where, size in received:
        if not where.startswith(url):  # blob: (the glue imported from memory: web/runtime.mjs)
            continue
        path = where.split("?")[0].removeprefix(url) or "./ (index.html)"
        files[path] = files.get(path, 0) + size
    if board:
        try:
            page.wait_for_function("window.__benchMarks.board !== null", timeout=5_000)
        except PlaywrightTimeout:
            pass  # no board markup: printed as "?"
    marks = page.evaluate("window.__benchMarks")
    last_byte = page.evaluate(LAST_BYTE, marks["ready"])
    context.close()
    return Load(
        board=None if marks["board"] is None else marks["board"] / 1000,
        playable=marks["ready"] / 1000,
        last_byte=last_byte / 1000,
        received=sum(sizes),
        requests=len(sizes),
        failed=marks["failed"] is not None and marks["failed"] <= marks["ready"],
        files=files,
    )


def network(name: str, runs: int) -> None:
    """The site and bare Pyodide from one compressing server (tools/static_host.py), under
    ``name``'s throttling, once with ``.wasm`` gzipped and once sent raw."""
    conditions = NETWORKS[name]
    with tempfile.TemporaryDirectory(prefix="rattus-bench-") as tmp:
        root = Path(tmp)
        # a copy: others may rebuild dist/ while this runs for minutes
        shutil.copytree(DIST, root / "site", symlinks=True)
        build = re.search(r'BUILD = "(\w+)"', (root / "site" / "sw.js").read_text("utf-8"))
        make_bare(root / "bare")
        with (
            static_host.start(root, gzip_wasm=True) as gzip_url,
            static_host.start(root, gzip_wasm=False) as raw_url,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(**chromium.launch_args())
            print(
                f"Network {name}: {conditions['downloadThroughput'] * 8 / 1e6:g} Mbps down, "
                f"{conditions['uploadThroughput'] * 8 / 1e3:g} kbps up, "
                f"{conditions['latency']:g} ms latency; Chromium {browser.version}; "
                f"build {build[1] if build else '?'}; medians of {runs} runs, a fresh "
                "context per run", flush=True
            )
            pages = {
                (page, wasm): f"{base}{path}/"
                for wasm, base in (("gzip", gzip_url), ("raw", raw_url))
                for page, path in (("bare Pyodide", "bare"), ("Rattus site", "site"))
            }
            for (page, _), url in pages.items():  # warm-up, unthrottled: the OS file cache
                network_load(browser, url, None, page == "Rattus site")  # and the gzip cache
            loads: dict[tuple[str, str], list[Load]] = {key: [] for key in pages}
            for run in range(runs):  # interleaved, so that drift hits all alike
                for (page, wasm), url in pages.items():
                    load = network_load(browser, url, conditions, page == "Rattus site")
                    loads[page, wasm].append(load)
                    print(f"  run {run + 1}: {page}, wasm {wasm}: playable {load.playable:.1f} s",
                          file=sys.stderr, flush=True)
            browser.close()

    print(f"{'page':<14} {'wasm':<5} {'board drawn s':>13} {'playable s':>11} {'min-max s':>11} "
          f"{'last byte s':>11} {'MB on wire':>11} {'requests':>9}")
    notes = []
    for (page, wasm), results in loads.items():
        boards = [r.board for r in results]
        if page != "Rattus site":
            board = "—"
        elif None in boards:
            board = "?"
        else:
            board = f"{statistics.median(b for b in boards if b is not None):.2f}"
        playable = [r.playable for r in results]
        failed = sum(r.failed for r in results)
        mark = "!" if failed else " "
        if failed:
            notes.append(f"! {page}, wasm {wasm}: said it failed (data-failed: a load error or "
                         f"its boot timeout) before it became ready, in {failed} of {runs} runs")
        print(
            f"{page:<14} {wasm:<5} {board:>13} {statistics.median(playable):10.2f}{mark} "
            f"{min(playable):5.1f}-{max(playable):<5.1f} "
            f"{statistics.median(r.last_byte for r in results):11.2f} "
            f"{statistics.median(r.received for r in results) / 1e6:11.2f} "
            f"{results[-1].requests:9d}"
        )
    for note in notes:
        print(note)
    ratios = ", ".join(
        f"wasm {wasm} {statistics.median(r.playable for r in loads['Rattus site', wasm]) / statistics.median(r.playable for r in loads['bare Pyodide', wasm]):.2f}x"  # noqa: E501
        for wasm in ("gzip", "raw")
    )
    print(f"ratio playable site/bare: {ratios} (goal <= 0.75x; on the wire <= 5.0 MB, board "
          "drawn <= 3 s, on slow4g: issue 24)")
    print_files(loads)


def print_files(loads: dict[tuple[str, str], list[Load]]) -> None:
    """The site's bytes on the wire until playable, file by file (medians of the runs), with
    the wasm gzipped and raw: where a cut would count."""
    site = {wasm: results for (page, wasm), results in loads.items() if page == "Rattus site"}
    paths = sorted({p for results in site.values() for r in results for p in r.files},
                   key=lambda p: -statistics.median(r.files.get(p, 0) for r in site["gzip"]))
    print(f"\nRattus site, bytes on the wire until playable by file (medians)\n"
          f"{'file':<44} {'wasm gzip':>11} {'wasm raw':>11}")
    for path in paths:
        sizes = [int(statistics.median(r.files.get(path, 0) for r in results))
                 for results in site.values()]
        print(f"{path:<44} " + " ".join(f"{n:11,d}" for n in sizes))


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the site's load against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=None,
                        help="loads of each page (default: 5 on localhost, 3 with --network)")
    parser.add_argument("--network", choices=[*NETWORKS, "none"], default="none",
                        help="throttle as a phone on this network, from a compressing server "
                             "(default none: localhost, first load and reload)")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is not built: run `make build` first")
    if args.network == "none":
        localhost(args.runs or 5)
    else:
        network(args.network, args.runs or 3)


if __name__ == "__main__":
    main()
