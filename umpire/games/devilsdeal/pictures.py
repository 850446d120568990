"""The pictures Devil's Deal posts attach, drawn only when the host copies them.

Each function returns the `Post(image=...)` callable: the drawing code (`drawing`, and
`umpire.images` with it) is imported at the first copy, never when the game loads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from umpire.games.devilsdeal.events import GameOver, Showdown
from umpire.games.pictures import result_picture, table_picture, warm


def showdown_picture(ev: Showdown) -> Callable[[], bytes]:
    """The table at the showdown (the community card, both hands face up, the pot)."""

    def draw_table() -> bytes:
        from umpire.games.devilsdeal.drawing import Card, PokerSeat, PokerTable
        from umpire.images import draw

        def own(cards: Sequence[str]) -> tuple[Card | None, ...]:
            rest = list(cards)
            rest.remove(ev.community)  # a hand is the community card and the player's two private cards
            return tuple(Card.parse(c) for c in rest)

        seats = tuple(PokerSeat(name=p, chips=ev.chips.get(p, 0), private=own(h.cards), hand=h.hand) for p, h in ev.hands.items())
        note = f"{ev.winner} wins the pot of {ev.pot}" if ev.winner is not None else f"a tie: {ev.why}"
        table = PokerTable(
            seats=(seats[0], seats[1]), community=Card.parse(ev.community), pot=ev.pot, title="Showdown", note=note, show_pools=False
        )
        return draw(table)

    return draw_table


def chips_picture(ev: GameOver) -> Callable[[], bytes]:
    """The end of the Death Match: its places (from the match's `Outcome`) and both stacks, as a table."""
    cells = {p: (str(c),) for p, c in ev.chips.items()}
    return result_picture(f"Devil's Deal: {ev.winner} wins (round {ev.round})", ev.outcome, ("chips",), cells)


def warm_pictures() -> None:
    """Draw a showdown table and the final stacks, and throw them away (see `umpire.games.pictures.warm`)."""

    def table() -> bytes:
        from umpire.games.devilsdeal.drawing import Card, PokerSeat, PokerTable
        from umpire.images import draw

        def cards(text: str) -> tuple[Card, ...]:
            return tuple(Card.parse(c) for c in text.split())

        seats = (
            PokerSeat(name="Hedger", chips=19, pool=cards("B4 R5 G5 B6 B7 G8 G9 R1"), private=cards("B7 G5"), bet=4),
            PokerSeat(name="Uri", chips=19, pool=cards("R1 G3 B3 G7 R8 R9 B2 R3"), private=cards("G7 R8"), bet=4),
        )
        return draw(PokerTable(seats=seats, community=Card.parse("G6"), pot=11, title="Showdown", note="Hedger wins the pot of 11"))

    warm(
        table,
        table_picture("Devil's Deal: Hedger wins (round 3)", ("place", "player", "chips"), [("1", "Hedger", "38"), ("2", "Uri", "0")]),
    )
