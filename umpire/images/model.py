"""What the shared pictures show: plain, typed values that the drawing functions take.

Here are the values more than one game draws: the hap pieces (blocks and stars), a hap check and
a table of standings. A game's own values (its board, its table of cards) are in its `drawing`
module, beside their painters, and follow the same rules: they hold only what a post may show (a
private card that is not revealed is given as `None`, face down, never as the card), and each
value checks itself when built and raises `ValueError` naming the field, the value and what was
expected (`check_choice` words it), so a mistake in the caller is caught where it is made rather
than drawn.

>>> piece_from_words("black red circle")
Block(colour='red', background='black', shape='circle')
>>> piece_from_words("yellow striped 5")
Star(colour='yellow', pattern='striped', points=5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

from umpire.core import hap
from umpire.core.pieces import HAP_PIECES, STAR_PIECES, read_piece

Colour = Literal["red", "yellow", "blue"]
Background = Literal["black", "gray", "white"]
ShapeName = Literal["circle", "square", "triangle"]
StarColour = Literal["yellow", "blue", "white"]
Pattern = Literal["solid", "hollow", "striped"]
Points = Literal[4, 5, 6]


def check_choice(owner: str, name: str, value: object, allowed: tuple[object, ...]) -> None:
    """Raise `ValueError` naming `owner.name`, the value and what was allowed, unless `value` is allowed."""
    if value not in allowed:
        raise ValueError(f"{owner}.{name} = {value!r}: expected one of {', '.join(map(repr, allowed))}")


@dataclass(frozen=True, kw_only=True)
class Block:
    """A Hap-Tac-Toe block or a Gyul Hap tile: a coloured shape on a background."""

    colour: Colour
    background: Background
    shape: ShapeName

    def __post_init__(self) -> None:
        check_choice("Block", "colour", self.colour, get_args(Colour))
        check_choice("Block", "background", self.background, get_args(Background))
        check_choice("Block", "shape", self.shape, get_args(ShapeName))


@dataclass(frozen=True, kw_only=True)
class Star:
    """A When Stars Align star: a colour, a pattern and a number of points."""

    colour: StarColour
    pattern: Pattern
    points: Points

    def __post_init__(self) -> None:
        check_choice("Star", "colour", self.colour, get_args(StarColour))
        check_choice("Star", "pattern", self.pattern, get_args(Pattern))
        check_choice("Star", "points", self.points, get_args(Points))


Piece = Block | Star


def block_from_code(code: int) -> Block:
    """The block (or tile) of a hap code 0-26, as `umpire.core.pieces.HAP_PIECES` names them."""
    c, b, s = (HAP_PIECES.values[i][v] for i, v in enumerate(hap.attributes(code)))
    return Block(colour=c, background=b, shape=s)  # type: ignore[arg-type]


def star_from_code(code: int) -> Star:
    """The star of a hap code 0-26, as `umpire.core.pieces.STAR_PIECES` names them."""
    c, p, n = (STAR_PIECES.values[i][v] for i, v in enumerate(hap.attributes(code)))
    return Star(colour=c, pattern=p, points=int(n))  # type: ignore[arg-type]


def piece_from_words(text: str) -> Piece:
    """A piece written any way the games read one: `black red circle`, `yellow solid 4`, `:hapRBC:`, `RBC`.

    Raises `umpire.core.errors.InvalidCommand` (with the games' own wording) when it is not a piece.
    """
    pieces, code = read_piece(text)
    return block_from_code(code) if pieces is HAP_PIECES else star_from_code(code)


@dataclass(frozen=True, kw_only=True)
class HapCheck:
    """Three pieces and whether they form a hap (a set), with one reason line per attribute."""

    pieces: tuple[Piece, Piece, Piece]
    is_hap: bool
    reasons: tuple[str, ...] = ()
    title: str = ""

    def __post_init__(self) -> None:
        if len(self.pieces) != 3 or not (all(isinstance(p, Block) for p in self.pieces) or all(isinstance(p, Star) for p in self.pieces)):
            raise ValueError(f"HapCheck.pieces: expected three Blocks or three Stars, not {self.pieces!r}")


@dataclass(frozen=True, kw_only=True)
class Standings:
    """A table: a title, column names and rows of text (a game's status or results)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"Standings.rows[{i}] has {len(row)} cells for {len(self.columns)} columns")
