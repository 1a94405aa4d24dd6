"""An online game's table as the page draws it (docs/online.md): the online panel (each
friend's invitation with its link, copy, share and QR code, the link to watch, who is here and
how each device is reached, the network's settings), the table before the start (the host's
and a guest's), and the words a guest's page says while it joins.

Why its own module: these are the online game's screens, drawn from the model's ``Online``
alone; the game's panels (render/panels.py) know nothing of rooms and links.
"""

from __future__ import annotations

from model.game_config import unnamed
from text.catalogue import join_and, t, tn

from render import pieces, presence
from render.escaping import esc
from render.panels import swatch


def online(room, seats, turn_alert: bool = False) -> str:
    """An online game's panel (docs/online.md): on the host's page each friend's invitation
    (its link to copy or share, its QR code, filled in by the browser from ``data-qr``), who
    is connected, a computer for an absent friend, the link to watch; on a guest's page its
    standing with the host; on both, whether this device sounds and vibrates when its turn
    comes (``turn_alert``). ``room`` is the model's ``Online``."""
    relays = {"connecting": "online.relays.connecting",
              "unreachable": "online.relays.unreachable"}.get(room.relays)
    parts = [f'<h2>{esc(t("online.title"))}</h2>']
    if relays is not None:
        role = ' role="alert"' if room.relays == "unreachable" else ""
        parts.append(f'<p class="online-relays" data-relays="{esc(room.relays)}"{role}>'
                     f'{esc(t(relays))}</p>')
    if not room.direct:
        parts.append(f'<p class="online-no-direct" data-direct="none">'
                     f'{esc(t("online.no_direct"))}</p>')
    parts.append(f'<button type="button" class="btn turn-alert" data-choice="toggle-turn-alert" '
                 f'data-key="toggle-turn-alert" aria-pressed="{"true" if turn_alert else "false"}">'
                 f'{pieces.icon_html("bell")} {esc(t("online.turn_alert"))}</button>')
    if room.role == "host":
        parts.extend(invitation(room, seats, seat, link) for seat, link in room.invitations)
        if room.watch:
            parts.append(f'<div class="invite" data-invite="w"><h3>{esc(t("online.watch"))}</h3>'
                         + _link_row("w", room.watch, t("online.watch")) + "</div>")
        return "".join(parts) + _network(room)
    if room.problem in ("seat-taken", "taken"):
        parts.append(f'<p>{esc(t("online.refused.seat-taken"))}</p>'
                     f'<button type="button" class="btn primary" data-choice="online-take-seat">'
                     f'{esc(t("online.take_seat"))}</button>')
    elif room.problem:
        parts.append(f'<p>{esc(t("online.refused." + room.problem))}</p>')
    elif not room.joined:
        parts.append(f'<p data-waiting="{esc(room.waiting)}">{esc(presence.joining(room))}</p>'
                     + presence.retry_button(room))
    elif not room.host_here:
        parts.append(f'<p>{esc(presence.host_away(room))}</p>' + presence.retry_button(room))
    else:
        parts.append(f'<p>{esc(t("online.joined"))} {_way(room.way, "host")}</p>')
        if room.way == "relay" and room.direct:  # (else said at the top)
            parts.append(f'<p class="online-way-note">{esc(t("online.way.relay_note"))}</p>')
    if room.joined and room.seat is not None and room.seat < len(seats):
        parts.append(
            f'<div class="invite-link"><label for="online-name">{esc(t("online.your_name"))}'
            f'</label><input type="text" id="online-name" maxlength="24" '
            f'value="{esc(seats[room.seat].name)}"><button type="button" class="btn" '
            f'data-choice="online-name">{esc(t("online.use_name"))}</button></div>')
    return "".join(parts) + _network(room)


def _way(way: str, key: str) -> str:
    """How this device reaches another: directly, or through the relays (docs/online.md)."""
    words = {"direct": "online.way.direct", "relay": "online.way.relay"}.get(way)
    if words is None:
        return ""
    return (f' <span class="tag way {way}" data-way="{esc(key)}" data-how="{way}">'
            f'{esc(t(words))}</span>')


