"""Hap (Set) logic, shared by Hap-Tac-Toe, When Stars Align and Gyul Hap.

A piece has three attributes, each with three values 0–2, and is stored as one
integer 0–26: ``a * 9 + b * 3 + c``. Three distinct pieces form a hap when every
attribute is all equal or all different, which is exactly when each attribute's
values sum to a multiple of 3.

>>> is_hap(piece(0, 0, 0), piece(0, 1, 2), piece(0, 2, 1))
True
>>> third(piece(0, 0, 0), piece(1, 1, 1)) == piece(2, 2, 2)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

PIECES = tuple(range(27))


def piece(a: int, b: int, c: int) -> int:
    """The piece code for attribute values (a, b, c), each 0–2."""
    return a * 9 + b * 3 + c


def attributes(code: int) -> tuple[int, int, int]:
    """The three attribute values of a piece code."""
    return code // 9, (code // 3) % 3, code % 3


def _third(x: int, y: int) -> int:
    a1, b1, c1 = attributes(x)
    a2, b2, c2 = attributes(y)
    return piece((-a1 - a2) % 3, (-b1 - b2) % 3, (-c1 - c2) % 3)


# Any two pieces determine the one third piece that completes a hap with them: each attribute of
# the third is minus the sum of the other two's, mod 3 (the same as `_third`, built at every start).
_DIGITS = tuple(attributes(p) for p in PIECES)
_THIRD: tuple[tuple[int, ...], ...] = tuple(
    tuple(((-a1 - a2) % 3) * 9 + ((-b1 - b2) % 3) * 3 + (-c1 - c2) % 3 for a2, b2, c2 in _DIGITS) for a1, b1, c1 in _DIGITS
)


def third(x: int, y: int) -> int:
    """The piece that completes a hap with x and y (x itself when x == y)."""
    return _THIRD[x][y]


def is_hap(x: int, y: int, z: int) -> bool:
    """Whether three pieces form a hap; identical pieces never do."""
    return x != y and _THIRD[x][y] == z


def explain(x: int, y: int, z: int, names: Sequence[Sequence[str]], attr_names: Sequence[str], *, word: str = "hap") -> list[str]:
    """One line per attribute saying why the three pieces do or do not form a hap (a "set" in some games)."""
    lines = []
    for i, (a, b, c) in enumerate(zip(attributes(x), attributes(y), attributes(z), strict=True)):
        words = f"{names[i][a]}, {names[i][b]}, {names[i][c]}"
        if a == b == c:
            verdict = "all the same"
        elif len({a, b, c}) == 3:
            verdict = "all different"
        else:
            verdict = f"two the same and one different: not a {word}"
        lines.append(f"{attr_names[i]}: {words} — {verdict}")
    return lines


def haps_among(pieces: Iterable[int]) -> list[tuple[int, int, int]]:
    """Every hap among distinct pieces, as sorted triples of piece codes."""
    pool = sorted(set(pieces))
    present = set(pool)
    out = []
    for i, x in enumerate(pool):
        for y in pool[i + 1 :]:
            z = _THIRD[x][y]
            if z > y and z in present:
                out.append((x, y, z))
    return out


def grid_lines(width: int, height: int) -> list[tuple[int, ...]]:
    """Every straight line of 3 or more cells on a grid: rows, columns and both diagonals.

    Cells are numbered row-major from 0. Lines never wrap.
    """
    lines: list[tuple[int, ...]] = []
    for r in range(height):
        lines.append(tuple(r * width + c for c in range(width)))
    for c in range(width):
        lines.append(tuple(r * width + c for r in range(height)))
    for dc in (1, -1):
        starts = [(0, c) for c in range(width)] + [(r, 0 if dc == 1 else width - 1) for r in range(1, height)]
        for r0, c0 in starts:
            cells = []
            r, c = r0, c0
            while 0 <= r < height and 0 <= c < width:
                cells.append(r * width + c)
                r, c = r + 1, c + dc
            lines.append(tuple(cells))
    return [line for line in lines if len(line) >= 3]


def line_triples(width: int, height: int) -> frozenset[tuple[int, int, int]]:
    """Every set of three cells on one straight line (not necessarily adjacent), sorted."""
    triples: set[tuple[int, int, int]] = set()
    for line in grid_lines(width, height):
        for t in combinations(sorted(line), 3):
            triples.add((t[0], t[1], t[2]))
    return frozenset(triples)
