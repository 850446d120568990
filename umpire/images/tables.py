"""A table of standings: a header band in bold, rows in alternating bands, numbers aligned right.

Columns are kept apart by a clear gap with a thin rule in it, so neighbouring headers and cells
never read as one. A table is 400 units wide, never more: drawn at 800 pixels, Discord shows it
at its 400-pixel preview with the text at 15 pixels. Where the columns need more room than that,
the text columns give way: their cells and headers wrap onto more lines (a row grows as tall as
its tallest cell), and a word longer than its column is broken across lines, never cut, so every
cell shows all it says. A table of many rows is posted as several pictures
(`umpire.games.pictures.table_pictures`), never drawn smaller.
"""

from __future__ import annotations

import re
import unicodedata

from umpire.images.canvas import Canvas
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import Standings
from umpire.images.painters import painter
from umpire.images.text import prepare, width

MAX_WIDTH = WIDTH  # units: no table is wider (800 pixels drawn, Discord's 400-pixel preview)
PAD = 14  # between two columns (a rule in the middle)
ROW_PAD = 5  # units a row's band reaches past its last line
CHAR = 9  # about one character at the text size: the narrowest a column gets is two
SHARED = 0.8  # where long words must be broken, the part of the room they are held to (the rest goes by need)
_NUMBER = re.compile(r"^[-+−$]?\d[\d.,:/]*(\s*\([^)]*\))?$")


def is_number(cell: str) -> bool:
    """Whether a cell reads as a number (aligned right): `3`, `-1.5`, `$30`, `4:32`, `-5/4 (-1.25)`.

    >>> [is_number(c) for c in ("12", "-0.5", "4:32", "$30", "Hedger", "1 4 9", "")]
    [True, True, True, True, False, False, False]
    """
    return bool(_NUMBER.match(cell.strip()))


def _pieces(word: str, room: float, bold: bool) -> list[str]:
    """A word in pieces that each fit `room` units (a word that fits is one piece): broken between characters,
    never before a mark that belongs to the character ahead of it."""
    pieces: list[str] = []
    while word and width(word, TEXT, bold) > room:
        cut = 1
        for k in range(2, len(word)):
            if width(word[:k], TEXT, bold) > room:
                break
            cut = k
        while cut < len(word) - 1 and (unicodedata.combining(word[cut]) or word[cut] in "\u200d\ufe0f" or word[cut - 1] == "\u200d"):
            cut += 1  # keep a letter with its marks, and the parts of one emoji together
        pieces.append(word[:cut])
        word = word[cut:]
    return [*pieces, word] if word else pieces


def cell_lines(text: str, room: float, bold: bool = False) -> list[str]:
    """A cell's text in lines no wider than `room` units: broken at spaces, and a word too long for a line broken
    between its characters. Nothing is cut.

    >>> cell_lines("1×2 2×2 3×1 4×2", 70)
    ['1×2 2×2', '3×1 4×2']
    >>> cell_lines("Hedgerton_Fitzwilliam", 90)
    ['Hedgerton_', 'Fitzwilliam']
    """
    text = unicodedata.normalize("NFC", text)
    if width(text, TEXT, bold) <= room:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        for k, piece in enumerate(_pieces(word, room, bold)):
            joined = f"{line} {piece}" if line and k == 0 else line + piece if line else piece
            if line and (k > 0 or width(joined, TEXT, bold) > room):
                lines.append(line)
                line = piece
            else:
                line = joined
    return [*lines, line] if line else lines


def _longest_word(text: str, bold: bool) -> float:
    return max((width(w, TEXT, bold) for w in text.split(" ")), default=0.0)


def column_widths(table: Standings) -> list[float]:
    """Each column's width in units, so that the table fits `MAX_WIDTH`: each its widest cell (or its header on one
    line) if they all fit. Else each column gets its longest word (its cells and header then wrap between words) and
    the room left is shared out in proportion to what each needs beyond that; where even the longest words do not
    fit, a column's floor is its fair share of the room (its long words are then broken), never under two characters."""
    n = len(table.columns)
    room = MAX_WIDTH - 2 * MARGIN - PAD * (n - 1)
    cells = [max([width(row[i], TEXT) for row in table.rows] + [2 * CHAR]) for i in range(n)]
    natural = [max(c, width(name, TEXT, bold=True)) for c, name in zip(cells, table.columns, strict=True)]
    if sum(natural) <= room:
        return natural
    floor = [
        max([_longest_word(row[i], False) for row in table.rows] + [_longest_word(table.columns[i], True), 2 * CHAR]) for i in range(n)
    ]
    if sum(floor) > room:  # the longest words take what they need up to a cap; the widest are broken to it
        cap = max(2 * CHAR, _cap(floor, SHARED * room))
        floor = [min(f, cap) for f in floor]
    spare = max(0.0, room - sum(floor))
    beyond = [w - f for w, f in zip(natural, floor, strict=True)]
    return [f + spare * b / sum(beyond) for f, b in zip(floor, beyond, strict=True)]


