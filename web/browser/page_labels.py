"""The page's fixed parts in the language in use: every element of ``index.html`` that names
its text by key (``data-text``, ``data-label`` for a title and accessible name, ``data-title``,
``data-alt``, ``data-aria`` for an accessible name alone), the language choice, the footer,
``<html lang>`` and the title.

Why apart from the frame: these never change with the game, only with the language, so they
are written once at start (main.py) and again after a switch of language (browser/app.py), not on
every render. The page's first script fills the same attributes from the build's boot texts
before Python runs, so the keys live in one place: the HTML. A browser edge module.
"""

from __future__ import annotations

from pyscript import document
from text import catalogue, language
from text.catalogue import region, t

import rattus
from browser import dom

#: ``data-*`` attribute -> the element properties it names the text of.
ATTRIBUTES = (("text", ("textContent",)), ("label", ("title", "aria-label")),
              ("title", ("title",)), ("alt", ("alt",)), ("aria", ("aria-label",)))


def label() -> None:
    document.documentElement.lang = catalogue.LANGUAGE
    document.title = t("ui.title")
    for name, properties in ATTRIBUTES:
        for node in document.querySelectorAll(f"[data-{name}]"):
            key = dom.attr(node, f"data-{name}")
            if key is None:  # (the selector found it by that attribute)
                continue
            text = t(key)
            for prop in properties:
                if prop.startswith("aria-"):
                    node.setAttribute(prop, text)
                else:
                    setattr(node, prop, text)
    choice = dom.by_id("lang")
    if choice is not None:
        choice.innerHTML = "".join(
            f'<option value="{code}" lang="{code}"'
            f'{" selected" if code == catalogue.LANGUAGE else ""}>{name}</option>'
            for code, name in language.NAMES.items())
    dom.set_text("about", t("ui.about", version=rattus.__version__,
                            regions=", ".join(region(r) for r in rattus.REGIONS)))
