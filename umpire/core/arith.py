"""Left-to-right arithmetic, as Expressions and Open, Pass use it: no operator precedence.

Division is exact (rational numbers) by default (R-ARITH-1); results are shown as
an integer when whole, else as a reduced fraction with a 2-decimal
approximation.

>>> evaluate([2, 3, 9, 3], "+x-")
Fraction(42, 1)
>>> show(evaluate([1, 5, 2], "-/"))
'-2'
>>> show(evaluate([1, 6, 4], "-/"))
'-5/4 (-1.25)'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from umpire.core.errors import InvalidCommand

OPS = "+-x/"
_ALIASES = {"+": "+", "-": "-", "−": "-", "–": "-", "x": "x", "X": "x", "*": "x", "×": "x", "/": "/", "÷": "/"}
_EXPR = re.compile(r"^\s*([0-9])\s*((?:[-+−–xX*×/÷]\s*[0-9]\s*){1,8})$")


def op_symbol(op: str) -> str:
    """The canonical operator for any accepted spelling (`*`, `×`, `x` -> `x`; `−` -> `-`)."""
    try:
        return _ALIASES[op]
    except KeyError:
        raise InvalidCommand(f"“{op}” is not an operator (use + - x /)") from None


def apply(a: Fraction, op: str, b: Fraction | int, *, division: str = "exact") -> Fraction:
    """One step of left-to-right evaluation. Division by zero raises ZeroDivisionError."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "x":
        return a * b
    if division == "floor":
        return Fraction(a // Fraction(b))
    return a / Fraction(b)


def evaluate(numbers: Sequence[int | Fraction], ops: str, *, division: str = "exact") -> Fraction:
    """Evaluate strictly left to right: ((n0 op0 n1) op1 n2) …"""
    if len(ops) != len(numbers) - 1:
        raise ValueError("one operator between each two numbers")
    value = Fraction(numbers[0])
    for op, n in zip(ops, numbers[1:], strict=True):
        value = apply(value, op, n, division=division)
    return value


def parse_digits(text: str) -> tuple[tuple[int, ...], str]:
    """Read a filled expression of single digits such as `2+3x9-3` (also `*`, `×`, spaces).

    >>> parse_digits("2 + 3 * 9 - 3")
    ((2, 3, 9, 3), '+x-')
    """
    m = _EXPR.match(text)
    if not m:
        raise InvalidCommand(f"“{text}” is not an expression of single digits 1–9 and operators, like 2+3x9-3")
    digits = [int(m.group(1))]
    ops = ""
    for op, d in re.findall(r"([-+−–xX*×/÷])\s*([0-9])", m.group(2)):
        ops += op_symbol(op)
        digits.append(int(d))
    if 0 in digits:
        raise InvalidCommand(f"“{text}”: the digits are 1 to 9 (no 0)")
    return tuple(digits), ops


def show(value: Fraction) -> str:
    """An integer when whole, else the reduced fraction and a 2-decimal approximation (R-ARITH-1).

    The approximation is rounded from the exact fraction (halves away from zero), never through a
    fixed-precision decimal, so no size of number can overflow it or round it twice.

    >>> show(Fraction(1, 8)), show(Fraction(1, 8) - Fraction(1, 10**30)), show(Fraction(-5, 4))
    ('1/8 (0.13)', '124999999999999999999999999999/1000000000000000000000000000000 (0.12)', '-5/4 (-1.25)')
    """
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator} ({hundredths(value)})"


def hundredths(value: Fraction) -> str:
    """`value` to 2 decimals, rounded half away from zero from the exact fraction.

    >>> hundredths(Fraction(-1, 200)), hundredths(Fraction(1, 3)), hundredths(Fraction(9**28, 2))
    ('-0.01', '0.33', '261673816513680268606755760.50')
    """
    scaled = abs(value) * 100
    cents = int(scaled)  # floor, as the value is not negative
    if scaled - cents >= Fraction(1, 2):
        cents += 1
    whole, frac = divmod(cents, 100)
    sign = "-" if value < 0 and cents else ""
    return f"{sign}{whole}.{frac:02d}"


def exact(value: Fraction) -> str:
    """The value as a short exact string: `52`, `-5/2`."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


SYMBOLS = "+-x/"


def read_row(row: Sequence[str], *, division: str = "exact", by_zero: str = "skip") -> tuple[list[str], Fraction, list[str]]:
    """Read an Open, Pass row: of adjacent numbers only the leftmost counts, of adjacent symbols
    only the leftmost counts, a trailing symbol is ignored, a leading symbol gets a 0 in front;
    then evaluate left to right. An empty row scores 0 (R-OP-4). A division by zero is skipped
    (R-ARITH-2, `by_zero="skip"`). Returns the reading, the score and notes on skipped steps.

    >>> reading, score, _ = read_row("+ 3 1 x 9 x 2 - 2 x".split())
    >>> " ".join(reading), score
    ('0 + 3 x 9 x 2 - 2', Fraction(52, 1))
    """
    kept: list[str] = []
    for card in row:
        is_symbol = card in SYMBOLS
        if kept and (kept[-1] in SYMBOLS) == is_symbol:
            continue  # of adjacent numbers (or symbols) only the leftmost counts
        kept.append(card)
    if kept and kept[-1] in SYMBOLS:
        kept.pop()
    if kept and kept[0] in SYMBOLS:
        kept.insert(0, "0")
    if not kept:
        return [], Fraction(0), []
    value = Fraction(int(kept[0]))
    notes: list[str] = []
    for i in range(1, len(kept) - 1, 2):
        op, n = kept[i], int(kept[i + 1])
        if op == "/" and n == 0:
            if by_zero == "skip":
                notes.append(f"÷ 0 skipped (R-ARITH-2): the value stays {show(value)}")
                continue
            raise ZeroDivisionError("division by zero in the row")
        value = apply(value, op, n, division=division)
    return kept, value, notes