def _cap(floors: list[float], room: float) -> float:
    """The widest a column may be so that columns held to it fill `room`: the narrow ones keep their width.

    >>> _cap([10, 20, 100, 200], 150), _cap([10, 20], 100)
    (60.0, 20)
    """
    left, count = room, len(floors)
    for f in sorted(floors):
        if f * count > left:
            return left / count
        left -= f
        count -= 1
    return max(floors)


def column_lefts(widths: list[float]) -> list[float]:
    """The left edge of each column."""
    lefts = []
    x = float(MARGIN)
    for w in widths:
        lefts.append(x)
        x += w + PAD
    return lefts


def _row_height(lines: int) -> int:
    return lines * LINE + ROW_PAD


def body_top(table: Standings) -> int:
    """Where the first row's text starts (below the title and the header band)."""
    widths = column_widths(table)
    rows = max((len(cell_lines(n, w, bold=True)) for n, w in zip(table.columns, widths, strict=True)), default=1)
    return MARGIN + block_height(title_lines(table.title, MAX_WIDTH - 2 * MARGIN)) + rows * LINE + 8


@painter(Standings)
def paint_standings(table: Standings) -> Canvas:
    """A table: title, header band, rows (each as tall as its tallest cell), notes."""
    widths = column_widths(table)
    total = MAX_WIDTH
    head = title_lines(table.title, total - 2 * MARGIN)
    headers = [cell_lines(name, w, bold=True) for name, w in zip(table.columns, widths, strict=True)]
    notes = [line for note in table.notes for line in wrapped(note, "dim", total - 2 * MARGIN)]
    cells = [[cell_lines(cell, widths[i]) if cell else [] for i, cell in enumerate(row)] for row in table.rows]
    heights = [_row_height(max([len(c) for c in row] + [1])) for row in cells]
    top = MARGIN + block_height(head)
    body = body_top(table)
    rows_end = body + sum(heights)
    cv = Canvas(total, rows_end + GAP + block_height(notes) + MARGIN - GAP)
    draw_title(cv, head)
    cv.rect(0, top - 5, total, body - 4, "head")
    y = body
    for r, h in enumerate(heights):
        if r % 2:
            cv.rect(0, y - 5, total, y + h - 5, "panel")
        y += h
    lefts = column_lefts(widths)
    for left in lefts[1:]:  # a thin rule in each gap, through the header and the rows
        x = left - PAD / 2
        cv.rect(x - 0.5, top - 5, x + 0.5, rows_end - 5, "edge")
    numeric = [bool(table.rows) and all(is_number(row[i]) or not row[i] for row in table.rows) for i in range(len(widths))]
    prepare([line for lines in headers for line in lines], TEXT, bold=True)  # each set of texts in one call (see `prepare`)
    prepare([line for row in cells for lines in row for line in lines], TEXT)
    for i, lines in enumerate(headers):
        _cell(cv, lines, lefts[i], widths[i], top, numeric[i], bold=True)
    y = body
    for row, h in zip(cells, heights, strict=True):
        for i, lines in enumerate(row):
            _cell(cv, lines, lefts[i], widths[i], y, numeric[i])
        y += h
    draw_lines(cv, notes, rows_end + GAP)
    return cv


def _cell(cv: Canvas, lines: list[str], left: float, w: float, y: float, numeric: bool, *, bold: bool = False) -> None:
    """A cell's lines from `y` down: aligned right in a column of numbers, else left."""
    for k, text in enumerate(lines):
        if numeric:
            cv.text_right(left + w, y + k * LINE, text, "text", TEXT, bold=bold)
        else:
            cv.text(left, y + k * LINE, text, "text", TEXT, bold=bold)
