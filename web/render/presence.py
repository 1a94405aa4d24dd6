"""Who is here in an online game, in words (docs/online.md, "Who is here"): "away, last seen
20 s ago", the status while a turn waits on an absent player, and a guest's page while it
joins — what it waits for, and the button to try again.

Why its own module: the host's page, a guest's page, the players' panel and the status line
all say presence the same way; the numbers come from the model's ``Online`` (the browser
edge gives them in steps, so the page is not redrawn every second).
"""

from __future__ import annotations

from text.catalogue import t

from render.escaping import esc

#: What a guest's page waits for while it joins (the browser edge says which).
WAITS = {"relays": "online.wait.relays", "host": "online.wait.host",
         "answer": "online.wait.answer", "closed": "online.wait.closed"}


def ago(seconds: float) -> str:
    """How long ago, as a player reads it: "20 s ago", "3 min ago"."""
    if seconds < 60:
        return t("online.ago_s", n=int(seconds))
    return t("online.ago_min", n=int(seconds // 60))


def away_for(online, seat: int) -> int | None:
    """Seconds the device of ``seat`` has been away (None: here, or not known)."""
    if online is None or seat >= len(online.away_for):
        return None
    return online.away_for[seat]


def seen_tag(online, seat: int) -> str:
    """ "last seen 20 s ago" beside an away seat ("" while it is here)."""
    away = away_for(online, seat)
    if away is None or away <= 0:
        return ""
    return (f' <span class="tag seen" data-seen="{seat}">'
            f'{esc(t("online.last_seen", ago=ago(away)))}</span>')


def waiting_on(online, seat: int | None, name: str) -> str | None:
    """The status while the turn waits on ``seat``'s device and it is away (None: it is
    here, or this is no online game)."""
    if online is None or seat is None or seat >= len(online.connected) or \
            online.connected[seat]:
        return None
    away = away_for(online, seat)
    if away:
        return t("status.remote_away_seen", name=name, ago=ago(away))
    return t("status.remote_away", name=name)


def host_away(online) -> str:
    """A guest's status while the host's device is away: after a while without an
    answer, that the game is not open there now (and what to do)."""
    if online.waiting == "closed":
        return t("online.waiting_host_closed", ago=ago(online.host_away_for or 0))
    if online.host_away_for:
        return t("online.waiting_host_seen", ago=ago(online.host_away_for))
    return t("online.waiting_host")


def joining(online) -> str:
    """A guest's status before the host's first state: what it waits for (or why it cannot
    join: a cut link, a refusal)."""
    if online.problem:
        return t("online.refused." + online.problem)
    return t(WAITS.get(online.waiting, "online.joining"))


def retry_button(online, key: bool = True) -> str:
    """ "Try again" (the room opened anew) once a guest has waited a while (``key``: the
    one the keyboard's focus keeps; the decision bar's copy, for a phone, has none)."""
    if not online.slow or online.problem:  # (a refusal that ends the hellos: no retry helps)
        return ""
    keyed = ' data-key="online-retry"' if key else ""
    return (f'<button type="button" class="btn" data-choice="online-retry"{keyed}>'
            f'{esc(t("online.retry"))}</button>')
