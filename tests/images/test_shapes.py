"""Shapes as spans: exact, symmetric where the shape is, the same pixels as an exact-fraction fill."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.images import shapes


def reference_polygon(points: list[tuple[float, float]]) -> set[tuple[int, int]]:
    """Pixels whose centre is inside (even-odd), worked out with exact fractions row by row."""
    pts = [(Fraction(x), Fraction(y)) for x, y in points]
    out = set()
    ys = [p[1] for p in pts]
    for y in range(math.floor(min(ys)) - 1, math.ceil(max(ys)) + 1):
        yc = y + Fraction(1, 2)
        xs = sorted(
            xa + (yc - ya) * (xb - xa) / (yb - ya)
            for (xa, ya), (xb, yb) in zip(pts, pts[1:] + pts[:1], strict=True)
            if ya != yb and min(ya, yb) <= yc < max(ya, yb)
        )
        for a, b in zip(xs[0::2], xs[1::2], strict=True):
            for x in range(math.ceil(a - Fraction(1, 2)), math.ceil(b - Fraction(1, 2))):
                out.add((x, y))
    return out


def pixels(spans: tuple[tuple[int, int, int], ...]) -> set[tuple[int, int]]:
    return {(x, y) for y, a, b in spans for x in range(a, b)}


coords = st.floats(min_value=-20, max_value=80, allow_nan=False).map(lambda v: round(v * 64) / 64)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(coords, coords), min_size=3, max_size=9))
def test_polygon_fill_matches_exact_fractions(points: list[tuple[float, float]]) -> None:
    assert pixels(shapes.polygon(points)) == reference_polygon(points)


def test_circle_is_symmetric_and_round() -> None:
    for size in (8, 31, 52, 86):
        disc = pixels(shapes.circle(size))
        assert disc == {(size - 1 - x, y) for x, y in disc} == {(y, x) for x, y in disc}
        assert (0, 0) not in disc and (size // 2, 0) in disc and (0, size // 2) in disc
        assert abs(len(disc) - math.pi * size * size / 4) < size * 2


def test_ring_is_the_disc_without_its_middle() -> None:
    ring = pixels(shapes.ring(40, 3))
    assert (20, 20) not in ring and (20, 0) in ring and (20, 2) in ring and (20, 3) not in ring


def test_triangle_points_up() -> None:
    tri = pixels(shapes.triangle(68, 60))
    rows = sorted({y for _, y in tri})
    widths = [sum(1 for x, y in tri if y == r) for r in rows]
    assert widths == sorted(widths) and widths[-1] >= 58 and widths[0] <= 3
    inner = pixels(shapes.triangle(68, 60, 2.0))
    assert inner < tri


def test_stars_have_their_points() -> None:
    for points in (4, 5, 6):
        spans = shapes.star(68, points, 30.0)
        star = pixels(spans)
        hits = []
        for k in range(720):
            a = 2 * math.pi * k / 720
            hits.append((round(34 + 25 * math.cos(a)), round(34 + 25 * math.sin(a))) in star)
        assert sum(1 for k in range(720) if hits[k] and not hits[k - 1]) == points
        inside = pixels(shapes.star(68, points, 30.0, 4.0))
        assert inside < star and (34, 34) in inside


def test_the_stars_angles_come_from_closed_forms() -> None:
    for step in (45, 36, 30):  # 4-, 5- and 6-pointed stars
        for k in range(360 // step + 1):
            degrees = -90 + k * step
            c, s = shapes.cos_sin(degrees)
            assert abs(c - math.cos(math.radians(degrees))) < 1e-12, degrees
            assert abs(s - math.sin(math.radians(degrees))) < 1e-12, degrees


def test_subtract_and_stripes() -> None:
    box = tuple((y, 0, 10) for y in range(10))
    hole = tuple((y, 3, 6) for y in range(2, 5))
    left = pixels(shapes.subtract(box, hole))
    assert len(left) == 100 - 9 and (4, 3) not in left and (4, 6) in left
    assert {y for y, _, _ in shapes.stripes(box, 4, 2)} == {0, 1, 4, 5, 8, 9}


def test_line_is_as_wide_as_asked() -> None:
    flat = pixels(shapes.line(0.5, 10.5, 40.5, 10.5, 5.0))
    assert {y for _, y in flat} == {8, 9, 10, 11, 12}
    diagonal = pixels(shapes.line(0.5, 0.5, 30.5, 30.5, 4.0))
    assert (15, 15) in diagonal and (15, 20) not in diagonal
