"""The game's pictures as the page carries them: data URIs, small enough that a whole match fits in 1 MB.

Each picture is drawn as the game draws it for chat (800 pixels across, laid out in 400 units)
and stored at its layout width, 400 pixels, as a palette PNG of at most 32 colours: as wide as
a phone shows it, and about a quarter of the bytes. When a match has more pictures than the
page's budget allows, every k-th one is kept, counting back from the last (the final board or
table is always kept), with the smallest k that fits; a post whose picture is left out keeps its
text, which shows the same board in letters.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from dataclasses import dataclass

WIDTH = 400  # pixels: the pictures' layout width, and a phone's
COLOURS = 32


@dataclass(frozen=True, kw_only=True)
class Picture:
    """A picture ready for the page: its data URI and size."""

    uri: str
    width: int
    height: int

    @property
    def size(self) -> int:
        """Bytes it adds to the page."""
        return len(self.uri)


def shrink(png: bytes) -> Picture:
    """A game's PNG at the page's width, as a palette PNG data URI (a narrower picture keeps its width)."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as source:
        image = source.convert("RGB")
    if image.width > WIDTH:
        image = image.resize((WIDTH, max(1, round(image.height * WIDTH / image.width))), Image.Resampling.LANCZOS)
    small = image.quantize(colors=COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    small.save(out, "PNG", optimize=True)
    return Picture(uri="data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii"), width=image.width, height=image.height)


def keep(sizes: Sequence[int], budget: int) -> set[int]:
    """Which pictures (by index) the page keeps: every k-th counting back from the last, for the smallest k that fits.

    >>> sorted(keep([10, 10, 10, 10, 10], 50)), sorted(keep([10, 10, 10, 10, 10], 30)), sorted(keep([10, 10, 10, 10, 10], 9))
    ([0, 1, 2, 3, 4], [0, 2, 4], [])
    """
    count = len(sizes)
    for step in range(1, count + 1):
        chosen = set(range(count - 1, -1, -step))
        if sum(sizes[i] for i in chosen) <= budget:
            return chosen
    return set()
