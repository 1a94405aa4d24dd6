"""Drawing: the frame of the whole page as strings (the map, the panels, the analysis, How to
play), from the UI state and what the seat at the screen may know. Touches no DOM and decides
nothing: imports ``model`` and ``text``, never ``control`` or ``browser``."""
