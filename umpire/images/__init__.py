"""Pictures a host can paste: boards, tables and cards as PNG bytes.

Every function here is pure: it takes one of the plain values of `umpire.images.model` and
returns the bytes of a PNG. A picture is laid out 400 units wide (Discord's preview width) and
drawn with Pillow at `SCALE` (2) pixels a unit, 800 pixels, so that it stays sharp where a phone
enlarges it: anti-aliased shapes, text in the bundled fonts (DejaVu Sans, and Umpire Hangul for
Korean: see `umpire.images.text`), saved as a palette PNG where the colours allow. The same value
gives the same pixels on any machine with the same Pillow; nothing reads the clock or a system font.

Colour is never the only cue: a block's colour also shows as its letter (R, Y, B), a star's
as a letter in its square's corner (Y, B, W), a card's as the letter of its name (R5, G5, B5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from umpire.images.canvas import Canvas
from umpire.images.cards import paint_open_pass_row, paint_poker_table
from umpire.images.expressions import paint_expressions
from umpire.images.haps import paint_gyul_board, paint_hap_board, paint_hap_check
from umpire.images.model import (
    Block,
    Card,
    ExpressionsSet,
    ExprPuzzle,
    GyulBoard,
    HapBoard,
    HapCheck,
    OpenPassRow,
    Piece,
    PokerSeat,
    PokerTable,
    Standings,
    Star,
    block_from_code,
    piece_from_words,
    star_from_code,
)
from umpire.images.tables import paint_standings
from umpire.images.text import DEFAULT_SCALE
from umpire.images.text import SCALE as _SCALE

__all__ = [
    "SCALE",
    "Block",
    "Canvas",
    "Card",
    "Drawable",
    "ExprPuzzle",
    "ExpressionsSet",
    "GyulBoard",
    "HapBoard",
    "HapCheck",
    "OpenPassRow",
    "Piece",
    "PokerSeat",
    "PokerTable",
    "Standings",
    "Star",
    "block_from_code",
    "draw",
    "draw_expressions",
    "draw_gyul_board",
    "draw_hap_board",
    "draw_hap_check",
    "draw_open_pass_row",
    "draw_poker_table",
    "draw_standings",
    "piece_from_words",
    "render",
    "star_from_code",
]

Drawable = HapBoard | GyulBoard | HapCheck | ExpressionsSet | PokerTable | OpenPassRow | Standings
SCALE = DEFAULT_SCALE  # pixels per layout unit: 800 pixels across

_PAINTERS: dict[type, Callable[[Any], Canvas]] = {
    HapBoard: paint_hap_board,
    GyulBoard: paint_gyul_board,
    HapCheck: paint_hap_check,
    ExpressionsSet: paint_expressions,
    PokerTable: paint_poker_table,
    OpenPassRow: paint_open_pass_row,
    Standings: paint_standings,
}


def render(data: Drawable, *, scale: int = SCALE) -> Canvas:
    """The canvas of any of the picture values, chosen by its type, at `scale` pixels a unit
    (1 draws the same picture 400 pixels across); the canvas keeps where each text went."""
    paint = _PAINTERS.get(type(data))
    if paint is None:
        raise TypeError(f"no image for {type(data).__name__}")
    if scale not in (1, 2, 3, 4):
        raise ValueError(f"scale {scale}: expected 1, 2, 3 or 4 pixels a unit")
    token = _SCALE.set(scale)
    try:
        return paint(data)
    finally:
        _SCALE.reset(token)


def draw(data: Drawable, *, scale: int = SCALE) -> bytes:
    """The PNG of any of the picture values, chosen by its type."""
    return render(data, scale=scale).png()


def draw_hap_board(board: HapBoard) -> bytes:
    """A Hap-Tac-Toe or When Stars Align board as PNG bytes."""
    return draw(board)


def draw_gyul_board(board: GyulBoard) -> bytes:
    """A Gyul Hap board as PNG bytes."""
    return draw(board)


def draw_hap_check(check: HapCheck) -> bytes:
    """Three pieces and the verdict (a hap or not, and why) as PNG bytes."""
    return draw(check)


def draw_expressions(data: ExpressionsSet) -> bytes:
    """An Expressions set as PNG bytes."""
    return draw(data)


def draw_poker_table(table: PokerTable) -> bytes:
    """The Devil's Deal table as PNG bytes."""
    return draw(table)


def draw_open_pass_row(row: OpenPassRow) -> bytes:
    """An Open, Pass row as PNG bytes."""
    return draw(row)


def draw_standings(table: Standings) -> bytes:
    """A table as PNG bytes."""
    return draw(table)
