"""Left-to-right arithmetic (Expressions, Open, Pass): no operator precedence, exact division and its
display (R-ARITH-1), and reading a filled expression of single digits."""

from __future__ import annotations

from fractions import Fraction
from functools import reduce

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.core.arith import OPS, apply, evaluate, exact, hundredths, op_symbol, parse_digits, show
from umpire.core.errors import InvalidCommand

digits = st.integers(min_value=1, max_value=9)
ops = st.sampled_from(list(OPS))


def fold(numbers: list[int], operators: str) -> Fraction:
    """An independent left-to-right fold with Fraction."""
    table = {"+": Fraction.__add__, "-": Fraction.__sub__, "x": Fraction.__mul__, "/": Fraction.__truediv__}
    pairs = list(zip(operators, numbers[1:], strict=True))
    return reduce(lambda acc, p: table[p[0]](acc, Fraction(p[1])), pairs, Fraction(numbers[0]))


# ---------------------------------------------------------------- evaluation


@pytest.mark.parametrize(
    ("numbers", "operators", "value"),
    [
        ([2, 3, 9, 3], "+x-", 42),  # ((2+3)x9)-3, not 2+27-3 = 26
        ([1, 2, 3], "+x", 9),  # (1+2)x3, not 7
        ([8, 2, 2], "-/", 3),  # (8-2)/2, not 7
        ([9, 3, 3], "/x", 9),  # (9/3)x3, not 1
        ([2, 3], "-", -1),
        ([7], "", 7),
    ],
)
def test_evaluation_is_strictly_left_to_right(numbers: list[int], operators: str, value: int) -> None:
    assert evaluate(numbers, operators) == value


def test_division_is_exact() -> None:
    assert evaluate([5, 2, 4, 8], "/xx") == 80  # 5/2 = 5/2, not 2
    assert evaluate([1, 6, 4], "-/") == Fraction(-5, 4)
    assert evaluate([1, 3], "/") == Fraction(1, 3)
    assert evaluate([1, 3, 3], "/x") == 1


def test_floor_division_is_the_alternative_setting() -> None:
    assert evaluate([5, 2, 4], "/x", division="floor") == 8
    assert evaluate([1, 6, 4], "-/", division="floor") == -2  # floor(-5/4)
    assert apply(Fraction(7), "/", 2, division="floor") == 3


def test_division_by_zero_raises() -> None:
    with pytest.raises(ZeroDivisionError):
        evaluate([1, 0], "/")


def test_one_operator_between_each_two_numbers() -> None:
    with pytest.raises(ValueError, match="one operator between each two numbers"):
        evaluate([1, 2, 3], "+")


@given(
    st.lists(digits, min_size=1, max_size=9).flatmap(
        lambda ns: st.tuples(st.just(ns), st.text(alphabet=OPS, min_size=len(ns) - 1, max_size=len(ns) - 1))
    )
)
def test_evaluate_equals_an_independent_left_to_right_fold(case: tuple[list[int], str]) -> None:
    numbers, operators = case
    assert evaluate(numbers, operators) == fold(numbers, operators)


# ---------------------------------------------------------------- display (R-ARITH-1)


@pytest.mark.parametrize(
    ("value", "shown", "short"),
    [
        (Fraction(42), "42", "42"),
        (Fraction(-2), "-2", "-2"),
        (Fraction(0), "0", "0"),
        (Fraction(-5, 4), "-5/4 (-1.25)", "-5/4"),
        (Fraction(-5, 2), "-5/2 (-2.50)", "-5/2"),
        (Fraction(9, 2), "9/2 (4.50)", "9/2"),
        (Fraction(1, 3), "1/3 (0.33)", "1/3"),
        (Fraction(2, 3), "2/3 (0.67)", "2/3"),
        (Fraction(10, 4), "5/2 (2.50)", "5/2"),
    ],
)
def test_r_arith_1_a_whole_value_shows_as_an_integer_else_a_reduced_fraction_and_2_decimals(
    value: Fraction, shown: str, short: str
) -> None:
    assert show(value) == shown
    assert exact(value) == short


