"""Pictures for posts, drawn only when the host copies them.

A renderer attaches `Post(image=...)` with one of these: the drawing code (umpire.images) is
imported at the first copy, never when a game loads, so start-up pays nothing for pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from umpire.games.outcome import Outcome

from umpire.games.base import Post

ROWS_PER_PICTURE = 15  # a table of more rows is posted as several pictures (a Discord preview shrinks a tall one)


def table_picture(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]], notes: Sequence[str] = ()) -> Callable[[], bytes]:
    """A table (standings, a status, results) as a picture to post: 400 units wide, its cells wrapped where
    they need the room (`umpire.images.tables`), `notes` below it."""
    cols = tuple(columns)
    cells = tuple(tuple(r) for r in rows)
    below = tuple(notes)

    def draw_table() -> bytes:
        from umpire.images import Standings, draw

        return draw(Standings(title=title, columns=cols, rows=cells, notes=below))

    return draw_table


def table_pictures(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> list[Callable[[], bytes]]:
    """A table as one picture, or, past `ROWS_PER_PICTURE` rows, as parts of as near equal rows as can be, one picture
    each, titled “(part k of n)”: split rather than drawn smaller, so every part reads at Discord's preview.

    >>> len(table_pictures("t", ("a",), [("1",)] * 15)), len(table_pictures("t", ("a",), [("1",)] * 16))
    (1, 2)
    """
    parts = max(1, -(-len(rows) // ROWS_PER_PICTURE))
    if parts == 1:
        return [table_picture(title, columns, rows)]
    size = -(-len(rows) // parts)
    return [table_picture(f"{title} (part {k + 1} of {parts})", columns, rows[k * size : (k + 1) * size]) for k in range(parts)]


def with_pictures(texts: Sequence[str], pictures: Sequence[Callable[[], bytes]], more: str) -> list[Post]:
    """Posts of `texts` (a long message in parts), the pictures given to them in order; a picture left over after the
    last text gets a post of its own, `more` with its part's number (“… (picture 2 of 2)”)."""
    posts = [Post(text=t, image=pictures[i] if i < len(pictures) else None) for i, t in enumerate(texts)]
    n = len(pictures)
    posts += [Post(text=f"{more} (picture {k + 1} of {n})", image=pictures[k]) for k in range(len(texts), n)]
    return posts


def result_picture(
    title: str, outcome: Outcome, columns: Sequence[str], cells: Mapping[str, Sequence[str]], notes: Sequence[str] = ()
) -> Callable[[], bytes]:
    """The result as a table picture, read from the match's `Outcome`: a row per player of `cells` (by name), in the
    outcome's order (its ranking, or the winners first where it ranks nobody), each row led by its place where it ranks.

    >>> from umpire.games.outcome import Outcome, Placing
    >>> won = Outcome(summary="Uri won", winners=("Uri",), ranking=(Placing(player="Uri", place=1), Placing(player="Hedger", place=2)))
    >>> draw = result_picture("Devil's Deal: Uri wins", won, ("chips",), {"Hedger": ("0",), "Uri": ("37",)})
    >>> draw()[:4]  # drawn only now, when it is asked for: Uri's row first, with place 1
    b'\x89PNG'
    """
    head, rows = result_rows(outcome, columns, cells)
    return table_picture(title, head, rows, notes)


def result_pictures(title: str, outcome: Outcome, columns: Sequence[str], cells: Mapping[str, Sequence[str]]) -> list[Callable[[], bytes]]:
    """The result as `result_picture` draws it, in parts past `ROWS_PER_PICTURE` players (`table_pictures`)."""
    head, rows = result_rows(outcome, columns, cells)
    return table_pictures(title, head, rows)


def result_rows(
    outcome: Outcome, columns: Sequence[str], cells: Mapping[str, Sequence[str]]
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The result table's columns and rows: a row per player of `cells` in the outcome's order, led by its place where
    the outcome ranks."""
    players = list(cells)
    order = (
        outcome.order(players)
        if outcome.ranking
        else [*(w for w in outcome.winners if w in cells), *(p for p in players if p not in outcome.winners)]
    )
    if outcome.ranking:
        place = {p.player: str(p.place) for p in outcome.ranking}
        return ("place", "player", *columns), [(place.get(p, ""), p, *cells[p]) for p in order]
    return ("player", *columns), [(p, *cells[p]) for p in order]


def warm(*examples: Callable[[], bytes]) -> None:
    """Draw each example picture once and throw it away.

    A game's `warm_pictures` calls this with one picture of each kind it posts, so that the first
    real picture of a session finds its fonts open, its glyphs rendered and its shapes cut: a front
    end that posts pictures runs it once in the background soon after it starts.
    """
    for draw_example in examples:
        draw_example()
