"""A table of standings: a header band in bold, rows in alternating bands, numbers aligned right.

Columns are kept apart by a clear gap with a thin rule in it, so neighbouring headers and cells
never read as one. At least 400 units wide; a table whose columns need more grows up to
`MAX_WIDTH`, and past that the widest cells are cut with "…". A header of several words may take
two lines.
"""

from __future__ import annotations

import re

from umpire.images.canvas import Canvas
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import Standings
from umpire.images.painters import painter
from umpire.images.text import fit, prepare, width

MAX_WIDTH = 560
PAD = 22  # between two columns (a rule in the middle)
ROW_H = LINE + 5
CHAR = 9  # about one character at the text size: the narrowest column is two, a cut takes one
_NUMBER = re.compile(r"^[-+−$]?\d[\d.,:/]*(\s*\([^)]*\))?$")


def is_number(cell: str) -> bool:
    """Whether a cell reads as a number (aligned right): `3`, `-1.5`, `$30`, `4:32`, `-5/4 (-1.25)`.

    >>> [is_number(c) for c in ("12", "-0.5", "4:32", "$30", "Hedger", "1 4 9", "")]
    [True, True, True, True, False, False, False]
    """
    return bool(_NUMBER.match(cell.strip()))


def _head_width(name: str) -> float:
    return width(name, TEXT, bold=True)


def header_lines(name: str, room: float) -> list[str]:
    """A column name in at most two lines of `room` units (bold)."""
    words = name.split()
    if _head_width(name) <= room or len(words) < 2:
        return [fit(name, TEXT, room, bold=True)]
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if _head_width(first) <= room:
            return [first, fit(second, TEXT, room, bold=True)]
    return [fit(words[0], TEXT, room, bold=True), fit(" ".join(words[1:]), TEXT, room, bold=True)]


def column_widths(table: Standings) -> list[float]:
    """Each column's width in units: its widest cell and its header on one line if the table
    then fits 400 units, else its header's longest word (the header takes two lines); cut to
    fit `MAX_WIDTH` if need be."""
    cells = [max([width(row[i], TEXT) for row in table.rows] + [2 * CHAR]) for i in range(len(table.columns))]
    gaps = 2 * MARGIN + PAD * (len(cells) - 1)
    whole = [max(c, _head_width(name)) for c, name in zip(cells, table.columns, strict=True)]
    if sum(whole) + gaps <= WIDTH:
        return whole
    out = [max([c] + [_head_width(w) for w in name.split()]) for c, name in zip(cells, table.columns, strict=True)]
    while sum(out) + gaps > MAX_WIDTH and max(out) > 4 * CHAR:
        k = out.index(max(out))
        out[k] -= CHAR  # about one character less for the widest column
    return out


def column_lefts(widths: list[float]) -> list[float]:
    """The left edge of each column."""
    lefts = []
    x = float(MARGIN)
    for w in widths:
        lefts.append(x)
        x += w + PAD
    return lefts


def table_width(table: Standings) -> int:
    """The picture's width: 400 units, or more for a wide table (at most `MAX_WIDTH`)."""
    widths = column_widths(table)
    inner = sum(widths) + PAD * (len(widths) - 1)
    return max(WIDTH, min(MAX_WIDTH, round(inner + 2 * MARGIN + 0.5)))


def body_top(table: Standings) -> int:
    """Where the first row's text starts (below the title and the header band)."""
    total = table_width(table)
    widths = column_widths(table)
    rows = max((len(header_lines(n, w)) for n, w in zip(table.columns, widths, strict=True)), default=1)
    return MARGIN + block_height(title_lines(table.title, total - 2 * MARGIN)) + rows * LINE + 8


@painter(Standings)
def paint_standings(table: Standings) -> Canvas:
    """A table: title, header band, rows, notes."""
    widths = column_widths(table)
    total = table_width(table)
    head = title_lines(table.title, total - 2 * MARGIN)
    headers = [header_lines(name, w) for name, w in zip(table.columns, widths, strict=True)]
    notes = [line for note in table.notes for line in wrapped(note, "dim", total - 2 * MARGIN)]
    top = MARGIN + block_height(head)
    body = body_top(table)
    rows_end = body + len(table.rows) * ROW_H
    cv = Canvas(total, rows_end + GAP + block_height(notes) + MARGIN - GAP)
    draw_title(cv, head)
    cv.rect(0, top - 5, total, body - 4, "head")
    for r in range(1, len(table.rows), 2):
        y = body + r * ROW_H
        cv.rect(0, y - 5, total, y + ROW_H - 5, "panel")
    lefts = column_lefts(widths)
    for left in lefts[1:]:  # a thin rule in each gap, through the header and the rows
        x = left - PAD / 2
        cv.rect(x - 0.5, top - 5, x + 0.5, rows_end - 5, "edge")
    numeric = [bool(table.rows) and all(is_number(row[i]) or not row[i] for row in table.rows) for i in range(len(widths))]
    cells = [[fit(cell, TEXT, widths[i]) for i, cell in enumerate(row)] for row in table.rows]
    prepare([line for lines in headers for line in lines], TEXT, bold=True)  # each set of texts in one call (see `prepare`)
    prepare([text for row in cells for text in row if text], TEXT)
    for i, lines in enumerate(headers):
        for k, text in enumerate(lines):
            y = top + k * LINE
            if numeric[i]:
                cv.text_right(lefts[i] + widths[i], y, text, "text", TEXT, bold=True)
            else:
                cv.text(lefts[i], y, text, "text", TEXT, bold=True)
    for r, row in enumerate(cells):
        y = body + r * ROW_H
        for i, text in enumerate(row):
            if numeric[i]:
                cv.text_right(lefts[i] + widths[i], y, text, "text", TEXT)
            else:
                cv.text(lefts[i], y, text, "text", TEXT)
    draw_lines(cv, notes, rows_end + GAP)
    return cv
