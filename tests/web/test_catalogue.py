"""The message catalogue (web/messages.py) against the glue that uses it: every text the glue
asks for exists, and no text is kept that nothing can ask for (a dead key is a sentence
nobody maintains, and a translator would translate it for nothing)."""

from __future__ import annotations

import re

from conftest import WEB
from messages import EN

import rattus
from rattus.refusals import REASONS

#: Keys the glue builds from a prefix and a value (a region, a card, a reason…).
BUILT = ("region.", "card.", "class.", "ability.", "sym.", "colour.", "kind.", "why.",
         "undo.why.", "log.spread_stopped.", "log.no_strike.", "log.token_revealed.",
         "log.neutral.", "btn.mode.", "err.save.", "aria.rats.")


def glue_source() -> str:
    return "\n".join(p.read_text() for p in WEB.glob("*.py") if p.name != "messages.py")


def test_every_key_the_glue_names_is_in_the_catalogue() -> None:
    named = set(re.findall(r'\bt\(\s*"([a-z_.]+[a-z_])"', glue_source()))
    assert named, "the glue names its texts through t(...)"
    assert sorted(named - set(EN)) == []


def test_no_catalogue_key_is_dead() -> None:
    catalogue = (WEB / "messages.py").read_text()
    start = catalogue.index("EN: dict")
    helpers = catalogue[:start] + catalogue[catalogue.index("\n}\n", start):]
    src = glue_source() + helpers
    dead = [k for k in EN if f'"{k}"' not in src and not k.startswith(BUILT)]
    assert dead == []


def test_every_region_card_and_refusal_has_words() -> None:
    """R2 regions, R1.4 class cards and every reason the engine may give (rattus.refusals)."""
    missing = [k for k in (*(f"region.{r}" for r in rattus.REGIONS),
                           *(f"card.{c}" for c in rattus.CARDS),
                           *(f"ability.{c}" for c in rattus.CARDS),
                           *(f"why.{r}" for r in REASONS))
               if k not in EN]
    assert missing == []
