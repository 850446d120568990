"""The pictures of Hap-Tac-Toe and When Stars Align's posts: the board after a turn, and the final scores.

Each function returns what a `Post(image=...)` draws when the host copies the post; the drawing
code (`drawing`, and `umpire.images` with it) is imported only then, never when the game loads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from umpire.games.haptactoe.events import MatchOver, TurnEnded, fmt
from umpire.games.haptactoe.pieces import square_name
from umpire.games.haptactoe.state import State, Verdict
from umpire.games.pictures import table_picture


def board_picture(state: State, ev: TurnEnded) -> Callable[[], bytes]:
    """The board after the turn as a picture (claimed lines marked, the new piece framed), drawn when copied.

    Nothing is worked out until then: a post is made at every turn, and replayed, far more often than copied.
    """

    def draw_board() -> bytes:
        from umpire.games.haptactoe.drawing import HapBoard
        from umpire.images import draw, piece_from_words

        book = state.cfg.book
        claimed = tuple(
            (square_name(j.squares[0]), square_name(j.squares[1]), square_name(j.squares[2]))
            for j in state.judged
            if j.game == ev.game and j.verdict is Verdict.VALID
        )
        variant: Literal["htt", "wsa"] = "wsa" if book.strikes else "htt"
        row_one: Literal["top", "bottom"] = "bottom" if state.cfg.row_one == "bottom" else "top"
        title = f"{book.title}, game {ev.game}, turn {ev.turn}"
        cells = {sq: piece_from_words(words) for sq, words in ev.board.items()}
        return draw(HapBoard(cells=cells, variant=variant, row_one=row_one, claimed=claimed, last=ev.square, title=title))

    return draw_board


def match_picture(state: State, ev: MatchOver) -> Callable[[], bytes]:
    """The final table (each player's total and final score) as a picture, drawn when copied."""
    rows = [(p, fmt(ev.totals[p]), fmt(ev.final_scores[p])) for p in ev.totals]
    return table_picture(f"{state.cfg.book.title}: {ev.winner} wins", ("player", "total", "final score"), rows)