def test_r_arith_1_the_2_decimals_are_rounded_from_the_exact_fraction_half_away_from_zero() -> None:
    assert hundredths(Fraction(1, 8)) == "0.13" and hundredths(Fraction(-1, 8)) == "-0.13"
    assert hundredths(Fraction(1, 8) - Fraction(1, 10**30)) == "0.12"
    assert hundredths(Fraction(-1, 8) + Fraction(1, 10**30)) == "-0.12"
    assert hundredths(Fraction(-1, 1000)) == "0.00"  # no "-0.00"
    assert hundredths(10**40 + Fraction(2, 3)) == f"{10**40}.67"  # any size: no decimal context to overflow


@given(st.integers(-(10**60), 10**60), st.integers(1, 10**40))
def test_r_arith_1_the_2_decimals_are_the_nearest_hundredth(n: int, d: int) -> None:
    value = Fraction(n, d)
    text = hundredths(value)
    shown = Fraction(text)
    assert abs(shown - value) <= Fraction(1, 200)
    if abs(shown - value) == Fraction(1, 200):  # a half rounds away from zero
        assert abs(shown) > abs(value)
    assert text.count(".") == 1 and len(text.split(".")[1]) == 2


def test_r_arith_1_the_rulings_example() -> None:
    assert show(evaluate([1, 6, 4], "-/")) == "-5/4 (-1.25)"


# ---------------------------------------------------------------- reading expressions


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("2+3x9-3", ((2, 3, 9, 3), "+x-")),
        ("2+3*9-3", ((2, 3, 9, 3), "+x-")),
        ("2+3×9-3", ((2, 3, 9, 3), "+x-")),
        ("2+3X9-3", ((2, 3, 9, 3), "+x-")),
        ("2 + 3 * 9 - 3", ((2, 3, 9, 3), "+x-")),
        ("8/2−1÷1", ((8, 2, 1, 1), "/-/")),
        ("1+1", ((1, 1), "+")),
        ("1+2+3+4+5+6+7+8+9", ((1, 2, 3, 4, 5, 6, 7, 8, 9), "++++++++")),
    ],
)
def test_parse_digits_reads_x_star_and_times_as_multiply(text: str, parsed: tuple[tuple[int, ...], str]) -> None:
    assert parse_digits(text) == parsed


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2+0x9-3", "“2+0x9-3”: the digits are 1 to 9 (no 0)"),
        ("0+1", "“0+1”: the digits are 1 to 9 (no 0)"),
        ("2+ax9-3", "“2+ax9-3” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("two+3", "“two+3” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("12+3", "“12+3” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("2+3^9", "“2+3^9” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("2++3", "“2++3” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("2+3-", "“2+3-” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("7", "“7” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("", "“” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("1+2+3+4+5+6+7+8+9+1", "“1+2+3+4+5+6+7+8+9+1” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
        ("2+²", "“2+²” is not an expression of single digits 1–9 and operators, like 2+3x9-3"),
    ],
)
def test_parse_digits_refuses_0_letters_and_too_many_digits(text: str, reason: str) -> None:
    with pytest.raises(InvalidCommand) as info:
        parse_digits(text)
    assert info.value.reason == reason


@pytest.mark.parametrize("text", ["２+3", "2+٣"])
def test_parse_digits_refuses_digits_that_are_not_ascii(text: str) -> None:
    # Tiles, puzzle numbers and extras must be ASCII 1–9 (`_digit`); S should be read the same way.
    with pytest.raises(InvalidCommand):
        parse_digits(text)


@pytest.mark.parametrize(("spelling", "op"), [("*", "x"), ("×", "x"), ("X", "x"), ("x", "x"), ("−", "-"), ("–", "-"), ("÷", "/")])
def test_every_accepted_operator_spelling_is_canonical(spelling: str, op: str) -> None:
    assert op_symbol(spelling) == op


def test_an_unknown_operator_is_refused() -> None:
    with pytest.raises(InvalidCommand) as info:
        op_symbol("^")
    assert info.value.reason == "“^” is not an operator (use + - x /)"


@given(st.lists(digits, min_size=2, max_size=9), st.data())
def test_written_expressions_read_back(numbers: list[int], data: st.DataObject) -> None:
    spellings = {"+": ["+"], "-": ["-", "−"], "x": ["x", "*", "×"], "/": ["/", "÷"]}
    operators = data.draw(st.text(alphabet=OPS, min_size=len(numbers) - 1, max_size=len(numbers) - 1))
    text = str(numbers[0]) + "".join(data.draw(st.sampled_from(spellings[o])) + str(n) for o, n in zip(operators, numbers[1:], strict=True))
    assert parse_digits(text) == (tuple(numbers), operators)
