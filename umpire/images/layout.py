"""What every image shares: its width, margins, the size of ordinary text, titles and text blocks."""

from __future__ import annotations

from umpire.images.canvas import Canvas
from umpire.images.font import ADVANCE, plain, wrap

WIDTH = 400  # Discord shows a pasted image about this wide
MARGIN = 8
TEXT = 2  # the scale of ordinary text: 10x14-pixel capitals
LINE = 20  # pixels from one line of ordinary text to the next
GAP = 8  # between a block of text and what follows

Lines = list[tuple[str, str]]  # (text, colour name)


def wrapped(text: str, colour: str = "text", room: int = WIDTH - 2 * MARGIN, *, hang: int = 0) -> Lines:
    """`text` broken into lines that fit `room` pixels, each with `colour`; with `hang`, the
    lines after the first are indented by that many spaces."""
    if not text:
        return []
    lines = wrap(text, TEXT, room)
    if hang and len(lines) > 1:
        rest = plain(text)[len(lines[0]) :].strip()
        pad = " " * hang
        lines = [lines[0]] + [pad + line for line in wrap(rest, TEXT, room - hang * ADVANCE * TEXT)]
    return [(line, colour) for line in lines]


def title_lines(title: str) -> Lines:
    """The title, wrapped."""
    return wrapped(title, "text")


def block_height(lines: Lines) -> int:
    """Pixels a block of text takes, with the gap after it (0 for no lines)."""
    return len(lines) * LINE + GAP if lines else 0


def draw_lines(cv: Canvas, lines: Lines, y: int, x: int = MARGIN) -> int:
    """Draw the lines from `y` down; returns the y below them (with the gap)."""
    for text, colour in lines:
        cv.text(x, y, text, colour, TEXT)
        y += LINE
    return y + GAP if lines else y
