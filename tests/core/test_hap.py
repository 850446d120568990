"""Hap (Set) logic and the straight lines of a grid."""

from __future__ import annotations

from itertools import combinations, pairwise, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core.hap import PIECES, attributes, explain, grid_lines, haps_among, is_hap, line_triples, piece, third

pieces = st.integers(min_value=0, max_value=26)
NAMES = (("black", "gray", "white"), ("red", "yellow", "blue"), ("circle", "square", "triangle"))
ATTRS = ("shade", "colour", "shape")


def by_definition(x: int, y: int, z: int) -> bool:
    """Three distinct pieces whose every attribute is all the same or all different."""
    if len({x, y, z}) < 3:
        return False
    return all(len({a, b, c}) in (1, 3) for a, b, c in zip(attributes(x), attributes(y), attributes(z), strict=True))


def test_there_are_27_pieces_coded_0_to_26() -> None:
    assert tuple(range(27)) == PIECES
    assert sorted(piece(a, b, c) for a in range(3) for b in range(3) for c in range(3)) == list(range(27))


@given(pieces)
def test_attributes_and_piece_are_inverse(code: int) -> None:
    assert piece(*attributes(code)) == code
    assert all(0 <= v <= 2 for v in attributes(code))


def test_there_are_exactly_117_haps_among_the_27_pieces() -> None:
    assert len(haps_among(PIECES)) == 117
    assert sum(1 for t in combinations(PIECES, 3) if is_hap(*t)) == 117


def test_is_hap_agrees_with_the_definition_on_every_triple() -> None:
    for x, y, z in combinations(PIECES, 3):
        assert is_hap(x, y, z) == by_definition(x, y, z)


@settings(max_examples=200, deadline=None)
@given(pieces, pieces)
def test_third_piece_completes_every_pair(x: int, y: int) -> None:
    z = third(x, y)
    if x == y:
        assert z == x
    else:
        assert z not in (x, y)
        assert is_hap(x, y, z)
        assert by_definition(x, y, z)
        assert third(y, x) == z
        assert third(x, z) == y


@settings(max_examples=200, deadline=None)
@given(pieces, pieces, pieces)
def test_any_two_pieces_complete_exactly_one_hap(x: int, y: int, z: int) -> None:
    if x != y:
        assert is_hap(x, y, z) == (z == third(x, y))


@settings(max_examples=200, deadline=None)
@given(pieces, pieces, pieces)
def test_is_hap_is_symmetric_in_its_arguments(x: int, y: int, z: int) -> None:
    verdicts = {is_hap(*p) for p in permutations((x, y, z))}
    assert len(verdicts) == 1


@settings(max_examples=100, deadline=None)
@given(pieces, pieces)
def test_repeated_pieces_never_form_a_hap(x: int, y: int) -> None:
    assert not is_hap(x, x, y)
    assert not is_hap(x, y, x)
    assert not is_hap(y, x, x)
    assert not is_hap(x, x, x)


def test_examples_of_haps_and_non_haps() -> None:
    assert is_hap(piece(0, 0, 0), piece(0, 1, 2), piece(0, 2, 1))
    assert is_hap(piece(0, 0, 0), piece(1, 1, 1), piece(2, 2, 2))
    assert not is_hap(piece(0, 0, 0), piece(0, 0, 1), piece(0, 1, 2))


@settings(max_examples=50, deadline=None)
@given(st.sets(pieces, max_size=12))
def test_haps_among_finds_every_hap_once_as_a_sorted_triple(pool: set[int]) -> None:
    found = haps_among(pool)
    assert len(found) == len(set(found))
    assert all(t == tuple(sorted(t)) for t in found)
    assert set(found) == {t for t in combinations(sorted(pool), 3) if is_hap(*t)}


def test_haps_among_ignores_repeats_in_its_input() -> None:
    assert haps_among([0, 0, 13, 26, 13]) == [(0, 13, 26)]


def test_explain_says_why_a_hap_is_one() -> None:
    lines = explain(piece(0, 0, 0), piece(0, 1, 1), piece(0, 2, 2), NAMES, ATTRS)
    assert lines == [
        "shade: black, black, black — all the same",
        "colour: red, yellow, blue — all different",
        "shape: circle, square, triangle — all different",
    ]


def test_explain_names_the_attribute_that_breaks_a_hap() -> None:
    lines = explain(piece(0, 0, 0), piece(1, 0, 1), piece(2, 0, 1), NAMES, ATTRS)
    assert lines[0] == "shade: black, gray, white — all different"
    assert lines[1] == "colour: red, red, red — all the same"
    assert lines[2] == "shape: circle, square, square — two the same and one different: not a hap"


