"""The message catalogue: every text a player sees, by key, in English, the source language.

Why one catalogue: the glue never holds a sentence, so a language is a translation of this
file. Keys are grouped by prefix (``region.``, ``card.``, ``status.``, ``log.``, ``why.`` for
the engine's IllegalAction reasons, ``btn.``, ``ui.``, ``err.``). Values are ``str.format``
templates; :func:`t` fills them and never raises (a missing key shows as the key itself, so a
gap is visible instead of a crash).

The other languages are gettext catalogues (``web/locale/<lang>.po``, made from this file by
``tools/i18n.py`` and compiled to ``.mo`` at build time): each key is a ``msgctxt``, its English
text the ``msgid``, and a key with plural forms (``x.1``/``x.n``) one entry with the language's
own plural forms. :func:`install` puts one in use (text/language.py loads it).
"""

from __future__ import annotations

import gettext

from rattus.constants import limits

EN: dict[str, str] = {
    # -- the board (R2) ------------------------------------------------------------------
    "region.Anglia": "Anglia",
    "region.Scandia": "Scandia",
    "region.Gallia": "Gallia",
    "region.Hispania": "Hispania",
    "region.Germania": "Germania",
    "region.Italia": "Italia",
    "region.Polonia": "Polonia",
    "region.Hungaria": "Hungaria",
    "region.Bulgaria": "Bulgaria",
    "region.Turcia": "Turcia",
    "region.Tartaria": "Tartaria",
    "region.Russia": "Russia",
    "map.out_of_play": "not in play",
    "map.palace": "Palace",
    "map.plague": "plague piece",
    "map.far": "{n} steps",
    "map.supply.1": "1 rat token left in the supply",
    "map.supply.n": "{n} rat tokens left in the supply",
    "map.supply_label": "supply",
    "map.supply_ends": "may end now",
    "card.aria_take_short": "Take the {card}",
    "map.regions": "Cubes in regions",
    "map.reserve": "Reserve",
    "strike.neutral_mark": "The Knight's {n} neutral cubes counted here",
    "map.table_row": "{name}: {board} cubes in regions, {palace} in the palace, {reserve} in "
                     "reserve",
    # -- class cards (R1.4, R6) ----------------------------------------------------------
    "card.Peasant": "Peasant",
    "card.Merchant": "Merchant",
    "card.Monk": "Monk",
    "card.Knight": "Knight",
    "card.Witch": "Witch",
    "card.King": "King",
    "class.Peasant": "Peasantry",
    "class.Merchant": "Bourgeoisie",
    "class.Monk": "Church",
    "class.Knight": "Chivalry",
    "class.Witch": "Magic",
    "class.King": "Royalty",
    "ability.Peasant": "Phase B: place one cube more than the rats allow (also 1 cube where "
                       "there are no rats). Final round: place 1 cube anywhere.",
    "ability.Merchant": "Move 1 to {merchant_max} of your cubes from a region to a "
                        "neighbouring region.",
    "ability.Monk": "Move one rat token to a neighbouring region that holds fewer than {max_rats}.",
    "ability.Knight": "Move the plague piece 1 or {knight_steps} steps; it may count as "
                      "{neutral_cubes} neutral cubes in the strike.",
    "ability.Witch": "Look at a rat token, then maybe a second one; then you may swap them.",
    "ability.King": "Move one of your cubes from a region without rats into the palace.",
    "card.holder": "held by {name}",
    "card.free": "beside the board",
    "card.aria": "{card} ({cls}): {holder}. {ability}",
    "card.aria_take": "Take the {card} ({cls}), {holder}. {ability}",
    # -- token symbols (R5.5) ------------------------------------------------------------
    "sym.M": "majority",
    "sym.A": "all",
    "sym.P": "Peasant",
    "sym.B": "Merchant",
    "sym.C": "Monk",
    "sym.K": "Knight",
    "sym.W": "Witch",
    "sym.R": "King",
    # the short marks printed on tokens and cards for those symbols: one or two letters each,
    # all eight different, read as the language's own words (a German page must not show
    # "K" for the Knight next to its King); each is explained in How to play
    "sym.mark.M": "M",
    "sym.mark.A": "A",
    "sym.mark.P": "P",
    "sym.mark.B": "B",
    "sym.mark.C": "C",
    "sym.mark.K": "K",
    "sym.mark.W": "W",
    "sym.mark.R": "R",
    "token.aria": "Rat token {slot} of {region}",
    "token.aria_known": "Rat token {slot} of {region}: threshold {threshold}, {symbols}",
    # -- regions, for screen readers ---------------------------------------------------------
    "aria.region": "{region}: {rats}; {cubes}{plague}",
    "aria.region_out": "{region}: not in play",
    "aria.rats.0": "no rats",
    "aria.rats.1": "1 rat",
    "aria.rats.n": "{n} rats",
    "aria.no_cubes": "no cubes",
    "aria.cubes_of": "{colour} {count}",
    "aria.plague_here": "; plague here",
    "aria.target": " (can be chosen)",
    "aria.target_far": " (can be chosen: {n} steps away)",
    # -- colours -------------------------------------------------------------------------
    "colour.red": "red",
    "colour.blue": "blue",
    "colour.green": "green",
    "colour.yellow": "yellow",
    "colour.purple": "purple",
    "colour.black": "black",
    # -- seat kinds ----------------------------------------------------------------------
    "kind.human": "Human",
    "kind.easy": "Computer (easy)",
    "kind.normal": "Computer (normal)",
    "kind.hard": "Computer (hard)",
    "kind.friend": "A friend on another device",
    "status.remote": "Waiting for {name} to play…",
    "online.title": "Online game",
    "online.relays.connecting": "Connecting to the relays…",
    "online.relays.unreachable": "The relays cannot be reached: check the network, or the "
                                 "relays' addresses.",
    "online.invite": "Invitation for {name}",
    "online.connected": "connected",
    "online.away": "away",
    "online.computer": "Let the computer play for {name}",
    "online.qr": "QR code of the invitation for {name}",
    "online.watch": "Link to watch",
    "online.copy": "Copy",
    "online.share": "Share",
    "online.copied": "Link copied.",
    "online.share_title": "Rattus: join my game",
    "online.computer_now": "The computer plays for {name} from now on.",
    "online.take_seat": "Play it here",
    "online.joining": "Joining the game…",
    "online.waiting_host": "Waiting for the host's device…",
    "online.joined": "Connected to the host.",
    "online.wait.relays": "Joining the game: reaching the relays…",
    "online.wait.host": "Joining the game: looking for the host's device…",
    "online.wait.answer": "Joining the game: the host's device answered; its game is not "
                          "open yet…",
    "online.wait.closed": "The game is not open on the host's device now. Ask the host to "
                          "open it; this page keeps trying.",
    "online.waiting_host_closed": "The host's device was last seen {ago}: the game is not "
                                  "open there now. Ask the host to open it again; this page "
                                  "keeps trying.",
    "online.no_direct": "This browser makes no direct connections (WebRTC is off in it): the "
                        "game goes through the relays, encrypted as ever, a little slower.",
    "online.retry": "Try again",
    "online.ago_s": "{n} s ago",
    "online.ago_min": "{n} min ago",
    "online.last_seen": "last seen {ago}",
    "online.waiting_host_seen": "Waiting for the host's device — last seen {ago}…",
    "status.remote_away": "Waiting for {name} — away.",
    "status.remote_away_seen": "Waiting for {name} — away, last seen {ago}.",
    "online.refused.link": "This invitation link is incomplete: ask the host for the whole link "
                           "again. Meanwhile you may start a game here.",
    "online.refused.stale": "The game moved on before your move reached the host.",
    "online.way.direct": "direct",
    "online.way.relay": "through the relays",
    "online.way.relay_note": "No direct connection formed with the host's device: the game "
                             "goes through the relays, encrypted, a little slower.",
    "online.turn.title": "TURN server",
    "online.turn.help": "For networks where the devices cannot reach each other directly. "
                        "Kept on this device and used from its next online game.",
    "online.turn.keep": "Keep",
    "online.turn.kept": "The TURN server is kept on this device for its next online games.",
    "online.turn.cleared": "This device keeps no TURN server.",
    "online.turn.bad": "This TURN server cannot be read (write it "
                       "turn:user:password@host:3478): {server}",
    "online.ice.bad": "An ICE server in this link cannot be read and is not used: {server}",
    "online.refused.not-your-turn": "It is not your turn.",
    "online.refused.no-seat": "This device no longer holds a seat in the game.",
    "online.refused.bad-secret": "This invitation does not fit the game open on the host's "
                                 "page: ask the host to send you its link again (all of it).",
    "online.refused.no-game": "The host has no game open.",
    "online.refused.seat-taken": "This seat is played on another device.",
    "online.refused.taken": "Your seat is now played on another device.",
    "online.refused.site": "The host's page is another version of the site: reload this page.",
    "online.refused.unreadable": "The host could not read a message of this device.",
    "online.your_turn": "Your turn",
    "online.turn_alert": "Sound and vibrate when it is my turn",
    "games.online_title": "Online games you joined",
    "games.you_play": "you play {name}",
    "games.watching": "watching",
    "btn.rejoin": "Rejoin",
    "games.rejoin_aria": "Rejoin the game of {names}",
    "online.your_name": "Your name",
    "online.use_name": "Use this name",
    # the table before an online game starts, seats given and taken back, the rematch
    "online.table.title": "Your table",
    "online.table.intro": "Send each friend their invitation: a link, or the QR code to "
                          "scan. The game starts when you press Start, or by itself once "
                          "every friend is here and has given a name.",
    "online.table.all_here": "Everyone is here: the game starts.",
    "online.table.missing": "Not here yet: {names}.",
    "online.table.some_here": "Here: {here}. Not here yet: {names}.",
    "online.table.start": "Start",
    "online.table.started": "The game starts.",
    "online.table.press_start": "Waiting for your friends: press Start when you are ready.",
    "online.table.guest_title": "At {name}'s table",
    "online.table.wait_for": "Waiting for {name} to start.",
    "online.table.wait_for_here.1": "Waiting for {name} to start — {names} is here.",
    "online.table.wait_for_here.n": "Waiting for {name} to start — {names} are here.",
    "online.table.not_yet": "not here yet",
    "online.table.naming": "Choosing a name: {names}.",
    "online.table.naming_tag": "choosing a name",
    "online.table.name_prompt": "Your name, for the others: the game starts once every "
                                "friend has given one, or when {name} starts it.",
    "online.table.name_empty": "Type a name first — or wait: {name} can start the game "
                               "with you as you are.",
    "online.table.host": "on the host's device",
    "online.table.you": "(you)",
    "online.table.moved": "{name}'s seat moved to another device.",
    "online.table.back": "{name} is back: you may give the seat back.",
    "online.table.here_watching": "{name}'s device is here, watching: you may give the seat "
                                  "back.",
    "online.show_again": "Show the invitation again",
    "online.hide_again": "Hide the invitation",
    "online.computer.ask": "Let the computer play for {name}? {name}'s link still works: "
                           "when {name} comes back, {name} watches, and you may give the "
                           "seat back.",
    "online.computer.ask_here": "{name}'s device is here. Let the computer play for {name} "
                                "from now on? {name} watches, and you may give the seat "
                                "back.",
    "online.computer_plays": "the computer plays",
    "online.give_back": "Give the seat back to {name}",
    "online.given_back": "{name} plays again.",
    "online.given_back_you": "{name} gave your seat back: you play again.",
    "online.given_back_away": "The seat is {name}'s again: the game waits for {name}'s "
                              "device.",
    "online.computer_plays_you": "The computer plays your seat for now: you watch. {name} "
                                 "may give it back to you.",
    "online.refused.not-started": "The game has not started yet.",
    "online.refused.computer": "The computer plays your seat for now.",
    "online.take.ask": "This seat is played on another device. Play it here? The other "
                       "device stops playing it.",
    "online.take.watch": "Not now",
    "online.leave.seat": "Leave {name}'s seat? The game goes on on the host's device; you "
                         "can rejoin it from Your games.",
    "online.leave.watch": "Stop watching this game? You can rejoin it from Your games.",
    "online.leave.yes": "Leave",
    "online.guest.after_end": "The host, {name}, holds the whole game: you can save it and "
                              "watch its replay once it is over.",
    "res.computer_from": "computer from round {round}",
    "res.computer_round": "computer in round {round}",
    "res.computer_rounds": "computer in rounds {first}–{last}",
    "res.rematch_wait": "The host may start a rematch: this page follows.",
    "res.rematch_host_gone": "The host's page is closed: a rematch starts there, and this "
                             "page follows if it comes back.",
    "btn.rematch": "Rematch",
    "btn.results": "Results",
    "btn.leave_table": "Leave the table",
    "btn.friends": "Play with friends online…",
    "btn.friends_start": "Open the table",
    "welcome.friends": "Each friend on their own phone or computer: send them a link.",
    "dlg.friends_title": "Play with friends online",
    "dlg.friends_intro": "You play on this device; each friend on their own, from a link you "
                         "send them. Names are optional: a friend may give theirs on "
                         "joining. Choose a computer for any seat without a friend.",
    "dlg.friend_name": "optional",
    "player.friend_n": "Friend {n}",
    "player.default": "Player {n}",
    "player.you_tag": "you",
    # -- status line: what the current player may do now ---------------------------------
    "update.ready": "A new version of the game is ready. Your game is kept.",
    "status.setup": "{name}: place {count} cubes — click any highlighted region (setup).",
    "status.turn": "{name}: {options}",
    "status.final": "{name}, final turn: {options}",
    "status.opt.take": "take a class card",
    "status.opt.place": "place cubes in a highlighted region",
    "status.opt.place_final": "place 1 cube (Peasant) in a highlighted region",
    "status.opt.abilities": "use {cards}",
    "status.opt.plague": "move the plague piece (ends your turn)",
    "status.opt.end": "end your turn",
    "status.opt.join": "{a} or {b}",
    "status.opt.then": "{first}, then {last}",
    "status.place_count": "{name}: how many cubes in {region}?",
    "status.plague": "{name}: click where the plague piece goes (a neighbouring region).",
    "status.plague_knight": "{name}: click where the plague piece goes — 1 or {knight_steps} steps "
                            "with the Knight.",
    "status.plague_final": "{name}: Knight — move the plague piece up to {knight_steps} steps "
                           "(no spread, no strike).",
    "status.plague_far": "Regions {n} steps away are marked “{n} steps”.",
    "status.king": "King: click a highlighted region to move one of your cubes into the palace.",
    "status.monk_token": "Monk: click the rat token to move.",
    "status.monk_to": "Monk: click the neighbouring region the rat token goes to.",
    "status.merchant_from": "Merchant: click the region your cubes leave.",
    "status.merchant_to": "Merchant: click the neighbouring region they go to.",
    "status.merchant_count": "Merchant: how many cubes from {region} to {to}?",
    "status.witch_first": "Witch: click a rat token to look at it.",
    "status.witch_second": "Witch: look at a second rat token, or stop.",
    "status.witch_swap": "Witch: swap the two rat tokens, or keep them where they are.",
    "status.witch_keep_only": "Witch: both tokens are in the same region, so swapping them "
                              "changes nothing — keep them in place.",
    "status.spread": "{name}: the plague spreads — click a highlighted region for the new "
                     "rat token ({left} to place).",
    "status.neutral": "{name}, Knight: does the plague piece count as {neutral_cubes} "
                      "neutral cubes in this strike?",
    # an action a click completed by itself (one count, one destination: nothing was asked)
    "done.place.1": "Done: 1 cube placed in {region} — the only number you could place there.",
    "done.place.n": "Done: {n} cubes placed in {region} — the only number you could place "
                    "there.",
    "done.monk": "Done: the Monk moved the rat token from {region} to {to} — it was the only "
                 "place it could go.",
    "done.merchant_move.1": "Done: the Merchant moved 1 cube from {region} to {to} — the "
                            "only move from there.",
    "done.merchant_move.n": "Done: the Merchant moved {n} cubes from {region} to {to} — the "
                            "only move from there.",
    "done.merchant_count.1": "Done: the Merchant moved 1 cube from {region} to {to} — the "
                             "only number of cubes that could go.",
    "done.merchant_count.n": "Done: the Merchant moved {n} cubes from {region} to {to} — the "
                             "only number of cubes that could go.",
    "done.held": "{done} Your click after it was not used: click again if you meant it.",
    "status.bot": "{name} is thinking…",
    "status.bot_after": "{what} {name} is thinking…",
    "status.bot_final": "Final round: {name} plays a last turn; then the final "
                        "plague strikes every region.",
    "status.striking": "The plague strikes {regions}: the rat tokens are turned over one by "
                       "one…",
    "digest.lost.1": "You lost {n} cube since your last turn.",
    "digest.lost.n": "You lost {n} cubes since your last turn.",
    "digest.none": "You lost no cube since your last turn.",
    "digest.short": "Since your last turn: {what}",
    "digest.took_yours": "{name} took your {card}.",
    "digest.short_lost.1": "You lost {n} cube.",
    "digest.short_lost.n": "You lost {n} cubes.",
    "status.bot_next": "{name} plays next: press “Next move” when you are ready.",
    "status.bot_next_after": "Last move: {what} {name} plays next: press “Next "
                             "move” when you are ready.",
    "status.seen": "The plague struck {regions}: see the map and the strike panel. Continue "
                   "when you are ready ({name} plays next).",
    "status.and_join": "{a} and {b}",
    "status.pass": "Pass the device to {name}.",
    "status.over": "Game over — {name} wins.",
    "status.final_plague": "The final plague strikes every region, one rat token at a time…",
    "status.final_seen": "The final plague has struck every region: see what each rat token "
                         "took on the map and in the strike panel. Continue to the results.",
    "status.new_game": "Choose the players and start a new game.",
    # -- buttons -------------------------------------------------------------------------
    "btn.mode.King": "Use the King",
    "btn.mode.Monk": "Use the Monk",
    "btn.mode.Merchant": "Use the Merchant",
    "btn.mode.Witch": "Use the Witch",
    "btn.mode.plague": "Move the plague piece",
    "btn.mode.plague_final": "Knight: move the plague piece",
    "btn.count.1": "1 cube",
    "btn.count.n": "{n} cubes",
    "btn.cancel": "Cancel",
    "btn.neutral_yes": "Yes: {neutral_cubes} neutral cubes",
    "btn.neutral_no": "No",
    # (the final round: the status line says it is the final plague)
    "btn.neutral_final": "Knight: +{neutral_cubes} neutral cubes",
    "btn.witch_stop": "Stop looking",
    "btn.witch_swap": "Swap them",
    "btn.witch_keep": "Keep them in place",
    "btn.end": "End my turn",
    "btn.story_seen": "Continue",
    "btn.bot_next": "Next move",
    "pace.label": "Pace",
    "pace.step": "Step by step",
    "pace.slow": "Slow",
    "pace.normal": "Normal",
    "pace.fast": "Fast",
    "pace.instant": "Instant",
    "panel.digest": "Since your last turn",
    "panel.digest_hint": "Each line opens that moment in the replay.",
    "panel.known": "What your Witch has seen",
    "board.title": "Board as text",
    "ui.decision_area": "The decision",
    "board.col.region": "Region",
    "board.col.rats": "Rat tokens",
    "board.col.cubes": "Cubes",
    "board.col.plague": "Plague",
    "board.known": "token {slot}: threshold {threshold}, {symbols}",
    "board.cubes_of": "{name}: {count}",
    "board.plague_here": "plague piece here",
    "board.palace": "Palace: {cubes}",
    "known.token": "{region}, token {slot}: threshold {threshold} — {symbols}",
    "panel.exposed": "Struck by",
    "card.cost": "Risk: each outbreak showing {sym} costs the holder a cube there.",
    "btn.pass_ready": "I am {name} — show my turn",
    "btn.new_game": "New game",
    "btn.start": "Start the game",
    "btn.log": "Game log",
    "btn.rules": "How to play",
    "btn.close": "Close",
    "btn.play_again": "Play again",
    # -- the new-game dialog ---------------------------------------------------------------
    "dlg.title": "New game",
    "dlg.players": "Players",
    "dlg.seat": "Seat {n}",
    "dlg.name": "Name",
    "dlg.colour": "Colour",
    "dlg.kind": "Played by",
    "dlg.start": "Start player",
    "dlg.start_random": "Random",
    "dlg.seed": "Seed (optional)",
    "dlg.err.colours": "Each player needs a different colour.",
    "dlg.err.seed": "The seed must be a whole number (or empty).",
    "dlg.err.names": "Each player needs a name.",
    # -- panels ----------------------------------------------------------------------------
    "panel.cards": "Class cards",
    "panel.players": "Players",
    "panel.reserve": "Reserve",
    "panel.palace": "Palace",
    "panel.board": "On the board",
    "panel.cards_held": "Cards",
    "panel.no_cards": "none",
    "panel.score": "Score",
    "panel.turn": "to play",
    "panel.supply": "Rat tokens in the supply: {n}",
    "panel.log": "Game log",
    "panel.strike": "Last strike: {region}",
    # -- the end seen coming (R7) ------------------------------------------------------------
    "ending.low.1": "Only {n} rat token left in the supply: the game ends after the turn that "
                    "empties it.",
    "ending.low.n": "Only {n} rat tokens left in the supply: the game ends after the turn that "
                    "empties it.",
    "ending.moves_empty.1": "Only {n} rat token left: moving the plague piece to {regions} "
                            "empties the supply, and the game ends after this turn.",
    "ending.moves_empty.n": "Only {n} rat tokens left: moving the plague piece to {regions} "
                            "empties the supply, and the game ends after this turn.",
    "ending.all_empty.1": "Only {n} rat token left: any move of the plague piece empties the "
                          "supply, and the game ends after this turn.",
    "ending.all_empty.n": "Only {n} rat tokens left: any move of the plague piece empties the "
                          "supply, and the game ends after this turn.",
    "ending.spread_empties.1": "This spread empties the supply ({n} rat token left): the game "
                               "ends after this turn.",
    "ending.spread_empties.n": "This spread empties the supply ({n} rat tokens left): the game "
                               "ends after this turn.",
    "ending.cubes_last.1": "Only {n} cube left in your reserve: a placement that puts it on "
                           "the board ends the game after this turn.",
    "ending.cubes_last.n": "Only {n} cubes left in your reserve: a placement that puts them all "
                           "on the board ends the game after this turn.",
    "ending.cubes_out": "All your cubes are on the board: the game ends after this turn, unless "
                        "the plague strikes some of them this turn.",
    "ending.title": "Final round",
    "ending.why.supply": "The supply of rat tokens is empty: the game ends after this round.",
    "ending.why.cubes": "{name} has all {cubes} cubes out: the game ends after this round.",
    "ending.still": "One final turn each, counter-clockwise: only the abilities of the cards "
                    "held — no new card, no cubes placed, no plague move.",
    "ending.may.Peasant": "place 1 cube in any region",
    "ending.may.Merchant": "move up to {merchant_max} cubes to a neighbouring region",
    "ending.may.Monk": "move a rat token",
    "ending.may.Knight": "move the plague piece up to {knight_steps} steps and count it as "
                         "{neutral_cubes} neutral cubes in the final plague",
    "ending.may.Witch": "look at rat tokens and swap two",
    "ending.may.King": "move a cube into the palace",
    "ending.may.nothing": "no card: only end the turn",
    "ending.plague": "Then the final plague strikes every region with rats and cubes: its rat "
                     "tokens are turned over one at a time until no cubes are left there, and "
                     "every card held costs its holder a cube wherever its symbol breaks out. "
                     "Cubes in the palace are safe.",
    "ending.odds": "If the final plague struck now (from what you know):",
    "ending.col.loss": "expected loss",
    "ending.col.where": "where",
    "ending.loss": "≈ {cubes} cubes",
    "ending.most_in": "most in {region}",
    "panel.strike_final": "Final plague",
    "strike.page_back": "The token before",
    "strike.page_on": "The token after",
    # -- the strike, told step by step (R5.3–R5.5) -----------------------------------------
    "strike.token.1": "Token {token}: threshold {threshold}, {cubes} cube here",
    "strike.token.n": "Token {token}: threshold {threshold}, {cubes} cubes here",
    "strike.outbreak": "outbreak!",
    "strike.reached": "threshold reached",
    "strike.chip": "Threshold {threshold}, {cubes} cubes counted: {verdict} Symbols: {symbols}.",
    "strike.nothing": "no effect",
    "strike.no_loss": "No one loses a cube: its symbols hit no player with a cube here.",
    "strike.kill": "{name} loses a cube ({symbol})",
    "strike.neutral": "(+{n} neutral cubes from the Knight in {region})",
    # -- the results screen (R7.4) ---------------------------------------------------------
    "res.title": "Game over",
    "res.winner": "{name} wins!",
    "res.col.player": "Player",
    "res.col.regions": "Cubes in regions",
    "res.col.palace": "Palace",
    "res.col.score": "Score",
    # the same column heads shortened for a phone (the full words stay in their abbr title)
    "res.col.regions_short": "In regions",
    "res.col.score_short": "Score",
    "res.tie": "{names} tie with {score}. Among the tied players, the one who would "
               "have had the next turn wins — {name}.",
    # -- the game log ------------------------------------------------------------------------
    "log.setup_placed": "{name} places {count} cubes in {region} (setup).",
    "log.card_taken": "{name} takes the {card}.",
    "log.card_taken_from": "{name} takes the {card} from {other}.",
    "log.cubes_placed.1": "{name} places 1 cube in {region}.",
    "log.cubes_placed.n": "{name} places {count} cubes in {region}.",
    "log.king": "{name}'s King moves a cube from {region} into the palace.",
    "log.monk": "{name}'s Monk moves a rat token from {region} to {to}.",
    "log.merchant.1": "{name}'s Merchant moves 1 cube from {region} to {to}.",
    "log.merchant.n": "{name}'s Merchant moves {count} cubes from {region} to {to}.",
    "log.witch_look": "{name}'s Witch looks at a rat token in {region}.",
    "log.witch_swap": "{name}'s Witch swaps a rat token of {a} with one of {b}.",
    "log.plague_moved": "{name} moves the plague piece from {region} to {to}.",
    "log.rat_spread": "A new rat token from the supply spreads to {region}.",
    "log.spread_stopped.supply.1": "The supply is empty: {undrawn} rat token not drawn.",
    "log.spread_stopped.supply.n": "The supply is empty: {undrawn} rat tokens not drawn.",
    "log.spread_stopped.full.1": "Every neighbour of {region} holds {max_rats} rat tokens: "
                                 "{undrawn} not drawn.",
    "log.spread_stopped.full.n": "Every neighbour of {region} holds {max_rats} rat tokens: "
                                 "{undrawn} not drawn.",
    "log.neutral.yes": "{name}'s Knight: the plague piece counts as {neutral_cubes} neutral "
                       "cubes.",
    "log.neutral.no": "{name}'s Knight: no neutral cubes.",
    "log.strike.1": "The plague strikes {region} ({cubes} cube there).",
    "log.strike.n": "The plague strikes {region} ({cubes} cubes there).",
    "log.strike_neutral.1": "The plague strikes {region} ({cubes} cube there + the Knight's "
                            "{neutral} neutral cubes = {counted} cubes counted).",
    "log.strike_neutral.n": "The plague strikes {region} ({cubes} cubes there + the Knight's "
                            "{neutral} neutral cubes = {counted} cubes counted).",
    "log.no_strike.no rats": "No strike in {region}: no rat tokens.",
    "log.no_strike.no cubes": "No strike in {region}: no cubes.",
    "log.token_revealed.yes.1": "Rat token revealed in {region}: {threshold}+ {symbols}; "
                                "{cubes} cube — outbreak!",
    "log.token_revealed.yes.n": "Rat token revealed in {region}: {threshold}+ {symbols}; "
                                "{cubes} cubes — outbreak!",
    "log.token_revealed.calm.1": "Rat token revealed in {region}: {threshold}+ {symbols}; "
                                 "{cubes} cube — threshold reached, but no one loses a cube.",
    "log.token_revealed.calm.n": "Rat token revealed in {region}: {threshold}+ {symbols}; "
                                 "{cubes} cubes — threshold reached, but no one loses a cube.",
    "log.token_revealed.no.1": "Rat token revealed in {region}: {threshold}+ {symbols}; "
                               "{cubes} cube — no effect.",
    "log.token_revealed.no.n": "Rat token revealed in {region}: {threshold}+ {symbols}; "
                               "{cubes} cubes — no effect.",
    "log.cube_killed": "{name} loses a cube in {region} ({symbol}).",
    "log.turn": "— {name}'s turn —",
    "log.turn_final": "— {name}'s final turn —",
    "log.final_round.supply": "The supply of rat tokens is empty, so the game is ending: a "
                              "final turn each for {names} (counter-clockwise), then the final "
                              "plague.",
    "log.final_round.cubes": "{name} has all {cubes} cubes out, so the game is ending: a final "
                             "turn each for {names} (counter-clockwise), then the final plague.",
    "log.final_plague": "Final plague: the plague strikes every region.",
    "log.game_over": "Game over: {name} wins.",
    # -- why a click did nothing (the engine's IllegalAction reasons, rattus/refusals.py) --------
    "why.not_in_play": "{region} is not in play in this game.",
    "why.game_over": "The game is over.",
    "why.setup_pending": "During setup each player only places {setup_cubes} cubes in a region.",
    "why.spread_pending": "First place the rat tokens that the plague spreads.",
    "why.neutral_pending": "First say whether the Knight's plague piece counts as "
                           "{neutral_cubes} cubes.",
    "why.witch_pending": "First finish the Witch: look at a second token, swap, or stop.",
    "why.final_round": "In the final round only the abilities of the cards you hold may be used.",
    "why.turn_ends_with_plague": "A regular turn ends by moving the plague piece.",
    "why.no_card": "You do not hold the {card}.",
    "why.ability_used": "The {card} has already been used this turn.",
    "why.card_taken": "You have already taken a class card this turn.",
    "why.card_held": "You already hold the {card}.",
    "why.placed": "You have already placed cubes this turn.",
    "why.reserve_empty": "Your reserve is empty.",
    "why.no_rats": "{region} has no rat tokens, so it takes no cubes.",
    "why.wrong_count.1": "You may place {counts} cube in {region} now.",
    "why.wrong_count.n": "You may place {counts} cubes in {region} now.",
    "why.region_has_rats": "The King only saves a cube from a region without rat tokens.",
    "why.no_cube_there": "You have no cube in {region}.",
    "why.not_neighbour": "{to} is not a neighbour of {region}.",
    "why.no_token": "{region} has no rat token number {slot}.",
    "why.region_full": "{region} already holds {max_rats} rat tokens.",
    "why.neighbours_full": "Every neighbour of {region} already holds {max_rats} rat tokens.",
    "why.too_few_cubes.1": "You have no cube in {region}.",
    "why.too_few_cubes.n": "You do not have {count} cubes in {region}.",
    "why.plague_stay": "The plague piece must leave its region.",
    "why.plague_too_far": "The plague piece cannot reach {region} this turn.",
    "why.not_now": "That is not possible now.",
    "why.bad_notation": "That is not possible now.",
    "why.not_your_turn": "Wait: it is {name}'s turn.",
    "why.pass_first": "First hand the device to {name}: press “I am {name} — show my turn”.",
    "why.busy": "Wait a moment: the plague is being resolved.",
    "why.seen_first": "First press “Continue”: the game waits until you have seen the "
                      "strike.",
    "why.pick_token": "Click a rat token (not the region).",
    "why.replay": "This is the replay: leave it (“Back to the game”) to play.",
    # -- URL parameters and loading ------------------------------------------------------------
    "err.url": "The address has a problem: {problem} Choose the game here instead.",
    "err.url.players": "“players” must be 2, 3 or 4.",
    "err.url.seed": "“seed” must be a whole number.",
    "err.url.start": "“start” must be a seat number from 0 to {max} or “random”.",
    "err.url.names": "“names” must list one name per player, comma-separated, each of 40 "
                     "characters at most (it lists {given} for {n} players).",
    "err.url.bots": "“bots” must list, per seat, 0, human, easy, normal or hard.",
    "err.url.colors": "“colors” must list different colours from: {choices}.",
    "err.url.pace": "“pace” must be a number of milliseconds (0 to 60000) or slow, normal, "
                     "fast or instant.",
    "err.map": "The map could not be loaded ({detail}).",
    "err.internal": "Something went wrong: {detail}",
    # -- keeping games: autosave, undo, save files, replay -----------------------------
    "btn.undo": "Undo",
    "btn.replay": "Replay",
    "btn.export": "Save to a file",
    "btn.import": "Open a saved game…",
    "btn.export_short": "Save",
    "btn.import_short": "Open…",
    "btn.cancel_dialog": "Back to the game",
    "btn.confirm_new": "Start the new game",
    "btn.confirm_back": "Back",
    "btn.open_file_game": "Open the saved game",
    "btn.keep_current": "Keep the current game",
    "btn.replay_start": "◀◀ Start",
    "btn.replay_back": "◀ Back",
    "btn.replay_forward": "Forward ▶",
    "btn.replay_end": "End ▶▶",
    "btn.replay_leave": "Back to the game",
    "btn.replay_leave_over": "Leave the replay",
    "btn.replay_game": "Replay the game",
    "undo.ok": "Takes back: {what}",
    "undo.ok_plain": "Undo takes back your last move.",
    "undo.why.start": "Nothing to undo yet.",
    "undo.why.turn": "Nothing to undo in this turn.",
    "undo.why.witch": "No undo: the Witch has looked at a rat token.",
    "undo.why.plague": "No undo: the plague has moved (rat tokens drawn or revealed).",
    "undo.why.over": "No undo: the game is over.",
    "undo.why.no-seed": "No undo: this game cannot be replayed (no seed).",
    "undo.why.not-yours": "Only the player whose turn it is can undo, on their own turn.",
    "undo.why.replay": "Leave the replay to undo.",
    "undo.done": "Taken back: {action}",
    "replay.why.busy": "Wait a moment: the plague is being resolved.",
    "status.replay": "Replay — move {step} of {total}: {what}",
    "status.replay_start": "Replay — the board after setup was drawn (move 0 of {total}).",
    "ui.replay_public": "Replay: public view (no secrets shown). The live game waits.",
    "ui.replay_over": "Replay of a finished game: every face as it was revealed.",
    "replay.bar": "Replay controls",
    "replay.slider": "Move",
    "replay.log_aria": "Go to move {step}: {line}",
    "confirm.title": "Please confirm",
    "confirm.new_game": "A game is in progress ({summary}). Starting a new game replaces it "
                        "in this browser (save it to a file first to keep it).",
    "confirm.import": "A game is in progress ({summary}). Open the game from “{name}” "
                      "instead? The current game will be replaced in this browser.",
    "save.summary": "{names}, {moves} moves",
    "note.imported": "Game opened from “{name}”.",
    "note.exported": "Game saved to “{name}”.",
    "err.import": "Could not open “{name}”: {reason} The current game is unchanged.",
    "err.storage": "The game saved in this browser could not be loaded: {reason} "
                   "Start a new game (the damaged save is kept aside).",
    "err.storage_write": "This browser does not let the page keep the game (its storage is "
                         "full or switched off). The game goes on here, but a reload or a "
                         "closed tab would lose it: use “Save” to download it as a file, and "
                         "“Open…” to continue it later.",
    "err.storage_read": "This browser does not let the page read its storage, so no game "
                        "can be kept or resumed here.",
    # -- your games: one slot per game, one game per tab ----------------------------
    "btn.games": "Your games",
    "welcome.games": "Resume a game kept in this browser, or delete one.",
    "games.title": "Your games",
    "games.intro": "Every game is kept in this browser, saved after each move.",
    "games.empty": "No game is kept in this browser yet.",
    "games.bot": "{name} (computer)",
    "games.setup": "setting up, {moves} moves",
    "games.turn": "turn {turn}, {moves} moves",
    "games.over": "the game is over",
    "games.over_won": "{name} won",
    "games.status.playing": "In progress",
    "games.status.over": "Over",
    "games.saved": "Last played {when}",
    "games.where.here": "(open in this tab)",
    "games.where.elsewhere": "(open in another tab)",
    "games.resume_aria": "Resume the game of {names}",
    "games.delete_aria": "Delete the game of {names}",
    "btn.resume": "Resume",
    "btn.back_to_game": "Back to the game",
    "btn.delete": "Delete",
    "btn.delete_yes": "Delete it",
    "btn.delete_no": "Keep it",
    "confirm.delete": "Delete the game {summary}? It cannot be brought back (use “Save” first "
                      "to keep a copy as a file).",
    "note.deleted": "Deleted: {summary}.",
    "err.games.gone": "That game is no longer kept in this browser (deleted in another tab?).",
    "why.games.here": "This game is open in this tab: open another game first to delete it.",
    "why.games.elsewhere": "This game is open in another tab: close it there first to delete "
                           "it.",
    "why.elsewhere": "This game is being played in another tab: choose “Play it here” to play "
                     "it in this one.",
    "undo.why.elsewhere": "No undo here: this game is being played in another tab.",
    "undo.why.online": "No undo in a game played on several devices.",
    "status.elsewhere": "This game is open in another tab: this tab only shows it.",
    "ui.elsewhere": "Played in another tab: moves here would overwrite it, so this tab "
                    "neither plays nor saves it.",
    "btn.take_over": "Play it here",
    "note.elsewhere.taken": "Taken over in another tab: this tab stopped saving it.",
    "note.took_over": "You play this game here now; the other tab only shows it.",
    "err.save.empty": "the file is empty.",
    "err.save.not_text": "the file is not text (UTF-8).",
    "err.save.too_big": "the file is too large for a saved game (over {limit} kB).",
    "err.save.not_json": "this is not a Rattus save file (not JSON: {detail}); it may be "
                         "truncated.",
    "err.save.foreign": "this is not a Rattus save file.",
    "err.save.version": "this save file has format version {version}; this page reads "
                        "version {supported}.",
    "err.save.field": "the save file is damaged (“{field}” is missing or wrong).",
    "err.save.no_seed": "the saved game has no seed, so its moves cannot be checked.",
    "err.save.seats": "the save file is damaged (players: {problem}).",
    "err.save.game": "the saved game is not valid — {detail}.",
    "err.save.damaged": "the save file is damaged ({detail}).",
    # -- misc ------------------------------------------------------------------------------------
    "ui.title": "Rattus",
    "ui.language": "Language",
    "ui.toolbar": "Game",
    "ui.skip_map": "Skip to the map",
    "num.decimal_point": ".",
    "err.language_load": "The words for \"{code}\" could not be loaded: the page stays in "
                         "its language. Reload the page to try again.",
    "err.language": "There is no language \"{code}\" here: English, Español, Deutsch and "
                    "Dansk are.",
    # -- before Python runs (index.html's own script, from the build: boot.*) ------------
    "boot.loading": "Loading the game…",
    "boot.first_visit": "The first visit downloads the game's Python runtime; later visits "
                        "start faster, even offline.",
    "boot.failed": "The game could not start: {detail}. Reload the page; if it happens again, "
                   "try another browser.",
    "boot.failed_short": "The game could not start: {detail}.",
    "boot.script": "a script failed to load",
    "boot.runtime_file": "The game could not start: a file of the Python runtime ({file}) could "
                         "not be loaded ({detail}). Reload the page; if it happens again, try "
                         "another browser.",
    "boot.timeout": "Python did not start within 60 seconds. Check your connection and reload "
                    "the page (a recent Chrome, Firefox, Edge or Safari is needed).",
    "boot.stalled": "Nothing of the game has arrived for {seconds} seconds: the connection "
                    "seems lost. Check it and reload the page.",
    "ui.about": "Rattus rules engine {version} · Regions: {regions}",
    "ui.you_are": "This screen shows the view of: {name}.",
    "ui.spectator": "Public view (no secrets shown).",
    "ui.pass_title": "Pass to {name}",
    "ui.pass_text": "{name}, it is your turn.",
    "ui.pass_text_secret": "{name}, it is your turn. The others should look away: the screen "
                           "will show what your Witch has seen.",
    # -- the welcome ------------------------------------------------------------
    "welcome.title": "Welcome to Rattus",
    "welcome.intro": "The Black Death sweeps across Europe. Spread your people over its "
                     "regions, win the favour of the six classes, and steer the plague so that "
                     "the rats strike the others harder than you. For 2–4 players.",
    "btn.quick_play": "Play against the computer",
    "welcome.quick_play": "You against two computer players (normal): about 5–8 minutes.",
    "btn.pass_and_play": "Pass and play…",
    "welcome.pass_and_play": "Several people at one screen, or your own set-up.",
    "btn.learn": "Learn to play",
    "welcome.learn": "A guided first game against one easy computer player.",
    "btn.help": "How to play",
    "welcome.help": "The rules, illustrated, with every symbol of the board.",
    "welcome.open": "Continue a game saved to a file.",
    "player.you": "Player 1",
    "player.computer_n": "Computer {n}",
    # -- How to play: one reference, by section (rule numbers: docs/RULES.md) ------------------
    "help.title": "How to play",
    "help.contents": "Contents",
    "help.rules": "Rules {rules}",
    "help.goal.title": "The goal",
    "help.goal.1": "Each player has {cubes} cubes (their people) in one colour. Place them in "
                   "the regions of Europe, and keep them alive: when the game ends, the player "
                   "with the most cubes in the regions and in the palace wins.",
    "help.setup.title": "Setting up",
    "help.setup.1": "Every region in play gets one face-down rat token, and the plague piece "
                    "starts on a random region. Then each player places {setup_cubes} cubes "
                    "in one region, in turn, and then again in reverse order (A B C D D C B A). "
                    "No rats are needed for these placements.",
    "help.turn.title": "A turn: A, B, then C",
    "help.turn.1": "A — take a class card (optional, once): from beside the board or from "
                   "another player. You keep it until someone takes it from you.",
    "help.turn.2": "B — place cubes (optional, once): in one region, exactly as many cubes as "
                   "it has rat tokens. A region without rats takes none.",
    "help.turn.3": "Use the abilities of the cards you hold, each once, at any moment before C.",
    "help.turn.4": "C — move the plague piece to a neighbouring region (it must move). This "
                   "ends your turn: the plague spreads and strikes there.",
    "help.plague.title": "The plague: spread and strike",
    "help.plague.1": "Spread: count the rat tokens in the plague region. 1 token → draw 1 new "
                     "token; 2 or 3 → draw 2. You place them on neighbours of the plague "
                     "region. No region ever holds more than {max_rats} rat tokens.",
    "help.plague.2": "Strike: if the plague region has rats and cubes, its tokens are turned "
                     "face up one at a time, oldest first. If the cubes there reach the token's "
                     "threshold (the number), the plague breaks out and its symbols hit; either "
                     "way the token leaves the game.",
    "help.plague.3": "On the map a revealed token shows its threshold and its symbols; a red "
                     "one broke out. The cubes it cost show as “−1” in the player's colour.",
    "help.symbols.title": "The symbols on rat tokens",
    "help.symbols.1": "{M} (majority): the player with the most cubes there loses one (on a "
                      "tie, each tied player does). "
                      "{A} (all): everyone with a cube there loses one. A class card's mark: "
                      "the player holding that card loses one cube there — so every card you "
                      "hold is also a risk.",
    "help.symbols.2": "The marks: {P} Peasant, {B} Merchant (Bourgeoisie), {C} Monk (Church), "
                      "{K} Knight, {W} Witch, {R} King (Royalty). {M} symbols are applied first.",
    "help.cards.title": "The six class cards",
    "help.cards.1": "Each card's ability may be used once per turn, before moving the plague "
                    "piece, also in the turn you took it. The card's mark on a token that "
                    "breaks out costs its holder a cube.",
    "help.card.Peasant.example": "Example: Gallia has 3 rats; with the Peasant you may place 4 "
                                 "cubes there — or 1 cube in a region without rats.",
    "help.card.Merchant.example": "Example: your 3 cubes in Italia are about to be struck: "
                                  "move 2 of them to Gallia first.",
    "help.card.Monk.example": "Example: move a rat token from the region you want to settle "
                              "into a neighbour where your rivals live.",
    "help.card.Knight.example": "Example: the plague piece is two regions away from a crowded "
                                "rival region: reach it this turn, and count the piece as "
                                "{neutral_cubes} extra cubes to reach a high threshold. Neutral "
                                "cubes alone never start a strike.",
    "help.card.Witch.example": "Example: look at a token in your region; if it is dangerous, "
                               "look at a token elsewhere and swap the two.",
    "help.card.King.example": "Example: move a cube from a region without rats into the "
                              "palace, where it is safe and still counts at the end.",
    "help.end.title": "The end of the game",
    "help.end.1": "The game ends after the turn in which the supply of rat tokens runs out, or "
                  "in which the player whose turn it was has all {cubes} cubes out (regions "
                  "and palace).",
    "help.end.2": "Final round: every other player gets one final turn, counter-clockwise. In "
                  "it you may only use the cards you hold: no new card, no placing, no plague "
                  "move — except the Peasant (1 cube anywhere) and the Knight (move the plague "
                  "piece, no spread and no strike, and the neutral cubes for the final plague).",
    "help.end.3": "Final plague: then the plague strikes every region in play, all its tokens.",
    "help.tiebreak.title": "Who wins, and ties",
    "help.tiebreak.1": "Score: your cubes in the regions plus your cubes in the palace. On a "
                       "tie, the tied player who would have had the next turn wins.",
    "help.palace.title": "The palace",
    "help.palace.1": "Cubes the King moves into the palace are safe for the rest of the game "
                     "and count at the end.",
    "help.legend.title": "What the board shows",
    "help.legend.target": "A region you may click now (hatched, dashed outline).",
    "help.legend.far": "A region the Knight's plague piece reaches in two steps.",
    "help.legend.out": "A region not in play with this number of players.",
    "help.legend.token": "A face-down rat token (its slot order is its arrival order).",
    "help.legend.starting": "A starting rat token (purple rim): one of the 12 put out at "
                            "setup.",
    "help.legend.odds": "With Odds on: the region's colour says how much a strike there would "
                        "cost you; the numbers are the cubes you and the others can expect to "
                        "lose.",
    "help.legend.known": "A token your Witch has seen: its threshold on it; its symbols in "
                         "“What your Witch has seen”.",
    "help.legend.revealed": "A token revealed by a strike; red: it broke out.",
    "help.legend.cubes": "Cubes: a player's piece (their colour and shape) with the number of "
                         "their cubes in the region; each player has a column of their own.",
    "help.legend.loss": "Cubes a strike has just cost, under the player's column.",
    "help.legend.plague": "The plague piece.",
    "help.legend.sea": "Dashed lines over the blue sea: sea links, neighbours across the "
                       "water; a line between two lands: a land border. The paler lands "
                       "(Africa, Asia) are not in the game. Where a region's pieces have no "
                       "room on its land, they stand on a parchment plate that belongs to "
                       "that region (highlighted with it).",
    "help.legend.supply": "The supply: the rat tokens left (the game ends after the turn that "
                          "empties it) and the class cards beside the board.",
    "help.legend.table": "Each player's cubes in regions, in the palace and in reserve, and the "
                         "cards they hold; the player to move is framed.",
    "help.keys.title": "Keyboard",
    "help.keys.1": "The map is one stop of the Tab key: Tab reaches it once, on the region you "
                   "were last on (or the first you may choose). There, the arrow keys move to "
                   "the region that lies that way on the map; when a decision asks for a rat "
                   "token, Down goes from a region's name to its tokens and Left and Right go "
                   "along them. Enter or Space chooses; a region or token that cannot be chosen "
                   "says why. Every decision can be made with the keyboard; in a dialog, Tab "
                   "stays inside it and Escape closes it; elsewhere Escape cancels a choice "
                   "half made, as Cancel does.",
    "help.keys.2": "Shortcut keys (outside a text field):",
    "help.key.m": "the map",
    "help.key.d": "the decision's buttons (a count, an ability, End turn, Continue…)",
    "help.key.c": "the class cards",
    "help.key.u": "Undo",
    "help.key.l": "show or hide the game log",
    "help.key.p": "the pace",
    "help.key.h": "How to play (open or close)",
    "help.key.b": "the board as text",
    "btn.help_here": "?",
    "help.here": "How to play: this decision",
    # -- the guided first game (coach notes) --------------------------------------------------
    "coach.title": "Learn to play",
    "coach.ending.1": "This game is near its end, so you will see how a game ends. The supply "
                      "holds only {n} rat token, and each spread of the plague draws from it. "
                      "When it is empty, the game ends.",
    "coach.ending.n": "This game is near its end, so you will see how a game ends. The supply "
                      "holds only {n} rat tokens, and each spread of the plague draws from it. "
                      "When it is empty, the game ends.",
    "coach.turn": "Your turn. (A) You may take a class card from the panel, (B) you may place "
                  "cubes in a highlighted region — as many as it has rats — and (C) you must "
                  "end by moving the plague piece.",
    "coach.plague": "Now click a neighbouring region: the plague piece moves there, the rats "
                    "spread and the plague strikes. Aim it at your rivals, not at your own "
                    "cubes.",
    "coach.spread": "The plague spreads: new rat tokens come from the supply — 1 if the plague "
                    "region holds 1 rat token, 2 if it holds 2 or 3. Place each on a "
                    "highlighted neighbour (at most {max_rats} per region).",
    "coach.strike": "A strike! Each token is turned over: if the cubes there reach its "
                    "number, its symbols hit. The map shows each token turned over and each "
                    "cube lost (“−1”).",
    "coach.neutral": "You hold the Knight: the plague piece may count as {neutral_cubes} extra "
                     "cubes, to reach a high threshold. Yes or no?",
    "coach.odds": "Where is it dangerous? Press “{odds}”: each region shows how many of your "
                  "cubes a strike there would cost you.",
    "coach.risk": "The end is near. Each card you hold ({cards}) is a risk: the final plague "
                  "strikes every region with rats and cubes, and each symbol of your cards "
                  "costs you a cube where it breaks out.",
    "coach.risk.none": "The end is near. Each card you hold then is a risk: the final plague "
                       "strikes every region with rats and cubes, and each symbol of a card "
                       "costs its holder a cube where it breaks out.",
    "coach.hint": "Not sure what to do? Press “{hint}”: the computer suggests a move and says "
                  "why.",
    "coach.odds.touch": "Where is it dangerous? Tap “{odds}” (on a phone it is in the "
                        "“Menu”): each region shows how many of your cubes a strike there "
                        "would cost you.",
    "coach.hint.touch": "Not sure what to do? Tap “{hint}” (on a phone it is in the row of "
                        "buttons at the foot of the screen): the computer suggests a move and "
                        "says why.",
    "coach.final": "The supply is empty: the final round. Each player but the last one has one "
                   "final turn, with only their cards' abilities: no new card, no cubes, no "
                   "plague move. Then the final plague strikes every region.",
    "coach.final.order": "In this order, the other way round the table: {order}.",
    "coach.now.turn": "Now: take a card, place cubes or use a card's ability if you like — then "
                      "end your turn with “{plague}”.",
    "coach.now.plague": "Now click a highlighted region: the plague piece moves there.",
    "coach.now.plague.touch": "Now tap a highlighted region: the plague piece moves there.",
    "coach.now.spread": "Now click a highlighted region for each new rat token ({left} to "
                        "place).",
    "coach.now.spread.touch": "Now tap a highlighted region for each new rat token ({left} to "
                              "place).",
    "coach.now.neutral": "Now answer with the buttons: does the plague piece count as "
                         "{neutral_cubes} neutral cubes?",
    "coach.now.final": "Your final turn: use the abilities of the cards you hold if you like, "
                       "then “{end}”.",
    "coach.now.other": "Now finish this step: the line above the map says what you may do "
                       "(“{cancel}” goes back).",
    "coach.now.wait": "{name} is playing now. Watch the map and the log: the next note comes "
                      "at its moment.",
    "coach.final_plague": "The final plague struck every region with rats and cubes: its rat "
                          "tokens were turned over one at a time, until no cubes were left "
                          "there. The tokens it did not reach, and all those in regions "
                          "without cubes, stay face down. The board shows what each revealed "
                          "token cost.",
    "coach.end.title": "What you learned",
    "coach.end.1": "A turn: take a card, place cubes where rats are, move the plague piece.",
    "coach.end.2": "When the supply is empty, the game ends: a final round — one last turn "
                   "for each other player, the other way round the table — then the final "
                   "plague strikes every region.",
    "coach.end.3": "Each card you hold is a risk at the end.",
    "coach.end.4": "“{odds}” shows where a strike would hurt; “{hint}” suggests a move.",
    "coach.end.5": "The most cubes in regions and palace wins.",
    "btn.real_game": "Play a real game",
    "btn.coach_ok": "Got it",
    "status.lesson_read": "{name} waits until you have read the lesson's note.",
    # -- the post-game analysis and replay links --------------------------------
    "analysis.title": "How the game went",
    "analysis.chart.title": "Cubes per player (regions and palace), turn by turn",
    "analysis.chart.intro": "Cubes in the regions and the palace at the start of each of "
                            "{turns} turns (the last is the end of the game).",
    "analysis.chart.seat": "{name}: {first} at the first turn, {most} at most, {last} at the "
                           "end.",
    "analysis.chart.x": "Turn",
    "analysis.chart.y": "Cubes",
    "analysis.chart.end": "end",
    "analysis.col.player": "Player",
    "analysis.col.lost": "Cubes lost",
    "analysis.col.strikes": "Strikes suffered",
    "analysis.col.expected": "Expected loss",
    "analysis.col.luck": "Luck",
    "analysis.col.lost_short": "Lost",
    "analysis.col.strikes_short": "Strikes",
    "analysis.col.expected_short": "Expected",
    "analysis.luck_note": "Expected loss: the cubes a player could expect to lose in the "
                          "strikes, from what everyone could see before each one. Luck: "
                          "expected minus lost — above zero, the plague was kinder than the "
                          "odds.",
    "analysis.moments": "Moments that swung the game",
    "analysis.moments_hint": "Every strike that cost cubes, the costliest first. Each opens "
                             "that strike in the replay.",
    "analysis.no_moments": "No strike cost a cube.",
    "analysis.moment.strike": "The plague strikes {region}: {losses}.",
    "analysis.moment.loss.1": "{name} loses 1 cube ({expected} expected)",
    "analysis.moment.loss.n": "{name} loses {n} cubes ({expected} expected)",
    "replay.strike": "the plague strikes {region}",
    "analysis.final_region": "{region} (final plague)",
    "analysis.swing": "{swing} cubes away from the odds",
    "err.share": "This replay link cannot be opened: {reason}",
    "err.share.empty": "it holds no game.",
    "err.share.foreign": "it is not a Rattus replay link.",
    "err.share.version": "it was made by another version of this page (link format "
                         "{version}; this page reads format {supported}).",
    "err.share.too_long": "it is longer than any game's link (over {limit} characters).",
    "err.share.damaged": "it is damaged — perhaps cut short or changed when it was copied.",
    "err.share.unfinished": "the game in it is not finished.",
    # -- outbreak odds -----------------------------------------------------------
    "btn.odds": "Odds",
    "btn.analysis": "Game analysis",
    "btn.share": "Copy replay link",
    "note.shared": "Replay link (copied if the browser allowed it): {url}",
    "note.shared_opened": "Replay of a shared game: step through it with the buttons below.",
    "btn.hint": "Hint",
    "btn.update": "New version — reload",
    "hint.thinking": "Looking for a good move…",
    "hint.text": "Hint (what the Hard computer player would do): {sentence}",
    "hint.reason.only_move": "This is the only move.",
    "plan.step": "{action}: {reason}",
    "act.setup": "Place 2 cubes in {region}",
    "act.take": "Take the {card}",
    "act.place.1": "Place {n} cube in {region}",
    "act.place.n": "Place {n} cubes in {region}",
    "act.king": "King: move a cube from {region} into the palace",
    "act.monk": "Monk: move rat token {slot} of {region} to {to}",
    "act.merchant.1": "Merchant: move {n} cube from {region} to {to}",
    "act.merchant.n": "Merchant: move {n} cubes from {region} to {to}",
    "act.witch": "Witch: look at rat token {slot} of {region}",
    "act.witch_swap": "Witch: swap the two rat tokens",
    "act.witch_done": "Witch: stop looking",
    "act.plague": "Move the plague piece to {region}",
    "act.neutral_yes": "Count the Knight's two neutral cubes",
    "act.neutral_no": "Do not count the Knight's neutral cubes",
    "act.spread": "Put the new rat token on {region}",
    "act.end": "End your final turn",
    "hint.reason.setup_far": "Start in {region}: far from the plague.",
    "hint.reason.setup_next": "Start in {region}: the best start found, though it is next to "
                              "the plague (a risk worth taking here).",
    "hint.reason.setup_under": "Start in {region}: the best start found, though the plague is "
                               "there (a risk worth taking here).",
    "hint.reason.take_card": "Take the {card}: its ability is worth more than the risk of its "
                             "symbol.",
    "hint.reason.take_card_from_leader": "Take the {card} from the leader ({from_name}): it "
                                         "weakens them.",
    "hint.reason.take_card_exposure": "Take the {card}: its symbol then hits you, but it is "
                                      "safe where your cubes stand.",
    "hint.reason.safe_place.1": "Place {n} cube in {region}: the rats there are unlikely to "
                                "strike hard.",
    "hint.reason.safe_place.n": "Place {n} cubes in {region}: the rats there are unlikely to "
                                "strike hard.",
    "hint.reason.place_majority.1": "Place {n} cube in {region}: it gives you the majority "
                                    "there.",
    "hint.reason.place_majority.n": "Place {n} cubes in {region}: it gives you the majority "
                                    "there.",
    "hint.reason.place_cubes.1": "Place {n} cube in {region}: the best use of your cubes now.",
    "hint.reason.place_cubes.n": "Place {n} cubes in {region}: the best use of your cubes "
                                 "now.",
    "hint.reason.king_palace": "Move a cube from {region} to the palace with the King: it is "
                               "safe there.",
    "hint.reason.monk_protect": "Move a rat token from {region} to {to} with the Monk: away "
                                "from your cubes.",
    "hint.reason.monk_attack": "Move a rat token from {region} to {to} with the Monk: onto "
                               "your rivals.",
    "hint.reason.merchant_escape.1": "Move {n} cube from {region} to {to} with the Merchant: "
                                     "out of danger.",
    "hint.reason.merchant_escape.n": "Move {n} cubes from {region} to {to} with the Merchant: "
                                     "out of danger.",
    "hint.reason.merchant_move.1": "Move {n} cube from {region} to {to} with the Merchant.",
    "hint.reason.merchant_move.n": "Move {n} cubes from {region} to {to} with the Merchant.",
    "hint.reason.witch_look": "Look at a rat token in {region} with the Witch: your cubes "
                              "depend on it.",
    "hint.reason.witch_swap": "Swap the two rat tokens you looked at: the worse one goes to "
                              "your rivals.",
    "hint.reason.witch_done": "Stop the Witch here.",
    "hint.reason.strike_others": "Move the plague piece to {region}: rat tokens {rats}, rival "
                                 "cubes {rivals}, yours {own}.",
    "hint.reason.plague_harmless": "Move the plague piece to {region}: it costs you nothing "
                                   "there.",
    "hint.reason.plague_least_harm": "Move the plague piece to {region}: the least harm to you "
                                     "among the choices.",
    "hint.reason.spread_onto_rivals": "Put the rat token on {region}: rival cubes {rivals}, "
                                      "yours {own}.",
    "hint.reason.spread_away": "Put the rat token on {region}: none of your cubes are there.",
    "hint.reason.spread_least_harm": "Put the rat token on {region}: the least harm to you.",
    "hint.reason.neutral_yes": "Count the Knight's {neutral_cubes} neutral cubes: more rat "
                               "tokens break out on your rivals.",
    "hint.reason.neutral_no": "Do not count the neutral cubes: they would make the rats strike "
                              "you.",
    # what a hint's claim on the odds rests on (rattus/bots/hint.py ON_FACES): counts only
    "hint.basis.hidden.1": "From what you have seen: 1 rat token there lies face down, and "
                           "it could be any of the {unseen} faces you have not seen ({supply} "
                           "of those are still in the supply).",
    "hint.basis.hidden.n": "From what you have seen: {n} rat tokens there lie face down, and "
                           "each could be any of the {unseen} faces you have not seen "
                           "({supply} of those are still in the supply).",
    "hint.basis.also_known.1": "Your Witch saw 1 more there.",
    "hint.basis.also_known.n": "Your Witch saw {n} more there.",
    "hint.basis.all_known": "You know every face there: your Witch saw them.",
    "hint.reason.final_place": "Place your last Peasant cube in {region}: no rats there.",
    "hint.reason.end_turn": "End your turn: nothing more helps.",
    "hint.reason.take_card_plain": "Take the {card}.",
    "hint.reason.monk_move": "Move a rat token from {region} to {to} with the Monk.",
    "hint.reason.witch_look_plain": "Look at a rat token in {region} with the Witch.",
    "hint.reason.witch_swap_plain": "Swap the two rat tokens you looked at.",
    "hint.reason.plague_move": "Move the plague piece to {region}.",
    "hint.reason.spread_plain": "Put the rat token on {region}.",
    "hint.reason.neutral_yes_plain": "Count the Knight's {neutral_cubes} neutral cubes.",
    "hint.reason.neutral_no_plain": "Do not count the neutral cubes.",
    "hint.reason.final_place_any": "Place your last Peasant cube in {region}.",
    "btn.show_turn": "Show my turn",
    "btn.show_turn_short": "My turn",
    # a phone: the side panels as sheets over the board, opened from the dock (render/panels.py)
    "ui.dock": "Panels",
    "dock.cards": "Cards",
    "dock.players": "Players",
    "dock.history": "History",
    "dock.more": "More",
    "dock.news": "new",
    "dock.way.direct": "direct",
    "dock.way.relay": "relays",
    "dock.offers": "a card you may take from another player",
    "btn.back_to_board": "Back to the board",
    "plan.thinking": "Working out your whole turn…",
    "plan.ready.1": "Your turn as the Hard computer player would play it: {n} step; the "
                    "next one is marked on the board.",
    "plan.ready.n": "Your turn as the Hard computer player would play it: {n} steps; the "
                    "next one is marked on the board.",
    "plan.title": "Your turn, as Hard would play it",
    "plan.done": "Done:",
    "plan.then_look": "Then decide by what the Witch shows you.",
    "plan.stale": "That turn no longer fits the position: ask again.",
    "btn.plan_next": "Play this step",
    "btn.plan_all": "Play the whole turn",
    "log.hint": "{name} asks for a hint: {sentence}",
    "log.plan.1": "{name} asks to be shown their turn ({n} step).",
    "log.plan.n": "{name} asks to be shown their turn ({n} steps).",
    "odds.words": "If the plague struck {region} now: {p}% that a cube dies; you would lose "
                  "{mine} cubes on average, the others {others}.",
    "odds.note": "Odds of a strike now, from what you know (before any spread).",
    "odds.key.title": "Odds:",
    "odds.key.shade": "the redder a region, the more cubes a strike there now would cost you "
                      "(from what you know) —",
    "odds.key.upto": "up to {cubes}",
    "odds.key.more": "more than {cubes}",
    "odds.key.mine": "your expected loss,",
    "odds.key.others": "the others'.",
    "btn.coach_leave": "Leave the lesson",
    "btn.coach_restart": "Restart the lesson",
    # -- a phone: the toolbar folded into a menu, the map zoomed by touch ----------
    "btn.menu": "Menu",
    "btn.whole_map": "Whole map",
    # the same texts on a touch screen (``pointer: coarse``): "tap", not "click" (see t)
    "status.setup.touch": "{name}: place {count} cubes — tap any highlighted region (setup).",
    "status.plague.touch": "{name}: tap where the plague piece goes (a neighbouring region).",
    "status.plague_knight.touch": "{name}: tap where the plague piece goes — 1 or "
                                  "{knight_steps} steps with the Knight.",
    "status.king.touch": "King: tap a highlighted region to move one of your cubes into the "
                         "palace.",
    "status.monk_token.touch": "Monk: tap the rat token to move.",
    "status.monk_to.touch": "Monk: tap the neighbouring region the rat token goes to.",
    "status.merchant_from.touch": "Merchant: tap the region your cubes leave.",
    "status.merchant_to.touch": "Merchant: tap the neighbouring region they go to.",
    "status.witch_first.touch": "Witch: tap a rat token to look at it.",
    "status.spread.touch": "{name}: the plague spreads — tap a highlighted region for the new "
                           "rat token ({left} to place).",
    "why.pick_token.touch": "Tap a rat token (not the region).",
    "done.held.touch": "{done} Your tap after it was not used: tap again if you meant it.",
    "help.legend.target.touch": "A region you may tap now (hatched, dashed outline).",
    "coach.plague.touch": "Now tap a neighbouring region: the plague piece moves there, the rats "
                          "spread and the plague strikes. Aim it at your rivals, not at your own "
                          "cubes.",
    "help.aids.title": "Odds and hints",
    "help.aids.1": "Odds (toolbar): each region in play is shaded by how many cubes a strike "
                   "there would cost you now, from what you know (the rat tokens' usual "
                   "faces, and those your Witch has seen); its badge says your expected loss "
                   "and the others'. Before any spread, so it is a guide, not a promise.",
    "help.aids.2": "Hint (toolbar): what the Hard computer player would do now, highlighted "
                   "on the board, with its reason in one line. A hint is noted in the log.",
    "help.touch.title": "Touch screens",
    "help.touch.1": "Tap a highlighted region, rat token, card or button to choose it; a tap "
                    "near it is enough (a tap between two zooms in on them, so that the next "
                    "one tells them apart). Move two fingers together or apart on the map to "
                    "zoom, drag it to move it, and “{whole_map}” shows all of it again. The "
                    "toolbar is behind “{menu}”.",
}

