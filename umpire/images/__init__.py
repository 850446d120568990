"""Pictures a host can paste: boards, tables and cards as PNG bytes.

Every painter is pure: it takes a plain picture value and lays out a canvas, saved as the bytes of
a PNG. A picture is laid out 400 units wide (Discord's preview width) and drawn with Pillow at
`SCALE` (2) pixels a unit, 800 pixels, so that it stays sharp where a phone enlarges it:
anti-aliased shapes, text in the bundled fonts (DejaVu Sans, and Umpire Hangul for Korean) and,
for the scripts they lack (Arabic, CJK, emoji...), the system's (see `umpire.images.faces`), saved
as a palette PNG. The same value gives the same pixels on any machine with the same Pillow where
its texts need only the bundled fonts; nothing reads the clock. A name no font has a letter of is
drawn as boxes with its seat's label (see `umpire.images.seats`).

This package holds what more than one game draws with: the canvas, shapes, text and fonts, the
layout, rows of small cards, the hap pieces (blocks and stars) with the picture of a hap check, and
the table of standings every game posts. A game's own pictures (its board, its table of cards) are
in its `drawing` module, whose values register their painter with `painter`; `draw` and `render`
draw any value whose painter is registered.

Colour is never the only cue: a block's colour also shows as its letter (R, Y, B), a star's
as a letter in its square's corner (Y, B, W), a card's as the letter of its name (R5, G5, B5)
and its suit mark (♥ red, ♣ green, ♦ blue: red and green look alike with red-green colour
blindness, and a shape shows at a glance), a hap check's verdict as ✓ or ✗. A test simulates
protanopia and deuteranopia for every pair of colours that carries meaning.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from umpire.images import haps, tables  # noqa: F401 - importing them registers the shared painters
from umpire.images.canvas import Canvas
from umpire.images.model import (
    Block,
    HapCheck,
    Piece,
    Standings,
    Star,
    block_from_code,
    piece_from_words,
    star_from_code,
)
from umpire.images.painters import painter, painter_of
from umpire.images.text import DEFAULT_SCALE
from umpire.images.text import SCALE as _SCALE

__all__ = [
    "SCALE",
    "Block",
    "Canvas",
    "Drawable",
    "HapCheck",
    "Piece",
    "Standings",
    "Star",
    "block_from_code",
    "draw",
    "draw_hap_check",
    "draw_standings",
    "painter",
    "piece_from_words",
    "render",
    "star_from_code",
]


class Drawable(Protocol):
    """A picture value: a dataclass, drawn by the painter registered for its type (see `painter`)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


SCALE = DEFAULT_SCALE  # pixels per layout unit: 800 pixels across


def render(data: Drawable, *, scale: int = SCALE) -> Canvas:
    """The canvas of any picture value, drawn by the painter registered for its type, at `scale`
    pixels a unit (1 draws the same picture 400 pixels across); the canvas keeps where each text went."""
    paint = painter_of(type(data))
    if paint is None:
        raise TypeError(f"no image for {type(data).__name__}")
    if scale not in (1, 2, 3, 4):
        raise ValueError(f"scale {scale}: expected 1, 2, 3 or 4 pixels a unit")
    token = _SCALE.set(scale)
    try:
        return paint(data)
    finally:
        _SCALE.reset(token)


def draw(data: Drawable, *, scale: int = SCALE) -> bytes:
    """The PNG of any picture value, drawn by the painter registered for its type."""
    return render(data, scale=scale).png()


def draw_hap_check(check: HapCheck) -> bytes:
    """Three pieces and the verdict (a hap or not, and why) as PNG bytes."""
    return draw(check)


def draw_standings(table: Standings) -> bytes:
    """A table as PNG bytes."""
    return draw(table)
