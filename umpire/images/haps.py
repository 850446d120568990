"""Hap pieces and the boards they sit on: Hap-Tac-Toe / When Stars Align, Gyul Hap, a hap check.

A block is its shape in its colour on its background, outlined in black (white on a black
background) so the shape's footprint shows whatever the colours; the colour's letter (R, Y, B)
sits inside the shape, below its centre, for players who cannot tell the colours apart. A star
is drawn with its points, its pattern (solid, an outline, or an outline with stripes), and its
colour's letter (Y, B, W) in the square's corner.
"""

from __future__ import annotations

from umpire.images import shapes
from umpire.images.canvas import Canvas
from umpire.images.font import ADVANCE, CAP
from umpire.images.layout import GAP, LINE, MARGIN, TEXT, WIDTH, Lines, block_height, draw_lines, title_lines, wrapped
from umpire.images.model import COLUMNS, Block, GyulBoard, HapBoard, HapCheck, Piece, Star

PITCH = 72  # a board square and the gap after it
CELL = 68
BOARD_X = 30  # the row numbers go left of this
LABEL = 3  # the scale of the board's coordinates

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
    if background:
        cv.rect(x, y, x + size, y + size, background_colour(block))
    edge = outline_colour(block.background)
    t = max(2, size // 30)
    if block.shape == "circle":
        d = round(size * (0.76 if size < 100 else 0.72))
        d += (size - d) % 2  # the same parity as the square, so the disc sits exactly in the middle
        o = (size - d) // 2
        cv.spans(shapes.circle(d), x + o, y + o, edge)
        cv.spans(shapes.circle(d - 2 * t), x + o + t, y + o + t, block.colour)
    elif block.shape == "square":
        side = round(size * (0.66 if size < 100 else 0.56))  # big tiles leave the corner to a number
        side += (size - side) % 2
        o = (size - side) // 2
        cv.rect(x + o, y + o, x + o + side, y + o + side, edge)
        cv.rect(x + o + t, y + o + t, x + o + side - t, y + o + side - t, block.colour)
    else:
        side = round(size * 0.88)
        cv.spans(shapes.triangle(size, side), x, y, edge)
        cv.spans(shapes.triangle(size, side, float(t)), x, y, block.colour)
    scale = 2 if size < 100 else 3
    cv.text_centred(x + size // 2, y + size // 2 + size // 20 + 1, LETTER[block.colour], _LETTER_INK[block.colour], scale)


def star_radius(size: int) -> float:
    """The outer radius of a star in a `size` square."""
    return size * 0.44


def draw_star(cv: Canvas, x: int, y: int, size: int, star: Star, *, background: bool = True) -> None:
    """A star filling the `size` square at (x, y), on the night background (unless told not to),
    its colour letter in the corner."""
    if background:
        cv.rect(x, y, x + size, y + size, "night")
    colour = STAR_COLOUR[star.colour]
    r = star_radius(size)
    t = max(3.0, size / 17)
    if star.pattern == "solid":
        cv.spans(shapes.star(size, star.points, r), x, y, colour)
    else:
        cv.spans(shapes.star_outline(size, star.points, r, t), x, y, colour)
        if star.pattern == "striped":
            cv.spans(shapes.star_stripes(size, star.points, r, t, max(4, size // 12)), x, y, colour)
    scale = 2 if size < 100 else 3
    cv.text(x + 3, y + 3, LETTER[star.colour], "text", scale)


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
    return MARGIN + block_height(title_lines(board.title)) + CAP * LABEL + GAP


BOARD_SIZE = 5 * PITCH - (PITCH - CELL)


def draw_hap_board(board: HapBoard) -> bytes:
    """A Hap-Tac-Toe or When Stars Align board as PNG bytes, 400 pixels wide.

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
    draw_lines(cv, head, MARGIN)
    label_y = top - GAP - CAP * LABEL
    for i, col in enumerate(COLUMNS):
        cv.text_centred(BOARD_X + i * PITCH + CELL // 2, label_y, col, "text", LABEL)
    for r in range(5):
        number = r + 1 if board.row_one == "top" else 5 - r
        cv.text_centred(BOARD_X // 2 - 1, top + r * PITCH + (CELL - CAP * LABEL) // 2, str(number), "text", LABEL)
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
    for width, colour in ((9.0, "ink"), (5.0, "mark")):  # all borders first: crossings look the same in any order
        for x0, y0, x1, y1 in ends:
            cv.spans(shapes.line(x0, y0, x1, y1, width), 0, 0, colour)
    for square, (cx, cy) in corners.items():
        if square not in cells:  # over a claimed line that crosses the empty square
            cv.text_centred(cx, cy - CAP * TEXT // 2, square, "edge", TEXT)
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
    return cv.png()


GYUL_TILE = 120
GYUL_GAP = 10


def gyul_tile_origin(position: int, top: int) -> tuple[int, int]:
    """The top-left pixel of the tile at board position 1-9 (row by row: 123 / 456 / 789)."""
    r, c = divmod(position - 1, 3)
    return MARGIN + 2 + c * (GYUL_TILE + GYUL_GAP), top + r * (GYUL_TILE + GYUL_GAP)


def draw_number_badge(cv: Canvas, x: int, y: int, text: str, scale: int = 3) -> None:
    """A number in black on a light badge with a dark rim, readable on any background."""
    w = (len(text) * ADVANCE - 1) * scale + 2 * scale + 2
    h = CAP * scale + 2 * scale + 2
    cv.rect(x, y, x + w, y + h, "ink")
    cv.rect(x + 1, y + 1, x + w - 1, y + h - 1, "card")
    cv.text(x + scale + 1, y + scale + 1, text, "ink", scale)


def gyul_top(board: GyulBoard) -> int:
    """Where the tiles start: below the title."""
    return MARGIN + block_height(title_lines(board.title))


def draw_gyul_board(board: GyulBoard) -> bytes:
    """A Gyul Hap board as PNG bytes, 400 pixels wide: nine tiles numbered 1-9 row by row."""
    head = title_lines(board.title)
    top = gyul_top(board)
    below = wrapped(LEGEND["htt"], "dim")
    if board.claimed:
        below += wrapped("Claimed: " + ", ".join("".join(map(str, t)) for t in board.claimed))
    size = 3 * GYUL_TILE + 2 * GYUL_GAP
    cv = Canvas(WIDTH, top + size + GAP + block_height(below) + MARGIN - GAP)
    draw_lines(cv, head, MARGIN)
    for i, tile in enumerate(board.tiles):
        x, y = gyul_tile_origin(i + 1, top)
        draw_block(cv, x, y, GYUL_TILE, tile)
        cv.frame(x, y, x + GYUL_TILE, y + GYUL_TILE, 1, "edge")
        draw_number_badge(cv, x + 3, y + 3, str(i + 1))
    draw_lines(cv, below, top + size + GAP)
    return cv.png()


CHECK_TILE = 112


def draw_hap_check(check: HapCheck) -> bytes:
    """Three pieces side by side and the verdict, a hap (a set) or not, and why, as PNG bytes."""
    stars = isinstance(check.pieces[0], Star)
    word = "set" if stars else "hap"
    head = title_lines(check.title)
    top = MARGIN + block_height(head)
    verdict = ("✓ " if check.is_hap else "✗ ") + (f"A {word}" if check.is_hap else f"Not a {word}")
    reasons: Lines = []
    for reason in check.reasons:
        reasons += wrapped(reason, hang=2)
    legend = wrapped(LEGEND["wsa" if stars else "htt"], "dim")
    y = top + CHECK_TILE + GAP
    height = y + LINE + GAP + block_height(reasons) + block_height(legend) + MARGIN - GAP
    cv = Canvas(WIDTH, height)
    draw_lines(cv, head, MARGIN)
    gap = (WIDTH - 2 * MARGIN - 3 * CHECK_TILE) // 2
    for i, piece in enumerate(check.pieces):
        x = MARGIN + i * (CHECK_TILE + gap)
        draw_piece(cv, x, top, CHECK_TILE, piece)
        cv.frame(x, top, x + CHECK_TILE, top + CHECK_TILE, 1, "edge")
    colour = "good" if check.is_hap else "bad"
    cv.text(MARGIN, y, verdict, colour, TEXT)
    cv.text(MARGIN + 1, y, verdict, colour, TEXT)  # bold: drawn twice, one pixel apart
    y = draw_lines(cv, reasons, y + LINE + GAP)
    draw_lines(cv, legend, y)
    return cv.png()
