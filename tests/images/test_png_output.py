"""The PNG a picture is saved as: Pillow's palette PNG holding every drawn colour (to within 3 of 255)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageOps

from umpire.games.choice.drawing import GyulBoard
from umpire.games.haptactoe.drawing import SQUARES, HapBoard
from umpire.images import Canvas, Standings, block_from_code, render, star_from_code
from umpire.images.canvas import PALETTE
from umpire.images.text import SCALE

from .support import decode

VALUES = [
    HapBoard(cells={sq: block_from_code(i) for i, sq in enumerate(SQUARES)}, claimed=(("A1", "B2", "C3"),), last="E5", title="Zoë's board"),
    HapBoard(cells={sq: star_from_code(i) for i, sq in enumerate(SQUARES)}, variant="wsa", title="유나"),
    GyulBoard(tiles=tuple(block_from_code(c) for c in range(9, 18))),
    Standings(title="Ярослав", columns=("player", "score"), rows=(("Łukasz", "3"), ("Ana 🙂", "-1"))),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_the_png_holds_the_drawn_pixels_rounded_down_to_a_multiple_of_4(value: object) -> None:
    cv = render(value)  # type: ignore[arg-type]
    with Image.open(io.BytesIO(cv.png())) as im:
        assert im.mode == "P", "a palette PNG"
        pixels = im.convert("RGB")
    assert ImageChops.difference(pixels, ImageOps.posterize(cv.image, 6)).getbbox() is None


def test_every_named_colour_is_kept_exactly() -> None:
    assert all(c % 4 == 0 for _, rgb in PALETTE for c in rgb)


def test_a_picture_with_more_colours_than_a_palette_holds_is_still_saved_whole() -> None:
    token = SCALE.set(1)
    try:
        cv = Canvas(40, 40)
    finally:
        SCALE.reset(token)
    cv.image.putdata([((i * 4) % 256, (i // 64 * 4) % 256, 128) for i in range(40 * 40)])  # 1,600 colours
    pixels = decode(cv.png())
    assert pixels.size == (40, 40)
    worst = max(hi for _, hi in ImageChops.difference(pixels, cv.image).getextrema())
    assert worst < 64, "the quantizer keeps each colour close"


def test_a_compression_level_changes_the_bytes_never_the_pixels() -> None:
    cv = render(VALUES[0])  # type: ignore[arg-type]
    fast, small = cv.png(compress_level=1), cv.png(compress_level=9)
    assert len(small) < len(fast)
    assert ImageChops.difference(decode(fast), decode(small)).getbbox() is None
