"""A table of standings: a header band, rows in alternating bands, numbers aligned right.

At least 400 pixels wide; a table whose columns need more grows up to `MAX_WIDTH`, and past
that the widest cells are cut with "…". A header of several words may take two lines.
"""

from __future__ import annotations

import re

from umpire.images.canvas import Canvas
from umpire.images.font import ADVANCE, fit, width
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, block_height, draw_lines, wrapped
from umpire.images.model import Standings

MAX_WIDTH = 560
PAD = 14  # between two columns
ROW_H = LINE + 4
_NUMBER = re.compile(r"^[-+−$]?\d[\d.,:/]*(\s*\([^)]*\))?$")


def is_number(cell: str) -> bool:
    """Whether a cell reads as a number (aligned right): `3`, `-1.5`, `$30`, `4:32`, `-5/4 (-1.25)`.

    >>> [is_number(c) for c in ("12", "-0.5", "4:32", "$30", "Hedger", "1 4 9", "")]
    [True, True, True, True, False, False, False]
    """
    return bool(_NUMBER.match(cell.strip()))


def _header_lines(name: str, room: int) -> list[str]:
    """A column name in at most two lines of `room` pixels."""
    words = name.split()
    if width(name, TEXT) <= room or len(words) < 2:
        return [fit(name, TEXT, room)]
    for cut in range(len(words) - 1, 0, -1):
        first, second = " ".join(words[:cut]), " ".join(words[cut:])
        if width(first, TEXT) <= room:
            return [first, fit(second, TEXT, room)]
    return [fit(words[0], TEXT, room), fit(" ".join(words[1:]), TEXT, room)]


def column_widths(table: Standings) -> list[int]:
    """Each column's width in pixels: its widest cell and its header on one line if the table
    then fits 400 pixels, else its header's longest word (the header takes two lines); cut to
    fit `MAX_WIDTH` if need be."""
    cells = [max([width(row[i], TEXT) for row in table.rows] + [2 * ADVANCE * TEXT]) for i in range(len(table.columns))]
    gaps = 2 * MARGIN + PAD * (len(cells) - 1)
    whole = [max(c, width(name, TEXT)) for c, name in zip(cells, table.columns, strict=True)]
    if sum(whole) + gaps <= WIDTH:
        return whole
    out = [max([c] + [width(w, TEXT) for w in name.split()]) for c, name in zip(cells, table.columns, strict=True)]
    while sum(out) + gaps > MAX_WIDTH and max(out) > 4 * ADVANCE * TEXT:
        k = out.index(max(out))
        out[k] -= ADVANCE * TEXT  # one character less for the widest column
    return out


def draw_standings(table: Standings) -> bytes:
    """A table as PNG bytes: title, header band, rows, notes."""
    widths = column_widths(table)
    inner = sum(widths) + PAD * (len(widths) - 1)
    total = max(WIDTH, min(MAX_WIDTH, inner + 2 * MARGIN))
    head = wrapped(table.title, "text", total - 2 * MARGIN)
    headers = [_header_lines(name, w) for name, w in zip(table.columns, widths, strict=True)]
    header_rows = max((len(h) for h in headers), default=1)
    notes = [line for note in table.notes for line in wrapped(note, "dim", total - 2 * MARGIN)]
    top = MARGIN + block_height(head)
    body = top + header_rows * LINE + 6
    height = body + len(table.rows) * ROW_H + GAP + block_height(notes) + MARGIN - GAP
    cv = Canvas(total, height)
    draw_lines(cv, head, MARGIN)
    cv.rect(0, top - 3, total, body - 2, "head")
    lefts = []
    x = MARGIN
    for w in widths:
        lefts.append(x)
        x += w + PAD
    numeric = [bool(table.rows) and all(is_number(row[i]) or not row[i] for row in table.rows) for i in range(len(widths))]
    for i, lines in enumerate(headers):
        for k, text in enumerate(lines):
            y = top + k * LINE
            if numeric[i]:
                cv.text_right(lefts[i] + widths[i], y, text, "text", TEXT)
                cv.text_right(lefts[i] + widths[i] + 1, y, text, "text", TEXT)
            else:
                cv.text(lefts[i], y, text, "text", TEXT)
                cv.text(lefts[i] + 1, y, text, "text", TEXT)  # bold: drawn twice, one pixel apart
    for r, row in enumerate(table.rows):
        y = body + r * ROW_H
        if r % 2:
            cv.rect(0, y - 3, total, y + ROW_H - 3, "panel")
        for i, cell in enumerate(row):
            text = fit(cell, TEXT, widths[i])
            if numeric[i]:
                cv.text_right(lefts[i] + widths[i], y, text, "text", TEXT)
            else:
                cv.text(lefts[i], y, text, "text", TEXT)
    draw_lines(cv, notes, body + len(table.rows) * ROW_H + GAP)
    return cv.png()
