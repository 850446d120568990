"""What every picture shares: its width in units, margins, text sizes, titles and blocks of text."""

from __future__ import annotations

from umpire.images.canvas import Canvas
from umpire.images.text import wrap

WIDTH = 400  # layout units across: Discord's preview width (drawn at SCALE pixels a unit)
MARGIN = 10
TEXT = 15  # the size of ordinary text (capitals 11 units tall)
TITLE = 16  # titles: bold, a little larger
LINE = 21  # units from one line of ordinary text to the next
GAP = 8  # between a block of text and what follows

Lines = list[tuple[str, str]]  # (text, colour name)


def wrapped(text: str, colour: str = "text", room: float = WIDTH - 2 * MARGIN, *, size: float = TEXT, bold: bool = False) -> Lines:
    """`text` broken into lines that fit `room` units, each with `colour`."""
    if not text:
        return []
    return [(line, colour) for line in wrap(text, size, room, bold)]


def title_lines(title: str, room: float = WIDTH - 2 * MARGIN) -> Lines:
    """The title, wrapped (bold, at the title size)."""
    return wrapped(title, "text", room, size=TITLE, bold=True)


def block_height(lines: Lines) -> int:
    """Units a block of text takes, with the gap after it (0 for no lines)."""
    return len(lines) * LINE + GAP if lines else 0


def draw_lines(cv: Canvas, lines: Lines, y: float, x: float = MARGIN, *, size: float = TEXT, bold: bool = False) -> float:
    """Draw the lines from `y` down; returns the y below them (with the gap)."""
    for text, colour in lines:
        cv.text(x, y, text, colour, size, bold=bold)
        y += LINE
    return y + GAP if lines else y


def draw_title(cv: Canvas, lines: Lines, y: float = MARGIN, x: float = MARGIN) -> float:
    """Draw a title's lines (from `title_lines`); returns the y below them."""
    return draw_lines(cv, lines, y, x, size=TITLE, bold=True)
