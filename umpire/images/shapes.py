"""Shapes as anti-aliased alpha masks: discs, polygons (triangles, stars, strokes), stripes.

Geometry is worked out here (a triangle's or a star's corners, a stroke's outline); Pillow fills
it. A mask is drawn twice as large each way and reduced by averaging, so every edge pixel takes
the share of it the shape covers, to a quarter. Star corners come from the closed forms of the cosines
they need rather than `math.cos`, so the same Pillow gives the same pixels on any machine. Masks
are cached: a board draws each shape at one size.

>>> disc(8).size, disc(8).getpixel((4, 4)), disc(8).getpixel((0, 0))
((8, 8), 255, 0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

# Supersampling: a mask is drawn SS x SS times larger, then averaged down, which gives 5 levels of
# coverage at an edge (none, a quarter, a half, three quarters, all), as the text has (see
# `umpire.images.text`). At 800 pixels across that is as smooth to the eye as the 10 levels of a
# 3 x 3 supersample (compared side by side), draws each mask in less than half the time, and
# leaves fewer colours where edges meet, which zlib compresses better (a board's PNG ~10 % smaller).
SS = 2
Point = tuple[float, float]

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


@dataclass(frozen=True)
class Placed:
    """A mask and where its top-left corner goes, in pixels."""

    mask: Image.Image
    left: int
    top: int

    @property
    def box(self) -> tuple[int, int, int, int]:
        """The pixels it covers: left, top, right, bottom."""
        return self.left, self.top, self.left + self.mask.width, self.top + self.mask.height


@dataclass(frozen=True)
class Stack:
    """Masks laid one over another on a box, kept as one picture of indices: a pixel's index
    stands for how much of each mask covers it (one of the five levels each), so that the stack
    painted in given colours is one palette lookup a pixel (`Canvas.stack`) rather than a blend a
    mask and a pixel: the same pixels, in a third of the time. A piece is drawn this way once per
    colouring."""

    index: Image.Image  # "P": the indices
    coverage: tuple[tuple[int, tuple[int, ...]], ...]  # each index present, with each mask's coverage there
    left: int
    top: int


LEVEL = (0, 64, 128, 191, 255)  # the coverage a mask can have at a pixel: what averaging SS x SS samples gives


def stack(masks: tuple[Placed, ...], box: tuple[int, int, int, int]) -> Stack:
    """The stack of `masks` (the first laid first) over `box` (pixels, the same frame as the masks').

    A pixel's index is the sum over the masks of its coverage's number (0-4, `LEVEL`) times 5 to
    the mask's place, each worked out by Pillow's addition: (coverage + 2) / (64 / 5 ** place).
    """
    left, top, right, bottom = box
    if len(masks) > 3:
        raise ValueError(f"a stack holds at most 3 masks (5 ** 3 indices), not {len(masks)}")
    size = (right - left, bottom - top)
    two = Image.new("L", size, 2)
    index = None
    for k, m in enumerate(masks):
        placed = Image.new("L", size)
        placed.paste(m.mask, (m.left - left, m.top - top))
        digits = ImageChops.add(placed, two, scale=64 / 5**k)
        index = digits if index is None else ImageChops.add(index, digits)
    if index is None:
        index = Image.new("L", size)
    present = sorted(int(v) for _, v in index.getcolors(256) or ())  # type: ignore[arg-type]  # an "L" picture: each colour an int
    coverage = tuple((v, tuple(LEVEL[v // 5**k % 5] for k in range(len(masks)))) for v in present)
    return Stack(index.convert("P"), coverage, left, top)


STRIP = 48  # a wide polygon's mask is kept as strips this many pixels tall, each cut to its ink


@lru_cache(maxsize=64)
def disc(size: int) -> Image.Image:
    """A disc filling a `size` x `size` pixel box."""
    big = Image.new("L", (size * SS, size * SS))
    ImageDraw.Draw(big).ellipse((0, 0, size * SS - 1, size * SS - 1), fill=255)
    return big.reduce(SS)


def _band(points: tuple[Point, ...], y0: float, y1: float) -> tuple[float, float] | None:
    """The columns a convex polygon covers between rows y0 and y1 (None if it misses the band)."""
    xs = [x for x, y in points if y0 <= y <= y1]
    n = len(points)
    for i in range(n):
        (xa, ya), (xb, yb) = points[i], points[(i + 1) % n]
        for yc in (y0, y1):
            if ya != yb and min(ya, yb) <= yc <= max(ya, yb):
                xs.append(xa + (xb - xa) * (yc - ya) / (yb - ya))
    return (min(xs), max(xs)) if xs else None


@lru_cache(maxsize=256)
def polygon_mask(points: tuple[Point, ...]) -> tuple[Placed, ...]:
    """A convex polygon (pixel coordinates) as masks over the pixels it touches: one per strip of
    rows, each drawn only over the columns the polygon crosses there, so a long diagonal stroke
    costs its own pixels, not its bounding box's."""
    top = math.floor(min(y for _, y in points))
    bottom = math.ceil(max(y for _, y in points))
    narrow = math.ceil(max(x for x, _ in points)) - math.floor(min(x for x, _ in points)) <= 2 * STRIP
    step = bottom - top if narrow else STRIP  # a shape that is narrow anyway is one mask
    out = []
    for y in range(top, bottom, step):
        band = _band(points, y, min(bottom, y + step))
        if band is None:
            continue
        left, right = math.floor(band[0]), math.ceil(band[1])
        h = min(bottom, y + step) - y
        if right <= left:
            continue
        big = Image.new("L", ((right - left) * SS, h * SS))
        ImageDraw.Draw(big).polygon([((px - left) * SS, (py - y) * SS) for px, py in points], fill=255)
        mask = big.reduce(SS)
        box = mask.getbbox()
        if box is not None:
            out.append(Placed(mask.crop(box), left + box[0], y + box[1]))
    return tuple(out)


@lru_cache(maxsize=128)
def _box_mask(points: tuple[Point, ...]) -> Placed:
    """A polygon (pixel coordinates in a piece's box) as one mask over the pixels it touches."""
    left, top = math.floor(min(x for x, _ in points)), math.floor(min(y for _, y in points))
    right, bottom = math.ceil(max(x for x, _ in points)), math.ceil(max(y for _, y in points))
    big = Image.new("L", ((right - left) * SS, (bottom - top) * SS))
    ImageDraw.Draw(big).polygon([((x - left) * SS, (y - top) * SS) for x, y in points], fill=255)
    mask = big.reduce(SS)
    box = mask.getbbox() or (0, 0, 1, 1)
    return Placed(mask.crop(box), left + box[0], top + box[1])


def triangle(size: int, side: float, inset: float = 0.0) -> Placed:
    """An equilateral triangle of `side` pixels, point up, centred in a `size` pixel box; with
    `inset`, what is left inside a band that wide along its edges. Placed in the box."""
    return _box_mask(tuple(triangle_points(size, side, inset)))


@lru_cache(maxsize=64)
def star(size: int, points: int, radius: float, inset: float = 0.0) -> Placed:
    """A star of outer `radius` pixels centred in a `size` pixel box; with `inset`, what is left
    inside a band that wide along its edges. Placed in the box."""
    return _box_mask(tuple(star_points(size, points, radius, inset)))


@lru_cache(maxsize=32)
def striped_star(size: int, points: int, radius: float, inset: float, period: int) -> Placed:
    """The inside of a star's outline band in horizontal stripes: the first half of every `period`
    rows of the `size` box. Placed in the box."""
    inside = star(size, points, radius, inset)
    rows = Image.new("L", inside.mask.size)
    pen = ImageDraw.Draw(rows)
    for y in range(-(inside.top % period), inside.mask.height, period):
        pen.rectangle((0, y, inside.mask.width - 1, y + period // 2 - 1), fill=255)
    return Placed(ImageChops.multiply(inside.mask, rows), inside.left, inside.top)


def triangle_points(size: float, side: float, inset: float = 0.0) -> list[Point]:
    """An equilateral triangle, point up, centred in a `size` box by its bounding box; with
    `inset`, every edge moved that many units inwards (about the same centroid)."""
    c = size / 2.0
    h = side * _SQRT3 / 2.0
    gy = (size - h) / 2.0 + 2.0 * h / 3.0  # the centroid
    side -= 2.0 * _SQRT3 * inset
    h = side * _SQRT3 / 2.0
    top, base = gy - 2.0 * h / 3.0, gy + h / 3.0
    return [(c, top), (c + side / 2.0, base), (c - side / 2.0, base)]


def star_points(size: float, points: int, radius: float, inset: float = 0.0) -> list[Point]:
    """The outline of a `points`-pointed star (a point at the top) centred in a `size` box,
    every edge moved `inset` units inwards."""
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


def stroke(x0: float, y0: float, x1: float, y1: float, width: float) -> list[Point]:
    """The outline of a straight stroke `width` wide between two points, with square ends."""
    dx, dy = x1 - x0, y1 - y0
    length = math.sqrt(dx * dx + dy * dy)
    if length == 0:
        return []
    ux, uy = dx / length, dy / length
    h = width / 2.0
    nx, ny = -uy * h, ux * h
    ex, ey = ux * h, uy * h
    return [
        (x0 - ex + nx, y0 - ey + ny),
        (x1 + ex + nx, y1 + ey + ny),
        (x1 + ex - nx, y1 + ey - ny),
        (x0 - ex - nx, y0 - ey - ny),
    ]
