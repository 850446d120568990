"""An Expressions set: each puzzle `_?_?_?_=X` as four blank boxes between its operators, who
has solved it, and which digits have already served as the extra number in this set.

A used extra digit is drawn dark and struck through (not only dimmed), a free one as a light
tile, so the difference does not rest on colour.
"""

from __future__ import annotations

from umpire.images.canvas import Canvas
from umpire.images.haps import badge_size, draw_number_badge
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import ExpressionsSet
from umpire.images.text import cap, fit, width

BIG = 22  # the size of the puzzles' operators and targets
BOX_W, BOX_H = 34, 38
OP_W = 30  # the room an operator takes between two boxes
ROW = BOX_H + 12
SYMBOL = {"+": "+", "-": "−", "x": "×", "/": "/"}  # a real minus sign
DIGIT_W, DIGIT_H = 30, 34


def row_top(data: ExpressionsSet, index: int) -> int:
    """The top of puzzle `index` (0-based): rows grow by a line where a puzzle has been solved."""
    y = MARGIN + block_height(title_lines(data.title))
    for p in data.puzzles[:index]:
        y += ROW + (LINE if p.solved_by else 0)
    return y


def box_left(slot: int) -> int:
    """The left edge of blank `slot` (0-3) in a puzzle row."""
    return MARGIN + 32 + slot * (BOX_W + OP_W)


def paint_expressions(data: ExpressionsSet) -> Canvas:
    """An Expressions set, 400 units wide."""
    head = title_lines(data.title)
    rows_end = row_top(data, len(data.puzzles))
    extras_label = wrapped("Extra digits (each once a set):", "dim")
    tiles_y = rows_end + GAP + block_height(extras_label)
    note = wrapped("Left to right, no precedence.", "dim")
    height = tiles_y + DIGIT_H + GAP + block_height(note) + MARGIN - GAP
    cv = Canvas(WIDTH, height)
    draw_title(cv, head)
    for i, puzzle in enumerate(data.puzzles):
        y = row_top(data, i)
        draw_number_badge(cv, MARGIN, y + (BOX_H - badge_size(str(i + 1))[1]) // 2, str(i + 1))
        text_y = y + (BOX_H - cap(BIG)) / 2
        for slot in range(4):
            x = box_left(slot)
            cv.rect(x, y, x + BOX_W, y + BOX_H, "panel")
            cv.frame(x, y, x + BOX_W, y + BOX_H, 2, "edge")
            if slot < 3:
                op = SYMBOL[puzzle.ops[slot]]
                cv.text_centred(x + BOX_W + OP_W / 2, text_y, op, "text", BIG, bold=True)
        after = cv.text(box_left(3) + BOX_W + 8, text_y, "=", "text", BIG, bold=True) + 8
        target = str(puzzle.target)
        size = BIG if after + width(target, BIG, bold=True) <= WIDTH - MARGIN else TEXT  # a very large target still fits
        cv.text(after, text_y + (cap(BIG) - cap(size)) / 2, target, "gold", size, bold=True)
        if puzzle.solved_by:
            solved = fit("✓ solved: " + ", ".join(puzzle.solved_by), TEXT, WIDTH - MARGIN - box_left(0))
            cv.text(box_left(0), y + BOX_H + 6, solved, "good", TEXT)
    draw_lines(cv, extras_label, rows_end + GAP)
    y = tiles_y
    used = set(data.extras_used)
    for d in range(1, 10):
        x = MARGIN + (d - 1) * (DIGIT_W + 12)
        draw_digit_tile(cv, x, y, d, used=d in used)
    draw_lines(cv, note, y + DIGIT_H + GAP)
    return cv


def draw_digit_tile(cv: Canvas, x: int, y: int, digit: int, *, used: bool) -> None:
    """A digit on a small tile: light and black when free, dark and struck through when used."""
    cv.rect(x, y, x + DIGIT_W, y + DIGIT_H, "ink" if not used else "edge")
    cv.rect(x + 1, y + 1, x + DIGIT_W - 1, y + DIGIT_H - 1, "card" if not used else "panel")
    cv.text_centred(x + DIGIT_W / 2, y + (DIGIT_H - cap(BIG)) / 2, str(digit), "ink" if not used else "dim", BIG, bold=True)
    if used:
        cv.line(x + 4.0, y + DIGIT_H - 4.0, x + DIGIT_W - 4.0, y + 4.0, 3.0, "bad")
