"""The Devil's Deal table and Open, Pass rows, read back from the PNG."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.core.arith import read_row
from umpire.games.devilsdeal.drawing import (
    BIG_H,
    BIG_W,
    HUGE_H,
    HUGE_W,
    SEAT_W,
    Card,
    PokerSeat,
    PokerTable,
    draw_poker_table,
    private_top,
    seat_left,
    table_top,
)
from umpire.games.openpass.drawing import OPEN_PASS_CARDS, OpenPassRow, counted, draw_open_pass_row
from umpire.images import draw
from umpire.images.cards import SMALL_GAP, SMALL_H, SMALL_W
from umpire.images.layout import LINE, MARGIN

from .support import Picture, same_pixels

INK = {"red": "card-red", "green": "card-green", "blue": "card-blue"}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


TABLE = PokerTable(
    title="Devil's Deal, round 1",
    community=Card.parse("G6"),
    pot=11,
    seats=(
        PokerSeat(name="Hedger", chips=19, pool=cards("B4 R5 G5 G5 B5 B6 B7 G8 G9"), private=(Card.parse("B7"), None), bet=4, starts=True),
        PokerSeat(name="Uri", chips=19, pool=cards("R1 G3 B3 G7 R8 R9 G8 B2 R2 R3 B9"), private=(Card.parse("G7"), None), bet=4),
    ),
    note="Hedger calls 3.",
)


def assert_face(pic: Picture, x: int, y: int, w: int, h: int, card: Card) -> None:
    ink = INK[card.colour]
    assert pic.at(x + 2, y + h // 2) == ink, f"{card.name}: rim in its colour"
    assert pic.at(x + w // 2, y + 5) == "card", f"{card.name}: light face"
    names = [m for m in pic.marks if m.text == card.name and x <= pic.left(m) and pic.right(m) <= x + w and y <= pic.top(m) <= y + h]
    assert len(names) == 1 and pic.shows(names[0]) and names[0].colour == ink, f"{card.name}: its name, in its colour"
    assert abs((pic.left(names[0]) + pic.right(names[0])) / 2 - (x + w / 2)) < 1, f"{card.name}: centred"


def test_private_cards_face_up_when_revealed_and_backs_while_hidden() -> None:
    pic = Picture.of(TABLE)
    assert pic.width == 400
    ptop = private_top(TABLE)
    for i, seat in enumerate(TABLE.seats):
        for k in range(2):
            x = seat_left(i) + k * (BIG_W + 8) + (SEAT_W - 2 * BIG_W - 8) // 2
            card = seat.private[k]
            if card is None:
                box = (x + 2, ptop + 2, x + BIG_W - 2, ptop + BIG_H - 2)
                assert pic.count("back", box) > 0 and pic.count("back-pattern", box) > 0
                assert pic.count("card", box) == 0, "nothing of the hidden card shows"
            else:
                assert_face(pic, x, ptop, BIG_W, BIG_H, card)


def at_place(pic: Picture, text: str, colour: str, x: float, y: float) -> bool:
    """Whether `text` is drawn in `colour` with its capitals' top-left corner at (x, y) units."""
    found = pic.find(text, colour)
    return found is not None and abs(pic.left(found) - x) < 1 and abs(pic.top(found) - y) < 1


def test_community_card_and_pot_in_the_middle() -> None:
    pic = Picture.of(TABLE)
    top = table_top(TABLE)
    assert TABLE.community is not None
    assert_face(pic, 200 - HUGE_W // 2, top + LINE, HUGE_W, HUGE_H, TABLE.community)
    community = pic.find("community", "dim")
    assert community is not None and abs(pic.left(community) + pic.right(community) - 400) < 2, "centred"
    assert pic.find("pot 11", "gold") is not None


def test_seats_show_name_chips_bet_and_who_starts() -> None:
    pic = Picture.of(TABLE)
    top = table_top(TABLE)
    assert at_place(pic, "Hedger", "text", seat_left(0), top)
    assert at_place(pic, "19 chips", "gold", seat_left(0), top + LINE)
    assert at_place(pic, "bet 4", "text", seat_left(0), top + 2 * LINE)
    assert at_place(pic, "starts", "dim", seat_left(0), top + 3 * LINE)
    assert at_place(pic, "Uri", "text", seat_left(1), top)
    assert pic.find("Hedger calls 3.", "text") is not None


def test_pools_are_drawn_as_card_faces_ten_to_a_row() -> None:
    pic = Picture.of(TABLE)
    for seat in TABLE.seats:
        found = pic.find(f"{seat.name}’s pool ({len(seat.pool)})", "dim")
        assert found is not None
        y0 = round(pic.top(found)) + LINE
        for i, card in enumerate(seat.pool):
            r, c = divmod(i, 10)
            assert_face(pic, MARGIN + c * (SMALL_W + SMALL_GAP), y0 + r * (SMALL_H + SMALL_GAP), SMALL_W, SMALL_H, card)


def test_before_the_pick_the_slots_are_empty_and_a_hand_is_named_at_showdown() -> None:
    table = PokerTable(
        community=None,
        seats=(
            PokerSeat(name="Hedger", chips=7, pool=(), private=(Card.parse("R5"), Card.parse("G5")), hand="three 5s"),
            PokerSeat(name="Uri", chips=33, pool=()),
        ),
    )
    pic = Picture.of(table)
    ptop = private_top(table)
    x = seat_left(1) + (SEAT_W - 2 * BIG_W - 8) // 2
    assert pic.at(x + 5, ptop + 5) == "panel"
    assert pic.find("?", "dim") is not None
    assert pic.find("three 5s", "text") is not None
    assert pic.find("no cards", "dim") is not None


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Card.parse("Y5"), "card 'Y5': expected a colour R, G or B and a number 1-9, like R5"),
        (lambda: Card(colour="red", number=0), "Card.number = 0: expected one of 1, 2, 3, 4, 5, 6, 7, 8, 9"),
        (
            lambda: PokerSeat(name="p1", chips=1, private=(None,)),
            "PokerSeat.private: expected () or two cards (None when face down), got 1",
        ),
        (lambda: PokerTable(seats=(PokerSeat(name="p1", chips=1),)), "PokerTable.seats: expected two seats, got 1"),  # type: ignore[arg-type]
        (
            lambda: OpenPassRow(player="p1", cards=("1", "*"), reading="1", score="1"),
            "OpenPassRow.cards = '*': expected one of '1', '2', '3', '4', '5', '6', '7', '8', '9', '+', '-', 'x', '/'",
        ),
    ],
)
def test_a_table_or_row_that_cannot_be_drawn_is_refused(make: object, message: str) -> None:
    with pytest.raises(ValueError) as err:
        make()  # type: ignore[operator]
    assert str(err.value) == message


