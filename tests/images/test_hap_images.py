"""Hap-Tac-Toe / When Stars Align boards, Gyul Hap boards and hap checks, read back from the PNG."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.core import hap
from umpire.core.errors import InvalidCommand
from umpire.games.choice.drawing import GYUL_TILE, GyulBoard, gyul_tile_origin, gyul_top
from umpire.games.haptactoe.drawing import BOARD_X, CELL, PITCH, SQUARES, HapBoard, board_top, draw_hap_board, square_centre
from umpire.images import Block, HapCheck, Star, block_from_code, draw, piece_from_words, star_from_code
from umpire.images.haps import CHECK_TILE, star_radius
from umpire.images.layout import MARGIN
from umpire.images.text import cap

from .support import Picture, same_pixels

SIGNATURE = b"\x89PNG\r\n\x1a\n"

BLOCK_BG = {"black": "ink", "gray": "gray", "white": "white"}
OUTLINE = {"black": "white", "gray": "ink", "white": "ink"}
STAR = {"yellow": "star-yellow", "blue": "star-blue", "white": "star-white"}


def full_board(variant: str = "htt", **kw: object) -> HapBoard:
    """Every square filled: square i holds piece code i (pieces 25 and 26 are never placed)."""
    make = block_from_code if variant == "htt" else star_from_code
    return HapBoard(cells={sq: make(i) for i, sq in enumerate(SQUARES)}, variant=variant, **kw)  # type: ignore[arg-type]


def cell_origin(board: HapBoard, square: str) -> tuple[int, int]:
    cx, cy = square_centre(square, board.row_one, board_top(board))
    return cx - CELL // 2, cy - CELL // 2


# ---------------------------------------------------------------- the input values


def test_pieces_come_from_the_games_codes_and_words() -> None:
    assert block_from_code(hap.piece(0, 0, 0)) == Block(colour="red", background="black", shape="circle")
    assert block_from_code(hap.piece(2, 1, 2)) == Block(colour="blue", background="gray", shape="triangle")
    assert star_from_code(hap.piece(1, 2, 0)) == Star(colour="blue", pattern="striped", points=4)
    assert piece_from_words("white blue square") == Block(colour="blue", background="white", shape="square")
    assert piece_from_words(":hapYGT:") == Block(colour="yellow", background="gray", shape="triangle")
    assert piece_from_words("6 hollow white") == Star(colour="white", pattern="hollow", points=6)


def test_a_piece_that_is_not_one_is_refused_in_the_games_words() -> None:
    with pytest.raises(InvalidCommand) as err:
        piece_from_words("black red hexagon")
    assert (
        err.value.reason
        == "“hexagon” is not a block attribute (colour: red, yellow, blue; background: black, gray, white; shape: circle, square, triangle)"
    )


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda: Block(colour="green", background="black", shape="circle"),  # type: ignore[arg-type]
            "Block.colour = 'green': expected one of 'red', 'yellow', 'blue'",
        ),
        (lambda: Star(colour="yellow", pattern="solid", points=7), "Star.points = 7: expected one of 4, 5, 6"),  # type: ignore[arg-type]
        (
            lambda: HapBoard(cells={"F1": block_from_code(0)}),
            "HapBoard.cells: 'F1' is not a square (A1 to E5, capital letter first)",
        ),
        (
            lambda: HapBoard(cells={"A1": star_from_code(0)}),
            "HapBoard.cells['A1'] = Star(colour='yellow', pattern='solid', points=4): a htt board holds Blocks",
        ),
        (lambda: HapBoard(cells={}, claimed=(("A1", "B2"),)), "HapBoard.claimed: ('A1', 'B2') is not three squares"),  # type: ignore[arg-type]
        (lambda: HapBoard(cells={}, row_one="left"), "HapBoard.row_one = 'left': expected one of 'top', 'bottom'"),  # type: ignore[arg-type]
        (lambda: GyulBoard(tiles=(block_from_code(0),) * 8), "GyulBoard.tiles: expected nine Blocks, got 8 items"),
        (
            lambda: GyulBoard(tiles=(block_from_code(0),) * 9, claimed=((1, 2, 10),)),
            "GyulBoard.claimed: (1, 2, 10) is not three positions 1-9",
        ),
        (
            lambda: HapCheck(pieces=(block_from_code(0), block_from_code(1), star_from_code(2)), is_hap=False),
            "HapCheck.pieces: expected three Blocks or three Stars, not (Block(colour='red', background='black', shape='circle'), "
            "Block(colour='red', background='black', shape='square'), Star(colour='yellow', pattern='solid', points=6))",
        ),
    ],
)
def test_a_value_that_cannot_be_drawn_is_refused_where_it_is_built(make: object, message: str) -> None:
    with pytest.raises(ValueError) as err:
        make()  # type: ignore[operator]
    assert str(err.value) == message


# ---------------------------------------------------------------- Hap-Tac-Toe


def test_htt_board_is_an_800_pixel_palette_png_without_metadata() -> None:
    data = draw_hap_board(full_board())
    assert data.startswith(SIGNATURE)
    pic = Picture(data)
    assert pic.image.width == 800 and pic.width == 400, "400 units, two pixels a unit: sharp where a phone enlarges it"
    assert 420 <= pic.height <= 520
    kinds = []
    pos = len(SIGNATURE)
    while pos < len(data):
        n = int.from_bytes(data[pos : pos + 4], "big")
        kinds.append(data[pos + 4 : pos + 8])
        pos += 12 + n
    assert kinds[:2] == [b"IHDR", b"PLTE"] and kinds[-1] == b"IEND" and set(kinds[2:-1]) == {b"IDAT"}  # no time, text or gamma chunks


def test_the_same_picture_can_be_drawn_400_pixels_wide() -> None:
    small = Picture.of(full_board(), scale=1)
    big = Picture.of(full_board())
    assert small.image.width == 400 and (small.width, small.height) == (big.width, big.height)
    for square in ("A1", "C3", "E5"):
        cx, cy = square_centre(square, "top", board_top(full_board()))
        assert small.at(cx, cy) == big.at(cx, cy)


def test_a_scale_it_cannot_draw_at_is_refused() -> None:
    with pytest.raises(ValueError) as err:
        draw(full_board(), scale=0)
    assert str(err.value) == "scale 0: expected 1, 2, 3 or 4 pixels a unit"


def test_htt_shape_colour_at_each_occupied_square_centre() -> None:
    board = full_board()
    pic = Picture(draw_hap_board(board))
    for square, piece in board.cells.items():
        cx, cy = square_centre(square, "top", board_top(board))
        assert pic.at(cx, cy) == piece.colour, square


def test_htt_background_fills_each_square_corner() -> None:
    board = full_board()
    pic = Picture(draw_hap_board(board))
    for square, piece in board.cells.items():
        assert isinstance(piece, Block)
        x, y = cell_origin(board, square)
        for px, py in ((x + 3, y + 3), (x + CELL - 4, y + 3), (x + 3, y + CELL - 4), (x + CELL - 4, y + CELL - 4)):
            assert pic.at(px, py) == BLOCK_BG[piece.background], square


def shape_box(shape: str) -> tuple[int, int]:
    """Offset and side of the shape's bounding box inside a board square."""
    side = {"circle": round(CELL * 0.76), "square": round(CELL * 0.66)}[shape]
    side += (CELL - side) % 2
    return (CELL - side) // 2, side


