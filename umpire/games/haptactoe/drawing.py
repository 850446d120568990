"""Hap-Tac-Toe and When Stars Align drawn: the board after a turn, and the value it is drawn from.

`pictures` imports this module only when the host copies a post, so the game loads without Pillow.
The pieces themselves (blocks and stars) are drawn by `umpire.images.haps`, as every hap game draws
them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, get_args

from umpire.images import draw, painter
from umpire.images.canvas import Canvas
from umpire.images.haps import LEGEND, LETTER, background_colour, draw_piece, letter_size
from umpire.images.layout import GAP, MARGIN, TEXT, WIDTH, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import Block, Piece, Star, check_choice
from umpire.images.text import cap, prepare

Variant = Literal["htt", "wsa"]
RowOne = Literal["top", "bottom"]

COLUMNS = "ABCDE"
SQUARES = tuple(f"{c}{r}" for r in range(1, 6) for c in COLUMNS)

PITCH = 72  # a board square and the gap after it
CELL = 68
BOARD_X = 30  # the row numbers go left of this
LABEL = 22  # the size of the board's coordinates (bold)


def _square(owner: str, name: str, square: str) -> None:
    if square not in SQUARES:
        raise ValueError(f"{owner}.{name}: {square!r} is not a square (A1 to E5, capital letter first)")


@dataclass(frozen=True, kw_only=True)
class HapBoard:
    """A Hap-Tac-Toe (`htt`, blocks) or When Stars Align (`wsa`, stars) board.

    `cells` maps squares ("C3") to pieces; missing squares are empty. `claimed` lists the
    claimed triples (each three squares on one line); `last` marks the square placed last.
    """

    cells: Mapping[str, Piece]
    variant: Variant = "htt"
    row_one: RowOne = "top"
    claimed: tuple[tuple[str, str, str], ...] = ()
    last: str | None = None
    title: str = ""

    def __post_init__(self) -> None:
        check_choice("HapBoard", "variant", self.variant, get_args(Variant))
        check_choice("HapBoard", "row_one", self.row_one, get_args(RowOne))
        kind = Block if self.variant == "htt" else Star
        for square, piece in self.cells.items():
            _square("HapBoard", "cells", square)
            if not isinstance(piece, kind):
                raise ValueError(f"HapBoard.cells[{square!r}] = {piece!r}: a {self.variant} board holds {kind.__name__}s")
        for triple in self.claimed:
            if len(triple) != 3:
                raise ValueError(f"HapBoard.claimed: {triple!r} is not three squares")
            for square in triple:
                _square("HapBoard", "claimed", square)
        if self.last is not None:
            _square("HapBoard", "last", self.last)


def square_centre(square: str, row_one: str, top: int) -> tuple[int, int]:
    """The pixel at the centre of a board square, the squares starting at `top`."""
    col = COLUMNS.index(square[0])
    row = int(square[1:]) - 1
    if row_one == "bottom":
        row = 4 - row
    return BOARD_X + col * PITCH + CELL // 2, top + row * PITCH + CELL // 2


def board_top(board: HapBoard) -> int:
    """Where the squares start: below the title and the column letters."""
    return MARGIN + block_height(title_lines(board.title)) + round(cap(LABEL)) + GAP


BOARD_SIZE = 5 * PITCH - (PITCH - CELL)


@painter(HapBoard)
def paint_hap_board(board: HapBoard) -> Canvas:
    """A Hap-Tac-Toe or When Stars Align board, 400 units wide.

    Columns A-E along the top and rows 1-5 down the left (row 1 at the top or the bottom, as
    `row_one` says); empty squares show their name; claimed triples are drawn as lines under
    the pieces and listed below; the square placed last has an orange frame.
    """
    head = title_lines(board.title)
    top = board_top(board)
    word = "haps" if board.variant == "htt" else "sets"
    below = wrapped(LEGEND[board.variant], "dim")
    if board.claimed:
        below += wrapped(f"Claimed {word}: " + ", ".join(" ".join(t) for t in board.claimed))
    else:
        below += [(f"No {word} claimed yet", "dim")]
    cv = Canvas(WIDTH, top + BOARD_SIZE + GAP + block_height(below) + MARGIN - GAP)
    draw_title(cv, head)
    cells = dict(board.cells)
    prepare([*COLUMNS, *"12345"], LABEL, bold=True)  # each set of short texts in one call (see `prepare`)
    prepare([sq for sq in SQUARES if sq not in cells], TEXT)
    prepare([LETTER[p.colour] for p in cells.values()], letter_size(CELL), bold=True)
    label_y = top - GAP - cap(LABEL)
    for i, col in enumerate(COLUMNS):
        cv.text_centred(BOARD_X + i * PITCH + CELL / 2, label_y, col, "text", LABEL, bold=True)
    for r in range(5):
        number = r + 1 if board.row_one == "top" else 5 - r
        cv.text_centred(BOARD_X / 2 - 1, top + r * PITCH + (CELL - cap(LABEL)) / 2, str(number), "text", LABEL, bold=True)
    # Squares: background first, then claimed lines (under the pieces), then the pieces.
    corners = {sq: square_centre(sq, board.row_one, top) for sq in (f"{c}{r}" for r in range(1, 6) for c in COLUMNS)}
    for square, (cx, cy) in corners.items():
        x, y = cx - CELL // 2, cy - CELL // 2
        piece = cells.get(square)
        if piece is None:
            cv.rect(x, y, x + CELL, y + CELL, "panel")
        else:
            cv.rect(x, y, x + CELL, y + CELL, background_colour(piece) if isinstance(piece, Block) else "night")
    ends = []
    for triple in board.claimed:
        (ax, ay), _, (bx, by) = sorted(corners[s] for s in triple)
        ends.append((ax + 0.5, ay + 0.5, bx + 0.5, by + 0.5))
    for stroke, colour in ((9.0, "ink"), (5.0, "mark")):  # all borders first: crossings look the same in any order
        for x0, y0, x1, y1 in ends:
            cv.line(x0, y0, x1, y1, stroke, colour)
    for square, (cx, cy) in corners.items():
        if square not in cells:  # over a claimed line that crosses the empty square
            cv.text_centred(cx, cy - cap(TEXT) / 2, square, "edge", TEXT)
    for square, piece in cells.items():
        cx, cy = corners[square]
        draw_piece(cv, cx - CELL // 2, cy - CELL // 2, CELL, piece, background=False)
    for square, (cx, cy) in corners.items():
        x, y = cx - CELL // 2, cy - CELL // 2
        if square == board.last:
            cv.frame(x - 2, y - 2, x + CELL + 2, y + CELL + 2, 4, "last")
        else:
            cv.frame(x, y, x + CELL, y + CELL, 1, "edge")
    draw_lines(cv, below, top + BOARD_SIZE + GAP)
    return cv


def draw_hap_board(board: HapBoard) -> bytes:
    """A Hap-Tac-Toe or When Stars Align board as PNG bytes."""
    return draw(board)
