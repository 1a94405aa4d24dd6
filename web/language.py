"""The page's language: the translations it offers and loading one.

Which language a visit starts in is decided before Python runs, by the page's first script
(``index.html``: ``?lang=xx``, else the one chosen in the page and remembered, else the
browser's languages, else English), so that even the loading messages are in it; it sets
``<html lang>``, which :func:`at_start` reads. A switch in the page (``("language", code)``,
transitions.py) loads another catalogue and the page renders again: the game and the screen
stay as they are.
"""

from __future__ import annotations

import gettext
from pathlib import Path

import messages

#: The languages offered, each named in itself (the switch shows these names untranslated).
NAMES = {"en": "English", "es": "Español", "de": "Deutsch", "da": "Dansk"}
#: Where the build puts the compiled catalogues (``tools/i18n.py``; fetched by PyScript).
FOLDER = Path("locale")
#: The browser's storage key of the language chosen in the page (read by index.html too).
KEY = "rattus.lang"


def use(code: str, folder: Path = FOLDER) -> bool:
    """Speak ``code``: its compiled catalogue from ``folder`` (English needs none). False,
    and the language unchanged, if ``code`` is not offered or its catalogue cannot be read."""
    if code not in NAMES:
        return False
    if code == "en":
        messages.install("en", None)
        return True
    try:
        with open(folder / f"{code}.mo", "rb") as fp:
            translation = gettext.GNUTranslations(fp)
    except (OSError, gettext.error):
        return False
    messages.install(code, translation)
    return True


def at_start(html_lang: str) -> str:
    """The language the page's first script chose (``<html lang>``), put in use."""
    if not use(html_lang.split("-")[0].lower()):
        use("en")
    return messages.LANGUAGE
