"""An Expressions set image, read back from the PNG."""

from __future__ import annotations

import pytest

from umpire.games.choice.drawing import (
    BOX_H,
    BOX_W,
    DIGIT_H,
    DIGIT_W,
    OP_W,
    ExpressionsSet,
    ExprPuzzle,
    box_left,
    draw_expressions,
    row_top,
)
from umpire.images import draw
from umpire.images.layout import GAP, LINE, MARGIN

from .support import Picture, same_pixels

SET = ExpressionsSet(
    title="Expressions, set 1",
    puzzles=(
        ExprPuzzle(ops="x+-", target=4),
        ExprPuzzle(ops="/-+", target=10, solved_by=("Hedger",)),
        ExprPuzzle(ops="++-", target=6),
        ExprPuzzle(ops="++x", target=95, solved_by=("Hedger", "Uri")),
        ExprPuzzle(ops="x-/", target=258),
    ),
    extras_used=(7, 8),
)


def test_each_puzzle_shows_four_blanks_its_operators_and_target() -> None:
    pic = Picture.of(SET)
    assert pic.width == 400
    symbol = {"+": "+", "-": "−", "x": "×", "/": "/"}

    def centred_on(text: str, colour: str, cx: float, y0: float, y1: float) -> bool:
        return any(
            m.text == text
            and m.colour == colour
            and abs(pic.left(m) + pic.right(m) - 2 * cx) < 2
            and y0 <= pic.top(m) < y1
            and pic.shows(m)
            for m in pic.marks
        )

    for i, puzzle in enumerate(SET.puzzles):
        y = row_top(SET, i)
        number = [
            m for m in pic.marks if m.text == str(i + 1) and m.colour == "ink" and pic.left(m) < box_left(0) and y <= pic.top(m) < y + BOX_H
        ]
        assert len(number) == 1 and pic.shows(number[0]), f"number {i + 1}"
        for slot in range(4):
            x = box_left(slot)
            assert pic.at(x + BOX_W // 2, y + BOX_H // 2) == "panel", "an empty blank"
            assert pic.at(x, y + BOX_H // 2) == "edge"
            if slot < 3:
                assert centred_on(symbol[puzzle.ops[slot]], "text", x + BOX_W + OP_W / 2, y, y + BOX_H), (
                    f"puzzle {i + 1} operator {slot + 1}"
                )
        target = pic.find(str(puzzle.target), "gold")
        assert target is not None and y <= pic.top(target) < y + BOX_H


def test_solvers_are_named_under_their_puzzle() -> None:
    pic = Picture.of(SET)
    for i, text in ((1, "✓ solved: Hedger"), (3, "✓ solved: Hedger, Uri")):
        found = pic.find(text, "good")
        assert found is not None and abs(pic.left(found) - box_left(0)) < 1 and abs(pic.top(found) - (row_top(SET, i) + BOX_H + 6)) < 1
    assert row_top(SET, 2) - row_top(SET, 1) > row_top(SET, 3) - row_top(SET, 2)


def test_used_extra_digits_are_struck_through_and_free_ones_are_light() -> None:
    pic = Picture.of(SET)
    found = pic.find("Extra digits (each once a set):", "dim")
    assert found is not None
    y = round(pic.top(found)) + LINE + GAP
    for d in range(1, 10):
        x = MARGIN + (d - 1) * (DIGIT_W + 12)
        box = (x + 1, y + 1, x + DIGIT_W - 1, y + DIGIT_H - 1)
        digit = [
            m for m in pic.marks if m.text == str(d) and x <= pic.left(m) and pic.right(m) <= x + DIGIT_W and y <= pic.top(m) < y + DIGIT_H
        ]
        assert len(digit) == 1, f"{d} is on its tile"
        if d in (7, 8):
            assert pic.count("bad", box) > 120, f"{d} is struck through"
            assert pic.count("card", box) == 0 and digit[0].colour == "dim"
        else:
            assert pic.count("bad", box) == 0
            assert digit[0].colour == "ink" and pic.shows(digit[0]), f"{d} is free"


def test_a_very_large_target_still_fits() -> None:
    big = ExpressionsSet(puzzles=(ExprPuzzle(ops="xxx", target=98765432),))
    pic = Picture.of(big)
    target = pic.find("98765432", "gold")
    assert target is not None and pic.right(target) <= 400 - MARGIN


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: ExprPuzzle(ops="x+", target=4), "ExprPuzzle.ops = 'x+': expected three of + - x /"),
        (lambda: ExprPuzzle(ops="x+*", target=4), "ExprPuzzle.ops = 'x+*': expected three of + - x /"),
        (lambda: ExprPuzzle(ops="x+-", target=0), "ExprPuzzle.target = 0: expected a positive whole number"),
        (lambda: ExpressionsSet(puzzles=()), "ExpressionsSet.puzzles: expected 1 to 9 puzzles, got 0"),
        (
            lambda: ExpressionsSet(puzzles=(ExprPuzzle(ops="+++", target=4),), extras_used=(0,)),
            "ExpressionsSet.extras_used = 0: expected one of 1, 2, 3, 4, 5, 6, 7, 8, 9",
        ),
    ],
)
def test_a_set_that_cannot_be_drawn_is_refused(make: object, message: str) -> None:
    with pytest.raises(ValueError) as err:
        make()  # type: ignore[operator]
    assert str(err.value) == message


def test_the_same_set_gives_the_same_pixels() -> None:
    assert same_pixels(draw_expressions(SET), draw(SET))