#: The source catalogue: every key the glue may ask for, with its English text.
CATALOGUE: dict[str, str] = EN

#: Touch variants: on a touch screen, a key ``x`` with a ``x.touch`` in the
#: catalogue is said by that one ("tap" where the plain text says "click"; a finger taps). A
#: variant is an ordinary entry, so each language translates it as its own text.
TOUCH = ".touch"
_touch = False


def use_touch(touch: bool) -> None:
    """Say "tap" (a touch screen) or "click" from now on: the page learns which at start
    (``pointer: coarse``) and calls this before its first render."""
    global _touch
    _touch = touch

#: The translation in use (English: none) and its language code.
_active: gettext.NullTranslations = gettext.NullTranslations()
LANGUAGE = "en"


def install(code: str, translation: gettext.NullTranslations | None) -> None:
    """Speak ``code`` from now on (``None``: English, the source)."""
    global _active, LANGUAGE
    _active = translation or gettext.NullTranslations()
    LANGUAGE = code if translation is not None else "en"


def edition() -> tuple:
    """What every text depends on besides its key and fields — the language, its
    translation, tap or click — for a drawing kept while they stay the same
    (render/board.py)."""
    return LANGUAGE, id(_active), _touch


class _Lenient(dict):
    """Format arguments that leave an unknown field visible instead of raising."""

    def __missing__(self, key):
        return "{" + key + "}"


