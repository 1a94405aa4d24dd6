"""A phone's strike strip (style.css ``body[data-strike-strip]``): its tokens side by side,
turned a token back or on by its page buttons, a button hidden at its end; once told, at its
first token that cost a cube.

Why in the browser edge: paging is scrolling, the page's own business (no rule and no state
of the store); the strip is painted again token by token, so its ends are marked on
``#strike``, which stays, from the list's scroll position after every scroll.
"""

from __future__ import annotations

from pyscript import document

from browser import dom

LIST = "#strike .strike-list"


def turn(button) -> None:
    """A page button: the strip scrolls one token's width back (-1) or on (1)."""
    strip = dom.query(LIST)
    step = int(dom.attr(button, "data-strip-page") or 0)
    token = dom.query("li", strip) if strip is not None else None
    if strip is None or token is None or not step:
        return
    width = float(token.getBoundingClientRect().width) + 6  # (a token and the gap after it)
    strip.scrollLeft = float(strip.scrollLeft) + step * width
    mark_ends()


def show_the_newest() -> None:
    """A token more told: the strip shows it (the newest at its end)."""
    strip = dom.query(LIST)
    if strip is not None and int(strip.scrollWidth) > int(strip.clientWidth):
        strip.scrollLeft = strip.scrollWidth


def show_the_cost() -> None:
    """The strike told, waiting to be seen: the strip turns to its first token that cost a
    cube (``.outbreak``, R5.5), if one did: what a player must not miss (the newest token,
    shown as it was told, is often a calm one); the others a page away."""
    strip = dom.query(LIST)
    costly = dom.query(":scope > li.outbreak", strip) if strip is not None else None
    if costly is None:
        return
    strip.scrollLeft = float(strip.scrollLeft) + float(
        costly.getBoundingClientRect().right - strip.getBoundingClientRect().right)
    mark_ends()


def mark_ends() -> None:
    """``#strike`` says whether its strip is at the first or the last token (a button that
    would do nothing is hidden): ``data-strip-first``, ``data-strip-last``."""
    panel, strip = dom.by_id("strike"), dom.query(LIST)
    if panel is None:
        return
    left = float(strip.scrollLeft) if strip is not None else 0.0
    room = float(strip.scrollWidth - strip.clientWidth) if strip is not None else 0.0
    for name, at in (("data-strip-first", left <= 1), ("data-strip-last", left >= room - 1)):
        if at:
            panel.setAttribute(name, "")
        else:
            panel.removeAttribute(name)


def bind() -> None:
    """Mark the ends after any scroll of the strip (a swipe, a key, a button): a scroll does
    not bubble, so one listener catches it on its way down."""
    def on_scroll(event) -> None:
        if dom.closest(event.target, LIST) is not None:
            mark_ends()
    dom.listen(document, "scroll", on_scroll, capture=True)
