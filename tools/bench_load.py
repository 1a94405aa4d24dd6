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

Run: ``make bench`` or ``.venv/bin/python tools/bench_load.py [--runs 5]`` after ``make build``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import chromium  # noqa: E402
import serve  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
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


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the site's load against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is not built: run `make build` first")

    with tempfile.TemporaryDirectory(prefix="rattus-bench-") as tmp:
        bare_dir = Path(tmp)
        (bare_dir / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        (bare_dir / "vendor").mkdir()  # Pyodide as npm ships it (the site's has its own stdlib)
        (bare_dir / "vendor" / "pyodide").symlink_to(ROOT / "node_modules" / "pyodide",
                                                 target_is_directory=True)
        with (
            serve.start(DIST) as site_url,
            serve.start(bare_dir) as bare_url,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(**chromium.launch_args())
            print(f"Chromium {browser.version}, {args.runs} runs each, fresh context per run")
            pages = {"bare Pyodide": bare_url, "Rattus site": site_url}
            for url in pages.values():
                load_once(browser, url)  # warm-up: the OS file cache, not the browser's
            runs: dict[str, list[tuple[float, int, int, float, int]]] = {name: [] for name in pages}
            for _ in range(args.runs):  # interleaved, so that drift hits both alike
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
        f"ratio site/bare: first load {first:.2f}x (goal <= 1.10x), reload {reload:.2f}x "
        f"(goal <= 1.00x), bytes {site_bytes / base_bytes:.3f}x "
        f"(+{(site_bytes - base_bytes) / 1e3:,.0f} kB)"
    )
    # On a busy machine the medians drift with the other load; the fastest runs show what the
    # pages themselves cost.
    print(
        f"ratio of the fastest runs: first load {min(site[0]) / min(bare[0]):.2f}x, "
        f"reload {min(site[3]) / min(bare[3]):.2f}x"
    )


if __name__ == "__main__":
    main()
