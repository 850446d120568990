"""What the images show: plain, typed values that the drawing functions take.

They hold only what a post may show: a private card that is not revealed is given as `None`
(face down), never as the card. Each value checks itself when built and raises `ValueError`
naming the field, the value and what was expected, so a mistake in the caller is caught where
it is made rather than drawn.

>>> piece_from_words("black red circle")
Block(colour='red', background='black', shape='circle')
>>> piece_from_words("yellow striped 5")
Star(colour='yellow', pattern='striped', points=5)
"""

from __future__ import annotations

from collections.abc import Mapping
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
CardColour = Literal["red", "green", "blue"]
Variant = Literal["htt", "wsa"]
RowOne = Literal["top", "bottom"]

COLUMNS = "ABCDE"
SQUARES = tuple(f"{c}{r}" for r in range(1, 6) for c in COLUMNS)
OPEN_PASS_CARDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "+", "-", "x", "/")
OPERATORS = "+-x/"


def _choice(owner: str, name: str, value: object, allowed: tuple[object, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{owner}.{name} = {value!r}: expected one of {', '.join(map(repr, allowed))}")


@dataclass(frozen=True, kw_only=True)
class Block:
    """A Hap-Tac-Toe block or a Gyul Hap tile: a coloured shape on a background."""

    colour: Colour
    background: Background
    shape: ShapeName

    def __post_init__(self) -> None:
        _choice("Block", "colour", self.colour, get_args(Colour))
        _choice("Block", "background", self.background, get_args(Background))
        _choice("Block", "shape", self.shape, get_args(ShapeName))


@dataclass(frozen=True, kw_only=True)
class Star:
    """A When Stars Align star: a colour, a pattern and a number of points."""

    colour: StarColour
    pattern: Pattern
    points: Points

    def __post_init__(self) -> None:
        _choice("Star", "colour", self.colour, get_args(StarColour))
        _choice("Star", "pattern", self.pattern, get_args(Pattern))
        _choice("Star", "points", self.points, get_args(Points))


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
class Card:
    """A Devil's Deal card: red, green or blue, 1-9; written as in the game (`R5`)."""

    colour: CardColour
    number: int

    def __post_init__(self) -> None:
        _choice("Card", "colour", self.colour, get_args(CardColour))
        _choice("Card", "number", self.number, tuple(range(1, 10)))

    @property
    def name(self) -> str:
        """`R5`, `G1`, `B9`."""
        return f"{self.colour[0].upper()}{self.number}"

    @classmethod
    def parse(cls, name: str) -> Card:
        """The card a name such as `R5` or `g2` stands for."""
        words = {"R": "red", "G": "green", "B": "blue"}
        n = name.strip().upper()
        if len(n) != 2 or n[0] not in words or n[1] not in "123456789":
            raise ValueError(f"card {name!r}: expected a colour R, G or B and a number 1-9, like R5")
        return cls(colour=words[n[0]], number=int(n[1]))  # type: ignore[arg-type]


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
        _choice("HapBoard", "variant", self.variant, get_args(Variant))
        _choice("HapBoard", "row_one", self.row_one, get_args(RowOne))
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
            _choice("ExpressionsSet", "extras_used", d, tuple(range(1, 10)))


@dataclass(frozen=True, kw_only=True)
class PokerSeat:
    """One Devil's Deal player at the table, as everyone may see them.

    `private`: () before the player has picked; otherwise the first and second private
    cards, each `None` while it is face down.
    """

    name: str
    chips: int
    pool: tuple[Card, ...] = ()
    private: tuple[Card | None, ...] = ()
    bet: int | None = None
    hand: str = ""  # the hand's name once it is shown, e.g. "straight 6-7-8"
    starts: bool = False

    def __post_init__(self) -> None:
        if len(self.private) not in (0, 2):
            raise ValueError(f"PokerSeat.private: expected () or two cards (None when face down), got {len(self.private)}")
        if len(self.pool) > 20:
            raise ValueError(f"PokerSeat.pool: {len(self.pool)} cards; a pool is drawn with at most 20")


@dataclass(frozen=True, kw_only=True)
class PokerTable:
    """The Devil's Deal table: the community card, both seats, the pot, and a line of news."""

    seats: tuple[PokerSeat, PokerSeat]
    community: Card | None = None
    pot: int = 0
    title: str = ""
    note: str = ""
    show_pools: bool = True  # False: the seats and the pot only (a post about the hands)

    def __post_init__(self) -> None:
        if len(self.seats) != 2:
            raise ValueError(f"PokerTable.seats: expected two seats, got {len(self.seats)}")


@dataclass(frozen=True, kw_only=True)
class OpenPassRow:
    """An Open, Pass row (leftmost card first) with its reading and score as the game states them."""

    player: str
    cards: tuple[str, ...]
    reading: str  # e.g. "0 + 3 x 9 x 2 - 2"
    score: str  # e.g. "52" or "-5/4 (-1.25)"
    dealer: str = ""
    title: str = ""
    result: str = ""  # e.g. "1st: +3 Tokens of Life"

    def __post_init__(self) -> None:
        for c in self.cards:
            _choice("OpenPassRow", "cards", c, OPEN_PASS_CARDS)
        if len(self.cards) > 20:
            raise ValueError(f"OpenPassRow.cards: {len(self.cards)} cards; a row holds at most 20")


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
