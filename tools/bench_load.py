"""Load benchmark (not a test): how long the built site takes to become ready, and what it costs.

Serves ``dist/`` and loads the page in Chromium ``--runs`` times (a fresh browser context each
time, so nothing is cached), timing navigation → ``<body data-ready>`` and summing the bytes
received (CDP ``Network.loadingFinished`` ``encodedDataLength``). Side by side, a bare page that
only starts the same vendored Pyodide (``loadPyodide()``, then sets ``data-ready``) shows what
PyScript, the engine and the glue add on top of the runtime itself.

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


def load_once(browser, url: str) -> tuple[float, int, int]:
    """One load in a fresh context: seconds to ready, bytes received, requests finished."""
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
    context.close()
    return seconds, sum(received), len(received)


def main() -> None:
    parser = argparse.ArgumentParser(description="Time the site's load against bare Pyodide.")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        sys.exit("dist/ is not built: run `make build` first")

    with tempfile.TemporaryDirectory(prefix="rattus-bench-") as tmp:
        bare = Path(tmp)
        (bare / "index.html").write_text(BARE_PAGE, encoding="utf-8")
        (bare / "vendor").symlink_to(DIST / "vendor", target_is_directory=True)
        with (
            serve.start(DIST) as site_url,
            serve.start(bare) as bare_url,
            sync_playwright() as pw,
        ):
            browser = pw.chromium.launch(**chromium.launch_args())
            print(f"Chromium {browser.version}, {args.runs} runs each, fresh context per run")
            pages = {"bare Pyodide": bare_url, "Rattus site": site_url}
            for url in pages.values():
                load_once(browser, url)  # warm-up: the OS file cache, not the browser's
            runs: dict[str, list[tuple[float, int, int]]] = {name: [] for name in pages}
            for _ in range(args.runs):  # interleaved, so that drift hits both alike
                for name, url in pages.items():
                    runs[name].append(load_once(browser, url))
            browser.close()
            results = {
                name: ([r[0] for r in rs], [r[1] for r in rs], rs[-1][2])
                for name, rs in runs.items()
            }

    print(f"{'page':<14} {'median s':>9} {'min s':>7} {'max s':>7} {'requests':>9} {'bytes':>12}")
    for name, (seconds, sizes, requests) in results.items():
        print(
            f"{name:<14} {statistics.median(seconds):9.2f} {min(seconds):7.2f} "
            f"{max(seconds):7.2f} {requests:9d} {int(statistics.median(sizes)):12,d}"
        )
    site = statistics.median(results["Rattus site"][0])
    base = statistics.median(results["bare Pyodide"][0])
    site_bytes = statistics.median(results["Rattus site"][1])
    base_bytes = statistics.median(results["bare Pyodide"][1])
    print(
        f"ratio site/bare: time {site / base:.2f}x, bytes {site_bytes / base_bytes:.3f}x "
        f"(+{(site_bytes - base_bytes) / 1e3:,.0f} kB)"
    )


if __name__ == "__main__":
    main()