def test_htt_circle_corners_are_background_and_its_rim_is_outlined() -> None:
    board = full_board()
    pic = Picture(draw_hap_board(board))
    o, d = shape_box("circle")
    for square, piece in board.cells.items():
        assert isinstance(piece, Block)
        if piece.shape != "circle":
            continue
        x, y = cell_origin(board, square)
        bg = BLOCK_BG[piece.background]
        for px, py in ((x + o, y + o), (x + o + d - 1, y + o), (x + o, y + o + d - 1), (x + o + d - 1, y + o + d - 1)):
            assert pic.at(px, py) == bg, f"{square}: the circle's bounding-box corner is background"
        cx = x + CELL // 2
        assert pic.at(cx, y + o + 1) == OUTLINE[piece.background], f"{square}: the top of the circle is its outline"
        assert pic.at(cx, y + o + 4) == piece.colour
        assert pic.at(x + o + 5, y + o + 5) in (bg, "blend"), f"{square}: round, not square"


def test_htt_square_fills_its_corners() -> None:
    board = full_board()
    pic = Picture(draw_hap_board(board))
    o, s = shape_box("square")
    for square, piece in board.cells.items():
        assert isinstance(piece, Block)
        if piece.shape != "square":
            continue
        x, y = cell_origin(board, square)
        edge = OUTLINE[piece.background]
        for px, py in ((x + o, y + o), (x + o + s - 1, y + o), (x + o, y + o + s - 1), (x + o + s - 1, y + o + s - 1)):
            assert pic.at(px, py) == edge, f"{square}: the square's corners are its outline"
        assert pic.at(x + o + 4, y + o + 4) == piece.colour
        assert pic.at(x + o - 2, y + o - 2) == BLOCK_BG[piece.background]


