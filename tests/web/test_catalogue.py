"""The message catalogue (web/text/catalogue.py) against the glue that uses it: every text the glue
asks for exists, and no text is kept that nothing can ask for (a dead key is a sentence
nobody maintains, and a translator would translate it for nothing)."""

from __future__ import annotations

import re

from conftest import WEB
from text.catalogue import EN

import rattus

#: Keys the glue builds from a prefix and a value (a region, a card, a reason…).
BUILT = ("region.", "card.", "class.", "ability.", "sym.", "colour.", "kind.", "why.",
         "undo.why.", "log.spread_stopped.", "log.no_strike.", "log.token_revealed.",
         "log.neutral.", "log.final_round.", "pace.", "help.", "coach.", "btn.mode.",
         "err.save.", "aria.rats.", "hint.reason.", "online.refused.", "online.relays.",
         "ending.why.", "ending.may.")


def glue_source() -> str:
    """The glue's Python, and the keys index.html names (``data-text="btn.undo"``, filled by
    browser/page_labels.py, and its first script's ``rattusText("boot.…")``) written as calls
    of ``t``."""
    html = (WEB / "index.html").read_text()
    named = re.findall(r'data-(?:text|label|title|alt|aria)="([a-z_.]+)"', html)
    named += re.findall(r'rattusText\("([a-z_.]+)"', html)  # its first script's own texts
    return "\n".join([*(p.read_text() for p in WEB.rglob("*.py")
                        if p.relative_to(WEB).as_posix() != "text/catalogue.py"),
                      *(f't("{key}")' for key in named)])


def test_every_key_the_glue_names_is_in_the_catalogue() -> None:
    src = glue_source()
    named = set(re.findall(r'\bt\(\s*"([a-z_.]+[a-z_])"', src))
    assert named, "the glue names its texts through t(...)"
    counted = set(re.findall(r'\btn\(\s*"([a-z_.]+[a-z_])"', src))
    named |= {f"{k}.{form}" for k in counted for form in ("1", "n")}  # both plural forms
    assert sorted(named - set(EN)) == []


def test_no_catalogue_key_is_dead() -> None:
    catalogue = (WEB / "text/catalogue.py").read_text()
    start = catalogue.index("EN: dict")
    helpers = catalogue[:start] + catalogue[catalogue.index("\n}\n", start):]
    src = glue_source() + helpers
    counted = set(re.findall(r'\btn\(\s*"([a-z_.]+[a-z_])"', src))
    dead = [k for k in EN if f'"{k}"' not in src and not k.startswith(BUILT)
            and k.rpartition(".")[0] not in counted
            and not (k.endswith(".touch") and k.removesuffix(".touch") in EN)]  # (see t)
    assert dead == []


def test_every_region_and_card_has_words() -> None:
    """R2 regions and R1.4 class cards with their abilities (the engine's reasons for a
    refusal: test_refusals.py)."""
    missing = [k for k in (*(f"region.{r}" for r in rattus.REGIONS),
                           *(f"card.{c}" for c in rattus.CARDS),
                           *(f"ability.{c}" for c in rattus.CARDS))
               if k not in EN]
    assert missing == []


def test_a_number_of_cubes_takes_its_plural_form() -> None:
    """No "1 cubes" and no "cube(s)": one sentence per plural form."""
    from control.update import refusal_text

    def say(reason: str, **details) -> str:
        return refusal_text({"reason": reason, "details": {"region": "Gallia", **details}})

    assert say("too_few_cubes", count=2) == "You do not have 2 cubes in Gallia."
    assert say("too_few_cubes", count=1) == "You have no cube in Gallia."
    assert say("wrong_count", counts=[1]) == "You may place 1 cube in Gallia now."
    assert say("wrong_count", counts=[2, 3]) == "You may place 2 or 3 cubes in Gallia now."
    assert not [k for k, v in EN.items() if "(s)" in v]


def test_how_to_play_and_the_coach_have_words_for_every_part() -> None:
    """The keys built from names: each section's title, each legend entry, each card's
    example, each coach note."""
    from control import coach
    from render import how_to_play
    from render.board import LEGEND

    keys = ([f"help.{sid}.title" for sid in how_to_play.IDS]
            + [f"help.legend.{k}" for k in LEGEND]
            + [f"help.card.{c}.example" for c in rattus.CARDS]
            + [f"coach.{n}" for n in coach.NOTES if n not in ("ending", "end")]
            + ["coach.ending.1", "coach.ending.n", "coach.risk.none", "coach.end.title"]
            + [f"coach.end.{i}" for i in range(1, 6)])
    assert [k for k in keys if k not in EN] == []
    assert coach.LESSON_SEED  # the lesson is a fixed game


def test_every_hint_reason_of_the_engine_has_words() -> None:
    """The hint's reason is a key of rattus.bots.hint, worded by the page (no English
    sentence of the engine reaches a translated page)."""
    from text import hint_words
    from text.catalogue import CATALOGUE

    from rattus.bots.hint import REASONS

    details = {"region": "Gallia", "to": "Italia", "card": "King", "count": 2, "rats": 1,
               "rivals": 3, "own": 1, "from_seat": 1, "plague_steps": 0}
    for reason in REASONS:
        said = hint_words.sentence(reason, details, ["Ann", "Bo"])
        assert "hint.reason" not in said and "{" not in said, reason
    keys = {k.removesuffix(".1").removesuffix(".n") for k in CATALOGUE
            if k.startswith("hint.reason.")}
    assert keys == {f"hint.reason.{r}" for r in REASONS if r != "setup_spot"} | {
        "hint.reason.setup_far", "hint.reason.setup_next", "hint.reason.setup_under"}


def test_a_plural_text_is_asked_for_by_its_count() -> None:
    """A key with plural forms (``x.1`` and ``x.n``) goes through ``tn``: asked for as ``t("x.1")``
    it would miss the translation (one entry, ``x``, with each language's own forms)."""
    pairs = {k[:-2] for k in EN if k.endswith(".1") and k[:-2] + ".n" in EN}
    asked = set(re.findall(r'\bt\(\s*"([a-z_.]+)\.[1n]"', glue_source()))
    assert sorted(asked & pairs) == []


def test_rule_numbers_are_for_those_who_look_not_in_a_players_way() -> None:
    """A player reads words, not "R5.1": no text of the page names a rule number; How to
    play keeps them (docs/RULES.md) as each section's footnote and its heading's hover
    title, never inside the heading."""
    from render import how_to_play

    numbered = [k for k, text in EN.items() if re.search(r"\bR\d", text)]
    assert numbered == []
    html = how_to_play.panel([])
    for sid, rules, _keys in how_to_play.SECTIONS:
        section = re.search(rf'<section id="help-{sid}".*?</section>', html).group(0)
        heading = re.search(r"<h3[^>]*>(.*?)</h3>", section).group(1)
        assert not re.search(r"\bR\d", heading), sid
        if rules:
            ref = EN["help.rules"].format(rules=rules)
            assert f'<h3 title="{ref}">' in section
            assert section.endswith(f'<p class="rule-ref">{ref}</p></section>')
