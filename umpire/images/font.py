"""umpire's own bitmap font: 5x7 capitals and digits, lower case with descenders, common symbols.

No system font is read, so text comes out the same pixels everywhere. A glyph is 5 units wide
and 9 tall (rows 0-6 above the baseline, 7-8 for descenders); text is drawn at a whole-number
scale (2: 10x14-pixel capitals, readable in Discord's preview). Characters outside the font are
first reduced to a near ASCII spelling (accents dropped, typographic dashes and quotes made plain),
and anything left is drawn as a hollow box.

>>> width("Hap", 2), HEIGHT
(34, 9)
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from umpire.images.shapes import Spans

WIDTH = 5  # units per glyph
HEIGHT = 9  # units per line of glyphs, descenders included
CAP = 7  # units above the baseline
ADVANCE = WIDTH + 1  # a glyph and one unit of space

# Each glyph: rows top to bottom, "#" ink and "." paper; rows 7-8 only where a letter descends.
_GLYPHS: dict[str, str] = {
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "####. ....# ....# .###. ....# ....# ####.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "###.. #..#. #...# #...# #...# #..#. ###..",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "a": "..... ..... .###. ....# .#### #...# .####",
    "b": "#.... #.... #.##. ##..# #...# #...# ####.",
    "c": "..... ..... .###. #.... #.... #...# .###.",
    "d": "....# ....# .##.# #..## #...# #...# .####",
    "e": "..... ..... .###. #...# ##### #.... .###.",
    "f": "..##. .#..# .#... ###.. .#... .#... .#...",
    "g": "..... ..... .#### #...# #...# .#### ....# ....# .###.",
    "h": "#.... #.... #.##. ##..# #...# #...# #...#",
    "i": "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
    "j": "...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..",
    "k": "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
    "l": ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "m": "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
    "n": "..... ..... #.##. ##..# #...# #...# #...#",
    "o": "..... ..... .###. #...# #...# #...# .###.",
    "p": "..... ..... ####. #...# #...# ####. #.... #.... #....",
    "q": "..... ..... .#### #...# #...# .#### ....# ....# ....#",
    "r": "..... ..... #.##. ##..# #.... #.... #....",
    "s": "..... ..... .###. #.... .###. ....# ####.",
    "t": ".#... .#... ###.. .#... .#... .#..# ..##.",
    "u": "..... ..... #...# #...# #...# #..## .##.#",
    "v": "..... ..... #...# #...# #...# .#.#. ..#..",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    "y": "..... ..... #...# #...# #...# .#### ....# ....# .###.",
    "z": "..... ..... ##### ...#. ..#.. .#... #####",
    " ": "..... ..... ..... ..... ..... ..... .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    "-": "..... ..... ..... ##### ..... ..... .....",
    "=": "..... ..... ##### ..... ##### ..... .....",
    "/": "....# ....# ...#. ..#.. .#... #.... #....",
    "*": "..... #.#.# .###. ##### .###. #.#.# .....",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    "_": "..... ..... ..... ..... ..... ..... #####",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    ",": "..... ..... ..... ..... ..... .##.. .##.. ..#.. .#...",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    ";": "..... .##.. .##.. ..... ..... .##.. .##.. ..#.. .#...",
    "'": "..#.. ..#.. .#... ..... ..... ..... .....",
    '"': ".#.#. .#.#. #.#.. ..... ..... ..... .....",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    "[": ".###. .#... .#... .#... .#... .#... .###.",
    "]": ".###. ...#. ...#. ...#. ...#. ...#. .###.",
    "<": "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "%": "##..# ##..# ...#. ..#.. .#... #..## #..##",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    "@": ".###. #...# #.### #.#.# #.##. #.... .###.",
    "|": "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "~": "..... ..... .#... #.#.# ...#. ..... .....",
    "^": "..#.. .#.#. #...# ..... ..... ..... .....",
    "·": "..... ..... ..... .##.. .##.. ..... .....",
    "…": "..... ..... ..... ..... ..... ..... #.#.#",
    "×": "..... #...# .#.#. ..#.. .#.#. #...# .....",  # multiplication, centred like + and =
    "✓": "..... ....# ...## #.##. ###.. .#... .....",
    "✗": "#...# ##.## .###. ..#.. .###. ##.## #...#",
    "$box": "##### #...# #...# #...# #...# #...# #####",
}

# Typographic characters a title or name may hold, and their plain spellings.
_PLAIN = {
    "—": "-",
    "–": "-",
    "−": "-",
    "‐": "-",
    "÷": "/",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
    "•": "·",
    "✔": "✓",
    "✅": "✓",
    "❌": "✗",
    "\t": " ",
}

BOX = "$box"


def _parse(rows: str) -> tuple[str, ...]:
    parts = tuple(rows.split())
    if len(parts) not in (CAP, HEIGHT) or any(len(p) != WIDTH or set(p) - {"#", "."} for p in parts):
        raise ValueError(f"bad glyph rows {rows!r}")
    return parts + ("." * WIDTH,) * (HEIGHT - len(parts))


GLYPHS: dict[str, tuple[str, ...]] = {ch: _parse(rows) for ch, rows in _GLYPHS.items()}


def plain(text: str) -> str:
    """`text` in the characters the font has: typographic marks made plain, accents dropped,
    anything else left as is (it draws as a box).

    >>> plain("Zoë — 3÷4")
    'Zoe - 3/4'
    """
    out = []
    for ch in text:
        if ch in GLYPHS:
            out.append(ch)
            continue
        if ch in _PLAIN:
            out.append(_PLAIN[ch])
            continue
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base if base and all(c in GLYPHS for c in base) else ch)
    return "".join(out)


def glyph(ch: str) -> tuple[str, ...]:
    """The rows of one character's glyph (a box for a character the font does not have)."""
    return GLYPHS.get(ch, GLYPHS[BOX])


@lru_cache(maxsize=2048)
def spans(ch: str, scale: int) -> Spans:
    """The glyph's ink as horizontal spans (dy, x0, x1), x1 exclusive, in pixels at `scale`."""
    out = []
    for r, row in enumerate(glyph(ch)):
        x = 0
        while x < WIDTH:
            if row[x] == "#":
                start = x
                while x < WIDTH and row[x] == "#":
                    x += 1
                for k in range(scale):
                    out.append((r * scale + k, start * scale, x * scale))
            else:
                x += 1
    return Spans(out)


def width(text: str, scale: int) -> int:
    """Pixels `text` takes at `scale` (no trailing space after the last glyph)."""
    n = len(plain(text))
    return 0 if n == 0 else (n * ADVANCE - 1) * scale


def fit(text: str, scale: int, room: int) -> str:
    """`text` as drawn, cut with "…" at the end if it is wider than `room` pixels.

    >>> fit("Hedger the Great", 2, 100)
    'Hedger…'
    """
    text = plain(text)
    if width(text, scale) <= room:
        return text
    cut = max(0, (room // scale + 1) // ADVANCE - 1)  # characters kept, with room for the "…"
    return text[:cut].rstrip() + "…"


def wrap(text: str, scale: int, room: int) -> list[str]:
    """`text` broken at spaces into lines no wider than `room` pixels (a word too long is cut)."""
    lines: list[str] = []
    line = ""
    for word in plain(text).split(" "):
        candidate = f"{line} {word}" if line else word
        if width(candidate, scale) <= room:
            line = candidate
            continue
        if line:
            lines.append(line)
        line = fit(word, scale, room)
    if line or not lines:
        lines.append(line)
    return lines
