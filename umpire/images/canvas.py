"""The drawing surface: one palette index per pixel, filled by horizontal spans.

Every image is built from spans (a row and a half-open run of columns), so what is drawn
is decided by integer arithmetic alone and comes out the same pixels on any machine; no
antialiasing. Colours are named; `PALETTE` fixes their order (and so the PNG's palette).
"""

from __future__ import annotations

from collections.abc import Iterable

from umpire.images import font, png
from umpire.images.shapes import Span, Spans

# name -> RGB. The order is part of every image's bytes: add new colours at the end.
PALETTE: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("bg", (35, 39, 46)),  # the image's own background, a dark slate
    ("panel", (48, 54, 64)),  # bands and empty squares
    ("edge", (92, 101, 114)),  # thin lines around squares and cells
    ("text", (236, 238, 241)),
    ("dim", (154, 163, 173)),
    ("ink", (20, 20, 20)),  # black: Hap-Tac-Toe background, outlines, dark letters
    ("gray", (143, 143, 143)),
    ("white", (244, 244, 244)),
    ("red", (224, 49, 49)),
    ("yellow", (245, 196, 0)),
    ("blue", (47, 111, 228)),
    ("night", (16, 21, 42)),  # When Stars Align: an occupied square
    ("star-yellow", (255, 212, 59)),
    ("star-blue", (77, 171, 247)),
    ("star-white", (248, 249, 250)),
    ("mark", (255, 61, 154)),  # claimed lines
    ("last", (255, 169, 77)),  # the square placed last
    ("card", (251, 250, 245)),  # card faces
    ("card-red", (198, 40, 40)),
    ("card-green", (46, 125, 50)),
    ("card-blue", (21, 101, 192)),
    ("back", (107, 29, 42)),  # card backs
    ("back-pattern", (150, 52, 68)),
    ("good", (64, 192, 87)),  # a hap / a solve
    ("bad", (250, 82, 82)),  # not a hap
    ("head", (59, 67, 80)),  # table header band
    ("gold", (250, 200, 90)),  # targets and scores
    ("faded", (120, 126, 134)),  # a card that does not count
)
COLOURS = dict(PALETTE)
INDEX = {name: i for i, (name, _) in enumerate(PALETTE)}
assert len(PALETTE) <= png.MAX_COLOURS


class Canvas:
    """A `width` x `height` image, all `bg` to start with."""

    def __init__(self, width: int, height: int, bg: str = "bg") -> None:
        """A blank canvas."""
        self.width = width
        self.height = height
        self.px = bytearray([INDEX[bg]]) * (width * height)

    def rect(self, x0: int, y0: int, x1: int, y1: int, colour: str) -> None:
        """Fill the rectangle [x0, x1) x [y0, y1), clipped to the canvas."""
        x0, x1 = max(0, x0), min(self.width, x1)
        y0, y1 = max(0, y0), min(self.height, y1)
        if x0 >= x1 or y0 >= y1:
            return
        run = bytes([INDEX[colour]]) * (x1 - x0)
        w = self.width
        for y in range(y0, y1):
            self.px[y * w + x0 : y * w + x1] = run

    def frame(self, x0: int, y0: int, x1: int, y1: int, thickness: int, colour: str) -> None:
        """A border `thickness` pixels wide just inside the rectangle [x0, x1) x [y0, y1)."""
        t = thickness
        self.rect(x0, y0, x1, y0 + t, colour)
        self.rect(x0, y1 - t, x1, y1, colour)
        self.rect(x0, y0 + t, x0 + t, y1 - t, colour)
        self.rect(x1 - t, y0 + t, x1, y1 - t, colour)

    def spans(self, spans: Iterable[Span], dx: int, dy: int, colour: str) -> None:
        """Fill spans shifted by (dx, dy), clipped to the canvas."""
        w, h = self.width, self.height
        px = self.px
        fill = memoryview(bytes([INDEX[colour]]) * w)
        if isinstance(spans, Spans) and spans.left + dx >= 0 and spans.right + dx <= w and spans.top + dy >= 0 and spans.bottom + dy <= h:
            base = dy * w + dx  # all inside: no clipping
            for y, a, b in spans:
                o = base + y * w
                px[o + a : o + b] = fill[: b - a]
            return
        for y, x0, x1 in spans:
            y += dy
            if y < 0 or y >= h:
                continue
            a = x0 + dx
            b = x1 + dx
            if a < 0:
                a = 0
            if b > w:
                b = w
            if a < b:
                row = y * w
                px[row + a : row + b] = fill[: b - a]

    def text(self, x: int, y: int, text: str, colour: str = "text", scale: int = 2) -> int:
        """Draw `text` with its top-left corner at (x, y); returns the x just after it."""
        for ch in font.plain(text):
            self.spans(font.spans(ch, scale), x, y, colour)
            x += font.ADVANCE * scale
        return x - scale

    def text_centred(self, cx: int, y: int, text: str, colour: str = "text", scale: int = 2) -> None:
        """Draw `text` centred on column `cx`."""
        self.text(cx - font.width(text, scale) // 2, y, text, colour, scale)

    def text_right(self, x1: int, y: int, text: str, colour: str = "text", scale: int = 2) -> None:
        """Draw `text` ending at column `x1`."""
        self.text(x1 - font.width(text, scale), y, text, colour, scale)

    def colour_at(self, x: int, y: int) -> str:
        """The colour name at a pixel."""
        return PALETTE[self.px[y * self.width + x]][0]

    def png(self) -> bytes:
        """The canvas as PNG bytes (see `umpire.images.png`)."""
        used = next(i + 1 for i in range(len(PALETTE) - 1, -1, -1) if i in self.px)
        return png.encode(self.width, self.height, [rgb for _, rgb in PALETTE[:used]], self.px)
