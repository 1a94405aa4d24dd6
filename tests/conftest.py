"""Shared pytest set-up for the engine tests (CPython and Pyodide under Node).

* The checkout's root goes on ``sys.path`` so that ``import rattus`` works without installing.
* A Hypothesis profile ``rattus`` (loaded by default) keeps property tests moderate: they also
  run inside Pyodide, about twice as slow, and must not hit per-example deadlines there.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

settings.register_profile(
    "rattus", max_examples=50, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.load_profile("rattus")

#: The page's glue (tests/web/) runs on CPython only: inside Pyodide under Node the checkout's
#: web/ is not copied (tools/pyodide_tests.mjs), and the page itself is tested by e2e/.
collect_ignore = [] if (ROOT / "web").is_dir() else ["web"]
#: The publishing checks (tests/publish/) read the checkout's workflow with CPython's tools.
if not (ROOT / ".github").is_dir():
    collect_ignore.append("publish")
