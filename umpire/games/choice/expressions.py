"""Expressions: the puzzles `_?_?_?_=X` of a match and their solutions. Pure.

A solution fills the four blanks with digits 1–9 so that the left-to-right value
is X. Every generated puzzle has at least `min_solutions` solutions, using at
least two different digits between them (R-EX-1), and X <= `max_target`.

>>> p = puzzle_sets("7", 1, 5, 3, 999)[0][0]
>>> len(solutions(p.ops, p.target)) == count(p.ops, p.target) >= 3
True

Generating a match's puzzles needs only how many solutions each has, not the solutions, so
`count` finds the number without listing them: it counts the values the first digits make,
one operator at a time and merged by value (81 pairs, then at most 729 triples, once per pair of
operators), then, for the target, asks which value each last digit needs. Listing the solutions (`table`, 6,561 digit tuples for each operator
triple) is left to the match, when a set is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import gcd

from umpire.core.streams import Streams

DIGITS = tuple(range(1, 10))
# The operators in the order a puzzle's are drawn (stream.below(4) picks one): part of what a seed
# deals, so fixed here rather than borrowed (umpire.core.arith.OPS holds the same four, a test checks).
OPS = "+-x/"
SYMBOL = {"+": "+", "-": "-", "x": "x", "/": "/"}


@dataclass(frozen=True, kw_only=True)
class Puzzle:
    """`_+_x_-_=42`: three operators and a positive whole target."""

    ops: str
    target: int

    def text(self) -> str:
        return "_" + "".join(f"{op}_" for op in self.ops) + f"={self.target}"


@lru_cache(maxsize=64)
def table(ops: str) -> dict[int, tuple[tuple[int, int, int, int], ...]]:
    """Every whole positive value the operators can make from four digits, with the digit tuples that make it.

    Values are kept as exact fractions n/d (d > 0) in plain integers: the right
    operand is always one digit, so no general rational arithmetic is needed.
    """
    o1, o2, o3 = ops[0], ops[1], ops[2]
    found: dict[int, list[tuple[int, int, int, int]]] = {}

    def step(n: int, d: int, op: str, k: int) -> tuple[int, int]:
        if op == "+":
            return n + k * d, d
        if op == "-":
            return n - k * d, d
        if op == "x":
            return n * k, d
        return n, d * k

    for a in DIGITS:
        for b in DIGITS:
            n1, d1 = step(a, 1, o1, b)
            for c in DIGITS:
                n2, d2 = step(n1, d1, o2, c)
                for e in DIGITS:
                    n3, d3 = step(n2, d2, o3, e)
                    if n3 > 0 and n3 % d3 == 0:
                        found.setdefault(n3 // d3, []).append((a, b, c, e))
    return {v: tuple(s) for v, s in found.items()}


def solutions(ops: str, target: int) -> tuple[tuple[int, int, int, int], ...]:
    """Every way to fill the puzzle with digits 1–9."""
    return table(ops).get(target, ())


def _step(n: int, d: int, op: str, k: int) -> tuple[int, int]:
    """n/d (op) k, in lowest terms with d > 0."""
    if op == "+":
        n += k * d
    elif op == "-":
        n -= k * d
    elif op == "x":
        n *= k
    else:
        d *= k
    if d == 1:  # a whole number stays whole under +, - and x: nothing to reduce (most values a puzzle's digits make)
        return n, 1
    g = gcd(n, d)
    return n // g, d // g


@lru_cache(maxsize=21)
def _prefix_counts(ops: str) -> dict[tuple[int, int], int]:
    """For the first operators of a puzzle (none, one or two), how many ways the digits before and
    between them make each value n/d, kept as (n, d) in lowest terms; built one operator at a time."""
    if not ops:
        return {(a, 1): 1 for a in DIGITS}
    made: dict[tuple[int, int], int] = {}
    for (n, d), ways in _prefix_counts(ops[:-1]).items():
        for k in DIGITS:
            v = _step(n, d, ops[-1], k)
            made[v] = made.get(v, 0) + ways
    return made


def count(ops: str, target: int) -> int:
    """How many ways fill the puzzle with digits 1–9: `len(solutions(ops, target))`, without listing them."""
    if target < 1:
        return 0
    before = _prefix_counts(ops[:2])
    last = ops[2]
    total = 0
    for e in DIGITS:  # the value the first three digits must make for the last digit e to reach the target
        if last == "+":
            need = (target - e, 1)
        elif last == "-":
            need = (target + e, 1)
        elif last == "x":
            g = gcd(target, e)
            need = (target // g, e // g)
        else:
            need = (target * e, 1)
        total += before.get(need, 0)
    return total


def acceptable(ops: str, target: int, min_solutions: int, max_target: int) -> bool:
    """R-EX-1: at least `min_solutions` solutions using at least two different digits, and a target in range.

    Two different solutions always use two different digits between them, so the digits can
    fall short only for a puzzle with a single solution that writes one digit four times."""
    if not 1 <= target <= max_target:
        return False
    found = count(ops, target)
    if found < max(min_solutions, 1):
        return False
    return found > 1 or all(_value([d] * 4, ops) != target for d in DIGITS)


@lru_cache(maxsize=16)
def puzzle_sets(seed: str, count: int, per_set: int, min_solutions: int, max_target: int) -> tuple[tuple[Puzzle, ...], ...]:
    """The match's puzzle sets, each drawn from its own stream: random operators and digits,
    the target their value, redrawn until R-EX-1 holds and the set has no repeat."""
    out = []
    for n in range(1, count + 1):
        stream = Streams(seed).stream(f"expressions/set{n}")
        puzzles: list[Puzzle] = []
        while len(puzzles) < per_set:
            ops = "".join(OPS[stream.below(4)] for _ in range(3))
            digits = [stream.below(9) + 1 for _ in range(4)]
            value = _value(digits, ops)
            if value is None or not acceptable(ops, value, min_solutions, max_target):
                continue
            p = Puzzle(ops=ops, target=value)
            if p not in puzzles:
                puzzles.append(p)
        out.append(tuple(puzzles))
    return tuple(out)


def _value(digits: list[int], ops: str) -> int | None:
    n, d = digits[0], 1
    for op, k in zip(ops, digits[1:], strict=True):
        n, d = _step(n, d, op, k)
    return n // d if n % d == 0 else None


def count_possible(min_solutions: int, max_target: int) -> int:
    """How many different puzzles meet R-EX-1 with these bounds (over all 64 operator triples)."""
    return sum(
        1 for a in OPS for b in OPS for c in OPS for target in table(a + b + c) if acceptable(a + b + c, target, min_solutions, max_target)
    )


def written(digits: tuple[int, ...], ops: str) -> str:
    """A solution written the way players write it: `2+3x9-3`."""
    return str(digits[0]) + "".join(f"{op}{d}" for op, d in zip(ops, digits[1:], strict=True))