def test_htt_triangle_points_up_with_background_beside_its_tip() -> None:
    board = full_board()
    pic = Picture(draw_hap_board(board))
    side = round(CELL * 0.88)
    h = side * math.sqrt(3) / 2
    top = (CELL - h) / 2
    for square, piece in board.cells.items():
        assert isinstance(piece, Block)
        if piece.shape != "triangle":
            continue
        x, y = cell_origin(board, square)
        bg = BLOCK_BG[piece.background]
        tip_y = y + math.ceil(top) + 2
        assert pic.at(x + CELL // 2, tip_y) == OUTLINE[piece.background], f"{square}: the tip is drawn"
        assert pic.at(x + CELL // 2 - 12, tip_y) == bg and pic.at(x + CELL // 2 + 12, tip_y) == bg, (
            f"{square}: beside the tip is background"
        )
        base_y = y + int(top + h) - 4
        assert pic.at(x + CELL // 2 - side // 2 + 8, base_y) == piece.colour, f"{square}: the base is wide"
        assert pic.at(x + 2, y + CELL // 2) == bg


def drawn_in(pic: Picture, text: str, colour: str, box: tuple[float, float, float, float]) -> bool:
    """Whether `text` is drawn in `colour` inside the box (x0, y0, x1, y1) units, its pixels showing it."""
    x0, y0, x1, y1 = box
    return any(
        m.text == text and m.colour == colour and x0 <= pic.left(m) and pic.right(m) <= x1 and y0 <= pic.top(m) < y1 and pic.shows(m)
        for m in pic.marks
    )


def test_htt_colour_letter_is_drawn_inside_each_shape() -> None:
    board = full_board()
    pic = Picture.of(board)
    ink = {"red": "white", "yellow": "ink", "blue": "white"}
    for square, piece in board.cells.items():
        assert isinstance(piece, Block)
        x, y = cell_origin(board, square)
        letter = piece.colour[0].upper()
        inner = (x + CELL * 0.3, y + CELL / 2, x + CELL * 0.7, y + CELL * 0.8)  # below the middle, inside any of the shapes
        assert drawn_in(pic, letter, ink[piece.colour], inner), f"{square}: letter {letter}"


@pytest.mark.parametrize("row_one", ["top", "bottom"])
def test_coordinates_a_to_e_and_1_to_5_are_drawn_on_the_edges(row_one: str) -> None:
    board = full_board(row_one=row_one)
    pic = Picture.of(board)
    top = board_top(board)
    for i, col in enumerate("ABCDE"):
        x = BOARD_X + i * PITCH
        assert drawn_in(pic, col, "text", (x, top - 40, x + CELL, top)), col
    for r in range(5):
        number = str(r + 1 if row_one == "top" else 5 - r)
        y = top + r * PITCH
        assert drawn_in(pic, number, "text", (0, y, BOARD_X, y + CELL)), number
    # Square A1 is at the top left with row 1 on top, at the bottom left otherwise.
    x, y = cell_origin(board, "A1")
    assert (y < top + PITCH) == (row_one == "top")


def test_empty_squares_show_their_names_and_the_legend_names_the_letters() -> None:
    board = HapBoard(cells={"C3": block_from_code(5)}, title="Game 1, turn 1")
    pic = Picture.of(board)
    top = board_top(board)
    cx, cy = square_centre("A1", "top", top)
    assert drawn_in(pic, "A1", "edge", (cx - CELL / 2, cy - cap(15), cx + CELL / 2, cy))
    assert pic.at(cx, cy + 20) == "panel"
    assert pic.find("R red · Y yellow · B blue", "dim") is not None
    assert pic.find("No haps claimed yet", "dim") is not None
    title = pic.find("Game 1, turn 1", "text")
    assert title is not None and title.bold and pic.left(title) == MARGIN


def test_claimed_lines_run_between_their_squares_under_the_pieces() -> None:
    board = full_board(claimed=(("A1", "B2", "D4"), ("E1", "E2", "E3")))
    pic = Picture.of(board)
    top = board_top(board)
    # the gap between A1 and B2 lies on the claimed diagonal
    gx, gy = BOARD_X + CELL + 1.5, top + CELL + 1.5
    assert pic.at(gx, gy) == "mark"
    # the gap between E2 and E3 is on the claimed column; the gap between E3 and E4 is past its end
    ex, _ = square_centre("E3", "top", top)
    assert pic.at(ex, top + PITCH + CELL + 1) == "mark"
    assert pic.at(ex, top + 2 * PITCH + CELL + 1) == "bg"
    # pieces stay on top: the centre of B2 is its shape's colour
    bx, by = square_centre("B2", "top", top)
    assert pic.at(bx, by) == board.cells["B2"].colour
    assert pic.find("Claimed haps: A1 B2 D4, E1 E2 E3", "text") is not None


def test_the_square_placed_last_has_a_frame() -> None:
    board = full_board(last="C3")
    pic = Picture(draw_hap_board(board))
    x, y = cell_origin(board, "C3")
    assert pic.at(x - 1, y + CELL // 2) == "last"
    assert pic.at(x + CELL, y + 5) == "last"
    x, y = cell_origin(board, "C4")
    assert pic.at(x, y + CELL // 2) == "edge"


# ---------------------------------------------------------------- When Stars Align


def points_seen(pic: Picture, cx: int, cy: int, radius: float, colour: str) -> int:
    """How many separate arcs of `colour` a circle of `radius` around (cx, cy) crosses: one per point."""
    n = 720
    seen = [pic.at(cx + radius * math.cos(2 * math.pi * k / n), cy + radius * math.sin(2 * math.pi * k / n)) for k in range(n)]
    hits = [c == colour for c in seen if c != "blend"]  # an edge's blend belongs to neither side
    return sum(1 for k in range(len(hits)) if hits[k] and not hits[k - 1])


def test_wsa_stars_show_their_points_colour_pattern_and_letter() -> None:
    board = full_board("wsa")
    pic = Picture.of(board)
    r = star_radius(CELL)
    for square, star in board.cells.items():
        assert isinstance(star, Star)
        x, y = cell_origin(board, square)
        cx, cy = x + CELL // 2, y + CELL // 2
        colour = STAR[star.colour]
        assert points_seen(pic, cx, cy, r * 0.82, colour) == star.points, f"{square}: {star}"
        assert pic.at(cx, y + round(CELL / 2 - r) + 2) == colour, f"{square}: the top point"
        inside = [pic.at(cx, cy + dy) for dy in range(-6, 7)]
        if star.pattern == "solid":
            assert set(inside) == {colour}, square
        elif star.pattern == "hollow":
            assert set(inside) == {"night"}, square
        else:
            assert set(inside) == {colour, "night"}, f"{square}: stripes"
        assert drawn_in(pic, star.colour[0].upper(), "text", (x, y, x + CELL / 3, y + CELL / 3)), f"{square}: colour letter"
        assert pic.at(x + CELL - 3, y + CELL - 3) == "night"


def test_wsa_legend_and_claims_say_sets() -> None:
    board = full_board("wsa", claimed=(("A1", "B1", "C1"),))
    pic = Picture.of(board)
    assert pic.find("Y yellow · B blue · W white", "dim") is not None
    assert pic.find("Claimed sets: A1 B1 C1", "text") is not None


# ---------------------------------------------------------------- determinism


FIXED = HapBoard(
    cells={"A1": block_from_code(0), "C3": block_from_code(13), "E5": block_from_code(26), "B4": block_from_code(7)},
    claimed=(("A1", "C3", "E5"),),
    last="B4",
    title="Hap-Tac-Toe, game 1",
)


def test_the_same_board_gives_the_same_pixels() -> None:
    assert same_pixels(draw_hap_board(FIXED), draw_hap_board(FIXED))
    assert same_pixels(draw(FIXED), draw_hap_board(FIXED))
    star_board = full_board("wsa", claimed=(("A1", "B2", "C3"),), last="E5")
    assert same_pixels(draw_hap_board(star_board), draw_hap_board(full_board("wsa", claimed=(("A1", "B2", "C3"),), last="E5")))


# ---------------------------------------------------------------- Gyul Hap


def test_gyul_tiles_sit_row_by_row_with_their_numbers() -> None:
    tiles = tuple(block_from_code(c) for c in (0, 4, 8, 9, 13, 17, 18, 22, 26))
    board = GyulBoard(tiles=tiles, title="Gyul Hap, board 1 of 50")
    pic = Picture.of(board)
    assert pic.width == 400
    top = gyul_top(board)
    for pos, tile in enumerate(tiles, start=1):
        x, y = gyul_tile_origin(pos, top)
        assert pic.at(x + GYUL_TILE // 2, y + GYUL_TILE // 2) == tile.colour, pos
        assert pic.at(x + GYUL_TILE - 4, y + GYUL_TILE - 4) == BLOCK_BG[tile.background], pos
        assert drawn_in(pic, str(pos), "ink", (x, y, x + 40, y + 40)), f"badge {pos}"
        assert pic.at(x + 3, y + 3) == "ink" and pic.at(x + 5, y + 5) == "card", f"badge {pos}: dark rim, light face"
    x1, y1 = gyul_tile_origin(1, top)
    x3, _ = gyul_tile_origin(3, top)
    x4, y4 = gyul_tile_origin(4, top)
    assert x3 > x1 and y4 > y1 and x4 == x1
    assert x1 - 0 == 400 - (x3 + GYUL_TILE), "the tiles are centred"
    assert pic.find("Gyul Hap, board 1 of 50", "text") is not None


def test_gyul_claimed_haps_are_listed() -> None:
    board = GyulBoard(tiles=tuple(block_from_code(c) for c in range(9)), claimed=((1, 2, 3), (4, 5, 6)))
    pic = Picture.of(board)
    assert pic.find("Claimed: 123, 456", "text") is not None


# ---------------------------------------------------------------- hap check


def test_check_draws_the_three_pieces_and_the_verdict() -> None:
    pieces = (piece_from_words("black red circle"), piece_from_words("gray red square"), piece_from_words("white red triangle"))
    reason = "colour: red, red, red — all the same, as every hap's colours must be when they are not all different"
    check = HapCheck(pieces=pieces, is_hap=True, reasons=(reason,))
    pic = Picture.of(check)
    gap = (400 - 2 * MARGIN - 3 * CHECK_TILE) // 2
    for i, piece in enumerate(pieces):
        x = MARGIN + i * (CHECK_TILE + gap)
        assert pic.at(x + CHECK_TILE // 2, MARGIN + CHECK_TILE // 2) == "red"
        assert isinstance(piece, Block)
        assert pic.at(x + 3, MARGIN + 3) == BLOCK_BG[piece.background]
    verdict = pic.find("✓ A hap", "good")
    assert verdict is not None and verdict.bold
    lines = [m for m in pic.marks if m.colour == "text" and m.text in reason]
    assert len(lines) >= 2 and " ".join(m.text for m in lines) == reason, "wrapped to fit 400 units"
    assert all(pic.shows(m) and pic.right(m) <= 400 - MARGIN for m in lines)
    assert all(pic.left(m) > pic.left(lines[0]) for m in lines[1:]), "the lines after the first hang"


def test_check_of_stars_says_set_and_not() -> None:
    pieces = (piece_from_words("yellow solid 4"), piece_from_words("blue hollow 5"), piece_from_words("white striped 5"))
    pic = Picture.of(HapCheck(pieces=pieces, is_hap=False))
    assert pic.find("✗ Not a set", "bad") is not None


# ---------------------------------------------------------------- any board


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(SQUARES), st.integers(0, 26)), max_size=25, unique_by=(lambda t: t[0], lambda t: t[1])),
    st.sampled_from(["htt", "wsa"]),
    st.sampled_from(["top", "bottom"]),
    st.randoms(use_true_random=False),
)
def test_any_board_shows_each_piece_where_it_is_and_not_by_insertion_order(
    placed: list[tuple[str, int]], variant: str, row_one: str, rnd: random.Random
) -> None:
    make = block_from_code if variant == "htt" else star_from_code
    cells = {sq: make(code) for sq, code in placed}
    lines = [t for t in (("A1", "B2", "C3"), ("A1", "A2", "A3"), ("C1", "C3", "C5"), ("E1", "C3", "A5")) if all(s in cells for s in t)]
    board = HapBoard(cells=cells, variant=variant, row_one=row_one, claimed=tuple(lines))  # type: ignore[arg-type]
    shuffled = list(cells.items())
    rnd.shuffle(shuffled)
    again = HapBoard(cells=dict(shuffled), variant=variant, row_one=row_one, claimed=tuple(lines))  # type: ignore[arg-type]
    data = draw_hap_board(board)
    assert same_pixels(draw_hap_board(again), data)
    pic = Picture(data)
    top = board_top(board)
    for square in SQUARES:
        cx, cy = square_centre(square, row_one, top)
        piece = cells.get(square)
        if piece is None:  # a point no claimed line (row, column or diagonal through the centre) reaches
            assert pic.at(cx - CELL // 2 + 3, cy - CELL // 2 + 12) == "panel", square
        elif isinstance(piece, Block):
            assert pic.at(cx, cy) == piece.colour, square
        else:
            assert pic.at(cx, cy) == (STAR[piece.colour] if piece.pattern == "solid" else pic.at(cx, cy)), square
            assert pic.at(cx, cy - round(star_radius(CELL)) + 3) == STAR[piece.colour], f"{square}: the top point"


def test_draw_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(TypeError) as err:
        draw("a board")  # type: ignore[arg-type]
    assert str(err.value) == "no image for str"
