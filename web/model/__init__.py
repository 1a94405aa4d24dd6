"""What the page holds: the UI state, the session (one game, its seats, who sits at the
screen, its log), a new game's settings, the replay cursor, save files and replay links, and
the clickable targets a seat's legal actions make. Imports the engine and ``text`` only."""
