"""How the canvas paints quickly: each quick way gives the pixels the plain way gives."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageDraw

from umpire.images import Canvas, HapCheck, Star, block_from_code, draw, haps, shapes, star_from_code
from umpire.images.canvas import COLOURS, SWATCH, _blend, painted
from umpire.images.text import FAMILIES, FONTS, QUARTERS, SCALE, _advance, font, quarters, runs, width

ROOT = Path(__file__).resolve().parents[2]
LEVELS = list(shapes.LEVEL)


def table_tags(font_file: bytes) -> set[str]:
    """The tables a TrueType file holds, from its table directory."""
    count = int.from_bytes(font_file[4:6], "big")
    return {font_file[12 + 16 * i : 16 + 16 * i].decode("latin-1") for i in range(count)}


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def at_scale(scale: int, width: int, height: int, bg: str = "bg") -> Canvas:
    token = SCALE.set(scale)
    try:
        return Canvas(width, height, bg)
    finally:
        SCALE.reset(token)


def pasted_in_turn(st_: shapes.Stack, under: str, colours: tuple[str, ...], masks: tuple[shapes.Placed, ...]) -> Image.Image:
    """What pasting each colour through its mask in turn gives, over the stack's box."""
    w, h = st_.index.size
    out = Image.new("RGB", (w, h), COLOURS[under])
    for colour, m in zip(colours, masks, strict=True):
        out.paste(
            COLOURS[colour], (m.left - st_.left, m.top - st_.top, m.left - st_.left + m.mask.width, m.top - st_.top + m.mask.height), m.mask
        )
    return out


@settings(max_examples=60, deadline=None)
@given(st.tuples(*[st.integers(0, 255)] * 3), st.tuples(*[st.integers(0, 255)] * 3), st.integers(0, 255))
def test_a_blend_is_rounded_as_pillow_rounds_a_colour_laid_through_a_mask(
    under: tuple[int, int, int], over: tuple[int, int, int], m: int
) -> None:
    image = Image.new("RGB", (1, 1), under)
    image.paste(over, (0, 0, 1, 1), Image.new("L", (1, 1), m))
    assert image.getpixel((0, 0)) == _blend(under, over, m)


@pytest.mark.parametrize("background", [True, False])
def test_a_stack_of_masks_paints_the_pixels_laying_each_mask_in_turn_gives(background: bool) -> None:
    size = 68 * 2
    whole = shapes.star(size, 5, 60.0)
    inset = shapes.star(size, 5, 60.0, 8.0)
    stripes = shapes.striped_star(size, 5, 60.0, 8.0, 10)
    masks = (whole, inset, stripes) if background else (inset, stripes)
    colours = ("star-yellow", "night", "star-yellow") if background else ("night", "star-yellow")
    stack = shapes.stack(masks, whole.box)
    assert same(painted(stack, "night", colours), pasted_in_turn(stack, "night", colours, masks))
    disc = shapes.Placed(shapes.disc(100), 0, 0)
    inner = shapes.Placed(shapes.disc(92), 4, 4)
    two = shapes.stack((disc, inner), disc.box)
    assert same(painted(two, "gray", ("ink", "red")), pasted_in_turn(two, "gray", ("ink", "red"), (disc, inner)))


def test_a_stack_holds_at_most_three_masks() -> None:
    m = shapes.Placed(shapes.disc(8), 0, 0)
    with pytest.raises(ValueError, match="at most 3 masks"):
        shapes.stack((m, m, m, m), m.box)


def test_every_mask_a_shape_makes_has_only_the_five_levels_a_stack_reads() -> None:
    made = [shapes.disc(37), shapes.star(90, 6, 40.0).mask, shapes.star(90, 4, 40.0, 6.0).mask, shapes.triangle(90, 80.0, 5.0).mask]
    made.append(shapes.striped_star(90, 5, 40.0, 6.0, 8).mask)
    made += [p.mask for p in shapes.polygon_mask(tuple(shapes.stroke(3.0, 7.0, 301.5, 250.0, 18.0)))]
    for mask in made:
        assert {v for _, v in mask.getcolors(256) or ()} <= set(LEVELS)


