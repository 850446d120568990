"""The Final Match's pictures drawn: a Gyul Hap board and an Expressions set, and the values they
are drawn from.

`pictures` (and `tools`, for `umpire gen … --png`) import this module only when a picture is
drawn, so the game loads without Pillow. The tiles themselves are drawn by `umpire.images.haps`, as
every hap game draws its pieces.

In an Expressions set each puzzle `_?_?_?_=X` is four blank boxes between its operators, with who
has solved it, and the digits already used as the extra number in this set: a used digit is drawn
dark and struck through (not only dimmed), a free one as a light tile, so the difference does not
rest on colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from umpire.images import draw, painter
from umpire.images.canvas import Canvas
from umpire.images.haps import LEGEND, LETTER, draw_block, letter_size
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import Block, check_choice
from umpire.images.text import cap, fit, prepare, width

OPERATORS = "+-x/"


@dataclass(frozen=True, kw_only=True)
class GyulBoard:
    """A Gyul Hap board: nine tiles at positions 1-9, row by row (123 / 456 / 789)."""

    tiles: tuple[Block, ...]
    title: str = ""
    claimed: tuple[tuple[int, int, int], ...] = ()  # position triples already called

    def __post_init__(self) -> None:
        if len(self.tiles) != 9 or not all(isinstance(t, Block) for t in self.tiles):
            raise ValueError(f"GyulBoard.tiles: expected nine Blocks, got {len(self.tiles)} items")
        for triple in self.claimed:
            if len(triple) != 3 or any(p not in range(1, 10) for p in triple):
                raise ValueError(f"GyulBoard.claimed: {triple!r} is not three positions 1-9")


@dataclass(frozen=True, kw_only=True)
class ExprPuzzle:
    """One Expressions puzzle `_?_?_?_=X`, and who has solved it."""

    ops: str  # three of + - x /
    target: int
    solved_by: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.ops) != 3 or any(o not in OPERATORS for o in self.ops):
            raise ValueError(f"ExprPuzzle.ops = {self.ops!r}: expected three of + - x /")
        if self.target < 1:
            raise ValueError(f"ExprPuzzle.target = {self.target}: expected a positive whole number")


@dataclass(frozen=True, kw_only=True)
class ExpressionsSet:
    """A set of Expressions puzzles (numbered from 1) and the digits already used as the extra."""

    puzzles: tuple[ExprPuzzle, ...]
    title: str = ""
    extras_used: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= len(self.puzzles) <= 9:
            raise ValueError(f"ExpressionsSet.puzzles: expected 1 to 9 puzzles, got {len(self.puzzles)}")
        for d in self.extras_used:
            check_choice("ExpressionsSet", "extras_used", d, tuple(range(1, 10)))


# ---------------------------------------------------------------- Gyul Hap

GYUL_TILE = 120
GYUL_GAP = 10


def gyul_tile_origin(position: int, top: int) -> tuple[int, int]:
    """The top-left pixel of the tile at board position 1-9 (row by row: 123 / 456 / 789)."""
    r, c = divmod(position - 1, 3)
    left = (WIDTH - 3 * GYUL_TILE - 2 * GYUL_GAP) // 2
    return left + c * (GYUL_TILE + GYUL_GAP), top + r * (GYUL_TILE + GYUL_GAP)


BADGE = 19  # the size of a badge's number (bold)
BADGE_PAD = 5


def badge_size(text: str, size: float = BADGE) -> tuple[int, int]:
    """How wide and tall a number badge is."""
    return round(width(text, size, bold=True)) + 2 * BADGE_PAD, round(cap(size)) + 2 * BADGE_PAD


def draw_number_badge(cv: Canvas, x: int, y: int, text: str, size: float = BADGE) -> None:
    """A number in black on a light badge with a dark rim, readable on any background."""
    w, h = badge_size(text, size)
    cv.rect(x, y, x + w, y + h, "ink")
    cv.rect(x + 1, y + 1, x + w - 1, y + h - 1, "card")
    cv.text_centred(x + w / 2, y + BADGE_PAD, text, "ink", size, bold=True)


def gyul_top(board: GyulBoard) -> int:
    """Where the tiles start: below the title."""
    return MARGIN + block_height(title_lines(board.title))


@painter(GyulBoard)
def paint_gyul_board(board: GyulBoard) -> Canvas:
    """A Gyul Hap board, 400 units wide: nine tiles numbered 1-9 row by row."""
    head = title_lines(board.title)
    top = gyul_top(board)
    below = wrapped(LEGEND["htt"], "dim")
    if board.claimed:
        below += wrapped("Claimed: " + ", ".join("".join(map(str, t)) for t in board.claimed))
    size = 3 * GYUL_TILE + 2 * GYUL_GAP
    cv = Canvas(WIDTH, top + size + GAP + block_height(below) + MARGIN - GAP)
    draw_title(cv, head)
    prepare([str(i + 1) for i in range(9)], BADGE, bold=True)  # each set of short texts in one call (see `prepare`)
    prepare([LETTER[t.colour] for t in board.tiles], letter_size(GYUL_TILE), bold=True)
    for i, tile in enumerate(board.tiles):
        x, y = gyul_tile_origin(i + 1, top)
        draw_block(cv, x, y, GYUL_TILE, tile)
        cv.frame(x, y, x + GYUL_TILE, y + GYUL_TILE, 1, "edge")
        draw_number_badge(cv, x + 3, y + 3, str(i + 1))
    draw_lines(cv, below, top + size + GAP)
    return cv


# ---------------------------------------------------------------- Expressions

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


@painter(ExpressionsSet)
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
    prepare([str(i + 1) for i in range(len(data.puzzles))], BADGE, bold=True)  # short texts in one call each size
    prepare(
        [*(SYMBOL[o] for p in data.puzzles for o in p.ops), "=", *(str(d) for d in range(1, 10)), *(str(p.target) for p in data.puzzles)],
        BIG,
        bold=True,
    )
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


def draw_gyul_board(board: GyulBoard) -> bytes:
    """A Gyul Hap board as PNG bytes."""
    return draw(board)


def draw_expressions(data: ExpressionsSet) -> bytes:
    """An Expressions set as PNG bytes."""
    return draw(data)
