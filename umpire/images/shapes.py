"""Shapes as pixel spans: circles, squares, triangles and 4-, 5- and 6-pointed stars, solid,
as outlines, or striped.

A shape is a tuple of spans (y, x0, x1) relative to the top-left corner of its `size` x `size`
box. A pixel belongs to a shape when its centre does. Circles use integer arithmetic only;
polygons are filled with exact fractions from vertices computed with + - x / and square
roots, which IEEE 754 rounds the same way everywhere (no sine or cosine, whose last bits
differ between maths libraries). Results are cached: a board draws each shape at one size.

>>> spans = circle(8)
>>> [(y, x0, x1) for y, x0, x1 in spans][:2]
[(0, 2, 6), (1, 1, 7)]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import lru_cache

Span = tuple[int, int, int]
Point = tuple[float, float]


class Spans(tuple[Span, ...]):
    """Spans that know their bounding box, so a canvas can skip clipping them where they fit."""

    left: int
    right: int
    top: int
    bottom: int

    def __new__(cls, spans: Iterable[Span]) -> Spans:
        self = super().__new__(cls, spans)
        self.left = min((a for _, a, _ in self), default=0)
        self.right = max((b for _, _, b in self), default=0)
        self.top = min((y for y, _, _ in self), default=0)
        self.bottom = max((y + 1 for y, _, _ in self), default=0)
        return self


_FIX = 1 << 16  # polygon vertices are rounded to 1/65536 pixel
_HALF = _FIX // 2

_SQRT2 = math.sqrt(2.0)
_SQRT3 = math.sqrt(3.0)
_SQRT5 = math.sqrt(5.0)
# cos of the angles (degrees) the stars need, from their closed forms.
_COS = {
    0: 1.0,
    18: math.sqrt(10.0 + 2.0 * _SQRT5) / 4.0,
    30: _SQRT3 / 2.0,
    36: (1.0 + _SQRT5) / 4.0,
    45: _SQRT2 / 2.0,
    54: math.sqrt(10.0 - 2.0 * _SQRT5) / 4.0,
    60: 0.5,
    72: (_SQRT5 - 1.0) / 4.0,
    90: 0.0,
}
# Inner radius / outer radius per number of points: fat enough to fill a square, thin enough to count the points.
STAR_WAIST = {4: 0.42, 5: 0.48, 6: 0.56}


def cos_sin(degrees: int) -> tuple[float, float]:
    """Cosine and sine of a whole number of degrees whose remainder by 90 is in the table.

    >>> cos_sin(90), cos_sin(-90), cos_sin(180)
    ((0.0, 1.0), (0.0, -1.0), (-1.0, 0.0))
    """
    a = degrees % 360
    quadrant, r = divmod(a, 90)
    c, s = _COS[r], _COS[90 - r]
    co, si = ((c, s), (-s, c), (-c, -s), (s, -c))[quadrant]
    return co + 0.0, si + 0.0  # no negative zeros


def polygon(points: Sequence[Point]) -> Spans:
    """The pixels whose centres lie inside the polygon (even-odd rule), as spans.

    Vertices are taken in units of 1/65536 pixel (a float times a power of two, rounded: exact
    and the same everywhere), and every crossing is worked out in whole numbers.
    """
    pts = [(round(x * _FIX), round(y * _FIX)) for x, y in points]
    crossings: dict[int, list[int]] = {}
    for (xa, ya), (xb, yb) in zip(pts, pts[1:] + pts[:1], strict=True):
        if ya == yb:
            continue
        if ya > yb:
            xa, ya, xb, yb = xb, yb, xa, ya
        dy, dx = yb - ya, xb - xa
        # rows whose centre (y + 1/2) lies in [ya, yb)
        first = -((-(ya - _HALF)) // _FIX)
        last = -((-(yb - _HALF)) // _FIX)
        for y in range(first, last):
            yc = y * _FIX + _HALF
            # the crossing is at x = xa + (yc - ya) * dx / dy; the first pixel whose centre is
            # at or right of it is ceil(x / FIX - 1/2)
            num = xa * dy + (yc - ya) * dx - _HALF * dy
            crossings.setdefault(y, []).append(-((-num) // (dy * _FIX)))
    out: list[Span] = []
    for y in sorted(crossings):
        xs = sorted(crossings[y])
        for a, b in zip(xs[0::2], xs[1::2], strict=True):
            if a < b:
                out.append((y, a, b))
    return Spans(out)


def subtract(outer: Sequence[Span], inner: Sequence[Span]) -> Spans:
    """The pixels of `outer` that are not in `inner`."""
    holes: dict[int, list[tuple[int, int]]] = {}
    for y, a, b in inner:
        holes.setdefault(y, []).append((a, b))
    out: list[Span] = []
    for y, a, b in outer:
        pieces = [(a, b)]
        for ha, hb in holes.get(y, ()):
            nxt = []
            for pa, pb in pieces:
                if hb <= pa or ha >= pb:
                    nxt.append((pa, pb))
                    continue
                if pa < ha:
                    nxt.append((pa, ha))
                if hb < pb:
                    nxt.append((hb, pb))
            pieces = nxt
        out.extend((y, pa, pb) for pa, pb in pieces)
    return Spans(out)


def stripes(spans: Sequence[Span], period: int, ink: int) -> Spans:
    """The rows of `spans` in the inked part of horizontal stripes (`ink` rows on, the rest off, per `period`)."""
    return Spans(s for s in spans if s[0] % period < ink)


@lru_cache(maxsize=64)
def circle(size: int) -> Spans:
    """A disc filling a `size` x `size` box: pixel centres within size/2 of the box's centre."""
    out = []
    for y in range(size):
        dy = 2 * y + 1 - size  # twice the distance from the centre, in whole numbers
        room = size * size - dy * dy
        if room < 0:
            continue
        half = math.isqrt(room)
        # columns x with |2x + 1 - size| <= half
        a = -((-(size - half - 1)) // 2)
        b = (size + half - 1) // 2 + 1
        if a < b:
            out.append((y, a, b))
    return Spans(out)


@lru_cache(maxsize=64)
def square(size: int, side: int) -> Spans:
    """A square of `side` pixels centred in a `size` box."""
    o = (size - side) // 2
    return Spans((y, o, o + side) for y in range(o, o + side))


def _triangle_points(size: int, side: float, inset: float = 0.0) -> list[Point]:
    """An equilateral triangle, point up, centred in the box by its bounding box; with `inset`,
    every edge moved that many pixels inwards (about the same centroid)."""
    c = size / 2.0
    h = side * _SQRT3 / 2.0
    gy = (size - h) / 2.0 + 2.0 * h / 3.0  # the centroid
    side -= 2.0 * _SQRT3 * inset
    h = side * _SQRT3 / 2.0
    top, base = gy - 2.0 * h / 3.0, gy + h / 3.0
    return [(c, top), (c + side / 2.0, base), (c - side / 2.0, base)]


@lru_cache(maxsize=64)
def triangle(size: int, side: int, inset: float = 0.0) -> Spans:
    """An equilateral triangle of `side` pixels, point up, centred in a `size` box; with
    `inset`, what is left inside a band that wide along its edges."""
    return polygon(_triangle_points(size, float(side), inset))


def star_points(size: int, points: int, radius: float, inset: float = 0.0) -> list[Point]:
    """The outline of a `points`-pointed star (a point at the top) centred in a `size` box,
    every edge moved `inset` pixels inwards."""
    if points not in STAR_WAIST:
        raise ValueError(f"stars have 4, 5 or 6 points, not {points}")
    c = size / 2.0
    step = 180 // points
    verts = []
    for k in range(2 * points):
        co, si = cos_sin(-90 + k * step)
        r = radius if k % 2 == 0 else radius * STAR_WAIST[points]
        verts.append((c + r * co, c + r * si))
    if inset <= 0:
        return verts
    # Move each edge's line inwards (towards the centre) and intersect neighbouring lines.
    lines = []
    n = len(verts)
    for i in range(n):
        (x1, y1), (x2, y2) = verts[i], verts[(i + 1) % n]
        dx, dy = x2 - x1, y2 - y1
        length = math.sqrt(dx * dx + dy * dy)
        nx, ny = -dy / length, dx / length
        if nx * (c - x1) + ny * (c - y1) < 0:
            nx, ny = -nx, -ny
        lines.append((x1 + nx * inset, y1 + ny * inset, dx, dy))
    out = []
    for i in range(n):
        ax, ay, adx, ady = lines[i - 1]
        bx, by, bdx, bdy = lines[i]
        det = adx * bdy - ady * bdx
        t = ((bx - ax) * bdy - (by - ay) * bdx) / det
        out.append((ax + adx * t, ay + ady * t))
    return out


@lru_cache(maxsize=64)
def star(size: int, points: int, radius: float, inset: float = 0.0) -> Spans:
    """A star of outer `radius` centred in a `size` box; with `inset`, what is left inside a
    band that wide along its edges."""
    return polygon(star_points(size, points, radius, inset))


@lru_cache(maxsize=64)
def star_outline(size: int, points: int, radius: float, thickness: float) -> Spans:
    """The band `thickness` pixels wide just inside the star's edges."""
    return subtract(star(size, points, radius), star(size, points, radius, thickness))


@lru_cache(maxsize=64)
def star_stripes(size: int, points: int, radius: float, thickness: float, period: int) -> Spans:
    """Horizontal stripes (half of every `period` rows) inside the star's outline band."""
    return stripes(star(size, points, radius, thickness), period, period // 2)


@lru_cache(maxsize=64)
def ring(size: int, thickness: int) -> Spans:
    """The band `thickness` pixels wide just inside a `size` circle."""
    inner = circle(size - 2 * thickness)
    return subtract(circle(size), [(y + thickness, a + thickness, b + thickness) for y, a, b in inner])


@lru_cache(maxsize=256)
def line(x0: float, y0: float, x1: float, y1: float, width: float) -> Spans:
    """A straight stroke `width` pixels wide between two points, with square ends (absolute coordinates)."""
    dx, dy = x1 - x0, y1 - y0
    length = math.sqrt(dx * dx + dy * dy)
    if length == 0:
        return Spans(())
    ux, uy = dx / length, dy / length
    h = width / 2.0
    nx, ny = -uy * h, ux * h
    ex, ey = ux * h, uy * h
    return polygon(
        [
            (x0 - ex + nx, y0 - ey + ny),
            (x1 + ex + nx, y1 + ey + ny),
            (x1 + ex - nx, y1 + ey - ny),
            (x0 - ex - nx, y0 - ey - ny),
        ]
    )
