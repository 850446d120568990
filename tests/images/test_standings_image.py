"""A standings table, read back from the PNG."""

from __future__ import annotations

import pytest

from umpire.images import Standings, draw, draw_standings
from umpire.images.font import width
from umpire.images.tables import MAX_WIDTH, column_widths, is_number

from .support import Picture

STATUS = Standings(
    title="Devil's Deal",
    columns=("player", "chips", "pool"),
    rows=(("Hedger", "23", "10"), ("Uri", "7", "4")),
    notes=("pot 3",),
)


def test_title_header_rows_and_notes_are_written() -> None:
    pic = Picture(draw_standings(STATUS))
    assert pic.width == 400
    assert pic.text_at(8, 8, "Devil's Deal", 2, "text")
    player = pic.find_text("player", 2, "text")
    hedger = pic.find_text("Hedger", 2, "text")
    uri = pic.find_text("Uri", 2, "text")
    assert player is not None and hedger is not None and uri is not None
    assert player[0] == hedger[0] == uri[0] == 8, "text columns align left"
    assert player[1] < hedger[1] < uri[1]
    assert pic.at(2, player[1] + 3) == "head", "the header sits on a band"
    assert pic.at(2, uri[1] + 3) == "panel" and pic.at(2, hedger[1] + 3) == "bg", "rows alternate"
    assert pic.find_text("pot 3", 2, "dim") is not None


def test_numbers_align_right() -> None:
    pic = Picture(draw_standings(STATUS))
    a = pic.find_text("23", 2, "text")
    b = pic.find_text("7", 2, "text")
    assert a is not None and b is not None
    assert a[0] + width("23", 2) == b[0] + width("7", 2)
    assert [is_number(c) for c in ("3", "-2.5", "$30", "0:41", "-5/4 (-1.25)", "EC", "p1")] == [True] * 5 + [False] * 2


def test_a_wide_table_grows_wraps_headers_and_cuts_cells_past_the_limit() -> None:
    wide = Standings(
        title="status",
        columns=("player", "game 1", "game 2", "total", "strikes", "reserve"),
        rows=(("Hedger", "2.5", "0", "2.5", "0", "5:00"),),
    )
    pic = Picture(draw(wide))
    assert 400 < pic.width <= MAX_WIDTH
    game = pic.find_text("game", 2, "text")
    assert game is not None
    assert pic.find_text("game 1", 2, "text") is None, "the header took two lines"
    huge = Standings(title="t", columns=("a", "b"), rows=(("x" * 60, "y" * 60),))
    assert sum(column_widths(huge)) + 2 * 8 + 14 <= MAX_WIDTH
    assert MAX_WIDTH - 12 < Picture(draw(huge)).width <= MAX_WIDTH
    assert Picture(draw(huge)).find_text("xxxx", 2, "text") is not None


def test_an_empty_table_still_draws() -> None:
    pic = Picture(draw(Standings(title="No one yet", columns=("player", "score"), rows=())))
    assert pic.find_text("No one yet", 2, "text") is not None


def test_a_row_of_the_wrong_length_is_refused() -> None:
    with pytest.raises(ValueError) as err:
        Standings(title="t", columns=("a", "b"), rows=(("1",),))
    assert str(err.value) == "Standings.rows[0] has 1 cells for 2 columns"


def test_the_same_table_gives_the_same_bytes() -> None:
    assert draw_standings(STATUS) == draw(STATUS)
