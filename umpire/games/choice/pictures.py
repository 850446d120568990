"""The pictures the Final Match's posts carry: a Gyul Hap board, an Expressions set, the status table.

Each function returns what draws the PNG, called only when the host copies the post: the drawing
code (`drawing`, and `umpire.images` with it) is imported then, never when the game loads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from umpire.games.choice.events import GhBoard
from umpire.games.pictures import table_picture, warm

STATUS_COLUMNS = ("player", "money", "tiles", "GSP", "GHP", "EP")


def board_picture(ev: GhBoard) -> Callable[[], bytes]:
    """The board's nine tiles as a picture (claimed haps marked), drawn only when copied."""

    def draw_board() -> bytes:
        from umpire.games.choice.drawing import GyulBoard
        from umpire.images import draw, piece_from_words

        tiles = tuple(piece_from_words(ev.tiles[str(i)]) for i in range(1, 10))
        claimed = tuple((int(c.positions[0]), int(c.positions[1]), int(c.positions[2])) for c in ev.claimed or ())
        return draw(GyulBoard(tiles=tiles, claimed=claimed, title=f"Gyul Hap, board {ev.board}/{ev.of}"))  # type: ignore[arg-type]

    return draw_board


def puzzles_picture(title: str, puzzles: Sequence[tuple[str, int]], extras_used: tuple[int, ...] = ()) -> Callable[[], bytes]:
    """An Expressions set as a picture, drawn only when copied."""

    def draw_set() -> bytes:
        from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle
        from umpire.images import draw

        return draw(ExpressionsSet(puzzles=tuple(ExprPuzzle(ops=o, target=t) for o, t in puzzles), extras_used=extras_used, title=title))

    return draw_set


def status_picture(rows: Sequence[Sequence[str]]) -> Callable[[], bytes]:
    """The status table (a row per player: name, money, tiles, GSP, GHP, EP) as a picture, drawn only when copied."""
    return table_picture("The Choice is Yours: status", STATUS_COLUMNS, rows)


def warm_pictures() -> None:
    """Draw Gyul Hap boards that hold all 27 tiles, with a claimed hap, an Expressions set and the status table, and throw
    them away (see `umpire.games.pictures.warm`)."""

    def boards() -> bytes:
        from umpire.games.choice.drawing import GyulBoard
        from umpire.images import block_from_code, draw

        for first in (0, 9, 18):  # every tile of the 27 once
            tiles = tuple(block_from_code(first + i) for i in range(9))
            png = draw(GyulBoard(tiles=tiles, claimed=((1, 5, 9),), title=f"Gyul Hap, board {first // 9 + 1}/6"))
        return png

    ops = (("x-x", 210), ("x+x", 228), ("x/-", 4), ("+xx", 40), ("-/+", 9))
    rows = [("Hedger", "12", "3", "2", "1", "0"), ("Uri", "9", "1", "0", "2", "3")]
    warm(boards, puzzles_picture("Expressions, set 1", ops, (2, 5)), status_picture(rows))
