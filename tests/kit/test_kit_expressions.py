"""A kit file's expressions (umpire/kit/expr.py): untrusted text, read by simpleeval, narrowed and bounded."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.kit.expr import LIMIT, ExprError, compile_expr

NAMES = {"coins": 20, "bid": 7, "lives": 0}


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="coinsbidlv 0123456789+-*/%()<>=!andortmx,_.[]'\"", max_size=60))
def test_any_text_is_refused_with_a_reason_or_is_a_whole_number_within_the_bounds(text: str) -> None:
    try:
        expr = compile_expr(text, allowed=set(NAMES))
    except ExprError as exc:
        assert str(exc)
        return
    value = expr.value(NAMES)
    assert isinstance(value, int) and -LIMIT <= value <= LIMIT


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("coins - bid", 13),
        ("lives <= 0", 1),
        ("max(0, bid - coins)", 0),
        ("coins // 0", 0),
        ("coins % 0", 0),
        ("bid * bid * bid * bid * bid * bid * bid * bid * bid * bid * bid * bid", LIMIT),
    ],
)
def test_an_expression_is_worked_out_in_whole_numbers_a_division_by_zero_is_0_and_a_value_is_clamped(text: str, value: int) -> None:
    assert compile_expr(text, allowed=set(NAMES)).value(NAMES) == value


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("coins ** 2", "“**” is not allowed (use + - * // % and comparisons)"),
        ("'a' * 9", "“'a' * 9”: only whole numbers may be written in an expression, not 'a'"),
        (
            "[coins]",
            "“[coins]” uses something a kit expression cannot: only whole numbers, names, + - * // %, comparisons, and/or/not, min/max/abs",
        ),
        ("open('x')", "“open('x')”: the only functions are min, max and abs"),
        ("gold", "“gold” names “gold”, which is not known here (names known here: bid, coins, lives)"),
        ("", "the expression is empty"),
        ("coins +", '“coins +” is not an expression (e.g. "coins - bid" or "lives <= 0")'),
        ("1.5", "“1.5”: only whole numbers may be written in an expression, not 1.5"),
        ("min + 1", "“min + 1”: min is a function: write it with its values, e.g. min(coins, 5)"),
        ("min(coins)", "“min(coins)”: abs takes one value, min and max two or more (e.g. min(coins, 5))"),
        ("abs(coins, bid)", "“abs(coins, bid)”: abs takes one value, min and max two or more (e.g. min(coins, 5))"),
    ],
)
def test_an_expression_a_kit_cannot_use_is_refused_saying_why(text: str, reason: str) -> None:
    with pytest.raises(ExprError) as caught:
        compile_expr(text, allowed=set(NAMES))
    assert str(caught.value) == reason
