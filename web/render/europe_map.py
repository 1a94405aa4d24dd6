"""The board's map of Europe: each region's land, per arrangement, as SVG path
data (render/board.py draws it under the tiles' contents).

Written by tools/europe_map.py, whose docstring says how it is made (an inflated
cartogram around render/board_layout.py's tiles, borders from R2.2): do not edit by
hand; run ``.venv/bin/python tools/europe_map.py`` after moving a tile."""

LAND: dict[str, dict[str, str]] = {
    'tall': {
        'Anglia': (
            'M0 27l3 20-2 25 1 43-2 10 4 21-2 10 4 2 90-1 8-23-2-26-5-16 1-34-4-12 3-14-1-28-30-3'
            '-56 0-5 4-2 4z'
        ),
        'Scandia': (
            'M162 157l33 0 47-1 4-9 2-6-3-26 3-39-4-22 2-39 16 3 6 42 2 2 26-2 0-59-110-1-40 2-5 '
            '20 4 19-5 8 5 22-6 8 6 16-5 14 6 16-4 13 6 14 7 5z'
        ),
        'Gallia': (
            'M17 316l6 5 21 0 18 4 31-1 2 4 4-1 3-5 11-1 2-53-1-99-90 1-8 9 1 19-9 6-4 7 0 7 14 1'
            '2-2 22z'
        ),
        'Hispania': (
            'M95 328l-2-4-31 1-18-4-21 0-6-5-2 3-15 3 0 157 64 1 24-1 2-2 0-143z'
        ),
        'Germania': (
            'M113 321l26 0 28 4 28-1 3 3 2-3 8-3 1-34-4-27 0-22 4-30-2-39-8 0 1-4-5-8-33 0-2 3 1 '
            '9-47 0 1 99z'
        ),
        'Italia': (
            'M99 327l4 4 1 144 4 5 71-1 13-4 0-3 2 0 5-40 0-22-5-29 0-24 4-30-3-3-28 1-28-4-26 0-'
            '11 1z'
        ),
        'Polonia': (
            'M208 321l29 0 14 4 28 0 14-3 4-1 1-21 9-9-8-15-1-109-4-3 0 5-87 0 2 39-4 30 0 22 4 2'
            '7z'
        ),
        'Hungaria': (
            'M194 472l6 3 0 4 20-3 43 4 22-1 4-4 7-20-3-6 0-23 4-26 0-33-4-25 0-20-14 3-28 0-14-4'
            '-29 0-8 3-2 3-4 30 0 24 5 29 0 22z'
        ),
        'Bulgaria': (
            'M293 637l0-31 6-31-6-50 0-26 2-11 3-3-3-6 1-6 10-18-1-4-3 0 0-1-6 5-7 20-4 4-22 1-43'
            '-4-20 3 0 7-3 3-1 91 0 25 4 31z'
        ),
        'Turcia': (
            'M293 637l6 3 91 0 0-153-75 0-17-2-3 3-2 11 0 26 6 50-6 31z'
        ),
        'Tartaria': (
            'M293 322l0 20 4 25 0 33-4 26 0 23 3 6 6-5 0 1 3 0 1 4 6 0 3 8 7 4 5 0 9-12 54 0 0-16'
            '4-16 0-25-6-18 0-24 6-9 9-1 21z'
        ),
        'Russia': (
            'M268 60l4 32 9 27 14 19-1 26 4 3 1 109 8 15 24-6 18 0 25 6 16 0 0-172-83 0-10-2-1-57'
            '-26 2z'
        ),
    },
}

#: Land beyond the game, drawn paler: Ireland, Africa, Asia (none on TALL)
SHORES: dict[str, str] = {
    'tall': '',
}

#: The seas' names: (name, x, y, degrees turned), written on the water.
SEA_NAMES: dict[str, tuple[tuple[str, float, float, int], ...]] = {
    'tall': (
    ),
}
