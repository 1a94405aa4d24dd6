"""How the browser edge writes a panel (web/browser/dom.py): lines only added at its end are
added, not the whole panel written again — a long game's log must not be parsed and laid out
anew at every move — and anything else is written whole."""

from __future__ import annotations

import fakepage  # first: puts the fake pyscript / pyodide.ffi modules in place  # noqa: F401
from browser.dom import appended
from render import panels

LOG = ["Ann places 2 cubes in Anglia.", "Bob takes the Knight."]


def test_a_new_log_line_is_added_inside_the_list() -> None:
    old, new = panels.log(LOG), panels.log([*LOG, "Ann moves the plague piece to Gallia."])
    depth, added = appended(old, new)  # type: ignore[misc]
    assert added == "<li>Ann moves the plague piece to Gallia.</li>"
    assert depth == 2  # inside the box, inside its list (h2, then div > ol)
    assert old.replace("</ol></div>", added + "</ol></div>") == new


def test_the_first_line_goes_into_the_empty_list() -> None:
    assert appended(panels.log([]), panels.log(LOG[:1])) == (2, f"<li>{LOG[0]}</li>")


def test_words_added_to_a_sentence_go_inside_its_element() -> None:
    assert appended("<p>Ann: <b>3</b> cubes</p>", "<p>Ann: <b>3</b> cubes left</p>") == \
        (1, " left")


def test_anything_but_an_addition_at_the_end_is_written_whole() -> None:
    assert appended(panels.log(LOG), panels.log(LOG[1:])) is None  # a line gone
    assert appended(panels.log(LOG), panels.log(["New game.", *LOG])) is None  # at the top
    assert appended("<p>Ann</p>", "<p>Bob</p>") is None



def test_what_follows_the_last_element_is_added_after_it() -> None:
    assert appended("<p>Ann</p>", "<p>Ann</p><p>Bob</p>") == (0, "<p>Bob</p>")
    assert appended("plain words", "plain words and more") == (0, " and more")