# ---------------------------------------------------------------- lines on a grid


def cell(name: str) -> int:
    """A1 = 0, B1 = 1, A2 = 5 on a 5x5 grid (row-major)."""
    return (int(name[1]) - 1) * 5 + "ABCDE".index(name[0])


def test_a_5x5_grid_has_20_lines_of_three_or_more() -> None:
    lines = grid_lines(5, 5)
    assert len(lines) == 20
    assert sorted(len(line) for line in lines) == [3] * 4 + [4] * 4 + [5] * 12


def test_grid_lines_are_rows_columns_and_both_diagonals() -> None:
    lines = {tuple(sorted(line)) for line in grid_lines(5, 5)}
    assert tuple(cell(c) for c in ("A1", "B1", "C1", "D1", "E1")) in lines
    assert tuple(cell(c) for c in ("C1", "C2", "C3", "C4", "C5")) in lines
    assert tuple(cell(c) for c in ("A1", "B2", "C3", "D4", "E5")) in lines
    assert tuple(sorted(cell(c) for c in ("E1", "D2", "C3", "B4", "A5"))) in lines
    assert tuple(cell(c) for c in ("C1", "D2", "E3")) in lines
    assert tuple(sorted(cell(c) for c in ("C1", "B2", "A3"))) in lines


def test_grid_lines_never_wrap_around_an_edge() -> None:
    for line in grid_lines(5, 5):
        coords = [divmod(c, 5) for c in line]
        steps = {(r2 - r1, c2 - c1) for (r1, c1), (r2, c2) in pairwise(coords)}
        assert len(steps) == 1
        assert steps.pop() in {(0, 1), (1, 0), (1, 1), (1, -1)}


def test_grid_lines_on_a_rectangle() -> None:
    lines = grid_lines(4, 3)
    assert len([line for line in lines if len(line) == 4]) == 3  # rows
    assert len([line for line in lines if len(line) == 3]) == 4 + 4  # columns and the diagonals of three
    assert all(0 <= c < 12 for line in lines for c in line)


def test_a_5x5_grid_has_140_line_triples() -> None:
    assert len(line_triples(5, 5)) == 140


def test_line_triples_are_sorted_and_need_not_be_adjacent() -> None:
    triples = line_triples(5, 5)
    assert all(t == tuple(sorted(t)) for t in triples)
    assert (cell("A1"), cell("C1"), cell("E1")) in triples
    assert (cell("A1"), cell("C3"), cell("E5")) in triples
    assert (cell("B1"), cell("B3"), cell("B4")) in triples


def test_a_wrapped_diagonal_is_not_a_line() -> None:
    # (A2, B3, C4, D5, E1) would be a diagonal only on a board that wraps around.
    wrapped = [cell(c) for c in ("A2", "B3", "C4", "D5", "E1")]
    assert tuple(sorted(wrapped)) not in {tuple(sorted(line)) for line in grid_lines(5, 5)}
    triples = line_triples(5, 5)
    assert (cell("A2"), cell("B3"), cell("C4")) in triples  # three of them really are on a diagonal
    assert tuple(sorted(cell(c) for c in ("C4", "D5", "E1"))) not in triples
    assert tuple(sorted(cell(c) for c in ("A2", "D5", "E1"))) not in triples


@pytest.mark.parametrize(
    "cells",
    [
        ("C4", "D5", "E1"),
        ("D5", "E1", "A2"),
        ("D1", "E2", "A3"),
        ("E1", "A2", "B2"),
        ("A1", "B2", "C4"),
        ("A1", "B3", "C5"),
        ("E5", "A1", "B1"),
        ("A1", "B1", "A2"),
    ],
)
def test_cells_off_one_straight_line_are_not_a_line_triple(cells: tuple[str, str, str]) -> None:
    assert tuple(sorted(cell(c) for c in cells)) not in line_triples(5, 5)


def test_line_triples_are_exactly_the_cells_on_a_row_column_or_45_degree_diagonal() -> None:
    def on_one_line(a: int, b: int, c: int) -> bool:
        (r1, c1), (r2, c2), (r3, c3) = divmod(a, 5), divmod(b, 5), divmod(c, 5)
        if r1 == r2 == r3 or c1 == c2 == c3:
            return True
        return r1 - c1 == r2 - c2 == r3 - c3 or r1 + c1 == r2 + c2 == r3 + c3

    expected = {t for t in combinations(range(25), 3) if on_one_line(*t)}
    assert line_triples(5, 5) == expected
