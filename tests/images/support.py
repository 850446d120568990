"""Reading the pictures back: decode with Pillow, name the colour at a point, check a text is drawn.

Points are in layout units (the picture is 400 units wide); a unit is `scale` pixels, and a point
is read at the pixel nearest the middle of its unit. A text is found by where the canvas says it
drew it, and checked against the decoded pixels there.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageChops, ImageOps

from umpire.images import SCALE, Drawable, render
from umpire.images import text as fonts
from umpire.images.canvas import COLOURS, TextMark

_UNUSED = (1, 2, 3)  # a colour no picture uses (not a multiple of 4)
PAPER = 1  # pixels of paper read around a text's mask (cut to its ink), where its background shows
_NAMES = {rgb: name for name, rgb in reversed(COLOURS.items())}  # the first name wins where two share a colour


def decode(png: bytes) -> Image.Image:
    """A PNG's pixels as RGB, decoded by Pillow (not by umpire)."""
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"
        return im.convert("RGB")


def far_apart(a: Image.Image, b: Image.Image) -> int:
    """How many pixels are inked in one mask and bare in the other (differ by more than half), the
    two laid at the same top-left corner."""
    w, h = max(a.width, b.width), max(a.height, b.height)
    wa, wb = Image.new("L", (w, h)), Image.new("L", (w, h))
    wa.paste(a, (0, 0))
    wb.paste(b, (0, 0))
    return sum(ImageChops.difference(wa, wb).point([0] * 128 + [1] * 128).histogram()[1:])


def same_pixels(a: bytes, b: bytes) -> bool:
    """Whether two PNGs hold the same picture, pixel for pixel (whatever their bytes)."""
    pa, pb = decode(a), decode(b)
    return pa.size == pb.size and ImageChops.difference(pa, pb).getbbox() is None


class Picture:
    """A decoded PNG, read in layout units as palette colour names, with the texts drawn on it."""

    def __init__(self, png: bytes, marks: Sequence[TextMark] = (), scale: int = SCALE) -> None:
        self.png = png
        self.image = decode(png)
        self.scale = scale
        self.marks = list(marks)
        w, h = self.image.size
        assert w % scale == 0 and h % scale == 0, f"{w}x{h} is not a whole number of units at scale {scale}"
        self.width, self.height = w // scale, h // scale
        px = self.image.load()
        assert px is not None
        self._px = px

    @classmethod
    def of(cls, value: Drawable, scale: int = SCALE) -> Picture:
        """Draw `value` and read it back."""
        cv = render(value, scale=scale)
        return cls(cv.png(), cv.marks, scale)

    def rgb(self, x: float, y: float) -> tuple[int, int, int]:
        s = self.scale
        return self._px[int(x * s + s // 2), int(y * s + s // 2)]  # type: ignore[return-value]

    def at(self, x: float, y: float) -> str:
        """The palette name of the colour at (x, y) units; a blend of two (an edge) reads as `blend`."""
        return _NAMES.get(self.rgb(x, y), "blend")

    def count(self, colour: str, box: tuple[float, float, float, float]) -> int:
        """How many pixels of the box [x0, x1) x [y0, y1) units are `colour`."""
        s = self.scale
        x0, y0, x1, y1 = (round(v * s) for v in box)
        crop = self.image.crop((x0, y0, x1, y1))
        want = COLOURS[colour]
        return sum(n for n, rgb in crop.getcolors(crop.width * crop.height) or () if rgb == want)

    # ------------------------------------------------------------ texts

    def texts(self) -> list[str]:
        """Every text drawn, in the order drawn."""
        return [m.text for m in self.marks]

    def find(self, text: str, colour: str | None = None) -> TextMark | None:
        """The first place `text` was drawn (in `colour`, if given) whose pixels show it, or None."""
        for m in self.marks:
            if m.text == text and (colour is None or m.colour == colour) and self.shows(m):
                return m
        return None

    def left(self, mark: TextMark) -> float:
        """Where a text starts, in units."""
        return mark.x / self.scale

    def right(self, mark: TextMark) -> float:
        """Where a text ends, in units."""
        return (mark.x + fonts.render(mark.text, mark.px, mark.bold).advance) / self.scale

    def top(self, mark: TextMark) -> float:
        """The top of a text's capitals, in units."""
        return mark.baseline / self.scale - fonts.cap(mark.px / self.scale)

    def region(self, mark: TextMark) -> tuple[int, int, int, int]:
        """The pixels a text's ink may cover (its mask's box), and a pixel of paper all round."""
        r = fonts.render(mark.text, mark.px, mark.bold)
        x, y = mark.x + r.left, mark.baseline + r.top
        return x - PAPER, y - PAPER, x + r.mask.width + PAPER, y + r.mask.height + PAPER

    def background(self, mark: TextMark) -> tuple[int, int, int]:
        """What a text is drawn on: the commonest colour in its region where its letters leave no ink."""
        crop = self.image.crop(self.region(mark))
        r = fonts.render(mark.text, mark.px, mark.bold)
        inked = r.mask.point([0] + [255] * 255)
        if r.colour is not None:  # an emoji's pixels are ink too
            inked = ImageChops.lighter(inked, r.colour.getchannel("A").point([0] + [255] * 255))
        crop.paste(_UNUSED, (PAPER, PAPER), inked)
        colours = [(n, rgb) for n, rgb in crop.getcolors(crop.width * crop.height) or () if rgb != _UNUSED]
        assert colours, f"{mark.text!r} leaves no paper in its region"
        return max(colours)[1]

    def shows(self, mark: TextMark) -> bool:
        """Whether the pixels where `mark` says a text went are that text, in its colour, on a plain background."""
        box = self.region(mark)
        crop = self.image.crop(box)
        expected = Image.new("RGB", crop.size, self.background(mark))
        r = fonts.render(mark.text, mark.px, mark.bold)
        mask = r.mask
        expected.paste(COLOURS[mark.colour], (PAPER, PAPER, PAPER + mask.width, PAPER + mask.height), mask)
        if r.colour is None:
            return ImageChops.difference(ImageOps.posterize(expected, 6), crop).getbbox() is None
        # Emoji in their own colours: a picture of more colours than a palette holds is saved
        # through Pillow's quantizer (see `Canvas.png`), so each pixel is only close to the drawn one.
        expected.paste(r.colour.convert("RGB"), (PAPER, PAPER), r.colour.getchannel("A"))
        return max(hi for _, hi in ImageChops.difference(ImageOps.posterize(expected, 6), crop).getextrema()) < 64

    def ink(self, mark: TextMark) -> Image.Image:
        """How much of the text's colour each pixel of its region holds (0-255), read from the pixels."""
        box = self.region(mark)
        crop = self.image.crop(box)
        bg = self.background(mark)
        fg = COLOURS[mark.colour]
        k = max(range(3), key=lambda i: abs(fg[i] - bg[i]))  # the channel where ink and paper differ most
        span = fg[k] - bg[k]
        channel = crop.getchannel(k)
        return channel.point([max(0, min(255, round((v - bg[k]) * 255 / span))) for v in range(256)])
