"""Every kind of picture umpire draws, with players' names where the games put them (in the title
where a picture has no name of its own), for the tests of names in any script."""

from __future__ import annotations

from collections.abc import Callable

from umpire.core.players import Player
from umpire.games.choice.drawing import ExpressionsSet, ExprPuzzle, GyulBoard
from umpire.games.devilsdeal.drawing import Card, PokerSeat, PokerTable
from umpire.games.haptactoe.drawing import HapBoard
from umpire.games.openpass.drawing import OpenPassRow
from umpire.images import Drawable, HapCheck, Standings, block_from_code, piece_from_words, star_from_code

# The names the issue asks for: Arabic (joined, right to left), Japanese, an emoji, Latin with a diaeresis, Korean.
NAMES = ("محمد", "山田太郎", "👑King", "Zoë", "유나")
ROSTER = tuple(Player(seat=i, name=n, aliases=(f"p{i + 1}",)) for i, n in enumerate(NAMES))


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def standings(name: str, other: str) -> Standings:
    return Standings(
        title=f"Hap-Tac-Toe: {name} wins",
        columns=("player", "total", "final score"),
        rows=((name, "4", "4"), (other, "2.5", "3")),
        notes=(f"{name} took the last hap",),
    )


def hap_board(name: str, other: str) -> HapBoard:
    cells = {
        "A1": piece_from_words("black red circle"),
        "B2": piece_from_words("gray red square"),
        "C3": piece_from_words("white red triangle"),
    }
    return HapBoard(cells=cells, claimed=(("A1", "B2", "C3"),), last="C3", title=f"Hap-Tac-Toe, game 1, turn 3: {name} claims")


def stars_board(name: str, other: str) -> HapBoard:
    cells = {"A1": star_from_code(0), "B1": star_from_code(13), "C1": star_from_code(26)}
    return HapBoard(cells=cells, variant="wsa", last="C1", title=f"When Stars Align, turn 3: {name}")


def gyul_board(name: str, other: str) -> GyulBoard:
    return GyulBoard(tiles=tuple(block_from_code(c) for c in range(9)), claimed=((1, 5, 9),), title=f"Gyul Hap, board 1/6: {name} calls")


def expressions(name: str, other: str) -> ExpressionsSet:
    puzzles = (ExprPuzzle(ops="+x-", target=12, solved_by=(name,)), ExprPuzzle(ops="x/+", target=7, solved_by=(other, name)))
    return ExpressionsSet(puzzles=puzzles, extras_used=(3,), title=f"Expressions, set 1: {name} leads")


def poker_table(name: str, other: str) -> PokerTable:
    seats = (
        PokerSeat(name=name, chips=19, pool=_cards("B4 R5 G5"), private=(Card.parse("B7"), None), bet=4, starts=True),
        PokerSeat(name=other, chips=17, pool=_cards("R1 G3"), private=(Card.parse("G7"), None), bet=4),
    )
    return PokerTable(seats=seats, community=Card.parse("G6"), pot=11, title=f"Devil's Deal, round 1: {name} bets", note=f"{name} calls 3.")


def showdown(name: str, other: str) -> PokerTable:
    seats = (
        PokerSeat(name=name, chips=19, private=_cards("B7 G5"), hand="straight 5-6-7"),
        PokerSeat(name=other, chips=19, private=_cards("G7 R8"), hand="straight 6-7-8"),
    )
    return PokerTable(
        seats=seats, community=Card.parse("G6"), pot=11, title="Showdown", note=f"{other} wins the pot of 11", show_pools=False
    )


def open_pass_row(name: str, other: str) -> OpenPassRow:
    return OpenPassRow(
        player=name,
        cards=("7", "-", "4", "x", "2"),
        reading="7 - 4 x 2",
        score="6",
        dealer=f"dealt by {other}",
        title=f"Open, Pass: {name}'s row",
        result=f"1st: {name}",
    )


def hap_check(name: str, other: str) -> HapCheck:
    pieces = (block_from_code(0), block_from_code(13), block_from_code(26))
    return HapCheck(pieces=pieces, is_hap=True, reasons=("colour: all different",), title=f"check hap, asked by {name}")


KINDS: dict[str, Callable[[str, str], Drawable]] = {
    "standings": standings,
    "hap-tac-toe": hap_board,
    "when-stars-align": stars_board,
    "gyul-hap": gyul_board,
    "expressions": expressions,
    "devils-deal": poker_table,
    "showdown": showdown,
    "open-pass": open_pass_row,
    "check-hap": hap_check,
}


def other_than(name: str) -> str:
    """The next of `NAMES` after `name`: every picture with two seats shows two of them."""
    return NAMES[(NAMES.index(name) + 1) % len(NAMES)]
