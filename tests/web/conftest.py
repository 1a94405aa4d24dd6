"""The page's glue on CPython, without a browser: web/ goes on ``sys.path`` (its modules import
each other by plain names, as PyScript loads them), and the helpers in ``glue.py`` build
sessions and UI states the way the page does."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))
