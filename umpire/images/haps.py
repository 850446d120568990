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

from PIL import Image

from umpire.images import shapes
from umpire.images.canvas import COLOURS, Canvas, Tile, painted
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
    its outline, colour letter. Without its background it is laid over whatever is there (a
    claimed line under a piece stays visible around its shape)."""
    cv.stamp(piece_tile(block, size, background, cv.scale), x, y)


def draw_star(cv: Canvas, x: int, y: int, size: int, star: Star, *, background: bool = True) -> None:
    """A star filling the `size` square at (x, y), on the night background (unless told not to),
    its colour letter in the corner."""
    cv.stamp(piece_tile(star, size, background, cv.scale), x, y)
    cv.text(x + 4, y + 4, LETTER[star.colour], "text", letter_size(size), bold=True)


def draw_piece(cv: Canvas, x: int, y: int, size: int, piece: Piece, *, background: bool = True) -> None:
    """A block or a star filling the `size` square at (x, y)."""
    if isinstance(piece, Block):
        draw_block(cv, x, y, size, piece, background=background)
    else:
        draw_star(cv, x, y, size, piece, background=background)


@lru_cache(maxsize=256)
def piece_tile(piece: Piece, size: int, background: bool, scale: int) -> Tile:
    """A piece drawn once on a `size` square at `scale`, to be laid wherever it stands: with its
    background, the whole square; without, its shape alone, laid through the shape's mask (whose
    edge is anti-aliased against whatever it is laid on). A star's letter is not on it: it stands
    outside the star, and is drawn where the star is laid."""
    if isinstance(piece, Block):
        return _block_tile(piece, size, background, scale)
    return _star_tile(piece, size, background, scale)


def _block_tile(block: Block, size: int, background: bool, scale: int) -> Tile:
    edge = outline_colour(block.background)
    # Without its background, the canvas is all outline colour to start with and the tile is the
    # shape's box, laid through the shape's mask: the outline shows at its anti-aliased edge.
    under = background_colour(block) if background else edge
    cv = Canvas(size, size, under)
    assert cv.scale == scale
    mask: Image.Image | None
    if block.shape == "square":
        t = max(2, size // 30)
        side = _square_side(size)
        o = (size - side) // 2
        cv.rect(o, o, o + side, o + side, edge)
        cv.rect(o + t, o + t, o + side - t, o + side - t, block.colour)
        box, mask = (o * scale, o * scale, (o + side) * scale, (o + side) * scale), None  # on whole pixels: laid whole
    else:
        st = _block_stack(block.shape, size, scale, background)
        cv.stack(st, 0, 0, under, (edge, block.colour) if background else (block.colour,))
        outline = _outline(block.shape, size, scale)
        box, mask = outline.box, outline.mask
    cv.text_centred(size / 2, size * 0.56, LETTER[block.colour], _LETTER_INK[block.colour], letter_size(size), bold=True)
    return cv.cut() if background else cv.cut(box, mask)


def _square_side(size: int) -> int:
    side = round(size * (0.66 if size < 100 else 0.56))  # big tiles leave the corner to a number
    return side + (size - side) % 2  # the same parity as the square, so it sits exactly in the middle


def _outline(shape: str, size: int, scale: int) -> shapes.Placed:
    """A round or triangular block's whole shape (its outline's outer edge), placed in its `size` square."""
    if shape == "circle":
        d = round(size * (0.76 if size < 100 else 0.72))
        d += (size - d) % 2
        o = (size - d) // 2
        return shapes.Placed(shapes.disc(d * scale), o * scale, o * scale)
    return shapes.triangle(size * scale, round(size * 0.88) * scale)


@lru_cache(maxsize=32)
def _block_stack(shape: str, size: int, scale: int, background: bool) -> shapes.Stack:
    """A round or triangular block's masks: its whole shape (in the outline's colour: left out
    without a background, where the tile starts in that colour) and what is inside the outline."""
    outline = _outline(shape, size, scale)
    t = max(2, size // 30) * scale
    if shape == "circle":
        inner = shapes.Placed(shapes.disc(outline.mask.width - 2 * t), outline.left + t, outline.top + t)
    else:
        inner = shapes.triangle(size * scale, round(size * 0.88) * scale, float(t))
    return shapes.stack((outline, inner) if background else (inner,), outline.box)


def _star_tile(star: Star, size: int, background: bool, scale: int) -> Tile:
    colour = STAR_COLOUR[star.colour]
    whole = shapes.star(size * scale, star.points, star_radius(size) * scale)
    if not background:  # the star's box, all the star's colour to start with, laid through its mask
        if star.pattern == "solid":
            return Tile(Image.new("RGB", whole.mask.size, COLOURS[colour]), whole.mask, whole.left, whole.top, ())
        st = _star_stack(star.points, star.pattern, size, scale, background)
        return Tile(painted(st, colour, _star_colours(colour, star.pattern, background)), whole.mask, st.left, st.top, ())
    image = Image.new("RGB", (size * scale, size * scale), COLOURS["night"])
    st = _star_stack(star.points, star.pattern, size, scale, background)
    image.paste(painted(st, "night", _star_colours(colour, star.pattern, background)), (st.left, st.top))
    return Tile(image, None, 0, 0, ())


def _star_colours(colour: str, pattern: str, background: bool) -> tuple[str, ...]:
    inks = (colour,) if background else ()
    return inks + {"solid": (), "hollow": ("night",), "striped": ("night", colour)}[pattern]


@lru_cache(maxsize=32)
def _star_stack(points: int, pattern: str, size: int, scale: int, background: bool) -> shapes.Stack:
    """A star's masks: the whole star (left out without a background, where the tile starts in
    the star's colour); hollow, the inside of its outline band; striped, stripes across that."""
    r = star_radius(size) * scale
    whole = shapes.star(size * scale, points, r)
    masks = [whole] if background else []
    if pattern != "solid":  # hollow: only a band along the edges keeps the colour
        t = max(3.0, size / 17) * scale
        masks.append(shapes.star(size * scale, points, r, t))
        if pattern == "striped":
            masks.append(shapes.striped_star(size * scale, points, r, t, max(4, size // 12) * scale))
    return shapes.stack(tuple(masks), whole.box)


def letter_size(size: int) -> float:
    """The size of a piece's colour letter in a `size` square."""
    return 14 if size < 100 else 21


def star_radius(size: int) -> float:
    """The outer radius of a star in a `size` square."""
    return size * 0.44


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
