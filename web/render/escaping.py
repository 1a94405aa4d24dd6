"""Text made safe for the HTML and SVG strings that the renderers build."""

from __future__ import annotations

from html import escape


def esc(text) -> str:
    return escape(str(text), quote=True)
