"""Reading an Open, Pass row (`umpire.core.arith.read_row`) and `umpire check row`.

RULES.md, Open, Pass: of adjacent numbers only the leftmost counts, of adjacent symbols only the
leftmost counts, a trailing symbol is ignored, a leading symbol gets a 0 in front; then evaluate
left to right (no precedence). R-OP-4: an empty row scores 0. R-ARITH-1: exact division, shown
as `-5/4 (-1.25)`. R-ARITH-2: a division by zero is skipped, and a note says so.

`by_hand` below is an independent reading written for these tests (groupby over card types and a
plain loop), and hypothesis checks read_row against it on random rows.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from itertools import groupby

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from umpire.cli import app, check  # noqa: F401 - `check` registers the commands
from umpire.core.arith import exact, read_row, show

SYMBOLS = frozenset("+-x/")
NUMBERS = "0123456789"
RUNNER = CliRunner()


def by_hand(row: list[str], division: str = "exact") -> tuple[list[str], Fraction, int]:
    """The reading, the score and how many divisions by zero were skipped."""
    kept = [next(cards) for _, cards in groupby(row, key=lambda c: c in SYMBOLS)]  # first of each run
    if kept and kept[-1] in SYMBOLS:
        kept = kept[:-1]
    if kept and kept[0] in SYMBOLS:
        kept = ["0", *kept]
    if not kept:
        return [], Fraction(0), 0
    value = Fraction(int(kept[0]))
    skipped = 0
    for op, digit in zip(kept[1::2], kept[2::2], strict=True):
        n = Fraction(int(digit))
        if op == "+":
            value = value + n
        elif op == "-":
            value = value - n
        elif op == "x":
            value = value * n
        elif n == 0:
            skipped += 1
        elif division == "floor":
            value = Fraction(math.floor(value / n))
        else:
            value = value / n
    return kept, value, skipped


def row(text: str) -> list[str]:
    """A row written as in the card: cards separated by spaces, leftmost first."""
    return text.split()


cards = st.sampled_from(list(NUMBERS) + sorted(SYMBOLS))
rows = st.lists(cards, max_size=20)
symbol_heavy = st.lists(st.sampled_from(["0", "1", "9", "+", "-", "x", "/", "/"]), max_size=12)


# ---------------------------------------------------------------- examples


def test_the_cards_example_reads_0_plus_3_x_9_x_2_minus_2_and_scores_52() -> None:
    reading, score, notes = read_row(row("+ 3 1 x 9 x 2 - 2 x"))
    assert (" ".join(reading), score, notes) == ("0 + 3 x 9 x 2 - 2", Fraction(52), [])


def test_the_cards_other_example_9_minus_1_x_2_is_16() -> None:
    assert read_row(["9", "-", "1", "x", "2"])[1] == 16


def test_left_to_right_without_precedence() -> None:
    assert read_row(row("2 + 3 x 9 - 3"))[1] == 42  # ((2+3)x9)-3, RULES.md's example


@pytest.mark.parametrize(
    ("text", "reading", "score"),
    [
        ("", "", 0),  # R-OP-4
        ("7", "7", 7),
        ("7 3 1", "7", 7),  # adjacent numbers: the leftmost
        ("+", "", 0),  # a trailing symbol is ignored, and then nothing is left
        ("+ x - /", "", 0),
        ("- 5", "0 - 5", -5),  # a leading symbol gets a 0 in front
        ("x 5", "0 x 5", 0),
        ("5 +", "5", 5),
        ("5 + x - 2", "5 + 2", 7),  # adjacent symbols: the leftmost
        ("5 x + 2 3", "5 x 2", 10),
        ("/ / 4 x", "0 / 4", 0),
    ],
)
def test_reading_examples(text: str, reading: str, score: int) -> None:
    got, value, notes = read_row(row(text))
    assert (" ".join(got), value, notes) == (reading, Fraction(score), [])


def test_r_op_4_an_empty_row_scores_0() -> None:
    assert read_row([]) == ([], Fraction(0), [])


def test_r_arith_1_exact_division_is_shown_as_a_reduced_fraction_with_two_decimals() -> None:
    _, score, _ = read_row(row("1 - 6 / 4"))
    assert score == Fraction(-5, 4)
    assert (show(score), exact(score)) == ("-5/4 (-1.25)", "-5/4")
    _, score, _ = read_row(row("1 - 6 / 2 / 2 / 2"))
    assert (show(score), exact(score)) == ("-5/8 (-0.63)", "-5/8")
    _, score, _ = read_row(row("8 / 4"))
    assert (show(score), exact(score)) == ("2", "2")


def test_r_arith_1_floor_division_when_configured() -> None:
    assert read_row(row("1 - 6 / 4"), division="floor")[1] == -2
    assert read_row(row("7 / 2"), division="floor")[1] == 3


def test_r_arith_2_a_division_by_zero_is_skipped_with_a_note() -> None:
    reading, score, notes = read_row(row("5 / 0 + 1"))
    assert (" ".join(reading), score) == ("5 / 0 + 1", 6)
    assert notes == ["÷ 0 skipped (R-ARITH-2): the value stays 5"]
    _, score, notes = read_row(row("1 - 6 / 4 / 0"))
    assert score == Fraction(-5, 4) and notes == ["÷ 0 skipped (R-ARITH-2): the value stays -5/4 (-1.25)"]


def test_r_arith_2_the_strict_mode_raises() -> None:
    with pytest.raises(ZeroDivisionError):
        read_row(row("5 / 0"), by_zero="raise")


# ---------------------------------------------------------------- against the independent reading


@settings(max_examples=400, deadline=None)
@given(rows)
def test_read_row_equals_an_independent_left_to_right_reading(row: list[str]) -> None:
    reading, score, notes = read_row(row)
    mine, value, skipped = by_hand(row)
    assert (reading, score, len(notes)) == (mine, value, skipped)


@settings(max_examples=200, deadline=None)
@given(symbol_heavy)
def test_read_row_floor_division_equals_the_independent_reading(row: list[str]) -> None:
    _, score, notes = read_row(row, division="floor")
    _, value, skipped = by_hand(row, "floor")
    assert (score, len(notes)) == (value, skipped)


@settings(max_examples=200, deadline=None)
@given(rows)
def test_a_reading_alternates_numbers_and_symbols_from_a_number_to_a_number(row: list[str]) -> None:
    reading, _, _ = read_row(row)
    if reading:
        assert len(reading) % 2 == 1
        assert all((c in SYMBOLS) == (i % 2 == 1) for i, c in enumerate(reading))


@settings(max_examples=200, deadline=None)
@given(rows, st.data())
def test_a_card_beside_one_of_its_kind_changes_nothing(row: list[str], data: st.DataObject) -> None:
    # "Of adjacent numbers (or symbols) only the leftmost counts": a second one right after never matters.
    if not row:
        return
    i = data.draw(st.integers(0, len(row) - 1))
    same = st.sampled_from(sorted(SYMBOLS)) if row[i] in SYMBOLS else st.sampled_from(list(NUMBERS))
    bigger = [*row[: i + 1], data.draw(same), *row[i + 1 :]]
    assert read_row(bigger)[1] == read_row(row)[1]


@settings(max_examples=200, deadline=None)
@given(rows, st.sampled_from(sorted(SYMBOLS)))
def test_a_symbol_added_at_the_right_changes_nothing(row: list[str], symbol: str) -> None:
    assert read_row([*row, symbol])[1] == read_row(row)[1]


# ---------------------------------------------------------------- `umpire check row`


def test_check_row_prints_the_reading_and_the_score() -> None:
    result = RUNNER.invoke(app, ["check", "row", "+ 3 1 x 9 x 2 - 2 x"])
    assert result.exit_code == 0
    assert result.output == "row:     + 3 1 x 9 x 2 - 2 x\nreading: 0 + 3 x 9 x 2 - 2\nscore:   52\n"


def test_check_row_json() -> None:
    result = RUNNER.invoke(app, ["check", "row", "1 - 6 / 4", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == {
        "row": ["1", "-", "6", "/", "4"],
        "reading": "1 - 6 / 4",
        "score": "-5/4",
        "shown": "-5/4 (-1.25)",
        "notes": [],
    }


def test_check_row_notes_a_skipped_division_and_an_empty_row() -> None:
    result = RUNNER.invoke(app, ["check", "row", "5 / 0 + 1"])
    assert result.exit_code == 0 and "note:    ÷ 0 skipped (R-ARITH-2): the value stays 5" in result.output
    result = RUNNER.invoke(app, ["check", "row", ""])
    assert result.exit_code == 0 and "reading: 0   (an empty row scores 0, R-OP-4)" in result.output


def test_check_row_refuses_what_is_not_a_card() -> None:
    result = RUNNER.invoke(app, ["check", "row", "5 q"])
    assert result.exit_code == 2
    assert "“q” is not a card (a card is one digit 0–9 or one of + - x /)" in result.output


def test_check_row_reads_other_spellings_and_floor_division() -> None:
    result = RUNNER.invoke(app, ["check", "row", "1 − 6 ÷ 4", "--division", "floor", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["score"] == "-2"


def test_check_row_reads_the_cards_own_notation_without_spaces() -> None:
    result = RUNNER.invoke(app, ["check", "row", "9-1x2"])
    assert result.exit_code == 0
    assert result.output == "row:     9 - 1 x 2\nreading: 9 - 1 x 2\nscore:   16\n"


def test_check_row_reads_a_row_that_starts_with_a_minus_card() -> None:
    result = RUNNER.invoke(app, ["check", "row", "-", "5", "+", "1"])
    assert result.exit_code == 0
    assert result.output == "row:     - 5 + 1\nreading: 0 - 5 + 1\nscore:   -4\n"


def test_check_row_a_28_card_product_shows_its_exact_value_without_crashing() -> None:
    row = " x ".join(["9"] * 28) + " / 2"
    result = RUNNER.invoke(app, ["check", "row", row])
    assert result.exit_code == 0, result.output
    value = Fraction(9**28, 2)
    assert result.output.endswith(f"score:   {value.numerator}/2 (261673816513680268606755760.50)\n")


def tiny_below_an_eighth() -> list[str]:
    """A 245-card row worth exactly 1/8 - 10**-30: 10**30 built as (9 + 1) x 5 x 2 …, then / 8 - 1, then / 5 / 2 thirty times."""
    row = ["9", "+", "1"] + ["x", "5", "x", "2"] * 29 + ["/", "8", "-", "1"] + ["/", "5", "/", "2"] * 30 + ["x", "1"]
    assert len(row) == 245
    return row


def test_a_245_card_row_just_under_an_eighth_rounds_from_the_exact_fraction_to_0_12() -> None:
    row = tiny_below_an_eighth()
    _, score, _ = read_row(row)
    assert score == Fraction(1, 8) - Fraction(1, 10**30)
    assert show(score).endswith(" (0.12)")  # through a 28-digit decimal it became 0.125, then 0.13
    result = RUNNER.invoke(app, ["check", "row", "".join(row), "--json"])
    assert result.exit_code == 0 and json.loads(result.output)["shown"].endswith(" (0.12)")
