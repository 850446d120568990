"""The pictures of Hap-Tac-Toe and When Stars Align's posts: the board after a turn, and the final scores.

Each function returns what a `Post(image=...)` draws when the host copies the post; the drawing
code (`drawing`, and `umpire.images` with it) is imported only then, never when the game loads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from umpire.games.haptactoe.events import MatchOver, TurnEnded, fmt
from umpire.games.haptactoe.settings import Config, Rulebook
from umpire.games.pictures import result_picture, table_picture, warm

COLUMNS = ("player", "points", "final score")
ROUNDING = "final score: the points of both games, rounded up once (R-HTT-2)"


def board_picture(cfg: Config, ev: TurnEnded) -> Callable[[], bytes]:
    """The board after the turn as a picture (the lines claimed in the game marked, the new piece framed), drawn when copied.

    Nothing is worked out until then: a post is made at every turn, and replayed, far more often than copied.
    """

    def draw_board() -> bytes:
        from umpire.games.haptactoe.drawing import HapBoard
        from umpire.images import draw, piece_from_words

        book = cfg.book
        variant: Literal["htt", "wsa"] = "wsa" if book.strikes else "htt"
        row_one: Literal["top", "bottom"] = "bottom" if cfg.row_one == "bottom" else "top"
        title = f"{book.title}, game {ev.game}, turn {ev.turn}"
        cells = {sq: piece_from_words(words) for sq, words in ev.board.items()}
        return draw(HapBoard(cells=cells, variant=variant, row_one=row_one, claimed=ev.claimed, last=ev.square, title=title))

    return draw_board


def match_picture(cfg: Config, ev: MatchOver) -> Callable[[], bytes]:
    """The result (its places, from the match's `Outcome`) with each player's points over both games and final score, as a
    picture drawn when copied; where the final score is rounded (R-HTT-2) a note under the table says how."""
    cells = {p: (fmt(ev.totals[p]), fmt(ev.final_scores[p])) for p in ev.totals}
    notes = (ROUNDING,) if cfg.rounding == "ceil" else ()
    return result_picture(f"{cfg.book.title}: {ev.winner} wins", ev.outcome, COLUMNS[1:], cells, notes)


def warm_pictures(book: Rulebook) -> None:
    """Draw boards that hold all 27 of the book's pieces, with claimed lines of every direction, and a
    final table, and throw them away (see `umpire.games.pictures.warm`)."""

    def boards() -> bytes:
        from umpire.games.haptactoe.drawing import SQUARES, HapBoard
        from umpire.images import block_from_code, draw, star_from_code

        piece = star_from_code if book.strikes else block_from_code
        variant: Literal["htt", "wsa"] = "wsa" if book.strikes else "htt"
        codes = (range(25), range(25, 27))  # every piece once: a full board, then the two left over
        claims = ((("A1", "B2", "C3"), ("A1", "A2", "A4"), ("B5", "C5", "E5")), (("E1", "D2", "C3"), ("C1", "C2", "C4")))
        for turn, (some, claimed) in enumerate(zip(codes, claims, strict=True), start=1):
            cells = {sq: piece(code) for sq, code in zip(SQUARES, some, strict=False)}
            title = f"{book.title}, game {turn}, turn {len(cells)}"
            png = draw(HapBoard(cells=cells, variant=variant, claimed=claimed, last=next(iter(cells)), title=title))
        return png

    rows = [("1", "Hedger", "12", "13"), ("2", "Uri", "-2.5", "-2.5")]
    warm(boards, table_picture(f"{book.title}: Hedger wins", ("place", *COLUMNS), rows, (ROUNDING,)))