#: The game's numbers (the engine's ``constants.limits()``, as in every view's ``limits``):
#: every text may say ``{cubes}``, ``{max_rats}``, ``{setup_cubes}``, ``{knight_steps}``,
#: ``{neutral_cubes}``, ``{merchant_max}`` instead of retyping a number of the rulebook.
NUMBERS = limits()


def t(key: str, **kwargs) -> str:
    """The text for ``key`` filled with ``kwargs`` (and the game's numbers); the key itself if
    the catalogue lacks it."""
    if _touch and key + TOUCH in CATALOGUE:
        key += TOUCH
    template = CATALOGUE.get(key)
    if template is None:
        return key
    return _fill(_active.pgettext(key, template), kwargs)


def tn(key: str, n: int, **kwargs) -> str:
    """The text for ``n`` of something, in the plural form the language takes for ``n``
    (English: ``key.1`` or ``key.n``), filled with ``n`` and ``kwargs``."""
    one, many = CATALOGUE.get(f"{key}.1"), CATALOGUE.get(f"{key}.n")
    if one is None or many is None:
        return key
    return _fill(_active.npgettext(key, one, many, n), {**kwargs, "n": n})


def _fill(template: str, fields: dict) -> str:
    try:
        return template.format_map(_Lenient({**NUMBERS, **fields}))
    except (ValueError, IndexError):
        return template


def decimal(x: float, digits: int = 1) -> str:
    """``x`` with ``digits`` decimals and the language's decimal point (1.5, 1,5)."""
    return f"{x:.{digits}f}".replace(".", t("num.decimal_point"))


def region(name: str) -> str:
    return t("region." + name)


def card(name: str) -> str:
    return t("card." + name)


def mark(sym: str) -> str:
    """A token symbol's short mark in the page's language (``sym.mark.*``), e.g. ``Kö``."""
    return t("sym.mark." + sym)


def sym_marks(syms, sep: str = "") -> str:
    """A token's symbols as their marks, e.g. ``MBC`` (English) or ``MhKaMö`` (German)."""
    return sep.join(mark(s) for s in syms)


def symbols(syms) -> str:
    """A token's symbols in words, e.g. ``majority, Merchant, Monk``."""
    return ", ".join(t("sym." + s) for s in syms) or "—"


def join_and(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return t("status.and_join", a=", ".join(items[:-1]), b=items[-1])


def join_or(items: list[str]) -> str:
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return t("status.opt.join", a=", ".join(items[:-1]), b=items[-1])
