"""The page's translations as gettext catalogues: extract, update, check, compile.

Why gettext: translators and their tools (Poedit, Weblate, Lokalize…) know PO files, and the
browser reads the compiled MO files with Python's own ``gettext`` (stdlib, already in Pyodide),
so the page needs no extra package. English stays the source language: it is written once, in
``web/text/catalogue.py`` (``EN``), and this tool turns it into the template every translation
follows.

* Each key of the catalogue is a ``msgctxt``; its English text is the ``msgid``. A key that has
  plural forms (``x.1`` and ``x.n`` in ``EN``) is one entry with context ``x``, ``msgid`` the
  singular and ``msgid_plural`` the plural; each language gives as many forms as its
  ``Plural-Forms`` header asks for.
* ``update`` rewrites ``web/locale/rattus.pot`` and merges it into every ``web/locale/<lang>.po``
  (Babel's merge: an entry whose English changed comes back *fuzzy*, which the tests refuse until
  a translator has looked at it; an entry the template lost becomes obsolete).
* ``compile`` (called by ``tools/build.py``) writes ``<lang>.mo``; it refuses a catalogue with a
  fuzzy, empty or missing entry, so a site is never built with English holes in it.

Run: ``python tools/i18n.py update`` after changing English texts; ``python tools/i18n.py check``.
Babel is a dev dependency (``pyproject.toml``): only the build and the tests use it.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
LOCALE = WEB / "locale"
TEMPLATE = LOCALE / "rattus.pot"
#: The translations, besides the English source.
LANGUAGES = ("es", "de", "da")
DOMAIN = "rattus"

FIELD = re.compile(r"\{(\w+)")


def english() -> dict[str, str]:
    """The source catalogue, ``web/text/catalogue.py``'s ``EN``."""
    for path in (str(ROOT), str(WEB)):
        if path not in sys.path:
            sys.path.insert(0, path)
    from text.catalogue import EN

    return EN


def entries(en: dict[str, str]) -> list[tuple[str, str | tuple[str, str]]]:
    """``(context, msgid)`` per entry, ``msgid`` a (singular, plural) pair for a key with plural
    forms; in the catalogue's order."""
    out: list[tuple[str, str | tuple[str, str]]] = []
    for key, text in en.items():
        base, _, form = key.rpartition(".")
        if form in ("1", "n") and f"{base}.1" in en and f"{base}.n" in en:
            if form == "1":
                out.append((base, (text, en[f"{base}.n"])))
            continue
        out.append((key, text))
    return out


def template() -> Catalog:
    catalog = Catalog(project="Rattus in the browser", domain=DOMAIN, fuzzy=False)
    for context, msgid in entries(english()):
        fields = sorted(set(FIELD.findall(" ".join(msgid) if isinstance(msgid, tuple)
                                          else msgid)))
        comment = [f"placeholders: {', '.join('{' + f + '}' for f in fields)}"] if fields else []
        catalog.add(msgid, context=context, auto_comments=comment)
    return catalog


def read(lang: str) -> Catalog:
    with open(LOCALE / f"{lang}.po", "rb") as fp:
        return read_po(fp, locale=lang, domain=DOMAIN)


def write(catalog: Catalog, path: Path, **options) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, **options)
    path.write_bytes(buf.getvalue())


def update() -> None:
    """The template from ``EN``, merged into every language's PO file."""
    LOCALE.mkdir(parents=True, exist_ok=True)
    pot = template()
    write(pot, TEMPLATE, omit_header=False)
    for lang in LANGUAGES:
        path = LOCALE / f"{lang}.po"
        catalog = read(lang) if path.exists() else Catalog(locale=lang, domain=DOMAIN,
                                                           project=pot.project, fuzzy=False)
        catalog.update(pot, update_header_comment=False)
        write(catalog, path, ignore_obsolete=True)
        print(f"i18n: {path.relative_to(ROOT)}: {len(catalog)} entries")


def problems(lang: str) -> list[str]:
    """What keeps ``lang`` from being complete: missing, empty, fuzzy, stray entries, and
    placeholders that differ from the English ones."""
    wanted = {ctx: msgid for ctx, msgid in entries(english())}
    catalog = read(lang)
    found = {}
    out = []
    for message in catalog:
        if not message.id:
            continue
        ctx = message.context
        found[ctx] = message
        if ctx not in wanted:
            out.append(f"{lang}: stray entry {ctx!r}")
            continue
        if message.fuzzy:
            out.append(f"{lang}: fuzzy entry {ctx!r}")
        strings: tuple[str, ...] = (tuple(message.string) if isinstance(message.string, (
            tuple, list)) else (message.string or "",))  # Babel: a str, or the plural forms
        if isinstance(wanted[ctx], tuple) != isinstance(message.id, (tuple, list)):
            out.append(f"{lang}: {ctx!r} has the wrong plural shape")
            continue
        if isinstance(wanted[ctx], tuple) and len(strings) != catalog.num_plurals:
            out.append(f"{lang}: {ctx!r} has {len(strings)} forms, not {catalog.num_plurals}")
        if any(not s.strip() for s in strings):
            out.append(f"{lang}: empty entry {ctx!r}")
            continue
        english_fields = set(FIELD.findall(" ".join(message.id) if isinstance(
            message.id, (tuple, list)) else message.id))
        for s in strings:
            if set(FIELD.findall(s)) - english_fields or (
                    not isinstance(wanted[ctx], tuple) and set(FIELD.findall(s)) != english_fields):
                out.append(f"{lang}: {ctx!r} placeholders {sorted(set(FIELD.findall(s)))} "
                           f"differ from the English {sorted(english_fields)}")
    out += [f"{lang}: missing entry {ctx!r}" for ctx in wanted if ctx not in found]
    return out


def compile_to(folder: Path, draft: bool = False) -> dict[str, int]:
    """Write ``<lang>.mo`` for every language into ``folder``; bytes per language. Refuses an
    incomplete catalogue, unless ``draft`` (a translation under way: its gaps show English)."""
    folder.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for lang in LANGUAGES:
        wrong = problems(lang)
        if wrong and not draft:
            raise SystemExit("i18n: cannot compile an incomplete catalogue:\n  "
                             + "\n  ".join(wrong[:20])
                             + (f"\n  … and {len(wrong) - 20} more" if len(wrong) > 20 else ""))
        buf = io.BytesIO()
        write_mo(buf, read(lang), use_fuzzy=False)
        (folder / f"{lang}.mo").write_bytes(buf.getvalue())
        sizes[lang] = len(buf.getvalue())
    return sizes


def boot_texts(folder: Path, keys: list[str]) -> dict[str, dict[str, str]]:
    """The texts of ``keys`` in every language (templates; ``{field}`` filled by the page's
    first script), the translations read from their compiled catalogues in ``folder``."""
    import gettext

    en = english()
    texts = {"en": {k: en[k] for k in keys}}
    for lang in LANGUAGES:
        with open(folder / f"{lang}.mo", "rb") as fp:
            translation = gettext.GNUTranslations(fp)
        texts[lang] = {k: translation.pgettext(k, en[k]) for k in keys}
    return texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("update", "check", "compile"))
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "locale")
    args = parser.parse_args()
    if args.command == "update":
        update()
    elif args.command == "check":
        wrong = [p for lang in LANGUAGES for p in problems(lang)]
        print("\n".join(wrong) or "i18n: every language is complete")
        sys.exit(1 if wrong else 0)
    else:
        print(compile_to(args.out))


if __name__ == "__main__":
    main()
