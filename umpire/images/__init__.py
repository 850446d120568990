"""Pictures a host can paste: boards, tables and cards as PNG bytes.

Every function here is pure: it takes one of the plain values of `umpire.images.model` and
returns the bytes of a PNG about 400 pixels wide (Discord's preview size). The same value
gives the same bytes on any machine: umpire draws the pixels itself (its own bitmap font and
shapes, no antialiasing) and writes the PNG itself (see `umpire.images.png`). Nothing here
reads the clock, a file or a system font, and nothing imports an imaging library.

Colour is never the only cue: a block's colour also shows as its letter (R, Y, B), a star's
as a letter in its square's corner (Y, B, W), a card's as the letter of its name (R5, G5, B5).
"""

from __future__ import annotations

from umpire.images.cards import draw_open_pass_row, draw_poker_table
from umpire.images.expressions import draw_expressions
from umpire.images.haps import draw_gyul_board, draw_hap_board, draw_hap_check
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
from umpire.images.tables import draw_standings

__all__ = [
    "Block",
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
    "star_from_code",
]

Drawable = HapBoard | GyulBoard | HapCheck | ExpressionsSet | PokerTable | OpenPassRow | Standings


def draw(data: Drawable) -> bytes:
    """The PNG of any of the image values, chosen by its type."""
    if isinstance(data, HapBoard):
        return draw_hap_board(data)
    if isinstance(data, GyulBoard):
        return draw_gyul_board(data)
    if isinstance(data, HapCheck):
        return draw_hap_check(data)
    if isinstance(data, ExpressionsSet):
        return draw_expressions(data)
    if isinstance(data, PokerTable):
        return draw_poker_table(data)
    if isinstance(data, OpenPassRow):
        return draw_open_pass_row(data)
    if isinstance(data, Standings):
        return draw_standings(data)
    raise TypeError(f"no image for {type(data).__name__}")
