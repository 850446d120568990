"""Open, Pass's pictures: a finished row, and the results as a table. Each returns the `Post.image`
callable; the drawing code (`drawing`, and `umpire.images` with it) is imported only when the host
copies the post, so a session that never copies a picture pays nothing for it."""

from __future__ import annotations

from collections.abc import Callable

from umpire.games.openpass.events import Placing, Results
from umpire.games.pictures import result_pictures, table_picture, warm


def row_picture(player: str, row: tuple[str, ...], reading: str, shown: str) -> Callable[[], bytes]:
    """A player's row, its reading and its score, as a picture."""

    def draw_row() -> bytes:
        from umpire.games.openpass.drawing import OpenPassRow
        from umpire.images import draw

        return draw(OpenPassRow(player=player, cards=row, reading=reading, score=shown))

    return draw_row


def _prize(p: Placing) -> str:
    tokens = f"+{p.tokens} Token{'s' if p.tokens != 1 else ''}" if p.tokens else ""
    return ", ".join(x for x in (tokens, "EC" if p.ec else "") if x) or "—"


def results_pictures(ev: Results) -> list[Callable[[], bytes]]:
    """The ranking (the match's `Outcome`) as a table picture: place, player, score (or “did not play”) and prize, in
    parts past `ROWS_PER_PICTURE` players (`table_pictures`)."""
    cells = {p.player: (p.shown if p.played else "did not play", _prize(p)) for p in ev.ranking}
    return result_pictures("Open, Pass — results", ev.outcome, ("score", "prize"), cells)


def warm_pictures() -> None:
    """Draw a row of ten cards and a results table, and throw them away (see `umpire.games.pictures.warm`)."""
    row = ("+", "3", "1", "x", "9", "x", "2", "-", "2", "x")
    results = [("1", "Hedger", "52", "+1 Token"), ("2", "Uri", "did not play", "—")]
    warm(
        row_picture("Hedger", row, "0 + 3 x 9 x 2 - 2", "52"),
        table_picture("Open, Pass — results", ("place", "player", "score", "prize"), results),
    )
