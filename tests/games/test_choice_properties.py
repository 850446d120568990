"""Properties of what the seed deals for Gyul Hap and Expressions, over many seeds (hypothesis):
every board meets its hap bounds and its haps are exactly those a brute-force search finds
(R-GH-3); every puzzle has its required solutions (R-EX-1); `solutions()` agrees with a brute
force over all 6561 digit tuples.

Claimed haps never scored twice, extras never serving twice in a set and tiles never negative are
checked line by line in the random play-outs of test_choice_playout.py.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core import hap
from umpire.games.choice.expressions import acceptable, puzzle_sets, solutions, table, written
from umpire.games.choice.gyul import boards

seeds = st.one_of(st.integers(min_value=0, max_value=10**12).map(str), st.text(min_size=1, max_size=12))
ALL_DIGITS = list(product(range(1, 10), repeat=4))


def haps_by_definition(tiles: tuple[int, ...]) -> frozenset[tuple[int, int, int]]:
    found = set()
    for triple in combinations(range(1, 10), 3):
        values = zip(*(hap.attributes(tiles[p - 1]) for p in triple), strict=True)
        if all(len(set(v)) in (1, 3) for v in values):
            found.add(triple)
    return frozenset(found)


def left_to_right(digits: tuple[int, ...], ops: str) -> Fraction:
    value = Fraction(digits[0])
    for op, d in zip(ops, digits[1:], strict=True):
        value = {"+": value + d, "-": value - d, "x": value * d, "/": value / d}[op]
    return value


def brute_force(ops: str) -> dict[int, list[tuple[int, ...]]]:
    """Every positive whole value the operators make from four digits 1–9, with the tuples making it."""
    out: dict[int, list[tuple[int, ...]]] = {}
    for digits in ALL_DIGITS:
        v = left_to_right(digits, ops)
        if v > 0 and v.denominator == 1:
            out.setdefault(int(v), []).append(digits)
    return out


# ---------------------------------------------------------------- Gyul Hap boards (R-GH-3)

# Hap counts a board of nine tiles can have: 0–6, 8 and 12 (never 7, 9, 10 or 11).
bounds = st.integers(min_value=0, max_value=6).flatmap(
    lambda low: st.tuples(st.just(low), st.integers(min_value=max(low, 1), max_value=12))
)


@settings(max_examples=60, deadline=None)
@given(seeds, bounds)
def test_r_gh_3_every_board_meets_its_bounds_and_its_haps_are_all_the_haps(seed: str, bound: tuple[int, int]) -> None:
    low, high = bound
    dealt = boards(seed, 12, low, high)
    assert [b.number for b in dealt] == list(range(1, 13))
    for b in dealt:
        assert len(set(b.tiles)) == 9 and all(0 <= t <= 26 for t in b.tiles)
        assert low <= len(b.haps) <= high
        assert b.haps == haps_by_definition(b.tiles)


@settings(max_examples=30, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=20))
def test_r_gh_3_boards_are_drawn_in_sequence(seed: str, k: int) -> None:
    assert boards(seed, k, 1, 6) == boards(seed, 20, 1, 6)[:k]


def test_nine_tiles_hold_0_to_6_8_or_12_haps_and_never_7() -> None:
    # Every board, up to an affine map of the 27 tiles (which keeps haps haps): the affine group is
    # 2-transitive, so each 9-tile board is the image of one holding tiles 0 and 1.
    lines = [(1 << a) | (1 << b) | (1 << c) for a, b, c in hap.haps_among(hap.PIECES)]
    counts = set()
    for rest in combinations(range(2, 27), 7):
        board = 0b11
        for tile in rest:
            board |= 1 << tile
        counts.add(sum(1 for line in lines if board & line == line))
    assert counts == {0, 1, 2, 3, 4, 5, 6, 8, 12}


def test_no_puzzle_has_more_than_489_solutions() -> None:
    most = max(len(s) for o in product("+-x/", repeat=3) for s in table("".join(o)).values())
    assert most == 489


def test_r_gh_3_random_boards_average_about_3_4_haps() -> None:
    dealt = boards("average", 1000, 0, 12)
    mean = sum(len(b.haps) for b in dealt) / len(dealt)
    assert 3.2 < mean < 3.6


# ---------------------------------------------------------------- Expressions puzzles (R-EX-1)


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_r_ex_1_every_generated_puzzle_has_its_required_solutions(seed: str) -> None:
    sets = puzzle_sets(seed, 10, 5, 3, 999)
    assert len(sets) == 10
    for ps in sets:
        assert len(ps) == len(set(ps)) == 5
        for p in ps:
            assert len(p.ops) == 3 and set(p.ops) <= set("+-x/")
            assert 1 <= p.target <= 999
            sols = solutions(p.ops, p.target)
            assert len(set(sols)) >= 3
            assert len({d for s in sols for d in s}) >= 2
            # Listed solutions really solve the puzzle, by an independent evaluation (a sample of them;
            # all of them for a few operator triples below).
            assert all(left_to_right(s, p.ops) == p.target for s in sols[:: max(1, len(sols) // 4)])


@settings(max_examples=15, deadline=None)
@given(seeds, st.integers(min_value=1, max_value=9), st.integers(min_value=1, max_value=40), st.integers(min_value=1, max_value=60))
def test_r_ex_1_the_puzzle_settings_hold_for_every_seed(seed: str, per_set: int, min_solutions: int, max_target: int) -> None:
    for ps in puzzle_sets(seed, 10, per_set, min_solutions, max_target):
        assert len(set(ps)) == per_set
        for p in ps:
            assert 1 <= p.target <= max_target
            assert len(solutions(p.ops, p.target)) >= min_solutions
            assert acceptable(p.ops, p.target, min_solutions, max_target)


@pytest.mark.parametrize("ops", ["+x-", "/-+", "x//", "-/x", "//+", "---", "xxx", "+/-"])
def test_solutions_agree_with_a_brute_force_over_all_6561_digit_tuples(ops: str) -> None:
    expected = brute_force(ops)
    assert {v: list(s) for v, s in table(ops).items()} == expected
    for target in (1, 5, 23, 42, 80):
        assert list(solutions(ops, target)) == expected.get(target, [])
    assert solutions(ops, 0) == () and solutions(ops, -3) == ()


def test_written_solutions_read_as_players_write_them() -> None:
    assert written((2, 3, 9, 3), "+x-") == "2+3x9-3"
    assert written((5, 2, 4, 8), "/xx") == "5/2x4x8"
