"""Pictures for posts, drawn only when the host copies them.

A renderer attaches `Post(image=...)` with one of these: the drawing code (umpire.images) is
imported at the first copy, never when a game loads, so start-up pays nothing for pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from umpire.games.outcome import Outcome


def table_picture(title: str, columns: Sequence[str], rows: Sequence[Sequence[str]]) -> Callable[[], bytes]:
    """A table (standings, a status, results) as a picture to post."""
    cols = tuple(columns)
    cells = tuple(tuple(r) for r in rows)

    def draw_table() -> bytes:
        from umpire.images import Standings, draw

        return draw(Standings(title=title, columns=cols, rows=cells))

    return draw_table


def result_picture(title: str, outcome: Outcome, columns: Sequence[str], cells: Mapping[str, Sequence[str]]) -> Callable[[], bytes]:
    """The result as a table picture, read from the match's `Outcome`: a row per player of `cells` (by name), in the
    outcome's order (its ranking, or the winners first where it ranks nobody), each row led by its place where it ranks.

    >>> from umpire.games.outcome import Outcome, Placing
    >>> won = Outcome(summary="Uri won", winners=("Uri",), ranking=(Placing(player="Uri", place=1), Placing(player="Hedger", place=2)))
    >>> draw = result_picture("Devil's Deal: Uri wins", won, ("chips",), {"Hedger": ("0",), "Uri": ("37",)})
    >>> draw()[:4]  # drawn only now, when it is asked for: Uri's row first, with place 1
    b'\x89PNG'
    """
    players = list(cells)
    order = (
        outcome.order(players)
        if outcome.ranking
        else [*(w for w in outcome.winners if w in cells), *(p for p in players if p not in outcome.winners)]
    )
    if outcome.ranking:
        place = {p.player: str(p.place) for p in outcome.ranking}
        return table_picture(title, ("place", "player", *columns), [(place.get(p, ""), p, *cells[p]) for p in order])
    return table_picture(title, ("player", *columns), [(p, *cells[p]) for p in order])


def warm(*examples: Callable[[], bytes]) -> None:
    """Draw each example picture once and throw it away.

    A game's `warm_pictures` calls this with one picture of each kind it posts, so that the first
    real picture of a session finds its fonts open, its glyphs rendered and its shapes cut: a front
    end that posts pictures runs it once in the background soon after it starts.
    """
    for draw_example in examples:
        draw_example()
