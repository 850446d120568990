"""An Expressions set image, read back from the PNG."""

from __future__ import annotations

import pytest

from umpire.images import ExpressionsSet, ExprPuzzle, draw, draw_expressions
from umpire.images.expressions import BIG, BOX_H, BOX_W, DIGIT_H, DIGIT_W, OP_W, box_left, row_top
from umpire.images.font import CAP
from umpire.images.layout import GAP, LINE

from .support import Picture

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
    pic = Picture(draw_expressions(SET))
    assert pic.width == 400
    symbol = {"+": "+", "-": "-", "x": "×", "/": "/"}
    for i, puzzle in enumerate(SET.puzzles):
        y = row_top(SET, i)
        assert pic.glyph_at(8 + 4, y + (BOX_H - 29) // 2 + 4, str(i + 1), 3, "ink"), f"number {i + 1}"
        text_y = y + (BOX_H - CAP * BIG) // 2
        for slot in range(4):
            x = box_left(slot)
            assert pic.at(x + BOX_W // 2, y + BOX_H // 2) == "panel", "an empty blank"
            assert pic.at(x, y + BOX_H // 2) == "edge"
            if slot < 3:
                op_x = x + BOX_W + OP_W // 2 - (5 * BIG) // 2
                assert pic.glyph_at(op_x, text_y, symbol[puzzle.ops[slot]], BIG, "text"), f"puzzle {i + 1} operator {slot + 1}"
        assert pic.find_text(str(puzzle.target), BIG, "gold") is not None


def test_solvers_are_named_under_their_puzzle() -> None:
    pic = Picture(draw_expressions(SET))
    assert pic.text_at(box_left(0), row_top(SET, 1) + BOX_H + 6, "✓ solved: Hedger", 2, "good")
    assert pic.text_at(box_left(0), row_top(SET, 3) + BOX_H + 6, "✓ solved: Hedger, Uri", 2, "good")
    assert row_top(SET, 2) - row_top(SET, 1) > row_top(SET, 3) - row_top(SET, 2)


def test_used_extra_digits_are_struck_through_and_free_ones_are_light() -> None:
    pic = Picture(draw_expressions(SET))
    found = pic.find_text("Extra digits (each once a set):", 2, "dim")
    assert found is not None
    y = found[1] + LINE + GAP
    for d in range(1, 10):
        x = 8 + (d - 1) * (DIGIT_W + 12)
        box = (x + 1, y + 1, x + DIGIT_W - 1, y + DIGIT_H - 1)
        digit_x = x + DIGIT_W // 2 - (5 * BIG) // 2
        digit_y = y + (DIGIT_H - CAP * BIG) // 2
        if d in (7, 8):
            assert pic.count("bad", box) > 30, f"{d} is struck through"
            assert pic.count("card", box) == 0
        else:
            assert pic.count("bad", box) == 0
            assert pic.glyph_at(digit_x, digit_y, str(d), BIG, "ink"), f"{d} is free"


def test_a_very_large_target_still_fits() -> None:
    big = ExpressionsSet(puzzles=(ExprPuzzle(ops="xxx", target=98765432),))
    pic = Picture(draw(big))
    assert pic.find_text("98765432", 2, "gold") is not None


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


def test_the_same_set_gives_the_same_bytes() -> None:
    assert draw_expressions(SET) == draw_expressions(SET) == draw(SET)
