"""Hap pieces, as every hap game draws them (Hap-Tac-Toe and When Stars Align boards, Gyul Hap
tiles), and the picture of a hap check (`umpire check hap`).

A block is its shape in its colour on its background, outlined in black (white on a black
background) so the shape's footprint shows whatever the colours; the colour's letter (R, Y, B)
sits inside the shape, below its centre, for players who cannot tell the colours apart. A star
is drawn with its points, its pattern (solid, an outline, or an outline with stripes), and its
colour's letter (Y, B, W) in the square's corner.
"""

from __future__ import annotations

from functools import lru_cache

from umpire.images import shapes
from umpire.images.canvas import Canvas
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, Lines, block_height, draw_lines, draw_title, title_lines, wrapped
from umpire.images.model import Block, HapCheck, Piece, Star
from umpire.images.painters import painter

LETTER = {"red": "R", "yellow": "Y", "blue": "B", "white": "W"}
_LETTER_INK = {"red": "white", "yellow": "ink", "blue": "white"}
STAR_COLOUR = {"yellow": "star-yellow", "blue": "star-blue", "white": "star-white"}
LEGEND = {
    "htt": "R red · Y yellow · B blue",
    "wsa": "Y yellow · B blue · W white",
}


def outline_colour(background: str) -> str:
    """The outline that shows a shape's edge on this background."""
    return "white" if background == "black" else "ink"


def background_colour(block: Block) -> str:
    """The palette colour of a block's background."""
    return "ink" if block.background == "black" else block.background


def draw_block(cv: Canvas, x: int, y: int, size: int, block: Block, *, background: bool = True) -> None:
    """A block filling the `size` square at (x, y): background (unless told not to), shape with
    its outline, colour letter."""
    if not background and block.background == "white":  # drawn without it, a block's background
        block = Block(colour=block.colour, background="gray", shape=block.shape)  # shows only in its outline: one tile for both
    cv.stamp(piece_tile(block, size, background, cv.scale), x, y)


@lru_cache(maxsize=256)
def piece_tile(piece: Piece, size: int, background: bool, scale: int) -> Canvas:
    """A piece drawn once on a transparent `size` square, at `scale`, to be stamped wherever it stands."""
    tile = Canvas(size, size, bg=None)
    assert tile.scale == scale
    if isinstance(piece, Block):
        _draw_block(tile, 0, 0, size, piece, background=background)
    else:
        _draw_star(tile, 0, 0, size, piece, background=background)
    return tile


def _draw_block(cv: Canvas, x: int, y: int, size: int, block: Block, *, background: bool) -> None:
    if background:
        cv.rect(x, y, x + size, y + size, background_colour(block))
    edge = outline_colour(block.background)
    t = max(2, size // 30)
    s = cv.scale
    if block.shape == "circle":
        d = round(size * (0.76 if size < 100 else 0.72))
        d += (size - d) % 2  # the same parity as the square, so the disc sits exactly in the middle
        o = (size - d) // 2
        cv.mask(shapes.disc(d * s), x + o, y + o, edge)
        cv.mask(shapes.disc((d - 2 * t) * s), x + o + t, y + o + t, block.colour)
    elif block.shape == "square":
        side = round(size * (0.66 if size < 100 else 0.56))  # big tiles leave the corner to a number
        side += (size - side) % 2
        o = (size - side) // 2
        cv.rect(x + o, y + o, x + o + side, y + o + side, edge)
        cv.rect(x + o + t, y + o + t, x + o + side - t, y + o + side - t, block.colour)
    else:
        side = round(size * 0.88)
        cv.mask(shapes.triangle(size * s, side * s), x, y, edge)
        cv.mask(shapes.triangle(size * s, side * s, float(t * s)), x, y, block.colour)
    letter = letter_size(size)
    cv.text_centred(x + size / 2, y + size * 0.56, LETTER[block.colour], _LETTER_INK[block.colour], letter, bold=True)


def letter_size(size: int) -> float:
    """The size of a piece's colour letter in a `size` square."""
    return 14 if size < 100 else 21


def star_radius(size: int) -> float:
    """The outer radius of a star in a `size` square."""
    return size * 0.44


def draw_star(cv: Canvas, x: int, y: int, size: int, star: Star, *, background: bool = True) -> None:
    """A star filling the `size` square at (x, y), on the night background (unless told not to),
    its colour letter in the corner."""
    cv.stamp(piece_tile(star, size, background, cv.scale), x, y)


def _draw_star(cv: Canvas, x: int, y: int, size: int, star: Star, *, background: bool) -> None:
    if background:
        cv.rect(x, y, x + size, y + size, "night")
    colour = STAR_COLOUR[star.colour]
    s = cv.scale
    r = star_radius(size) * s
    t = max(3.0, size / 17) * s
    cv.mask(shapes.star(size * s, star.points, r), x, y, colour)
    if star.pattern != "solid":  # hollow: only a band along the edges keeps the colour
        cv.mask(shapes.star(size * s, star.points, r, t), x, y, "night")
        if star.pattern == "striped":
            cv.mask(shapes.striped_star(size * s, star.points, r, t, max(4, size // 12) * s), x, y, colour)
    cv.text(x + 4, y + 4, LETTER[star.colour], "text", letter_size(size), bold=True)


def draw_piece(cv: Canvas, x: int, y: int, size: int, piece: Piece, *, background: bool = True) -> None:
    """A block or a star filling the `size` square at (x, y)."""
    if isinstance(piece, Block):
        draw_block(cv, x, y, size, piece, background=background)
    else:
        draw_star(cv, x, y, size, piece, background=background)


CHECK_TILE = 112
HANG = 12  # a reason's second line is indented this much


@painter(HapCheck)
def paint_hap_check(check: HapCheck) -> Canvas:
    """Three pieces side by side and the verdict, a hap (a set) or not, and why."""
    stars = isinstance(check.pieces[0], Star)
    word = "set" if stars else "hap"
    head = title_lines(check.title)
    top = MARGIN + block_height(head)
    verdict = ("✓ " if check.is_hap else "✗ ") + (f"A {word}" if check.is_hap else f"Not a {word}")
    reasons: list[Lines] = [wrapped(r) for r in check.reasons]
    reasons = [lines[:1] + wrapped(" ".join(t for t, _ in lines[1:]), room=WIDTH - 2 * MARGIN - HANG) for lines in reasons]
    legend = wrapped(LEGEND["wsa" if stars else "htt"], "dim")
    y = top + CHECK_TILE + GAP
    reasons_height = block_height([line for lines in reasons for line in lines])
    height = y + LINE + GAP + reasons_height + block_height(legend) + MARGIN - GAP
    cv = Canvas(WIDTH, height)
    draw_title(cv, head)
    gap = (WIDTH - 2 * MARGIN - 3 * CHECK_TILE) // 2
    for i, piece in enumerate(check.pieces):
        x = MARGIN + i * (CHECK_TILE + gap)
        draw_piece(cv, x, top, CHECK_TILE, piece)
        cv.frame(x, top, x + CHECK_TILE, top + CHECK_TILE, 1, "edge")
    colour = "good" if check.is_hap else "bad"
    cv.text(MARGIN, y, verdict, colour, TEXT, bold=True)
    y += LINE + GAP
    for lines in reasons:
        draw_lines(cv, lines[:1], y)
        draw_lines(cv, lines[1:], y + LINE, MARGIN + HANG)
        y += len(lines) * LINE
    if reasons_height:
        y += GAP
    draw_lines(cv, legend, y)
    return cv