# ---------------------------------------------------------------- Open, Pass


@given(st.lists(st.sampled_from(OPEN_PASS_CARDS), max_size=12))
def test_counted_cards_are_the_ones_read_row_reads(row: list[str]) -> None:
    reading, _, _ = read_row(row)
    kept = [c for c, k in zip(row, counted(row), strict=True) if k]
    assert (["0", *kept] if kept and kept[0] in "+-x/" else kept) == reading  # read_row puts a 0 before a leading symbol


ROW = OpenPassRow(
    player="Hedger",
    dealer="Heaven dealer",
    cards=("+", "3", "1", "x", "9", "x", "2", "-", "2", "x"),
    reading="0 + 3 x 9 x 2 - 2",
    score="52",
    title="Open, Pass",
    result="1st: +3 Tokens of Life",
)


def test_row_cards_left_to_right_skipped_ones_struck_through() -> None:
    pic = Picture.of(ROW)
    assert pic.width == 400
    found = pic.find("Hedger · Heaven dealer", "text")
    assert found is not None
    top = round(pic.top(found)) + LINE + 8
    flags = counted(ROW.cards)
    face = {"+": "+", "-": "−", "x": "×", "/": "/"}

    def shown(text: str, colour: str, x: int) -> bool:
        return any(m.text == text and m.colour == colour and x <= pic.left(m) < x + SMALL_W and pic.shows(m) for m in pic.marks)

    for i, card in enumerate(ROW.cards):
        x = MARGIN + i * (SMALL_W + SMALL_GAP)
        box = (x + 1, top + 1, x + SMALL_W - 1, top + SMALL_H - 1)
        if not flags[i]:
            assert pic.count("bad", box) > 80 and pic.count("panel", box) > 0, f"card {i + 1} struck through"
        elif card in face:
            assert pic.at(x + 3, top + 3) == "ink" and shown(face[card], "text", x), f"card {i + 1}"
        else:
            assert pic.at(x + 3, top + 3) == "card" and shown(card, "ink", x), f"card {i + 1}"
    assert flags == [True, True, False, True, True, True, True, True, True, False]


def test_row_reading_score_and_result_are_written() -> None:
    pic = Picture.of(ROW)
    assert pic.find("Reads: 0 + 3 × 9 × 2 − 2", "text") is not None
    score = pic.find("Score: 52", "gold")
    reads = pic.find("Reads: 0 + 3 × 9 × 2 − 2", "text")
    assert score is not None and reads is not None and score.px > reads.px, "the score in large type"
    assert pic.find("1st: +3 Tokens of Life", "text") is not None
    assert pic.find("Struck through: not counted", "dim") is not None


def test_an_empty_row_and_a_long_score_fit() -> None:
    pic = Picture.of(OpenPassRow(player="Uri", cards=(), reading="", score="0"))
    assert pic.find("no cards opened", "dim") is not None
    assert pic.find("Reads: (no cards)", "text") is not None
    long = Picture.of(OpenPassRow(player="Uri", cards=("1", "/", "7"), reading="1 / 7", score="-1/7 (-0.14), tie broken, and a long note"))
    drawn = [m for m in long.marks if m.colour == "gold"]
    assert " ".join(m.text for m in drawn) == "Score: -1/7 (-0.14), tie broken, and a long note"
    assert all(long.shows(m) and long.right(m) <= 400 - MARGIN for m in drawn), "wrapped to fit"


def test_the_same_table_and_row_give_the_same_pixels() -> None:
    assert same_pixels(draw_poker_table(TABLE), draw(TABLE))
    assert same_pixels(draw_open_pass_row(ROW), draw(ROW))
