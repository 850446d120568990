"""The pieces of each rule set, how they are written, and the 5x5 grid.

A piece is a hap code 0–26 (see `umpire.core.hap`); each rule set names the
three attributes and their values, and gives each value a one-letter code for
the chat board.
"""

from __future__ import annotations

import re

from umpire.core import hap
from umpire.core.errors import InvalidCommand
from umpire.core.pieces import HAP_PIECES, STAR_PIECES, PieceSet, read_piece

__all__ = ["HAP_PIECES", "STAR_PIECES", "PieceSet", "read_piece"]

COLS = "ABCDE"
SIZE = 5
SQUARES = tuple(f"{c}{r}" for r in range(1, SIZE + 1) for c in COLS)  # row-major, A1 first
TRIPLES = hap.line_triples(SIZE, SIZE)
_SQUARE_LIKE = re.compile(r"^[a-z]\d{1,2}$", re.IGNORECASE)


def is_square_like(word: str) -> bool:
    """Whether a word looks like a square (a letter and a number), on the grid or not."""
    return bool(_SQUARE_LIKE.match(word))


def square_index(word: str, whole: str) -> int:
    """The board index of a square such as "C3"; off the grid is an InvalidCommand."""
    w = word.upper().strip(",.;")
    if w in SQUARES:
        return SQUARES.index(w)
    raise InvalidCommand(f"{w} is off the grid (columns A–E, rows 1–5)", text=whole)


def square_name(index: int) -> str:
    """The name of a board index, e.g. 12 -> "C3"."""
    return SQUARES[index]
