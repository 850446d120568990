"""Hap pieces and the boards they sit on: Hap-Tac-Toe / When Stars Align, Gyul Hap, a hap check.

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
from umpire.images.model import COLUMNS, Block, GyulBoard, HapBoard, HapCheck, Piece, Star
from umpire.images.text import cap, width

PITCH = 72  # a board square and the gap after it
CELL = 68
BOARD_X = 30  # the row numbers go left of this
LABEL = 22  # the size of the board's coordinates (bold)

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


def square_centre(square: str, row_one: str, top: int) -> tuple[int, int]:
    """The pixel at the centre of a board square, the squares starting at `top`."""
    col = COLUMNS.index(square[0])
    row = int(square[1:]) - 1
    if row_one == "bottom":
        row = 4 - row
    return BOARD_X + col * PITCH + CELL // 2, top + row * PITCH + CELL // 2


def board_top(board: HapBoard) -> int:
    """Where the squares start: below the title and the column letters."""
    return MARGIN + block_height(title_lines(board.title)) + round(cap(LABEL)) + GAP


BOARD_SIZE = 5 * PITCH - (PITCH - CELL)


def paint_hap_board(board: HapBoard) -> Canvas:
    """A Hap-Tac-Toe or When Stars Align board, 400 units wide.

    Columns A-E along the top and rows 1-5 down the left (row 1 at the top or the bottom, as
    `row_one` says); empty squares show their name; claimed triples are drawn as lines under
    the pieces and listed below; the square placed last has an orange frame.
    """
    head = title_lines(board.title)
    top = board_top(board)
    word = "haps" if board.variant == "htt" else "sets"
    below = wrapped(LEGEND[board.variant], "dim")
    if board.claimed:
        below += wrapped(f"Claimed {word}: " + ", ".join(" ".join(t) for t in board.claimed))
    else:
        below += [(f"No {word} claimed yet", "dim")]
    cv = Canvas(WIDTH, top + BOARD_SIZE + GAP + block_height(below) + MARGIN - GAP)
    draw_title(cv, head)
    label_y = top - GAP - cap(LABEL)
    for i, col in enumerate(COLUMNS):
        cv.text_centred(BOARD_X + i * PITCH + CELL / 2, label_y, col, "text", LABEL, bold=True)
    for r in range(5):
        number = r + 1 if board.row_one == "top" else 5 - r
        cv.text_centred(BOARD_X / 2 - 1, top + r * PITCH + (CELL - cap(LABEL)) / 2, str(number), "text", LABEL, bold=True)
    # Squares: background first, then claimed lines (under the pieces), then the pieces.
    cells = dict(board.cells)
    corners = {sq: square_centre(sq, board.row_one, top) for sq in (f"{c}{r}" for r in range(1, 6) for c in COLUMNS)}
    for square, (cx, cy) in corners.items():
        x, y = cx - CELL // 2, cy - CELL // 2
        piece = cells.get(square)
        if piece is None:
            cv.rect(x, y, x + CELL, y + CELL, "panel")
        else:
            cv.rect(x, y, x + CELL, y + CELL, background_colour(piece) if isinstance(piece, Block) else "night")
    ends = []
    for triple in board.claimed:
        (ax, ay), _, (bx, by) = sorted(corners[s] for s in triple)
        ends.append((ax + 0.5, ay + 0.5, bx + 0.5, by + 0.5))
    for stroke, colour in ((9.0, "ink"), (5.0, "mark")):  # all borders first: crossings look the same in any order
        for x0, y0, x1, y1 in ends:
            cv.line(x0, y0, x1, y1, stroke, colour)
    for square, (cx, cy) in corners.items():
        if square not in cells:  # over a claimed line that crosses the empty square
            cv.text_centred(cx, cy - cap(TEXT) / 2, square, "edge", TEXT)
    for square, piece in cells.items():
        cx, cy = corners[square]
        draw_piece(cv, cx - CELL // 2, cy - CELL // 2, CELL, piece, background=False)
    for square, (cx, cy) in corners.items():
        x, y = cx - CELL // 2, cy - CELL // 2
        if square == board.last:
            cv.frame(x - 2, y - 2, x + CELL + 2, y + CELL + 2, 4, "last")
        else:
            cv.frame(x, y, x + CELL, y + CELL, 1, "edge")
    draw_lines(cv, below, top + BOARD_SIZE + GAP)
    return cv


GYUL_TILE = 120
GYUL_GAP = 10


def gyul_tile_origin(position: int, top: int) -> tuple[int, int]:
    """The top-left pixel of the tile at board position 1-9 (row by row: 123 / 456 / 789)."""
    r, c = divmod(position - 1, 3)
    left = (WIDTH - 3 * GYUL_TILE - 2 * GYUL_GAP) // 2
    return left + c * (GYUL_TILE + GYUL_GAP), top + r * (GYUL_TILE + GYUL_GAP)


BADGE = 19  # the size of a badge's number (bold)
BADGE_PAD = 5


def badge_size(text: str, size: float = BADGE) -> tuple[int, int]:
    """How wide and tall a number badge is."""
    return round(width(text, size, bold=True)) + 2 * BADGE_PAD, round(cap(size)) + 2 * BADGE_PAD


def draw_number_badge(cv: Canvas, x: int, y: int, text: str, size: float = BADGE) -> None:
    """A number in black on a light badge with a dark rim, readable on any background."""
    w, h = badge_size(text, size)
    cv.rect(x, y, x + w, y + h, "ink")
    cv.rect(x + 1, y + 1, x + w - 1, y + h - 1, "card")
    cv.text_centred(x + w / 2, y + BADGE_PAD, text, "ink", size, bold=True)


def gyul_top(board: GyulBoard) -> int:
    """Where the tiles start: below the title."""
    return MARGIN + block_height(title_lines(board.title))


def paint_gyul_board(board: GyulBoard) -> Canvas:
    """A Gyul Hap board, 400 units wide: nine tiles numbered 1-9 row by row."""
    head = title_lines(board.title)
    top = gyul_top(board)
    below = wrapped(LEGEND["htt"], "dim")
    if board.claimed:
        below += wrapped("Claimed: " + ", ".join("".join(map(str, t)) for t in board.claimed))
    size = 3 * GYUL_TILE + 2 * GYUL_GAP
    cv = Canvas(WIDTH, top + size + GAP + block_height(below) + MARGIN - GAP)
    draw_title(cv, head)
    for i, tile in enumerate(board.tiles):
        x, y = gyul_tile_origin(i + 1, top)
        draw_block(cv, x, y, GYUL_TILE, tile)
        cv.frame(x, y, x + GYUL_TILE, y + GYUL_TILE, 1, "edge")
        draw_number_badge(cv, x + 3, y + 3, str(i + 1))
    draw_lines(cv, below, top + size + GAP)
    return cv


CHECK_TILE = 112


HANG = 12  # a reason's second line is indented this much


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
