"""Declared settings: what a valid value looks like, and what is said about an invalid one."""

from __future__ import annotations

import math
from typing import Any

import pytest

from umpire.core.settings import KINDS, Setting, check, type_name


def setting(kind: str, **kw: Any) -> Setting:
    return Setting(key="k", kind=kind, default=None, help="h", **kw)


MOVE = setting("int", minimum=1)
BOUNDED = setting("int", minimum=1, maximum=10)
PENALTY = setting("number", minimum=0)
REMINDERS = setting("list[int]", minimum=1)
ROUNDING = setting("choice", choices=("ceil", "none"))


@pytest.mark.parametrize(
    ("s", "text"),
    [
        (setting("int"), "a whole number"),
        (MOVE, "a whole number of at least 1"),
        (BOUNDED, "a whole number from 1 to 10"),
        (setting("number", minimum=0.5, maximum=2), "a number from 0.5 to 2"),
        (PENALTY, "a number of at least 0"),
        (setting("str"), "a string"),
        (setting("bool"), "true or false"),
        (REMINDERS, "a list of whole numbers of at least 1"),
        (setting("list[str]"), "a list of strings"),
        (setting("player"), 'a player\'s name or alias, e.g. "p2"'),
        (ROUNDING, 'one of "ceil", "none"'),
    ],
)
def test_expected_says_what_a_valid_value_looks_like(s: Setting, text: str) -> None:
    assert s.expected() == text


def test_every_declared_kind_has_an_expected_text() -> None:
    for kind in KINDS:
        assert setting(kind, choices=("a",)).expected()


@pytest.mark.parametrize(
    ("value", "name"),
    [
        (True, "a boolean"),
        (3, "a whole number"),
        (0.5, "a decimal number"),
        ("x", "a string"),
        ([1], "a list"),
        ({}, "a table"),
        (None, "NoneType"),
    ],
)
def test_type_name_uses_tomls_words(value: Any, name: str) -> None:
    assert type_name(value) == name


@pytest.mark.parametrize(
    ("s", "value"),
    [
        (MOVE, 60),
        (BOUNDED, 1),
        (BOUNDED, 10),
        (PENALTY, 0),
        (PENALTY, 0.5),
        (PENALTY, 3),
        (setting("str"), ""),
        (setting("bool"), False),
        (REMINDERS, [60, 30, 10]),
        (REMINDERS, []),
        (setting("list[str]"), ["a", "b"]),
        (setting("player"), "p2"),
        (setting("player"), "nobody at all"),  # names are checked against the roster later
        (ROUNDING, "ceil"),
        (ROUNDING, "none"),
    ],
)
def test_a_fitting_value_passes(s: Setting, value: Any) -> None:
    assert check(s, value) is None


@pytest.mark.parametrize(
    ("s", "value", "message"),
    [
        (MOVE, "60", "expected a whole number of at least 1, got '60' (a string)"),
        (MOVE, 60.0, "expected a whole number of at least 1, got 60.0 (a decimal number)"),
        (MOVE, True, "expected a whole number of at least 1, got True (a boolean)"),
        (PENALTY, "0.5", "expected a number of at least 0, got '0.5' (a string)"),
        (PENALTY, False, "expected a number of at least 0, got False (a boolean)"),
        (setting("str"), 5, "expected a string, got 5 (a whole number)"),
        (setting("bool"), 1, "expected true or false, got 1 (a whole number)"),
        (setting("bool"), "yes", "expected true or false, got 'yes' (a string)"),
        (REMINDERS, 10, "expected a list of whole numbers of at least 1, got 10 (a whole number)"),
        (REMINDERS, [10, "5"], "expected a list of whole numbers of at least 1, got [10, '5'] (a list)"),
        (REMINDERS, [10, True], "expected a list of whole numbers of at least 1, got [10, True] (a list)"),
        (REMINDERS, [1.5], "expected a list of whole numbers of at least 1, got [1.5] (a list)"),
        (setting("list[str]"), ["a", 1], "expected a list of strings, got ['a', 1] (a list)"),
        (setting("list[str]"), "a", "expected a list of strings, got 'a' (a string)"),
        (setting("player"), 2, 'expected a player\'s name or alias, e.g. "p2", got 2 (a whole number)'),
        (ROUNDING, "floor", 'expected one of "ceil", "none", got \'floor\' (a string)'),
        (ROUNDING, 1, 'expected one of "ceil", "none", got 1 (a whole number)'),
    ],
)
def test_a_value_of_the_wrong_type_is_refused_saying_what_was_expected(s: Setting, value: Any, message: str) -> None:
    assert check(s, value) == message


@pytest.mark.parametrize(
    ("s", "value", "message"),
    [
        (MOVE, 0, "expected a whole number of at least 1, got 0"),
        (MOVE, -5, "expected a whole number of at least 1, got -5"),
        (BOUNDED, 11, "expected a whole number from 1 to 10, got 11"),
        (BOUNDED, 0, "expected a whole number from 1 to 10, got 0"),
        (PENALTY, -0.5, "expected a number of at least 0, got -0.5"),
        (REMINDERS, [10, 0], "expected a list of whole numbers of at least 1, got 0"),
        (setting("list[int]", minimum=1, maximum=60), [30, 61], "expected a list of whole numbers from 1 to 60, got 61"),
    ],
)
def test_a_value_out_of_bounds_is_refused_naming_the_bounds_and_the_value(s: Setting, value: Any, message: str) -> None:
    assert check(s, value) == message


def test_an_upper_bound_alone_is_named_in_the_message() -> None:
    capped = setting("int", maximum=10)
    assert check(capped, 10) is None
    problem = check(capped, 11)
    assert problem is not None
    assert "11" in problem
    assert "10" in problem  # the host must learn what the limit is


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_a_number_that_is_not_a_finite_amount_is_refused(value: float) -> None:
    # TOML allows nan and inf; the rules turn the value into a Fraction, which cannot hold either.
    problem = check(PENALTY, value)
    assert problem is not None
    assert problem.startswith("expected a number of at least 0, got ")


def test_a_per_player_list_says_one_value_per_player() -> None:
    s = setting("list[int]", minimum=0, per_player=True)
    assert s.expected() == "a list of whole numbers of at least 0, one per player in seating order"
    assert check(s, [1, 2]) is None
    assert check(s, [1, -2]) == "expected a list of whole numbers of at least 0, one per player in seating order, got -2"


def test_bounds_do_not_apply_to_strings_or_choices() -> None:
    assert check(setting("str", minimum=5), "") is None
    assert check(setting("choice", choices=("a",), minimum=5), "a") is None
