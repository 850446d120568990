"""The drawing surface: a Pillow image laid out in units, drawn at `SCALE` pixels per unit.

Every picture is laid out 400 units wide (Discord's preview width) and drawn at two pixels a unit
(800 pixels), so that it stays sharp where a phone or a click enlarges it. Rectangles fall on
whole pixels; shapes are anti-aliased masks (see `umpire.images.shapes`); text is drawn with the
bundled fonts (see `umpire.images.text`). Colours are named; `PALETTE` gives their RGB values.
The canvas also keeps a list of the texts it drew and where (`marks`), which tests read back.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import (
    Image,
    ImageDraw,
    ImageOps,
    PngImagePlugin,  # noqa: F401 - the PNG writer, imported here: see `_PngBuffer`
)

from umpire.images import shapes, text

# name -> RGB. Every value is a multiple of 4, as `Canvas.png` keeps colours (see there).
PALETTE: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("bg", (36, 40, 48)),  # the image's own background, a dark slate
    ("panel", (48, 56, 64)),  # bands and empty squares
    ("edge", (92, 100, 116)),  # thin lines around squares and cells
    ("text", (236, 240, 240)),
    ("dim", (156, 164, 172)),
    ("ink", (20, 20, 20)),  # black: Hap-Tac-Toe background, outlines, dark letters
    ("gray", (144, 144, 144)),
    ("white", (244, 244, 244)),
    ("red", (224, 48, 48)),
    ("yellow", (244, 196, 0)),
    ("blue", (48, 112, 228)),
    ("night", (16, 20, 44)),  # When Stars Align: an occupied square
    ("star-yellow", (252, 212, 60)),
    ("star-blue", (76, 172, 248)),
    ("star-white", (248, 248, 252)),
    ("mark", (252, 60, 156)),  # claimed lines
    ("last", (252, 168, 76)),  # the square placed last
    ("card", (252, 252, 244)),  # card faces
    ("card-red", (200, 40, 40)),
    ("card-green", (48, 124, 52)),
    ("card-blue", (20, 100, 192)),
    ("back", (108, 28, 44)),  # card backs
    ("back-pattern", (152, 52, 68)),
    ("good", (64, 192, 88)),  # a hap / a solve
    ("bad", (252, 84, 84)),  # not a hap
    ("head", (60, 68, 80)),  # table header band
    ("gold", (252, 200, 92)),  # targets and scores
    ("faded", (120, 128, 136)),  # a card that does not count
)
COLOURS = dict(PALETTE)
# zlib's level for a picture's PNG, by its size: zlib's default (6) where that is quick, and its fast
# level (3: ~15% larger, ~40% less time) for a picture of more than `BIG` pixels, a full board, so
# that drawing one stays under 15 ms. Level 9 would save another 15% at 5-10 times the time.
COMPRESS_LEVEL = 6
COMPRESS_LEVEL_BIG = 3
BIG = 400_000
KEPT = 128  # a picture of more than 256 colours: at most this many of its commonest kept exactly (see `Canvas.png`)
SWATCH = 1200  # pixels: see `Canvas._paint`
Point = tuple[float, float]


def _blend(under: tuple[int, int, int], over: tuple[int, int, int], m: int) -> tuple[int, int, int]:
    """`over` laid on `under` with coverage `m` (0-255), rounded as Pillow rounds it when it pastes a colour through a mask."""
    out = []
    for a, b in zip(under, over, strict=True):
        t = a * (255 - m) + b * m + 128
        out.append((t + (t >> 8)) >> 8)
    return out[0], out[1], out[2]


def painted(st: shapes.Stack, under: str, colours: tuple[str, ...]) -> Image.Image:
    """A stack of masks painted in `colours` (one a mask, in order) on `under`, as an RGB picture of
    the stack's box: the pixels pasting each colour through its mask in turn gives, made by one
    palette lookup (see `shapes.Stack`)."""
    palette = bytearray(768)
    for index, coverage in st.coverage:
        rgb = COLOURS[under]
        for colour, m in zip(colours, coverage, strict=True):
            rgb = _blend(rgb, COLOURS[colour], m)
        palette[3 * index : 3 * index + 3] = bytes(rgb)
    out = st.index.copy()
    out.putpalette(palette)
    return out.convert("RGB")


@dataclass(frozen=True)
class TextMark:
    """Where a text was drawn: its origin (left end of the baseline) in pixels, font size in pixels."""

    text: str
    x: int
    baseline: int
    px: int
    bold: bool
    colour: str


@dataclass(frozen=True)
class Tile:
    """Part of a canvas kept to be laid on others (a piece drawn once, laid wherever it stands):
    its pixels, the mask they are laid through (None: laid whole), where they go in pixels from
    the point it is laid at, and the texts drawn on it (positions from that point)."""

    image: Image.Image
    mask: Image.Image | None
    left: int
    top: int
    marks: tuple[TextMark, ...]


class Canvas:
    """A `width` x `height` picture in layout units, all `bg` to start with."""

    def __init__(self, width: int, height: int, bg: str = "bg") -> None:
        """A blank canvas at the current scale."""
        self.scale = s = text.SCALE.get()
        self.width = width
        self.height = height
        self.image = Image.new("RGB", (width * s, height * s), COLOURS[bg])
        self.pen = ImageDraw.Draw(self.image)
        self.marks: list[TextMark] = []

    def _paint(self, colour: str, left: int, top: int, mask: Image.Image) -> None:
        """`colour` through an alpha mask whose top-left corner is at pixel (left, top).

        Pillow lays a picture through a mask in about half the time it lays a colour through one
        (the same pixels), so a mask of more than `SWATCH` pixels gets a swatch of the colour; a
        smaller one, where making the swatch would cost more than it saves, the colour itself.
        """
        if mask.width * mask.height > SWATCH:
            self.image.paste(Image.new("RGB", mask.size, COLOURS[colour]), (left, top), mask)
        else:
            self.image.paste(COLOURS[colour], (left, top, left + mask.width, top + mask.height), mask)

    def cut(self, box: tuple[int, int, int, int] | None = None, mask: Image.Image | None = None) -> Tile:
        """This canvas (the pixels in `box`, by default all of them) as a tile to lay on others
        through `mask` (the size of the box; None: whole)."""
        left, top, right, bottom = box or (0, 0, self.image.width, self.image.height)
        if mask is not None and mask.size != (right - left, bottom - top):
            raise ValueError(f"a tile's mask is {mask.size}, its box {right - left}x{bottom - top}")
        return Tile(self.image.crop((left, top, right, bottom)), mask, left, top, tuple(self.marks))

    def stamp(self, tile: Tile, x: float, y: float) -> None:
        """Lay a tile (cut from a canvas at the same scale) with its canvas's top-left corner at (x, y)."""
        left, top = round(x * self.scale), round(y * self.scale)
        self.image.paste(tile.image, (left + tile.left, top + tile.top), tile.mask)
        self.marks += [TextMark(m.text, m.x + left, m.baseline + top, m.px, m.bold, m.colour) for m in tile.marks]

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour: str) -> None:
        """Fill the rectangle [x0, x1) x [y0, y1)."""
        s = self.scale
        a, b, c, d = round(x0 * s), round(y0 * s), round(x1 * s), round(y1 * s)
        if a < c and b < d:
            self.pen.rectangle((a, b, c - 1, d - 1), fill=COLOURS[colour])

    def frame(self, x0: float, y0: float, x1: float, y1: float, thickness: float, colour: str) -> None:
        """A border `thickness` units wide just inside the rectangle [x0, x1) x [y0, y1)."""
        s = self.scale
        a, b, c, d, w = (round(v * s) for v in (x0, y0, x1, y1, thickness))
        if all(v * s == round(v * s) for v in (x0, y0, x1, y1, thickness)) and 0 < 2 * w <= min(c - a, d - b):
            self.pen.rectangle((a, b, c - 1, d - 1), outline=COLOURS[colour], width=w)  # the four sides in one call
            return
        t = thickness
        self.rect(x0, y0, x1, y0 + t, colour)
        self.rect(x0, y1 - t, x1, y1, colour)
        self.rect(x0, y0 + t, x0 + t, y1 - t, colour)
        self.rect(x1 - t, y0 + t, x1, y1 - t, colour)

    def mask(self, mask: Image.Image, x: float, y: float, colour: str) -> None:
        """Paint `colour` through an alpha mask whose top-left corner is at (x, y) units."""
        self._paint(colour, round(x * self.scale), round(y * self.scale), mask)

    def shape(self, placed: shapes.Placed, x: float, y: float, colour: str) -> None:
        """Paint `colour` through a placed mask, its place counted in pixels from (x, y) units."""
        self._paint(colour, round(x * self.scale) + placed.left, round(y * self.scale) + placed.top, placed.mask)

    def stack(self, st: shapes.Stack, x: float, y: float, under: str, colours: tuple[str, ...]) -> None:
        """Paint a stack of masks in `colours` (one a mask, in order) over its box, counted in pixels
        from (x, y) units, where the canvas is all `under`: the pixels painting each mask in turn
        would give (see `painted`)."""
        self.image.paste(painted(st, under, colours), (round(x * self.scale) + st.left, round(y * self.scale) + st.top))

    def polygon(self, points: Sequence[Point], colour: str) -> None:
        """A filled polygon, anti-aliased; points in units. An upright rectangle whose corners fall
        on whole pixels (a level or plumb stroke, as most claimed lines are) has no edge to smooth:
        it is filled as a rectangle, the same pixels at a fraction of the cost."""
        if len(points) < 3:
            return
        s = self.scale
        pixels = tuple((x * s, y * s) for x, y in points)
        xs, ys = sorted({x for x, _ in pixels}), sorted({y for _, y in pixels})
        upright = all((a[0] == b[0]) != (a[1] == b[1]) for a, b in zip(pixels, pixels[1:] + pixels[:1], strict=True))
        if len(pixels) == 4 and upright and len(xs) == len(ys) == 2 and all(v == int(v) for v in (*xs, *ys)):
            self.pen.rectangle((int(xs[0]), int(ys[0]), int(xs[1]) - 1, int(ys[1]) - 1), fill=COLOURS[colour])
            return
        for m in shapes.polygon_mask(pixels):
            self._paint(colour, m.left, m.top, m.mask)

    def line(self, x0: float, y0: float, x1: float, y1: float, width: float, colour: str) -> None:
        """A straight stroke `width` units wide with square ends, anti-aliased."""
        self.polygon(shapes.stroke(x0, y0, x1, y1, width), colour)

    def text(self, x: float, y: float, words: str, colour: str = "text", size: float = 15, *, bold: bool = False) -> float:
        """Draw `words` with the top of its capitals at (x, y); returns the x just after it."""
        s = self.scale
        px = text.pixels(size)
        r = text.render(words, px, bold)
        ox, base = round(x * s), round((y + text.cap(size)) * s)
        if words:
            self._paint(colour, ox + r.left, base + r.top, r.mask)
            if r.colour is not None:  # emoji, in their own colours
                self.image.paste(r.colour.convert("RGB"), (ox + r.left, base + r.top), r.colour.getchannel("A"))
            self.marks.append(TextMark(words, ox, base, px, bold, colour))
        return x + r.advance / s

    def text_centred(self, cx: float, y: float, words: str, colour: str = "text", size: float = 15, *, bold: bool = False) -> None:
        """Draw `words` centred on column `cx`."""
        self.text(cx - text.width(words, size, bold) / 2, y, words, colour, size, bold=bold)

    def text_right(self, x1: float, y: float, words: str, colour: str = "text", size: float = 15, *, bold: bool = False) -> None:
        """Draw `words` ending at column `x1`."""
        self.text(x1 - text.width(words, size, bold), y, words, colour, size, bold=bold)

    def png(self, compress_level: int | None = None) -> bytes:
        """The picture as PNG bytes, written by Pillow.

        A palette PNG, a third the size of a full-colour one: every channel is rounded down to a
        multiple of 4 (a change no eye sees; the named colours already are), which leaves the
        flat colours and some blends at their edges, nearly always at most 256 of them, and each
        pixel gets its rounded colour's entry. Pillow's palette lookup goes by those same rounded
        values, so it is exact, and it can start from the picture as drawn when that has at most
        256 colours itself (saving the rounding pass). A picture with more colours than a palette
        holds (an emoji in its own colours) keeps its commonest exactly (each a thousandth of the
        picture or more, at most `KEPT`: the named colours), Pillow's quantizer picks the rest of
        the palette, and each pixel gets the nearest entry. zlib's level is `compress_level`
        if given, else chosen by the picture's size (see `COMPRESS_LEVEL`).
        """
        im = self.image
        colours = im.getcolors(256)
        if colours is None:
            im = ImageOps.posterize(im, 6)
            colours = im.getcolors(256) or im.getcolors(im.width * im.height)
        counts: dict[tuple[int, int, int], int] = {}
        for n, (r, g, b) in colours or ():  # type: ignore[misc]
            key = (r & 0xFC, g & 0xFC, b & 0xFC)
            counts[key] = counts.get(key, 0) + n
        ranked = [rgb for rgb, _ in sorted(counts.items(), key=lambda e: (-e[1], e[0]))]
        if len(ranked) > 256:  # the common colours exactly; the quantizer's choice for the rest
            common = [rgb for rgb in ranked[:KEPT] if counts[rgb] * 1000 >= im.width * im.height]
            spread = im.quantize(256 - len(common), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).getpalette() or []
            ranked = common + [tuple(spread[i : i + 3]) for i in range(0, 3 * (256 - len(common)), 3)]  # type: ignore[misc]
        palette = Image.new("P", (1, 1))
        palette.putpalette([c for rgb in ranked for c in rgb])
        pal = im.quantize(palette=palette, dither=Image.Dither.NONE)
        out = _PngBuffer()
        if compress_level is None:
            compress_level = COMPRESS_LEVEL if im.width * im.height <= BIG else COMPRESS_LEVEL_BIG
        pal.save(out, compress_level=compress_level)
        return out.getvalue()


class _PngBuffer(io.BytesIO):
    """Bytes in memory that Pillow writes as a PNG, knowing the format from the name. Told
    `format="PNG"`, Pillow loads its five commonest format plugins on the first save (BMP, GIF,
    JPEG, PPM and PNG: ~5 ms of the first picture a process draws); from a name ending in .png it
    uses the PNG plugin alone, imported with this module."""

    name = "picture.png"