def test_a_piece_laid_from_its_tile_is_the_piece_painted_mask_by_mask() -> None:
    for code in (0, 4, 8, 13, 22):  # circles, squares and triangles on every background
        block = block_from_code(code)
        for background in (True, False):
            tiled = at_scale(2, 68, 68, "panel")
            haps.draw_block(tiled, 0, 0, 68, block, background=background)
            plain = at_scale(2, 68, 68, "panel")
            paint_block_plainly(plain, block, background)
            assert same(tiled.image, plain.image), (block, background)


def paint_block_plainly(cv: Canvas, block: haps.Block, background: bool) -> None:
    """A block drawn the slow way: every mask pasted onto the canvas in turn."""
    size, s = 68, cv.scale
    edge = haps.outline_colour(block.background)
    if background:
        cv.rect(0, 0, size, size, haps.background_colour(block))
    t = max(2, size // 30)
    if block.shape == "square":
        side = haps._square_side(size)
        o = (size - side) // 2
        cv.rect(o, o, o + side, o + side, edge)
        cv.rect(o + t, o + t, o + side - t, o + side - t, block.colour)
    else:
        outline = haps._outline(block.shape, size, s)
        cv.shape(outline, 0, 0, edge)
        if block.shape == "circle":
            inner = shapes.Placed(shapes.disc(outline.mask.width - 2 * t * s), outline.left + t * s, outline.top + t * s)
        else:
            inner = shapes.triangle(size * s, round(size * 0.88) * s, float(t * s))
        cv.shape(inner, 0, 0, block.colour)
    cv.text_centred(size / 2, size * 0.56, haps.LETTER[block.colour], haps._LETTER_INK[block.colour], haps.letter_size(size), bold=True)


def test_a_star_laid_from_its_tile_is_the_star_painted_mask_by_mask() -> None:
    for code in range(0, 27, 4):
        star = star_from_code(code)
        tiled = at_scale(2, 68, 68, "night")
        haps.draw_star(tiled, 0, 0, 68, star, background=False)
        plain = at_scale(2, 68, 68, "night")
        paint_star_plainly(plain, star)
        assert same(tiled.image, plain.image), star


def paint_star_plainly(cv: Canvas, star: Star) -> None:
    size, s = 68, cv.scale
    colour = haps.STAR_COLOUR[star.colour]
    r, t = haps.star_radius(size) * s, max(3.0, size / 17) * s
    cv.shape(shapes.star(size * s, star.points, r), 0, 0, colour)
    if star.pattern != "solid":
        cv.shape(shapes.star(size * s, star.points, r, t), 0, 0, "night")
        if star.pattern == "striped":
            cv.shape(shapes.striped_star(size * s, star.points, r, t, max(4, size // 12) * s), 0, 0, colour)
    cv.text(4, 4, haps.LETTER[star.colour], "text", haps.letter_size(size), bold=True)


def test_a_colour_through_a_large_mask_is_laid_as_a_swatch_with_the_same_pixels() -> None:
    mask = Image.new("L", (60, 40))
    ImageDraw.Draw(mask).ellipse((0, 0, 59, 39), fill=128)
    ImageDraw.Draw(mask).ellipse((10, 5, 49, 34), fill=255)
    assert mask.width * mask.height > SWATCH
    cv = at_scale(1, 80, 60)
    cv.rect(0, 0, 40, 60, "red")
    plain = cv.image.copy()
    cv.mask(mask, 10, 10, "gold")
    plain.paste(COLOURS["gold"], (10, 10, 70, 50), mask)
    assert same(cv.image, plain)


def test_a_level_or_plumb_stroke_on_whole_pixels_is_filled_with_the_pixels_its_mask_gives() -> None:
    for x0, y0, x1, y1, w in ((10.5, 10.5, 10.5, 90.5, 9.0), (5.5, 40.5, 95.5, 40.5, 5.0), (20, 20, 80, 20, 4.0)):
        quick = at_scale(2, 100, 100)
        quick.line(x0, y0, x1, y1, w, "mark")
        slow = at_scale(2, 100, 100)
        for m in shapes.polygon_mask(tuple((x * 2, y * 2) for x, y in shapes.stroke(x0, y0, x1, y1, w))):
            slow.shape(m, 0, 0, "mark")
        assert same(quick.image, slow.image)


def test_a_frame_drawn_in_one_call_is_its_four_sides() -> None:
    quick = at_scale(2, 60, 60)
    quick.frame(5, 6, 55, 50, 2, "last")
    sides = at_scale(2, 60, 60)
    for box in ((5, 6, 55, 8), (5, 48, 55, 50), (5, 8, 7, 48), (53, 8, 55, 48)):
        sides.rect(*box, "last")
    assert same(quick.image, sides.image)


def test_text_coverage_is_rounded_to_the_nearest_quarter() -> None:
    every = Image.frombytes("L", (256, 1), bytes(range(256)))
    assert list(quarters(every).tobytes()) == [QUARTERS[(v * 4 + 127) // 255] for v in range(256)]


def test_a_texts_width_is_the_sum_of_its_characters_so_lines_are_measured_word_by_word() -> None:
    samples = ["Hedger the Great", "Zoë, Łukasz: Ярослав — 17/2 (8.5)", "유나 님 반가워요", "AV To Ty LT Yo ff r,", "✓ ✗ × − · …"]
    for bold in (False, True):
        for px in (15, 28, 30, 44):
            for text in samples:
                whole = sum(font(fam, px, bold).getlength(run) for run, fam in runs(text, bold))  # each run measured at once
                assert _advance(text, px, bold) == whole, (text, px, bold)
    for files in FAMILIES:  # what makes it so: no kerning table, which Pillow's basic layout would read
        for file in files:
            assert "kern" not in table_tags((FONTS / file).read_bytes()), file
    assert width("Zoë Łukasz", 15) == width("Zoë", 15) + width(" ", 15) + width("Łukasz", 15)


def test_a_picture_is_saved_with_pillows_png_writer_alone() -> None:
    check = HapCheck(pieces=(block_from_code(0), block_from_code(1), block_from_code(2)), is_hap=False)
    assert draw(check)[:8] == b"\x89PNG\r\n\x1a\n"
    code = (
        "import sys; from umpire.images import HapCheck, block_from_code, draw;"
        "draw(HapCheck(pieces=(block_from_code(0), block_from_code(1), block_from_code(2)), is_hap=False));"
        "print(sorted(m for m in sys.modules if m.endswith('ImagePlugin')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "['PIL.PngImagePlugin']", "no BMP, GIF, JPEG or PPM plugin loaded to write a PNG"


def test_texts_drawn_together_are_the_pixels_each_drawn_alone_gives() -> None:
    from umpire.images import text

    texts = ["A", "B", "E", "1", "5", "R", "Ярослав", "Zoë", "17/2 (8.5)", "−", "✓ solved", "W"]
    text.forget()
    text.prepare(texts, 22, bold=True)
    together = {t: text.render(t, 44, True) for t in texts}
    assert len(text._RENDERED) == len(texts), "all drawn by the one call"
    for t in texts:
        alone = text._draw(t, 44, True)
        got = together[t]
        assert same(got.mask, alone.mask) and (got.left, got.top, got.advance) == (alone.left, alone.top, alone.advance), t
    text.prepare(["유나", "Ana🙂", "A"], 22, bold=True)  # two fonts, a character of another font, one already drawn: left to `render`
    assert text.key("유나", 44, True) not in text._RENDERED and text.key("Ana🙂", 44, True) not in text._RENDERED
    with text.setting(system=False):
        text.prepare(["Ana🙂", "一"], 22, bold=True)  # a missing character (a box) and one alone: left to `render`
        assert text.key("Ana🙂", 44, True) not in text._RENDERED and text.key("一", 44, True) not in text._RENDERED
