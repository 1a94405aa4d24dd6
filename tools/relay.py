"""A Nostr relay on this machine, for the online e2e tests and the online benchmark.

Why a real relay: the page finds the other devices of an online game through Nostr relays
(Trystero's signalling, web/online.js); the tests must meet the protocol the page uses in
production, not a mock of it. ``nostr-relay`` (PyPI, a dev dependency in pyproject.toml) is a
complete relay; :func:`start` runs one bound to 127.0.0.1 on a free port, its events in a
throwaway SQLite file, and stops it afterwards.

    with relay.start() as url:     # "ws://127.0.0.1:PORT"
        ...  page.goto(f"./?...&relays={url}")

Its limits are a public relay's (docs/online.md, the relay fallback): an event's content at
most 16 kB (``max_event_size``, checked by ``is_not_too_large``: the fallback's pieces must
fit), every event signed; ephemeral kinds (20000–29999: Trystero's signalling and the
fallback's pieces) are passed on to the subscribers like any other.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

CONFIG = """\
DEBUG: false
relay_name: rattus test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_not_too_large
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
message_timeout: 1800
max_event_size: 16384
subscription_limit: 256
max_limit: 6000
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def executable() -> str:
    """The ``nostr-relay`` command of this virtualenv (``make setup`` installs it)."""
    here = Path(sys.executable).parent / "nostr-relay"
    found = str(here) if here.exists() else shutil.which("nostr-relay")
    if not found:
        raise FileNotFoundError("nostr-relay is not installed: run `make setup`")
    return found


@contextlib.contextmanager
def start(timeout: float = 30.0) -> Iterator[str]:
    """Run a relay until the block ends; yields its ``ws://`` address."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="rattus-relay-") as folder:
        config = Path(folder) / "relay.yaml"
        config.write_text(CONFIG.format(db=Path(folder) / "events.sqlite3", port=port))
        log = open(Path(folder) / "relay.log", "wb")  # noqa: SIM115 - closed below
        proc = subprocess.Popen([executable(), "-c", str(config), "serve"], cwd=folder,
                                stdout=log, stderr=subprocess.STDOUT,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
        try:
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    raise RuntimeError("nostr-relay stopped: "
                                       + (Path(folder) / "relay.log").read_text()[-2000:])
                with contextlib.suppress(OSError), socket.create_connection(
                        ("127.0.0.1", port), timeout=0.5):
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError(f"nostr-relay did not listen on port {port}")
                time.sleep(0.1)
            yield f"ws://127.0.0.1:{port}"
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            log.close()


if __name__ == "__main__":  # run one by hand: python tools/relay.py
    with start() as url:
        print(url, flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            while True:
                time.sleep(3600)