def _network(room) -> str:
    """The network's settings: the link's ICE servers that could not be read (said, not
    used), and the TURN servers this device keeps for its online games."""
    said = "".join(f'<p class="online-ice-bad" role="alert">'
                   f'{esc(t("online.ice.bad", server=bad[:120]))}</p>'
                   for bad in room.ice_problems)
    return (said + f'<details class="online-net"{" open" if room.ice_problems else ""}>'
            f'<summary>{esc(t("online.turn.title"))}</summary>'
            f'<p class="online-turn-help">{esc(t("online.turn.help"))}</p>'
            f'<div class="invite-link"><input type="text" id="online-turn" '
            f'value="{esc(room.turn)}" placeholder="turn:user:password@host:3478" '
            f'spellcheck="false" autocomplete="off" aria-label="{esc(t("online.turn.title"))}">'
            f'<button type="button" class="btn" data-choice="online-turn">'
            f'{esc(t("online.turn.keep"))}</button></div></details>')


def invitation(room, seats, seat: int, link: str, keyed: bool = True) -> str:
    """A friend's seat on the host's page: who is there, and while the friend is not the
    invitation (its link to copy or share, its QR code, filled in by the browser from
    ``data-qr``); a taken seat's invitation is hidden unless shown again. At the table or
    during the game: the computer for a friend, absent or here (asked first), the seat given back.
    ``keyed``: its buttons carry their ``data-key`` (not the table dialog's copy, drawn
    beside the side panel's)."""
    name = seats[seat].name if seat < len(seats) else str(seat + 1)
    computer = seat < len(seats) and seats[seat].is_bot
    connected = room.is_connected(seat)
    here = (seat < len(room.here) and room.here[seat]) or (not computer and connected)
    seen = presence.away_for(room, seat) or 0  # (0: never heard, on this host page's life)
    if computer:
        state = t("online.computer_plays", name=name)
    else:
        state = (t("online.connected") if here else t("online.away") if seen > 0
                 else t("online.table.not_yet"))
    label = t("online.invite", name=name)

    def key(k: str) -> str:
        return f' data-key="{k}"' if keyed else ""

    way = room.ways[seat] if connected and seat < len(room.ways) else ""
    parts = [f'<div class="invite" data-invite="{seat}"><h3>{esc(label)} '
             f'<span class="tag" data-connected="{seat}">{esc(state)}</span>'
             f'{"" if here or computer else presence.seen_tag(room, seat)}'
             f'{_way(way, str(seat))}</h3>']
    if computer:
        if here:
            parts.append(f'<p class="invite-back" role="status">'
                         f'{esc(t("online.table.here_watching", name=name))}</p>')
        parts.append(f'<button type="button" class="btn{" primary" if here else ""}" '
                     f'data-choice="online-back:{seat}"{key(f"online-back-{seat}")}>'
                     f'{esc(t("online.give_back", name=name))}</button>')
    shown = not here or seat in room.shown_again
    if shown:
        parts.append(_link_row(str(seat), link, label)
                     + f'<div class="qr" data-qr="{esc(link)}" role="img" '
                       f'aria-label="{esc(t("online.qr", name=name))}"></div>')
    if here:
        toggle = "online.hide_again" if seat in room.shown_again else "online.show_again"
        parts.append(f'<button type="button" class="btn linkish" data-choice="online-show:{seat}" '
                     f'aria-pressed="{"true" if shown else "false"}">{esc(t(toggle))}</button>')
    if not computer:  # (a friend here too: one who must leave; asked first)
        parts.append(f'<button type="button" class="btn" data-choice="online-computer:{seat}"'
                     f'{key(f"online-computer-{seat}")}>'
                     f'{esc(t("online.computer", name=name))}</button>')
    return "".join(parts) + "</div>"


