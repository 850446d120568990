"""Reading the images back: decode with Pillow, name the colour at a pixel, compare a region with the font."""

from __future__ import annotations

import io

from PIL import Image

from umpire.images import font
from umpire.images.canvas import PALETTE

_NAMES = {rgb: name for name, rgb in reversed(PALETTE)}  # the first name wins where two share a colour


class Picture:
    """A decoded PNG (decoded by Pillow, not by umpire), read as palette colour names."""

    def __init__(self, png: bytes) -> None:
        with Image.open(io.BytesIO(png)) as im:
            assert im.format == "PNG"
            self.image = im.convert("RGB")
        self.width, self.height = self.image.size
        px = self.image.load()
        assert px is not None
        self._px = px

    def at(self, x: int, y: int) -> str:
        """The palette name of the pixel's colour (an unknown colour is an assertion failure)."""
        rgb = self._px[x, y]
        assert rgb in _NAMES, f"pixel ({x}, {y}) is {rgb}, not a palette colour"
        return _NAMES[rgb]

    def glyph_at(self, x: int, y: int, ch: str, scale: int, ink: str) -> bool:
        """Whether the font's glyph for `ch` is drawn with its top-left corner at (x, y): every
        pixel of every inked unit of the bitmap is `ink`, and the centre pixel of every blank
        unit is not. The descender rows count only for a glyph that reaches into them."""
        for r, row in enumerate(font.glyph(ch)):
            if r >= font.CAP and "#" not in row:
                continue
            for c, bit in enumerate(row):
                x0, y0 = x + c * scale, y + r * scale
                if bit == "#":
                    for py in range(y0, y0 + scale):
                        for px in range(x0, x0 + scale):
                            if not (0 <= px < self.width and 0 <= py < self.height) or self.at(px, py) != ink:
                                return False
                else:
                    px, py = x0 + scale // 2, y0 + scale // 2
                    if 0 <= px < self.width and 0 <= py < self.height and self.at(px, py) == ink:
                        return False
        return True

    def text_at(self, x: int, y: int, text: str, scale: int, ink: str) -> bool:
        """Whether `text` is drawn from (x, y), glyph by glyph."""
        return all(self.glyph_at(x + i * font.ADVANCE * scale, y, ch, scale, ink) for i, ch in enumerate(font.plain(text)))

    def find_text(self, text: str, scale: int, ink: str) -> tuple[int, int] | None:
        """Where `text` is drawn (its top-left corner), trying every position; None if nowhere."""
        first = font.glyph(font.plain(text)[0])
        r0, c0 = next((r, c) for r, row in enumerate(first) for c, bit in enumerate(row) if bit == "#")
        for y in range(self.height):
            for x in range(self.width - font.width(text, scale) + 1):
                px, py = x + c0 * scale, y + r0 * scale
                if py < self.height and self.at(px, py) == ink and self.text_at(x, y, text, scale, ink):
                    return x, y
        return None

    def count(self, colour: str, box: tuple[int, int, int, int]) -> int:
        """How many pixels of the box [x0, x1) x [y0, y1) are `colour`."""
        x0, y0, x1, y1 = box
        return sum(self.at(x, y) == colour for y in range(y0, y1) for x in range(x0, x1))
