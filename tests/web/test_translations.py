"""The page in English, Spanish, German and Danish.

The translations are gettext catalogues (``web/locale/<lang>.po``) of the English source
(``web/text/catalogue.py``), compiled at build time by ``tools/i18n.py``. Here: every key in every
language with the English placeholders, nothing empty or fuzzy, valid plural forms, each
language's game terms used consistently (its glossary), and every screen of the page rendered in
each language without a raw key or an English sentence left over.
"""

from __future__ import annotations

import gettext
import html
import random
import re
import sys
from pathlib import Path

import pytest
from glue import choice, frame, new_session, run
from model import page_events as ev
from model.game_config import default_names
from model.ui_state import Ui
from model.values import replace
from text import catalogue, language
from text.catalogue import EN

from rattus import CARDS
from rattus.cards import CARD_SYMBOL

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
i18n = pytest.importorskip("i18n")  # Babel: a dev dependency

LANGS = i18n.LANGUAGES


@pytest.fixture(scope="module")
def compiled(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("locale")
    i18n.compile_to(folder)
    return folder


@pytest.fixture
def speak(compiled):
    """Put a language in use for one test (English again afterwards)."""
    def use(code: str) -> None:
        assert language.use(code, (compiled / f"{code}.mo").read_bytes()), code
    yield use
    language.use("en")


@pytest.mark.parametrize("lang", LANGS)
def test_every_key_is_translated_with_the_english_placeholders(lang: str) -> None:
    """No missing, stray, empty or fuzzy entry; ``{name}``-style fields as in English."""
    assert i18n.problems(lang) == []


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_valid(lang: str) -> None:
    """The header's rule gives a form the catalogue has for every count."""
    catalog = i18n.read(lang)
    plural = gettext.c2py(catalog.plural_expr)
    assert all(0 <= plural(n) < catalog.num_plurals for n in range(0, 1001))
    counted = [m for m in catalog if isinstance(m.id, (tuple, list))]
    assert counted and all(len(m.string) == catalog.num_plurals for m in counted)


def glossary(lang: str) -> list[tuple[re.Pattern, str, re.Pattern]]:
    rows = []
    for line in (i18n.LOCALE / f"glossary-{lang}.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0].startswith(("English", "---")) or not line.startswith("|"):
            continue
        rows.append((re.compile(cells[0], re.I), cells[1], re.compile(cells[2], re.I)))
    return rows


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_uses_the_glossarys_game_terms(lang: str) -> None:
    """One word per game term (the box's words: the six class cards, rat token, plague piece,
    palace…): wherever the English says the term, the translation uses the chosen word."""
    rows = glossary(lang)
    chosen = {english.pattern for english, _, _ in rows}
    for term in ("Peasant", "Merchant", "Monk", "Knight", "Witch", "King", "palace", "plague"):
        assert any(re.search(p, term, re.I) for p in chosen), f"{lang}: no entry for {term}"
    wrong = []
    for message in i18n.read(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english, word, must in rows:
            if any(english.search(i) for i in ids) and not all(must.search(s) for s in strings):
                wrong.append(f"{message.context}: {word!r} expected in {strings[-1]!r}")
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_box_words_for_the_class_cards(lang: str, speak) -> None:
    """The class cards as the seeds name them."""
    box = {"es": ("Campesino", "Comerciante", "Monje", "Caballero", "Bruja", "Rey"),
           "de": ("Bauer", "Kaufmann", "Mönch", "Ritter", "Hexe", "König"),
           "da": ("Bonde", "Købmand", "Munk", "Ridder", "Heks", "Konge")}[lang]
    speak(lang)
    assert [catalogue.card(c) for c in ("Peasant", "Merchant", "Monk", "Knight", "Witch",
                                       "King")] == list(box)
    assert catalogue.region("Hispania") == "Hispania"  # the box's Latin names stay


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_token_symbols_marks_are_short_distinct_and_in_the_language(lang: str,
                                                                        speak) -> None:
    """R5.5's eight symbols, printed on tokens and cards as one or two letters each: all
    different, and a class card's mark starts as its name does in that language (a German
    page shows "Ri" for the Ritter, never an English "K" beside its König)."""
    if lang != "en":
        speak(lang)
    symbols = ("M", "A", *(CARD_SYMBOL[c] for c in CARDS))
    shown = [catalogue.mark(sym) for sym in symbols]
    assert len(set(shown)) == len(shown)
    assert all(1 <= len(m) <= 2 for m in shown)
    if lang != "en":  # (English keeps the box's class initials: B Bourgeoisie, C Church…)
        assert all(catalogue.card(c).startswith(catalogue.mark(CARD_SYMBOL[c])[0])
                   for c in CARDS)


# -- every screen, in every language ---------------------------------------------------------
def tour() -> list[str]:
    """The text of every kind of screen: the welcome, the new-game dialog, How to play, the
    lesson's first coach note, "Your games", every decision of a whole 3-player hotseat game
    with the odds shown (pass screens, strikes, the final round), the results, the analysis
    and the replay."""
    seen = []
    ui, s, _ = run(Ui(), None, ev.ShowWelcome())
    seen.append(frame(ui, s))
    ui, s, _ = run(ui, s, choice("new-game"))
    seen.append(frame(ui, s))
    ui, s, _ = run(Ui(), None, choice("toggle-rules"))
    seen.append(frame(ui, s))
    ui, s, _ = run(Ui(), None, choice("learn"))
    seen.append(frame(ui, s))
    seen.extend(kept_games())
    s, rng, ui = new_session(3, seed=11), random.Random(11), Ui()
    ui, s, _ = run(ui, s, ev.Attach(s, "", None), choice("toggle-odds"))
    while not s.game.is_over:
        seen.append(frame(ui, s))
        if s.pass_to is not None:
            s.confirm_pass()
            seen.append(frame(ui, s))
        s.apply(rng.choice(s.game.legal_actions()))
    seen.append(frame(ui, s))
    for event in (choice("analysis"), choice("replay-enter")):
        ui2, s2, _ = run(ui, s, event)
        seen.append(frame(ui2, s2))
    return [texts(f) for f in seen]


def kept_games() -> list:
    """"Your games" (one game here, one in another tab, one over), its delete question, and a
    game shown while another tab plays it."""
    from control import kept_games

    here = new_session(2, seed=3, kinds=["human", "easy"])
    here.slot = "h-1"
    kept = [kept_games.Entry("h-1", 0.0, ("Ann", "Bob"), (False, True), 0, 0, False),
            kept_games.Entry("o-2", 9.0, ("Ann", "Cy"), (False, False), 3, 30, False),
            kept_games.Entry("f-3", 5.0, ("Ann", "Cy"), (False, False), 9, 90, True, "Cy")]
    ui, s, _ = run(Ui(), here, ev.GamesListed(kept, {"o-2"}, 0))
    seen = [frame(ui, s)]
    ui, s, _ = run(ui, s, choice("delete:f-3"))
    seen.append(frame(ui, s))
    ui, s, _ = run(Ui(), here, ev.Resume(here, None, True))
    seen.append(frame(ui, s))
    return seen


def texts(f) -> str:
    from glue import everything

    return html.unescape(re.sub(r"<[^>]+>", " ", everything(f)))


def english_leftovers(lang: str) -> list[str]:
    """Pieces of English text (between placeholders, three words or more) that the language
    words differently: one of them on a translated page is a sentence left in English."""
    catalog = {m.context: m for m in i18n.read(lang) if m.id}
    translated = " ".join(" ".join(m.string) if isinstance(m.string, tuple) else m.string
                          for m in catalog.values())
    pieces = set()
    for text in EN.values():
        for piece in re.split(r"\{[^}]*\}", text):
            piece = piece.strip(" .,:;()…—-\"'")
            if len(piece.split()) >= 3 and piece not in translated:
                pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_speaks_the_language_without_keys_or_english(lang: str, speak) -> None:
    speak(lang)
    screens = tour()
    alternatives = "|".join(re.escape(k) for k in sorted(EN, key=len, reverse=True) if "." in k)
    keys = re.compile(rf"\b(?:{alternatives})\b")
    raw = sorted({m for text in screens for m in keys.findall(text)})
    assert raw == []
    left = english_leftovers(lang)
    found = sorted({piece for piece in left for text in screens if piece in text})
    assert found == []
    language.use("en")
    english = tour()
    assert sum(piece in text for piece in left for text in english) > 100  # the check can see


def test_a_change_of_language_renames_default_players_but_not_typed_names(speak) -> None:
    """"Player 2" and "Computer 1" were only the English defaults: in German they are the
    German ones, in the game (its log too) and in the new-game dialog's draft; a name a player
    typed stays."""
    s = new_session(3)
    typed = s.names[2]
    s.rename([replace(s.config.seats[0], name="Computer 1"),
              replace(s.config.seats[1], name="Player 2"), s.config.seats[2]])
    ui, s, _ = run(Ui(), s, ev.Attach(s, "", None))
    s.apply(s.game.legal_actions()[0])
    before = default_names()
    version = s.version
    speak("de")
    ui, s, _ = run(ui, s, ev.LanguageReady("de", True, before))
    assert s.names == [catalogue.t("player.computer_n", n=1), "Spieler 2", typed]
    assert s.version > version  # the autosave keeps the new name
    assert [seat.name for seat in ui.draft.config.seats][:2] == ["Spieler 1", "Spieler 2"]
    assert "Player" not in " ".join(s.log)


def turn_status(witch: bool = True) -> str:
    """Ann's status line at a turn where she may take a card, place cubes, use the Witch and
    move the plague piece (every option of R4 at once)."""
    from glue import card, turn_start

    ui, s, _home = turn_start()
    if witch:
        ui, s, _ = run(ui, s, card("Witch"))
    return frame(ui, s).text["status"]


def test_spanish_says_a_region_is_not_used_and_a_turn_in_plain_spanish(speak) -> None:
    """Play-tests: "fuera de juego" is football's offside; "…y usa una habilidad (Bruja) y
    luego…" stumbled. A region out of play (R2.1) is one that is not used, and the turn's
    options read as one Spanish sentence with a single "y"."""
    speak("es")
    said = [catalogue.t(k) for k in ("map.out_of_play", "help.legend.out")]
    said.append(catalogue.t("aria.region_out", region="Russia"))
    assert not any("fuera de juego" in x.lower() for x in said)
    status = turn_status()
    assert "usa la carta Bruja" in status and "y luego" not in status
    assert status.count(" y ") <= 1, status


def test_german_status_lines_speak_to_the_player_in_the_imperative(speak) -> None:
    """One form in every status line: "Nimm", "setze", "bewege" — not the infinitives
    ("eine Ständekarte nehmen") the turn's options used beside "Klicke" and "Setze"."""
    speak("de")
    status = turn_status(witch=False)
    for infinitive in ("nehmen", "setzen", "bewegen", "beenden", "nutzen"):
        assert infinitive not in status, status
    assert "nimm eine Ständekarte" in status and "bewege die Pestfigur" in status


def test_a_shown_turn_is_worded_in_the_language_switched_to(speak) -> None:
    """"Show my turn" keeps each step's reason, not its words: after a switch of language
    the steps read in the new one (a tester saw German steps under an English page)."""
    s = new_session(2, seed=4)
    while s.game.view(None)["decision"]["kind"] == "setup":
        s.apply(s.game.legal_actions()[0])
    place = next(a for a in s.legal() if a.kind == "place")
    reasons = (("place_cubes", {"gain": 0.0, "region": place.args[0], "count": 1}),)
    ui, s, _ = run(Ui(), s, ev.TurnReady(s.step, s.viewer, (str(place),), reasons))
    english = frame(ui, s).html["plan"]
    speak("de")
    german = frame(ui, s).html["plan"]
    assert german != english
    assert catalogue.t("plan.title") in german
    assert "Setze" in german and "Place" not in german
