"""How the e2e tests and the load benchmark launch Chromium (Playwright ``launch`` options)."""

from __future__ import annotations

from pathlib import Path

#: The system Chromium (Debian's package), used when present; else Playwright's own build.
SYSTEM_CHROMIUM = Path("/usr/bin/chromium")

#: Flags for a quiet, sandbox-free headless run that phones nowhere (Playwright adds --headless).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch_args() -> dict:
    """Keyword arguments for ``playwright.chromium.launch``."""
    args: dict = {"args": list(CHROMIUM_ARGS)}
    if SYSTEM_CHROMIUM.exists():
        args["executable_path"] = str(SYSTEM_CHROMIUM)
    return args
