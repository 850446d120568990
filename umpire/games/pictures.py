"""Pictures for posts, drawn only when the host copies them.

A renderer attaches `Post(image=...)` with one of these: the drawing code (umpire.images) is
imported at the first copy, never when a game loads, so start-up pays nothing for pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def table_picture(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Callable[[], bytes]:
    """A table (standings, a status, results) as a picture to post."""
    cols = tuple(columns)
    cells = tuple(tuple(r) for r in rows)

    def draw_table() -> bytes:
        from umpire.images import Standings, draw

        return draw(Standings(title=title, columns=cols, rows=cells))

    return draw_table


def warm(*examples: Callable[[], bytes]) -> None:
    """Draw each example picture once and throw it away.

    A game's `warm_pictures` calls this with one picture of each kind it posts, so that the first
    real picture of a session finds its fonts open, its glyphs rendered and its shapes cut: a front
    end that posts pictures runs it once in the background soon after it starts.
    """
    for draw_example in examples:
        draw_example()
