"""The board as chat text (every turn's post draws it): column letters, one row a line from row 1 at the top or
the bottom as the scenario says, three letters a piece (`· ` for an empty square), and the legend. Drawn from a
layout made once per piece set; here against the board drawn square by square, for both rule sets and any board."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.games.haptactoe.pieces import COLS, SIZE
from umpire.games.haptactoe.render import _legend, grid
from umpire.games.haptactoe.settings import HTT, WSA

BOOKS = {"htt": HTT, "wsa": WSA}


def drawn_square_by_square(pieces, row_one: str, board: dict[str, str]) -> str:
    rows = list(range(1, SIZE + 1))
    if row_one == "bottom":
        rows.reverse()
    out = [("    " + "  ".join(f"{c:^3}" for c in COLS)).rstrip()]
    for r in rows:
        cells = []
        for c in COLS:
            words = board.get(f"{c}{r}")
            cells.append(" · " if words is None else pieces.short(next(i for i in range(27) if pieces.words(i) == words)))
        out.append((f"{r:>2}  " + "  ".join(cells)).rstrip())
    out.append(_legend(pieces))
    return "\n".join(out)


boards = st.dictionaries(st.sampled_from([f"{c}{r}" for r in range(1, SIZE + 1) for c in COLS]), st.integers(0, 26), max_size=25)


@settings(max_examples=60, deadline=None)
@given(book=st.sampled_from(sorted(BOOKS)), row_one=st.sampled_from(["top", "bottom"]), codes=boards)
def test_the_board_text_is_each_square_in_its_row_and_column_with_its_pieces_letters(book: str, row_one: str, codes: dict) -> None:
    pieces = BOOKS[book].pieces
    board = {square: pieces.words(code) for square, code in codes.items()}
    assert grid(pieces, row_one, board) == drawn_square_by_square(pieces, row_one, board)


def test_a_piece_written_in_other_words_is_drawn_with_its_own_letters() -> None:
    pieces = HTT.pieces
    words = pieces.words(5)
    reordered = " ".join(reversed(words.split()))  # not as the board's JSON writes it: read word by word
    assert grid(pieces, "top", {"A1": reordered}) == grid(pieces, "top", {"A1": words})
