"""The page's language: the translations it offers and putting one in use.

Which language a visit starts in is decided before Python runs, by the page's first script
(``index.html``: ``?lang=xx``, else the one chosen in the page and remembered, else the
browser's languages, else English), so that even the loading messages are in it; it sets
``<html lang>``, which :func:`wanted` reads. A switch in the page (``("language", code)``,
control/update.py) loads another catalogue and the page renders again: the game and the screen
stay as they are.

Only the language in use is fetched (:func:`path`, by the browser edge: main.py at start,
browser/app.py on a switch), so a language costs nothing to a page that does not speak it.
"""

from __future__ import annotations

import gettext
import io

from text import catalogue

#: The languages offered, each named in itself (the switch shows these names untranslated).
NAMES = {"en": "English", "es": "Español", "de": "Deutsch", "da": "Dansk"}
#: The browser's storage key of the language chosen in the page (read by index.html too).
KEY = "rattus.lang"


def wanted(html_lang: str) -> str:
    """The offered language a ``<html lang>`` value names (English if none)."""
    code = html_lang.split("-")[0].lower()
    return code if code in NAMES else "en"


def path(code: str) -> str | None:
    """Where the site keeps ``code``'s compiled catalogue (tools/build.py); None: English,
    the source, needs none."""
    return None if code == "en" else f"locale/{code}.mo"


def use(code: str, compiled: bytes | None = None) -> bool:
    """Speak ``code``, from its compiled catalogue's bytes (English needs none). False, and
    the language unchanged, if ``code`` is not offered or the catalogue cannot be read."""
    if code not in NAMES:
        return False
    if code == "en":
        catalogue.install("en", None)
        return True
    try:
        translation = gettext.GNUTranslations(io.BytesIO(compiled or b""))
    except (OSError, ValueError, UnicodeDecodeError):  # not a catalogue (or a damaged one)
        return False
    catalogue.install(code, translation)
    return True