def table_host(room, seats) -> str:
    """The host's table before the game starts (docs/online.md, "The table"): the seats, who
    has come, each absent friend's invitation, and Start."""
    friends = [seat for seat, _link in room.invitations]
    here = [seats[p].name for p in friends if p < len(room.here) and room.here[p]]
    missing = [seats[p].name for p in friends if not (p < len(room.here) and room.here[p])]
    naming = [seats[p].name for p in friends if p < len(room.here) and room.here[p]
              and p < len(seats) and unnamed(seats[p], p)]
    said = (t("online.table.all_here") if not missing and not naming else
            t("online.table.naming", names=join_and(naming)) if not missing else
            t("online.table.missing", names=join_and(missing)) if not here else
            t("online.table.some_here", here=join_and(here), names=join_and(missing)))
    if missing and naming:
        said += " " + t("online.table.naming", names=join_and(naming))
    rows = "".join(_table_row(p, seat, room.here) for p, seat in enumerate(seats))
    invites = "".join(invitation(room, seats, seat, link, keyed=False)
                      for seat, link in room.invitations)
    return (f'<div class="dialog table" role="dialog" aria-modal="true" '
            f'aria-labelledby="table-title" data-screen="table">'
            f'<h2 id="table-title" tabindex="-1">{esc(t("online.table.title"))}</h2>'
            f'<p>{esc(t("online.table.intro"))}</p>'
            f'<p class="table-state" role="status" data-missing="{len(missing)}">'
            f'{esc(said)}</p><ul class="table-seats">{rows}</ul>'
            f'<div class="table-invites online">{invites}</div>'
            f'<div class="dialog-buttons"><button type="button" class="btn" '
            f'data-choice="new-game" data-key="table-new-game">{esc(t("btn.new_game"))}</button>'
            f'<button type="button" class="btn primary" data-choice="online-start" '
            f'data-key="table-start">{esc(t("online.table.start"))}</button></div></div>')


def table_guest(seats, here, mine: int | None, host: str) -> str:
    """A guest's page before the host starts: "Waiting for Ann to start — Bo and Cy are
    here", the seats and who has come."""
    rows = "".join(_table_row(p, seat, here, mine) for p, seat in enumerate(seats))
    # (asked of a friend nobody named yet: the table waits for it, or for the host's Start)
    asked = mine is not None and mine < len(seats) and unnamed(seats[mine], mine)
    prompt = (f'<p class="table-name-prompt" data-asked="name">'
              f'{esc(t("online.table.name_prompt", name=host))}</p>' if asked else "")
    name = "" if mine is None or mine >= len(seats) else (  # (names are optional: given here)
        f'<div class="online">{prompt}<div class="invite-link"><label for="table-name">'
        f'{esc(t("online.your_name"))}</label><input type="text" id="table-name" '
        f'maxlength="24" value="{"" if asked else esc(seats[mine].name)}" '
        f'placeholder="{esc(seats[mine].name)}"{" autofocus" if asked else ""}>'
        f'<button type="button" class="btn" data-choice="online-name">'
        f'{esc(t("online.use_name"))}</button></div></div>')
    return (f'<div class="dialog table" role="dialog" aria-modal="true" '
            f'aria-labelledby="table-title" data-screen="table">'
            f'<h2 id="table-title" tabindex="-1">'
            f'{esc(t("online.table.guest_title", name=host))}</h2>'
            f'<p class="table-state" role="status">'
            f'{esc(waiting_for(seats, here, host))}</p>'
            f'<ul class="table-seats">{rows}</ul>{name}</div>')


def waiting_for(seats, here, host: str) -> str:
    """"Waiting for Ann to start — Bo and Cy are here" (the friends whose device is here)."""
    came = [s.name for p, s in enumerate(seats) if s.is_friend and p < len(here) and here[p]]
    if not came:
        return t("online.table.wait_for", name=host)
    return tn("online.table.wait_for_here", len(came), name=host, names=join_and(came))


def _table_row(p: int, seat, here, mine: int | None = None) -> str:
    if seat.is_friend and p < len(here) and here[p] and unnamed(seat, p):
        state = t("online.table.naming_tag")
    elif seat.is_friend:
        state = t("online.connected") if p < len(here) and here[p] else t("online.table.not_yet")
    elif seat.is_bot:
        state = t("kind." + seat.kind)
    else:
        state = t("online.table.host")
    you = f' <b>{esc(t("online.table.you"))}</b>' if mine == p else ""
    return (f'<li data-seat="{p}">{swatch(p, seat.colour)}{esc(seat.name)}{you} '
            f'<span class="tag" data-here="{p}">{esc(state)}</span></li>')


def _link_row(key: str, link: str, label: str) -> str:
    return (f'<div class="invite-link"><input type="text" readonly value="{esc(link)}" '
            f'aria-label="{esc(label)}" data-link="{key}">'
            f'<button type="button" class="btn" data-choice="online-copy:{key}">'
            f'{esc(t("online.copy"))}</button>'
            f'<button type="button" class="btn" data-choice="online-share:{key}">'
            f'{esc(t("online.share"))}</button></div>')
